"""Nothing entered in the battle wizard is lost, and a die the app rolled is final and on record
(RULES.md, dice on record), driven as a tired organiser drives it, with keys and clicks: Escape
with entries asks first (and Escape on that question goes back), Tab then Enter after the last VP
goes on, Back from the retreat keeps the rolls to destroy, an untouched result page cannot record
a 0–0 battle, Roll works once, a battle kept for later comes back with the same dice, and
against the computer a lost initiative cannot be rolled again."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.main_window import MainWindow
from tests.shared import FULL_CAMPAIGN
from tests.ui.windows import the_log

KEPT_WORDS = "A battle being entered is kept: Battle ▸ New battle takes it up"
TURN_TWO = FULL_CAMPAIGN["turn 1"] + [{"type": "start_turn", "dice": [4]}] + FULL_CAMPAIGN["turn 2"][1:7]


def type_in(qtbot, box: QWidget, text: str) -> None:
    """Click into a box and type, as at the table."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    box.selectAll()
    qtbot.keyClicks(box, text)


def press(qtbot, key: Qt.Key, wizard) -> None:
    """A key pressed wherever the keyboard is in the wizard."""
    focus = QApplication.focusWidget()
    qtbot.keyClick(focus if focus is not None and wizard.isAncestorOf(focus) else wizard, key)


def question(qtbot, name: str) -> QMessageBox:
    found: list[QMessageBox] = []

    def asked() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets() if w.objectName() == name and w.isVisible()]
        return bool(found)

    qtbot.waitUntil(asked, timeout=3000)
    return found[0]


def answer(qtbot, box: QMessageBox, words: str) -> None:
    button = next(b for b in box.buttons() if b.text().replace("&", "") == words)
    assert button.isEnabled(), f"{words} is not offered: {button.toolTip()}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def to_b1_c1_result(window, qtbot):
    """Turn 1: B1 → C1 chosen with clicks, IT-INF-1 and IT-CARRI against GR-INF-1: the result page."""
    wizard = window.battle_menu.new_battle()
    wizard.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is wizard, timeout=3000)  # the keyboard is the wizard's
    arrow = wizard.pages["arrow"]
    item = next(arrow.arrows.item(i) for i in range(arrow.arrows.count()) if "C1" in arrow.arrows.item(i).text())
    qtbot.mouseClick(arrow.arrows.viewport(), Qt.MouseButton.LeftButton, pos=arrow.arrows.visualItemRect(item).center())
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    commit = wizard.pages["commit"]
    for troop in ("IT-INF-1", "IT-CARRI"):
        commit.attacker.boxes[troop].click()
    commit.defender.boxes["GR-INF-1"].click()
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result"
    return wizard


def vp_boxes(wizard) -> list:
    return [box for pair in wizard.pages["result"].games for box in pair]


def test_escape_with_entries_asks_and_escape_on_the_question_goes_back(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = wizard.pages["result"]
    qtbot.mouseClick(result.add_game_button, Qt.MouseButton.LeftButton)
    for box, vp in zip(vp_boxes(wizard), ("5", "2", "4", "1")):
        type_in(qtbot, box, vp)
    press(qtbot, Qt.Key.Key_Escape, wizard)
    asked = question(qtbot, "keepQuestion")
    assert wizard.isVisible(), "Escape asks first: the battle is not thrown away"
    qtbot.keyClick(asked, Qt.Key.Key_Escape)
    assert wizard.isVisible() and not asked.isVisible(), "Escape on the question goes back, never discards"
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the answered question is gone
    qtbot.waitUntil(lambda: not shiboken6.isValid(asked), timeout=3000)
    assert result.game_scores() == ((5, 2), (4, 1))
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    assert "kept for later" in window.statusBar().currentMessage()
    assert KEPT_WORDS in window.view.panel.headline.text(), "the side panel says a battle waits"
    assert the_log(window.campaign.path)[0] == window.campaign.records, "keeping is not an action"

    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    assert "B1 Vlore → C1 Ioannina, at the result" in offered.text()
    answer(qtbot, offered, "Carry on with it")
    wizard = window.battle_menu.wizard
    assert wizard.page_name == "result" and wizard.pages["result"].game_scores() == ((5, 2), (4, 1))
    assert wizard.pages["commit"].attacker.troops() == ("IT-INF-1", "IT-CARRI")
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Discard")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    assert window.session.kept_entry() is None
    assert KEPT_WORDS not in window.view.panel.headline.text(), "thrown away: nothing waits"
    assert [r["type"] for r in window.campaign.records] == ["start_turn"], "no die of the app's: nothing to name"


def test_closing_the_window_keeps_the_entry_and_a_new_window_offers_it(open_window, make_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    type_in(qtbot, vp_boxes(wizard)[0], "6")
    path = window.campaign.path
    window.close()  # the shop closes for the night, the wizard still open
    again = make_window(path, remember=False)
    assert KEPT_WORDS in again.view.panel.headline.text(), "the side panel says a battle waits"
    again.menu_actions[MenuAction.NEW_BATTLE].trigger()
    answer(qtbot, question(qtbot, "keptBattleQuestion"), "Carry on with it")
    assert again.battle_menu.wizard.pages["result"].game_scores() == ((6, None),)


def test_tab_then_enter_after_the_last_vp_goes_on_and_never_cancels(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    attacker, defender = vp_boxes(wizard)
    type_in(qtbot, attacker, "5")
    qtbot.keyClick(attacker, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is defender
    qtbot.keyClicks(defender, "2")
    qtbot.keyClick(defender, Qt.Key.Key_Tab)
    played_by = wizard.pages["result"].players[0][0]
    assert QApplication.focusWidget() is played_by, "Tab from the last VP box goes to who played (optional)"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.isVisible() and wizard.page_name == "destroy"
    for box in (wizard.cancel_button, wizard.back_button):
        assert not box.focusPolicy() & Qt.FocusPolicy.TabFocus, f"Tab never lands on {box.text()}"


def test_tab_goes_from_game_to_game_then_to_next(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    qtbot.mouseClick(wizard.pages["result"].add_game_button, Qt.MouseButton.LeftButton)
    boxes = vp_boxes(wizard)
    qtbot.waitUntil(boxes[-1].isVisible, timeout=3000)  # a row added is shown once Qt gets round to it
    players = [box for pair in wizard.pages["result"].players for box in pair]
    boxes[0].setFocus()
    seen = []
    for _ in range(8):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    # each game's VP, then who played it, then Next
    assert seen == [boxes[1], *players[:2], *boxes[2:], *players[2:], wizard.next_button]


def test_an_untouched_result_page_records_no_0_0_battle(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    assert all(box.text() == "–" for box in vp_boxes(wizard)), "the VP boxes start blank, not at 0"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result"
    assert (
        wizard.pages["result"].problem.text() == "Game 1, the attacker's VP is empty: type the VP scored (0 if none)."
    )
    type_in(qtbot, vp_boxes(wizard)[0], "0")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert "Game 1, the defender's VP is empty" in wizard.pages["result"].problem.text()
    type_in(qtbot, vp_boxes(wizard)[1], "0")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name != "result", "0 typed is taken: a 0–0 battle if both sides say so"
    assert [r["type"] for r in window.campaign.records] == ["start_turn"], "nothing recorded yet"


def test_a_game_added_starts_blank_and_is_refused_until_typed(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    type_in(qtbot, vp_boxes(wizard)[0], "5")
    type_in(qtbot, vp_boxes(wizard)[1], "2")
    qtbot.mouseClick(wizard.pages["result"].add_game_button, Qt.MouseButton.LeftButton)
    assert [box.text() for box in vp_boxes(wizard)[2:]] == ["–", "–"], "a second game's VP start blank, not at 0"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result"
    assert "Game 2, the attacker's VP is empty" in wizard.pages["result"].problem.text()


def test_a_die_refused_on_the_destroy_page_is_said_without_widening_the_page(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    type_in(qtbot, vp_boxes(wizard)[0], "3")
    type_in(qtbot, vp_boxes(wizard)[1], "3")  # nobody defeated, 3 VP each: every troop is rolled for
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    die = wizard.pages["destroy"].dice["IT-INF-1"]  # the longest row: "... Italian Fucilieri infantry ..."
    type_in(qtbot, die.box, "7")
    assert die.problem.isVisible() and die.problem.text().startswith("A d6 cannot show 7")
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # the page laid out again with the words
    assert wizard.scroller.horizontalScrollBar().maximum() == 0, "the destroy page is wider than the wizard"


def _to_the_retreat(window, qtbot):
    """Turn 1, B1 → C1 won 5–2: the roll to destroy GR-INF-1 rolled by the app (a 2: it survives
    its 5+), then the retreat."""
    wizard = to_b1_c1_result(window, qtbot)
    attacker, defender = vp_boxes(wizard)
    type_in(qtbot, attacker, "5")
    type_in(qtbot, defender, "2")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    die = wizard.pages["destroy"].dice["GR-INF-1"]
    qtbot.mouseClick(die.roll_button, Qt.MouseButton.LeftButton)
    face = die.value()
    assert face in range(1, 7)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    return wizard, face


def test_back_from_the_retreat_keeps_the_rolls_to_destroy(open_window, qtbot, app_rolls):
    app_rolls.append(2)
    window = open_window([{"type": "start_turn"}])
    wizard, face = _to_the_retreat(window, qtbot)
    assert wizard.page_name == "retreat" and face == 2
    qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
    die = wizard.pages["destroy"].dice["GR-INF-1"]
    assert wizard.page_name == "destroy" and die.value() == face, "Back keeps the die"
    assert not die.roll_button.isVisible() and die.by_app, "still the app's, and final"
    qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.back_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "commit"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.pages["result"].game_scores() == ((5, 2),), "the pages ahead keep their entries"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.pages["destroy"].dice["GR-INF-1"].value() == face, "forward again: the same die"


def test_roll_works_once_and_the_die_is_recorded_as_the_app_s(open_window, qtbot):
    window = open_window(TURN_TWO)
    wizard = window.battle_menu.new_battle()
    initiative = wizard.pages["initiative"]
    type_in(qtbot, initiative.dice["allied"].box, "6")
    die = initiative.dice["axis"]
    qtbot.mouseClick(die.roll_button, Qt.MouseButton.LeftButton)
    face = die.value()
    assert not die.roll_button.isVisible() and not die.roll_button.isEnabled(), "Roll is gone for good"
    qtbot.mouseDClick(die.roll_button, Qt.MouseButton.LeftButton)  # a double click on where Roll was
    qtbot.keyClick(die.box, Qt.Key.Key_R)
    assert die.value() == face and die.by_app, "the app's die stands"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    wizard.pages["arrow"].choose("C2", "B2")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    wizard.pages["commit"].attacker.boxes["GR-INF-2"].click()
    wizard.leave_open()
    record = window.campaign.records[-1]
    assert record["initiative_dice"] == [6, face] and record["rolled_by_app"] == ["initiative_dice.1"], (
        "the attacker's die was typed, the defender's rolled by the app"
    )


def test_a_double_click_on_an_arrow_chooses_it_and_goes_on_one_page(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    arrows = wizard.pages["arrow"].arrows
    item = next(arrows.item(i) for i in range(arrows.count()) if "C1" in arrows.item(i).text())
    where = arrows.visualItemRect(item).center()
    qtbot.mouseClick(arrows.viewport(), Qt.MouseButton.LeftButton, pos=where)  # a double click's first press
    assert wizard.page_name == "arrow", "one click chooses"
    qtbot.mouseDClick(arrows.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert wizard.page_name == "commit" and wizard.draft.arrow_ends() == ("B1", "C1"), "a double click goes on"
    assert not wizard.history[:-1], "one page on, not two"
    assert len(window.campaign.records) == 1, "nothing recorded"


def test_the_summary_names_the_dice_the_app_rolled(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = wizard.pages["result"]
    result.wargame.click()
    type_in(qtbot, result.attacker_die.box, "6")
    qtbot.mouseClick(result.defender_die.roll_button, Qt.MouseButton.LeftButton)
    face = result.defender_die.value()
    while wizard.page_name != "summary":
        destroy = wizard.pages["destroy"]
        if wizard.page_name == "destroy":
            for die in destroy.dice.values():
                type_in(qtbot, die.box, "1")
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    lines = wizard.pages["summary"].text.text().splitlines()
    assert lines[-1] == f"Rolled by the app: the defender's General's Wargame die ({face})", lines
    assert not any("attacker's General's Wargame die" in line for line in lines), "a typed die is not the app's"


def test_cancel_and_reopen_after_app_rolls_shows_the_same_dice(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = wizard.pages["result"]
    result.wargame.click()
    for die in (result.attacker_die, result.defender_die):
        qtbot.mouseClick(die.roll_button, Qt.MouseButton.LeftButton)
    faces = (result.attacker_die.value(), result.defender_die.value())
    qtbot.mouseClick(wizard.cancel_button, Qt.MouseButton.LeftButton)
    asked = question(qtbot, "keepQuestion")
    assert "The 2 dice the app rolled stay on record" in asked.informativeText()
    answer(qtbot, asked, "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)

    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    assert "with 2 dice (2 rolled by the app)" in offered.text()
    answer(qtbot, offered, "Carry on with it")
    wizard = window.battle_menu.wizard
    result = wizard.pages["result"]
    assert wizard.page_name == "result" and result.wargame.isChecked()
    assert (result.attacker_die.value(), result.defender_die.value()) == faces, "the same dice"
    for die in (result.attacker_die, result.defender_die):
        assert die.by_app and not die.roll_button.isVisible(), "still the app's, never rolled again"
        qtbot.keyClick(die.box, Qt.Key.Key_R)
    assert (result.attacker_die.value(), result.defender_die.value()) == faces

    qtbot.mouseClick(wizard.cancel_button, Qt.MouseButton.LeftButton)
    answer(qtbot, question(qtbot, "keepQuestion"), "Discard")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    discard = window.campaign.records[-1]
    assert discard == {
        "type": "discard",
        "battle": "B1 Vlore → C1 Ioannina",
        "dice": {"wargame.attacker_die": faces[0], "wargame.defender_die": faces[1]},
    }
    words = window.view.log.lines.stringList()[-1]
    assert "thrown away unrecorded" in words and f"the attacker's General's Wargame die ({faces[0]})" in words
    assert "Rolled by the app" not in words, "the dice are said once"
    assert window.session.kept_entry() is None


def test_a_battle_recorded_marks_the_app_s_dice_in_the_log(open_window, qtbot, app_rolls):
    app_rolls.append(4)
    window = open_window([{"type": "start_turn"}])
    wizard, face = _to_the_retreat(window, qtbot)
    while wizard.page_name != "summary":
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.record_button, Qt.MouseButton.LeftButton)
    record = window.campaign.records[-1]
    assert record["destroy_dice"] == {"GR-INF-1": face} and record["rolled_by_app"] == ["destroy_dice.GR-INF-1"]
    assert window.session.kept_entry() is None, "recorded: nothing is kept for later"
    assert f"Rolled by the app: the roll to destroy GR-INF-1 ({face})" in window.view.log.lines.stringList()[-1]
    battles = window.view.history.model
    column = [battles.headerData(c, Qt.Orientation.Horizontal) for c in range(battles.columnCount())].index(
        "Destroy rolls"
    )
    cell = battles.index(battles.rowCount() - 1, column)
    assert battles.data(cell) == f"GR-INF-1 rolled {face}* (needed 5+)", "the Battles tab marks the app's die"
    assert "a die the app rolled" in battles.data(cell, Qt.ItemDataRole.ToolTipRole)


@pytest.fixture
def against_the_computer(tmp_path, qtbot):
    """Turn 2 of a General's Wargame against the computer (the Axis), planned, no battle yet."""
    path = tmp_path / "game.campaign"
    with CampaignFile.create(path, play="wargame", computer="axis") as made:
        made.apply(made.read_actions(TURN_TWO))
    window = MainWindow(path, remember=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


def test_against_the_computer_a_lost_initiative_cannot_be_rolled_again(against_the_computer, qtbot):
    window = against_the_computer
    wizard = window.battle_menu.new_battle()
    initiative = wizard.pages["initiative"]
    assert all(die.box.isReadOnly() for die in initiative.dice.values()), "every die is the app's"
    qtbot.keyClicks(initiative.dice["allied"].box, "6")
    assert initiative.dice["allied"].value() is None, "nothing can be typed against the computer"
    qtbot.mouseClick(initiative.dice["allied"].roll_button, Qt.MouseButton.LeftButton)
    record = window.campaign.records[-1]
    assert record["type"] == "initiative" and record["rolled_by_app"] == ["dice.allied", "dice.axis"], (
        "the roll is recorded at once"
    )
    faces = {side: die.value() for side, die in initiative.dice.items()}
    assert faces == record["dice"]
    assert not any(die.roll_button.isVisible() for die in initiative.dice.values())
    winner = window.session.state.initiative[0]
    undo = window.menu_actions[MenuAction.UNDO]  # nor is it taken back to be rolled again
    assert not undo.isEnabled() and "is final (the app rolled its dice)" in undo.text(), undo.text()
    undo.trigger()
    assert window.campaign.records[-1] == record

    qtbot.mouseClick(wizard.cancel_button, Qt.MouseButton.LeftButton)
    asked = question(qtbot, "keepQuestion")
    discard = next(b for b in asked.buttons() if b.text().replace("&", "") == "Discard")
    assert not discard.isEnabled(), "the dice against the computer are final"
    answer(qtbot, asked, "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)

    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    assert not next(b for b in offered.buttons() if b.text().replace("&", "") == "Discard it").isEnabled()
    answer(qtbot, offered, "Carry on with it")
    wizard = window.battle_menu.wizard
    initiative = wizard.pages["initiative"]
    assert {side: die.value() for side, die in initiative.dice.items()} == faces, "the same dice"
    assert not any(die.roll_button.isVisible() for die in initiative.dice.values())
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "arrow" and wizard.draft.side == winner
    assert [r["type"] for r in window.campaign.records].count("initiative") == 1


def test_resolving_an_open_arrow_is_kept_and_offered_again(open_window, qtbot):
    window = open_window(
        TURN_TWO
        + [
            {
                "type": "battle",
                "from": "C2",
                "to": "B2",
                "initiative_dice": [4, 2],
                "attacker": {"troops": ["GR-INF-2"]},
                "defender": {"troops": []},
            }
        ]
    )
    resolve = window.menu_actions.submenu(MenuAction.RESOLVE_BATTLE).actions()
    resolve[0].trigger()
    wizard = window.battle_menu.wizard
    wizard.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is wizard, timeout=3000)
    type_in(qtbot, vp_boxes(wizard)[0], "4")
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    window.menu_actions.submenu(MenuAction.RESOLVE_BATTLE).actions()[0].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    assert "C2 Kastoria → B2 Korce (Corizza), at the result" in offered.text()
    answer(qtbot, offered, "Carry on with it")
    wizard = window.battle_menu.wizard
    assert wizard.open_arrow is not None and wizard.pages["result"].game_scores() == ((4, None),)
    assert not wizard.back_button.isEnabled(), "the result is the first page of an open arrow"


def test_a_read_only_campaign_keeps_the_entry_while_the_app_is_open_and_says_so(open_window, qtbot, monkeypatch):
    window = open_window([{"type": "start_turn"}])
    monkeypatch.setattr(window.campaign.log, "readonly", True)
    wizard = to_b1_c1_result(window, qtbot)
    type_in(qtbot, vp_boxes(wizard)[0], "3")
    assert wizard.kept_line.isVisible() and "kept only while the app is open" in wizard.kept_line.text()
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    assert "only while the app is open" in window.statusBar().currentMessage()
    assert window.session.kept_entry().games == ((3, None),)


def test_a_vp_typo_is_refused_with_a_word_that_goes_once_a_vp_is_taken(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    box = vp_boxes(wizard)[0]
    type_in(qtbot, box, "w")
    problem = wizard.pages["result"].problem
    assert box.number() is None and problem.text() == "'w' is not a number: type the VP scored (0 to 99)."
    qtbot.keyClicks(box, "4")
    assert box.number() == 4 and problem.text() == ""


def test_removing_a_game_with_entries_asks_first_and_keep_it_keeps_it(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = wizard.pages["result"]
    qtbot.mouseClick(result.add_game_button, Qt.MouseButton.LeftButton)
    for box, vp in zip(vp_boxes(wizard), ("5", "2", "6", "1")):
        type_in(qtbot, box, vp)
    result.players[1][0].set_name("Yannis K")
    qtbot.mouseClick(result.remove_game_button, Qt.MouseButton.LeftButton)  # meant Add a game
    asked = question(qtbot, "removeGameQuestion")
    assert "6 to 1 VP, played by Yannis K" in asked.informativeText()
    qtbot.keyClick(asked, Qt.Key.Key_Escape)
    assert result.game_scores() == ((5, 2), (6, 1)), "Escape on the question keeps the game"
    assert result.typed_players()[1] == ("Yannis K", None)
    qtbot.mouseClick(result.remove_game_button, Qt.MouseButton.LeftButton)
    answer(qtbot, question(qtbot, "removeGameQuestion"), "Remove it")
    assert result.game_scores() == ((5, 2),)


def test_removing_a_blank_game_asks_nothing(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = wizard.pages["result"]
    qtbot.mouseClick(result.add_game_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(result.remove_game_button, Qt.MouseButton.LeftButton)
    assert result.game_scores() == ((None, None),)
    assert not [w for w in QApplication.topLevelWidgets() if w.objectName() == "removeGameQuestion" and w.isVisible()]


def test_the_commit_page_gives_the_keyboard_to_the_first_troop_not_the_sortie(open_window, qtbot):
    """Enter on the arrow, then Space: the first attacking troop is ticked. The keyboard was left on
    the attacker's sortie, where Down (or the wheel) spends the turn's sortie without a word."""
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is wizard, timeout=3000)
    wizard.pages["arrow"].arrows.setCurrentRow(0)  # B1 → C1
    press(qtbot, Qt.Key.Key_Return, wizard)
    commit = wizard.pages["commit"]
    assert wizard.page_name == "commit"
    first = next(iter(commit.attacker.boxes.values()))
    assert QApplication.focusWidget() is first
    press(qtbot, Qt.Key.Key_Space, wizard)
    assert first.isChecked()
    press(qtbot, Qt.Key.Key_Down, wizard)
    assert commit.attacker.sortie.currentIndex() == 0, "no sortie chosen by a stray key"


def test_closing_the_window_mid_battle_says_the_battle_is_kept_and_offered_back(open_window, qtbot, tmp_path):
    """File ▸ Quit (as the close button) while a battle is being entered asks first, saying that
    nothing is recorded and that the battle is kept as typed and offered again; Go back keeps the
    window, Close the window closes it, and the battle comes back on opening the campaign."""
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    type_in(qtbot, vp_boxes(wizard)[0], "5")
    window.menu_actions[MenuAction.QUIT].trigger()
    asked = question(qtbot, "closeQuestion")
    assert "B1 Vlore → C1 Ioannina, at the result" in asked.text()
    assert "Nothing of it is recorded yet" in asked.informativeText()
    assert "offers it back" in asked.informativeText()
    assert window.isVisible()
    answer(qtbot, asked, "Go back")
    assert window.isVisible() and wizard.isVisible()
    window.menu_actions[MenuAction.QUIT].trigger()
    answer(qtbot, question(qtbot, "closeQuestion"), "Close the window")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    again = MainWindow(tmp_path / "shop.campaign", remember=False)
    qtbot.addWidget(again)
    kept = again.session.kept_entry()
    assert kept is not None and kept.games == ((5, None),)
    again.close()


def test_closing_the_window_with_nothing_entered_asks_nothing(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    window.battle_menu.new_battle()
    window.menu_actions[MenuAction.QUIT].trigger()
    assert not window.isVisible()


def test_the_last_page_says_the_battle_is_kept_as_typed_until_it_is_recorded(open_window, qtbot, tmp_path):
    """The page with Record the battle says what is true: the battle is not in the history yet,
    but what was typed is kept (in the file, offered again), not "nothing is recorded"."""
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    wizard.pages["result"].set_games((2, 2))  # nobody defeated, no roll to destroy
    wizard.next()
    wizard.next()
    assert wizard.page_name == "summary"
    said = wizard.pages["summary"].rule.text()
    assert "Nothing is recorded" not in said
    assert "kept as typed" in said and "Record the battle puts it in the campaign's history" in said
    with CampaignFile.open(tmp_path / "shop.campaign", readonly=True) as kept:
        entry = kept.kept_entry()
    assert entry is not None and entry.games == ((2, 2),), "the words hold: the file keeps the entry as typed"


def test_a_refused_mission_die_is_not_dropped_without_a_word(open_window, qtbot):
    """A 7 typed for the suggested mission is refused beside the box; Next then stops once and
    says it was not taken (type 1 to 6, Roll, or Next again for no mission): it went on silently
    as if no mission die had been typed. Next again goes on without one; a die typed after the 7
    is taken as usual."""
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    wizard.back()
    commit = wizard.pages["commit"]
    type_in(qtbot, commit.mission.box, "7")
    assert commit.mission.value() is None
    wizard.next()
    assert wizard.page_name == "commit"
    assert "not taken (a d6 cannot show 7" in commit.problem.text()
    assert "press Next again to go on without a suggested mission" in commit.problem.text()
    wizard.next()
    assert wizard.page_name == "result" and wizard.draft.mission_die is None
    wizard.back()
    type_in(qtbot, commit.mission.box, "7")
    type_in(qtbot, commit.mission.box, "4")
    wizard.next()
    assert wizard.page_name == "result" and wizard.draft.mission_die == 4


def test_a_refused_mission_die_is_said_when_the_arrow_is_placed_for_later(open_window, qtbot):
    """Place the arrow, result later, after a 7 typed for the mission: said once, nothing placed;
    pressed again, the arrow is placed without a mission."""
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    wizard.back()
    commit = wizard.pages["commit"]
    type_in(qtbot, commit.mission.box, "7")
    qtbot.mouseClick(wizard.open_button, Qt.MouseButton.LeftButton)
    assert "press Place the arrow again to go on without a suggested mission" in commit.problem.text()
    assert not window.campaign.state.open_arrows
    qtbot.mouseClick(wizard.open_button, Qt.MouseButton.LeftButton)
    [arrow] = window.campaign.state.open_arrows
    assert (arrow.origin, arrow.target) == ("B1", "C1") and "mission_die" not in window.campaign.records[-1]
