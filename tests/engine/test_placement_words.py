"""Where a waiting troop goes, said once and as the rules decide it: a region's areas its side
holds, any area its side holds, or — for a turn-4 arrival whose printed area is lost — any area
its side holds instead (RULES.md 1.5, decision on placing turn-4 arrivals). The refusal of a
placement names the rule, the area and where the troop may go, without saying the areas twice."""

from __future__ import annotations

import pytest

from campaign_manager.engine.campaign import apply_action, initial_state
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.views import TroopView, state_view
from campaign_manager.errors import RuleError
from campaign_manager.scenario import load_scenario
from tests.shared import FULL_CAMPAIGN


def _state(actions):
    sc = load_scenario()
    st = initial_state(sc)
    for action in actions:
        st = apply_action(sc, st, read_action(sc, action)).state
    return sc, st


def _waiting(sc, st) -> dict[str, TroopView]:
    return {t.id: t for side in state_view(sc, st).reinforcements.values() for t in side}


def test_turn_two_reinforcements_say_where_they_go_once():
    sc, st = _state(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:1])
    waiting = _waiting(sc, st)
    assert waiting["IT-INF-4"].zone == "Albania (A1, B1, B2)"
    assert waiting["GR-INF-8"].zone == "any area the Allies hold"
    with pytest.raises(RuleError) as refused:
        apply_action(sc, st, read_action(sc, {"type": "place", "troop": "IT-INF-4", "area": "C1"}))
    assert str(refused.value) == "Rule 1.5: IT-INF-4 cannot be placed in C1 Ioannina: it goes to Albania (A1, B1, B2)"
    assert str(refused.value).count("B2") == 1, "the areas are said once"
    with pytest.raises(RuleError, match=r"it is held by the Axis; it goes to any area the Allies hold$"):
        apply_action(sc, st, read_action(sc, {"type": "place", "troop": "GR-INF-8", "area": "B1"}))


def test_a_turn_four_arrival_whose_area_is_lost_goes_to_any_allied_area_instead():
    """Thessaloniki fell before turn 4: the Greek mechanised troop is not sent to it; the list
    of waiting troops says where it goes, and that is where it may be placed."""
    sc, st = _state([a for turn in ("turn 1", "turn 2", "turn 3") for a in FULL_CAMPAIGN[turn]])
    st.control["B4"] = "axis"
    for troop in st.troops_in("B4"):
        st.where[troop] = "C4"
    st = apply_action(sc, st, read_action(sc, {"type": "start_turn", "dice": [3, 3]})).state
    mech = _waiting(sc, st)["GR-MECH"]
    assert mech.zone == "any area the Allies hold, as B4 Thessaloniki is held by the Axis"
    assert mech.may_go is not None
    assert "B4" not in mech.may_go and {"C4", "F2"} <= set(mech.may_go)
    with pytest.raises(RuleError) as refused:
        apply_action(sc, st, read_action(sc, {"type": "place", "troop": "GR-MECH", "area": "B4"}))
    assert str(refused.value) == (
        "Rule 1.5: GR-MECH cannot be placed in B4 Thessaloniki: it is held by the Axis; "
        "it goes to any area the Allies hold instead"
    )
    placed = apply_action(sc, st, read_action(sc, {"type": "place", "troop": "GR-MECH", "area": "C4"})).state
    assert placed.where["GR-MECH"] == "C4"
