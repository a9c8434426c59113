"""The Political Index tracker tab: a game file opened or started, its state, its actions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QStringListModel
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from campaign_manager.assist.gcw.charts import GcwCharts
from campaign_manager.assist.gcw.game_file import TrackerGame
from campaign_manager.assist.gcw.owner_charts import OwnerCharts
from campaign_manager.assist.gcw.politics import attrition_losses
from campaign_manager.dice import Roller
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.ui import settings
from campaign_manager.ui.assist import gcw_tracker_actions as actions
from campaign_manager.ui.assist.gcw_tracker_form import TrackerForm
from campaign_manager.ui.assist.gcw_tracker_view import EMPTY, status_lines
from campaign_manager.ui.assist.refusals import bound_by_engine, clear_refusal, refusal_line, say_refusal

ChooseFile = Callable[[], "str | Path | None"]
SIDES = (("Government", "government"), ("DSE", "dse"))
USES = ((N_("add them to its own index"), "add"), (N_("take them off the enemy's index"), "subtract"))


class TrackerTab(QObject):
    """Start or open a tracker file and record the game's political events in it."""

    def __init__(
        self,
        panel: QWidget,
        charts: GcwCharts,
        owner: OwnerCharts,
        roller: Roller,
        report: Callable[[str], None],
        choose_new_file: ChooseFile,
        choose_open_file: ChooseFile,
    ) -> None:
        super().__init__(panel)
        self.ui = TrackerForm(panel)
        self.page = self.ui.root
        self.charts, self.rules, self.owner, self.roller = charts, charts.politics, owner, roller
        self.report, self.choose_new_file, self.choose_open_file = report, choose_new_file, choose_open_file
        self.game: TrackerGame | None = None
        self.refreshed: Callable[[], None] = lambda: None  # the panel's results follow the file
        self.history = QStringListModel(self)
        self.ui.historyView.setModel(self.history)
        self._fill_choices()
        self._connect()
        self.refresh()

    def _fill_choices(self) -> None:
        ui = self.ui
        for combo in (ui.controlSideCombo, ui.mobSideCombo, ui.adjustSideCombo, ui.initiativeCombo):
            for text, side in SIDES:
                combo.addItem(text, side)
        for text, use in USES:
            ui.controlUseCombo.addItem(_(text), use)
        for key, doctrine in self.rules.doctrines.items():
            ui.doctrineCombo.addItem(f"{doctrine.name} ({doctrine.mobilization_limit} PP)", key)  # untranslated: PP
        rules = self.rules  # each box takes a number past its bound, which the tracker refuses named
        for spin, most in (
            (ui.tightRegionsSpin, len(rules.tight_defense_regions)),
            (ui.areaEmptySpin, rules.cap),
            (ui.durationSpin, rules.turn_most),
            (ui.limitSpin, rules.cap),
            (ui.spendAmountSpin, rules.cap),
            (ui.airstrikesSpin, rules.cap),
            (ui.attritionUnitsSpin, rules.units_most),
        ):
            bound_by_engine(spin, most)
        ui.endTurnCombo.addItem(_("none: play to the end"), None)
        for turn in self.rules.victory_check_turns:
            ui.endTurnCombo.addItem(_("turn {turn}").format(turn=turn), turn)
        self.set_owner(self.owner)

    def set_owner(self, owner: OwnerCharts) -> None:
        """Offer the owner's regions and units in the editable boxes (typing still works)."""
        self.owner = owner
        if self.game is not None:
            self.game.owner = owner
        names = [region.name for region in owner.regions]
        for combo in (self.ui.controlRegionCombo, self.ui.markerRegionCombo):
            text = combo.currentText()
            combo.clear()
            combo.addItems(names)
            combo.setEditText(text)
        self._fill_units()

    def _fill_units(self) -> None:
        combo = self.ui.spendUnitCombo
        combo.clear()
        combo.addItems([item.unit for item in self.owner.mobilization[self.ui.mobSideCombo.currentData()]])
        combo.setEditText("")

    def _connect(self) -> None:
        ui = self.ui
        ui.newButton.clicked.connect(self.new_tracker)
        ui.openButton.clicked.connect(self.open_tracker)
        ui.undoButton.clicked.connect(lambda: self._step(undo=True))
        ui.redoButton.clicked.connect(lambda: self._step(undo=False))
        ui.mobSideCombo.currentIndexChanged.connect(self._fill_units)
        ui.attritionUnitsSpin.valueChanged.connect(self._attrition)
        for button, build in (
            (ui.controlButton, actions.control),
            (ui.placeTerrorButton, lambda f: actions.terror(f, True)),
            (ui.removeTerrorButton, lambda f: actions.terror(f, False)),
            (ui.resettleButton, actions.resettle),
            (ui.penaltiesButton, actions.penalties),
            (ui.doctrineButton, actions.doctrine),
            (ui.fromTableButton, actions.doctrine_from_table),
            (ui.mobilizeButton, actions.mobilization),
            (ui.spendButton, actions.spend),
            (ui.airstrikesButton, lambda f: {"type": "airstrikes", "bought": f.airstrikesSpin.value()}),
            (ui.initiativeButton, actions.initiative),
            (ui.nextTurnButton, lambda f: {"type": "next_turn"}),
            (ui.victoryCheckButton, lambda f: {"type": "victory_check"}),
            (ui.adjustButton, actions.adjust),
        ):
            said = self._beside(button)
            button.clicked.connect(lambda _=False, build=build, said=said: self.record(build, said))

    def _beside(self, button: QPushButton) -> Callable[[str], None]:
        """Where a refusal of `button` is said: a line at the foot of its page of actions (one
        each page), not at the panel's foot."""
        box = self.ui.actionsBox
        pages = [page for page in map(box.widget, range(box.count())) if page is not None]
        page = next((page for page in pages if page.isAncestorOf(button)), None)
        if page is None:
            return self.report
        line = page.findChild(QLabel, "refusalLine")
        if line is None:
            line = refusal_line(page)
            line.setObjectName("refusalLine")
        return lambda text: say_refusal(line, text) if text else clear_refusal(line)

    # -- the file ----------------------------------------------------------------------------

    def new_tracker(self) -> None:
        path = self.choose_new_file()
        if path:
            setup = {
                "tito_stalin": self.ui.titoCheck.isChecked(),
                "victory_check_turn": self.ui.endTurnCombo.currentData(),
            }
            self._take(lambda: TrackerGame.new(Path(path), setup, self.charts, self.owner, self.roller))

    def open_tracker(self) -> None:
        path = self.choose_open_file()
        if path:
            self._take(lambda: TrackerGame.open(Path(path), self.charts, self.owner, self.roller))

    def _take(self, make: Callable[[], TrackerGame]) -> None:
        try:
            game = make()
        except UserError as exc:
            self.report(str(exc))
            return
        self.close_tracker()
        self.game = game
        settings.write(settings.LAST_GCW_TRACKER, str(Path(game.path).absolute()))
        self.report("")
        self.refresh()

    def reopen_last(self) -> None:
        """The tracker open when the panel was last closed, open again (a file gone since is
        passed over; a damaged one is refused in words, as Open would)."""
        last = settings.read(settings.LAST_GCW_TRACKER)
        if last and Path(last).is_file():
            self._take(lambda: TrackerGame.open(Path(last), self.charts, self.owner, self.roller))

    def close_tracker(self) -> None:
        if self.game is not None:
            self.game.close()
            self.game = None
            self.refresh()

    # -- actions -----------------------------------------------------------------------------

    def record(
        self, build: Callable[[TrackerForm], dict[str, Any]], report: Callable[[str], None] | None = None
    ) -> None:
        """Record the action `build` makes; a refusal goes to `report` (another tab's, beside its
        button) or to the panel's."""
        say = report or self.report
        if self.game is None:
            say(_("No tracker is open: start a new one or open a saved one on the Political Index tracker tab."))
            return
        try:
            self.game.record(build(self.ui))
        except UserError as exc:
            say(str(exc))
            return
        say("")
        self.refresh()

    def _step(self, undo: bool) -> None:
        if self.game is None:
            return
        try:
            self.game.undo() if undo else self.game.redo()
        except UserError as exc:
            self.report(str(exc))
            return
        self.report("")
        self.refresh()

    def _attrition(self) -> None:
        turn = None if self.game is None else self.game.state.turn
        units = self.ui.attritionUnitsSpin.value()
        try:
            reduced = attrition_losses(units, turn, self.rules)
        except UserError as exc:
            self.ui.attritionLabel.setText(str(exc))
            return
        # "units" has its own plural; the verb agrees with the units that lose a level
        counted = ngettext("{n} unit", "{n} units", units).format(n=units)
        self.ui.attritionLabel.setText(
            ngettext(
                "{reduced} of {units} loses one level; their owner chooses "
                "which (15.1). Police and Front units in enemy-held regions only.",
                "{reduced} of {units} lose one level; their owner chooses "
                "which (15.1). Police and Front units in enemy-held regions only.",
                reduced,
            ).format(reduced=reduced, units=counted)
        )

    def refresh(self) -> None:
        ui, game = self.ui, self.game
        lines = EMPTY if game is None else status_lines(game.summary(), self.rules)
        labels = ui.status_labels()
        for name, text in lines.items():
            labels[name].setText(_(text) if game is None and text else text)
        self.history.setStringList([] if game is None else game.state.history)
        if game is not None:
            ui.historyView.scrollToBottom()
        ui.fileLabel.setText(
            _("No tracker open: start a new one or open a saved one.")
            if game is None
            else _("Tracker: {path}").format(path=game.path)
        )
        ui.undoButton.setEnabled(game is not None and game.can_undo())
        ui.redoButton.setEnabled(game is not None and game.can_redo())
        ui.actionsBox.setEnabled(game is not None)
        self._attrition()
        self.refreshed()
