"""RULES.md 1.4, DECISION (stale arrows), with entered dice: an arrow placed with its result to
come is fought only while its attacker still holds the area it comes from and still has a
committed ground troop there; otherwise it is void: refused when its result is entered (the
rule and the area named, nothing changed) and abandoned, with no result, VP or roll to destroy.

The position: turn 2. The Italians place B2 → B3 with IT-INF-3 ([6, 1]: 6 against 1+1), result
later; then the Greeks attack B2 from C2 ([6, 1]: 7 against 1) and win 20–5, and B2's Italians
retreat to B1.
"""

from __future__ import annotations

from campaign_manager.engine import legal
from tests.engine.positions import attack, play, position, refused, scenario

RESULT_LATER = attack("B2", "B3", ["IT-INF-3"], [], initiative=(6, 1))
B2_FALLS = attack(
    "C2", "B2", ["GR-INF-2"], ["IT-ALPINI"], initiative=(6, 1), games=[(20, 5)], retreat_to="B1",
    destroy={"GR-INF-2": 1, "IT-ALPINI": 1},
)  # fmt: skip
B2_B3_RESULT = {"type": "battle", "from": "B2", "to": "B3", "games": [{"attacker_vp": 20, "defender_vp": 5}]}
ABANDON = {"type": "abandon", "from": "B2", "to": "B3"}


def _b2_lost():
    st = play(position(2), RESULT_LATER).state
    return play(st, B2_FALLS).state


def test_an_open_arrow_whose_origin_was_lost_is_refused_naming_the_rule_and_the_area():
    st = _b2_lost()
    assert st.control["B2"] == "allied" and st.open_arrow("B2", "B3") is not None
    err = refused(st, B2_B3_RESULT, "1.4", "B2", "abandon")
    assert "no longer hold" in str(err)


def test_a_void_arrow_cannot_be_won_even_with_a_winning_score():
    st = _b2_lost()
    # The win would have handed B3 to the Axis with no troop to advance: it is refused instead.
    refused(st, {**B2_B3_RESULT, "destroy_dice": {}}, "1.4", "B2")
    assert st.control["B3"] == "allied"


def test_a_void_arrow_is_abandoned_with_no_result_no_vp_and_no_roll_to_destroy():
    st = _b2_lost()
    before_vp, before_where = dict(st.scored), dict(st.where)
    done = play(st, ABANDON)
    after = done.state
    assert after.open_arrows == ()
    assert after.scored == before_vp and after.where == before_where
    assert after.control["B3"] == "allied" and after.battles_fought == st.battles_fought
    assert not any("rolled" in line for line in done.events)


def test_an_arrow_whose_committed_troops_all_left_its_origin_is_void():
    st = play(position(2), RESULT_LATER).state
    st.where["IT-INF-3"] = "B1"  # moved off by another battle; the Axis still hold B2 (IT-ALPINI stays)
    assert st.control["B2"] == "axis" and "IT-ALPINI" in st.troops_in("B2")
    err = refused(st, B2_B3_RESULT, "1.4", "B2", "IT-INF-3")
    assert "committed" in str(err)


def test_an_arrow_still_standing_is_fought_as_usual():
    st = play(position(2), RESULT_LATER).state
    assert legal.stale_arrow_refusal(scenario(), st, st.open_arrows[0]) is None
    done = play(st, {**B2_B3_RESULT, "destroy_dice": {"IT-INF-3": 1}, "retreat_to": "C2", "advance": ["IT-INF-3"]})
    assert done.state.control["B3"] == "axis" and done.state.open_arrows == ()


def test_the_legal_query_answers_why_an_arrow_is_stale():
    st = _b2_lost()
    refusal = legal.stale_arrow_refusal(scenario(), st, st.open_arrows[0])
    assert refusal is not None and refusal.rule == "1.4" and "B2" in str(refusal)
