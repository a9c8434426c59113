"""The battle log (engine/battle_log.py): every fought battle as a row, worked out from the
history, with its result, dice, destroyed, captured, retreat and advance."""

from __future__ import annotations

from campaign_manager.engine import apply_action, initial_state
from campaign_manager.engine.actions import Game
from campaign_manager.engine.battle_log import battle_rows
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
    st = apply_action(sc, st, {"type": "start_turn"}).state
    # B1 → C1: 6 + 1 + 1 against 1 + 2: the Italians win by 5, GR-INF-1 destroyed on 4+ (it rolls 4).
    applied = apply_action(
        sc,
        st,
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
    )
    (row,) = battle_rows(sc, st, [applied])
    assert row.kind == "wargame" and row.wargame_dice == (6, 1)
    assert row.winner == "axis" and row.took_area
    assert row.destroy_targets == {"GR-INF-1": 4} and row.destroyed == ("GR-INF-1",)
    assert row.captured == () and row.advanced == ("IT-INF-1",)
    assert row.mission == "Hold the Line"
