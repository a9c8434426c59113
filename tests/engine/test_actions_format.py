"""The action vocabulary's JSON form: logged records round-trip; malformed input is refused
with a message (never a crash), each naming the path of the fault."""

from __future__ import annotations

import copy

import pytest

from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import ActionFormatError
from campaign_manager.engine.playout import play
from campaign_manager.engine.spelling import read_action
from campaign_manager.scenario import load_scenario

SC = load_scenario()
GOOD = {
    "type": "battle",
    "from": "B1",
    "to": "C1",
    "initiative_dice": [4, 2],
    "attacker": {"troops": ["IT-INF-1"], "sortie": "italian"},
    "defender": {"troops": []},
    "games": [{"attacker_vp": 5, "defender_vp": 2}],
    "destroy_dice": {"GR-INF-1": 5},
    "retreat_to": "D1",
    "advance": ["IT-INF-1"],
}


@pytest.mark.parametrize("seed", range(5))
def test_every_logged_record_round_trips(seed):
    for applied in play(SC, seed):
        assert parse_action(applied.record).to_json() == applied.record


def test_a_well_formed_battle_round_trips():
    assert parse_action(GOOD).to_json() == GOOD


def _broken(path: tuple, value):
    data = copy.deepcopy(GOOD)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, words",
    [
        (("from",), 3, "from: should be a text, not 3"),
        (("to",), "", "to: should not be empty"),
        (("initiative_dice",), [4], "initiative_dice: has too few items"),
        (("initiative_dice",), [4, "2"], r"initiative_dice\[1\]: should be a whole number"),
        (("attacker",), ["IT-INF-1"], "attacker: should be a table"),
        (("attacker", "troops"), "IT-INF-1", "attacker.troops: should be a list"),
        (("attacker", "sortie"), ["italian", "italian"], "attacker.sortie: should be a text"),
        (("defender", "tanks"), [], "defender.tanks: unknown key"),
        (("games",), [], "games: should have at least 1 item, not 0"),
        (("games", 0, "attacker_vp"), -1, r"games\[0\].attacker_vp: should be at least 0, not -1"),
        (("games", 0, "attacker_vp"), 2.5, r"games\[0\].attacker_vp: should be a whole number"),
        (("games", 0), {"attacker_vp": 1}, r"games\[0\].defender_vp: is missing"),
        (("wargame",), {"attacker_die": 3}, "not both"),
        (("destroy_dice",), {"GR-INF-1": "five"}, "destroy_dice.GR-INF-1: should be a whole number"),
        (("retreat_to",), 7, "retreat_to: should be a text, not 7"),
        (("retreat_to",), {"DE-INF-1": 5}, "retreat_to.DE-INF-1: should be a text, not 5"),
        (("advance",), "IT-INF-1", "advance: should be a list"),
        (("surprise",), True, "surprise: unknown key"),
    ],
)
def test_malformed_battles_are_refused_with_a_message(path, value, words):
    with pytest.raises(ActionFormatError, match=words):
        parse_action(_broken(path, value))


@pytest.mark.parametrize(
    "data, words",
    [
        ([], "should be a JSON object"),
        ({"type": "teleport"}, "unknown action type"),
        ({"kind": "start_turn"}, 'says what it is in its "type" .*; this one has none'),  # not "type None"
        ({"type": "place", "troop": "GR-INF-8"}, "'place' action: area: is missing"),
        ({"type": "start_turn", "dice": "4"}, "dice: should be a list"),
        ({"type": "note", "text": "   "}, "text: should not be empty"),
        ({"type": "end_turn", "now": True}, "now: unknown key"),
    ],
)
def test_other_malformed_actions(data, words):
    with pytest.raises(ActionFormatError, match=words):
        parse_action(data)


def test_mission_die_typed_in_or_rolled_is_recorded():
    from campaign_manager.dice import ScriptedRoller
    from campaign_manager.engine import apply_action, initial_state
    from campaign_manager.errors import DieError

    st = apply_action(SC, initial_state(SC), read_action(SC, {"type": "start_turn"})).state
    arrow = {"type": "battle", "from": "B1", "to": "C1", "attacker": {"troops": ["IT-INF-1"]}}
    typed = apply_action(SC, st, read_action(SC, {**arrow, "mission_die": 6}))
    assert typed.record["mission_die"] == 6
    assert "Suggested mission (d6 6): Surrounded" in typed.events  # turn 1's table, RULES.md 1.5
    assert typed.events.index("Suggested mission (d6 6): Surrounded") == len(typed.events) - 1, (
        "the history leads with the battle; its mission follows"
    )
    fought = apply_action(
        SC,
        st,
        read_action(
            SC,
            {
                **arrow,
                "mission_die": 6,
                "games": [{"attacker_vp": 5, "defender_vp": 2}],
                "destroy_dice": {},
                "retreat_to": "D1",
            },
        ),
        ScriptedRoller([1, 1]),
    )
    assert fought.events[0].startswith("B1 Vlore → C1") and fought.events[-1].startswith("Suggested mission"), (
        fought.events
    )
    rolled = apply_action(SC, st, read_action(SC, {**arrow, "mission_die": "roll"}), ScriptedRoller([2]))
    assert rolled.record["mission_die"] == 2 and "Suggested mission (d6 2): Dust Up" in rolled.events
    assert apply_action(SC, st, read_action(SC, rolled.record)).state == rolled.state, "the rolled die replays"
    with pytest.raises(DieError, match="cannot show 7"):
        apply_action(SC, st, read_action(SC, {**arrow, "mission_die": 7}))
    with pytest.raises(ActionFormatError, match="mission_die"):
        parse_action({**arrow, "mission_die": "four"})
