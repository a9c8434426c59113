"""The Qt-free core must import and run with Qt and reportlab blocked."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tests.shared import ROOT

CORE = [
    "campaign_manager.dice",
    "campaign_manager.scenario",
    "campaign_manager.engine",
    "campaign_manager.store.logfile",
    "campaign_manager.cli",
    "campaign_manager.assist.registry",
    "campaign_manager.datamodel",
    "campaign_manager.licences",
    "campaign_manager.licences.notices",
    "campaign_manager.licences.debian",
    "campaign_manager.desktop_integration",
]


def test_core_imports_with_qt_and_reportlab_blocked():
    script = textwrap.dedent(f"""
        import importlib, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split('.')[0] in ('PySide6', 'reportlab', 'shiboken6'):
                    raise ImportError('blocked: ' + name)
        sys.meta_path.insert(0, Block())
        for name in {CORE!r}:
            importlib.import_module(name)
        import pkgutil, campaign_manager.engine, campaign_manager.scenario, campaign_manager.store
        import campaign_manager.assist, campaign_manager.cli
        for pkg in (campaign_manager.engine, campaign_manager.scenario, campaign_manager.store,
                    campaign_manager.assist, campaign_manager.cli):
            for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):
                importlib.import_module(info.name)
        print('ok')
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_reports_import_with_qt_blocked():
    script = textwrap.dedent("""
        import importlib, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split('.')[0] in ('PySide6', 'shiboken6'):
                    raise ImportError('blocked: ' + name)
        sys.meta_path.insert(0, Block())
        import pkgutil, campaign_manager.reports
        for info in pkgutil.walk_packages(campaign_manager.reports.__path__, 'campaign_manager.reports.'):
            importlib.import_module(info.name)
        print('ok')
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_import_linter_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    assert lint.exists(), "import-linter is part of the test extras"
    done = subprocess.run([str(lint), "--no-cache"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout, done.stdout
