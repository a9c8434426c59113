"""RULES.md 1.8: after the battle — destroyed troops to the pool, retreat, capture of surrounded
troops, British escape by sea, Tirane, advance, and control changing only by a victorious attack."""

from __future__ import annotations

from campaign_manager.engine.victory import victory_points
from tests.engine.positions import attack, play, position, redeploy, refused, scenario, troops_at

GREEK = (6, 1)  # a Greek/Allied attack wins the initiative on turns 2–4 with these dice
AXIS = (1, 1)  # an Axis attack wins it on turn 4


# -- destroyed troops and the defeated attacker -------------------------------------------------


def test_a_defeated_attacker_stays_where_he_attacked_from():
    st = position(2)
    # 1 + 2 against 5 + 1: the Italians win by 3, Greek troops are destroyed on 5+.
    after = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=GREEK,
            wargame=(1, 5),
            destroy={"GR-INF-1": 4},
            retreat_to="A1",
        ),
    ).state
    assert after.where["GR-INF-1"] == "C1"
    assert after.control == st.control
    assert troops_at(after, "B1") == {"IT-INF-1", "IT-INF-2", "IT-CARRI"}


def test_destroyed_troops_go_to_their_sides_pool():
    st = position(2)
    after = play(
        st, attack("C1", "B1", ["GR-INF-1"], ["IT-INF-1"], initiative=GREEK, wargame=(1, 5), destroy={"GR-INF-1": 5})
    ).state
    assert after.where["GR-INF-1"] == "pool"
    assert after.control["C1"] == "allied"  # an emptied area stays with its side


# -- retreat of a defeated defender ---------------------------------------------------------------


def test_a_defeated_defender_moves_all_its_troops_committed_or_not():
    st = position(2)
    # 6 + 2 against 1 + 1: the Greeks win by 6; the committed Italian is destroyed on 4+.
    after = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=GREEK,
            wargame=(6, 1),
            destroy={"IT-INF-1": 4},
            retreat_to="B2",
        ),
    ).state
    assert after.where["IT-INF-1"] == "pool"
    assert {"IT-INF-2", "IT-CARRI"} <= troops_at(after, "B2")
    assert troops_at(after, "B1") == set()
    assert after.control["B1"] == "allied"


def test_the_defender_chooses_one_adjacent_friendly_area():
    st = position(2)
    action = attack("C1", "B1", ["GR-INF-1"], ["IT-INF-1"], initiative=GREEK, wargame=(6, 1), destroy={"IT-INF-1": 1})
    refused(st, action, "1.8", "B1", "A1", "B2")  # the choice is the defender's
    refused(st, dict(action, retreat_to="C2"), "1.8", "C2")  # not adjacent, not friendly
    refused(st, dict(action, retreat_to="C1"), "1.8", "C1")  # adjacent but the enemy's
    after = play(st, dict(action, retreat_to="A1")).state
    assert troops_at(after, "A1") == {"IT-INF-1", "IT-INF-2", "IT-CARRI"}


def test_a_single_retreat_area_needs_no_choice():
    # Italians in Florina (B3) with Korce (B2) theirs: Yugoslavia is closed to them, so B2 it is.
    st = position(2, control={"B3": "axis"}, clear=("B3",), where={"IT-INF-1": "B3", "IT-INF-2": "B3"})
    after = play(
        st, attack("C2", "B3", ["GR-INF-2"], ["IT-INF-1"], initiative=GREEK, wargame=(6, 1), destroy={"IT-INF-1": 1})
    ).state
    assert {"IT-INF-1", "IT-INF-2"} <= troops_at(after, "B2")
    assert after.control["B3"] == "allied"


# -- surrounded: captured, capture VP to the victor ----------------------------------------------


def _italians_surrounded_in_florina():
    """Florina (B3) Italian; Korce (B2) lost to the Allies; only Yugoslavia (closed to them) is Axis."""
    return position(
        2, control={"B3": "axis", "B2": "allied"}, clear=("B3", "B2"), where={"IT-INF-1": "B3", "IT-ALPINI": "B3"}
    )


def test_surrounded_defenders_are_all_captured_including_the_destroyed():
    st = _italians_surrounded_in_florina()
    # 6 + 2 against 1 + 1: the Greeks win by 6; IT-INF-1 is destroyed (a 6) yet captured too.
    after = play(
        st, attack("C2", "B3", ["GR-INF-2"], ["IT-INF-1"], initiative=GREEK, wargame=(6, 1), destroy={"IT-INF-1": 6})
    ).state
    assert after.where["IT-INF-1"] == "captured" and after.where["IT-ALPINI"] == "captured"
    assert after.scored == {"allied": 10, "axis": 0}  # 5 VP per Italian troop
    assert victory_points(scenario(), after) == {"allied": 110 + 10, "axis": 20}
    assert after.control["B3"] == "allied"


def test_a_destroyed_attacker_goes_to_the_pool_when_the_defenders_are_surrounded():
    st = _italians_surrounded_in_florina()
    # 3 + 2 against 3 + 1: the Greeks win by 1, so both sides' troops are rolled for on 6.
    after = play(
        st,
        attack(
            "C2",
            "B3",
            ["GR-INF-2"],
            ["IT-INF-1"],
            initiative=GREEK,
            wargame=(3, 3),
            destroy={"GR-INF-2": 6, "IT-INF-1": 1},
        ),
    ).state
    assert after.where["IT-INF-1"] == "captured"
    assert after.where["GR-INF-2"] == "pool"  # destroyed troops go to their side's pool (1.8 step 1)


def test_a_destroyed_attacker_cannot_advance_when_the_defenders_are_surrounded():
    st = _italians_surrounded_in_florina()
    refused(
        st,
        attack(
            "C2",
            "B3",
            ["GR-INF-2"],
            ["IT-INF-1"],
            initiative=GREEK,
            wargame=(3, 3),
            destroy={"GR-INF-2": 6, "IT-INF-1": 1},
            advance=["GR-INF-2"],
        ),
        "1.8",
        "GR-INF-2",
    )


def test_surrounded_germans_score_their_capture_vp():
    # Thessaly (D2) German, every neighbour Allied: Panzer 10, Kradschützen 10, Infanterie 5.
    st = position(4, control={"D2": "axis"}, where={"DE-PZ-1": "D2", "DE-KRAD": "D2", "DE-INF-1": "D2"})
    # 6 + 1 (Greek infantry, plain) against 1 + 2: difference 4, the Infanterie on 5+.
    after = play(
        st, attack("C2", "D2", ["GR-INF-2"], ["DE-INF-1"], initiative=GREEK, wargame=(6, 1), destroy={"DE-INF-1": 1})
    ).state
    assert {after.where[t] for t in ("DE-PZ-1", "DE-KRAD", "DE-INF-1")} == {"captured"}
    assert after.scored["allied"] == 25


def test_surrounded_british_away_from_f1_and_f2_are_captured():
    # Aetolia (D1) British; Ioannina, Thermopylae and the Peloponnese Axis.
    st = position(
        4,
        control={"C1": "axis", "E1": "axis", "F1": "axis"},
        clear=("C1",),
        where={"BR-INF-1": "D1", "BR-TANK": "D1", "IT-INF-1": "C1"},
    )
    # 6 + 1 (Fucilieri, rough) against 1 + 2 (British infantry): difference 4, British on 5+.
    after = play(
        st, attack("C1", "D1", ["IT-INF-1"], ["BR-INF-1"], initiative=AXIS, wargame=(6, 1), destroy={"BR-INF-1": 1})
    ).state
    assert after.where["BR-INF-1"] == "captured" and after.where["BR-TANK"] == "captured"
    assert after.scored["axis"] == 20


def test_surrounded_greeks_score_five_each():
    st = position(
        4,
        control={"C1": "axis", "E1": "axis", "F1": "axis"},
        clear=("C1",),
        where={"GR-INF-8": "D1", "GR-INF-9": "D1", "IT-INF-1": "C1"},
    )
    after = play(
        st, attack("C1", "D1", ["IT-INF-1"], ["GR-INF-8"], initiative=AXIS, wargame=(6, 1), destroy={"GR-INF-8": 1})
    ).state
    assert after.where["GR-INF-8"] == "captured" and after.where["GR-INF-9"] == "captured"
    assert after.scored["axis"] == 10


# -- the British in F1 and F2 ------------------------------------------------------------------


def _athens_last_stand():
    """Athens (F2) Allied with a British and a Greek troop; the Peloponnese and Thermopylae Axis."""
    return position(
        4, control={"F1": "axis", "E1": "axis"}, where={"BR-INF-2": "F2", "GR-INF-9": "F2", "DE-INF-1": "F1"}
    )


def test_british_in_athens_escape_by_sea_when_surrounded():
    st = _athens_last_stand()
    # Athens is plain: 6 + 2 against 1 + 2 (British infantry): difference 5, British on 4+.
    after = play(
        st, attack("F1", "F2", ["DE-INF-1"], ["BR-INF-2"], initiative=AXIS, wargame=(6, 1), destroy={"BR-INF-2": 3})
    ).state
    assert after.where["BR-INF-2"] == "pool"  # escaped by sea (the engine's decision: to the pool)
    assert after.where["GR-INF-9"] == "captured"  # the Greeks have no sea escape
    assert after.scored["axis"] == 5
    assert after.control["F2"] == "axis"


def test_a_british_troop_destroyed_in_the_battle_that_gives_the_axis_athens_is_not_captured():
    """RULES.md 1.8 DECISION: "the Axis holds both F1 and F2" is judged before the battle being
    resolved changes control, so a British troop destroyed while the Axis take Athens (holding only
    the Peloponnese before) goes to the pool, not into captivity, and scores the Axis nothing."""
    for thermopylae in ("allied", "axis"):  # with a way out by land, and without one
        st = position(
            4, control={"F1": "axis", "E1": thermopylae}, where={"BR-INF-2": "F2", "BR-INF-1": "F2", "DE-INF-1": "F1"}
        )
        # Athens is plain: 6 + 2 against 1 + 2: difference 5, British on 4+ — a 4 destroys BR-INF-2.
        action = attack(
            "F1", "F2", ["DE-INF-1"], ["BR-INF-2"], initiative=AXIS, wargame=(6, 1), destroy={"BR-INF-2": 4}
        )
        after = play(st, action).state
        assert after.control["F1"] == after.control["F2"] == "axis"
        assert after.where["BR-INF-2"] == "pool", thermopylae
        assert after.where["BR-INF-1"] == ("E1" if thermopylae == "allied" else "pool")
        assert after.scored["axis"] == 0


def test_british_in_the_peloponnese_escape_by_sea_when_surrounded():
    st = position(4, control={"D1": "axis", "F2": "axis"}, where={"BR-INF-1": "F1", "DE-INF-1": "F2"})
    after = play(
        st, attack("F2", "F1", ["DE-INF-1"], ["BR-INF-1"], initiative=AXIS, wargame=(6, 1), destroy={"BR-INF-1": 1})
    ).state
    assert after.where["BR-INF-1"] == "pool"
    assert after.where["BR-INF-1"] != "captured" and after.scored["axis"] == 0


def test_british_in_f1_or_f2_who_can_retreat_do_so():
    st = position(4, control={"F1": "axis"}, where={"BR-INF-2": "F2", "DE-INF-1": "F1"})
    after = play(
        st, attack("F1", "F2", ["DE-INF-1"], ["BR-INF-2"], initiative=AXIS, wargame=(6, 1), destroy={"BR-INF-2": 1})
    ).state
    assert after.where["BR-INF-2"] == "E1"


def test_a_destroyed_british_troop_is_captured_once_the_axis_holds_f1_and_f2():
    st = position(4, control={"F1": "axis", "F2": "axis"}, where={"BR-INF-2": "E1", "DE-INF-1": "F2"})
    # The British attack Athens from Thermopylae: 1 + 2 against 6 + 2, British on 4+.
    after = play(
        st, attack("E1", "F2", ["BR-INF-2"], ["DE-INF-1"], initiative=GREEK, wargame=(1, 6), destroy={"BR-INF-2": 4})
    ).state
    assert after.where["BR-INF-2"] == "captured"
    assert after.scored["axis"] == 10


def test_a_destroyed_british_defender_is_captured_once_the_axis_holds_f1_and_f2():
    st = position(
        4,
        control={"F1": "axis", "F2": "axis", "D1": "allied"},
        clear=("C1",),
        where={"BR-INF-1": "D1", "BR-TANK": "D1", "DE-INF-1": "F1"},
    )
    # Peloponnese → Aetolia across the sea: 6 + 2 against 1 + 2, British on 4+.
    after = play(
        st,
        attack(
            "F1",
            "D1",
            ["DE-INF-1"],
            ["BR-INF-1"],
            initiative=AXIS,
            wargame=(6, 1),
            destroy={"BR-INF-1": 4},
            retreat_to="C1",
        ),
    ).state
    assert after.where["BR-INF-1"] == "captured"
    assert after.where["BR-TANK"] == "C1"
    assert after.scored["axis"] == 10


# -- Tirane -------------------------------------------------------------------------------------


def _tirane_attack(destroy, wargame=(4, 4), advance=None):
    return attack(
        "B1",
        "A1",
        ["GR-INF-1", "GR-INF-8"],
        ["IT-INF-1"],
        initiative=GREEK,
        wargame=wargame,
        destroy=destroy,
        advance=advance,
    )


def _greeks_in_vlore():
    return position(
        2,
        control={"B1": "allied"},
        clear=("B1",),
        where={"GR-INF-1": "B1", "GR-INF-8": "B1", "IT-INF-1": "A1", "IT-INF-2": "A1"},
    )


def test_italians_defeated_in_tirane_stay_and_the_allies_score_ten():
    st = _greeks_in_vlore()
    # 4 + 2 + 2 against 4 + 1: difference 3, the Italian troop on 5+ — here it survives.
    applied = play(st, _tirane_attack({"IT-INF-1": 4}, advance=["GR-INF-1"]))
    after = applied.state
    assert troops_at(after, "A1") == {"IT-INF-1", "IT-INF-2"}
    assert after.control["A1"] == "axis"
    assert troops_at(after, "B1") == {"GR-INF-1", "GR-INF-8"}
    assert after.scored["allied"] == 10
    # Objectives: B1 20 + B4 20 + C1 10 + F2 60 + F1 20, and the win at Tirane.
    assert victory_points(scenario(), after) == {"allied": 130 + 10, "axis": 0}


def test_every_win_at_tirane_scores_ten_more():
    st = _greeks_in_vlore()
    st = play(st, _tirane_attack({"IT-INF-1": 5})).state  # destroyed on 5+: to the pool
    assert st.where["IT-INF-1"] == "pool" and st.scored["allied"] == 10
    st = play(
        st, attack("B1", "A1", ["GR-INF-1"], ["IT-INF-2"], initiative=GREEK, wargame=(6, 1), destroy={"IT-INF-2": 1})
    ).state
    assert st.scored["allied"] == 20
    assert st.control["A1"] == "axis" and st.where["IT-INF-2"] == "A1"


def test_a_lost_attack_on_tirane_scores_nothing():
    st = _greeks_in_vlore()
    # 1 + 4 against 6 + 1: the Italians win by 2, everyone is rolled for on 6.
    after = play(st, _tirane_attack({"GR-INF-1": 1, "GR-INF-8": 1, "IT-INF-1": 1}, wargame=(1, 6))).state
    assert after.scored["allied"] == 0


# -- advance -------------------------------------------------------------------------------------


def _korce_attack(advance, destroy=None, wargame=(6, 1)):
    # 6 + 2 + 2 against 1 + 2 (Alpini) + 1: difference 6; Italians on 4+, Greeks not rolled.
    return attack(
        "C2",
        "B2",
        ["GR-INF-2", "GR-INF-8"],
        ["IT-ALPINI", "IT-INF-3"],
        initiative=GREEK,
        wargame=wargame,
        destroy=destroy or {"IT-ALPINI": 1, "IT-INF-3": 1},
        retreat_to="A1",
        advance=advance,
    )


def _greeks_around_korce():
    return position(2, where={"GR-INF-8": "C2", "GR-INF-9": "C2", "GR-INF-4": "C1", "GR-INF-5": "D2"})


def test_the_victor_advances_up_to_four_troops_from_adjacent_areas():
    st = _greeks_around_korce()
    after = play(st, _korce_attack(["GR-INF-2", "GR-INF-8", "GR-INF-4", "GR-INF-3"])).state
    assert troops_at(after, "B2") == {"GR-INF-2", "GR-INF-8", "GR-INF-4", "GR-INF-3"}
    assert after.control["B2"] == "allied"
    # The areas they left stay Allied, empty or not.
    assert after.control["C1"] == after.control["B3"] == after.control["C2"] == "allied"
    assert troops_at(after, "B3") == set()


def test_no_more_than_four_troops_advance():
    st = _greeks_around_korce()
    refused(st, _korce_attack(["GR-INF-2", "GR-INF-8", "GR-INF-4", "GR-INF-3", "GR-INF-9"]), "1.8", "B2")


def test_the_surviving_committed_troops_advance_first():
    """RULES.md 1.8 advance: the victor MAY move up to four troops, and when troops move the
    survivors of the battle go first (the book: once they have advanced, others may follow). So
    another troop never moves while a survivor stays behind; a survivor alone may advance while
    the other survivor stays, since nobody moves before it."""
    st = _greeks_around_korce()
    refused(st, _korce_attack(["GR-INF-2", "GR-INF-9"]), "1.8", "GR-INF-8")
    refused(st, _korce_attack(["GR-INF-4"]), "1.8", "GR-INF-2", "GR-INF-8")
    # Fewer than all of them, with nobody else, is allowed.
    assert troops_at(play(st, _korce_attack(["GR-INF-2"])).state, "B2") == {"GR-INF-2"}


def test_a_destroyed_troop_does_not_advance_and_does_not_hold_up_the_others():
    st = _greeks_around_korce()
    # 3 + 4 against 3 + 3: the Greeks win by 1, everyone is rolled for on 6.
    dice = {"GR-INF-2": 6, "GR-INF-8": 1, "IT-ALPINI": 1, "IT-INF-3": 1}
    after = play(st, _korce_attack(["GR-INF-8", "GR-INF-4"], dice, wargame=(3, 3))).state
    assert troops_at(after, "B2") == {"GR-INF-8", "GR-INF-4"} and after.where["GR-INF-2"] == "pool"
    refused(st, _korce_attack(["GR-INF-2", "GR-INF-8"], dice, wargame=(3, 3)), "1.8", "GR-INF-2")


def test_troops_advance_only_from_adjacent_areas_their_side_holds():
    st = _greeks_around_korce()
    refused(st, _korce_attack(["GR-INF-2", "GR-INF-8", "GR-INF-5"]), "1.8", "GR-INF-5", "D2")


def test_only_the_victor_advances():
    st = _greeks_around_korce()
    refused(st, _korce_attack(["GR-INF-2", "GR-INF-8", "IT-INF-1"]), "1.8", "IT-INF-1")


def test_advancing_is_optional_and_the_area_is_taken_anyway():
    st = _greeks_around_korce()
    after = play(st, _korce_attack(None)).state
    assert after.control["B2"] == "allied" and troops_at(after, "B2") == set()
    assert after.where["GR-INF-2"] == "C2"


def test_a_defender_who_wins_takes_nothing():
    st = position(2)
    # 1 + 2 against 6 + 1: the Italians win by 4 defending Vlore.
    after = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=GREEK,
            wargame=(1, 6),
            destroy={"GR-INF-1": 1},
            advance=["IT-INF-1"],
        ),
    ).state
    assert after.control == st.control
    assert troops_at(after, "B1") == {"IT-INF-1", "IT-INF-2", "IT-CARRI"}
    assert after.where["GR-INF-1"] == "C1"


# -- control changes only by a victorious attack ----------------------------------------------


def test_a_draw_changes_no_control():
    st = position(2)
    after = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=GREEK,
            wargame=(3, 4),
            destroy={"GR-INF-1": 6, "IT-INF-1": 6},
        ),
    ).state
    assert after.control == st.control


def test_leaving_an_area_keeps_its_control():
    st = play(position(2, "planning"), redeploy("GR-INF-1", "D2")).state
    assert troops_at(st, "C1") == set() and st.control["C1"] == "allied"


def test_an_area_the_defenders_left_stays_theirs_until_attacked():
    # The Italians retreat out of Vlore into Korce: Korce was theirs, nothing else changes hands.
    st = position(2)
    after = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=GREEK,
            wargame=(6, 1),
            destroy={"IT-INF-1": 1},
            retreat_to="B2",
        ),
    ).state
    changed = {code for code in st.control if st.control[code] != after.control[code]}
    assert changed == {"B1"}


# -- several open arrows: each resolved in the order its result is recorded -------------------


def _result(origin, target, wargame, destroy=None, retreat_to=None):
    action = {
        "type": "battle",
        "from": origin,
        "to": target,
        "wargame": dict(zip(("attacker_die", "defender_die"), wargame)),
    }
    if destroy:
        action["destroy_dice"] = destroy
    if retreat_to:
        action["retreat_to"] = retreat_to
    return action


def test_open_arrows_are_resolved_in_the_order_their_results_are_recorded():
    """RULES.md 1.8: several battles may be open at once; each is resolved in the order it is
    recorded — the later placed arrow, resolved first, changes the map the earlier one meets.
    A troop on one open arrow cannot be committed on another (RULES.md 1.4)."""
    st = play(position(2), attack("C1", "B1", ["GR-INF-1"], ["IT-INF-1"], initiative=GREEK)).state
    refused(st, attack("C1", "B2", ["GR-INF-1"], initiative=GREEK), "1.4", "GR-INF-1")
    st = play(st, attack("C2", "B2", ["GR-INF-2"], ["IT-INF-3"], initiative=GREEK)).state
    assert len(st.open_arrows) == 2
    # Korce first: 6 + 2 against 1 + 1, difference 6; the Italians (on 4+) survive and fall back to Vlore.
    st = play(st, _result("C2", "B2", (6, 1), {"IT-INF-3": 1}, "B1")).state
    assert st.control["B2"] == "allied" and {"IT-ALPINI", "IT-INF-3"} <= troops_at(st, "B1")
    # Then Vlore: with Korce gone, Tirane is the only way out for all five Italians there.
    after = play(st, _result("C1", "B1", (6, 1), {"IT-INF-1": 1})).state
    assert troops_at(after, "A1") == {"IT-INF-1", "IT-INF-2", "IT-CARRI", "IT-ALPINI", "IT-INF-3"}
    assert after.control["B1"] == "allied" and after.open_arrows == () and after.battles_fought == 2


def test_an_open_arrow_whose_target_has_changed_hands_cannot_be_fought():
    """RULES.md 1.8: control changes with the first result recorded; a second open arrow into the
    same area, now the attacker's own, is refused by rule and areas, and may only be abandoned."""
    st = position(2, where={"GR-INF-8": "C1"})
    st = play(st, attack("C1", "B2", ["GR-INF-8"], initiative=GREEK)).state
    st = play(st, attack("C2", "B2", ["GR-INF-2"], ["IT-INF-3"], initiative=GREEK)).state
    st = play(st, _result("C2", "B2", (6, 1), {"IT-INF-3": 1}, "A1")).state
    assert st.control["B2"] == "allied"
    refused(st, _result("C1", "B2", (6, 1)), "1.8", "C1 Ioannina → B2", "abandon")
    assert play(st, {"type": "abandon", "from": "C1", "to": "B2"}).state.open_arrows == ()


def test_a_troop_committed_on_another_open_arrow_does_not_advance():
    """RULES.md 1.8 advance with 1.4: a troop waiting on another open arrow stays for that battle;
    naming it in an advance is refused by rule and troop, and nothing changes."""
    st = _greeks_around_korce()
    st = play(st, attack("C1", "B1", ["GR-INF-4"], initiative=GREEK)).state  # GR-INF-4 waits in Ioannina
    refused(st, _korce_attack(["GR-INF-2", "GR-INF-8", "GR-INF-4"]), "1.8", "GR-INF-4")
    after = play(st, _korce_attack(["GR-INF-2", "GR-INF-8", "GR-INF-1"])).state
    assert troops_at(after, "B2") == {"GR-INF-2", "GR-INF-8", "GR-INF-1"} and after.where["GR-INF-4"] == "C1"
