"""A Greek Tragedy: anti-aircraft (the Kalpaki example), air mission limits, stacking and
initiative (RULES.md section 3; book 4.1, 6.42, 8.73, 8.75)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.agt.air import anti_aircraft, mission_limits
from campaign_manager.assist.agt.initiative import initiative
from campaign_manager.assist.agt.stacking import check_stack
from campaign_manager.errors import DieError, UserError


def test_kalpaki_example_two_of_three_bombers_neutralised():
    # 8.75: a 5-strength Greek division, die 6: total 11, two over nine
    fire = anti_aircraft(6, 5, squadrons=3)
    assert (fire.total, fire.neutralised) == (11, 2)


@pytest.mark.parametrize("die, strength, neutralised", [(0, 9, 0), (4, 5, 0), (9, 1, 1), (9, 12, 12)])
def test_each_point_above_nine_neutralises_one_squadron(die, strength, neutralised):
    assert anti_aircraft(die, strength).neutralised == neutralised


def test_anti_aircraft_counts_the_artillery_stacked_free_on_a_full_city_hex():
    # 6.42: a city holds 15 points, and one artillery unit stacks on it at no cost (8.44: 1 point)
    fire = anti_aircraft(5, 16, squadrons=20)
    assert (fire.total, fire.neutralised) == (21, 12)
    with pytest.raises(UserError, match="at most 16"):
        anti_aircraft(5, 17)


def test_anti_aircraft_never_turns_back_more_than_flew():
    assert anti_aircraft(9, 12, squadrons=3).neutralised == 3


@pytest.mark.parametrize("die", [10, -1, "x"])
def test_anti_aircraft_refuses_a_die_the_d10_cannot_show(die):
    with pytest.raises(DieError, match="8.75"):
        anti_aircraft(die, 5)


def test_air_limits_by_weather():
    assert (mission_limits("clear").italian, mission_limits("clear").greek) == (None, None)
    rain = mission_limits("rain", 3)
    assert (rain.italian, rain.greek) == (8, None)  # five plus the die
    snow = mission_limits("snow", 0)
    assert (snow.italian, snow.greek) == (0, 1)  # a 0 means no Italian missions
    with pytest.raises(UserError, match="give the die"):
        mission_limits("snow")


@pytest.mark.parametrize(
    "terrain, units, allowed",
    [
        ("city", [10, 5], True),
        ("city", [10, 6], False),
        ("clear", [12], True),
        ("clear", [8, 5], False),
        ("rough", [5, 3], True),
        ("marsh", [5, 4], False),
        ("mountain", [3, 2], True),
        ("mountain", [3, 3], False),
        ("mountain", [9], True),  # one unit always fits a mountain hex
    ],
)
def test_stacking_limits(terrain, units, allowed):
    assert check_stack(terrain, units).allowed is allowed


def test_only_one_artillery_unit_per_hex_and_it_stacks_free():
    assert check_stack("rough", [8], artillery=1).allowed
    check = check_stack("rough", [8], artillery=2)
    assert not check.allowed and "artillery" in check.faults[0]


def test_italians_have_the_initiative_on_the_first_turn():
    assert initiative("historical", 1).winner == "italian"
    assert initiative("gamers", 1).winner == "italian"


def test_historical_greeks_add_two():
    assert initiative("historical", 3, 6, 4).winner is None  # 6 against 4 + 2: a tie
    assert initiative("historical", 3, 6, 5).winner == "greek"
    assert initiative("historical", 3, 7, 4).winner == "italian"


def test_gamers_greeks_add_nothing():
    assert initiative("gamers", 3, 6, 5).winner == "italian"
    assert initiative("gamers", 3, 5, 5).winner is None
    assert initiative("gamers", 3, 0, 9, italian_offensive=True).winner == "italian"
    with pytest.raises(UserError, match="Gamers"):
        initiative("historical", 3, 0, 9, italian_offensive=True)


def test_the_stacking_verdict_comes_first_and_names_the_rule():
    too_big = check_stack("mountain", [5, 3, 4])
    assert too_big.verdict() == (
        "NOT allowed: 12 strength points in a mountain hex, the limit is 5 (or one unit) — rule 6.42"
    )
    assert check_stack("city", [10, 5]).verdict() == (
        "Allowed: 15 strength points in a city hex, the limit is 15 — rule 6.42"
    )
    both = check_stack("city", [10, 6], artillery=2).verdict()
    assert both.startswith("NOT allowed: 16 strength points") and "; and 2 artillery units" in both
