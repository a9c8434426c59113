"""The A Greek Tragedy assist panel: calculators, and the cup and port tracker kept in an
assist-game file (New / Open / Close / Undo / Redo along the top)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QLabel,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import OWNER_FILE, load_charts
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.results import ResultEntry
from campaign_manager.dice import RandomRoller, Roller
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.ui import settings
from campaign_manager.ui.assist.agt_charts_tab import ChartsTab
from campaign_manager.ui.assist.agt_checks_tab import ChecksTab
from campaign_manager.ui.assist.agt_combat_tab import CombatTab
from campaign_manager.ui.assist.agt_cup_tab import CupTab
from campaign_manager.ui.assist.agt_ports_tab import PortsTab
from campaign_manager.ui.assist.agt_reference_tab import ReferenceTab
from campaign_manager.ui.assist.refusals import clear_refusal, say_refusal, visible_ticks
from campaign_manager.ui.assist.results_box import KeptResults, ResultsBox
from campaign_manager.ui.forms import Form
from campaign_manager.ui.one_press import OnePressPerDoubleClick
from campaign_manager.ui.plain import tip
from campaign_manager.ui.scrolled import ScrolledPage
from campaign_manager.ui.settings import chosen, start_folder

ChooseFile = Callable[[QWidget], "str | Path | None"]
T = TypeVar("T")
FILE_FILTER = (N_("A Greek Tragedy games (*.agt)"), N_("All files (*)"))
FILE_NAME_WIDTH = 28  # characters of the game file's name shown in the bar (all of it in the tooltip)


def ask_new_file(parent: QWidget) -> str | None:
    path, _kind = QFileDialog.getSaveFileName(parent, _("New A Greek Tragedy game"), start_folder(), file_filter())
    if path and not Path(path).suffix:
        path += ".agt"  # a name typed bare: Open's *.agt filter would otherwise hide the file
    return chosen(path) or None


def ask_open_file(parent: QWidget) -> str | None:
    path, _kind = QFileDialog.getOpenFileName(parent, _("Open an A Greek Tragedy game"), start_folder(), file_filter())
    return chosen(path) or None


def file_filter() -> str:
    """The file dialogs' kinds of file, in the user's language."""
    return ";;".join(_(kind) for kind in FILE_FILTER)


class AgtPanelForm(Form):
    """The panel: the game file's buttons along the top, the tabs, the message line."""

    FORM = "agt_panel"
    root: QWidget
    fileLabel: QLabel
    scenarioBox: QComboBox
    newButton: QPushButton
    openButton: QPushButton
    closeButton: QPushButton
    undoButton: QPushButton
    redoButton: QPushButton
    tabs: QTabWidget
    statusLabel: QLabel


class Panel(QWidget):
    """Assist panel for A Greek Tragedy. Tests pass `roller` (the app's dice), the file-choosing
    functions and `charts_path` (the owner-filled charts file)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        roller: Roller | None = None,
        choose_new: ChooseFile = ask_new_file,
        choose_open: ChooseFile = ask_open_file,
        charts_path: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.ui = AgtPanelForm.filling(self)
        self.roller = roller or RandomRoller()
        self.choose_new, self.choose_open = choose_new, choose_open
        self.charts_path = Path(charts_path or OWNER_FILE)
        self.game: AgtGame | None = None
        try:
            self.tables = book()
            self.charts = load_charts(self.charts_path)
        except UserError as exc:
            self.show_message(str(exc))
            self.ui.tabs.setEnabled(False)
            return
        for name, scenario in self.tables.scenarios.items():
            self.ui.scenarioBox.addItem(scenario.name, name)
        self.combat = CombatTab(self, parent=self)
        self.checks = ChecksTab(self, parent=self)
        self.cup = CupTab(self, parent=self)
        self.ports = PortsTab(self, parent=self)
        self.reference = ReferenceTab(self, parent=self)
        self.chart_tab = ChartsTab(self, parent=self)
        for tab, title in (
            (self.combat, _("Combat")),
            (self.checks, _("Air, stacking && rolls")),
            (self.cup, _("Turn, weather && cup")),
            (self.ports, _("Port capacity")),
            (self.reference, _("Reference")),
            (self.chart_tab, _("Charts from the map")),
        ):
            # each tab scrolls on its own: the tallest and the widest do not size the others
            self.ui.tabs.addTab(ScrolledPage(tab.ui.root, self), title)
        kept = KeptResults(lambda: self.game, self._record_result, changed=self.refresh)
        self.results = ResultsBox.in_tab(self.ui.tabs, "A Greek Tragedy", kept, self.show_message)
        visible_ticks(self)
        # a double click's second press clicks nothing: one fire, one draw, one result taken back
        self.one_press = OnePressPerDoubleClick(*self.findChildren(QPushButton))
        # a refusal belongs to the tab it came from: moving to another tab clears it
        self.ui.tabs.currentChanged.connect(lambda _index: self.show_message(""))
        self.ui.newButton.clicked.connect(self.new_game)
        self.ui.openButton.clicked.connect(self.open_game)
        self.ui.closeButton.clicked.connect(self.close_and_forget)
        self.ui.undoButton.clicked.connect(self.undo)
        self.ui.redoButton.clicked.connect(self.redo)
        self.refresh()
        self.reopen_last()

    def show_tab(self, root: QWidget) -> None:
        """Bring the tab holding `root` (a tab's form) to the front."""
        for index in range(self.ui.tabs.count()):
            page = self.ui.tabs.widget(index)
            if isinstance(page, QScrollArea) and page.widget() is root:
                self.ui.tabs.setCurrentIndex(index)

    # -- messages and guarded work ----------------------------------------------------------

    def show_message(self, text: str) -> None:
        """Show a refusal under the tabs; an empty text clears it and every refusal a tab shows
        beside its buttons (another tab chosen, the owner's charts changed)."""
        say_refusal(self.ui.statusLabel, text)  # in the palette's readable error colour
        if not text:
            for label in self.findChildren(QLabel):
                clear_refusal(label)

    def attempt(self, work: Callable[[], T]) -> T | None:
        """Run `work`; a refusal is shown as a message, never a traceback (and gives None)."""
        self.show_message("")
        try:
            return work()
        except UserError as exc:
            self.show_message(str(exc))
            return None

    # -- the assist-game file -------------------------------------------------------------

    def new_game(self) -> None:
        path = self.choose_new(self)
        if path:
            scenario = self.ui.scenarioBox.currentData()
            self.attempt(lambda: self._set_game(AgtGame.create(Path(path), scenario)))

    def open_game(self) -> None:
        path = self.choose_open(self)
        if path:
            self.attempt(lambda: self._set_game(AgtGame.open(Path(path))))

    def _set_game(self, game: AgtGame) -> None:
        self.close_game()
        self.game = game
        settings.write(settings.LAST_AGT_GAME, str(Path(game.path).absolute()))
        self.refresh()

    def reopen_last(self) -> None:
        """The game open when the panel was last closed, open again (unless its own Close button
        closed it; a file gone since is passed over, a damaged one refused in words)."""
        last = settings.read(settings.LAST_AGT_GAME)
        if last and Path(last).is_file():
            self.attempt(lambda: self._set_game(AgtGame.open(Path(last))))

    def close_and_forget(self) -> None:
        """The Close button: the game is closed, and not reopened with the panel next time."""
        self.close_game()
        settings.write(settings.LAST_AGT_GAME, "")

    def close_game(self) -> None:
        if self.game is not None:
            self.game.close()
            self.game = None
        self.refresh()

    def record(self, make_action: Callable[[AgtGame], dict[str, Any]], where: QLabel | None = None) -> bool:
        """Check and log one tracker action built from the open game's state; False if refused
        (the refusal said in `where`, beside the button pressed, or under the tabs)."""
        self.show_message("")
        if where is not None:
            clear_refusal(where)
        say = self.show_message if where is None else lambda text: say_refusal(where, text)
        if self.game is None:
            say(_("Open or start a game file first: the cup and ports are kept in it"))
            return False
        game = self.game
        try:
            game.record(make_action(game))
        except UserError as exc:
            self.refresh()  # first: refilling the boxes would clear what is said
            say(str(exc))
            return False
        self.refresh()
        return True

    def undo(self) -> None:
        if self.game is not None:
            self.attempt(self.game.undo)
        self.refresh()

    def redo(self) -> None:
        if self.game is not None:
            self.attempt(self.game.redo)
        self.refresh()

    def refresh(self) -> None:
        game = self.game
        # the file's name only (its folder in the tooltip): a long path pushed Close, Undo and
        # Redo off the panel's edge
        # the file's name cut short in its middle past FILE_NAME_WIDTH, and a short hint with no
        # game: the bar's buttons stay inside a 1024-wide window
        name = Path(game.path).name if game else ""
        metrics = self.ui.fileLabel.fontMetrics()
        shown = metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, metrics.averageCharWidth() * FILE_NAME_WIDTH)
        self.ui.fileLabel.setText(shown if game else _("none open: New game… or Open…"))
        if game:
            self.ui.fileLabel.setToolTip(tip(f"{game.path}\n{self.tables.scenarios[game.scenario].name}"))
        self.ui.closeButton.setEnabled(game is not None)
        self.ui.undoButton.setEnabled(bool(game and game.records))
        self.ui.redoButton.setEnabled(bool(game and game.can_redo()))
        self.cup.refresh(game)
        self.ports.refresh(game)
        self.reference.refresh(game)
        self.results.refresh()

    def keep_result(self, entry: ResultEntry) -> None:
        self.results.add(entry)

    def _record_result(self, action: dict[str, Any]) -> None:
        if self.game is not None:
            self.game.record(action)
            self.refresh()  # the file's Undo now takes the result back

    def closeEvent(self, event: QCloseEvent) -> None:
        self.close_game()
        super().closeEvent(event)
