"""Odds for a battle arrow inside a campaign (engine/odds.py): the chances come from the same
factors the battle sums, and the expected VP change is worked out by the engine for each throw."""

from __future__ import annotations

from campaign_manager.engine import wargame
from campaign_manager.engine.odds import arrow_odds
from campaign_manager.engine.state import Commitment
from tests.engine.positions import position, scenario


def test_taking_vlore_is_worth_its_twenty_vp_times_the_chance_of_winning():
    st = position(2)
    found = arrow_odds(scenario(), st, "C1", "B1", Commitment(("GR-INF-1",)), Commitment(("IT-INF-1",)), (6, 1))
    # Greek infantry +2 against Italian infantry +1 (rough): the chances of the dice alone.
    assert found.odds == wargame.odds(scenario(), 2, 1)
    win = float(found.odds.attacker_win)
    # The Italians can fall back to A1 or B2: nobody is captured; B1 changes hands on a win.
    assert abs(found.expected_vp["allied"] - 20 * win) < 1e-9
    assert abs(found.expected_vp["axis"] + 20 * win) < 1e-9


def test_a_group_with_nowhere_to_go_adds_its_capture_vp():
    # Italians alone in B4 (turn 4): a win captures them, +5 for the Allies and B4's 20 VP.
    st = position(4, control={"B4": "axis"}, clear=("B4", "C4"), where={"IT-INF-4": "B4", "GR-INF-4": "C4"})
    found = arrow_odds(scenario(), st, "C4", "B4", Commitment(("GR-INF-4",)), Commitment(("IT-INF-4",)), (6, 1))
    win = float(found.odds.attacker_win)
    assert abs(found.expected_vp["allied"] - (20 + 5) * win) < 1e-9
    assert found.attacker_factors == [("GR-INF-4", 1)] and found.defender_factors == [("IT-INF-4", 1)]
