"""Files the desktop sends the running app. On macOS a double-click on a `.campaign` file in
Finder (or one dropped on the app's Dock icon) reaches the app as a QFileOpenEvent sent to the
QApplication, not as a word on its command line, also when that double-click started it: the
file opens in the window as a dropped one does, and the welcome page, if it is up, gives way."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent

if TYPE_CHECKING:
    from campaign_manager.ui.main_window import MainWindow


class SentFiles(QObject):
    """An event filter for the QApplication that opens each file sent to it in `window`."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            self.open(event.file() or event.url().toLocalFile())
            return True
        return super().eventFilter(watched, event)

    def open(self, name: str) -> bool:
        """Open the file `name` in the window (a file that cannot be opened is said there)."""
        if not name:
            return False
        opened = self.window.open_campaign(Path(name))
        if opened and self.window.welcome is not None and self.window.welcome.isVisible():
            self.window.welcome.close()  # the file sent is the answer to "what first?"
        return opened  # the desktop brings the app to the front itself
