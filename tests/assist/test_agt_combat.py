"""A Greek Tragedy combat helper: the book's odds examples, every die modifier, the halvings,
the owner-filled charts and the cohesion rolls (RULES.md section 3, book 8.2-8.5)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.agt.charts import OwnerCharts, load_charts
from campaign_manager.assist.agt.cohesion import cohesion_roll
from campaign_manager.assist.agt.combat import Combat, CombatResult, CombatSide, reckon_combat
from campaign_manager.assist.agt.odds import halved, odds_ratio, side_strength
from campaign_manager.errors import DieError, UserError


@pytest.fixture
def empty_charts(tmp_path) -> OwnerCharts:
    return load_charts(tmp_path / "none.toml")


@pytest.mark.parametrize(
    "attacker, defender, odds",
    [
        (21, 11, "2:1"),
        (10, 15, "1:1.5"),
        (10, 11, "1:1"),  # the book's own examples (8.25)
        (9, 6, "1.5:1"),
        (6, 9, "1:1.5"),
        (12, 5, "2.5:1"),
        (4, 12, "1:3"),
        (5, 5, "1:1"),
        (30, 4, "7.5:1"),
    ],
)
def test_odds_ratio_rounds_to_the_nearest_as_the_book_shows(attacker, defender, odds):
    assert odds_ratio(attacker, defender) == odds


@pytest.mark.parametrize("attacker, defender", [(0, 5), (5, 0), (-1, 3)])
def test_odds_refuse_a_side_without_strength(attacker, defender):
    with pytest.raises(UserError, match="8.25"):
        odds_ratio(attacker, defender)


def test_halving_rounds_down_but_never_below_one():
    assert [halved(s) for s in (1, 2, 3, 7, 8)] == [1, 1, 1, 3, 4]


def test_isolated_defender_and_unsupported_armour_are_halved():
    assert side_strength(7, isolated=True) == 3  # 8.27
    assert side_strength(6, unsupported_armour=(5, 1)) == 6 + 2 + 1  # 8.53, each unit apart
    assert side_strength(3, unsupported_armour=(4,), isolated=True) == 2  # (3 + 2) halved


def _values(reckoning) -> dict[str, int | None]:
    return {m.name: m.value for m in reckoning.modifiers}


def test_every_modifier_is_listed_with_its_sign_and_summed(empty_charts):
    combat = Combat(
        CombatSide(12, armour_points=2, artillery=2, aircraft=3),
        CombatSide(6, armour_points=1, artillery=1, aircraft=1),
        aggressive=True,
        stand=True,
        concentric=True,
    )
    reckoning = reckon_combat(combat, empty_charts, die=5)
    values = _values(reckoning)
    assert values["Aggressive attack"] == 1
    assert values["Stand defence"] == -1
    assert values["Concentric attack"] == 2
    assert values["Attacker artillery x2"] == 2
    assert values["Defender artillery x1"] == -1
    assert values["Attacker armour points 2"] == 2
    assert values["Defender armour points 1"] == -1
    assert values["Attacker air support x3"] == 3
    assert values["Defender air support x1"] == -1
    assert reckoning.total == 1 - 1 + 2 + 2 - 1 + 2 - 1 + 3 - 1
    assert reckoning.odds == "2:1"


def test_without_the_charts_it_says_which_chart_to_read(empty_charts):
    combat = Combat(CombatSide(8), CombatSide(4), terrain=("mountain", "river hexside"), weather="snow")
    reckoning = reckon_combat(combat, empty_charts, die=4)
    assert reckoning.to_read == [
        "the Combat Results Table's odds row (2:1)",
        "the Terrain Effects Chart (mountain)",
        "the Terrain Effects Chart (river hexside)",
        "the Terrain Effects Chart's weather columns (snow)",
    ]
    assert reckoning.adjusted is None and reckoning.result is None


def test_clear_weather_has_no_modifier(empty_charts):
    reckoning = reckon_combat(Combat(CombatSide(4), CombatSide(4)), empty_charts)
    assert [m.name for m in reckoning.modifiers] == ["Odds 1:1"]


def test_isolated_defender_loses_its_armour_points(empty_charts):
    combat = Combat(CombatSide(5), CombatSide(5, armour_points=2, isolated=True))
    reckoning = reckon_combat(combat, empty_charts)
    assert reckoning.defender_strength == 2 and reckoning.odds == "2.5:1"
    assert not any("Defender armour" in m.name for m in reckoning.modifiers)


def test_isolated_units_may_not_attack(empty_charts):
    with pytest.raises(UserError, match="5.25"):
        reckon_combat(Combat(CombatSide(5, isolated=True), CombatSide(5)), empty_charts)


def test_combat_die_outside_the_d10_is_refused(empty_charts):
    with pytest.raises(DieError, match="cannot show 10"):
        reckon_combat(Combat(CombatSide(5), CombatSide(5)), empty_charts, die=10)


def test_owner_filled_charts_give_the_adjusted_die_and_the_result(tmp_path):
    charts = load_charts(tmp_path / "none.toml")
    charts.set("odds_drm", "2:1", "DRM", "+2")
    charts.set("terrain_drm", "mountain", "DRM", "-3")
    charts.set("weather_drm", "rain", "DRM", "-1")
    charts.set("crt", "4", "aggressive/flexible attacker", "rd")
    charts.set("crt", "4", "aggressive/flexible defender", "R")
    combat = Combat(CombatSide(10, artillery=1), CombatSide(5), aggressive=True, terrain=("mountain",), weather="rain")
    reckoning = reckon_combat(combat, charts, die=6)
    assert reckoning.total == 2 + 1 + 1 - 3 - 1
    assert reckoning.adjusted == 6
    assert reckoning.result is None  # line 6 is not filled: it says so
    assert "adjusted die of 6" in reckoning.notes[-1]
    assert reckon_combat(combat, charts, die=4).result == CombatResult("rd", "R", "aggressive/flexible")


def _crt_by_options(charts: OwnerCharts) -> None:
    """Line 5 of a chart where each pair of options reads differently."""
    charts.set("odds_drm", "1:1", "DRM", "0")
    for attack in ("aggressive", "cautious"):
        for defence in ("stand", "flexible"):
            charts.set("crt", "5", f"{attack}/{defence} attacker", f"A {attack}")
            charts.set("crt", "5", f"{attack}/{defence} defender", f"D {defence}")


@pytest.mark.parametrize(
    "aggressive, stand, die, options",
    [
        (True, True, 5, "aggressive/stand"),
        (True, False, 4, "aggressive/flexible"),
        (False, True, 6, "cautious/stand"),
        (False, False, 5, "cautious/flexible"),
    ],
)
def test_crt_result_is_read_in_the_columns_of_the_options_chosen(empty_charts, aggressive, stand, die, options):
    """8.23/8.24: a cautious attack loses less than an aggressive one and a standing defender more
    than a flexible one, so the owner's chart holds each side's result per pair of options and
    the calculator reads the pair the players chose (the dice land every case on line 5)."""
    _crt_by_options(empty_charts)
    combat = Combat(CombatSide(5), CombatSide(5), aggressive=aggressive, stand=stand)
    reckoning = reckon_combat(combat, empty_charts, die=die)
    assert reckoning.adjusted == 5
    attack, defence = options.split("/")
    assert reckoning.result == CombatResult(f"A {attack}", f"D {defence}", options)


def test_crt_line_missing_for_the_options_chosen_names_them(empty_charts):
    """8.23/8.24: a line filled for aggressive attacks only still sends a cautious one to the
    printed chart, naming the options to read under."""
    empty_charts.set("odds_drm", "1:1", "DRM", "0")
    empty_charts.set("crt", "5", "aggressive/stand attacker", "rd")
    reckoning = reckon_combat(Combat(CombatSide(5), CombatSide(5)), empty_charts, die=5)
    assert reckoning.result is None
    assert "under a cautious attack and a flexible defence" in reckoning.notes[-1]


@pytest.mark.parametrize(
    "die, modifier, cohesion, passed",
    [(5, 0, 5, True), (6, 0, 5, False), (4, 1, 5, True), (5, 1, 5, False), (9, -4, 5, True)],
)
def test_rd_roll_reduces_a_unit_when_above_its_cohesion(die, modifier, cohesion, passed):
    assert cohesion_roll("rd", die, cohesion, modifier).passed is passed


def test_infiltration_book_example_5th_mountain_regiment_gets_in():
    # 6.92: a roll of 2 against the 5th Regiment's cohesion of 5 moves it in
    assert cohesion_roll("infiltration", 2, 5).passed
    assert cohesion_roll("infiltration", 5, 5).passed
    assert not cohesion_roll("infiltration", 6, 5).passed


def test_preparedness_starts_units_reduced_above_cohesion():
    assert cohesion_roll("preparedness", 7, 6).outcome == "the unit starts reduced"
    assert cohesion_roll("preparedness", 6, 6).outcome == "the unit starts at full strength"
    with pytest.raises(DieError):
        cohesion_roll("preparedness", -1, 6)


def test_odds_beyond_the_chart_are_read_on_its_last_rows(empty_charts):
    # 8.25 rounds 26:2 to 13:1; the chart's rows end at 6:1 and begin at 1:4 (as printed charts
    # do, anything past the last column is read there), and the result says so.
    empty_charts.set("odds_drm", "6:1", "DRM", "5")
    empty_charts.set("odds_drm", "1:4", "DRM", "-4")
    high = reckon_combat(Combat(CombatSide(26), CombatSide(2)), empty_charts, die=3)
    assert high.odds == "13:1"
    assert _values(high)["Odds 13:1, read as 6:1"] == 5
    assert any("beyond the chart" in note and "highest row, 6:1" in note for note in high.notes)
    low = reckon_combat(Combat(CombatSide(2), CombatSide(15)), empty_charts, die=3)
    assert low.odds == "1:7.5" and _values(low)["Odds 1:7.5, read as 1:4"] == -4
    assert any("lowest row, 1:4" in note for note in low.notes)
    inside = reckon_combat(Combat(CombatSide(12), CombatSide(6)), empty_charts, die=3)
    assert not any("beyond the chart" in note for note in inside.notes)
