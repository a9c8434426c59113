"""What a tired organiser met on a campaign night, driving the real window: Tab then Enter on
"Keep what was entered?" must never throw the battle away; against the computer the situation
modifiers cannot be changed once the app has rolled the dice (a slip would turn the result); the
words about a battle kept for later never offer what is refused, and name the page it was left
on plainly; the side panel's next step and the roll-to-destroy refusal say what can be done."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.main_window import MainWindow
from tests.ui.test_battle_entry import answer, press, question, to_b1_c1_result, type_in, vp_boxes


@pytest.fixture
def computer_allies(tmp_path, qtbot):
    """Turn 1 of a General's Wargame, the computer playing the Allies: the Axis attack."""
    path = tmp_path / "game.campaign"
    with CampaignFile.create(path, play="wargame", computer="allied") as made:
        made.apply(made.read_actions([{"type": "start_turn"}]))
    window = MainWindow(path, remember=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


def _to_the_dice_against_the_computer(window, qtbot):
    """B1 → C1 with IT-INF-1; the computer chooses its defence: the result page."""
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    wizard.pages["commit"].attacker.boxes["IT-INF-1"].click()
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "result"
    return wizard


def test_tab_then_enter_on_the_keep_question_never_throws_the_battle_away(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    type_in(qtbot, vp_boxes(wizard)[0], "5")
    press(qtbot, Qt.Key.Key_Escape, wizard)
    asked = question(qtbot, "keepQuestion")
    asked.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is asked, timeout=3000)
    qtbot.keyClick(QApplication.focusWidget() or asked, Qt.Key.Key_Tab)
    focus = QApplication.focusWidget()
    assert focus is not None and focus.text().replace("&", "") != "Discard", "Tab never lands on Discard"
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not asked.isVisible(), timeout=3000)
    kept = window.session.kept_entry()
    entry = kept if kept is not None else wizard.draft.entry
    assert entry.games == ((5, None),), "what was typed is still there"


def test_against_the_computer_the_modifiers_are_fixed_once_the_app_rolled(computer_allies, qtbot, app_rolls):
    app_rolls.extend([1, 6])
    wizard = _to_the_dice_against_the_computer(computer_allies, qtbot)
    result = wizard.pages["result"]
    assert not result.attacker_mod.isReadOnly(), "before the dice, a modifier may be set"
    qtbot.mouseClick(result.attacker_die.roll_button, Qt.MouseButton.LeftButton)
    for spin in (result.attacker_mod, result.defender_mod):
        assert spin.isReadOnly(), "the dice are thrown: the modifiers stand"
        type_in(qtbot, spin, "5")
        assert spin.value() == 0
    assert "modifier" in result.attacker_mod.toolTip()
    qtbot.mouseClick(result.defender_die.roll_button, Qt.MouseButton.LeftButton)
    assert "the defender wins" in result.outcome.text(), "1 + 1 against 6 + 2: the typed 5 changed nothing"


def test_between_two_players_the_modifiers_stay_open_after_the_dice(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = to_b1_c1_result(window, qtbot)
    result = wizard.pages["result"]
    result.wargame.click()
    type_in(qtbot, result.attacker_die.box, "3")
    type_in(qtbot, result.defender_die.box, "4")
    assert not result.attacker_mod.isReadOnly(), "two people at the table agree their modifiers"


def test_a_kept_battle_that_cannot_be_thrown_away_is_not_offered_as_if_it_could(computer_allies, qtbot, app_rolls):
    app_rolls.extend([3, 4])
    window = computer_allies
    wizard = _to_the_dice_against_the_computer(window, qtbot)
    result = wizard.pages["result"]
    qtbot.mouseClick(result.attacker_die.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.cancel_button, Qt.MouseButton.LeftButton)
    asked = question(qtbot, "keepQuestion")
    words = asked.informativeText()
    assert "Discard: it is thrown away" not in words and "stay on record" not in words, words
    assert "final" in words
    answer(qtbot, asked, "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    detail = offered.informativeText()
    assert "or discard it" not in detail and "stay on record" not in detail, detail
    assert "Carry on with it" in detail and "final" in detail
    answer(qtbot, offered, "Go back")


def test_a_battle_kept_at_the_troops_says_the_page_plainly(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    wizard.pages["commit"].attacker.boxes["IT-INF-1"].click()
    press(qtbot, Qt.Key.Key_Escape, wizard)
    answer(qtbot, question(qtbot, "keepQuestion"), "Keep for later")
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=3000)
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    offered = question(qtbot, "keptBattleQuestion")
    assert "B1 Vlore → C1 Ioannina, at the choice of troops" in offered.text(), offered.text()
    answer(qtbot, offered, "Go back")


def test_the_next_step_after_the_agreed_battles_reads_as_a_sentence(computer_allies, qtbot):
    window = computer_allies
    from campaign_manager.ui.campaign_panel import next_step

    with CampaignFile.open(window.campaign.path) as campaign:
        sc, st = campaign.scenario, campaign.state
    st = dataclasses.replace(st, battles_fought=st.battles_required)
    words = next_step(sc, st)
    assert "all the General's Wargame agreed" not in words, words
    assert "all the battles agreed for this turn of the General's Wargame" in words, words


def test_against_the_computer_the_roll_to_destroy_refusal_says_press_roll(computer_allies, qtbot, app_rolls):
    app_rolls.extend([6, 1])
    wizard = _to_the_dice_against_the_computer(computer_allies, qtbot)
    result = wizard.pages["result"]
    qtbot.mouseClick(result.attacker_die.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(result.defender_die.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    assert wizard.page_name == "destroy"
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    said = wizard.pages["destroy"].problem.text()
    assert "Type" not in said and "Roll" in said, said


def test_what_if_says_each_side_s_chance_beside_the_single_most_likely_result():
    from collections import Counter

    from campaign_manager.engine.whatif import Interval, side_wins, wilson
    from campaign_manager.scenario import load_scenario
    from campaign_manager.ui.wargame.whatif_dialog import summary_words, wins_words
    from tests.wargame.whatif_answers import an_answer

    sc = load_scenario()
    outcomes = {
        "Axis strategic victory": 23,
        "Axis operational victory": 9,
        "Axis tactical victory": 3,
        "draw": 21,
        "Allied tactical victory": 13,
        "Allied operational victory": 20,
        "Allied strategic victory": 11,
    }
    answer = an_answer(
        playouts=100,
        stopped="precise",
        precision=0.02,
        outcomes=outcomes,
        most_battles_in_a_turn=12,
        wins=side_wins(sc, Counter(outcomes), 100),
        intervals={"draw": Interval(*wilson(21, 100))},
    )
    words = wins_words(sc, answer)
    assert "the Axis win 35% (26–45), the Allies 44% (35–54), draw 21% (14–30)" in words, words
    words = summary_words(sc, answer)
    assert "The single most likely result: Axis strategic victory." in words, words


def test_against_the_computer_a_figure_typed_in_a_die_box_is_answered(computer_allies, qtbot, app_rolls):
    app_rolls.extend([4])
    wizard = _to_the_dice_against_the_computer(computer_allies, qtbot)
    die = wizard.pages["result"].attacker_die
    qtbot.mouseClick(die.box, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(die.box, "6")
    assert die.value() is None, "nothing is typed against the computer"
    assert die.problem.isVisible() and "press Roll" in die.problem.text(), "the keystroke is answered"
    qtbot.mouseClick(die.roll_button, Qt.MouseButton.LeftButton)
    assert not die.problem.isVisible()
    qtbot.keyClicks(die.box, "2")
    assert die.value() == 4 and "final" in die.problem.text()


def test_against_the_computer_the_battle_count_box_is_greyed_and_the_keyboard_starts_in_the_extras(tmp_path, qtbot):
    from tests.shared import FULL_CAMPAIGN

    path = tmp_path / "game.campaign"
    with CampaignFile.create(path, play="wargame", computer="axis") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"]))
    window = MainWindow(path, remember=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    try:
        window.menu_actions[MenuAction.START_TURN].trigger()
        asked = window.turn_menu.start_dialog
        qtbot.waitExposed(asked.root)
        assert not asked.valueEdit.isEnabled(), "the app rolls the count: the box does not look open"
        focus = asked.root.focusWidget()  # where the keyboard is in the dialog
        assert focus is asked.extraSpin or asked.extraSpin.isAncestorOf(focus), "the extra battles may be set"
        asked.root.reject()
    finally:
        window.close()


def test_a_general_s_wargame_offers_no_suggested_mission(computer_allies, qtbot):
    """Missions are for tabletop games: the dice-only General's Wargame's commit page has no
    mission die (it offered one, 'optional', to be rolled for nothing)."""
    wizard = computer_allies.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    commit = wizard.pages["commit"]
    assert not commit.mission_row.isVisibleTo(commit) and commit.mission.box not in commit.tab_chain()


def test_a_tabletop_battle_still_offers_its_suggested_mission(open_window, qtbot):
    window = open_window([{"type": "start_turn"}])
    wizard = window.battle_menu.new_battle()
    wizard.pages["arrow"].choose("B1", "C1")
    qtbot.mouseClick(wizard.next_button, Qt.MouseButton.LeftButton)
    commit = wizard.pages["commit"]
    assert commit.mission_row.isVisibleTo(commit) and commit.mission.box in commit.tab_chain()
