"""The main window: the campaign as it stands, its history, undo/redo, and the assist panels."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QTabWidget, QWidget

from campaign_manager.assist.registry import MODULES
from campaign_manager.engine.actions import Place, Redeploy
from campaign_manager.errors import UserError
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui import settings
from campaign_manager.ui.battle import install_battle_actions
from campaign_manager.ui.campaign_view import CampaignView
from campaign_manager.ui.file_menu import FileMenu
from campaign_manager.ui.help_menu import install_help_actions
from campaign_manager.ui.record_menu import TurnMenu
from campaign_manager.ui.report_actions import install_report_actions
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.storage_actions import install_storage_actions
from campaign_manager.ui.wargame import install_wargame_actions
from campaign_manager.ui.wargame.computer import ComputerSide


class MainWindow(QMainWindow):
    """Holds one open campaign; file choosers are passed in so tests need no dialogs."""

    def __init__(self, campaign_path: Path | None = None, remember: bool = True, **choosers) -> None:
        """`choosers` (choose_open, choose_new, choose_actions, choose_scenario) replace the file
        dialogs, for tests; `remember=False` leaves the recent-campaigns list alone."""
        super().__init__()
        self.remember = remember
        self._choosers = choosers
        self.session = CampaignSession(self)
        self.session.changed.connect(self.refresh)
        self.session.message.connect(self._say)
        self.menus: dict[str, QMenu] = {}  # "file", "edit", "turn", "assist", "help": for features to extend
        self.setWindowTitle("Firestorm Campaign Manager")
        self.resize(1200, 760)
        self.tabs = QTabWidget(self)
        self.tabs.setTabsClosable(True)
        self.tabs.tabCloseRequested.connect(self._close_tab)
        self.tabs.setTabBarAutoHide(True)  # a lone "Campaign" tab says nothing; assist panels bring the bar
        self.setCentralWidget(self.tabs)
        self.view = CampaignView(self.session, self)
        self.map_view = self.view.map_view
        self.map_view.troopDropped.connect(self.move_troop)
        self.map_view.moveRefused.connect(self.report)  # told like any refused move: a box, and the status bar
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
        self.file_menu = FileMenu(self, **{k: v for k, v in self._choosers.items() if k != "choose_wargame"})
        self.import_action = self.file_menu.import_action
        edit_menu = self.menus["edit"] = bar.addMenu("&Edit")
        self.undo_action = self._action(edit_menu, "&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(edit_menu, "&Redo", self.redo, QKeySequence.StandardKey.Redo)
        self.turn_menu = TurnMenu(self)
        self.battle_menu = install_battle_actions(self)
        self.report_actions = install_report_actions(self)
        self.wargame_actions = install_wargame_actions(self)
        self.computer = ComputerSide(self.session, self)
        self.storage_actions = install_storage_actions(self)
        assist_menu = self.menus["assist"] = bar.addMenu("&Assist")
        self.assist_actions = {}
        for module in MODULES:
            self.assist_actions[module.code] = self._action(
                assist_menu, module.title, lambda _=False, code=module.code: self.open_assist(code)
            )
        help_menu = self.menus["help"] = bar.addMenu("&Help")
        self._action(help_menu, "About the &map", self.show_map_notice)
        self.help_actions = install_help_actions(self)

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
        if self.remember:
            settings.remember_campaign(path)
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def new_campaign(self) -> None:
        self.file_menu.new_campaign()

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

    def _say(self, words: str) -> None:
        """What an action did, in the status bar for a while; the whole of it on hover there (a
        long sentence is cut at the window's edge), and always in the Log tab."""
        self.statusBar().showMessage(words, 8000)
        self.statusBar().setToolTip(words)

    def report(self, message: str) -> None:
        """Tell the user what went wrong, without blocking (tests read the status bar)."""
        self.statusBar().showMessage(message)
        self.statusBar().setToolTip(message)
        box = QMessageBox(
            QMessageBox.Icon.Warning, "Firestorm Campaign Manager", message, QMessageBox.StandardButton.Ok, self
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # -- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Menus and title follow the session (the map and panels redraw themselves)."""
        has = self.session.is_open
        self.undo_action.setEnabled(self.session.can_undo())
        last = self.session.last_action_title() if self.session.can_undo() else None
        self.undo_action.setText(f"&Undo {last}" if last else "&Undo")
        self.undo_action.setIconText("Undo")  # its name in the list of shortcuts
        self.redo_action.setEnabled(self.session.can_redo())
        self.file_menu.set_enabled(has)
        self.turn_menu.set_enabled(has)
        title = "Firestorm Campaign Manager"
        if has:
            read_only = " (read-only)" if self.session.read_only else ""
            title = f"{self.session.name} — {self.session.path.name}{read_only} — {title}"
        self.setWindowTitle(title)
        self.storage_actions.refresh()

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
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "About the map",
            notice or "No campaign is open.",
            QMessageBox.StandardButton.Ok,
            self,
        )
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
        try:
            changed = self.session.reload_if_changed()
        except UserError as exc:  # the file is busy, or its medium has gone: say so, keep what is shown
            self.statusBar().showMessage(str(exc))
            return
        if changed:
            self.statusBar().showMessage(
                "The campaign file was changed by another program: it has been read again", 8000
            )

    def closeEvent(self, event) -> None:
        for panel in self.assist_tabs.values():
            panel.close()
        self.session.close()
        super().closeEvent(event)
