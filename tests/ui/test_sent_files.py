"""A file the desktop sends the running app (QFileOpenEvent: what macOS's Finder does on a
double-click) opens in its window, in the app as run_app starts it, also over the welcome page of
a first start; a file that cannot be opened is said in the window."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFileOpenEvent

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.sent_files import SentFiles
from tests.shared import ROOT

SENDING_RUN = """
import sys
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication
from campaign_manager.ui.app import run_app
from campaign_manager.ui.main_window import MainWindow
from campaign_manager.ui.welcome import WelcomePage

app = QApplication([sys.argv[0]])

def send_then_look():
    window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
    print("welcome before:", window.welcome is not None and window.welcome.isVisible())
    print("taken:", QCoreApplication.sendEvent(app, QFileOpenEvent(sys.argv[1])))
    print("open:", window.session.path)
    print("welcome after:", any(isinstance(w, WelcomePage) and w.isVisible() for w in app.topLevelWidgets()))
    for widget in app.topLevelWidgets():
        widget.close()
    app.quit()

QTimer.singleShot(300, send_then_look)
sys.exit(run_app([]))  # a first start with no file named: the welcome page shows
"""


def test_the_app_opens_a_file_sent_to_it_over_the_first_start_s_welcome_page(tmp_path):
    """The app as it runs for real, in a program of its own (a first start: its own data folders)."""
    path = tmp_path / "double-clicked.campaign"
    CampaignFile.create(path, name="Sent by Finder").close()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path / "home")}
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = str(tmp_path / name.lower())
    done = subprocess.run(
        [sys.executable, "-c", SENDING_RUN, str(path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["welcome before: True", "taken: True", f"open: {path}", "welcome after: False"]


def test_a_file_that_cannot_be_opened_is_said_in_the_window(make_window, qapp, tmp_path):
    opened = tmp_path / "shop.campaign"
    CampaignFile.create(opened, name="Shop night").close()
    window = make_window(opened, remember=False)
    sent = SentFiles(window)
    qapp.installEventFilter(sent)
    said: list[str] = []
    window.report = said.append  # type: ignore[method-assign]
    try:
        (tmp_path / "notes.campaign").write_text("not a campaign")
        assert QCoreApplication.sendEvent(qapp, QFileOpenEvent(str(tmp_path / "notes.campaign")))
    finally:
        qapp.removeEventFilter(sent)
    assert window.session.path == opened  # still the campaign it had
    assert len(said) == 1 and said[0].startswith("Could not open the campaign: ") and "notes.campaign" in said[0]
