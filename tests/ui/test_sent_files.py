"""A file the desktop sends the running app (QFileOpenEvent: what macOS's Finder does on a
double-click) opens in its window, in the app as run_app starts it, also over the welcome page of
a first start; a file that cannot be opened is said in the window."""

from __future__ import annotations

import faulthandler
import sys

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.main_window import MainWindow
from campaign_manager.ui.sent_files import SentFiles
from campaign_manager.ui.welcome import WelcomePage


def test_the_app_opens_a_file_sent_to_it_over_the_first_start_s_welcome_page(tmp_path, qapp):
    from campaign_manager.ui.app import run_app

    path = tmp_path / "double-clicked.campaign"
    CampaignFile.create(path, name="Sent by Finder").close()
    seen: dict[str, object] = {}

    def send_then_look() -> None:
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        seen["welcome before"] = window.welcome is not None and window.welcome.isVisible()
        seen["taken"] = QCoreApplication.sendEvent(qapp, QFileOpenEvent(str(path)))
        seen["open"] = window.session.path
        seen["welcome after"] = any(
            isinstance(w, WelcomePage) and w.isVisible() for w in QApplication.topLevelWidgets()
        )
        for widget in QApplication.topLevelWidgets():
            widget.close()
        qapp.quit()

    try:
        QTimer.singleShot(300, send_then_look)
        assert run_app([]) == 0  # a first start with no file named: the welcome page shows
    finally:
        faulthandler.enable(sys.__stderr__)  # pytest's own, which the app's start replaced
    assert seen == {"welcome before": True, "taken": True, "open": path, "welcome after": False}


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
