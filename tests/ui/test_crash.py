"""Something going wrong inside the app: the box with the details to copy, and the log file."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtCore import QUrl, qCritical
from PySide6.QtGui import QGuiApplication

from campaign_manager.ui import crash, help_menu
from campaign_manager.ui.actions import MenuAction


@pytest.fixture
def reporter(tmp_path):
    """The crash reporter as the app installs it, logging under tmp_path; taken away afterwards."""
    opened: list[QUrl] = []
    log = crash.start_logging(tmp_path / "logs")
    watcher = crash.CrashReporter(open_url=opened.append)
    watcher.install()
    watcher.opened = opened
    watcher.log = log
    yield watcher
    watcher.uninstall()
    if watcher.dialog is not None:
        watcher.dialog.close()
    crash.stop_logging()


@pytest.mark.qt_no_exception_capture  # the app's own hook takes it, as when it runs for real
def test_an_exception_in_a_slot_shows_the_box_and_lands_in_the_log(open_window, reporter, qtbot, monkeypatch):
    window = open_window()

    def broken(session):
        raise RuntimeError("the about box broke")

    monkeypatch.setattr(help_menu, "about_text", broken)
    window.menu_actions[MenuAction.ABOUT].trigger()  # the real slot, HelpActions.show_about, raises

    qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible(), timeout=3000)
    box = reporter.dialog
    details = box.details.toPlainText()
    assert "RuntimeError: the about box broke" in details
    assert "show_about" in details  # the traceback, through the slot
    assert str(reporter.log) in box.message.text()  # where the log is
    assert "safe in the campaign file" in box.message.text()
    assert window.isVisible()  # the window carries on

    text = reporter.log.read_text(encoding="utf-8")
    assert "Unexpected error" in text and "RuntimeError: the about box broke" in text

    box.copy_button.click()
    assert QGuiApplication.clipboard().text() == details
    box.folder_button.click()
    assert reporter.opened == [QUrl.fromLocalFile(str(reporter.log.parent))]


@pytest.mark.qt_no_exception_capture
def test_a_second_failure_is_added_to_the_open_box(open_window, reporter, qtbot, monkeypatch):
    window = open_window()
    monkeypatch.setattr(help_menu, "about_text", lambda session: 1 / 0)
    window.menu_actions[MenuAction.ABOUT].trigger()
    qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible(), timeout=3000)
    first = reporter.dialog
    window.menu_actions[MenuAction.ABOUT].trigger()
    qtbot.waitUntil(lambda: first.details.toPlainText().count("ZeroDivisionError") == 2, timeout=3000)
    assert reporter.dialog is first


@pytest.mark.qt_log_ignore("the printer driver went away")
def test_a_critical_message_from_qt_shows_the_box_and_lands_in_the_log(reporter, qtbot):
    qCritical("the printer driver went away")
    qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible(), timeout=3000)
    assert "the printer driver went away" in reporter.dialog.details.toPlainText()
    assert "Qt: the printer driver went away" in reporter.log.read_text(encoding="utf-8")


def test_the_log_is_rotated(tmp_path, monkeypatch):
    monkeypatch.setattr(crash, "LOG_BYTES", 2000)
    log = crash.start_logging(tmp_path)
    try:
        for line in range(400):
            logging.getLogger("campaign_manager.test").info("line %d of a long evening", line)
    finally:
        crash.stop_logging()
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == [crash.LOG_NAME, *(f"{crash.LOG_NAME}.{n}" for n in range(1, crash.LOG_KEPT + 1))]
    assert log.stat().st_size <= 2000


def test_help_opens_the_log_folder(open_window, tmp_path):
    opened: list[QUrl] = []
    crash.start_logging(tmp_path / "logs")
    try:
        window = open_window()
        window.help_actions.open_url = opened.append
        window.menu_actions[MenuAction.OPEN_LOG_FOLDER].trigger()
    finally:
        crash.stop_logging()
    assert opened == [QUrl.fromLocalFile(str(tmp_path / "logs"))]
    assert str(tmp_path / "logs") in window.statusBar().currentMessage()


CRASHING_RUN = """
import faulthandler, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from campaign_manager.ui.app import run_app
app = QApplication([sys.argv[0]])
QTimer.singleShot(300, faulthandler._sigsegv)  # a segfault inside, once the window shows
sys.exit(run_app([sys.argv[1]]))
"""


NEXT_START = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from campaign_manager.ui import crash
from campaign_manager.ui.app import run_app
app = QApplication([sys.argv[0]])

def look_then_close():
    for box in [w for w in QApplication.topLevelWidgets() if isinstance(w, crash.CrashDialog) and w.isVisible()]:
        print("OFFERED:" + box.message.text() + "\\n" + box.details.toPlainText())
    for widget in QApplication.topLevelWidgets():
        widget.close()
    app.quit()

QTimer.singleShot(800, look_then_close)
sys.exit(run_app([sys.argv[1]]))
"""


def test_a_native_crash_is_logged_and_offered_on_the_next_start(tmp_path):
    """The app run for real in a program of its own, which dies of a segfault; the next start (a
    program of its own too: the app's start sets up the whole process) offers the crash box with
    faulthandler's dump, once."""
    import os
    import subprocess
    import sys

    from campaign_manager.store.campaign_file import CampaignFile
    from tests.shared import ROOT

    campaign = tmp_path / "shop.campaign"
    CampaignFile.create(campaign, name="Shop night").close()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_RUN, str(campaign)], cwd=ROOT, env=env, capture_output=True, timeout=120
    )
    assert done.returncode != 0, "the crashing run ended normally"
    logs = _log_folder_of(env)
    left = (logs / crash.NATIVE_LOG_NAME).read_text(encoding="utf-8")
    assert "Segmentation fault" in left and "run_app" in left, left  # the stack, down to the app's own start

    offered = []
    for _ in range(2):  # the next start offers it; the one after does not
        again = subprocess.run(
            [sys.executable, "-c", NEXT_START, str(campaign)], cwd=ROOT, env=env, capture_output=True, timeout=120
        )
        assert again.returncode == 0, again.stderr.decode()
        said = again.stdout.decode()
        offered += [part for part in said.split("OFFERED:")[1:]]
    assert len(offered) == 1, offered
    assert "stopped suddenly the last time it ran" in offered[0] and "Segmentation fault" in offered[0]
    assert "run_app" in offered[0]
    log_text = (logs / crash.LOG_NAME).read_text(encoding="utf-8")
    assert "The last run of the app ended with a crash" in log_text and "Segmentation fault" in log_text
    assert (logs / crash.NATIVE_LOG_NAME).read_text(encoding="utf-8") == ""


def _log_folder_of(env: dict[str, str]):
    """The log folder the app's runs with `env` write to (the same data folder as this test's)."""
    import subprocess
    import sys
    from pathlib import Path

    from tests.shared import ROOT

    found = subprocess.run(
        [sys.executable, "-c", "from campaign_manager.paths import log_folder; print(log_folder())"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return Path(found.stdout.strip())
