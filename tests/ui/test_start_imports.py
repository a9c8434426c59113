"""Opening the window loads only what its first screen shows: the printing, the reports' pages,
the editor, the What if, the battle wizard, the computer opponent and the Help boxes are loaded
when their menu is first used (benchmarks/bench_window.py measures the start)."""

from __future__ import annotations

import os
import subprocess
import sys

from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import ROOT

LOADED_LATER = (
    "reportlab",
    "campaign_manager.reports.render",
    "campaign_manager.reports.data",
    "campaign_manager.ui.printing",
    "campaign_manager.ui.editor",
    "campaign_manager.engine.whatif",
    "campaign_manager.ui.wargame.whatif_dialog",
    "campaign_manager.ui.battle.wizard",
    "campaign_manager.engine.driver",
    "campaign_manager.engine.players",
    "campaign_manager.ui.about_dialog",
    "campaign_manager.licences",
    "campaign_manager.ui.rules_view",
)


def test_opening_a_campaign_in_the_window_loads_none_of_the_later_menus(tmp_path):
    path = tmp_path / "start.campaign"
    CampaignFile.create(path, name="Start").close()
    probe = (
        "import sys\n"
        "from campaign_manager.ui.app import screenshot_app\n"
        "assert screenshot_app(sys.argv[1], sys.argv[2]) == 0\n"
        f"later = {LOADED_LATER!r}\n"
        "print('LOADED', sorted(m for m in sys.modules if any(m == n or m.startswith(n + '.') for n in later)))\n"
        "print('SHOWN', 'campaign_manager.ui.main_window' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(path), str(tmp_path / "start.png")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    assert done.returncode == 0, done.stderr
    assert "SHOWN True" in done.stdout, "the probe opened the main window"
    assert "LOADED []" in done.stdout, done.stdout
