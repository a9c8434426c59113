"""The engine's answers to "what is legal here?" (engine/legal.py, battle_result.forecast): the window
and the computer players ask these, so they must agree with what the actions accept."""

from __future__ import annotations

from campaign_manager.engine import legal
from campaign_manager.engine.actions import WargameRoll
from campaign_manager.engine.battle_result import forecast
from tests.engine.positions import attack, play, position, redeploy, refused, scenario, start_turn


def test_legal_arrows_on_turn_one_are_the_two_fixed_battles():
    st = position(1)
    assert legal.legal_arrows(scenario(), st, "axis") == [("B1", "C1"), ("B2", "C2")]
    assert legal.legal_arrows(scenario(), st, "allied") == []


def test_every_legal_arrow_is_accepted_and_a_neighbour_that_is_not_is_refused():
    st = position(2)
    arrows = legal.legal_arrows(scenario(), st, "allied")
    assert ("C1", "B1") in arrows and ("B3", "B2") in arrows
    for origin, target in arrows:
        troops = legal.legal_commitments(scenario(), st, origin, target).attacker_troops
        play(st, attack(origin, target, troops[:1], initiative=(6, 1)))
    assert ("B4", "A5") not in arrows  # a staging area is never attacked
    refused(st, attack("B4", "A5", ["GR-INF-4"], initiative=(6, 1)), "1.4", "A5")


def test_legal_arrows_come_in_map_order():
    sc = scenario()
    order = [pair for link in sc.links for pair in ((link.a, link.b), (link.b, link.a))]
    for side in sc.sides:
        arrows = legal.legal_arrows(sc, position(2), side)
        assert arrows and arrows == sorted(arrows, key=order.index)


def test_commitments_offer_free_troops_sorties_and_the_metaxas_line():
    st = position(4, where={"DE-INF-1": "A5"})
    options = legal.legal_commitments(scenario(), st, "A5", "B5")
    assert options.attacker_side == "axis"
    assert set(options.attacker_troops) >= {"DE-INF-1"}
    assert set(options.defender_troops) == {"GR-INF-6", "GR-INF-7"}
    assert options.attacker_sorties == ("german", "italian")
    assert options.defender_sorties == ("british",)
    assert options.limit == 2
    assert options.fortification == "Metaxas Line fortification"
    busy = play(st, attack("A5", "B5", ["DE-INF-1"], ["GR-INF-6"], initiative=(1, 1))).state
    assert "GR-INF-6" not in legal.legal_commitments(scenario(), busy, "A5", "B4").defender_troops


def test_placement_and_redeploy_targets():
    st = play(position(1, "strategic", sorties={}), start_turn(1)).state
    assert legal.placement_targets(scenario(), st, "IT-INF-4") == ["A1", "B1", "B2"]
    assert legal.placement_targets(scenario(), st, "GR-INF-1") == []  # not waiting
    # The Italians deploy first on turn 2: while their reinforcements wait, the Greeks may not move.
    assert legal.redeploy_targets(scenario(), st, "GR-INF-1") == []
    refused(st, redeploy("GR-INF-1", "C2"), "1.5", "IT-INF-4")
    assert "B2" in legal.redeploy_targets(scenario(), st, "IT-INF-1")
    # The Italians redeploy first on turn 2: once the Greeks begin, they may not.
    st = play(st, {"type": "place", "troop": "IT-INF-4", "area": "B1"}).state
    st = play(st, {"type": "place", "troop": "IT-INF-5", "area": "B1"}).state
    st = play(st, {"type": "place", "troop": "GR-INF-8", "area": "C1"}).state
    st = play(st, {"type": "place", "troop": "GR-INF-9", "area": "C1"}).state
    targets = legal.redeploy_targets(scenario(), st, "GR-INF-1")
    assert "C2" in targets and "B1" not in targets and "C1" not in targets
    assert legal.redeploying_nations(scenario(), st) == ("italian", "greek")  # RULES.md 1.5, turn 2
    after = play(st, redeploy("GR-INF-1", "C2")).state
    assert legal.redeploying_nations(scenario(), after) == ("greek",), "the Italians' turn has passed"
    assert legal.redeploy_targets(scenario(), after, "IT-INF-1") == []
    refused(after, redeploy("IT-INF-1", "B2"), "1.5", "IT-INF-1")
    battle = play(after, attack("C1", "B1", ["GR-INF-8"], initiative=(6, 1))).state  # placed, no result yet
    assert legal.redeploying_nations(scenario(), battle) == (), "the first battle ends planning"


def test_who_places_the_next_arrow_without_a_roll():
    assert legal.next_attacker(scenario(), position(1)) == "axis", "turn 1's battles are the Axis's (1.5)"
    st = position(2)
    assert legal.next_attacker(scenario(), st) is None, "turn 2 rolls for the initiative"
    rolled = play(st, {"type": "initiative", "dice": {"axis": 1, "allied": 6}}).state
    assert legal.next_attacker(scenario(), rolled) == "allied", "rolled ahead: the winner attacks"


def test_a_troop_that_may_not_redeploy_is_told_why():
    """The words a dragged counter that will not move shows: the rule and the troop (RULES.md 1.1, 1.5)."""
    sc = scenario()
    assert (
        legal.redeploy_refusal(sc, position(1, "planning"), "IT-INF-1")
        == "Rule 1.5: IT-INF-1 cannot redeploy: nobody redeploys on turn 1"
    )
    assert legal.redeploy_refusal(sc, position(2), "IT-INF-1") == "Rule 1.1: redeployment happens in the planning phase"
    st = play(position(1, "strategic", sorties={}), start_turn(1)).state  # turn 2: the Italians deploy first
    assert legal.redeploy_refusal(sc, st, "IT-INF-1") is None and legal.redeploy_targets(sc, st, "IT-INF-1")
    waiting = legal.redeploy_refusal(sc, st, "GR-INF-1")
    assert waiting is not None and waiting.startswith("Rule 1.5") and "IT-INF-4" in waiting
    cornered = position(
        2,
        "planning",
        control={c: "axis" for c in sc.areas if c != "F2"} | {"F2": "allied"},
        clear=tuple(sc.areas),
        where={"GR-INF-1": "F2"},
    )
    assert (
        legal.redeploy_refusal(sc, cornered, "GR-INF-1")
        == "Rule 1.5: GR-INF-1 cannot redeploy: the Allies hold no other area Greek troops may enter"
    )


def test_retreat_areas_follow_each_nations_entry_rules():
    st = position(4, control={"B4": "axis"}, clear=("B4",), where={"DE-INF-1": "B4", "IT-INF-4": "B4"})
    assert legal.retreat_areas(scenario(), st, "B4", "DE-INF-1") == ["A4", "A5"]
    assert legal.retreat_areas(scenario(), st, "B4", "IT-INF-4") == []


def test_advance_candidates_are_free_neighbours_that_may_enter():
    st = position(2, control={"B1": "allied"}, clear=("B1",))
    assert legal.advance_candidates(scenario(), st, "B1", "allied") == ["GR-INF-1"]  # from C1
    st = position(4, control={"B4": "axis", "A4": "axis"}, where={"DE-INF-3": "A4", "IT-INF-4": "B2"})
    assert "IT-INF-4" not in legal.advance_candidates(scenario(), st, "A4", "axis")


def test_forecast_gives_the_destroy_targets_before_any_die():
    st = position(2)
    st = play(st, attack("C2", "B2", ["GR-INF-2"], ["IT-ALPINI", "IT-INF-3"], initiative=(6, 1))).state
    arrow = st.open_arrows[0]
    # Tabletop 6-2: the Greeks' 6 VP destroy on 4+; the Italians' 2 VP roll nothing.
    result, targets = forecast(scenario(), st, arrow, games=((6, 2),))
    assert result.winner == "attacker"
    assert targets == {"IT-ALPINI": 4, "IT-INF-3": 4}
    # General's Wargame 5 against 4 (rough): 5 + 2 = 7 against 4 + 2 + 1 = 7: a draw, all on 6.
    result, targets = forecast(scenario(), st, arrow, wargame=WargameRoll(5, 4))
    assert result.winner is None
    assert targets == {"GR-INF-2": 6, "IT-ALPINI": 6, "IT-INF-3": 6}
