"""Greek Civil War Airstrike markers in the tracker (2.8, 11.4, 16.2) and a conflict recorded in
one step: the Airstrike it expends, its Terror marker, the Political Points paid for the
unconventional modifier (11.6)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.gcw.tracker_summary import Airstrikes
from campaign_manager.errors import RuleError, UserError
from tests.assist.test_gcw_tracker import RULES, play

# Turn 3, the Government's Mobilization Phase: where Airstrike markers are bought (11.4).
GOVERNMENT_MOBILIZES = (
    {"type": "doctrine", "doctrine": "area", "duration": 3},
    {"type": "next_turn"},
    {"type": "next_turn"},
    {"type": "mobilization", "side": "government"},
)


def test_airstrikes_bought_are_available_and_a_conflict_expends_one():
    state = play(
        *GOVERNMENT_MOBILIZES,
        {"type": "airstrikes", "bought": 2},
        {"type": "conflict", "region": "Athens", "attacker": "government", "airstrike": True},
    )
    summary = state.summary(RULES)
    assert summary.airstrikes == Airstrikes(available=1, spent_this_turn=1)
    after = play(
        *GOVERNMENT_MOBILIZES,
        {"type": "airstrikes", "bought": 2},
        {"type": "conflict", "region": "Athens", "attacker": "government", "airstrike": True},
        {"type": "next_turn"},
    )
    assert (after.airstrikes, after.airstrikes_spent) == (1, 0)


def test_airstrikes_are_bought_only_in_the_government_mobilization_phase():
    with pytest.raises(RuleError, match="11.4.*Mobilization Phase"):
        play({"type": "airstrikes", "bought": 1})
    with pytest.raises(RuleError, match="11.4"):
        play(
            {"type": "next_turn"},
            {"type": "next_turn"},
            {"type": "mobilization", "side": "dse"},
            {"type": "airstrikes", "bought": 1},
        )


def test_no_airstrike_without_a_marker():
    with pytest.raises(RuleError, match="11.4"):
        play({"type": "conflict", "region": "Athens", "attacker": "government", "airstrike": True})


def test_a_conflict_places_its_terror_marker_and_charges_the_points_paid():
    # The DSE attacks, both buy the unconventional modifier: they cancel and both pay (11.6).
    state = play(
        {
            "type": "conflict",
            "region": "Larissa",
            "attacker": "dse",
            "terror": "placed",
            "political_points": {"attacker": 4, "defender": 2},
        }
    )
    assert state.terror == ["Larissa"]
    assert state.pi == {"government": 60 - 2, "dse": 50 - 4}
    removed = play(
        {"type": "terror", "region": "Larissa"},
        {"type": "conflict", "region": "Larissa", "attacker": "government", "terror": "removed"},
    )
    assert removed.terror == []


def test_a_malformed_conflict_is_refused():
    with pytest.raises(UserError, match="attacker"):
        play({"type": "conflict", "region": "Athens", "attacker": "italians"})
    with pytest.raises(UserError, match="political_points.attacker: should be at least 0"):
        play({"type": "conflict", "region": "Athens", "attacker": "dse", "political_points": {"attacker": -1}})
