"""RULES.md 1.6: a tabletop (Flames of War) result — who is defeated, roll to destroy by the
roller's VP, several games on one arrow — with entered VP and dice.

The position: turn 2, the Greeks attack Vlore from Ioannina (C1→B1) with GR-INF-1 against
IT-INF-1; Vlore also holds IT-INF-2 and the Carri. Beaten Italians retreat to Korce (B2).
"""

from __future__ import annotations

import pytest

from campaign_manager.errors import UserError
from tests.engine.positions import attack, play, position, refused, troops_at

VLORE_ITALIANS = {"IT-INF-1", "IT-INF-2", "IT-CARRI"}


def _battle(games, destroy=None, retreat_to=None, **kwargs):
    return attack(
        "C1",
        "B1",
        ["GR-INF-1"],
        ["IT-INF-1"],
        initiative=(6, 1),
        games=games,
        destroy=destroy,
        retreat_to=retreat_to,
        **kwargs,
    )


def _needed(attacker_vp: int, defender_vp: int) -> dict[str, int]:
    """The d6 score that destroys each committed troop, straight from RULES.md 1.6."""

    def by_roller(vp):
        return 4 if vp >= 6 else 5 if vp == 5 else 6 if vp >= 3 else None

    needed = {"IT-INF-1": by_roller(attacker_vp), "GR-INF-1": by_roller(defender_vp)}
    return {t: n for t, n in needed.items() if n is not None}


# -- who is defeated ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker_vp", "defender_vp", "defeated"),
    [
        (3, 2, "defender"),
        (3, 0, "defender"),
        (5, 4, "defender"),
        (6, 1, "defender"),
        (4, 3, "defender"),
        (2, 0, None),
        (2, 1, None),
        (3, 3, None),
        (5, 5, None),
        (0, 0, None),
        (2, 3, "attacker"),
        (1, 4, "attacker"),
        (4, 5, "attacker"),
        (0, 6, "attacker"),
    ],
)
def test_a_side_is_defeated_when_the_other_scored_at_least_three_and_more(attacker_vp, defender_vp, defeated):
    st = position(2)
    dice = {t: 1 for t in _needed(attacker_vp, defender_vp)}  # a 1 never destroys
    applied = play(st, _battle([(attacker_vp, defender_vp)], dice, "B2" if defeated == "defender" else None))
    after = applied.state
    if defeated == "defender":
        assert after.control["B1"] == "allied"
        assert VLORE_ITALIANS <= troops_at(after, "B2")
    else:
        assert after.control["B1"] == "axis"
        assert troops_at(after, "B1") == VLORE_ITALIANS
    assert after.where["GR-INF-1"] == "C1" and after.control["C1"] == "allied"
    assert after.battles_fought == 1


# -- roll to destroy by the roller's own VP ----------------------------------------------------


@pytest.mark.parametrize(("roller_vp", "needed"), [(9, 4), (7, 4), (6, 4), (5, 5), (4, 6), (3, 6)])
def test_the_attackers_vp_set_the_score_that_destroys_defending_troops(roller_vp, needed):
    st = position(2)
    survived = play(st, _battle([(roller_vp, 0)], {"IT-INF-1": needed - 1}, "B2")).state
    assert survived.where["IT-INF-1"] == "B2"
    destroyed = play(st, _battle([(roller_vp, 0)], {"IT-INF-1": needed}, "B2")).state
    assert destroyed.where["IT-INF-1"] == "pool"


@pytest.mark.parametrize(("roller_vp", "needed"), [(8, 4), (6, 4), (5, 5), (4, 6), (3, 6)])
def test_the_defenders_vp_set_the_score_that_destroys_attacking_troops(roller_vp, needed):
    st = position(2)
    survived = play(st, _battle([(0, roller_vp)], {"GR-INF-1": needed - 1})).state
    assert survived.where["GR-INF-1"] == "C1"
    destroyed = play(st, _battle([(0, roller_vp)], {"GR-INF-1": needed})).state
    assert destroyed.where["GR-INF-1"] == "pool"


@pytest.mark.parametrize("roller_vp", [0, 1, 2])
def test_two_vp_or_less_roll_for_nothing(roller_vp):
    st = position(2)
    refused(st, _battle([(roller_vp, 0)], {"IT-INF-1": 6}), "1.6", "IT-INF-1")
    refused(st, _battle([(0, roller_vp)], {"GR-INF-1": 6}), "1.6", "GR-INF-1")
    after = play(st, _battle([(roller_vp, roller_vp)])).state
    assert after.where["IT-INF-1"] == "B1" and after.where["GR-INF-1"] == "C1"


def test_both_sides_troops_are_rolled_for_winner_and_loser_alike():
    st = position(2)
    # 6 against 5: the Greeks win. The Italians' 5 VP destroy Greek troops on 5+, the Greeks'
    # 6 VP destroy Italian troops on 4+.
    after = play(st, _battle([(6, 5)], {"GR-INF-1": 5, "IT-INF-1": 4}, "B2")).state
    assert after.where["GR-INF-1"] == "pool" and after.where["IT-INF-1"] == "pool"
    assert after.control["B1"] == "allied"
    after = play(st, _battle([(6, 5)], {"GR-INF-1": 4, "IT-INF-1": 3}, "B2")).state
    assert after.where["GR-INF-1"] == "C1" and after.where["IT-INF-1"] == "B2"


def test_a_draw_still_rolls_to_destroy():
    st = position(2)
    after = play(st, _battle([(4, 4)], {"GR-INF-1": 6, "IT-INF-1": 6})).state
    assert after.where["GR-INF-1"] == "pool" and after.where["IT-INF-1"] == "pool"
    assert after.control["B1"] == "axis"


def test_every_committed_troop_is_rolled_for_but_not_aircraft():
    st = position(2, where={"GR-INF-8": "C1"})
    action = attack(
        "C1",
        "B1",
        ["GR-INF-1", "GR-INF-8"],
        ["IT-INF-1"],
        defender_sortie="italian",
        initiative=(6, 1),
        games=[(2, 6)],
        destroy={"GR-INF-1": 4, "GR-INF-8": 3},
    )
    after = play(st, action).state
    assert after.where["GR-INF-1"] == "pool" and after.where["GR-INF-8"] == "C1"
    refused(st, dict(action, destroy_dice={"GR-INF-1": 4, "GR-INF-8": 3, "italian": 6}), "1.6", "italian")


def test_uncommitted_troops_are_not_rolled_for():
    st = position(2)
    refused(st, _battle([(6, 0)], {"IT-INF-1": 1, "IT-INF-2": 6}, "B2"), "1.6", "IT-INF-2")


@pytest.mark.parametrize("die", [0, 7, -1])
def test_a_destroy_die_must_show_one_to_six(die):
    st = position(2)
    refused(st, _battle([(6, 0)], {"IT-INF-1": die}, "B2"), None, "IT-INF-1", error=UserError)


def test_a_missing_destroy_die_is_refused_without_a_roller():
    refused(position(2), _battle([(6, 0)], {}, "B2"), None, "IT-INF-1", error=UserError)


def test_negative_vp_are_refused():
    refused(position(2), _battle([(-1, 3)]), None, error=UserError)


# -- several games on one arrow: winner by total, the 3-VP test and the table by the average ----


@pytest.mark.parametrize(
    ("games", "defeated", "needed"),
    [
        # totals 6–4, averages 3–2: the Greeks win; Italian troops on 6, Greek troops not rolled.
        ([(4, 1), (2, 3)], "defender", {"IT-INF-1": 6}),
        # totals 5–4 but the Greek average is 2: nobody is defeated, nobody rolls.
        ([(3, 0), (2, 4)], None, {}),
        # totals 14–0, average 4 (not 14): Italian troops on 6 only.
        ([(5, 0), (5, 0), (4, 0)], "defender", {"IT-INF-1": 6}),
        # totals 11–0, average 5 (11 / 2 rounded down): 5+.
        ([(7, 0), (4, 0)], "defender", {"IT-INF-1": 5}),
        # totals 13–1, average 6 and 0: 4+.
        ([(6, 1), (7, 0)], "defender", {"IT-INF-1": 4}),
        # The Greeks win two games of three, but the Italians have the higher total (6–10) and an
        # average of 3: the attacker is defeated. Greek troops on 6; the Greek average 2 rolls nothing.
        ([(3, 2), (3, 2), (0, 6)], "attacker", {"GR-INF-1": 6}),
        # totals 6–8, averages 2–2: the Italians lead but nobody is defeated.
        ([(6, 0), (0, 4), (0, 4)], None, {}),
    ],
)
def test_several_games_on_one_arrow(games, defeated, needed):
    st = position(2)
    retreat = "B2" if defeated == "defender" else None
    survived = play(st, _battle(games, {t: n - 1 for t, n in needed.items()}, retreat)).state
    assert survived.control["B1"] == ("allied" if defeated == "defender" else "axis")
    destroyed = play(st, _battle(games, dict(needed), retreat)).state
    for troop_id in needed:
        assert destroyed.where[troop_id] == "pool"
    for troop_id in {"IT-INF-1", "GR-INF-1"} - set(needed):
        refused(st, _battle(games, {**needed, troop_id: 6}, retreat), "1.6", troop_id)
    assert destroyed.battles_fought == 1


def test_games_are_entered_on_an_open_arrow():
    st = play(position(2), attack("C1", "B1", ["GR-INF-1"], ["IT-INF-1"], initiative=(6, 1))).state
    assert st.battles_fought == 0
    after = play(
        st,
        {
            "type": "battle",
            "from": "C1",
            "to": "B1",
            "games": [{"attacker_vp": 4, "defender_vp": 1}, {"attacker_vp": 5, "defender_vp": 2}],
            "destroy_dice": {"IT-INF-1": 5},
            "retreat_to": "A1",
        },
    ).state
    # Totals 9–3, average 4–1: the Greeks win, the Italian troop is destroyed on 6 only.
    assert after.where["IT-INF-1"] == "A1" and after.control["B1"] == "allied"
    assert after.open_arrows == () and after.battles_fought == 1


# -- an open arrow may be abandoned only while no game is recorded on it -----------------------


def test_an_open_arrow_with_no_game_may_be_abandoned():
    """RULES.md 1.6: an arrow with no game played is open and may be abandoned (no result): it
    leaves the map, its sortie comes back, and no battle is counted."""
    st = play(
        position(2),
        attack("C1", "B1", ["GR-INF-1"], ["IT-INF-1"], defender_sortie="italian", initiative=(6, 1)),
    ).state
    assert st.sorties["italian"] == 0
    after = play(st, {"type": "abandon", "from": "C1", "to": "B1"}).state
    assert after.open_arrows == () and after.sorties["italian"] == 1
    assert after.battles_fought == 0 and after.where == st.where and after.control == st.control
    # The same two areas may carry a new arrow at once.
    assert play(after, attack("C1", "B1", ["GR-INF-1"], initiative=(6, 1))).state.open_arrows


def test_an_arrow_with_a_game_recorded_cannot_be_abandoned():
    """RULES.md 1.6: once a game is recorded on the arrow it has a result and cannot be abandoned;
    the refusal names the rule and both areas and changes nothing."""
    st = play(position(2), _battle([(2, 2)])).state  # a draw at 2 VP: nobody rolls, nobody moves
    assert st.battles_fought == 1
    refused(st, {"type": "abandon", "from": "C1", "to": "B1"}, "1.6", "C1", "B1")
    refused(position(2), {"type": "abandon", "from": "C1", "to": "B1"}, "1.6", "C1", "B1")
