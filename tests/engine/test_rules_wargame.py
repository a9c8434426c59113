"""RULES.md 1.7: the General's Wargame — the worked example, every difference band, situation
modifiers, the troop and aircraft bonuses of table 1.3, and the Metaxas Line fortification."""

from __future__ import annotations

import pytest

from campaign_manager.engine import initial_state
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

# -- the worked example (must hold) ------------------------------------------------------------


def _example_position():
    """Turn 2: two Greek infantry in Kastoria (C2), two Italian infantry in Korce (B2)."""
    return position(2, where={"GR-INF-8": "C2", "IT-INF-4": "B2", "IT-ALPINI": "B1"})


def _example(destroy, **kwargs):
    return attack(
        "C2",
        "B2",
        ["GR-INF-2", "GR-INF-8"],
        ["IT-INF-3", "IT-INF-4"],
        initiative=(4, 3),
        wargame=(5, 4),
        destroy=destroy,
        **kwargs,
    )


def test_worked_example_totals_nine_and_six():
    st = _example_position()
    assert troops_at(st, "B2") == {"IT-INF-3", "IT-INF-4"}
    applied = play(st, _example({"IT-INF-3": 5, "IT-INF-4": 4}, retreat_to="A1", advance=["GR-INF-2", "GR-INF-8"]))
    assert wargame_totals(applied) == (9, 6)
    after = applied.state
    # Difference 3: each Italian troop is destroyed on 5+ ...
    assert after.where["IT-INF-3"] == "pool"
    # ... the survivor retreats to Tirane, and the Greeks take Korce.
    assert after.where["IT-INF-4"] == "A1"
    assert after.control["B2"] == "allied"
    assert troops_at(after, "B2") == {"GR-INF-2", "GR-INF-8"}
    assert after.control["C2"] == "allied"
    assert applied.record["destroy_dice"] == {"IT-INF-3": 5, "IT-INF-4": 4}


def test_worked_example_greek_troops_are_not_rolled_for():
    st = _example_position()
    refused(st, _example({"IT-INF-3": 5, "IT-INF-4": 4, "GR-INF-2": 6}, retreat_to="A1"), "1.6", "GR-INF-2")


def test_worked_example_the_italians_choose_where_to_retreat():
    st = _example_position()
    # Korce borders Tirane and Vlore (and Yugoslavia, where only Germans go): the Italians choose.
    err = refused(st, _example({"IT-INF-3": 5, "IT-INF-4": 4}), "1.8", "A1", "B1")
    assert "A4" not in str(err).split("retreat_to")[-1].split(")")[0]
    after = play(st, _example({"IT-INF-3": 6, "IT-INF-4": 5}, retreat_to="B1")).state
    assert after.where["IT-INF-3"] == "pool" and after.where["IT-INF-4"] == "pool"


def test_worked_example_reversed_the_greeks_fall_back_to_c2():
    # "Had the Italian player won by the same amount": Greek 1 + 4 = 5 against Italian 6 + 2 = 8,
    # so each Greek troop is destroyed on 5+ and the Italians are not rolled for.
    st = _example_position()
    applied = play(
        st,
        attack(
            "C2",
            "B2",
            ["GR-INF-2", "GR-INF-8"],
            ["IT-INF-3", "IT-INF-4"],
            initiative=(4, 3),
            wargame=(1, 6),
            destroy={"GR-INF-2": 5, "GR-INF-8": 4},
        ),
    )
    assert wargame_totals(applied) == (5, 8)
    after = applied.state
    assert after.where["GR-INF-2"] == "pool" and after.where["GR-INF-8"] == "C2"
    assert after.control["B2"] == "axis" and after.control["C2"] == "allied"
    assert troops_at(after, "B2") == {"IT-INF-3", "IT-INF-4"}


def test_worked_example_played_from_the_start_of_the_campaign():
    st = initial_state(scenario())
    st = play_all(
        st,
        start_turn(),
        # Turn 1, B1→C1: Italian 1 + 1 against Greek 6 + 2 — the Italians lose by 6, rolled on 4+.
        attack("B1", "C1", ["IT-INF-1"], ["GR-INF-1"], wargame=(1, 6), destroy={"IT-INF-1": 3}),
        # B2→C2: Italian 2 + 1 against Greek 6 + 2 — the Italians lose by 5, rolled on 4+.
        attack("B2", "C2", ["IT-INF-3"], ["GR-INF-2"], wargame=(2, 6), destroy={"IT-INF-3": 1}),
        END_TURN,
        start_turn(4),
        # Turn 2: the Italians place and redeploy first, then the Greeks.
        place("IT-INF-4", "B2"),
        place("IT-INF-5", "B1"),
        redeploy("IT-ALPINI", "B1"),
        place("GR-INF-8", "C2"),
        place("GR-INF-9", "C1"),
    )
    assert (st.turn, st.battles_required) == (2, 5)
    applied = play(st, _example({"IT-INF-3": 5, "IT-INF-4": 4}, retreat_to="A1", advance=["GR-INF-2", "GR-INF-8"]))
    assert wargame_totals(applied) == (9, 6)
    after = applied.state
    assert after.control["B2"] == "allied" and after.where["IT-INF-4"] == "A1"
    assert after.where["IT-INF-3"] == "pool"
    assert troops_at(after, "B2") == {"GR-INF-2", "GR-INF-8"}


# -- every difference band ---------------------------------------------------------------------
# Greek infantry attacks Vlore (rough) from Ioannina: die + 2 against Italian infantry die + 1.

BANDS = [
    # (attacker die, defender die, modifiers, totals, winner, needed vs attacker, needed vs defender)
    (3, 4, (0, 0), (5, 5), None, 6, 6),  # 0: a draw, both sides on 6
    (3, 3, (0, 0), (5, 4), "attacker", 6, 6),  # 1
    (4, 3, (0, 0), (6, 4), "attacker", 6, 6),  # 2
    (5, 3, (0, 0), (7, 4), "attacker", None, 5),  # 3: loser 5+, winner not rolled
    (6, 3, (0, 0), (8, 4), "attacker", None, 5),  # 4
    (6, 2, (0, 0), (8, 3), "attacker", None, 4),  # 5: loser 4+
    (6, 1, (0, 0), (8, 2), "attacker", None, 4),  # 6
    (1, 3, (0, 0), (3, 4), "defender", 6, 6),  # 1, the defender wins
    (1, 4, (0, 0), (3, 5), "defender", 6, 6),  # 2
    (1, 5, (0, 0), (3, 6), "defender", 5, None),  # 3
    (1, 6, (0, 0), (3, 7), "defender", 5, None),  # 4
    (1, 6, (0, 1), (3, 8), "defender", 4, None),  # 5
    (1, 6, (-1, 2), (2, 9), "defender", 4, None),  # 7
    # Situation modifiers the organiser enters.
    (4, 3, (-1, 1), (5, 5), None, 6, 6),
    (1, 6, (5, 0), (8, 7), "attacker", 6, 6),
    (2, 1, (3, 0), (7, 2), "attacker", None, 4),
]


@pytest.mark.parametrize(("a_die", "d_die", "mods", "totals", "winner", "vs_attacker", "vs_defender"), BANDS)
def test_difference_bands(a_die, d_die, mods, totals, winner, vs_attacker, vs_defender):
    st = position(2)
    needed = {t: n for t, n in (("GR-INF-1", vs_attacker), ("IT-INF-1", vs_defender)) if n}
    retreat = "B2" if winner == "attacker" else None

    def battle(dice):
        return attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            initiative=(6, 1),
            wargame=(a_die, d_die, *mods),
            destroy=dice,
            retreat_to=retreat,
        )

    survived = play(st, battle({t: n - 1 for t, n in needed.items()}))
    assert wargame_totals(survived) == totals
    after = survived.state
    # Any win defeats the other side; a draw moves nobody.
    assert after.control["B1"] == ("allied" if winner == "attacker" else "axis")
    assert after.where["IT-INF-1"] == ("B2" if winner == "attacker" else "B1")
    assert after.where["GR-INF-1"] == "C1"
    destroyed = play(st, battle(dict(needed))).state
    for troop_id in needed:
        assert destroyed.where[troop_id] == "pool"
    for troop_id in {"GR-INF-1", "IT-INF-1"} - set(needed):
        refused(st, battle({**needed, troop_id: 6}), "1.6", troop_id)


@pytest.mark.parametrize("dice", [(0, 3), (3, 7)])
def test_a_wargame_die_must_be_a_d6(dice):
    refused(
        position(2),
        attack("C1", "B1", ["GR-INF-1"], ["IT-INF-1"], initiative=(6, 1), wargame=dice),
        None,
        error=UserError,
    )


# -- troop bonuses by the terrain of the area attacked (table 1.3) -----------------------------

AXIS_TROOPS = [
    ("IT-INF-1", 1, 1),
    ("IT-ALPINI", 1, 2),
    ("IT-CARRI", 2, 1),  # turn 4: the Carri is an M13/40
    ("DE-INF-1", 2, 2),
    ("DE-KRAD", 3, 3),
    ("DE-PZ-1", 4, 2),
]
ALLIED_TROOPS = [("GR-INF-1", 1, 2), ("GR-MECH", 1, 1), ("BR-INF-1", 2, 2), ("BR-TANK", 3, 1)]


def _lone_attack(origin, target, troop_id, bonus, initiative):
    # Die 1 against an empty area's die 1: the difference is the bonus. A win by 1–2 still rolls
    # for the winner on 6 (a 1 saves it); by 3 or more the winner is not rolled for.
    dice = {troop_id: 1} if bonus <= 2 else None
    return attack(origin, target, [troop_id], [], initiative=initiative, wargame=(1, 1), destroy=dice)


@pytest.mark.parametrize(("troop_id", "plain", "rough"), AXIS_TROOPS)
def test_axis_troop_bonus_by_terrain(troop_id, plain, rough):
    st = position(4, control={"B3": "axis"}, clear=("B3", "B4", "C2"), where={troop_id: "B3"})
    for target, bonus in (("B4", plain), ("C2", rough)):
        applied = play(st, _lone_attack("B3", target, troop_id, bonus, (1, 1)))
        assert wargame_totals(applied) == (1 + bonus, 1), target


@pytest.mark.parametrize(("troop_id", "plain", "rough"), ALLIED_TROOPS)
def test_allied_troop_bonus_by_terrain(troop_id, plain, rough):
    st = position(4, control={"D2": "axis"}, clear=("C1", "B1"), where={troop_id: "C1"})
    for target, bonus in (("D2", plain), ("B1", rough)):
        applied = play(st, _lone_attack("C1", target, troop_id, bonus, (6, 1)))
        assert wargame_totals(applied) == (1 + bonus, 1), target


# -- aircraft bonuses ----------------------------------------------------------------------------


def test_stuka_adds_three_on_plain_and_the_hurricane_one_against_it():
    st = position(4, where={"DE-INF-3": "A4"})
    # Into Thessaloniki (plain): 1 + 2 (Infanterie) + 3 (Stuka) against 1 + 1 (Greek infantry)
    # + 1 (Hurricane, an Axis aircraft is present): 6 against 3, the Greek troop on 5+.
    applied = play(
        st,
        attack(
            "A4",
            "B4",
            ["DE-INF-3"],
            ["GR-INF-4"],
            sortie="german",
            defender_sortie="british",
            initiative=(1, 1),
            wargame=(1, 1),
            destroy={"GR-INF-4": 4},
            retreat_to="C4",
        ),
    )
    assert wargame_totals(applied) == (6, 3)
    assert applied.state.control["B4"] == "axis"
    assert troops_at(applied.state, "C4") >= {"GR-INF-4", "GR-INF-5"}


def test_stuka_adds_two_on_rough():
    st = position(4, where={"DE-INF-3": "A4"})
    # Into Florina (rough): 1 + 2 + 2 against 1 + 2 + 1 (Hurricane): 5 against 4, both on 6.
    applied = play(
        st,
        attack(
            "A4",
            "B3",
            ["DE-INF-3"],
            ["GR-INF-3"],
            sortie="german",
            defender_sortie="british",
            initiative=(1, 1),
            wargame=(1, 1),
            destroy={"DE-INF-3": 1, "GR-INF-3": 1},
            retreat_to="C2",
        ),
    )
    assert wargame_totals(applied) == (5, 4)


def test_fiat_cr42_adds_one_on_rough_and_plain():
    st = position(2)
    applied = play(
        st,
        attack(
            "B1",
            "C1",
            ["IT-INF-1"],
            ["GR-INF-1"],
            sortie="italian",
            initiative=(6, 1),
            wargame=(1, 1),
            destroy={"IT-INF-1": 1, "GR-INF-1": 1},
        ),
    )
    assert wargame_totals(applied) == (3, 3)  # 1 + 1 + 1 against 1 + 2: a draw
    st = position(2, control={"B3": "axis"}, clear=("B3",), where={"IT-INF-1": "B3"})
    applied = play(
        st,
        attack(
            "B3",
            "B4",
            ["IT-INF-1"],
            ["GR-INF-4"],
            sortie="italian",
            initiative=(6, 1),
            wargame=(1, 1),
            destroy={"IT-INF-1": 1, "GR-INF-4": 1},
            retreat_to="C4",
        ),
    )
    assert wargame_totals(applied) == (3, 2)  # 1 + 1 + 1 against 1 + 1 (plain)


def test_an_attacking_hurricane_adds_one_against_an_axis_aircraft():
    st = position(4)
    # Ioannina → Vlore (rough): 1 + 2 (Greek infantry) + 1 (Hurricane) against 1 + 1 (Fucilieri)
    # + 1 (CR.42): 4 against 3, everyone rolled for on 6.
    applied = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            sortie="british",
            defender_sortie="italian",
            initiative=(6, 1),
            wargame=(1, 1),
            destroy={"GR-INF-1": 1, "IT-INF-1": 1},
            retreat_to="B2",
        ),
    )
    assert wargame_totals(applied) == (4, 3)
    # With no Axis aircraft it may still fly (RULES.md 1.3 DECISION) and adds nothing: 1 + 2 against 1 + 1.
    alone = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            ["IT-INF-1"],
            sortie="british",
            initiative=(6, 1),
            wargame=(1, 1),
            destroy={"GR-INF-1": 1, "IT-INF-1": 1},
            retreat_to="B2",
        ),
    )
    assert wargame_totals(alone) == (3, 2)


def test_a_defending_aircraft_alone_adds_its_bonus():
    st = position(2)
    # Greek 1 + 2 against an Italian sortie alone, 2 + 1: a draw; only the Greek troop is rolled.
    applied = play(
        st,
        attack(
            "C1",
            "B1",
            ["GR-INF-1"],
            [],
            defender_sortie="italian",
            initiative=(6, 1),
            wargame=(1, 2),
            destroy={"GR-INF-1": 6},
        ),
    )
    assert wargame_totals(applied) == (3, 3)
    assert applied.state.where["GR-INF-1"] == "pool"


# -- the Metaxas Line fortification --------------------------------------------------------------


def test_metaxas_fortification_adds_one_in_rough_on_top_of_two_greek_troops():
    st = position(4, where={"DE-INF-1": "A5", "DE-PZ-1": "A5"})
    # Bulgaria → Eastern Macedonia crosses the line: 4 + 2 + 2 against 3 + 2 + 2 + 1 = a draw.
    applied = play(
        st,
        attack(
            "A5",
            "B5",
            ["DE-INF-1", "DE-PZ-1"],
            ["GR-INF-6", "GR-INF-7"],
            initiative=(1, 1),
            wargame=(4, 3),
            destroy={t: 1 for t in ("DE-INF-1", "DE-PZ-1", "GR-INF-6", "GR-INF-7")},
        ),
    )
    assert wargame_totals(applied) == (8, 8)
    assert applied.state.control["B5"] == "allied"


def test_metaxas_fortification_adds_nothing_on_plain():
    st = position(4, where={"DE-INF-1": "A5"})
    # Bulgaria → Thessaloniki (plain) crosses the line: 5 + 2 against 2 + 1 + 1: difference 3,
    # the Greek troops are destroyed on 5+ and the Germans are not rolled for.
    applied = play(
        st,
        attack(
            "A5",
            "B4",
            ["DE-INF-1"],
            ["GR-INF-4", "GR-INF-5"],
            initiative=(1, 1),
            wargame=(5, 2),
            destroy={"GR-INF-4": 4, "GR-INF-5": 4},
            retreat_to="C4",
        ),
    )
    assert wargame_totals(applied) == (7, 4)


def test_metaxas_fortification_only_across_the_line():
    st = position(4, control={"B4": "axis"}, clear=("B4",), where={"DE-INF-1": "B4"})
    # Thessaloniki → Eastern Macedonia does not cross the line: 4 + 2 against 3 + 2 + 2.
    applied = play(
        st,
        attack(
            "B4",
            "B5",
            ["DE-INF-1"],
            ["GR-INF-6", "GR-INF-7"],
            initiative=(1, 1),
            wargame=(4, 3),
            destroy={t: 1 for t in ("DE-INF-1", "GR-INF-6", "GR-INF-7")},
        ),
    )
    assert wargame_totals(applied) == (6, 7)


def test_metaxas_fortification_only_for_greek_defenders():
    st = position(4, clear=("B5",), where={"DE-INF-1": "A5", "DE-PZ-1": "A5", "BR-INF-1": "B5", "BR-INF-2": "B5"})
    # British in Eastern Macedonia: 4 + 2 + 2 against 3 + 2 + 2, no fortification.
    applied = play(
        st,
        attack(
            "A5",
            "B5",
            ["DE-INF-1", "DE-PZ-1"],
            ["BR-INF-1", "BR-INF-2"],
            initiative=(1, 1),
            wargame=(4, 3),
            destroy={t: 1 for t in ("DE-INF-1", "DE-PZ-1", "BR-INF-1", "BR-INF-2")},
        ),
    )
    assert wargame_totals(applied) == (8, 7)
    assert applied.state.control["B5"] == "axis"
    assert troops_at(applied.state, "B4") >= {"BR-INF-1", "BR-INF-2"}


def test_metaxas_fortification_defends_no_empty_area():
    """RULES.md 1.3 DECISION (fortified line): an empty area across the line gets no fortification."""
    st = position(4, clear=("B5",), where={"DE-INF-1": "A5"})
    # Bulgaria → an empty Eastern Macedonia: 1 + 2 against 1 and nothing more; a win by 2 still
    # rolls for the German on 6 (a 1 saves him).
    applied = play(st, attack("A5", "B5", ["DE-INF-1"], [], initiative=(1, 1), wargame=(1, 1), destroy={"DE-INF-1": 1}))
    assert wargame_totals(applied) == (3, 1)
    assert not any("HMG" in e or "Metaxas" in e for e in applied.events)
    assert applied.state.control["B5"] == "axis"


def test_metaxas_fortification_counts_for_a_greek_troop_standing_there_uncommitted():
    """RULES.md 1.3 DECISION (fortified line): it counts when a Greek troop stands in the defended
    area, even if only a British troop is committed (British-only areas get nothing)."""
    st = position(4, where={"DE-INF-1": "A5", "BR-INF-1": "B5"})  # B5 also holds GR-INF-6 and GR-INF-7
    # 1 + 2 (Infanterie, rough) against 1 + 2 (British infantry, rough) + 1 (the line): the defender
    # wins by 1, both sides' troops rolled for on 6.
    applied = play(
        st,
        attack(
            "A5",
            "B5",
            ["DE-INF-1"],
            ["BR-INF-1"],
            initiative=(1, 1),
            wargame=(1, 1),
            destroy={"DE-INF-1": 1, "BR-INF-1": 1},
        ),
    )
    assert wargame_totals(applied) == (3, 4)
    assert applied.state.control["B5"] == "allied"
