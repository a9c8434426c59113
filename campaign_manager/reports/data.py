"""What a printed document says about a campaign at one turn, gathered from the campaign file
as plain data (no reportlab here): the state at the end of the turn (or now, if it is under
way), its battles, notes and dates, and what the next turn asks for."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.engine import legal
from campaign_manager.engine.actions import EndTurn, Note, StartTurn
from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.campaign import Applied, initial_state
from campaign_manager.engine.requirements import requirements
from campaign_manager.engine.state import CampaignState, Phase
from campaign_manager.engine.views import state_view
from campaign_manager.errors import UserError
from campaign_manager.scenario.model import Scenario


@dataclass(frozen=True)
class TurnPicture:
    """A campaign as it stood at the end of `turn` (or now, when that turn is under way)."""

    scenario: Scenario
    name: str
    turn: int
    ended: bool
    state: CampaignState
    view: dict  # engine.views.state_view of `state`
    battles: list[BattleRow]  # fought this turn
    notes: list[str]
    last_recorded: str  # the date of the last action up to this point (not the clock)
    next_requirements: dict | None
    possible_arrows: list[tuple[str, str, str]]  # (side, from, to) for battle slips


def default_report_turn(sc: Scenario, history: list[Applied]) -> int:
    """The last completed turn, or the turn under way if none has ended."""
    ended = [a.state.turn for a in history if isinstance(a.action, EndTurn)]
    if ended:
        return ended[-1]
    turns = [a.state.turn for a in history if isinstance(a.action, StartTurn)]
    if not turns:
        raise UserError("the campaign has not started: there is no turn to report on yet")
    return turns[-1]


def picture(sc: Scenario, name: str, history: list[Applied], recorded_at: list[str], turn: int | None) -> TurnPicture:
    """Gather the turn's picture; a turn that does not exist or has not started is refused."""
    number = default_report_turn(sc, history) if turn is None else turn
    if not 1 <= number <= len(sc.turns):
        raise UserError(f"there is no turn {number}: this scenario has turns 1 to {len(sc.turns)}")
    started = [i for i, a in enumerate(history) if isinstance(a.action, StartTurn) and a.state.turn == number]
    if not started:
        raise UserError(f"turn {number} has not started yet: there is nothing to report")
    ends = [i for i, a in enumerate(history) if isinstance(a.action, EndTurn) and a.state.turn == number]
    last = ends[0] if ends else len(history) - 1
    state = history[last].state
    rows = [row for row in battle_rows(sc, initial_state(sc), history[: last + 1]) if row.turn == number]
    notes = [a.action.text for a in history[started[0] : last + 1] if isinstance(a.action, Note)]
    upcoming = None
    if number < len(sc.turns):
        upcoming = requirements(sc, state, number + 1)
    return TurnPicture(
        sc,
        name,
        number,
        bool(ends),
        state,
        state_view(sc, state),
        rows,
        notes,
        recorded_at[last] if recorded_at else "",
        upcoming,
        possible_arrows(sc, state),
    )


def possible_arrows(sc: Scenario, st: CampaignState) -> list[tuple[str, str, str]]:
    """The battles a slip can be printed for: the open arrows, else every arrow either side could
    place now (or, between turns, at the start of the next turn)."""
    if st.open_arrows:
        return [(a.attacker_side, a.origin, a.target) for a in st.open_arrows]
    if st.phase == Phase.FINISHED:
        return []
    trial = st
    if st.phase in (Phase.SETUP, Phase.STRATEGIC):
        trial = st.copy()
        trial.turn, trial.phase = st.turn + 1, Phase.PLANNING
    elif st.phase not in (Phase.PLANNING, Phase.BATTLE):
        return []
    return [(side, a, b) for side in sc.sides for a, b in legal.legal_arrows(sc, trial, side)]
