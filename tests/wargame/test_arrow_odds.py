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


def _every_throw_fought(sc, st, origin, target, attacker, defender, modifiers=(0, 0)) -> dict[str, float]:
    """The expected VP change with every one of the 36 throws fought through the engine, as
    arrow_odds did before it fought each difference of the dice once."""
    from dataclasses import replace

    from campaign_manager.engine.actions import Battle, WargameRoll
    from campaign_manager.engine.odds import _fight
    from campaign_manager.engine.victory import victory_points

    before = victory_points(sc, st)
    expected = {s: 0.0 for s in sc.sides}
    base = Battle(origin, target, initiative_dice=(6, 1), attacker=attacker, defender=defender)
    for a_die in wargame.FACES:
        for d_die in wargame.FACES:
            vp = victory_points(sc, _fight(sc, st, replace(base, wargame=WargameRoll(a_die, d_die, *modifiers))))
            for s in sc.sides:
                expected[s] += (vp[s] - before[s]) / 36
    return expected


def test_the_expected_vp_is_what_fighting_every_throw_gives():
    """Throws with the same difference of the dice are fought once: the same sums, to the last bit."""
    sc = scenario()
    cases = [
        (position(2), "C1", "B1", ("GR-INF-1",), ("IT-INF-1",), (0, 0)),
        (position(2), "C1", "B1", ("GR-INF-1",), ("IT-INF-1",), (1, -2)),
        (
            position(4, control={"B4": "axis"}, clear=("B4", "C4"), where={"IT-INF-4": "B4", "GR-INF-4": "C4"}),
            "C4",
            "B4",
            ("GR-INF-4",),
            ("IT-INF-4",),
            (0, 0),
        ),
    ]
    for st, origin, target, attackers, defenders, modifiers in cases:
        attacker, defender = Commitment(attackers), Commitment(defenders)
        found = arrow_odds(sc, st, origin, target, attacker, defender, (6, 1), modifiers)
        assert found.expected_vp == _every_throw_fought(sc, st, origin, target, attacker, defender, modifiers)
