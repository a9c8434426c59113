"""A Greek Tragedy tracker tests: reaching a month the way the rules do, one turn a month from the
scenario's first (10.0, 11.0), so a test set in January plays November and December first."""

from __future__ import annotations

from collections.abc import Sequence

from campaign_manager.assist.agt import cup
from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.state import GameState, apply


def turn_actions(
    state: GameState,
    charts: OwnerCharts,
    month: str,
    italian: Sequence[str] = ("XXV",),
    greek: Sequence[str] = ("A",),
    first: str | None = None,
    play: Sequence[str] = (),
):
    """Yield each turn action up to `month`; only the last has `first` and `play`."""
    tables = book()
    months = tables.scenario_months(state.scenario)
    assert month in months[state.turn :], f"{month} is not ahead of turn {state.turn}"
    while True:
        now = months[state.turn]
        last = now == month
        chits = {"play": play} if last and play else {}  # only when given: older trackers had no chits
        action = cup.start_turn(state, charts, now, italian, greek, first if last else None, **chits)
        yield action
        state = apply(state, action, tables)
        if last:
            return


def reach(state: GameState, charts: OwnerCharts, month: str, *args, **kwargs) -> GameState:
    """The state with every turn up to `month` started (see `turn_actions`)."""
    for action in turn_actions(state, charts, month, *args, **kwargs):
        state = apply(state, action, book())
    return state


def reach_game(game: AgtGame, charts: OwnerCharts, month: str, *args, **kwargs) -> None:
    """Record every turn up to `month` in the game file."""
    for action in turn_actions(game.state, charts, month, *args, **kwargs):
        game.record(action)
