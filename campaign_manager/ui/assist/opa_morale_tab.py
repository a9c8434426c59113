"""The Rally & reaction tab: class rolls, with the table of dice needed beside them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton, QTableView, QWidget

from campaign_manager.assist.opa.morale import STATES, ClassRoll, rally, reaction
from campaign_manager.assist.opa.tables import CLASSES, OpaTables
from campaign_manager.assist.results import make_result
from campaign_manager.dice import Roller
from campaign_manager.i18n import _
from campaign_manager.ui.assist.enter_key import enter_presses
from campaign_manager.ui.assist.opa_models import RowsModel
from campaign_manager.ui.assist.opa_tab import OpaTab, typed_die
from campaign_manager.ui.forms import Form


class MoraleForm(Form):
    """Rally and reaction tests, and the troop classes."""

    FORM = "opa_morale"
    root: QWidget
    rallyClass: QComboBox
    rallyState: QComboBox
    rallyHold: QCheckBox
    rallyArtillery: QCheckBox
    rallyDie: QLineEdit
    rallyButton: QPushButton
    rallyResult: QLabel
    reactionClass: QComboBox
    reactionShaken: QCheckBox
    reactionRouted: QCheckBox
    reactionDie: QLineEdit
    reactionButton: QPushButton
    reactionResult: QLabel
    classTable: QTableView


class MoraleTab(OpaTab):
    """Rally a shaken or routed unit; roll a defender's reaction."""

    ui: MoraleForm

    def __init__(self, panel: QWidget, tables: OpaTables, roller: Roller, report: Callable[[str], None]) -> None:
        super().__init__(panel, MoraleForm(panel), tables, roller, report)
        for combo in (self.ui.rallyClass, self.ui.reactionClass):
            combo.addItems(CLASSES)
        state_names = {"shaken": _("shaken"), "routed": _("routed")}
        for state in STATES:
            self.ui.rallyState.addItem(state_names.get(state, state), state)
        self.classes = RowsModel([_("Class"), _("Rally on"), _("Reaction on")], self)
        self.classes.set_rows([[cls, f"{tables.rally[cls]}+", f"{tables.reaction[cls]}+"] for cls in CLASSES])
        self.ui.classTable.setModel(self.classes)
        self.ui.classTable.verticalHeader().hide()
        self.ui.classTable.resizeColumnsToContents()
        self._fit(self.ui.classTable)
        self.ui.rallyButton.clicked.connect(lambda: self.attempt(self.roll_rally, self.ui.rallyResult))
        self.ui.reactionButton.clicked.connect(lambda: self.attempt(self.roll_reaction, self.ui.reactionResult))
        self.answers_in(self.ui.rallyResult, self.ui.reactionResult)
        self.ui.reactionRouted.toggled.connect(self._routed)
        enter_presses(self.ui.rallyButton, self.ui.rallyDie)
        enter_presses(self.ui.reactionButton, self.ui.reactionDie)

    def _routed(self, routed: bool) -> None:
        """A routed unit takes no reaction test: no die to give, shaken or not."""
        for box in (self.ui.reactionDie, self.ui.reactionShaken):
            box.setEnabled(not routed)
        if routed:
            self.ui.reactionDie.clear()

    @staticmethod
    def _fit(view: QTableView) -> None:
        """Size the class table to its five rows, so it does not leave an empty box."""
        rows = sum(view.rowHeight(row) for row in range(view.model().rowCount()))
        frame = 2 * view.frameWidth()
        view.setFixedHeight(view.horizontalHeader().sizeHint().height() + rows + frame)
        view.setFixedWidth(view.horizontalHeader().length() + frame)

    def roll_rally(self) -> None:
        result = rally(
            self.tables,
            self.ui.rallyClass.currentText(),
            typed_die(self.ui.rallyDie),
            self.ui.rallyState.currentData(),
            self.ui.rallyHold.isChecked(),
            self.ui.rallyArtillery.isChecked(),
            self.roller,
        )
        self.ui.rallyResult.setText(result.explanation)
        self._keep(_("Rally"), result, self.ui.rallyDie, {_("state"): self.ui.rallyState.currentText()})

    def roll_reaction(self) -> None:
        result = reaction(
            self.tables,
            self.ui.reactionClass.currentText(),
            typed_die(self.ui.reactionDie),
            self.ui.reactionShaken.isChecked(),
            self.ui.reactionRouted.isChecked(),
            self.roller,
        )
        self.ui.reactionResult.setText(result.explanation)
        self._keep(_("Reaction"), result, self.ui.reactionDie, {})

    def _keep(self, tool: str, result: ClassRoll, die_box: QLineEdit, inputs: dict[str, str]) -> None:
        dice = [(_("die"), result.die, typed_die(die_box) is not None)] if result.die is not None else []
        self.keep(make_result(tool, result.explanation, {_("class"): result.unit_class, **inputs}, dice))
