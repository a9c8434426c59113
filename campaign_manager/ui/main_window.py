"""The main window: the campaign as it stands, its history, undo/redo, and the assist panels."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox, QTabWidget, QWidget

from campaign_manager.assist.registry import MODULES
from campaign_manager.errors import UserError
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui import settings
from campaign_manager.engine.actions import Place, Redeploy
from campaign_manager.ui.battle import install_battle_actions
from campaign_manager.ui.campaign_view import CampaignView
from campaign_manager.ui.record_menu import TurnMenu
from campaign_manager.ui.session import CampaignSession

FileChooser = Callable[[QWidget, str], "Path | None"]
CAMPAIGN_FILTER = "Campaign files (*.campaign);;All files (*)"


def ask_open(parent: QWidget, title: str) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(parent, title, "", CAMPAIGN_FILTER)
    return Path(name) if name else None


def ask_save(parent: QWidget, title: str) -> Path | None:
    name, _ = QFileDialog.getSaveFileName(parent, title, "new.campaign", CAMPAIGN_FILTER)
    return Path(name) if name else None


def ask_actions(parent: QWidget, title: str) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(parent, title, "", "Action lists (*.json);;All files (*)")
    return Path(name) if name else None


class MainWindow(QMainWindow):
    """Holds one open campaign; file choosers are passed in so tests need no dialogs."""

    def __init__(self, campaign_path: Path | None = None, choose_open: FileChooser = ask_open,
                 choose_new: FileChooser = ask_save, choose_actions: FileChooser = ask_actions) -> None:
        super().__init__()
        self.choose_open, self.choose_new, self.choose_actions = choose_open, choose_new, choose_actions
        self.session = CampaignSession(self)
        self.session.changed.connect(self.refresh)
        self.session.message.connect(lambda words: self.statusBar().showMessage(words, 8000))
        self.menus: dict[str, QMenu] = {}  # "file", "edit", "turn", "assist", "help": for features to extend
        self.setWindowTitle("Firestorm Campaign Manager")
        self.resize(1200, 760)
        self.tabs = QTabWidget(self)
        self.tabs.setTabsClosable(True)
        self.tabs.tabCloseRequested.connect(self._close_tab)
        self.setCentralWidget(self.tabs)
        self.view = CampaignView(self.session, self)
        self.map_view = self.view.map_view
        self.map_view.troopDropped.connect(self.move_troop)
        self.history = self.view.log.lines  # every recorded action in words
        self.tabs.addTab(self.view, "Campaign")
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.assist_tabs: dict[str, QWidget] = {}
        self._build_menus()
        if campaign_path is not None:
            self.open_campaign(campaign_path)
        self.refresh()

    # -- menus ------------------------------------------------------------------------------

    def _action(self, menu, text: str, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = self.menus["file"] = bar.addMenu("&File")
        self._action(file_menu, "&New campaign…", self.new_campaign, QKeySequence.StandardKey.New)
        self._action(file_menu, "&Open campaign…", self.ask_and_open, QKeySequence.StandardKey.Open)
        self.import_action = self._action(file_menu, "&Record actions from a file…", self.apply_actions_file,
                                          "Ctrl+I")
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit_menu = self.menus["edit"] = bar.addMenu("&Edit")
        self.undo_action = self._action(edit_menu, "&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(edit_menu, "&Redo", self.redo, QKeySequence.StandardKey.Redo)
        self.turn_menu = TurnMenu(self)
        self.battle_menu = install_battle_actions(self)
        assist_menu = self.menus["assist"] = bar.addMenu("&Assist")
        self.assist_actions = {}
        for module in MODULES:
            self.assist_actions[module.code] = self._action(
                assist_menu, module.title, lambda _=False, code=module.code: self.open_assist(code))
        help_menu = self.menus["help"] = bar.addMenu("&Help")
        self._action(help_menu, "About the &map", self.show_map_notice)

    # -- campaign ---------------------------------------------------------------------------

    @property
    def campaign(self) -> CampaignFile | None:
        """The open campaign file (owned by the session)."""
        return self.session.campaign

    def open_campaign(self, path: Path) -> bool:
        try:
            self.session.open(path)
        except UserError as exc:
            self.report(f"Could not open the campaign: {exc}")
            return False
        settings.write(settings.LAST_CAMPAIGN, str(path))
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def ask_and_open(self) -> None:
        path = self.choose_open(self, "Open a campaign")
        if path is not None:
            self.open_campaign(path)

    def new_campaign(self) -> None:
        path = self.choose_new(self, "Create a new Firestorm: Greece campaign")
        if path is None:
            return
        try:
            self.session.create(path)
        except UserError as exc:
            self.report(f"Could not create the campaign: {exc}")
            return
        settings.write(settings.LAST_CAMPAIGN, str(path))

    def apply_actions_file(self) -> None:
        if self.campaign is None:
            return
        path = self.choose_actions(self, "Record actions from a JSON file")
        if path is None:
            return
        from campaign_manager.store.action_files import read_actions
        from campaign_manager.dice import RandomRoller

        try:
            done = self.session.record(read_actions(str(path)), RandomRoller())
        except UserError as exc:
            self.report(str(exc))
            return
        self.statusBar().showMessage(f"Recorded {len(done)} action(s) from {path.name}", 5000)

    def undo(self) -> None:
        self._step_back_or_forth(self.session.undo)

    def redo(self) -> None:
        self._step_back_or_forth(self.session.redo)

    def _step_back_or_forth(self, step) -> None:
        if self.campaign is None:
            return
        try:
            step()
        except UserError as exc:
            self.report(str(exc))

    def report(self, message: str) -> None:
        """Tell the user what went wrong, without blocking (tests read the status bar)."""
        self.statusBar().showMessage(message)
        box = QMessageBox(QMessageBox.Icon.Warning, "Firestorm Campaign Manager", message,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # -- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Menus and title follow the session (the map and panels redraw themselves)."""
        has = self.session.is_open
        self.undo_action.setEnabled(self.session.can_undo())
        self.redo_action.setEnabled(self.session.can_redo())
        self.import_action.setEnabled(has)
        self.turn_menu.set_enabled(has)
        title = "Firestorm Campaign Manager"
        if has:
            title = f"{self.session.name} — {self.session.path.name} — {title}"
        self.setWindowTitle(title)

    def move_troop(self, troop: str, area: str) -> None:
        """A troop dropped on an area (or chosen from its menu): place it if it waits to be
        placed, else redeploy it. The engine decides; a refusal is shown and nothing recorded."""
        if not self.session.is_open:
            return
        action = Place(troop, area) if troop in self.session.state.waiting_zone else Redeploy(troop, area)
        problem = self.session.try_record([action])
        if problem:
            self.report(problem)

    def show_map_notice(self) -> None:
        notice = self.campaign.scenario.notice if self.campaign else ""
        box = QMessageBox(QMessageBox.Icon.Information, "About the map",
                          notice or "No campaign is open.", QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # -- assist panels -------------------------------------------------------------------------

    def open_assist(self, code: str) -> QWidget:
        from campaign_manager.ui.assist import make_panel

        panel = self.assist_tabs.get(code)
        if panel is None:
            panel = make_panel(code, self)
            self.assist_tabs[code] = panel
            title = next(m.title for m in MODULES if m.code == code)
            self.tabs.addTab(panel, title)
        self.tabs.setCurrentWidget(panel)
        return panel

    def _close_tab(self, index: int) -> None:
        widget = self.tabs.widget(index)
        for code, panel in list(self.assist_tabs.items()):
            if panel is widget:
                del self.assist_tabs[code]
                self.tabs.removeTab(index)
                widget.close()
                widget.deleteLater()

    def changeEvent(self, event) -> None:
        """Coming back to the window: show what another program wrote to the file meanwhile."""
        super().changeEvent(event)
        if event.type() == event.Type.ActivationChange and self.isActiveWindow():
            self.check_for_outside_changes()

    def check_for_outside_changes(self) -> None:
        if self.session.reload_if_changed():
            self.statusBar().showMessage("The campaign file was changed by another program: it has been read again",
                                         8000)

    def closeEvent(self, event) -> None:
        for panel in self.assist_tabs.values():
            panel.close()
        self.session.close()
        super().closeEvent(event)

