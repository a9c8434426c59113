"""Who played each game, named on the battle wizard's result page (rule 1.10), driven with keys
and clicks: each box offers its side's roster with type-ahead, a name nobody has is a new
commander recorded with the battle (and not at all when the battle is not), a commander of the
other side is refused naming them and never reaches the log, and the names are kept with the
battle being entered like every other box."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from campaign_manager.ui.actions import MenuAction
from tests.ui.test_battle_entry import answer, press, question, to_b1_c1_result, type_in, vp_boxes
from tests.ui.windows import the_log

# The completer's popup, shown offscreen: the offscreen platform cannot raise it or grab the keys.
pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")

ROSTER = [
    {"type": "add_commander", "name": "Marco", "side": "axis", "club": "Dice Den"},
    {"type": "add_commander", "name": "mario", "side": "axis"},
    {"type": "add_commander", "name": "Giulia", "side": "axis"},
    {"type": "retire_commander", "name": "Giulia"},
    {"type": "add_commander", "name": "Anna", "side": "allied"},
]


def commander_boxes(wizard, game: int = 1):
    return wizard.pages["result"].players[game - 1]


def offered(box) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def popup_names(box) -> list[str]:
    completer = box.completer()
    model = completer.completionModel()
    return [model.index(i, 0).data() for i in range(model.rowCount())]


def type_name(qtbot, box, text: str) -> None:
    """Click into a commander box and type, as at the table."""
    line = box.lineEdit()
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton)
    line.selectAll()
    if not text:
        qtbot.keyClick(line, Qt.Key.Key_Backspace)
    elif text.isascii():
        qtbot.keyClicks(line, text)
    else:  # as an input method gives it (QTest types ASCII only)
        line.insert(text)


def finish(wizard, qtbot) -> None:
    """From the page after the result to the record: the roll to destroy GR-INF-1 typed (4: it
    survives), the retreat and the advance as offered."""
    assert wizard.page_name == "destroy"
    type_in(qtbot, wizard.pages["destroy"].dice["GR-INF-1"].box, "4")
    while wizard.page_name != "summary":
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.record_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)


@pytest.fixture
def at_the_result(open_window, qtbot):
    window = open_window([*ROSTER, {"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    for box, vp in zip(vp_boxes(wizard), ("5", "2")):
        type_in(qtbot, box, vp)
    return window, wizard


def test_each_box_offers_its_sides_roster_and_type_ahead_picks_a_name(at_the_result, qtbot):
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    assert offered(attacker) == ["", "Marco", "mario"], "the Axis attack B1→C1; the retired Giulia is not offered"
    assert offered(defender) == ["", "Anna"]
    type_name(qtbot, attacker, "AR")
    popup = attacker.completer().popup()
    qtbot.waitUntil(popup.isVisible, timeout=3000)
    assert popup_names(attacker) == ["Marco", "mario"], "any part of a name, in any case"
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert attacker.currentText() == "Marco" and not popup.isVisible()
    assert wizard.isVisible() and wizard.page_name == "result", "Return took the name, not the page"
    type_name(qtbot, defender, "ANNA")  # typed whole, in another case: the roster's spelling is recorded
    qtbot.waitUntil(defender.completer().popup().isVisible, timeout=3000)
    assert popup_names(defender) == ["Anna"]
    qtbot.keyClick(defender.completer().popup(), Qt.Key.Key_Escape)  # the popup goes, the page stays
    assert wizard.isVisible() and defender.currentText() == "ANNA" and not defender.is_new()
    assert wizard.question is None, "Escape on the popup closes it, and asks nothing"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    finish(wizard, qtbot)
    record = window.campaign.records[-1]
    assert record["type"] == "battle"
    assert record["games"] == [
        {"attacker_vp": 5, "defender_vp": 2, "attacker_commander": "Marco", "defender_commander": "Anna"}
    ]
    assert [r["type"] for r in window.campaign.records].count("add_commander") == 4, "nobody new"


def test_a_new_name_is_a_commander_added_with_the_battle(at_the_result, qtbot):
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, attacker, "Marco")
    type_name(qtbot, defender, "  Zoë K. ")
    outcome = wizard.pages["result"].outcome.text()
    assert "Nobody on the roster yet: Zoë K. (Allies). Next asks whether each is a new commander." in outcome
    before = len(window.campaign.records)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    asked = question(qtbot, "newCommanderQuestion")
    assert asked.text() == 'New commander "Zoë K."?'
    assert asked.informativeText() == (
        'Game 1, the defender\'s commander: "Zoë K." is nobody on the Allies roster. Yes: "Zoë K." joins '
        "the Allies with the battle (not at all if the battle is not recorded). No: back to the box."
    )
    assert asked.defaultButton().text() == "&Yes, a new commander", "close to nobody's name: a new commander"
    answer(qtbot, asked, "Yes, a new commander")
    assert [r["type"] for r in window.campaign.records][before:] == [], "nobody is added before the battle"
    assert window.session.state.roster[-1].name == "Anna"
    assert wizard.page_name == "destroy"
    type_in(qtbot, wizard.pages["destroy"].dice["GR-INF-1"].box, "4")
    while wizard.page_name != "summary":
        qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    summary = wizard.pages["summary"].text.text()
    assert "Zoë K. joins the Allies as a commander" in summary
    assert "Marco (Axis) against Zoë K. (Allies)" in summary
    qtbot.mouseClick(wizard.record_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    added, battle = window.campaign.records[before:]
    assert added == {"type": "add_commander", "name": "Zoë K.", "side": "allied"}
    assert battle["games"][0]["defender_commander"] == "Zoë K."
    assert the_log(window.campaign.path)[0] == window.campaign.records, "both in the file"
    window.session.undo()
    assert window.campaign.records[-1]["type"] == "add_commander", "two actions: undo takes the battle back first"


def test_half_a_name_then_tab_puts_in_the_one_commander_whose_name_holds_it(at_the_result, qtbot):
    """'ann', Tab: Anna, the one Allied commander whose name holds it; Next goes on, asking
    nothing, and nobody new joins the roster."""
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, attacker, "Marco")
    type_name(qtbot, defender, "ann")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert defender.currentText() == "Anna" and not defender.is_new()
    assert QApplication.focusWidget() is wizard.next_button, "Tab went on to Next"
    assert "New to the roster" not in wizard.pages["result"].outcome.text()
    qtbot.keyClick(wizard.next_button, Qt.Key.Key_Return)
    assert wizard.page_name == "destroy", "nothing asked"
    finish(wizard, qtbot)
    assert window.campaign.records[-1]["games"][0]["defender_commander"] == "Anna"
    assert [r["type"] for r in window.campaign.records].count("add_commander") == 4, "nobody new"


def test_half_a_name_of_several_then_tab_enter_enter_adds_nobody(at_the_result, qtbot):
    """'mar' (Marco or mario), Tab, Enter, Enter, as a tired hand does it: asked "New commander
    'mar'?", and the second Enter says No (the default when the name is close to a roster name):
    back to the box, nothing added. Asked again, Yes takes 'mar' as a new commander."""
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, defender, "Anna")
    type_name(qtbot, attacker, "mar")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert attacker.currentText() == "mar", "part of two names: left as typed"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    asked = question(qtbot, "newCommanderQuestion")
    assert wizard.page_name == "result", "not taken as a new commander at once"
    assert asked.text() == 'New commander "mar"?'
    assert asked.informativeText() == (
        'Game 1, the attacker\'s commander: "mar" is nobody on the Axis roster. Did you mean Marco or mario? '
        'Yes: "mar" joins the Axis with the battle (not at all if the battle is not recorded). No: back to the '
        "box, to choose the name."
    )
    asked.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is asked, timeout=3000)
    qtbot.keyClick(QApplication.focusWidget() or asked, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not asked.isVisible(), timeout=3000)
    assert wizard.page_name == "result" and wizard.focusWidget() is attacker, "back to the box"
    assert attacker.lineEdit().selectedText() == "mar", "selected: typing puts the name in its place"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    answer(qtbot, question(qtbot, "newCommanderQuestion"), "Yes, a new commander")
    assert wizard.page_name == "destroy", "Yes: meant as a new commander, and the battle goes on"
    finish(wizard, qtbot)
    assert window.campaign.records[-2] == {"type": "add_commander", "name": "mar", "side": "axis"}


def test_a_name_holding_a_roster_name_is_asked_about(at_the_result, qtbot):
    """'MarcoAnan': Marco, with the next box's name typed on after it. Asked about, not added
    without a word; Escape goes back to the box."""
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, attacker, "MarcoAnan")
    qtbot.keyClick(attacker.completer().popup(), Qt.Key.Key_Escape)
    type_name(qtbot, defender, "Anna")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    asked = question(qtbot, "newCommanderQuestion")
    assert wizard.page_name == "result", "not taken as a new commander at once"
    assert 'Did you mean Marco? Yes: "MarcoAnan" joins the Axis' in asked.informativeText()
    qtbot.keyClick(asked, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not asked.isVisible(), timeout=3000)
    assert wizard.page_name == "result" and attacker.currentText() == "MarcoAnan"


def test_a_part_of_a_retired_commander_s_name_is_asked_about_naming_them_retired(at_the_result, qtbot):
    """'giu' for Giulia, who has retired: Tab leaves it as typed (she plays no new games), and
    Next asks about it, naming her retired."""
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, defender, "Anna")
    type_name(qtbot, attacker, "giu")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert attacker.currentText() == "giu"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result"
    assert "Did you mean Giulia (retired)?" in question(qtbot, "newCommanderQuestion").informativeText()


def test_a_commander_of_the_other_side_is_refused_and_never_reaches_the_log(at_the_result, qtbot):
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, attacker, "anna")  # an Allied commander in the Axis box
    before = list(window.campaign.records)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    page = wizard.pages["result"]
    assert wizard.page_name == "result"
    assert "Rule 1.10" in page.problem.text() and "Anna (Allies) plays for the Allies" in page.problem.text()
    assert "not for the attacker (Axis)" in page.problem.text()
    type_name(qtbot, attacker, "Giulia")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result" and "Giulia has retired" in page.problem.text()
    assert window.campaign.records == before and the_log(window.campaign.path)[0] == before, "nothing recorded"
    type_name(qtbot, attacker, "")
    type_name(qtbot, defender, "Zoë\tK.")  # a tab pasted into a new name
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result"
    assert page.problem.text() == (
        "Game 1, the defender's commander: a name is one line of text, without control characters."
    )
    type_name(qtbot, defender, "")
    assert window.campaign.records == before, "nothing recorded"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "destroy", "a game may be left without its commanders"


def test_the_names_are_kept_with_the_battle_being_entered(at_the_result, qtbot):
    window, wizard = at_the_result
    result = wizard.pages["result"]
    qtbot.mouseClick(result.add_game_button, Qt.MouseButton.LeftButton)
    type_name(qtbot, commander_boxes(wizard, 1)[0], "mar")  # typed part of a name: kept as typed
    type_name(qtbot, commander_boxes(wizard, 2)[1], "Zoë")
    assert window.session.kept_entry().players == (("mar", None), (None, "Zoë")), "kept as it is typed"
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    answer(qtbot, question(qtbot, "keptBattleQuestion"), "Carry on with it")
    again = window.battle_menu.wizard
    assert again.page_name == "result"
    assert [box.currentText() for pair in again.pages["result"].players for box in pair] == ["mar", "", "", "Zoë"]
    assert offered(commander_boxes(again, 2)[0]) == ["", "Marco", "mario"], "an added game offers the roster too"


def test_tab_goes_through_each_games_vp_then_its_commanders_and_return_goes_on(at_the_result, qtbot):
    window, wizard = at_the_result
    attacker_vp, defender_vp = vp_boxes(wizard)
    attacker, defender = commander_boxes(wizard)
    defender_vp.setFocus()
    seen = []
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    assert seen == [attacker, defender, wizard.next_button]
    defender.setFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.page_name == "destroy", "Return in an empty commander box goes on, as from a VP box"


def test_a_battle_kept_after_a_new_name_was_said_yes_to_is_carried_on_without_asking_again(at_the_result, qtbot):
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, defender, "Zoë")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    answer(qtbot, question(qtbot, "newCommanderQuestion"), "Yes, a new commander")
    assert wizard.page_name == "destroy"
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    answer(qtbot, question(qtbot, "keptBattleQuestion"), "Carry on with it")
    again = window.battle_menu.wizard
    assert again.page_name == "destroy", "walked again past the result page: the yes was given"
    assert not [w for w in QApplication.topLevelWidgets() if w.objectName() == "newCommanderQuestion" and w.isVisible()]
    finish(again, qtbot)
    assert window.campaign.records[-2] == {"type": "add_commander", "name": "Zoë", "side": "allied"}


def test_a_new_commander_from_the_wizard_is_asked_their_club(at_the_result, qtbot):
    window, wizard = at_the_result
    attacker, defender = commander_boxes(wizard)
    type_name(qtbot, attacker, "Marco")
    type_name(qtbot, defender, "Zoë")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    asked = question(qtbot, "newCommanderQuestion")
    club = asked.findChild(QLineEdit, "newCommanderClub")
    assert club is not None and club.isVisible() and "Club or shop of Zoë" in club.placeholderText()
    club.setText("  Athens Wargamers ")
    answer(qtbot, asked, "Yes, a new commander")
    finish(wizard, qtbot)
    assert window.campaign.records[-2] == {
        "type": "add_commander",
        "name": "Zoë",
        "side": "allied",
        "club": "Athens Wargamers",
    }
