"""The wheel is the whole app: built from the tree, installed (not editable) into a fresh virtual
environment at the tested versions, it runs from a folder outside the checkout with an empty
home folder: the scenario, the assist tables, the report fonts and the window's forms are all
inside it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests.shared import FULL_CAMPAIGN, ROOT

pytestmark = pytest.mark.slow


def source_copy(target: Path) -> Path:
    """The checkout's files as they are now (committed or not, never those git ignores), so the
    wheel cannot pick up anything a former build left behind."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, (entry.decode() for entry in listed)):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def bundled_data() -> set[str]:
    """Every data file the app ships, by its name inside the package."""
    found = set()
    for folder, package in (("resources", "resources"), ("forms", "forms")):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.add(f"campaign_manager/{package}/{path.relative_to(ROOT / folder).as_posix()}")
    return found


def test_the_wheel_installs_and_runs_outside_the_checkout(tmp_path):
    source = source_copy(tmp_path / "source")
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q", "-w", wheels, source],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("firestorm_campaign_manager-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    data = bundled_data()
    assert len(data) >= 30  # 1 scenario, 5 tables, 2 fonts and their licence, the icon at 8 sizes, 18 forms
    assert data <= names, sorted(data - names)
    assert any(name.endswith("licenses/LICENSE") for name in names)
    # the desktop's files (for --install-desktop) and the standard licence texts Qt's packages lack
    desktop = {f"campaign_manager/resources/linux/{path.name}" for path in (ROOT / "installer" / "linux").iterdir()}
    assert desktop <= names, sorted(desktop - names)
    assert "campaign_manager/licences/texts/LGPL-3.0.txt" in names
    assert "campaign_manager/locale/de/LC_MESSAGES/campaign_manager.mo" in names  # the German translation

    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / "bin" / "python"
    constraints = ROOT / "installer" / "constraints.txt"
    installed = subprocess.run(
        [python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-c", constraints, wheel],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr

    home, work = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    work.mkdir()
    env = {"HOME": str(home), "PATH": f"{environment / 'bin'}:/usr/bin:/bin", "LANG": "C.UTF-8"}

    def app(*args, program: str = "campaign-manager") -> subprocess.CompletedProcess:
        done = subprocess.run(
            [environment / "bin" / program, *map(str, args)], capture_output=True, text=True, env=env, cwd=work
        )
        assert "Traceback" not in done.stderr, done.stderr
        return done

    where = subprocess.run(
        [python, "-c", "import campaign_manager.paths as p; print(p.RESOURCES, p.FORMS)"],
        capture_output=True, text=True, env=env, cwd=work,
    ).stdout.split()  # fmt: skip
    assert all(Path(folder).is_relative_to(environment) for folder in where), where
    forms = subprocess.run(
        [python, "-c", "from PySide6.QtWidgets import QApplication; app = QApplication([]);"
         "from campaign_manager.paths import FORMS; from campaign_manager.ui.forms import load_form;"
         "print(len([load_form(path.stem) for path in FORMS.glob('*.ui')]))"],
        capture_output=True, text=True, env={**env, "QT_QPA_PLATFORM": "offscreen"}, cwd=work,
    )  # fmt: skip
    assert forms.returncode == 0 and int(forms.stdout) == len(list((ROOT / "forms").glob("*.ui"))), forms.stderr

    version = app("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"campaign-manager {wheel.name.split('-')[1]}"
    assert app("new", "greece.campaign").returncode == 0
    shown = app("show", "greece.campaign", "--json")
    assert shown.returncode == 0 and len(json.loads(shown.stdout)["areas"]) == 17
    (work / "turn1.json").write_text(json.dumps(FULL_CAMPAIGN["turn 1"]))
    assert app("apply", "greece.campaign", "turn1.json").returncode == 0
    report = app("report", "greece.campaign", "-o", "x.pdf")
    assert report.returncode == 0, report.stderr
    assert (work / "x.pdf").read_bytes().startswith(b"%PDF")
    helped = app("assist", "opa", "--help")
    assert helped.returncode == 0 and "usage: campaign-manager assist opa" in helped.stdout
    conflict = app("assist", "gcw", "conflict", "--attacker", "9", "--defender", "3", "--table", "open", "--die", "4")
    assert conflict.returncode == 0 and "column 3:1" in conflict.stdout, conflict.stderr
    for argv in (["open", "greece.campaign"], ["greece.campaign"]):
        picture = work / f"window-{len(argv)}.png"
        shot = app(*argv, "--screenshot", picture)
        assert shot.returncode == 0, shot.stderr
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 50_000
    assert os.access(environment / "bin" / "campaign-manager-window", os.X_OK)  # the gui-script

    # The licences of everything installed with it, with their full texts (each library's own
    # package ships them; Qt's lack them and get the standard texts the wheel carries).
    notices = subprocess.run(
        [python, "-m", "campaign_manager.licences", "--write", work / "notices"],
        capture_output=True, text=True, env=env, cwd=work,
    )  # fmt: skip
    assert notices.returncode == 0, notices.stderr
    written = (work / "notices" / "THIRD-PARTY-NOTICES.txt").read_text()
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in written and "ReportLab Inc." in written
    assert "PySide6" in written and "pytest" not in written

    # The README's recipe: the menu entry names the installed window program, which runs.
    menu = app("--install-desktop")
    assert menu.returncode == 0, menu.stderr
    entry = (home / ".local" / "share" / "applications" / "campaign-manager.desktop").read_text()
    assert f"Exec={environment / 'bin' / 'campaign-manager-window'} %f" in entry
    window_version = subprocess.run(
        [environment / "bin" / "campaign-manager-window", "--version"], capture_output=True, text=True, env=env
    )
    assert window_version.stdout.startswith("campaign-manager-window "), window_version.stderr
    assert app("--uninstall-desktop").returncode == 0
    assert not (home / ".local" / "share" / "applications").exists()
