"""Opa Opa rally and reaction, every class (RULES.md 4: rally A2 B3 C4 D5 E6; reaction
A/B 3, C 4, D/E 5, -1 if shaken)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.opa.morale import rally, reaction
from campaign_manager.assist.opa.tables import shipped_tables
from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import DieError, UserError

BOOK_RALLY = {"A": 2, "B": 3, "C": 4, "D": 5, "E": 6}
BOOK_REACTION = {"A": 3, "B": 3, "C": 4, "D": 5, "E": 5}


@pytest.fixture(scope="module")
def tables():
    return shipped_tables()


@pytest.mark.parametrize("cls, need", BOOK_RALLY.items())
def test_rally_passes_from_the_class_number(tables, cls, need):
    for die in range(1, 7):
        assert rally(tables, cls, die).passed is (die >= need), (cls, die)


@pytest.mark.parametrize("cls, need", BOOK_REACTION.items())
def test_reaction_passes_from_the_class_number(tables, cls, need):
    for die in range(1, 7):
        assert reaction(tables, cls, die).passed is (die >= need), (cls, die)


@pytest.mark.parametrize("cls, need", BOOK_REACTION.items())
def test_a_shaken_unit_reacts_at_minus_one(tables, cls, need):
    for die in range(1, 7):
        result = reaction(tables, cls, die, shaken=True)
        assert result.modified == die - 1
        assert result.passed is (die - 1 >= need), (cls, die)


def test_routed_unit_that_rallies_stays_shaken_for_the_game(tables):
    passed = rally(tables, "B", 3, state="routed")
    assert passed.passed and "rest of the game" in passed.explanation
    failed = rally(tables, "B", 2, state="routed")
    assert not failed.passed and "another march move" in failed.explanation
    assert "no longer shaken" in rally(tables, "B", 3, state="shaken").explanation
    assert "stays shaken" in rally(tables, "B", 2, state="shaken").explanation


def test_rally_needs_a_hold_card_except_for_artillery(tables):
    with pytest.raises(UserError, match="HOLD card"):
        rally(tables, "A", 6, hold_card=False)
    assert rally(tables, "C", 4, hold_card=False, artillery=True).passed


def test_routed_unit_cannot_react(tables):
    """Step 5: no rout reaction; that is the answer "no" (no die), not an error."""
    result = reaction(tables, "A", routed=True)
    assert (result.passed, result.die) == (False, None) and "routed unit cannot react" in result.explanation
    with pytest.raises(UserError, match="takes no reaction test"):  # a die typed for it is not dropped unsaid
        reaction(tables, "A", 6, routed=True)


def test_class_letters_and_dice_are_checked(tables):
    assert rally(tables, "c", 4).unit_class == "C"
    with pytest.raises(UserError, match="Unit class 'F' is not an Opa Opa class"):
        rally(tables, "F", 4)
    with pytest.raises(DieError, match="Rally die: a d6 cannot show 7"):
        rally(tables, "A", 7)
    with pytest.raises(DieError, match="Reaction die: 'x' is not a number"):
        reaction(tables, "A", "x")
    assert reaction(tables, "E", None, roller=ScriptedRoller([5])).passed
