"""Every die is on record as typed in or rolled by the app (RULES.md, DECISION dice on record):
a die left out of an action is rolled and listed in its `rolled_by_app`, a typed one is not,
a die the window rolled is listed as the window says, and a battle entry thrown away names the
dice the app had rolled for it (`discard`)."""

from __future__ import annotations

import pytest

from campaign_manager.dice import ScriptedRoller
from campaign_manager.engine import apply_action, parse_action, replay
from campaign_manager.engine.actions import ActionFormatError, Battle, Discard, WargameRoll
from campaign_manager.engine.app_dice import app_dice_words
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.state import Commitment
from campaign_manager.errors import ChoiceNeeded
from campaign_manager.scenario import load_scenario
from tests.shared import FULL_CAMPAIGN

SC = load_scenario()
TURN_TWO = FULL_CAMPAIGN["turn 1"] + [{"type": "start_turn", "dice": [4]}] + FULL_CAMPAIGN["turn 2"][1:7]
C2_B2 = {
    "type": "battle",
    "from": "C2",
    "to": "B2",
    "attacker": {"troops": ["GR-INF-2", "GR-INF-8"]},
    "defender": {"troops": ["IT-INF-3"]},
}


@pytest.fixture(scope="module")
def turn_two():
    return replay(SC, TURN_TWO)


def test_dice_left_out_are_the_app_s_and_typed_ones_are_not(turn_two):
    action = {**C2_B2, "initiative_dice": [6, 1], "wargame": {"attacker_die": 5}, "mission_die": "roll"}
    done = apply_action(
        SC, turn_two, read_action(SC, {**action, "retreat_to": "A1"}), ScriptedRoller([3, 4, 6])
    )  # mission first
    record = done.record
    assert record["wargame"]["defender_die"] == 4 and record["mission_die"] == 3
    assert record["rolled_by_app"] == ["wargame.defender_die", "destroy_dice.IT-INF-3", "mission_die"], (
        "the initiative dice and the attacker's die were typed: not listed"
    )
    assert replay(SC, TURN_TWO + [record]) == done.state, "the mark changes nothing in the campaign"
    assert parse_action(record).to_json() == record, "the mark is part of the action's JSON form"


def test_every_die_typed_leaves_no_mark(turn_two):
    action = {**C2_B2, "initiative_dice": [6, 1], "wargame": {"attacker_die": 5, "defender_die": 4}}
    done = apply_action(SC, turn_two, read_action(SC, {**action, "destroy_dice": {"IT-INF-3": 5}, "retreat_to": "A1"}))
    assert "rolled_by_app" not in done.record and done.action.app_dice() == ()


def test_a_die_the_window_rolled_is_listed_as_the_window_says(turn_two):
    """The window rolls its dice itself and gives them with the action, saying which it rolled."""
    action = Battle(
        "C2",
        "B2",
        initiative_dice=(6, 1),
        attacker=Commitment(("GR-INF-2", "GR-INF-8")),
        defender=Commitment(("IT-INF-3",)),
        wargame=WargameRoll(5, 4),
        destroy_dice={"IT-INF-3": 5},
        retreat_to="A1",
        rolled_by_app=("initiative_dice.1", "destroy_dice.IT-INF-3"),
    )
    done = apply_action(SC, turn_two, read_action(SC, action))
    assert done.record["rolled_by_app"] == ["initiative_dice.1", "destroy_dice.IT-INF-3"]
    assert app_dice_words(SC, done.action) == (
        "Rolled by the app: the defender's initiative die (1), the roll to destroy IT-INF-3 (5)"
    )


def test_the_app_cannot_be_said_to_have_rolled_a_die_not_given():
    with pytest.raises(ActionFormatError, match="rolled_by_app names 'wargame.attacker_die', which is not a die"):
        parse_action({**C2_B2, "rolled_by_app": ["wargame.attacker_die"]})
    with pytest.raises(ActionFormatError, match="names a die twice"):
        parse_action({"type": "start_turn", "dice": [3], "rolled_by_app": ["dice.0", "dice.0"]})


def test_the_battle_count_and_initiative_dice_rolled_are_marked(turn_two):
    started = apply_action(
        SC, replay(SC, FULL_CAMPAIGN["turn 1"]), read_action(SC, {"type": "start_turn"}), ScriptedRoller([5])
    )
    assert started.record["rolled_by_app"] == ["dice.0"]
    half = {"type": "initiative", "dice": {"axis": 2, "allied": None}}
    rolled = apply_action(SC, turn_two, read_action(SC, half), ScriptedRoller([6]))
    assert rolled.record == {"type": "initiative", "dice": {"allied": 6, "axis": 2}, "rolled_by_app": ["dice.allied"]}


def test_a_choice_asked_after_the_dice_keeps_their_mark(turn_two):
    """A defeated defender must choose where to retreat: the action is refused with the dice rolled
    so far, to be given again with the choice, and the app's dice stay marked as the app's."""
    action = {**C2_B2, "initiative_dice": [6, 1], "wargame": {}}
    with pytest.raises(ChoiceNeeded) as asked:
        apply_action(SC, turn_two, read_action(SC, action), ScriptedRoller([6, 1, 5]))
    partial = asked.value.partial
    assert partial["rolled_by_app"] == ["wargame.attacker_die", "wargame.defender_die", "destroy_dice.IT-INF-3"]
    again = apply_action(SC, turn_two, read_action(SC, {**partial, "retreat_to": "A1"}))
    assert again.record["rolled_by_app"] == partial["rolled_by_app"]


def test_a_discarded_entry_names_the_dice_the_app_rolled_and_changes_nothing(turn_two):
    discard = {"type": "discard", "battle": "C2 → B2", "dice": {"initiative.axis": 6, "destroy_dice.IT-INF-3": 2}}
    done = apply_action(SC, turn_two, read_action(SC, discard))
    assert done.state == turn_two
    assert done.events == (
        "A battle entry (C2 → B2) was thrown away unrecorded; the dice the app had rolled for it: "
        "the Axis' initiative die (6); the roll to destroy IT-INF-3 (2)",
    )
    assert done.action.app_dice() == ("dice.initiative.axis", "dice.destroy_dice.IT-INF-3")
    assert isinstance(done.action, Discard) and replay(SC, TURN_TWO + [done.record]) == turn_two


@pytest.mark.parametrize(
    ("dice", "fault"),
    [
        ({}, "dice: name at least one die"),
        ({"mission_die": 7}, "dice.mission_die: should be at most 6"),
        ({"the attacker's die": 3}, "is not a die of a battle entry"),
    ],
)
def test_a_discard_names_real_dice(dice, fault):
    with pytest.raises(ActionFormatError, match=fault):
        parse_action({"type": "discard", "dice": dice})
