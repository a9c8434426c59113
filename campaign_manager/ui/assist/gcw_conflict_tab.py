"""The conflict calculator tab: the attack as declared, the worked result, the table in play."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from campaign_manager.assist.gcw.charts import ConflictCharts
from campaign_manager.assist.gcw.conflict import ConflictOutcome, ConflictRequest, column_for, resolve
from campaign_manager.assist.results import ResultEntry, make_result
from campaign_manager.dice import Roller
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.ui.assist.gcw_models import ConflictTableModel
from campaign_manager.ui.assist.refusals import bound_by_engine, clear_refusal, say_refusal
from campaign_manager.ui.forms import Form

SIDES = ((N_("not said"), None), ("Government", "government"), ("DSE", "dse"))
AIRSTRIKES = (
    (N_("none"), None),
    (N_("with the attack (one column right)"), "attack"),
    (N_("in defence (one column left)"), "defend"),
)


class ConflictForm(Form):
    """One conflict: the sides, the table, the die, the result."""

    FORM = "gcw_conflict"
    root: QWidget
    tableCombo: QComboBox
    attackerSpin: QSpinBox
    defenderSpin: QSpinBox
    attackingUnitsSpin: QSpinBox
    defendingUnitsSpin: QSpinBox
    sideCombo: QComboBox
    airstrikeCombo: QComboBox
    urbanCheck: QCheckBox
    attackerBuysCheck: QCheckBox
    defenderBuysCheck: QCheckBox
    dieEdit: QLineEdit
    resolveButton: QPushButton
    regionEdit: QLineEdit
    recordButton: QPushButton
    previewLabel: QLabel
    crtView: QTableView
    resultLabel: QLabel
    explanationLabel: QLabel
    stepsLabel: QLabel


def result_line(outcome: ConflictOutcome) -> str:
    """The result and how it was read, with the airstrike's shift when there was one."""
    if outcome.base_column != outcome.column:
        return _("{result}   (column {base} → {column} by the airstrike, die {die})").format(
            result=outcome.result, base=outcome.base_column, column=outcome.column, die=outcome.modified_die
        )
    return _("{result}   (column {column}, die {die})").format(
        result=outcome.result, column=outcome.column, die=outcome.modified_die
    )


class ConflictTab(QObject):
    """Declare an attack, resolve it with a typed or rolled die, read what it does."""

    def __init__(self, panel: QWidget, charts: ConflictCharts, roller: Roller, report: Callable[[str], None]) -> None:
        super().__init__(panel)
        self.ui = ConflictForm(panel)
        self.page = self.ui.root
        self.charts, self.roller, self.report = charts, roller, report
        for key, table in charts.tables.items():
            self.ui.tableCombo.addItem(table.title, key)
        for combo, choices in ((self.ui.sideCombo, SIDES), (self.ui.airstrikeCombo, AIRSTRIKES)):
            for text, data in choices:
                combo.addItem(_(text), data)
        self.model = ConflictTableModel(charts, self.ui.tableCombo.currentData(), self)
        self.ui.crtView.setModel(self.model)
        self.ui.crtView.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._fit_table_height()
        self.ui.tableCombo.currentIndexChanged.connect(self._table_changed)
        for spin, most in (
            (self.ui.attackerSpin, charts.strength_most),  # checked by the calculator (9.4)
            (self.ui.defenderSpin, charts.strength_most),
            (self.ui.attackingUnitsSpin, charts.units_most),
            (self.ui.defendingUnitsSpin, charts.units_most),
        ):
            bound_by_engine(spin, most)
        for spin in (self.ui.attackerSpin, self.ui.defenderSpin):
            spin.valueChanged.connect(self._preview)
        self.ui.airstrikeCombo.currentIndexChanged.connect(self._preview)
        self.ui.dieEdit.textChanged.connect(self._preview)
        self.ui.resolveButton.clicked.connect(self.resolve)
        self.ui.recordButton.clicked.connect(self.record_in_tracker)
        self.last: tuple[ConflictRequest, ConflictOutcome] | None = None
        self.keep: Callable[[ResultEntry], None] = lambda entry: None  # the panel's results box
        self.record_into: Callable[[dict[str, Any]], None] | None = None  # the tracker tab's, set by the panel
        self.ui.dieEdit.returnPressed.connect(self.resolve)
        for changed in (self.ui.regionEdit.textChanged, self.ui.sideCombo.currentIndexChanged):
            changed.connect(lambda *_: clear_refusal(self.ui.previewLabel))  # what Record refused is answered
        self._table_changed()

    def _fit_table_height(self) -> None:
        """Six rows never need scrolling: size the view to them so no empty grid shows."""
        view = self.ui.crtView
        view.resizeRowsToContents()
        rows = sum(view.rowHeight(row) for row in range(self.model.rowCount()))
        view.setFixedHeight(view.horizontalHeader().sizeHint().height() + rows + 2 * view.frameWidth())

    def _table_changed(self) -> None:
        table = self.charts.tables[self.ui.tableCombo.currentData()]
        self.model.show_table(table.key)
        # Offer only what the table allows; the calculator still refuses the rest (11.4, 11.6).
        self.ui.airstrikeCombo.setEnabled(table.airstrike_allowed)
        if not table.airstrike_allowed:
            self.ui.airstrikeCombo.setCurrentIndex(0)
        for check in (self.ui.attackerBuysCheck, self.ui.defenderBuysCheck):
            check.setEnabled(table.unconventional_allowed)
            check.setChecked(check.isChecked() and table.unconventional_allowed)
        self._preview()

    def _preview(self) -> None:
        """Light the column as the strengths change, before any die is thrown."""
        column = column_for(self.ui.attackerSpin.value(), self.ui.defenderSpin.value(), self.charts)
        label = self.charts.columns[column].label
        clear_refusal(self.ui.previewLabel)  # a box changed: the refusal is answered or stale
        self.ui.previewLabel.setText(
            _("{attacker} against {defender}: column {column} before any shift.").format(
                attacker=self.ui.attackerSpin.value(), defender=self.ui.defenderSpin.value(), column=label
            )
        )
        self.model.mark(column, None)

    def request(self) -> ConflictRequest:
        ui = self.ui
        return ConflictRequest(
            attacker=ui.attackerSpin.value(),
            defender=ui.defenderSpin.value(),
            table=ui.tableCombo.currentData(),
            die=ui.dieEdit.text().strip() or None,
            airstrike=ui.airstrikeCombo.currentData(),
            attacker_side=ui.sideCombo.currentData(),
            attacker_buys_modifier=ui.attackerBuysCheck.isChecked(),
            defender_buys_modifier=ui.defenderBuysCheck.isChecked(),
            attacking_units=ui.attackingUnitsSpin.value() or None,
            defending_units=ui.defendingUnitsSpin.value() or None,
            urban=ui.urbanCheck.isChecked(),
        )

    def offer_regions(self, names: Sequence[str]) -> None:
        """The owner's regions offered as the region is typed (any case; another name still goes),
        as the tracker's own region boxes offer them."""
        completer = QCompleter(list(names), self.ui.regionEdit)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.ui.regionEdit.setCompleter(completer)

    def tracker_action(self) -> dict[str, Any]:
        """The conflict just resolved, as one tracker action (the region typed in)."""
        if self.last is None:
            raise UserError(_("resolve an attack first, then record it in the tracker"))
        request, outcome = self.last
        region = self.ui.regionEdit.text().strip()
        if not region:
            raise UserError(_("say in which region the conflict was fought, to record it in the tracker"))
        attacker = request.attacker_side or {"attack": "government", "defend": "dse"}.get(request.airstrike or "")
        if attacker is None:
            raise UserError(
                _(
                    "say who attacks (Who attacks) and resolve the attack again with the die thrown, "
                    "to record the conflict in the tracker"
                )
            )
        return {  # the side was known when it was resolved, so `terror` is already decided (12.2)
            "type": "conflict",
            "region": region,
            "attacker": attacker,
            "airstrike": bool(request.airstrike),
            "terror": outcome.terror,
            "political_points": {role: points for role, points in outcome.political_points.items() if points},
        }

    def record_in_tracker(self) -> None:
        try:
            action = self.tracker_action()
        except UserError as exc:
            self.say_by_record(str(exc))
            return
        if self.record_into is not None:
            self.record_into(action)

    def say_by_record(self, words: str) -> None:
        """A refusal of Record in the tracker (this tab's or the tracker's own) in the line just
        above the button, not at the panel's foot; empty words take it away."""
        if words:
            say_refusal(self.ui.previewLabel, words)
        else:
            clear_refusal(self.ui.previewLabel)

    def resolve(self) -> None:
        self.ui.recordButton.setEnabled(False)
        for label in (self.ui.resultLabel, self.ui.explanationLabel, self.ui.stepsLabel):
            label.clear()
        try:
            outcome = resolve(self.request(), self.roller, self.charts)
        except UserError as exc:
            self._preview()
            say_refusal(self.ui.previewLabel, str(exc))  # under the button, where the eyes are
            return
        self.report("")
        request = self.request()
        self.last = (request, outcome)
        self.ui.recordButton.setEnabled(True)
        self.ui.resultLabel.setText(result_line(outcome))
        self.ui.explanationLabel.setText(outcome.explanation)
        self.ui.stepsLabel.setText("\n".join(outcome.steps))
        inputs = {_("odds"): outcome.odds, _("table"): self.charts.tables[request.table].title}
        dice = [(_("conflict die"), outcome.die, request.die is not None)]
        words = _("{result}. {explanation}").format(result=result_line(outcome), explanation=outcome.explanation)
        self.keep(make_result(_("Conflict"), words, inputs, dice))
        column = [c.label for c in self.charts.columns].index(outcome.column)
        self.model.mark(column, outcome.modified_die)
