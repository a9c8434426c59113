"""Help ▸ Keyboard shortcuts and Help ▸ About: what a new user asks first — which keys do
what, which version this is, and where the open campaign and the app's own files are kept."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from campaign_manager import __version__
from campaign_manager.paths import APPLICATION, app_data_folder
from campaign_manager.scenario.loader import user_scenarios

if TYPE_CHECKING:
    from campaign_manager.ui.main_window import MainWindow


def shortcuts(window: MainWindow) -> list[tuple[str, str, str]]:
    """(menu, action, keys) for every menu action that has a shortcut, read from the menus
    themselves, so the list never goes stale."""
    found = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if isinstance(menu, QMenu):
            found.extend(_walk(_plain(menu.title()), menu))
    return found


def _walk(path: str, menu: QMenu) -> list[tuple[str, str, str]]:
    found = []
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            found.extend(_walk(f"{path} ▸ {_plain(sub.title())}", sub))
        elif action.shortcuts():
            keys = " or ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
            found.append((path, _plain(action.iconText() or action.text()), keys))
    return found


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…")


def about_text(window: MainWindow) -> str:
    session = window.session
    where = (
        f"The open campaign: {session.path.resolve()}" if session.is_open and session.path else "No campaign is open."
    )
    return (
        f"{APPLICATION} {__version__}\n\n{where}\n\n"
        f"The app's own files (the campaign started with no file): {app_data_folder()}\n"
        f"Your scenario files: {user_scenarios()}\n\n"
        "Every action is written to the campaign file as it is made: there is nothing to save. "
        "The command line (campaign-manager --help) reads and records the same files."
    )


def shortcuts_html(window: MainWindow) -> str:
    rows = "".join(
        f"<tr><td style='padding-right:14px'><b>{escape(keys)}</b></td><td>{escape(menu)} ▸ {escape(name)}</td></tr>"
        for menu, name, keys in shortcuts(window)
    )
    return (
        f"<table>{rows}</table><p>On the map: scroll to zoom, drag the background to pan, "
        "<b>Ctrl+0</b> to fit it to the view; drag a counter onto an area, or right-click it.</p>"
    )


def install_help_actions(window: MainWindow) -> tuple[QAction, QAction]:
    menu = window.menus["help"]
    keys = window._action(
        menu, "&Keyboard shortcuts", lambda: _tell(window, "Keyboard shortcuts", shortcuts_html(window)), "F1"
    )
    about = window._action(
        menu, "&About Firestorm Campaign Manager", lambda: _tell(window, f"About {APPLICATION}", about_text(window))
    )
    return keys, about


def _tell(window: MainWindow, title: str, text: str) -> QMessageBox:
    box = QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, window)
    box.setObjectName("helpBox")
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
