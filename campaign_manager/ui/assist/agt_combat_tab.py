"""The Combat tab: both sides' strengths and support, options, terrain and weather; the odds,
every die modifier, and the Combat Results Table's line once the owner has filled it in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

from campaign_manager.assist.agt.combat import Combat, CombatSide, options_in_words, reckon_combat
from campaign_manager.assist.agt.odds import attack_most
from campaign_manager.assist.results import make_result
from campaign_manager.dice import D10, roll_or_check
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.ui.assist.agt_host import AgtHost
from campaign_manager.ui.assist.agt_models import ModifierModel
from campaign_manager.ui.assist.enter_key import enter_presses
from campaign_manager.ui.assist.refusals import bound_by_engine, clear_on_change, clear_refusal, say_refusal
from campaign_manager.ui.forms import Form


def strengths(text: str, what: str) -> tuple[int, ...]:
    """ "4, 2" -> (4, 2); refuses anything that is not whole numbers."""
    try:
        return tuple(int(part) for part in text.replace(";", ",").split(",") if part.strip())
    except ValueError:
        raise UserError(
            _("{what}: '{text}' is not a list of strengths such as 4,2").format(what=what, text=text)
        ) from None


def die_text(text: str) -> str | None:
    """An empty die box means the app rolls."""
    return text.strip() or None


class CombatForm(Form):
    """One battle: each side's strengths and support, the options, terrain and weather."""

    FORM = "agt_combat"
    root: QWidget
    attackerStrength: QSpinBox
    defenderStrength: QSpinBox
    attackerUnsupported: QLineEdit
    defenderUnsupported: QLineEdit
    attackerArmour: QSpinBox
    defenderArmour: QSpinBox
    attackerArtillery: QSpinBox
    defenderArtillery: QSpinBox
    attackerAir: QSpinBox
    defenderAir: QSpinBox
    defenderIsolated: QCheckBox
    aggressiveCheck: QCheckBox
    standCheck: QCheckBox
    concentricCheck: QCheckBox
    terrainList: QListView
    weatherBox: QComboBox
    mussoliniCheck: QCheckBox
    dieEdit: QLineEdit
    reckonButton: QPushButton
    oddsLabel: QLabel
    modifiersView: QTableView
    totalLabel: QLabel
    resultLabel: QLabel
    notesLabel: QLabel
    errorLabel: QLabel


class CombatTab:
    """Reckons one battle at a time with the panel's charts and dice."""

    def __init__(self, panel: AgtHost, parent: QWidget) -> None:
        self.panel = panel
        self.ui = CombatForm(parent)
        self.modifiers = ModifierModel(self.ui.root)
        self.ui.modifiersView.setModel(self.modifiers)
        self.ui.modifiersView.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.ui.modifiersView.verticalHeader().hide()
        self.terrain = QStandardItemModel(self.ui.root)
        for name in panel.charts.spec("terrain_drm").rows:
            item = QStandardItem(name)
            item.setCheckable(True)
            item.setEditable(False)
            self.terrain.appendRow(item)
        self.ui.terrainList.setModel(self.terrain)
        self.ui.weatherBox.addItems(list(panel.tables.weathers))
        tables, limits = panel.tables, panel.tables.limits
        for who, most in (("attacker", attack_most(tables)), ("defender", tables.largest_stack)):
            # the book's bounds (agt.toml [limits]), checked by the calculator as on the command line
            bound_by_engine(getattr(self.ui, f"{who}Strength"), most)
            bound_by_engine(getattr(self.ui, f"{who}Artillery"), limits.artillery)
            bound_by_engine(getattr(self.ui, f"{who}Air"), limits.squadrons)
            bound_by_engine(getattr(self.ui, f"{who}Armour"), limits.armour_points)
        self.ui.reckonButton.clicked.connect(self.reckon)
        clear_on_change(self.ui.root, self.ui.errorLabel)
        enter_presses(self.ui.reckonButton, self.ui.dieEdit, self.ui.attackerUnsupported, self.ui.defenderUnsupported)

    def _side(self, who: str) -> CombatSide:
        ui = self.ui
        strength, unsupported, armour, artillery, air = (
            (ui.attackerStrength, ui.attackerUnsupported, ui.attackerArmour, ui.attackerArtillery, ui.attackerAir)
            if who == "attacker"
            else (ui.defenderStrength, ui.defenderUnsupported, ui.defenderArmour, ui.defenderArtillery, ui.defenderAir)
        )
        return CombatSide(
            strength=strength.value(),
            unsupported_armour=strengths(
                unsupported.text(),
                _("Rule 8.53: attacker's unsupported armour")
                if who == "attacker"
                else _("Rule 8.53: defender's unsupported armour"),
            ),
            armour_points=armour.value(),
            artillery=artillery.value(),
            aircraft=air.value(),
            isolated=who == "defender" and ui.defenderIsolated.isChecked(),
        )

    def combat(self) -> Combat:
        terrain = tuple(
            self.terrain.item(row).text()
            for row in range(self.terrain.rowCount())
            if self.terrain.item(row).checkState() == Qt.CheckState.Checked
        )
        return Combat(
            self._side("attacker"),
            self._side("defender"),
            self.ui.aggressiveCheck.isChecked(),
            self.ui.standCheck.isChecked(),
            self.ui.concentricCheck.isChecked(),
            terrain,
            self.ui.weatherBox.currentText(),
            self.ui.mussoliniCheck.isChecked(),
        )

    def _clear_result(self) -> None:
        self.ui.oddsLabel.setText(_("Odds: —"))
        self.modifiers.set_modifiers([])
        for label in (self.ui.totalLabel, self.ui.resultLabel, self.ui.notesLabel):
            label.clear()

    def reckon(self) -> None:
        clear_refusal(self.ui.errorLabel)
        try:
            combat = self.combat()
            typed = die_text(self.ui.dieEdit.text())
            die = roll_or_check(typed, D10, self.panel.roller, _("Rule 8.22: combat die"))
            reckoning = reckon_combat(combat, self.panel.charts, die)
        except UserError as exc:
            say_refusal(self.ui.errorLabel, str(exc))
            self._clear_result()  # a refusal never leaves the last result beside it
            return
        ui = self.ui
        ui.oddsLabel.setText(
            _("Odds {odds}  ({attacker} to {defender})").format(
                odds=reckoning.odds, attacker=reckoning.attacker_strength, defender=reckoning.defender_strength
            )
        )
        self.modifiers.set_modifiers(reckoning.modifiers)
        known = (
            _("Modifiers known: {total}. Die {die} (typed in).")
            if typed is not None
            else _("Modifiers known: {total}. Die {die} (rolled by the app).")
        ).format(total=f"{reckoning.total:+d}", die=reckoning.die)
        if reckoning.adjusted is not None:
            total = _("{known} Adjusted die {adjusted}.").format(known=known, adjusted=reckoning.adjusted)
        else:  # as the command line: the die with what is known, the printed charts still to add
            total = _("{known} Adjusted die so far {adjusted}, before the charts still to read.").format(
                known=known, adjusted=reckoning.known_adjusted
            )
        ui.totalLabel.setText(total)
        if reckoning.result:
            ui.resultLabel.setText(
                _("Result ({options}): attacker {attacker}, defender {defender}").format(
                    options=options_in_words(reckoning.result.options),
                    attacker=reckoning.result.attacker,
                    defender=reckoning.result.defender,
                )
            )
        elif reckoning.to_read:
            ui.resultLabel.setText(_("Still to read on the map: {charts}").format(charts="; ".join(reckoning.to_read)))
        else:
            ui.resultLabel.setText("")
        ui.notesLabel.setText("\n".join(reckoning.notes))
        words = f"{ui.oddsLabel.text()}. {total} {ui.resultLabel.text()}".strip()
        inputs = {_("attacker"): combat.attacker.strength, _("defender"): combat.defender.strength}
        dice = [(_("combat die"), reckoning.die, typed is not None)] if reckoning.die is not None else []
        self.panel.keep_result(make_result(_("Combat"), words, inputs, dice))
