"""The turn driver (engine/driver.py): it plays the computer's part and stops at a person's
question; a question answered from outside leads where the same player seated in the driver
would have gone, so the window, the wizard, what-if and the tests all answer alike."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Initiative, Place, Redeploy, WargameRoll
from campaign_manager.engine.campaign import Applied, initial_state
from campaign_manager.engine.driver import (
    BattleResult,
    ChooseAdvance,
    ChooseAttack,
    ChooseRetreat,
    CommitDefence,
    DiceTable,
    GiveResult,
    PlaceTroop,
    RedeployTroops,
    RollInitiative,
    RollToDestroy,
    TurnDriver,
    ask,
)
from campaign_manager.engine.players import ComputerPolicy, RandomPolicy
from campaign_manager.engine.state import Commitment
from campaign_manager.errors import RuleError
from tests.engine.positions import mixed_axis_group_in_thessaloniki, play_all, position, scenario, start_turn


def _person_answers(driver: TurnDriver, person: RandomPolicy, st, found):
    """Answer every question the driver stops at with `person`'s replies (as a window would with
    a person's), until the driver makes a move; an advance the rules refuse is given again with
    the survivors alone, then with nobody, as the rules ask."""
    asked = []
    while found is not None and not isinstance(found, Applied):
        asked.append(type(found))
        reply = ask(person, driver.sc, st, found).reply
        if isinstance(found, ChooseAdvance):
            for moving in (reply, list(found.survivors), []):
                try:
                    return driver.answer(st, found, moving), asked
                except RuleError:
                    continue
        found = driver.answer(st, found, reply)
    return found, asked


def _unmarked(action):
    """The action without the marks of the computer's choice (by_computer, reason)."""
    return replace(action, by_computer=False, reason=None) if hasattr(action, "by_computer") else action


@pytest.mark.parametrize("seed", range(6))
def test_a_person_answering_the_questions_plays_as_the_same_player_seated(seed):
    sc = scenario()
    seated = TurnDriver(sc, {"axis": ComputerPolicy(seed), "allied": RandomPolicy(seed + 1)}, seed)
    final, done = seated.play(initial_state(sc))
    driver = TurnDriver(sc, {"axis": ComputerPolicy(seed)}, seed)  # the Allies are a person's
    person, st, moves, asked = RandomPolicy(seed + 1), initial_state(sc), [], set()
    while (found := driver.step(st)) is not None:
        applied, kinds = _person_answers(driver, person, st, found)
        asked.update(kinds)
        moves.append(applied.action)
        st = applied.state
    assert (st.where, st.control, st.scored) == (final.where, final.control, final.scored)
    # The same moves, but for the order of the two sides' placements (each side's own is kept),
    # and for the marks of the computer's moves: the seated player's are the computer's.
    seated_moves = [_unmarked(a.action) for a in done]
    assert [a for a in map(_unmarked, moves) if not isinstance(a, Place)] == [
        a for a in seated_moves if not isinstance(a, Place)
    ]
    assert sorted(repr(_unmarked(a)) for a in moves) == sorted(map(repr, seated_moves))
    assert asked == {PlaceTroop, RedeployTroops, ChooseAttack, CommitDefence, ChooseRetreat, ChooseAdvance}


def test_questions_say_who_is_asked_and_offer_what_the_engine_allows():
    sc = scenario()
    driver = TurnDriver(sc, {"axis": ComputerPolicy(1)}, 1)
    st = play_all(position(1, "strategic", sorties={}), start_turn(1))  # turn 2: reinforcements wait
    # Waiting troops are placed in one order whoever places them (by id: the Greeks first here),
    # so a person answering leads where the same player seated would.
    question = driver.step(st)
    assert isinstance(question, PlaceTroop) and question.side == "allied" and question.troop.startswith("GR-")
    assert question.areas == tuple(legal.placement_targets(sc, st, question.troop))
    while isinstance(question, PlaceTroop):
        st = driver.answer(st, question, question.areas[0]).state  # type: ignore[union-attr]
        question = driver.step(st)
    found = question
    for _ in range(2):  # then the computer places its own Italians
        assert isinstance(found, Applied) and isinstance(found.action, Place) and found.action.troop.startswith("IT-")
        assert found.action.by_computer and found.action.reason, "its reason is given"
        placed, why = found.events
        assert found.action.reason.startswith(f"{placed}: ") and why.startswith("The computer's choice: ")
        assert placed not in why, "what it did is said once, then why"
        st = found.state
        found = driver.step(st)
    question = found
    # Turn 2 redeploys Italians first: the computer's turn, then the person's (rule 1.5).
    found = question
    while isinstance(found, Applied) and isinstance(found.action, Redeploy):
        st = found.state
        found = driver.step(st)
    assert found == RedeployTroops("allied", "greek")
    after = driver.answer(st, found, None)  # the Greeks are done: the battles begin
    assert isinstance(after, ChooseAttack | CommitDefence | Applied)


def test_a_refused_reply_changes_nothing_and_says_the_rule():
    sc = scenario()
    driver = TurnDriver(sc, {}, 3)
    st = play_all(position(1, "strategic", sorties={}), start_turn(1))
    question = driver.step(st)
    assert isinstance(question, PlaceTroop)
    with pytest.raises(RuleError, match=f"Rule 1.5: {question.troop} cannot be placed in B1"):
        driver.answer(st, question, "B1")
    assert st.where[question.troop] == "waiting"


class _GivenTable(DiceTable):
    """A table whose initiative dice come from its own seed."""

    def __init__(self, seed: int) -> None:
        self.dice = random.Random(seed)

    def initiative(self, sc, st, rng):
        return {side: self.dice.randint(1, 6) for side in sc.sides}


def test_the_dice_at_the_table_are_asked_too_and_answered_alike():
    """With nobody seated at the table, the driver asks for the initiative dice and each result;
    given the dice a seated table would throw, the campaign is the same."""
    sc = scenario()
    players = {"axis": ComputerPolicy(5), "allied": ComputerPolicy(6)}
    final, _ = TurnDriver(sc, players, 5, table=_GivenTable(9)).play(initial_state(sc))
    driver = TurnDriver(sc, {"axis": ComputerPolicy(5), "allied": ComputerPolicy(6)}, 5, table=None)
    dice, st, asked = random.Random(9), initial_state(sc), set()
    while (found := driver.step(st)) is not None:
        while not isinstance(found, Applied):
            asked.add(type(found))
            if isinstance(found, RollInitiative):
                found = driver.answer(st, found, {side: dice.randint(1, 6) for side in found.sides})
            else:
                assert isinstance(found, GiveResult) and found.side is None
                found = driver.answer(st, found, BattleResult(wargame=WargameRoll()))
        st = found.state
    assert asked == {RollInitiative, GiveResult}
    assert (st.where, st.control, st.scored) == (final.where, final.control, final.scored)


def test_the_initiative_rolled_ahead_then_the_winner_is_asked_for_the_arrow():
    sc = scenario()
    driver = TurnDriver(sc, {}, 2, table=None)
    st = position(2, battles_required=3)
    roll = driver.step(st)
    assert roll == RollInitiative(tuple(sc.sides))
    rolled = driver.answer(st, roll, None)  # rolled now, before the arrow is chosen
    assert isinstance(rolled, Applied) and isinstance(rolled.action, Initiative)
    attack = driver.step(rolled.state)
    assert isinstance(attack, ChooseAttack) and attack.required
    assert (attack.side, attack.initiative_dice) == (rolled.state.initiative[0], None)  # type: ignore[index]
    assert list(attack.arrows) == legal.legal_arrows(sc, rolled.state, attack.side)


def test_each_side_s_person_is_asked_in_turn_and_the_dice_are_kept():
    """Turn 4: two Germans and two Italians hold B4; two Greeks attack from C4 and win (rule 1.8).
    The Axis are a person's: asked what they commit, then where the Germans retreat (the Italians,
    with nowhere to go, are captured); the reply finishes the battle with the same dice, and the
    computer's Greeks advance as it chooses."""
    sc = scenario()
    st = mixed_axis_group_in_thessaloniki()
    driver = TurnDriver(sc, {"allied": ComputerPolicy(1)}, 1, table=None)
    defence = driver.defence_question(st, "C4", "B4", Commitment(("GR-INF-4", "GR-INF-5")), (6, 1))
    assert defence.side == "axis" and set(defence.options.defender_troops) == {
        "DE-INF-1",
        "DE-PZ-1",
        "IT-INF-4",
        "IT-INF-5",
    }
    result = driver.answer(st, defence, Commitment(("DE-INF-1", "DE-PZ-1")))
    assert isinstance(result, GiveResult) and result.attacker_side == "allied"
    fought = BattleResult(wargame=WargameRoll(6, 1, 2, 0), destroy_dice={"DE-INF-1": 4, "DE-PZ-1": 2})
    retreat = driver.answer(st, result, fought)
    assert isinstance(retreat, ChooseRetreat) and retreat.side == "axis" and retreat.options == ("A4", "A5")
    done = driver.answer(st, retreat, "A5")
    assert isinstance(done, Applied)
    assert done.state.where["DE-INF-1"] == done.state.where["DE-PZ-1"] == "A5"
    assert {done.state.where["IT-INF-4"], done.state.where["IT-INF-5"]} == {"captured"}
    assert done.record["wargame"]["attacker_die"] == 6 and done.record["retreat_to"] == "A5"
    assert done.state.control["B4"] == "allied" and done.record.get("advance"), "the computer advances"


def test_a_reply_of_another_kind_than_the_question_takes_is_refused():
    sc = scenario()
    driver = TurnDriver(sc, {}, 3)
    st = play_all(position(1, "strategic", sorties={}), start_turn(1))
    question = driver.step(st)
    assert isinstance(question, PlaceTroop)
    with pytest.raises(TypeError, match="PlaceTroop is not answered with"):
        driver.answer(st, question, Commitment())  # type: ignore[call-overload]


def test_a_driver_asking_each_step_asks_the_rolls_to_destroy_before_the_retreat():
    """The order of a battle's steps as the wizard shows them: the result, then the rolls to
    destroy (their targets from the engine), then the retreat."""
    sc = scenario()
    st = mixed_axis_group_in_thessaloniki()
    driver = TurnDriver(sc, {}, 1, table=None, each_step=True)
    defence = driver.defence_question(st, "C4", "B4", Commitment(("GR-INF-4", "GR-INF-5")), (6, 1))
    result = driver.answer(st, defence, Commitment(("DE-INF-1", "DE-PZ-1")))
    assert isinstance(result, GiveResult)
    destroy = driver.answer(st, result, BattleResult(wargame=WargameRoll(6, 1, 2, 0)))
    assert isinstance(destroy, RollToDestroy) and set(destroy.targets) <= {
        "GR-INF-4",
        "GR-INF-5",
        "DE-INF-1",
        "DE-PZ-1",
    }
    retreat = driver.answer(st, destroy, {"DE-INF-1": 4, "DE-PZ-1": 2})
    assert isinstance(retreat, ChooseRetreat) and retreat.options == ("A4", "A5")
    advance = driver.answer(st, retreat, "A5")
    assert isinstance(advance, ChooseAdvance) and advance.side == "allied"


def test_a_retreat_asked_after_the_dice_names_them_as_the_json_gives_them():
    """The battle so far travels typed inside the engine; the demand for a retreat still quotes
    its dice in the log's JSON form, to be given again with the choice."""
    from campaign_manager.engine.action_reading import parse_action
    from campaign_manager.engine.campaign import apply_action
    from campaign_manager.errors import ChoiceNeeded

    battle = parse_action(
        {
            "type": "battle",
            "from": "C4",
            "to": "B4",
            "initiative_dice": [6, 1],
            "attacker": {"troops": ["GR-INF-4", "GR-INF-5"]},
            "defender": {"troops": ["DE-INF-1", "DE-PZ-1"]},
            "wargame": {"attacker_die": 6, "defender_die": 1, "attacker_modifier": 2},
            "destroy_dice": {"DE-INF-1": 4, "DE-PZ-1": 2},
        }
    )
    with pytest.raises(ChoiceNeeded) as asked:
        apply_action(scenario(), mixed_axis_group_in_thessaloniki(), battle)
    assert str(asked.value).endswith(
        'nothing is re-rolled: "initiative_dice": [6, 1], "wargame": {"attacker_die": 6, "defender_die": 1}, '
        '"destroy_dice": {"DE-INF-1": 4, "DE-PZ-1": 2}'
    )
    assert asked.value.partial["destroy_dice"] == {"DE-INF-1": 4, "DE-PZ-1": 2}
