"""The Fire tab: count the hits of one unit's fire, then make the hit check."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox, QWidget

from campaign_manager.assist.opa.fire import bands_words, fire, hit_check
from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.assist.results import make_result
from campaign_manager.dice import Roller
from campaign_manager.i18n import _, ngettext
from campaign_manager.ui.assist.enter_key import enter_presses
from campaign_manager.ui.assist.opa_tab import OpaTab, typed_die
from campaign_manager.ui.assist.refusals import bound_by_engine
from campaign_manager.ui.forms import Form


class FireForm(Form):
    """Fire and the hit check: weapon, target, range, dice."""

    FORM = "opa_fire"
    root: QWidget
    targetCombo: QComboBox
    weaponCombo: QComboBox
    rangeSpin: QSpinBox
    standsSpin: QSpinBox
    diceEdit: QLineEdit
    fireButton: QPushButton
    fireResult: QLabel
    hitsSpin: QSpinBox
    checkShaken: QCheckBox
    checkArtillery: QCheckBox
    checkDieEdit: QLineEdit
    checkButton: QPushButton
    checkResult: QLabel


class FireTab(OpaTab):
    """Fire at a target (dice typed in or rolled per stand) and check the unit hit."""

    ui: FireForm

    def __init__(self, panel: QWidget, tables: OpaTables, roller: Roller, report: Callable[[str], None]) -> None:
        super().__init__(panel, FireForm(panel), tables, roller, report)
        for target in tables.targets.values():
            self.ui.targetCombo.addItem(
                _("{target} (hits on {hit_on}+)").format(target=target.label, hit_on=target.hit_on), target.code
            )
        self.ui.weaponCombo.addItem(_("not given"), None)
        for weapon in tables.weapons.values():
            self.ui.weaponCombo.addItem(
                _("{weapon}, reaches {reach}").format(weapon=weapon.label, reach=bands_words(weapon.range_bands)),
                weapon.code,
            )
        bound_by_engine(self.ui.standsSpin, tables.limits.stands)  # the data's bounds, checked there
        bound_by_engine(self.ui.hitsSpin, tables.dice_most)
        bound_by_engine(self.ui.rangeSpin, max(weapon.range_bands for weapon in tables.weapons.values()))
        self.ui.fireButton.clicked.connect(lambda: self.attempt(self.count_hits, self.ui.fireResult))
        self.ui.checkButton.clicked.connect(lambda: self.attempt(self.check_unit, self.ui.checkResult))
        self.answers_in(self.ui.fireResult, self.ui.checkResult)
        enter_presses(self.ui.fireButton, self.ui.diceEdit)
        enter_presses(self.ui.checkButton, self.ui.checkDieEdit)

    def count_hits(self) -> None:
        text = self.ui.diceEdit.text().strip()
        dice = [part.strip() for part in text.split(",")] if text else None
        result = fire(
            self.tables,
            self.ui.targetCombo.currentData(),
            dice,
            self.ui.standsSpin.value() or None,
            self.ui.weaponCombo.currentData(),
            self.ui.rangeSpin.value() or None,
            self.roller,
        )
        # every fire at the unit adds its hits: the check is made once, after all fire (step 2)
        total = min(self.ui.hitsSpin.value() + result.hits, self.ui.hitsSpin.maximum())
        self.ui.hitsSpin.setValue(total)
        taken = ngettext(
            "The unit has taken {n} hit in all this turn.", "The unit has taken {n} hits in all this turn.", total
        ).format(n=total)
        self.ui.fireResult.setText(f"{result.explain()}\n{taken}")
        inputs = {_("target"): result.target_label, _("weapon"): self.ui.weaponCombo.currentText()}
        words = ngettext(
            "{n} hit on {target}; {total} in all on the unit.",
            "{n} hits on {target}; {total} in all on the unit.",
            result.hits,
        ).format(n=result.hits, target=result.target_label.lower(), total=total)
        die = _("die")
        self.keep(make_result(_("Fire"), words, inputs, [(die, d, dice is not None) for d in result.dice]))

    def check_unit(self) -> None:
        result = hit_check(
            self.tables,
            self.ui.hitsSpin.value(),
            typed_die(self.ui.checkDieEdit),
            self.ui.checkShaken.isChecked(),
            self.ui.checkArtillery.isChecked(),
            self.roller,
        )
        self.ui.checkResult.setText(result.explanation)
        typed = typed_die(self.ui.checkDieEdit) is not None
        dice = [(_("check die"), result.die, typed)] if result.die is not None else []
        self.keep(make_result(_("Hit check"), result.explanation, {_("hits"): result.hits}, dice))
        self.ui.hitsSpin.setValue(0)  # checked: the next fire is at a fresh unit
