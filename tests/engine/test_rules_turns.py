"""RULES.md 1.5: the four turns — fixed battles, battle counts, initiative, sorties, redeployment,
deployment rules, reinforcements, the reinforcement pool and the turn's frame, with entered dice."""

from __future__ import annotations

import pytest

from campaign_manager.engine import initial_state
from campaign_manager.engine.views import troop_view
from campaign_manager.errors import UserError
from tests.engine.positions import (
    END_TURN,
    attack,
    place,
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

# -- turn 1: two fixed battles, the Italians attack, no initiative ---------------------------


def _turn_one():
    applied = play(initial_state(scenario()), start_turn())
    return applied.state


def test_turn_one_has_two_fixed_battles_and_one_italian_sortie():
    st = _turn_one()
    assert (st.turn, st.phase) == (1, "planning")
    assert st.battles_required == 2
    assert st.sorties == {"italian": 1}


def test_turn_one_takes_no_battle_count_die():
    refused(initial_state(scenario()), start_turn(3), "1.5", "turn 1")


def test_turn_one_allows_only_b1_to_c1_and_b2_to_c2():
    st = _turn_one()
    refused(st, attack("B2", "B3", ["IT-INF-3"]), "1.5", "B1→C1", "B2→C2")
    refused(st, attack("B1", "B2", ["IT-INF-1"]), "1.4", "B2")  # and never into one's own area


def test_turn_one_the_greeks_do_not_attack():
    st = _turn_one()
    refused(st, attack("C1", "B1", ["GR-INF-1"]), "1.5")
    refused(st, attack("C2", "B2", ["GR-INF-2"]), "1.5")


def test_turn_one_has_no_initiative_roll():
    st = _turn_one()
    refused(st, attack("B1", "C1", ["IT-INF-1"], initiative=(6, 1)), "1.5", "initiative")
    applied = play(st, attack("B1", "C1", ["IT-INF-1"], ["GR-INF-1"]))
    assert applied.state.open_arrows and "initiative_dice" not in applied.record


def test_turn_one_each_fixed_battle_is_fought_once_then_the_turn_ends():
    st = _turn_one()
    # B1→C1: Italian infantry 3 + 1 against Greek infantry 2 + 2 (rough): a draw, both rolled on 6.
    st = play(
        st, attack("B1", "C1", ["IT-INF-1"], ["GR-INF-1"], wargame=(3, 2), destroy={"IT-INF-1": 1, "GR-INF-1": 1})
    ).state
    assert st.battles_fought == 1
    refused(st, attack("B1", "C1", ["IT-INF-2"], ["GR-INF-1"], wargame=(3, 2)), "1.5", "B1→C1")
    refused(st, END_TURN, "1.5")
    st = play(
        st, attack("B2", "C2", ["IT-INF-3"], ["GR-INF-2"], wargame=(3, 2), destroy={"IT-INF-3": 1, "GR-INF-2": 1})
    ).state
    st = play(st, END_TURN).state
    assert (st.turn, st.phase) == (1, "strategic")


# -- battle counts: 1D3+3, 1D3+2, 2D3+6 from the entered dice --------------------------------


@pytest.mark.parametrize(("die", "battles"), [(1, 4), (2, 4), (3, 5), (4, 5), (5, 6), (6, 6)])
def test_turn_two_plays_one_d3_plus_three_battles(die, battles):
    st = play(position(1, "strategic"), start_turn(die)).state
    assert st.battles_required == battles


@pytest.mark.parametrize(("die", "battles"), [(1, 3), (2, 3), (3, 4), (4, 4), (5, 5), (6, 5)])
def test_turn_three_plays_one_d3_plus_two_battles(die, battles):
    st = play(position(2, "strategic"), start_turn(die)).state
    assert st.battles_required == battles


@pytest.mark.parametrize(("dice", "battles"), [((1, 1), 8), ((2, 3), 9), ((1, 6), 10), ((4, 6), 11), ((6, 5), 12)])
def test_turn_four_plays_two_d3_plus_six_battles(dice, battles):
    st = play(position(3, "strategic"), start_turn(*dice)).state
    assert st.battles_required == battles
    assert st.turn_dice == dice


def test_the_battle_count_takes_exactly_the_turns_dice():
    refused(position(1, "strategic"), start_turn(), "1.5", "turn 2")
    refused(position(1, "strategic"), start_turn(2, 2), "1.5", "turn 2")
    refused(position(3, "strategic"), start_turn(2), "1.5", "turn 4")


def test_a_battle_count_die_must_be_a_d6():
    refused(position(1, "strategic"), start_turn(7), None, error=UserError)
    refused(position(1, "strategic"), start_turn(0), None, error=UserError)


# -- initiative: both roll a d6 with the turn's modifier and tie-winner -----------------------

GREEK_ATTACK = ("C1", "B1", ["GR-INF-1"])
ITALIAN_ATTACK = ("B1", "C1", ["IT-INF-1"])


@pytest.mark.parametrize(
    ("turn", "attack_by", "dice", "allowed"),
    [
        # Turn 2: Greeks +1, Greeks win ties.
        (2, GREEK_ATTACK, (3, 4), True),  # 4 against 4: a tie, the Greeks win it
        (2, GREEK_ATTACK, (2, 4), False),  # 3 against 4
        (2, ITALIAN_ATTACK, (5, 4), False),  # 5 against 5: the Greeks win the tie
        (2, ITALIAN_ATTACK, (6, 4), True),  # 6 against 5
        # Turn 3: Italians +1, Italians win ties.
        (3, ITALIAN_ATTACK, (3, 4), True),  # 4 against 4
        (3, ITALIAN_ATTACK, (2, 4), False),  # 3 against 4
        (3, GREEK_ATTACK, (5, 4), False),  # 5 against 5: the Italians win the tie
        (3, GREEK_ATTACK, (6, 4), True),  # 6 against 5
        # Turn 4: Axis +2, Axis wins ties.
        (4, ITALIAN_ATTACK, (2, 4), True),  # 4 against 4
        (4, ITALIAN_ATTACK, (1, 4), False),  # 3 against 4
        (4, GREEK_ATTACK, (6, 4), False),  # 6 against 6: the Axis wins the tie
        (4, GREEK_ATTACK, (6, 3), True),  # 6 against 5
    ],
)
def test_initiative_modifiers_and_ties_per_turn(turn, attack_by, dice, allowed):
    st = position(turn)
    action = attack(*attack_by, initiative=dice)
    if allowed:
        applied = play(st, action)
        assert applied.state.open_arrows[0].origin == attack_by[0]
        assert applied.record["initiative_dice"] == list(dice)
    else:
        refused(st, action, "1.5", "initiative")


def test_an_initiative_die_must_be_a_d6():
    refused(position(2), attack(*GREEK_ATTACK, initiative=(7, 1)), None, error=UserError)
    refused(position(2), attack(*GREEK_ATTACK, initiative=(3, 0)), None, error=UserError)


# -- air sorties per turn and nation ---------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "sorties"),
    [
        (2, {"italian": 1}),
        (3, {"italian": 1}),
        (4, {"german": 3, "italian": 1, "british": 1}),
    ],
)
def test_each_turn_grants_its_sorties(turn, sorties):
    dice = {2: (1,), 3: (1,), 4: (1, 1)}[turn]
    st = play(position(turn - 1, "strategic", sorties={}), start_turn(*dice)).state
    assert st.sorties == sorties


def test_used_sorties_are_gone_for_the_turn():
    st = position(4, where={"DE-INF-1": "A5", "DE-INF-2": "A5", "DE-INF-3": "A4", "DE-INF-4": "A4"})
    st = play_all(
        st,
        attack("A4", "B3", ["DE-INF-3"], sortie="german", initiative=(1, 1)),
        attack("A4", "B4", ["DE-INF-4"], sortie="german", initiative=(1, 1)),
        attack("A5", "B5", ["DE-INF-1"], sortie="german", initiative=(1, 1)),
    )
    assert st.sorties["german"] == 0
    refused(st, attack("A5", "B4", ["DE-INF-2"], sortie="german", initiative=(1, 1)), "1.5", "German")
    # The one Italian and the one British sortie are still there.
    done = play(st, attack("B2", "C2", ["IT-INF-3"], sortie="italian", defender_sortie="british", initiative=(1, 1)))
    assert done.state.sorties == {"german": 0, "italian": 0, "british": 0}
    flown = [line for line in done.events if " flies for the " in line]
    assert flown == [
        "The FIAT CR.42 flies for the Axis (0 Italian sorties left this turn)",
        "The RAF Hurricane flies for the Allies (0 British sorties left this turn)",
    ], "the history says which sorties were spent"


def test_there_are_no_german_or_british_sorties_before_turn_four():
    st = position(2)
    refused(st, attack("B1", "C1", ["IT-INF-1"], sortie="german", initiative=(6, 1)), "1.5", "German")
    refused(
        st,
        attack("B1", "C1", ["IT-INF-1"], sortie="italian", defender_sortie="british", initiative=(6, 1)),
        "1.5",
        "British",
    )


def test_the_sorties_of_a_turn_do_not_carry_over():
    st = position(2, battles_required=1, sorties={"italian": 0})  # the Italian sortie was used
    st = play(
        st,
        attack(
            "B1",
            "C1",
            ["IT-INF-1"],
            ["GR-INF-1"],
            initiative=(6, 1),
            wargame=(3, 2),
            destroy={"IT-INF-1": 1, "GR-INF-1": 1},
        ),
    ).state  # 4 against 4: a draw
    st = play_all(st, END_TURN, start_turn(1))
    assert st.sorties == {"italian": 1}


def test_the_raf_hurricane_may_fly_with_no_axis_aircraft_in_the_battle():
    # DECISION (RULES.md 1.3): committed anywhere the Allies may commit a sortie; it is spent.
    st = position(4, where={"DE-INF-3": "A4"})
    applied = play(st, attack("A4", "B3", ["DE-INF-3"], ["GR-INF-3"], defender_sortie="british", initiative=(1, 1)))
    assert applied.state.open_arrows[0].defender.sortie == "british"
    assert applied.state.sorties["british"] == 0


# -- redeployment: the turn's order, inside own territory -------------------------------------


def test_turn_one_has_no_redeployment():
    st = position(1, "planning")
    refused(st, redeploy("GR-INF-4", "C1"), "1.5", "GR-INF-4")
    refused(st, redeploy("IT-INF-1", "B2"), "1.5", "IT-INF-1")


def test_turn_two_the_italians_redeploy_first():
    st = position(2, "planning")
    after_greeks = play(st, redeploy("GR-INF-4", "C1")).state
    refused(after_greeks, redeploy("IT-INF-1", "B2"), "1.5", "IT-INF-1")
    st = play_all(st, redeploy("IT-INF-1", "B2"), redeploy("GR-INF-4", "C1"))
    assert st.where["IT-INF-1"] == "B2" and st.where["GR-INF-4"] == "C1"
    refused(st, redeploy("IT-INF-2", "A1"), "1.5", "IT-INF-2")


@pytest.mark.parametrize(
    ("turn", "where"),
    [
        (3, {}),
        (4, {"GR-INF-4": "C1", "GR-INF-5": "C2", "GR-INF-7": "B3"}),  # turn 4's deployment rule holds
    ],
)
def test_turns_three_and_four_the_greeks_redeploy_first(turn, where):
    st = position(turn, "planning", where=where)
    after_italians = play(st, redeploy("IT-INF-1", "B2")).state
    refused(after_italians, redeploy("GR-INF-1", "C2"), "1.5", "GR-INF-1")


def test_redeployment_stays_inside_own_territory():
    st = position(2, "planning")
    refused(st, redeploy("IT-INF-1", "C1"), "1.5", "IT-INF-1", "C1")
    refused(st, redeploy("GR-INF-1", "B1"), "1.5", "GR-INF-1", "B1")
    # Anywhere inside it, not only next door: Thessaloniki to Athens.
    st = play(st, redeploy("GR-INF-4", "F2")).state
    assert st.where["GR-INF-4"] == "F2"


def test_on_turn_four_only_greeks_and_italians_redeploy():
    st = position(4, "planning", where={"DE-INF-3": "A4", "BR-INF-2": "E1"})
    refused(st, redeploy("DE-INF-3", "A5"), "1.5", "DE-INF-3")
    refused(st, redeploy("BR-INF-2", "F2"), "1.5", "BR-INF-2")


def test_redeployment_ends_with_the_first_battle():
    st = play(position(2, "planning"), attack("C1", "B1", ["GR-INF-1"], initiative=(6, 1))).state
    assert st.phase == "battle"
    refused(st, redeploy("GR-INF-4", "C1"), "1.1", "redeploy")


# -- deployment rules, checked when the first battle closes planning --------------------------


@pytest.mark.parametrize(
    ("turn", "area", "moves"),
    [
        (2, "B5", (("GR-INF-6", "B4"), ("GR-INF-7", "B4"))),
        (2, "B4", (("GR-INF-4", "B5"), ("GR-INF-5", "B5"))),
        (3, "B5", (("GR-INF-6", "C1"), ("GR-INF-7", "C1"))),
        (3, "B4", (("GR-INF-4", "C2"), ("GR-INF-5", "C2"))),
    ],
)
def test_turns_two_and_three_need_a_greek_troop_in_b4_and_b5(turn, area, moves):
    st = play_all(position(turn, "planning"), *(redeploy(t, to) for t, to in moves))
    refused(st, attack("C1", "B1", ["GR-INF-1"], initiative=(6, 1)), "1.5", area)
    # One troop back is enough.
    st = play(st, redeploy(moves[0][0], area)).state
    assert play(st, attack("C1", "B1", ["GR-INF-1"], initiative=(6, 1))).state.phase == "battle"


def _turn_four_planning():
    st = position(3, "strategic", sorties={}, where={"GR-INF-8": "C1", "GR-INF-9": "C2"})
    return play(st, start_turn(1, 1)).state


def test_turn_four_every_greek_troop_stands_next_to_the_italians_bar_two():
    st = _turn_four_planning()
    err = refused(st, attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1)), "1.5", "GR-INF-4", "GR-INF-5")
    # B5 may keep one infantry, not two; the mechanised troop in B4 is allowed.
    assert ("GR-INF-6" in str(err)) != ("GR-INF-7" in str(err))
    assert "GR-MECH" not in str(err).split("not so:")[-1]
    st = play_all(st, redeploy("GR-INF-4", "C1"), redeploy("GR-INF-5", "C2"), redeploy("GR-INF-7", "B3"))
    assert play(st, attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1))).state.phase == "battle"


def test_turn_four_the_mechanised_troop_may_stay_only_in_b4():
    st = play_all(
        _turn_four_planning(),
        redeploy("GR-INF-4", "C1"),
        redeploy("GR-INF-5", "C2"),
        redeploy("GR-INF-7", "B3"),
        redeploy("GR-MECH", "C4"),
    )
    # C4 borders B3, B4, C2 and D2: no Italian troops there.
    refused(st, attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1)), "1.5", "GR-MECH")


def test_turn_four_the_b5_exception_is_for_an_infantry_troop_in_b5_only():
    st = play_all(
        _turn_four_planning(),
        redeploy("GR-INF-4", "C1"),
        redeploy("GR-INF-5", "C2"),
        redeploy("GR-INF-7", "B3"),
        redeploy("GR-INF-6", "D2"),
    )
    refused(st, attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1)), "1.5", "GR-INF-6")


# -- reinforcements and the reinforcement pool -------------------------------------------------


def _turn_two_planning(**changes):
    return play(position(1, "strategic", sorties={}, **changes), start_turn(1)).state


def test_turn_two_reinforcements_wait_to_be_placed():
    st = _turn_two_planning()
    assert set(st.waiting_zone) == {"IT-INF-4", "IT-INF-5", "GR-INF-8", "GR-INF-9"}
    assert all(st.where[t] == "waiting" for t in st.waiting_zone)


def test_turn_two_italian_reinforcements_go_anywhere_in_albania():
    st = _turn_two_planning()
    for code in ("A1", "B1", "B2"):
        assert play(st, place("IT-INF-4", code)).state.where["IT-INF-4"] == code
    refused(st, place("IT-INF-4", "C1"), "1.5", "IT-INF-4", "C1")
    refused(st, place("IT-INF-4", "A4"), "1.4", "IT-INF-4", "A4", "only German")


def test_italian_reinforcements_do_not_go_to_greek_areas_the_axis_took():
    st = _turn_two_planning(control={"C1": "axis"}, where={"GR-INF-1": "B4"})
    refused(st, place("IT-INF-4", "C1"), "1.5", "IT-INF-4", "C1")


def test_italian_reinforcements_do_not_go_to_albanian_areas_the_allies_took():
    st = _turn_two_planning(control={"B1": "allied"}, clear=("B1",))
    refused(st, place("IT-INF-4", "B1"), "1.5", "IT-INF-4", "B1")


def test_turn_two_greek_reinforcements_go_anywhere_greek_held():
    st = _turn_two_planning()
    for code in ("B3", "B4", "B5", "C1", "C2", "C4", "D1", "D2", "E1", "F1", "F2"):
        assert play(st, place("GR-INF-8", code)).state.where["GR-INF-8"] == code
    refused(st, place("GR-INF-8", "B2"), "1.5", "GR-INF-8", "B2")
    refused(st, place("GR-INF-8", "C3"), "1.4", "GR-INF-8", "C3", "cannot be entered")


def test_turn_three_brings_one_italian_infantry_to_albania():
    st = play(position(2, "strategic", sorties={}), start_turn(1)).state
    assert set(st.waiting_zone) == {"IT-INF-6"}
    refused(st, place("IT-INF-6", "B3"), "1.5", "IT-INF-6")
    assert play(st, place("IT-INF-6", "A1")).state.where["IT-INF-6"] == "A1"


def test_turn_four_reinforcements_arrive_in_their_areas():
    st = _turn_four_planning()
    assert troops_at(st, "A5") == {"DE-PZ-1", "DE-INF-1", "DE-INF-2"}
    assert troops_at(st, "A4") == {"DE-PZ-2", "DE-KRAD", "DE-INF-3", "DE-INF-4"}
    assert "GR-MECH" in troops_at(st, "B4")
    assert {"BR-TANK", "BR-INF-1"} <= troops_at(st, "C4")
    assert "BR-INF-2" in troops_at(st, "E1")
    assert st.waiting_zone == {}


def test_pool_troops_come_back_next_turn_anywhere_friendly():
    st = _turn_two_planning(control={"C1": "axis"}, where={"IT-INF-1": "pool", "GR-INF-1": "pool"})
    assert st.where["IT-INF-1"] == "waiting" and st.where["GR-INF-1"] == "waiting"
    # Friendly territory, not only Albania: the Axis-held C1 too.
    assert play(st, place("IT-INF-1", "C1")).state.where["IT-INF-1"] == "C1"
    assert play(st, place("IT-INF-1", "B2")).state.where["IT-INF-1"] == "B2"
    refused(st, place("IT-INF-1", "C2"), "1.5", "IT-INF-1", "C2")
    assert play(st, place("GR-INF-1", "F1")).state.where["GR-INF-1"] == "F1"
    refused(st, place("GR-INF-1", "C1"), "1.5", "GR-INF-1", "C1")


def test_captured_troops_never_come_back():
    st = _turn_two_planning(where={"GR-INF-2": "captured"})
    assert st.where["GR-INF-2"] == "captured" and "GR-INF-2" not in st.waiting_zone


def test_a_troop_placed_on_the_map_cannot_be_placed_again():
    st = _turn_two_planning()
    refused(st, place("GR-INF-1", "C2"), "1.5", "GR-INF-1")


# -- the first battle closes planning; end of turn ---------------------------------------------


def test_the_first_battle_is_refused_while_troops_wait_to_be_placed():
    st = _turn_two_planning()
    refused(st, attack("C1", "B1", ["GR-INF-1"], initiative=(6, 1)), "1.1", "IT-INF-4", "GR-INF-8")
    st = play_all(
        st, place("IT-INF-4", "B1"), place("IT-INF-5", "B2"), place("GR-INF-8", "C1"), place("GR-INF-9", "C2")
    )
    st = play(st, attack("C1", "B1", ["GR-INF-1"], initiative=(6, 1))).state
    assert st.phase == "battle"
    refused(st, place("GR-INF-8", "C2"), "1.1")


def test_end_turn_is_refused_before_the_required_battles():
    st = position(2, battles_required=4, battles_fought=3)
    refused(position(2, battles_required=4), END_TURN, "1.5", "4")
    refused(st, END_TURN, "1.5", "4")
    # 7 + 2 against 1 + 1: the Greeks win by 7 and take Vlore; the Italians retreat to B2.
    st = play(
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
    assert st.battles_fought == 4
    assert play(st, END_TURN).state.phase == "strategic"


def test_end_turn_is_refused_while_an_arrow_is_open():
    st = play(position(2), attack("C1", "B1", ["GR-INF-1"], initiative=(6, 1))).state
    refused(st, END_TURN, "1.4", "C1→B1")


def test_more_battles_than_the_count_may_be_fought():
    st = position(2, battles_required=1, battles_fought=1)
    st = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=(6, 1),
            wargame=(3, 2),
            destroy={"GR-INF-1": 1, "IT-INF-1": 1},
            retreat_to="B2",
        ),
    ).state
    # 3 + 2 against 2 + 1: the Greeks win by 2 and both sides' troops are rolled for on a 6.
    assert st.battles_fought == 2


# -- the Carri platoon: M11/39 on turn 1, M13/40 from turn 2 -----------------------------------


def test_carri_is_an_m11_39_on_turn_one_and_an_m13_40_from_turn_two():
    carri = scenario().troops["IT-CARRI"].type
    name, bonus = carri.on_turn(1)
    assert "M11/39" in name and (bonus.on("plain"), bonus.on("rough")) == (1, 1)
    for turn in (2, 3, 4):
        name, bonus = carri.on_turn(turn)
        assert "M13/40" in name and (bonus.on("plain"), bonus.on("rough")) == (2, 1)
    assert "M11/39" in troop_view(scenario(), position(1), "IT-CARRI").name
    assert "M13/40" in troop_view(scenario(), position(2), "IT-CARRI").name


def test_carri_m11_39_adds_one_in_turn_ones_fixed_battle():
    st = play(
        _turn_one(),
        attack("B1", "C1", ["IT-CARRI"], ["GR-INF-1"], wargame=(4, 3), destroy={"IT-CARRI": 1, "GR-INF-1": 1}),
    )
    assert wargame_totals(st) == (5, 5)  # 4 + 1 (rough) against 3 + 2: a draw


def test_carri_m13_40_adds_two_on_plain_from_turn_two():
    st = position(2, control={"B3": "axis"}, clear=("B3",), where={"IT-CARRI": "B3"})
    # Into Thessaloniki (plain): 6 + 2 against 4 + 1 (Greek infantry, plain) — difference 3,
    # so the Greek troop is destroyed on 5+ and the Carri is not rolled for.
    applied = play(
        st,
        attack(
            "B3",
            "B4",
            ["IT-CARRI"],
            ["GR-INF-4"],
            initiative=(6, 1),
            wargame=(6, 4),
            destroy={"GR-INF-4": 5},
            retreat_to="C4",
        ),
    )
    assert wargame_totals(applied) == (8, 5)
    assert applied.state.where["GR-INF-4"] == "pool"
    assert applied.state.control["B4"] == "axis"


# -- suggested missions: each turn's d6 table ----------------------------------------------------

MISSIONS = {
    1: ("Free-for-All", "Dust Up", "Hold the Line", "No Retreat", "Breakthrough", "Surrounded"),
    2: ("Free-for-All", "Free-for-All", "Cauldron", "No Retreat", "Breakthrough", "Fighting Withdrawal"),
    3: ("Free-for-All", "Hasty Attack", "No Retreat", "Breakthrough", "Fighting Withdrawal", "Counterattack"),
    4: ("Free-for-All", "Dust Up", "Hasty Attack", "Breakthrough", "Fighting Withdrawal", "Hold the Line"),
}


@pytest.mark.parametrize("turn", [1, 2, 3, 4])
@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_the_suggested_mission_follows_the_turns_table(turn, die):
    """RULES.md 1.5, suggested missions: the typed d6 picks the mission from the turn's own row
    (the book's last table, labelled turn 3, is turn 4's) and is recorded with the arrow."""
    # Vlore → Ioannina; on turns 2–4 the Italians take the initiative 6 against at most 1 + 1.
    action = dict(
        attack("B1", "C1", ["IT-INF-1"], initiative=None if turn == 1 else (6, 1)),
        mission_die=die,
    )
    applied = play(position(turn), action)
    assert f"Suggested mission (d6 {die}): {MISSIONS[turn][die - 1]}" in applied.events
    assert applied.record["mission_die"] == die


@pytest.mark.parametrize("die", [0, 7])
def test_a_mission_die_must_be_a_d6(die):
    refused(
        position(2), dict(attack("B1", "C1", ["IT-INF-1"], initiative=(6, 1)), mission_die=die), None, error=UserError
    )


def _turn_four_with_b4_c4_and_e1_lost():
    """Turn 4 begins with Thessaloniki, Olympus–Aliakmon and Thermopylae in Axis hands; every Greek
    troop already stands next to the Italians (B1, B2), bar one infantry in B5."""
    st = position(
        3,
        "strategic",
        sorties={},
        control={"B4": "axis", "C4": "axis", "E1": "axis"},
        clear=("B4",),
        where={"GR-INF-4": "C1", "GR-INF-5": "C2", "GR-INF-7": "B3", "GR-INF-8": "C1", "GR-INF-9": "C2"},
    )
    return play(st, start_turn(1, 1)).state


def test_turn_four_arrivals_whose_area_is_lost_go_to_any_allied_area_and_then_obey_the_deployment():
    """RULES.md 1.5 DECISION (placing turn-4 arrivals whose printed area is lost): the Greek
    mechanised troop and the British go to any Allied-held area instead; the deployment rule then
    applies as usual, so the mechanised troop (no longer in B4) must stand next to Italian troops."""
    st = _turn_four_with_b4_c4_and_e1_lost()
    refused(st, place("BR-TANK", "C4"), "1.5", "BR-TANK", "C4")
    refused(st, place("BR-INF-2", "E1"), "1.5", "BR-INF-2", "E1")
    refused(st, place("GR-MECH", "B4"), "1.5", "GR-MECH", "B4")
    british = (place("BR-TANK", "D2"), place("BR-INF-1", "F2"), place("BR-INF-2", "F1"))
    far = play_all(st, place("GR-MECH", "F2"), *british)
    assert far.where["GR-MECH"] == "F2" and far.where["BR-INF-2"] == "F1"
    refused(far, attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1)), "1.5", "GR-MECH")
    near = play_all(st, place("GR-MECH", "C1"), *british)  # Ioannina borders Vlore and Korce
    assert play(near, attack("A4", "B3", ["DE-INF-3"], initiative=(1, 1))).state.phase == "battle"
