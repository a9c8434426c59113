"""The battle log (engine/battle_log.py): every fought battle as a row, worked out from the
history, with its result, dice, destroyed, captured, retreat and advance."""

from __future__ import annotations

from campaign_manager.engine import apply_action, initial_state
from campaign_manager.engine.actions import Game
from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.spelling import read_action
from tests.engine.positions import replayed, scenario
from tests.shared import FULL_CAMPAIGN

TURN_ONE = FULL_CAMPAIGN["turn 1"]


def test_turn_one_gives_two_rows_with_their_results():
    history = replayed(TURN_ONE)
    first, second = battle_rows(scenario(), initial_state(scenario()), history)
    # B1 → C1, tabletop 5–2: the Axis win; their 5 VP destroy on 5+, GR-INF-1 rolled a 5.
    assert (first.number, first.turn, first.origin, first.target) == (2, 1, "B1", "C1")
    assert first.kind == "tabletop" and first.games == (Game(5, 2),) and first.winner == "axis"
    assert first.destroy_targets == {"GR-INF-1": 5} and first.destroyed == ("GR-INF-1",)
    assert first.advanced == ("IT-INF-1", "IT-CARRI") and first.took_area
    # B2 → C2, dice 2 and 5: 2 + 2 (Alpini) + 1 (CR.42) against 5 + 2: the Greeks win by 2, all on 6.
    assert second.kind == "wargame" and second.wargame_dice == (2, 5) and second.winner == "allied"
    assert second.destroy_targets == {"IT-ALPINI": 6, "GR-INF-2": 6} and second.destroyed == ("GR-INF-2",)
    assert second.attacker.sortie == "italian" and not second.took_area


def test_a_row_names_destroyed_captured_retreat_and_advance():
    sc = scenario()
    st = initial_state(sc)
    st = apply_action(sc, st, read_action(sc, {"type": "start_turn"})).state
    # B1 → C1: 6 + 1 + 1 against 1 + 2: the Italians win by 5, GR-INF-1 destroyed on 4+ (it rolls 4).
    applied = apply_action(
        sc,
        st,
        read_action(
            sc,
            {
                "type": "battle",
                "from": "B1",
                "to": "C1",
                "attacker": {"troops": ["IT-INF-1", "IT-CARRI"]},
                "defender": {"troops": ["GR-INF-1"]},
                "wargame": {"attacker_die": 6, "defender_die": 1},
                "destroy_dice": {"GR-INF-1": 4},
                "advance": ["IT-INF-1"],
                "mission_die": 3,
            },
        ),
    )
    (row,) = battle_rows(sc, st, [applied])
    assert row.kind == "wargame" and row.wargame_dice == (6, 1)
    assert row.winner == "axis" and row.took_area
    assert row.destroy_targets == {"GR-INF-1": 4} and row.destroyed == ("GR-INF-1",)
    assert row.captured == () and row.advanced == ("IT-INF-1",)
    assert row.mission == "Hold the Line"


# -- what a battle brought besides destroyed, captured, retreat and advance ------------------------


def _one_row(st, action):
    from tests.engine.positions import play

    (row,) = battle_rows(scenario(), st, [play(st, action)])
    return row


def test_a_row_names_troops_that_escaped_by_sea():
    """RULES.md 1.8: British defeated in Athens with nowhere to retreat escape by sea to the pool;
    the Greeks beside them are captured. A row says both, and the escaped troop is not destroyed."""
    from tests.engine.positions import attack, position

    st = position(4, control={"F1": "axis", "E1": "axis"}, where={"BR-INF-2": "F2", "GR-INF-9": "F2", "DE-INF-1": "F1"})
    # Athens is plain: 6 + 2 against 1 + 2: difference 5, BR-INF-2 on 4+ — it rolls 3 and survives.
    row = _one_row(
        st, attack("F1", "F2", ["DE-INF-1"], ["BR-INF-2"], initiative=(1, 1), wargame=(6, 1), destroy={"BR-INF-2": 3})
    )
    assert row.escaped == ("BR-INF-2",) and row.destroyed == () and row.captured == ("GR-INF-9",)
    assert row.escaped_words() == "escaped by sea to the pool: BR-INF-2"
    assert row.scored == {}


def test_a_destroyed_british_troop_is_not_said_to_have_escaped():
    from tests.engine.positions import attack, position

    st = position(4, control={"F1": "axis", "E1": "allied"}, where={"BR-INF-2": "F2", "DE-INF-1": "F1"})
    # 6 + 2 against 1 + 2: difference 5, BR-INF-2 on 4+ — a 4 destroys it; E1 takes nobody now.
    row = _one_row(
        st, attack("F1", "F2", ["DE-INF-1"], ["BR-INF-2"], initiative=(1, 1), wargame=(6, 1), destroy={"BR-INF-2": 4})
    )
    assert row.destroyed == ("BR-INF-2",) and row.escaped == () and row.escaped_words() == ""


def test_a_row_names_the_vp_of_a_win_at_tirane_where_nothing_is_captured():
    """RULES.md 1.4 and 1.9: an Allied win at Tirane scores 10 VP and nothing moves or is captured."""
    from tests.engine.positions import attack, position

    st = position(
        2,
        control={"B1": "allied"},
        clear=("B1",),
        where={"GR-INF-1": "B1", "GR-INF-8": "B1", "IT-INF-1": "A1", "IT-INF-2": "A1"},
    )
    # 4 + 2 + 2 against 4 + 1: difference 3, IT-INF-1 on 5+ — it rolls 4 and survives.
    action = attack(
        "B1", "A1", ["GR-INF-1", "GR-INF-8"], ["IT-INF-1"], initiative=(6, 1), wargame=(4, 4), destroy={"IT-INF-1": 4}
    )
    row = _one_row(st, action)
    assert row.winner == "allied" and row.captured == () and row.escaped == () and not row.took_area
    assert row.scored == {"allied": 10}
    assert row.scored_words(scenario()) == ["+10 VP to the Allies for the win at A1 Tirane (never taken)"]
    # A lost attack there scores nothing: 1 + 4 against 6 + 1, everyone on 6.
    lost = dict(action, wargame={"attacker_die": 1, "defender_die": 6})
    lost["destroy_dice"] = {"GR-INF-1": 1, "GR-INF-8": 1, "IT-INF-1": 1}
    assert _one_row(st, lost).scored == {}


def test_a_row_says_when_the_metaxas_line_defended():
    """RULES.md 1.3: an Axis arrow across the fortified line into an area with Greek troops has the
    fortification (+1 in rough terrain in the General's Wargame); one into an area without Greeks,
    or not across the line, has not."""
    from tests.engine.positions import attack, position

    st = position(4, where={"DE-INF-1": "A5", "DE-INF-3": "A4"})
    # B5 is rough: 3 + 2 against 3 + 2 (Greek infantry) + 1 (the fortification): the Greeks win by 1.
    row = _one_row(
        st,
        attack(
            "A5",
            "B5",
            ["DE-INF-1"],
            ["GR-INF-6"],
            initiative=(1, 1),
            wargame=(3, 3),
            destroy={"DE-INF-1": 1, "GR-INF-6": 1},
        ),
    )
    assert row.fortification == "Metaxas Line fortification"
    assert row.wargame_totals == (5, 6) and row.winner == "allied"
    sc = scenario()
    assert row.commitment_words(sc, "defender") == "GR-INF-6 + Metaxas Line fortification"
    assert row.commitment_words(sc, "attacker") == "DE-INF-1"
    plain = _one_row(
        st,
        attack(
            "A4",
            "B3",
            ["DE-INF-3"],
            ["GR-INF-3"],
            initiative=(1, 1),
            wargame=(6, 1),
            destroy={"GR-INF-3": 1},
            retreat_to="C2",
        ),
    )
    assert plain.fortification is None and "fortification" not in plain.commitment_words(sc, "defender")
