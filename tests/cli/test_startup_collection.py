"""Start-up runs without the garbage collector (campaign_manager/startup.py): it must be back on
before any command does its work, and after the program is done, whatever happened."""

from __future__ import annotations

import gc

import pytest

from campaign_manager import launcher, startup
from tests.shared import FULL_CAMPAIGN


@pytest.fixture
def collector():
    yield
    gc.enable()
    gc.unfreeze()  # what the launcher froze belongs to this test process: give it back


def test_a_command_runs_with_the_collector_on(collector, monkeypatch, capsys):
    seen = []
    monkeypatch.setattr(startup, "starting", lambda: (seen.append(("starting", gc.isenabled())), gc.disable()))
    from campaign_manager.cli import scenario_commands

    real = scenario_commands.register

    def register(commands):
        real(commands)
        parser = commands.choices["scenario"]
        list_parser = parser._subparsers._group_actions[0].choices["list"]  # noqa: SLF001
        run = list_parser.get_default("run")
        list_parser.set_defaults(run=lambda args: (seen.append(("running", gc.isenabled())), run(args))[1])

    monkeypatch.setattr(scenario_commands, "register", register)
    assert launcher.main(["scenario", "list"]) == 0
    assert ("running", True) in seen  # the command itself ran with collection on
    assert gc.isenabled()
    assert "firestorm-greece" in capsys.readouterr().out


def test_the_collector_is_back_on_after_a_refused_command(collector, capsys):
    with pytest.raises(SystemExit):
        launcher.main(["show", "--no-such-option"])  # refused by the parser
    assert gc.isenabled()
    gc.disable()
    assert launcher.main(["no-such-command"]) == 2  # neither a command nor a file
    assert gc.isenabled()


def test_a_command_loads_what_it_works_with_before_start_up_is_over(collector, monkeypatch, tmp_path, capsys):
    """`report` names a load step: its modules load with the collector off, then are frozen
    with the rest of start-up, and the PDF is still made with the collector on."""
    from campaign_manager.cli import report_commands
    from campaign_manager.reports import render
    from campaign_manager.store.campaign_file import CampaignFile

    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"]))
    seen = []
    real_load, real_settled, real_render = report_commands.load_report, startup.settled, render.render_pdf
    monkeypatch.setattr(report_commands, "load_report", lambda: (seen.append(("load", gc.isenabled())), real_load()))
    monkeypatch.setattr(startup, "settled", lambda: (seen.append(("settled", gc.isenabled())), real_settled()))
    monkeypatch.setattr(
        render, "render_pdf", lambda *args: (seen.append(("render", gc.isenabled())), real_render(*args))[1]
    )
    assert launcher.main(["report", str(path), "-o", str(tmp_path / "r.pdf")]) == 0
    assert seen[:3] == [("load", False), ("settled", False), ("render", True)]
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")
    assert "Wrote" in capsys.readouterr().out


def test_settled_freezes_what_start_up_made_and_is_safe_twice(collector):
    startup.starting()
    assert not gc.isenabled()
    startup.settled()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    startup.settled()
    assert gc.isenabled()


WINDOW = """
import gc, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
def shown():
    print("collector on:", gc.isenabled())
    QApplication.quit()
real = QApplication.exec
def exec_():  # the app's own event loop, stopped once it has started
    QTimer.singleShot(200, shown)
    return real()
QApplication.exec = lambda self=None: exec_()
from campaign_manager import launcher
sys.exit(launcher.main(["open", sys.argv[1]]))
"""


def test_the_window_turns_the_collector_back_on_once_it_is_up(tmp_path):
    import os
    import subprocess
    import sys

    from campaign_manager.store.campaign_file import CampaignFile

    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Shop night").close()
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path),
        QT_LOGGING_RULES="qt.qpa.*=false",
    )
    done = subprocess.run(
        [sys.executable, "-c", WINDOW, str(path)], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "collector on: True" in done.stdout
