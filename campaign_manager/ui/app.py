"""Start the Qt application and open the main window."""

from __future__ import annotations

import sys


def run_app(argv: list[str]) -> int:
    from PySide6.QtWidgets import QApplication

    from campaign_manager.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("Firestorm Campaign Manager")
    window = MainWindow()
    window.show()
    return app.exec()
