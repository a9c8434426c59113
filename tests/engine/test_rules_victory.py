"""RULES.md 1.9: campaign victory points — objectives, captures, Tirane — and the outcome by margin."""

from __future__ import annotations

import pytest

from campaign_manager.engine import initial_state
from campaign_manager.engine.victory import outcome, victory_points
from tests.engine.positions import END_TURN, attack, play, position, scenario

OBJECTIVES = {"B1": 20, "B4": 20, "C1": 10, "F2": 60, "F1": 20}


def _level(result: str) -> str:
    """The level named in an outcome's words: draw, tactical, operational or strategic."""
    found = [word for word in ("strategic", "operational", "tactical", "draw") if word in result.lower()]
    assert len(found) == 1, result
    return found[0]


def test_objective_areas_and_their_vp():
    sc = scenario()
    assert {code: area.vp for code, area in sc.areas.items() if area.vp} == OBJECTIVES


def test_at_the_start_the_allies_hold_110_and_the_axis_20():
    sc = scenario()
    st = initial_state(sc)
    assert victory_points(sc, st) == {"allied": 110, "axis": 20}
    result = outcome(sc, st)
    assert (result.leader, result.margin) == ("allied", 90)
    assert _level(result.result) == "operational" and "allied" in result.result.lower()
    assert result.final is False


@pytest.mark.parametrize(("code", "vp"), sorted(OBJECTIVES.items()))
def test_an_objective_counts_for_whoever_holds_it(code, vp):
    sc = scenario()
    st = initial_state(sc)
    side = st.control[code]
    other = "axis" if side == "allied" else "allied"
    st.control[code] = other
    start = {"allied": 110, "axis": 20}
    assert victory_points(sc, st) == {side: start[side] - vp, other: start[other] + vp}


def test_areas_without_vp_score_nothing():
    sc = scenario()
    st = initial_state(sc)
    for code in ("A1", "B2", "B3", "B5", "C2", "C4", "D1", "D2", "E1"):
        st.control[code] = "axis"
    assert victory_points(sc, st) == {"allied": 110, "axis": 20}


def test_captures_and_tirane_wins_add_to_the_objectives():
    sc = scenario()
    st = position(2, scored={"allied": 10 + 5, "axis": 10})
    assert victory_points(sc, st) == {"allied": 125, "axis": 30}


@pytest.mark.parametrize(
    ("margin", "level"),
    [
        (0, "draw"),
        (1, "draw"),
        (39, "draw"),
        (40, "tactical"),
        (59, "tactical"),
        (60, "operational"),
        (99, "operational"),
        (100, "strategic"),
        (150, "strategic"),
    ],
)
@pytest.mark.parametrize("leader", ["allied", "axis"])
def test_outcome_by_margin(margin, level, leader):
    sc = scenario()
    st = initial_state(sc)  # 110 against 20
    if leader == "allied":
        st.scored = {"allied": 0, "axis": 90 - margin} if margin <= 90 else {"allied": margin - 90, "axis": 0}
    else:
        st.scored = {"allied": 0, "axis": 90 + margin}
    vp = victory_points(sc, st)
    result = outcome(sc, st)
    assert result.margin == abs(vp["allied"] - vp["axis"]) == margin
    assert result.leader == (leader if margin else None)
    assert _level(result.result) == level
    if margin and level != "draw":
        assert sc.sides[leader].lower() in result.result.lower()


def test_the_outcome_is_final_once_turn_four_ends():
    st = position(4, battles_required=1, battles_fought=1)
    after = play(st, END_TURN).state
    assert after.phase == "finished"
    assert outcome(scenario(), after).final is True
    assert outcome(scenario(), st).final is False


def test_taking_an_objective_in_battle_moves_its_vp():
    st = position(2)
    after = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=(6, 1),
            wargame=(6, 1),
            destroy={"IT-INF-1": 1},
            retreat_to="B2",
        ),
    ).state
    assert victory_points(scenario(), after) == {"allied": 130, "axis": 0}
    result = outcome(scenario(), after)
    assert (result.leader, result.margin) == ("allied", 130)
    assert _level(result.result) == "strategic"
