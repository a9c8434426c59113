"""Drive the Opa Opa panel once through each tab, as a player at the counter would."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from campaign_manager.dice import ScriptedRoller
from campaign_manager.ui.assist import make_panel
from campaign_manager.ui.assist.opa_panel import Panel


def click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


# the offscreen platform warns that it cannot pass size hints on when a window is shown
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_panel_fire_check_rally_react_and_fight(qtbot, qtmodeltester):
    panel = Panel(roller=ScriptedRoller([2, 6, 5, 1]))
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.ui.tabs.count() == 6  # five calculators and the evening's results

    fire = panel.fire.ui
    fire.targetCombo.setCurrentIndex(fire.targetCombo.findData("line"))
    fire.diceEdit.setText("3,2,6,5")
    click(qtbot, fire.fireButton)
    assert fire.fireResult.text().startswith("2 hits on infantry or cavalry in line")
    assert fire.hitsSpin.value() == 2  # carried over to the hit check
    fire.checkDieEdit.setText("2")
    click(qtbot, fire.checkButton)
    assert "shaken and falls back 1 band" in fire.checkResult.text()

    # a battery of 2 stands at grapeshot range, dice rolled by the app: 2, 6, 5, 1 on a column
    fire.targetCombo.setCurrentIndex(fire.targetCombo.findData("column"))
    fire.weaponCombo.setCurrentIndex(fire.weaponCombo.findData("heavy-battery"))
    fire.rangeSpin.setValue(2)
    fire.standsSpin.setValue(2)
    fire.diceEdit.clear()
    click(qtbot, fire.fireButton)
    assert fire.fireResult.text().startswith("2 hits on infantry in column: dice 2, 6, 5, 1")

    morale = panel.morale.ui
    morale.rallyClass.setCurrentText("D")
    morale.rallyState.setCurrentText("routed")
    morale.rallyDie.setText("5")
    click(qtbot, morale.rallyButton)
    assert "stays shaken for the rest of the game" in morale.rallyResult.text()
    morale.reactionClass.setCurrentText("C")
    morale.reactionShaken.setChecked(True)
    morale.reactionDie.setText("7")
    click(qtbot, morale.reactionButton)
    assert morale.reactionResult.text() == "Reaction die: a d6 cannot show 7 (it shows 1 to 6)"
    morale.reactionDie.setText("5")
    click(qtbot, morale.reactionButton)
    assert panel.ui.messageLabel.text() == "" and morale.reactionResult.styleSheet() == ""
    assert morale.reactionResult.text().endswith("= 4: the unit reacts.")
    qtmodeltester.check(panel.morale.classes)

    combat = panel.combat.ui
    combat.attackerTroop.setCurrentIndex(combat.attackerTroop.findData("cavalry-line"))
    combat.defenderTroop.setCurrentIndex(combat.defenderTroop.findData("greek-infantry-line"))
    combat.attackerDie.setText("2")
    combat.defenderDie.setText("3")
    combat.defenderSupport.setValue(1)
    click(qtbot, combat.fightButton)
    # cavalry in line attacking infantry: 2 +4 = 6; Greek line against cavalry: 3 +1, support +1 = 5
    assert "The attacker wins, 6 to 5." in combat.winnerLabel.text()
    model = panel.combat.factors
    qtmodeltester.check(model)
    totals = [model.index(row, 2).data() for row in range(model.rowCount()) if model.index(row, 1).data() == "Total"]
    assert totals == ["6", "5"]

    # Against infantry the Greek line defends at 3 but counter-attacks at 2 (its ATTACK card).
    combat.attackerTroop.setCurrentIndex(combat.attackerTroop.findData("turkish-infantry-column"))
    click(qtbot, combat.fightButton)
    assert "The defender wins, 7 to 5." in combat.winnerLabel.text()
    combat.defenderAttacks.setChecked(True)
    click(qtbot, combat.fightButton)
    assert "The defender wins, 6 to 5." in combat.winnerLabel.text()
    combat.defenderAttacks.setChecked(False)
    combat.attackerTroop.setCurrentIndex(combat.attackerTroop.findData("cavalry-line"))

    combat.fanaticCheck.setChecked(True)  # cavalry of either nation: whose? then Turkish only
    click(qtbot, combat.fightButton)
    assert "say whose they are" in combat.winnerLabel.text() and combat.combatNotes.text() == ""
    combat.attackerNation.setCurrentIndex(combat.attackerNation.findData("greek"))
    click(qtbot, combat.fightButton)
    assert "only Turkish troops" in combat.winnerLabel.text()
    combat.attackerNation.setCurrentIndex(combat.attackerNation.findData("turkish"))
    click(qtbot, combat.fightButton)
    assert "The attacker wins, 8 to 5." in combat.winnerLabel.text()
    combat.attackerNation.setCurrentIndex(0)
    combat.attackerTroop.setCurrentIndex(combat.attackerTroop.findData("artillery"))
    click(qtbot, combat.fightButton)
    assert "fanatic attack" in combat.winnerLabel.text() and "wins" not in combat.winnerLabel.text()

    move = panel.movement.ui  # infantry in column on a MARCH card, on a road, through rough ground: 4 + 1 - 1
    move.unitCombo.setCurrentIndex(move.unitCombo.findData("infantry-column"))
    move.cardCombo.setCurrentIndex(move.cardCombo.findData("MARCH"))
    move.roadCheck.setChecked(True)
    rough = next(
        move.penaltyList.item(i)
        for i in range(move.penaltyList.count())
        if move.penaltyList.item(i).data(Qt.ItemDataRole.UserRole) == "rough"
    )
    rough.setCheckState(Qt.CheckState.Checked)
    click(qtbot, move.moveButton)
    assert "Moves 4 bands, 16 inches." in move.moveResult.text()
    move.cardCombo.setCurrentIndex(move.cardCombo.findData("ATTACK"))
    facing = next(
        move.penaltyList.item(i)
        for i in range(move.penaltyList.count())
        if move.penaltyList.item(i).data(Qt.ItemDataRole.UserRole) == "change-facing"
    )
    facing.setCheckState(Qt.CheckState.Checked)
    click(qtbot, move.moveButton)
    assert "needs a MARCH card" in move.moveResult.text() and "Moves" not in move.moveResult.text()
    move.cardCombo.setCurrentIndex(move.cardCombo.findData("MARCH"))  # fixed: the refusal goes
    assert move.moveResult.text() == ""

    reference = panel.reference
    assert "Move units" in reference.ui.turnSequence.text()
    assert reference.orders.rowCount() == 6
    qtmodeltester.check(reference.orders)
    qtmodeltester.check(reference.factors)


def test_assist_menu_factory_builds_the_panel(qtbot):
    panel = make_panel("opa")
    qtbot.addWidget(panel)
    assert isinstance(panel, Panel)


def test_two_fires_at_one_unit_add_their_hits_before_the_check(qtbot):
    # 5,6,2 at a line (hits on 5+): 2 hits; then 6: 1 more. 3 hits in all, check die 3 ≤ 3: shaken
    panel = Panel(roller=ScriptedRoller([]))
    qtbot.addWidget(panel)
    fire = panel.fire.ui
    fire.targetCombo.setCurrentIndex(fire.targetCombo.findData("line"))
    for dice in ("5,6,2", "6"):
        fire.diceEdit.setText(dice)
        click(qtbot, fire.fireButton)
    assert fire.hitsSpin.value() == 3
    assert "3 hits in all" in fire.fireResult.text()
    fire.checkDieEdit.setText("3")
    click(qtbot, fire.checkButton)
    assert "shaken" in fire.checkResult.text() and "holds" not in fire.checkResult.text()
    assert fire.hitsSpin.value() == 0  # the next fire is at another unit


def test_infantry_in_line_is_not_offered_the_road(qtbot):
    panel = Panel(roller=ScriptedRoller([]))
    qtbot.addWidget(panel)
    move = panel.movement.ui
    move.roadCheck.setChecked(True)
    move.unitCombo.setCurrentIndex(move.unitCombo.findData("infantry-line"))
    assert not move.roadCheck.isEnabled() and not move.roadCheck.isChecked()
    click(qtbot, move.moveButton)
    assert "Moves 2 bands" in move.moveResult.text()


# the offscreen platform cannot raise a window or pass size hints on
@pytest.mark.qt_log_ignore("raise", "propagateSizeHints")
def test_the_evenings_results_are_listed_taken_back_exported_printed_and_shown(qtbot, tmp_path):
    from PySide6.QtPrintSupport import QPrinter

    panel = Panel(roller=ScriptedRoller([4]))
    qtbot.addWidget(panel)
    box = panel.results
    fire = panel.fire.ui
    fire.targetCombo.setCurrentIndex(fire.targetCombo.findData("line"))
    fire.diceEdit.setText("5,6,2")
    click(qtbot, fire.fireButton)
    click(qtbot, fire.checkButton)  # the app rolls the check die: 4, over 2 hits
    lines = box.model.stringList()
    assert lines[0].startswith("1. Fire: 2 hits") and lines[1].startswith("2. Hit check: Die 4")
    click(qtbot, box.ui.undoButton)
    assert len(box.model.stringList()) == 1 and box.ui.redoButton.isEnabled()
    click(qtbot, box.ui.redoButton)
    assert len(box.model.stringList()) == 2 and not box.ui.redoButton.isEnabled()

    box.choose_export = lambda _parent, _title: str(tmp_path / "evening.csv")
    click(qtbot, box.ui.exportButton)
    written = (tmp_path / "evening.csv").read_text(encoding="utf-8")
    assert "check die 4 (rolled by the app)" in written and "die 5 (typed)" in written

    printed = tmp_path / "evening.pdf"

    def to_pdf(_parent, printer, _title, accepted):
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed))
        accepted()

    box.choose_printer = to_pdf
    click(qtbot, box.ui.printButton)
    assert printed.read_bytes().startswith(b"%PDF")

    click(qtbot, box.ui.showButton)
    assert box.big is not None and box.big.isVisible()
    assert "Hit check" in box.big.findChild(type(fire.fireResult), "bigResult").text()
    box.big.close()


def test_a_routed_unit_is_offered_no_reaction_die(qtbot):
    panel = Panel(roller=ScriptedRoller([]))
    qtbot.addWidget(panel)
    morale = panel.morale.ui
    morale.reactionDie.setText("6")
    morale.reactionRouted.setChecked(True)
    assert not morale.reactionDie.isEnabled() and morale.reactionDie.text() == ""
    click(qtbot, morale.reactionButton)
    assert "routed unit cannot react" in morale.reactionResult.text()


def test_the_record_is_never_written_over_a_file_of_another_kind(qtbot, tmp_path):
    # a tired organiser picks the game file itself in the export dialog (and confirms the overwrite)
    panel = Panel(roller=ScriptedRoller([]))
    qtbot.addWidget(panel)
    fire = panel.fire.ui
    fire.diceEdit.setText("5,6")
    click(qtbot, fire.fireButton)
    game = tmp_path / "evening.agt"
    game.write_bytes(b"SQLite format 3\x00")
    panel.results.choose_export = lambda _parent, _title: str(game)
    click(qtbot, panel.results.ui.exportButton)
    assert game.read_bytes() == b"SQLite format 3\x00"
    assert "evening.agt is not a record of results" in panel.ui.messageLabel.text()
    panel.results.choose_export = lambda _parent, _title: str(tmp_path)  # a folder: one sentence
    click(qtbot, panel.results.ui.exportButton)
    assert "could not be written" in panel.ui.messageLabel.text()


def test_a_double_click_on_count_hits_fires_once(qtbot):
    # the hits add up from fire to fire: a double click's second press must not count the dice again
    from tests.ui.test_wizard_double_clicks import double_click

    panel = Panel(roller=ScriptedRoller([]))
    qtbot.addWidget(panel)
    fire = panel.fire.ui
    fire.targetCombo.setCurrentIndex(fire.targetCombo.findData("line"))
    fire.diceEdit.setText("5,6,2")
    double_click(qtbot, fire.fireButton)
    assert fire.hitsSpin.value() == 2 and len(panel.results.model.stringList()) == 1
    click(qtbot, fire.fireButton)  # a second click, however quick, is a second fire
    assert fire.hitsSpin.value() == 4
