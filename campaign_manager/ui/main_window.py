"""The main window: the campaign as it stands, its history, undo/redo, and the assist panels."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QHeaderView, QMainWindow, QMenu, QMessageBox, QTabWidget, QWidget

from campaign_manager.assist.registry import MODULES
from campaign_manager.engine.views import state_view
from campaign_manager.errors import UserError
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui import settings
from campaign_manager.ui.campaign_models import AreasModel
from campaign_manager.ui.forms import load_form
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
        self.view = load_form("campaign_view", self)
        self.tabs.addTab(self.view, "Campaign")
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.areas = AreasModel(self)
        self.view.areasView.setModel(self.areas)
        self.view.areasView.verticalHeader().setVisible(False)
        header = self.view.areasView.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.history = QStringListModel(self)
        self.view.historyView.setModel(self.history)
        self.view.splitter.setSizes([700, 500])
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
        from campaign_manager.cli.campaign_commands import read_actions
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
        has = self.campaign is not None
        self.undo_action.setEnabled(has and bool(self.campaign.records))
        self.redo_action.setEnabled(has and self.campaign.can_redo())
        self.import_action.setEnabled(has)
        self.turn_menu.set_enabled(has)
        if not has:
            self.areas.set_view(None, {})
            self.history.setStringList([])
            self.view.headline.setText("No campaign open: use File ▸ New campaign or File ▸ Open campaign.")
            self.view.offMap.setText("")
            return
        sc, campaign = self.campaign.scenario, self.campaign
        view = state_view(sc, campaign.state)
        self.setWindowTitle(f"{campaign.name} — Firestorm Campaign Manager")
        self.areas.set_view(view, sc.sides)
        self.view.headline.setText(_headline(sc, campaign.name, view))
        self.view.offMap.setText(_off_map(sc, view))
        lines = []
        for number, applied in enumerate(campaign.history(), start=1):
            words = "; ".join(applied.events) or applied.record["type"]
            lines.append(f"{number}. {words}")
        self.history.setStringList(lines)
        self.view.historyView.scrollToBottom()

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


def _headline(sc, name: str, view: dict) -> str:
    vp, out = view["vp"], view["outcome"]
    if view["turn"]:
        turn = (f"Turn {view['turn']} of {len(sc.turns)} — {view['turn_name']}, {view['phase']} phase. "
                f"Battles fought: {view['battles']['fought']} of at least {view['battles']['required']}.")
    else:
        turn = "Not started yet: the first action is to start turn 1."
    lead = (f"The {sc.side_nouns[out['leader']]} lead by {out['margin']}" if out["leader"] else "Level")
    when = "Final result" if out["final"] else "If it ended now"
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in view["sorties"].items()) or "none"
    return (f"<h2>{name}</h2><p>{turn}</p><p><b>Victory points</b>: Axis {vp['axis']} — Allied {vp['allied']}. "
            f"{lead}. {when}: <b>{out['result']}</b>. Air sorties left: {sorties}.</p>")


def _off_map(sc, view: dict) -> str:
    parts = []
    for title, key in (("Waiting to be placed", "reinforcements"), ("Reinforcement pool", "pools"),
                       ("Captured (lost for good)", "captured")):
        rows = [f"{sc.sides[side]}: {', '.join(t['id'] for t in troops)}"
                for side, troops in view[key].items() if troops]
        parts.append(f"<b>{title}</b><br>{'<br>'.join(rows) or 'none'}")
    arrows = [f"{a['from']} → {a['to']}" for a in view["open_arrows"]]
    parts.append(f"<b>Open battle arrows</b><br>{', '.join(arrows) or 'none'}")
    return "<br><br>".join(parts)
