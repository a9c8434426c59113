"""The product decisions of RULES.md 1.3, 1.5 and 1.8, each with entered dice: mixed-nation
retreats, the turn-4 garrisons of B5 and B4, turn 1's two fixed battles, the RAF Hurricane and
the Metaxas Line at the table. Expected values come from RULES.md, never from the engine."""

from __future__ import annotations

import pytest

from campaign_manager.engine import apply_action
from campaign_manager.engine.legal import legal_arrows
from campaign_manager.engine.requirements import requirements
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.state import CAPTURED, POOL
from campaign_manager.engine.victory import victory_points
from campaign_manager.engine.views import state_view
from campaign_manager.errors import ChoiceNeeded
from campaign_manager.scenario import parse_scenario
from tests.engine.positions import (
    END_TURN,
    attack,
    mixed_axis_group_in_thessaloniki,
    play,
    play_all,
    position,
    redeploy,
    refused,
    scenario,
    start_turn,
    troops_at,
    wargame_totals,
)

GREEK = (6, 1)  # an Allied attack wins the initiative on turn 4 (6 against 1 + 2)
AXIS = (1, 1)  # an Axis attack wins it on turn 4 (1 + 2 against 1)


# -- 1.8 DECISION: a mixed-nation retreat is decided troop by troop --------------------------------


# Greeks attack C4 → B4 (plain): 6 + 1 + 1 + 2 situation = 10 against 1 + 2 + 4 = 7; a difference
# of 3: each committed German is destroyed on 5+, the Greeks are not rolled for.
GREEKS_TAKE_B4 = attack(
    "C4",
    "B4",
    ["GR-INF-4", "GR-INF-5"],
    ["DE-INF-1", "DE-PZ-1"],
    initiative=GREEK,
    wargame=(6, 1, 2, 0),
    destroy={"DE-INF-1": 4, "DE-PZ-1": 2},
)


def test_germans_retreat_and_only_the_italians_with_nowhere_to_go_are_captured():
    st = mixed_axis_group_in_thessaloniki()
    before = victory_points(scenario(), st)
    applied = play(st, dict(GREEKS_TAKE_B4, retreat_to="A5"))
    after = applied.state
    assert wargame_totals(applied) == (10, 7)
    assert after.control["B4"] == "allied"
    assert troops_at(after, "A5") >= {"DE-INF-1", "DE-PZ-1"}
    assert after.where["IT-INF-4"] == CAPTURED and after.where["IT-INF-5"] == CAPTURED
    assert [t for t, place in after.where.items() if place == CAPTURED] == ["IT-INF-4", "IT-INF-5"]
    view = state_view(scenario(), after)
    assert view.pools == {"axis": (), "allied": ()}
    # Allies: +20 for Thessaloniki and 5 + 5 for the two Italians only; the Axis lose B4's 20.
    assert victory_points(scenario(), after) == {"allied": before["allied"] + 30, "axis": before["axis"] - 20}
    assert applied.record["retreat_to"] == "A5"


def test_the_issue_walk_through_eighty_to_one_hundred_and_ten():
    # Allied VP 80: they hold F1, F2 and nothing else that scores (B4 and C1 are the Axis').
    st = mixed_axis_group_in_thessaloniki(control={"C1": "axis"})
    assert victory_points(scenario(), st)["allied"] == 80
    after = play(st, dict(GREEKS_TAKE_B4, retreat_to="A4")).state
    assert victory_points(scenario(), after)["allied"] == 110  # + 20 (B4) + 5 + 5 (two Italians)


def test_a_destroyed_german_goes_to_the_pool_while_the_italians_are_captured():
    st = mixed_axis_group_in_thessaloniki()
    after = play(st, dict(GREEKS_TAKE_B4, destroy_dice={"DE-INF-1": 5, "DE-PZ-1": 2}, retreat_to="A5")).state
    assert after.where["DE-INF-1"] == POOL and after.where["DE-PZ-1"] == "A5"
    assert {after.where["IT-INF-4"], after.where["IT-INF-5"]} == {CAPTURED}
    assert after.scored["allied"] == st.scored["allied"] + 10


def test_the_germans_choice_of_area_is_the_defenders():
    st = mixed_axis_group_in_thessaloniki()
    with pytest.raises(ChoiceNeeded) as info:
        play(st, GREEKS_TAKE_B4)
    assert info.value.options == ["A4", "A5"]  # both take the whole group that can retreat
    refused(st, dict(GREEKS_TAKE_B4, retreat_to="C4"), "1.8", "C4")


def test_one_area_that_takes_them_all_keeps_the_group_together():
    # Turn 4, the Axis hold B3 with a German and an Italian: the German may go to A4 or B2, the
    # Italian only to B2; B2 takes them both, so both go there and a split is refused.
    st = position(4, control={"B3": "axis"}, clear=("B3",), where={"DE-INF-1": "B3", "IT-INF-4": "B3"})
    action = attack(
        "C2", "B3", ["GR-INF-2"], ["DE-INF-1"], initiative=GREEK, wargame=(6, 1, 2, 0), destroy={"DE-INF-1": 1}
    )
    refused(st, dict(action, retreat_to={"DE-INF-1": "A4", "IT-INF-4": "B2"}), "1.8", "together", "B2")
    after = play(st, action).state
    assert troops_at(after, "B2") >= {"DE-INF-1", "IT-INF-4"}


def _italians_only_in_eastern_macedonia():
    """A variant of the map where only Italians may enter B5: with the Axis holding B5, an Axis
    group defeated in B4 cannot go anywhere together (Germans: A4 or A5; Italians: B5)."""
    text = scenario().source.replace(
        'name = "Eastern Macedonia"', 'name = "Eastern Macedonia"\nonly_nations = ["italian"]'
    )
    return parse_scenario(text, "variant.toml")


def test_where_no_area_takes_them_all_each_troop_retreats_on_its_own():
    sc = _italians_only_in_eastern_macedonia()
    st = mixed_axis_group_in_thessaloniki(control={"B5": "axis"})
    st.where.update({"GR-INF-6": "reserve", "GR-INF-7": "reserve"})
    with pytest.raises(ChoiceNeeded) as info:
        apply_action(sc, st, read_action(sc, GREEKS_TAKE_B4))
    # The Italians have one area (B5) and go there; each German chooses between A4 and A5.
    assert info.value.troop_options == {"DE-PZ-1": ["A4", "A5"], "DE-INF-1": ["A4", "A5"]}
    refused_choice = dict(GREEKS_TAKE_B4, retreat_to={"DE-INF-1": "A4", "DE-PZ-1": "B5"})
    with pytest.raises(Exception, match="DE-PZ-1 cannot retreat to B5"):
        apply_action(sc, st, read_action(sc, refused_choice))
    applied = apply_action(
        sc, st, read_action(sc, dict(GREEKS_TAKE_B4, retreat_to={"DE-INF-1": "A4", "DE-PZ-1": "A5"}))
    )
    after = applied.state
    assert (after.where["DE-INF-1"], after.where["DE-PZ-1"]) == ("A4", "A5")
    assert troops_at(after, "B5") == {"IT-INF-4", "IT-INF-5"}
    assert applied.record["retreat_to"] == {"DE-INF-1": "A4", "DE-PZ-1": "A5", "IT-INF-4": "B5", "IT-INF-5": "B5"}
    assert after.scored["allied"] == st.scored["allied"]  # nobody captured


def test_a_retreat_given_for_a_captured_group_says_they_were_captured():
    # Italians alone in B4: A4 and A5 are German-only and everything else around is Allied.
    st = position(4, control={"B4": "axis"}, clear=("B4", "C4"), where={"IT-INF-4": "B4", "GR-INF-4": "C4"})
    applied = play(st, attack("C4", "B4", ["GR-INF-4"], [], initiative=GREEK, wargame=(6, 1), retreat_to="A5"))
    assert applied.state.where["IT-INF-4"] == CAPTURED
    words = " ".join(applied.events)
    assert "had no adjacent area they may enter and were captured" in words
    assert "no defender retreated" not in words


# -- 1.5 DECISION: the turn-4 garrisons of B5 and B4 ----------------------------------------------


def _turn_four_planning():
    st = position(3, "strategic", sorties={}, where={"GR-INF-8": "C1", "GR-INF-9": "C2"})
    return play(st, start_turn(1, 1)).state


def _greeks_next_to_the_italians(st):
    """Everyone but B5's pair and the mechanised troop in B4 to areas bordering Italian troops."""
    return play_all(st, redeploy("GR-INF-4", "C1"), redeploy("GR-INF-5", "C2"), redeploy("GR-INF-7", "B3"))


GERMAN_ATTACK = attack("A4", "B3", ["DE-INF-3"], initiative=AXIS)


def test_the_greeks_may_not_empty_eastern_macedonia_on_turn_four():
    st = play(_greeks_next_to_the_italians(_turn_four_planning()), redeploy("GR-INF-6", "B3")).state
    refused(st, GERMAN_ATTACK, "1.5", "B5", "must stay")
    back = play(st, redeploy("GR-INF-6", "B5")).state
    assert play(back, GERMAN_ATTACK).state.phase == "battle"


def test_the_new_mechanised_troop_stays_in_thessaloniki_on_turn_four():
    # C1 borders the Italians in B1 and B2, so only the garrison rule keeps GR-MECH in B4.
    st = play(_greeks_next_to_the_italians(_turn_four_planning()), redeploy("GR-MECH", "C1")).state
    refused(st, GERMAN_ATTACK, "1.5", "GR-MECH", "B4")


def test_the_b5_garrison_lapses_once_the_axis_hold_b5():
    st = _greeks_next_to_the_italians(_turn_four_planning())
    st = play(st, redeploy("GR-INF-6", "B3")).state
    st.control["B5"] = "axis"
    assert play(st, GERMAN_ATTACK).state.phase == "battle"


# -- 1.5 DECISION: both of turn 1's fixed battles are fought ----------------------------------------

# The Italians take Ioannina: 6 + 1 + 1 against 1 + 2 (rough), a difference of 5: GR-INF-1 on 4+.
TAKE_IOANNINA = attack(
    "B1", "C1", ["IT-INF-1", "IT-CARRI"], ["GR-INF-1"], wargame=(6, 1), destroy={"GR-INF-1": 1}, retreat_to="D1"
)


def test_an_advance_may_not_empty_korce_while_its_fixed_battle_waits():
    st = position(1, battles_required=2)
    err = refused(
        st, dict(TAKE_IOANNINA, advance=["IT-INF-1", "IT-CARRI", "IT-ALPINI", "IT-INF-3"]), "1.5", "B2→C2", "B2"
    )
    assert "IT-ALPINI" in str(err) and "IT-INF-3" in str(err)
    after = play(st, dict(TAKE_IOANNINA, advance=["IT-INF-1", "IT-CARRI", "IT-ALPINI"])).state
    assert troops_at(after, "B2") == {"IT-INF-3"}
    assert ("B2", "C2") in legal_arrows(scenario(), after, "axis")
    refused(after, END_TURN, "1.5", "2 battles")


def test_once_korce_has_fought_its_troops_may_advance_freely():
    st = position(1)
    # B2 → C2 first: 6 + 2 + 1 against 1 + 2, the Italians take Kastoria.
    st = play(
        st,
        attack(
            "B2",
            "C2",
            ["IT-ALPINI", "IT-INF-3"],
            ["GR-INF-2"],
            wargame=(6, 1),
            destroy={"GR-INF-2": 1},
            retreat_to="C4",
        ),
    ).state
    after = play(st, dict(TAKE_IOANNINA, advance=["IT-INF-1", "IT-CARRI"])).state
    assert troops_at(after, "C1") == {"IT-INF-1", "IT-CARRI"}


# -- 1.3 DECISION: the RAF Hurricane -----------------------------------------------------------------


def test_the_hurricane_with_no_axis_aircraft_is_spent_for_nothing_and_says_so():
    st = position(4, where={"DE-INF-3": "A4"})
    # Into Florina (rough): 1 + 2 (Infanterie) against 1 + 2 (Greek infantry) + 0 (Hurricane).
    applied = play(
        st,
        attack(
            "A4",
            "B3",
            ["DE-INF-3"],
            ["GR-INF-3"],
            defender_sortie="british",
            initiative=AXIS,
            wargame=(1, 1),
            destroy={"DE-INF-3": 1, "GR-INF-3": 1},
        ),
    )
    assert wargame_totals(applied) == (3, 3)
    assert applied.state.sorties["british"] == 0
    assert any("RAF Hurricane" in e and "adds nothing" in e for e in applied.events)


def test_the_hurricane_against_a_stuka_adds_one():
    st = position(4, where={"DE-INF-3": "A4"})
    applied = play(
        st,
        attack(
            "A4",
            "B3",
            ["DE-INF-3"],
            ["GR-INF-3"],
            sortie="german",
            defender_sortie="british",
            initiative=AXIS,
            wargame=(1, 1),
            destroy={"DE-INF-3": 1, "GR-INF-3": 1},
            retreat_to="C2",
        ),
    )
    assert wargame_totals(applied) == (1 + 2 + 2, 1 + 2 + 1)
    assert not any("adds nothing" in e for e in applied.events)


# -- 1.3: the Metaxas Line in a tabletop battle --------------------------------------------------------


def test_a_tabletop_battle_across_the_metaxas_line_tells_of_the_hmg_nests():
    st = position(4, where={"DE-INF-1": "A5"})
    applied = play(st, attack("A5", "B5", ["DE-INF-1"], ["GR-INF-6"], initiative=AXIS))
    assert any("two HMG nests" in e for e in applied.events)
    arrow = state_view(scenario(), applied.state).open_arrows[0]
    assert arrow.fortification is not None and "two HMG nests" in arrow.fortification
    done = play(
        applied.state,
        {
            "type": "battle",
            "from": "A5",
            "to": "B5",
            "games": [{"attacker_vp": 2, "defender_vp": 4}],
            "destroy_dice": {"DE-INF-1": 1},
        },
    )
    assert done.state.control["B5"] == "allied"


def test_no_hmg_nests_off_the_metaxas_line():
    st = position(4, where={"DE-INF-3": "A4"})
    applied = play(st, attack("A4", "B4", ["DE-INF-3"], ["GR-INF-4"], initiative=AXIS))
    assert not any("HMG" in e for e in applied.events)
    assert state_view(scenario(), applied.state).open_arrows[0].fortification is None


def test_the_requirements_name_the_fortified_links_and_the_nests():
    data = requirements(scenario(), position(3, "strategic"), 4)
    assert data.fortification is not None
    assert data.fortification.links == ("A5–B4", "A5–B5")
    assert "two HMG nests" in data.fortification.words
