"""The Close combat tab: both sides' factors in a table, their totals and the winner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from campaign_manager.assist.opa.combat import CombatSide, close_combat
from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.assist.results import make_result
from campaign_manager.dice import Roller
from campaign_manager.i18n import _
from campaign_manager.ui.assist.enter_key import enter_presses
from campaign_manager.ui.assist.opa_models import RowsModel
from campaign_manager.ui.assist.opa_tab import OpaTab, typed_die
from campaign_manager.ui.assist.refusals import bound_by_engine
from campaign_manager.ui.forms import Form

ROLES = ("attacker", "defender")


@dataclass(frozen=True)
class SideBoxes:
    """One side's boxes on the form."""

    troop: QComboBox
    die: QLineEdit
    unformed: QCheckBox
    terrain: QSpinBox
    support: QSpinBox
    figures: QSpinBox


class CombatForm(Form):
    """Close combat: the attacker, the defender, the factors, the winner."""

    FORM = "opa_combat"
    root: QWidget
    attackerTroop: QComboBox
    attackerDie: QLineEdit
    attackerTerrain: QSpinBox
    attackerSupport: QSpinBox
    attackerFigures: QSpinBox
    attackerUnformed: QCheckBox
    fanaticCheck: QCheckBox
    attackerNation: QComboBox
    defenderTroop: QComboBox
    defenderDie: QLineEdit
    defenderTerrain: QSpinBox
    defenderSupport: QSpinBox
    defenderFigures: QSpinBox
    defenderUnformed: QCheckBox
    defenderShaken: QCheckBox
    defenderAttacks: QCheckBox
    fightButton: QPushButton
    winnerLabel: QLabel
    factorTable: QTableView
    combatNotes: QLabel

    def side(self, role: str) -> SideBoxes:
        """The attacker's or the defender's boxes."""
        if role == "attacker":
            return SideBoxes(
                self.attackerTroop,
                self.attackerDie,
                self.attackerUnformed,
                self.attackerTerrain,
                self.attackerSupport,
                self.attackerFigures,
            )
        return SideBoxes(
            self.defenderTroop,
            self.defenderDie,
            self.defenderUnformed,
            self.defenderTerrain,
            self.defenderSupport,
            self.defenderFigures,
        )


class CombatTab(OpaTab):
    """Enter each side's troop type and situation; every factor is listed and summed."""

    ui: CombatForm

    def __init__(self, panel: QWidget, tables: OpaTables, roller: Roller, report: Callable[[str], None]) -> None:
        super().__init__(panel, CombatForm(panel), tables, roller, report)
        for role in ROLES:
            boxes = self.ui.side(role)
            for troop in tables.troops.values():
                boxes.troop.addItem(troop.label, troop.code)
            bound_by_engine(boxes.terrain, tables.bonus.terrain_most)  # the data's bounds, checked there
            bound_by_engine(boxes.support, tables.limits.supporting_units)
            bound_by_engine(boxes.figures, tables.limits.figures)
        self.ui.defenderTroop.setCurrentIndex(min(2, len(tables.troops) - 1))
        self.ui.attackerNation.addItem(_("as the troop line says"), None)
        self.ui.attackerNation.addItem(_("Turkish"), "turkish")
        self.ui.attackerNation.addItem(_("Greek"), "greek")
        self.factors = RowsModel([_("Side"), _("Factor"), _("Value")], self, centered={2})
        table = self.ui.factorTable
        table.setModel(self.factors)
        table.verticalHeader().hide()
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.ui.fightButton.clicked.connect(
            lambda: self.attempt(self.resolve, self.ui.winnerLabel, self.ui.combatNotes)
        )
        enter_presses(self.ui.fightButton, self.ui.attackerDie, self.ui.defenderDie)
        self.answers_in(self.ui.winnerLabel, self.ui.combatNotes)

    def _side(self, role: str) -> CombatSide:
        boxes = self.ui.side(role)
        return CombatSide(
            boxes.troop.currentData(),
            typed_die(boxes.die),
            boxes.unformed.isChecked(),
            boxes.terrain.value(),
            boxes.support.value(),
            boxes.figures.value() or None,
            shaken=role == "defender" and self.ui.defenderShaken.isChecked(),
        )

    def resolve(self) -> None:
        self.factors.set_rows([])
        result = close_combat(
            self.tables,
            self._side("attacker"),
            self._side("defender"),
            self.ui.fanaticCheck.isChecked(),
            self.roller,
            defender_order="attack" if self.ui.defenderAttacks.isChecked() else "defend",
            attacker_nation=self.ui.attackerNation.currentData(),
        )
        rows, bold = [], []
        role_names = {"attacker": _("Attacker"), "defender": _("Defender")}
        for side in (result.attacker, result.defender):
            role = role_names[side.role]
            rows.append([role, _("Die"), str(side.die)])
            rows.extend([role, reason, f"{value:+d}"] for reason, value in side.factors)
            bold.append(len(rows))
            rows.append([role, _("Total"), str(side.total)])
        self.factors.set_rows(rows, bold)
        self.ui.factorTable.resizeColumnToContents(0)
        high = max(result.attacker.total, result.defender.total)
        low = min(result.attacker.total, result.defender.total)
        if result.winner == "tie":
            winner = _("Equal totals: no winner")
        elif result.winner == "attacker":
            winner = _("The attacker wins, {high} to {low}.").format(high=high, low=low)
        else:
            winner = _("The defender wins, {high} to {low}.").format(high=high, low=low)
        self.ui.winnerLabel.setText(f"<b>{winner}</b>")
        self.ui.combatNotes.setText("\n".join(result.notes))
        sides = (result.attacker, result.defender)
        typed = {role: typed_die(self.ui.side(role).die) is not None for role in ROLES}
        die_names = {"attacker": _("attacker die"), "defender": _("defender die")}
        dice = [(die_names[side.role], side.die, typed[side.role]) for side in sides]
        inputs = {
            _("attacker") if side.role == "attacker" else _("defender"): _("{troop}, total {total}").format(
                troop=self.tables.troops[side.troop].label, total=side.total
            )
            for side in sides
        }
        self.keep(make_result(_("Close combat"), winner, inputs, dice))
