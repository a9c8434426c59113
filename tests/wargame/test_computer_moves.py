"""The computer's moves a call at a time (engine/computer_moves.py): the initiative is on record
before anyone chooses an arrow, and a person's part in a battle is given before its dice — where
the defenders retreat is theirs when it can be made, else the computer general's, and said."""

from __future__ import annotations

from campaign_manager.engine import Play
from campaign_manager.engine.actions import Place
from campaign_manager.engine.campaign import apply_action, initial_state
from campaign_manager.engine.computer_moves import Orders, computer_driver, play_on, retreat_choice
from campaign_manager.engine.driver import ChooseAttack, CommitDefence, PlaceTroop, RedeployTroops
from campaign_manager.engine.state import Commitment
from campaign_manager.scenario import load_scenario

SC = load_scenario()


def _defending(seed: int):
    """Turn 1 against the computer's Axis: the Allies asked to defend the first arrow."""
    moves = play_on(computer_driver(SC, ("axis",), seed), initial_state(SC, Play.WARGAME))
    assert isinstance(moves.question, CommitDefence) and [a.action.type for a in moves.done] == ["start_turn"]
    return moves.done[-1].state, moves.question


def _retreated(seed: int, retreat: str):
    """The Allies defend with nobody and order a retreat: the battle as recorded, and what was said."""
    st, question = _defending(seed)
    moves = play_on(computer_driver(SC, ("axis",), seed), st, Orders(Commitment(), retreat=retreat))
    battle = moves.done[0].action
    return battle, moves, question


def test_the_retreat_ordered_before_the_dice_is_made():
    st, question = _defending(1)
    areas = retreat_choice(SC, st, question)
    assert len(areas) == 1 and len(next(iter(areas.values()))) > 1, "a choice of retreat: asked before the dice"
    wanted = next(iter(areas.values()))[-1]
    for seed in range(1, 30):
        battle, moves, _ = _retreated(seed, wanted)
        if battle.retreat_to is not None:
            assert battle.retreat_to == wanted and not moves.chosen_for_them
            return
    raise AssertionError("no seed under 30 beat the empty defence")


def test_a_retreat_the_rules_refuse_is_the_computer_general_s_and_said():
    for seed in range(1, 30):
        battle, moves, question = _retreated(seed, "F2")  # Athens is nowhere near
        if battle.retreat_to is not None:
            assert battle.retreat_to in retreat_choice(SC, _defending(seed)[0], question)["GR-INF-1"]
            [said] = moves.chosen_for_them
            assert said.startswith(f"The Allies retreat from C1 Ioannina to {battle.retreat_to}: the computer "), said
            return
    raise AssertionError("no seed under 30 beat the empty defence")


def test_the_initiative_is_on_record_before_the_person_chooses_an_arrow():
    st = initial_state(SC, Play.WARGAME)
    driver = computer_driver(SC, ("axis",), 3)
    moves = play_on(driver, st)
    while not isinstance(moves.question, ChooseAttack):  # a person's Allies who place, stay and never defend
        st = moves.done[-1].state if moves.done else st
        question = moves.question
        if isinstance(question, PlaceTroop):
            st = apply_action(SC, st, Place(question.troop, question.areas[0])).state
            moves = play_on(driver, st)
        elif isinstance(question, RedeployTroops):
            moves = play_on(driver, st, redeployed=True)
        else:
            assert isinstance(question, CommitDefence), question
            moves = play_on(driver, st, Orders(Commitment()))
    st = moves.done[-1].state
    assert st.turn == 2 and st.initiative is not None and st.initiative[0] == "allied"
    assert moves.done[-1].action.type == "initiative" and moves.done[-1].action.app_dice(), "thrown and on record"
