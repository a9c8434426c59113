"""A die the app rolled belongs to the battle, not to its box (RULES.md, dice on record): typing
over it, Back, Cancel and reopen, a change of result mode and Undo of the recorded battle all keep
it and show it as the app's roll. Only an explicit correction (Correct…: the die thrown at the
table and the organiser's reason) replaces it, and the battle records both faces: the history,
`log --json` and the turn report say it. Driven through the real widgets, as at the table."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from campaign_manager.ui.actions import MenuAction
from tests.shared import run
from tests.ui.test_battle_entry import answer, question, to_b1_c1_result, type_in


def _roll_wargame(qtbot, wizard, app_rolls, faces=(6, 2)):
    """The General's Wargame dice of B1 → C1 rolled by the app (the scripted faces)."""
    result = wizard.pages["result"]
    result.wargame.click()
    app_rolls.extend(faces)
    for die in (result.attacker_die, result.defender_die):
        qtbot.mouseClick(die.roll_button, Qt.MouseButton.LeftButton)
    assert (result.attacker_die.value(), result.defender_die.value()) == faces
    return result


def _to_summary(qtbot, wizard):
    while wizard.page_name != "summary":
        if wizard.page_name == "destroy":
            for die in wizard.pages["destroy"].dice.values():
                if die.value() is None:
                    type_in(qtbot, die.box, "1")
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)


def _record(qtbot, window, wizard) -> dict:
    _to_summary(qtbot, wizard)
    length = len(window.campaign.records)
    wizard.record()
    assert len(window.campaign.records) == length + 1, wizard.page.problem.text()
    return window.campaign.records[-1]


def test_typing_over_a_die_the_app_rolled_is_refused_and_changes_nothing(open_window, qtbot, app_rolls):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = _roll_wargame(qtbot, wizard, app_rolls)
    type_in(qtbot, result.attacker_die.box, "3")  # a physical die typed over the app's
    result.attacker_die.set_value(3)  # and the programmatic way a page fills a box
    die = result.attacker_die
    assert die.value() == 6 and die.by_app and die.box.isReadOnly()
    assert die.problem.isVisible() and "correct…" in die.problem.text(), "the refusal is said beside the die"
    assert wizard.draft.entry.dice["wargame.attacker_die"] == 6
    assert "wargame.attacker_die" in wizard.draft.entry.rolled_by_app
    record = _record(qtbot, window, wizard)
    assert record["wargame"]["attacker_die"] == 6 and "wargame.attacker_die" in record["rolled_by_app"]
    assert "corrections" not in record


def test_a_correction_needs_a_reason_and_is_recorded_with_both_faces(open_window, qtbot, app_rolls, tmp_path, capsys):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = _roll_wargame(qtbot, wizard, app_rolls)
    die = result.attacker_die
    assert die.correct_button.isVisible()
    qtbot.mouseClick(die.correct_button, Qt.MouseButton.LeftButton)
    row = die.fixing
    assert row.isVisible()
    row.face.setValue(2)
    qtbot.mouseClick(row.apply_button, Qt.MouseButton.LeftButton)
    assert die.value() == 6 and "Say why" in die.problem.text(), "no reason: refused, nothing changed"
    qtbot.keyClicks(row.reason, "the players threw their own dice as well")
    qtbot.keyClick(row.reason, Qt.Key.Key_Return)
    assert not row.isVisible() and die.value() == 2 and not die.by_app
    assert "corrected (app: 6)" in die.mark.text() and "players threw" in die.mark.toolTip()
    record = _record(qtbot, window, wizard)
    assert record["wargame"]["attacker_die"] == 2
    assert record["corrections"] == [
        {"die": "wargame.attacker_die", "rolled": 6, "entered": 2, "reason": "the players threw their own dice as well"}
    ]
    assert record["rolled_by_app"] == ["wargame.defender_die"], "the corrected die is no longer the app's face"
    history = window.campaign.history()[-1]
    path = window.campaign.file
    code, out, _ = run(capsys, "log", str(path), "--json")
    logged = json.loads(out)[-1]
    assert code == 0 and logged["corrections"][0]["rolled"] == 6 and logged["corrections"][0]["entered"] == 2
    code, out, _ = run(capsys, "log", str(path))
    assert "Corrected by the organiser: the attacker's General's Wargame die rolled 6 by the app, 2 entered" in out
    assert history.action.corrections is not None
    pdf = tmp_path / "report.pdf"
    code, _, err = run(capsys, "report", str(path), "-o", str(pdf))
    assert code == 0, err
    from pypdf import PdfReader

    text = " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(pdf).pages)
    assert "rolled 6 by the app, 2 entered in its place" in text, "the turn report shows the correction"


def test_a_change_of_result_mode_keeps_the_app_s_wargame_dice(open_window, qtbot, app_rolls):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = _roll_wargame(qtbot, wizard, app_rolls)
    assert not result.tabletop.isEnabled() and "settle it" in result.tabletop.toolTip()
    qtbot.mouseClick(result.tabletop, Qt.MouseButton.LeftButton)
    assert result.wargame.isChecked() and not result.games_box.isVisible()
    qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result" and result.wargame.isChecked() and not result.tabletop.isEnabled()
    record = _record(qtbot, window, wizard)
    assert "games" not in record and record["wargame"]["attacker_die"] == 6 and record["wargame"]["defender_die"] == 2


def test_undo_of_a_battle_with_app_dice_keeps_them_for_the_re_entry(open_window, qtbot, app_rolls):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    _roll_wargame(qtbot, wizard, app_rolls)
    first = _record(qtbot, window, wizard)
    qtbot.waitUntil(lambda: window.battle_menu.wizard is None or not window.battle_menu.wizard.isVisible())
    window.menu_actions[MenuAction.UNDO].trigger()
    assert len(window.campaign.records) == 1 and window.session.has_kept_entry
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    assert "rolled by the app" in offered.text()
    answer(qtbot, offered, "Carry on with it")
    wizard = window.battle_menu.wizard
    while wizard.page_name != "result":
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    result = wizard.pages["result"]
    assert result.wargame.isChecked() and not result.tabletop.isEnabled()
    for die, face in ((result.attacker_die, 6), (result.defender_die, 2)):
        assert die.value() == face and die.by_app and not die.roll_button.isVisible() and die.box.isReadOnly()
        qtbot.keyClick(die.box, Qt.Key.Key_R)  # R in the box asks for a roll: refused
        assert die.value() == face
    again = _record(qtbot, window, wizard)
    assert again["wargame"] == first["wargame"] and again["rolled_by_app"] == first["rolled_by_app"]


def test_redo_after_undo_puts_the_battle_back_and_drops_its_re_entry(open_window, qtbot, app_rolls):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    _roll_wargame(qtbot, wizard, app_rolls)
    _record(qtbot, window, wizard)
    window.menu_actions[MenuAction.UNDO].trigger()
    assert window.session.has_kept_entry
    window.menu_actions[MenuAction.REDO].trigger()
    assert len(window.campaign.records) == 2 and not window.session.has_kept_entry


def test_no_page_of_the_wizard_lets_an_app_die_be_replaced(open_window, qtbot, app_rolls):
    """Turn 2 at the table: the initiative, the mission and the rolls to destroy rolled by the app;
    each page tried with typing over, Back and forth, Cancel and reopen: the battle records the
    app's faces, every one marked as the app's."""
    from tests.shared import FULL_CAMPAIGN

    window = open_window(FULL_CAMPAIGN["turn 1"] + [{"type": "start_turn", "dice": [4]}] + FULL_CAMPAIGN["turn 2"][1:7])
    wizard = window.battle_menu.new_battle()
    initiative = wizard.pages["initiative"]
    app_rolls.extend([6, 1])
    for side in ("allied", "axis"):
        qtbot.mouseClick(initiative.dice[side].roll_button, Qt.MouseButton.LeftButton)
    for die in initiative.dice.values():
        type_in(qtbot, die.box, "4")
    assert (initiative.dice["allied"].value(), initiative.dice["axis"].value()) == (6, 1)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    wizard.pages["arrow"].choose("C2", "B2")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    commit = wizard.pages["commit"]
    commit.attacker.tick("GR-INF-2")
    commit.defender.tick("IT-INF-3")
    mission = commit.mission
    assert mission.isVisible(), "a tabletop battle offers the suggested mission"
    app_rolls.append(3)
    qtbot.mouseClick(mission.roll_button, Qt.MouseButton.LeftButton)
    type_in(qtbot, mission.box, "5")
    assert mission.value() == 3 and mission.by_app
    qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "initiative"
    assert all(die.value() is not None and die.by_app and die.box.isReadOnly() for die in initiative.dice.values())
    qtbot.mouseClick(wizard.cancel_button, Qt.MouseButton.LeftButton)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    answer(qtbot, question(qtbot, "keptBattleQuestion"), "Carry on with it")
    wizard = window.battle_menu.wizard
    initiative = wizard.pages["initiative"]
    assert (initiative.dice["allied"].value(), initiative.dice["axis"].value()) == (6, 1)
    while wizard.page_name != "result":
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    wizard.pages["result"].set_games((20, 5))
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    destroy = wizard.pages["destroy"]
    assert wizard.page_name == "destroy"
    app_rolls.extend([1] * len(destroy.dice))
    for die in destroy.dice.values():
        qtbot.mouseClick(die.roll_button, Qt.MouseButton.LeftButton)
        type_in(qtbot, die.box, "6")
        assert die.value() == 1
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
    assert all(die.value() == 1 and die.by_app for die in destroy.dice.values())
    record = _record(qtbot, window, wizard)
    assert record["initiative_dice"] == [6, 1] and {"initiative_dice.0", "initiative_dice.1"} <= set(
        record["rolled_by_app"]
    )
    assert record["mission_die"] == 3 and "mission_die" in record["rolled_by_app"]
    assert all(record["destroy_dice"][t] == 1 for t in destroy.dice)
    assert {f"destroy_dice.{t}" for t in destroy.dice} <= set(record["rolled_by_app"])
    assert "corrections" not in record
    assert QApplication.activeModalWidget() is None
