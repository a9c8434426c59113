"""The `initiative` action: roll before choosing the arrow, as at the table; the roll is
recorded, so an app-rolled initiative cannot be rolled again by retrying."""

from __future__ import annotations

import pytest

from campaign_manager.dice import ScriptedRoller
from campaign_manager.engine import apply_action, replay
from campaign_manager.engine.spelling import read_action
from campaign_manager.errors import RuleError
from campaign_manager.scenario import load_scenario

SC = load_scenario()
TURN_ONE = [
    {"type": "start_turn"},
    {
        "type": "battle",
        "from": "B1",
        "to": "C1",
        "attacker": {"troops": ["IT-INF-1"]},
        "games": [{"attacker_vp": 2, "defender_vp": 2}],
    },
    {
        "type": "battle",
        "from": "B2",
        "to": "C2",
        "attacker": {"troops": ["IT-INF-3"]},
        "games": [{"attacker_vp": 2, "defender_vp": 2}],
    },
    {"type": "end_turn"},
    {"type": "start_turn", "dice": [1]},
    {"type": "place", "troop": "IT-INF-4", "area": "B2"},
    {"type": "place", "troop": "IT-INF-5", "area": "B1"},
    {"type": "place", "troop": "GR-INF-8", "area": "C2"},
    {"type": "place", "troop": "GR-INF-9", "area": "C1"},
]
GREEK_ATTACK = {
    "type": "battle",
    "from": "C2",
    "to": "B2",
    "attacker": {"troops": ["GR-INF-2"]},
    "games": [{"attacker_vp": 1, "defender_vp": 1}],
}
ITALIAN_ATTACK = {
    "type": "battle",
    "from": "B2",
    "to": "C2",
    "attacker": {"troops": ["IT-INF-3"]},
    "games": [{"attacker_vp": 1, "defender_vp": 1}],
}


@pytest.fixture
def turn_two():
    return replay(SC, TURN_ONE)


def test_typed_initiative_tie_goes_to_the_greeks_on_turn_two(turn_two):
    rolled = apply_action(SC, turn_two, read_action(SC, {"type": "initiative", "dice": {"axis": 4, "allied": 3}}))
    assert rolled.state.initiative == ("allied", (3, 4))  # 3 + 1 ties 4: the Greeks win ties
    assert rolled.state.phase == "battle", "rolling initiative closes planning"
    with pytest.raises(RuleError, match="the Allies won the initiative"):
        apply_action(SC, rolled.state, read_action(SC, ITALIAN_ATTACK))
    fought = apply_action(SC, rolled.state, read_action(SC, GREEK_ATTACK))
    assert fought.state.initiative is None and "initiative_dice" not in fought.record
    assert fought.state.battles_fought == 1


def test_rolled_initiative_is_recorded_and_replays(turn_two):
    rolled = apply_action(
        SC, turn_two, read_action(SC, {"type": "initiative"}), ScriptedRoller([5, 6])
    )  # allied, axis (sorted)
    assert rolled.record == {
        "type": "initiative",
        "dice": {"allied": 5, "axis": 6},
        "rolled_by_app": ["dice.allied", "dice.axis"],  # both left out: the app's, and on record
    }
    assert rolled.state.initiative == ("allied", (5, 6))  # 5 + 1 = 6 ties 6
    assert replay(SC, TURN_ONE + [rolled.record]) == rolled.state


def test_initiative_cannot_be_rolled_twice_or_mixed_with_battle_dice(turn_two):
    rolled = apply_action(SC, turn_two, read_action(SC, {"type": "initiative", "dice": {"axis": 6, "allied": 1}})).state
    with pytest.raises(RuleError, match="already rolled"):
        apply_action(SC, rolled, read_action(SC, {"type": "initiative", "dice": {"axis": 6, "allied": 1}}))
    with pytest.raises(RuleError, match="leave out initiative_dice"):
        apply_action(SC, rolled, read_action(SC, {**ITALIAN_ATTACK, "initiative_dice": [6, 1]}))


def test_no_initiative_roll_on_turn_one():
    st = replay(SC, TURN_ONE[:1])
    with pytest.raises(RuleError, match="fixed battles"):
        apply_action(SC, st, read_action(SC, {"type": "initiative"}), ScriptedRoller([1, 1]))


def test_a_die_for_each_side_is_needed(turn_two):
    with pytest.raises(RuleError, match="one initiative die for each side"):
        apply_action(SC, turn_two, read_action(SC, {"type": "initiative", "dice": {"axis": 4}}))
