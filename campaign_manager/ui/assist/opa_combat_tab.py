"""The Close combat tab: both sides' factors in a table, their totals and the winner."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView

from campaign_manager.assist.opa.combat import CombatSide, close_combat
from campaign_manager.ui.assist.opa_models import RowsModel
from campaign_manager.ui.assist.opa_tab import OpaTab, typed_die

ROLES = ("attacker", "defender")


class CombatTab(OpaTab):
    """Enter each side's troop type and situation; every factor is listed and summed."""

    def __init__(self, panel, tables, roller, report) -> None:
        super().__init__(panel, "opa_combat", tables, roller, report)
        for role in ROLES:
            combo = getattr(self.ui, f"{role}Troop")
            for troop in tables.troops.values():
                combo.addItem(troop.label, troop.code)
            getattr(self.ui, f"{role}Terrain").setMaximum(tables.bonus.terrain_most)
        self.ui.defenderTroop.setCurrentIndex(min(2, len(tables.troops) - 1))
        self.ui.attackerNation.addItem("as the troop line says", None)
        self.ui.attackerNation.addItem("Turkish", "turkish")
        self.ui.attackerNation.addItem("Greek", "greek")
        self.factors = RowsModel(["Side", "Factor", "Value"], self, centered={2})
        table = self.ui.factorTable
        table.setModel(self.factors)
        table.verticalHeader().hide()
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.ui.fightButton.clicked.connect(
            lambda: self.attempt(self.resolve, self.ui.winnerLabel, self.ui.combatNotes)
        )

    def _side(self, role: str) -> CombatSide:
        part = lambda name: getattr(self.ui, f"{role}{name}")  # noqa: E731 - widget by role
        return CombatSide(
            part("Troop").currentData(),
            typed_die(part("Die")),
            part("Unformed").isChecked(),
            part("Terrain").value(),
            part("Support").value(),
            part("Figures").value() or None,
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
        for side in (result.attacker, result.defender):
            role = side.role.title()
            rows.append([role, "Die", str(side.die)])
            rows.extend([role, reason, f"{value:+d}"] for reason, value in side.factors)
            bold.append(len(rows))
            rows.append([role, "Total", str(side.total)])
        self.factors.set_rows(rows, bold)
        self.ui.factorTable.resizeColumnToContents(0)
        winner = (
            "Equal totals: no winner"
            if result.winner == "tie"
            else f"The {result.winner} wins, {max(result.attacker.total, result.defender.total)}"
            f" to {min(result.attacker.total, result.defender.total)}."
        )
        self.ui.winnerLabel.setText(f"<b>{winner}</b>")
        self.ui.combatNotes.setText("\n".join(result.notes))
