"""Opa Opa fire and hit checks, against the book's hit table and ranges (RULES.md 4)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.opa.fire import fire, hit_check
from campaign_manager.assist.opa.tables import shipped_tables
from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import DieError, UserError

# The book's hit table: the lowest die that hits each target type.
BOOK_HIT_ON = {
    "column": 3,
    "square": 3,
    "flank": 3,
    "cavalry-column": 4,
    "limbered": 4,
    "line": 5,
    "unlimbered": 5,
    "cover": 5,
}
ALL_FACES = [1, 2, 3, 4, 5, 6]


@pytest.fixture(scope="module")
def tables():
    return shipped_tables()


def test_every_target_type_of_the_book_is_offered(tables):
    assert set(tables.targets) == set(BOOK_HIT_ON)


@pytest.mark.parametrize("target, hit_on", BOOK_HIT_ON.items())
def test_each_face_hits_from_the_books_number(tables, target, hit_on):
    result = fire(tables, target, ALL_FACES)
    assert result.hits == 7 - hit_on  # faces hit_on..6
    for face in ALL_FACES:
        assert fire(tables, target, [face]).hits == (1 if face >= hit_on else 0)


def test_column_against_line_with_the_same_dice(tables):
    assert fire(tables, "column", [3, 2, 6, 4]).hits == 3
    assert fire(tables, "line", [3, 2, 6, 4]).hits == 1
    assert fire(tables, "cavalry-column", [3, 2, 6, 4]).hits == 2


def test_artillery_rolls_two_dice_per_stand_at_grapeshot_range(tables):
    result = fire(
        tables,
        "column",
        None,
        stands=3,
        weapon="light-battery",
        range_bands=2,
        roller=ScriptedRoller([1, 2, 3, 4, 5, 6]),
    )
    assert result.dice == (1, 2, 3, 4, 5, 6) and result.grapeshot and result.dice_per_stand == 2
    assert result.hits == 4


@pytest.mark.parametrize("weapon, reach", [("light-battery", 4), ("medium-battery", 5), ("heavy-battery", 6)])
def test_batteries_fire_one_die_per_stand_beyond_grapeshot_up_to_their_range(tables, weapon, reach):
    result = fire(tables, "line", None, stands=2, weapon=weapon, range_bands=reach, roller=ScriptedRoller([5, 4]))
    assert result.dice_per_stand == 1 and not result.grapeshot and result.hits == 1
    with pytest.raises(UserError, match="out of range"):
        fire(tables, "line", [5], stands=1, weapon=weapon, range_bands=reach + 1)


def test_musket_reaches_one_band_and_is_greek_only(tables):
    result = fire(tables, "column", [3, 1], stands=2, weapon="musket", range_bands=1)
    assert result.hits == 1 and any("Greek" in note for note in result.notes)
    with pytest.raises(UserError, match="out of range of the infantry musket"):
        fire(tables, "column", [3], weapon="musket", range_bands=2)


def test_wrong_number_of_dice_for_the_stands_is_refused(tables):
    with pytest.raises(UserError, match="3 stands roll 6 dice here, but 3 were given"):
        fire(tables, "column", [1, 2, 3], stands=3, weapon="medium-battery", range_bands=1)


def test_a_battery_needs_a_range_and_a_die_must_be_on_the_d6(tables):
    with pytest.raises(UserError, match="give the range"):
        fire(tables, "column", [3], weapon="heavy-battery")
    with pytest.raises(DieError, match="Fire die 2: a d6 cannot show 7"):
        fire(tables, "column", [3, 7])
    with pytest.raises(UserError, match="Target 'skirmish' is not"):
        fire(tables, "skirmish", [3])
    with pytest.raises(UserError, match="give the dice thrown"):
        fire(tables, "column", [])


@pytest.mark.parametrize(
    "hits, die, outcome",
    [(2, 1, "shaken"), (2, 2, "shaken"), (2, 3, "passes"), (1, 1, "shaken"), (1, 2, "passes"), (6, 6, "shaken")],
)
def test_hit_check_fails_at_or_under_the_hits(tables, hits, die, outcome):
    result = hit_check(tables, hits, die)
    assert result.outcome == outcome
    assert result.retreat_bands == (1 if outcome == "shaken" else 0)


def test_a_shaken_unit_failing_its_check_routs(tables):
    assert hit_check(tables, 3, 3, shaken=True).outcome == "routed"
    assert hit_check(tables, 3, 4, shaken=True).outcome == "passes"


def test_artillery_hit_is_shaken_without_a_die_and_no_hits_no_check(tables):
    battery = hit_check(tables, 1, None, artillery=True, roller=ScriptedRoller([]))
    assert battery.outcome == "shaken" and battery.die is None
    assert hit_check(tables, 0, None, roller=ScriptedRoller([])).outcome == "unhurt"


def test_hit_check_die_is_rolled_when_left_out_and_checked_when_typed(tables):
    assert hit_check(tables, 2, None, roller=ScriptedRoller([5])).die == 5
    with pytest.raises(DieError, match="Hit check die: a d6 cannot show 0"):
        hit_check(tables, 2, 0)
