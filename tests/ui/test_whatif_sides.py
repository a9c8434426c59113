"""What if names the sides the scenario names, in the scenario's order, whatever their codes:
the window's words, the margin strip's ends and colours come from the scenario and the answer,
never from side codes written in the window's code."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign_manager.engine.whatif import Interval, SideWins, WhatIf
from campaign_manager.scenario import load_scenario
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.wargame import whatif_dialog
from campaign_manager.ui.wargame.whatif_dialog import margin_words, objective_words, wins_words
from tests.wargame.whatif_answers import an_answer


def _renamed() -> Scenario:
    """The bundled scenario with its sides under other codes, the southern side first."""
    sc = load_scenario()
    return replace(
        sc,
        sides={"south": "Southern", "north": "Northern"},
        side_nouns={"south": "Southerners", "north": "Northerners"},
        side_colours={"south": sc.side_colours["axis"], "north": sc.side_colours["allied"]},
    )


def _answer(sc: Scenario) -> WhatIf:
    outcomes = {"Southern strategic victory": 30, sc.victory_below: 20, "Northern tactical victory": 50}
    return an_answer(
        playouts=100,
        outcomes=outcomes,
        intervals={name: Interval(0.1, 0.6) for name in outcomes},
        wins={"south": SideWins(30, 0.3, Interval(0.22, 0.4)), "north": SideWins(50, 0.5, Interval(0.4, 0.6))},
        margin=((-70, 30), (0, 20), (45, 50)),
        margin_means="Northern VP minus Southern VP",
        margin_sides=("south", "north"),
        percentiles={5: -70, 10: -70, 25: -70, 50: 0, 75: 45, 90: 45, 95: 45},
        thresholds=(40, 60, 100),
        objectives={"B1": 0.4},
        held_at_start={"B1": "north"},
    )


def test_the_words_name_the_scenario_s_sides_in_its_order():
    sc = _renamed()
    answer = _answer(sc)
    said = wins_words(sc, answer)
    assert said == "In all, at any level of victory: the Southerners win 30% (22–40), the Northerners 50% (40–60), " + (
        f"{sc.victory_below} 20% (10–60)."
    )
    assert margin_words(sc, answer) == "Northern minus Southern"
    assert "B1 Vlore, held by the Northerners now, 40%" in objective_words(sc, answer)


@pytest.fixture
def dialog(open_window, monkeypatch):
    """The What if window on a scenario with renamed sides; its playouts answer `_answer`."""
    window = open_window([{"type": "start_turn"}])
    sc = _renamed()
    monkeypatch.setattr(CampaignSession, "scenario", property(lambda session: sc))
    monkeypatch.setattr(whatif_dialog, "playouts", lambda *args, **kwargs: _answer(sc))
    return window.wargame_actions.what_if(), sc


def test_the_window_draws_the_margin_between_the_scenario_s_sides(dialog):
    found, sc = dialog
    found.run(threaded=False)
    spread = found.margins.spread
    assert (spread.below_name, spread.above_name) == ("Southern", "Northern")
    assert spread.below.name() == sc.side_colours["south"].ink.lower()
    assert spread.above.name() == sc.side_colours["north"].ink.lower()
    assert "VP margin (Northern minus Southern)" in found.margins.title
    assert found.wins.text().startswith("In all, at any level of victory: the Southerners win 30%")
    bars = {name: colour.name() for name, _, colour in found.results.bars}
    assert bars["Northern tactical victory"] == sc.side_colours["north"].ink.lower()
    assert "The single most likely result: Northern tactical victory." in found.summary.text()
