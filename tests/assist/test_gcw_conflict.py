"""The conflict calculator beyond the table look-up: units affected, unconventional units'
modifier and its cost, the clamped die, Terror, and refusals (rules 11.2-12.2, 16.2)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.gcw.conflict import ConflictRequest, resolve
from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import RuleError, UserError

# 11.6 as typed from RULES.md: column → (defender's cost, attacker's cost).
COSTS = {"<1:1": (1, 5), "1:1": (2, 4), "2:1": (3, 3), "3:1": (4, 2), "4:1": (5, 1)}
STRENGTHS = {"<1:1": (1, 2), "1:1": (3, 2), "2:1": (5, 2), "3:1": (7, 2), "4:1": (9, 2)}


@pytest.mark.parametrize("column", list(COSTS))
def test_unconventional_costs_by_final_column(column):
    attacker, defender = STRENGTHS[column]
    both = resolve(
        ConflictRequest(
            attacker, defender, "infrastructure", die=3, attacker_buys_modifier=True, defender_buys_modifier=True
        )
    )
    assert both.political_points == {"defender": COSTS[column][0], "attacker": COSTS[column][1]}
    assert both.modifier == 0 and both.modified_die == 3  # both bought: they cancel, both pay


def test_attacker_plus_one_moves_to_the_next_row():
    # Infrastructure 3:1, die 5 is 100%A(+1); with +1 it reads row 6: OK.
    outcome = resolve(ConflictRequest(7, 2, "infrastructure", die=5, attacker_buys_modifier=True))
    assert (outcome.modified_die, outcome.result, outcome.political_points["attacker"]) == (6, "OK", 2)


def test_defender_minus_one_moves_to_the_row_above():
    # Infrastructure 1:1, die 2 is 100%D(+2); with -1 it reads row 1: MD.
    outcome = resolve(ConflictRequest(3, 2, "infrastructure", die=2, defender_buys_modifier=True))
    assert (outcome.modified_die, outcome.result, outcome.political_points["defender"]) == (1, "MD", 2)


def test_modified_die_is_clamped_to_one_and_six():
    high = resolve(ConflictRequest(5, 2, "infrastructure", die=6, attacker_buys_modifier=True))
    low = resolve(ConflictRequest(1, 2, "infrastructure", die=1, defender_buys_modifier=True))
    assert (high.modified_die, high.result) == (6, "100%D(-1)")
    assert (low.modified_die, low.result) == (1, "MD")


def test_modifier_on_the_open_table_is_refused():
    with pytest.raises(RuleError, match="Infrastructure"):
        resolve(ConflictRequest(9, 6, "open", die=3, attacker_buys_modifier=True))


@pytest.mark.parametrize("units,affected", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_half_rounds_up(units, affected):
    # Open 1:1, die 4: 50%D(-1).
    outcome = resolve(ConflictRequest(3, 3, "open", die=4, defending_units=units))
    assert (outcome.result, outcome.units_affected) == ("50%D(-1)", affected)
    assert f"{affected} of {units}" in outcome.explanation


def test_all_units_of_the_named_side():
    # Open 3:1, die 4: 100%D(-2) hits the defenders, not the attackers.
    outcome = resolve(ConflictRequest(6, 2, "open", die=4, attacking_units=5, defending_units=4))
    assert (outcome.result, outcome.result_side, outcome.units_affected) == ("100%D(-2)", "defender", 4)
    assert "go down 2 levels" in outcome.explanation


def test_military_disaster_eliminates_half_the_attackers_and_places_terror():
    outcome = resolve(ConflictRequest(3, 4, "open", die=1, attacking_units=3))
    assert (outcome.result, outcome.units_affected, outcome.terror) == ("MD", 2, "placed")
    assert "retreat" in outcome.explanation and "Terror" in outcome.explanation


def test_overkill_places_terror_whoever_attacks():
    outcome = resolve(ConflictRequest(5, 2, "open", die=6, attacker_side="government", defending_units=2))
    assert (outcome.result, outcome.units_affected, outcome.terror) == ("OK", 2, "placed")


@pytest.mark.parametrize("side,terror", [("government", "removed"), ("dse", None), (None, None)])
def test_effective_action_removes_terror_only_when_the_government_attacks(side, terror):
    """12.2: an EA removes Terror only after a Government attack; without the side, `terror`
    stays null (one of null, placed, removed) and the explanation says what depends on it."""
    outcome = resolve(ConflictRequest(5, 2, "open", die=5, attacker_side=side, defending_units=3))
    assert (outcome.result, outcome.units_affected, outcome.terror) == ("EA", 2, terror)
    if side is None:
        assert "If the Government attacked, remove the region's Terror marker" in outcome.explanation


def test_very_effective_action_removes_terror_for_a_government_attack():
    outcome = resolve(ConflictRequest(9, 2, "open", die=6, attacker_side="government"))
    assert (outcome.result, outcome.terror) == ("VE", "removed")


def test_airstrike_in_an_urban_region_places_terror():
    outcome = resolve(ConflictRequest(9, 6, "open", die=3, airstrike="attack", urban=True))
    # 9:6 is 1:1, the airstrike makes it 2:1; die 3 there is 50%D(-1).
    assert (outcome.column, outcome.result, outcome.terror) == ("2:1", "50%D(-1)", "placed")


def test_airstrikes_belong_to_the_government():
    with pytest.raises(RuleError, match="only the Government has airstrikes"):
        resolve(ConflictRequest(9, 6, "open", die=3, airstrike="attack", attacker_side="dse"))
    with pytest.raises(RuleError, match="Government unit defending"):
        resolve(ConflictRequest(9, 6, "open", die=3, airstrike="defend", attacker_side="government"))


@pytest.mark.parametrize("attacker,defender", [(0, 3), (3, 0)])
def test_strength_below_one_is_refused(attacker, defender):
    with pytest.raises(RuleError, match="at least 1"):
        resolve(ConflictRequest(attacker, defender, "open", die=3))


def test_unknown_table_is_refused():
    with pytest.raises(UserError, match="no 'street' conflict table"):
        resolve(ConflictRequest(3, 3, "street", die=3))


def test_missing_die_is_rolled_and_reported():
    outcome = resolve(ConflictRequest(3, 3, "open"), roller=ScriptedRoller([6]))
    assert (outcome.die, outcome.result) == (6, "EA")
