"""Enter in a die box of an assist calculator works the result out, as the Conflict tab of The
Greek Civil War always did: a player types the die thrown and presses Enter, on every calculator
alike (trackers keep to their buttons: Enter twice would record twice)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from campaign_manager.dice import RandomRoller
from campaign_manager.ui.assist import agt_panel, gcw_panel, opa_panel


def typed_and_entered(qtbot, box: QLineEdit, text: str) -> None:
    box.setFocus()
    box.clear()
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_die_typed_and_enter_works_the_result_out(qtbot, tmp_path):
    agt = agt_panel.Panel(roller=RandomRoller(4), charts_path=tmp_path / "owner.toml")
    qtbot.addWidget(agt)
    combat = agt.combat.ui
    combat.attackerStrength.setValue(21)
    combat.defenderStrength.setValue(11)
    typed_and_entered(qtbot, combat.dieEdit, "5")
    assert combat.oddsLabel.text().startswith("Odds 2:1")

    checks = agt.checks.ui
    checks.aaStrength.setValue(5)
    typed_and_entered(qtbot, checks.aaDie, "6")
    assert "= 11: 2 squadrons" in checks.aaResult.text()

    opa = opa_panel.Panel(roller=RandomRoller(4))
    qtbot.addWidget(opa)
    fire = opa.fire.ui
    fire.targetCombo.setCurrentIndex(fire.targetCombo.findData("column"))
    typed_and_entered(qtbot, fire.diceEdit, "3,5,6")
    assert fire.fireResult.text().startswith("3 hits on infantry in column")
    typed_and_entered(qtbot, fire.checkDieEdit, "2")
    assert "shaken" in fire.checkResult.text()
    morale = opa.morale.ui
    typed_and_entered(qtbot, morale.rallyDie, "6")
    assert morale.rallyResult.text()
    combat_opa = opa.combat.ui
    combat_opa.attackerDie.setText("4")
    typed_and_entered(qtbot, combat_opa.defenderDie, "3")
    assert combat_opa.winnerLabel.text()


def calculators(panel) -> list:
    """The calculators' pages of a panel (not its trackers, whose buttons record)."""
    if isinstance(panel, agt_panel.Panel):
        return [panel.combat.ui.root, panel.checks.ui.root]
    if isinstance(panel, gcw_panel.Panel):
        return [panel.conflict.page]
    return [panel]


@pytest.mark.parametrize("module", [agt_panel, gcw_panel, opa_panel], ids=["agt", "gcw", "opa"])
def test_every_calculator_die_box_answers_enter(qtbot, tmp_path, module):
    """Every box of a calculator where a die may be typed (its hint says the app rolls when it
    is left empty) has Enter tied to the button that uses it."""
    panel = module.Panel()
    qtbot.addWidget(panel)
    boxes = [
        box for page in calculators(panel) for box in page.findChildren(QLineEdit) if "the app" in box.placeholderText()
    ]
    assert boxes, "the panel has die boxes"
    deaf = [box.objectName() for box in boxes if box.receivers("2returnPressed()") == 0]
    assert deaf == []
