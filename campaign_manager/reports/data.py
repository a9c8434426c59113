"""What a printed document says about a campaign at one turn, gathered from the campaign file
as plain data (no reportlab here): the state at the end of the turn (or now, if it is under
way), its battles, notes and dates, what the next turn asks for, and the battles a slip can be
printed for (with the map they are worked out on, and whether it may still change)."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.dice import RandomRoller
from campaign_manager.engine import legal
from campaign_manager.engine.actions import EndTurn, Note, StartTurn
from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.campaign import Applied, apply_action, initial_state
from campaign_manager.engine.charts import CampaignCharts, campaign_charts
from campaign_manager.engine.league import Standing, league
from campaign_manager.engine.lookup import nations_words
from campaign_manager.engine.requirements import RequirementsView, requirements
from campaign_manager.engine.state import DEFAULT_SCORING, CampaignState, Phase, Scoring
from campaign_manager.engine.views import StateView, state_view
from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext
from campaign_manager.reports.kinds import ReportKind
from campaign_manager.scenario.model import Scenario


@dataclass(frozen=True)
class TurnPicture:
    """A campaign as it stood at the end of `turn` (or now, when that turn is under way)."""

    scenario: Scenario
    name: str
    turn: int
    ended: bool
    state: CampaignState
    view: StateView  # engine.views.state_view of `state`
    battles: list[BattleRow]  # fought this turn
    notes: list[str]
    last_recorded: str  # the date of the last action up to this point (not the clock)
    next_requirements: RequirementsView | None
    slips: SlipPlan  # the battles a slip can be printed for
    standings: list[Standing]  # the league of commanders up to this moment (empty: no roster)
    charts: CampaignCharts  # the campaign's figures up to this moment
    first_action: int = 0  # the places in the log (from 0) of the turn's first and last actions
    last_action: int = -1
    recorded_by: tuple[str, ...] = ()  # on a server: who recorded the turn's actions, each once
    # the league's scheme as the organiser left it before the next turn started (a scheme chosen
    # after the turn ended, or after the campaign did, scores its league page too; engine.league_at)
    scoring: Scoring = DEFAULT_SCORING


@dataclass(frozen=True)
class SlipPlan:
    """The battles slips are printed for, (side, from, to) each, on the map `state` of `turn`;
    `caveat` says plainly when that map may still change before they are fought (the turn's
    planning is not done, or the turn has not started)."""

    state: CampaignState
    turn: int
    arrows: list[tuple[str, str, str]]
    caveat: str | None


def default_report_turn(history: list[Applied]) -> int:
    """The last completed turn, or the turn under way if none has ended."""
    ended = [a.state.turn for a in history if isinstance(a.action, EndTurn)]
    if ended:
        return ended[-1]
    turns = [a.state.turn for a in history if isinstance(a.action, StartTurn)]
    if not turns:
        raise UserError(_("the campaign has not started: there is no turn to report on yet"))
    return turns[-1]


def latest_turn(history: list[Applied]) -> int:
    """The turn under way (or the last one, once it has ended)."""
    turns = [a.state.turn for a in history if isinstance(a.action, StartTurn)]
    if not turns:
        raise UserError(_("the campaign has not started: there is no turn to report on yet"))
    return turns[-1]


def slips_turn(st: CampaignState) -> int:
    """The turn battle slips printed now are for: the next one between turns."""
    return st.turn + 1 if st.phase in (Phase.SETUP, Phase.STRATEGIC) else st.turn


def document_turn(history: list[Applied], kind: ReportKind) -> int:
    """The turn a document made now shows, unless another is asked for: the turn report the last
    completed turn, the status sheet the turn under way (0 before turn 1: the set-up), the slips
    the turn they are for."""
    if kind is ReportKind.TURN:
        return default_report_turn(history)
    if kind is ReportKind.SLIPS and history:
        return slips_turn(history[-1].state)
    if kind is ReportKind.STATUS and not _started(history):
        return 0
    return latest_turn(history)


def _started(history: list[Applied]) -> bool:
    return any(isinstance(a.action, StartTurn) for a in history)


def picture(
    sc: Scenario,
    name: str,
    history: list[Applied],
    recorded_at: list[str],
    turn: int | None,
    latest: bool = False,
    set_up: CampaignState | None = None,
) -> TurnPicture:
    """Gather the turn's picture; a turn that does not exist or has not started is refused.
    With no turn given: the last completed turn, or with `latest` the campaign as it stands now;
    before turn 1, with `set_up` (the campaign's state at set-up), the set-up as turn 0."""
    if turn is None and set_up is not None and not _started(history):
        return set_up_picture(sc, name, history, recorded_at, set_up)
    if turn is not None:
        number = turn
    else:
        number = latest_turn(history) if latest else default_report_turn(history)
    if not 1 <= number <= len(sc.turns):
        raise UserError(
            _("there is no turn {number}: this scenario has turns 1 to {last}").format(
                number=number, last=len(sc.turns)
            )
        )
    started = [i for i, a in enumerate(history) if isinstance(a.action, StartTurn) and a.state.turn == number]
    if not started:
        raise UserError(_("turn {number} has not started yet: there is nothing to report").format(number=number))
    ends = [i for i, a in enumerate(history) if isinstance(a.action, EndTurn) and a.state.turn == number]
    last = ends[0] if ends else len(history) - 1
    state = history[last].state
    every = battle_rows(sc, initial_state(sc), history[: last + 1])
    scoring = next((a.state.scoring for a in reversed(history) if a.state.turn <= number), state.scoring)
    rows = [row for row in every if row.turn == number]
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
        slip_plan(sc, state),
        league(sc, state.roster, every, scoring),
        campaign_charts(sc, history[: last + 1], every),
        started[0],
        last,
        scoring=scoring,
    )


def set_up_picture(
    sc: Scenario, name: str, history: list[Applied], recorded_at: list[str], set_up: CampaignState
) -> TurnPicture:
    """The campaign before turn 1, as turn 0: the starting map, each side's VP at set-up, what
    turn 1 asks for, the roster so far (anything recorded before the first turn: commanders, notes)."""
    state = history[-1].state if history else set_up
    return TurnPicture(
        sc,
        name,
        0,
        False,
        state,
        state_view(sc, state),
        [],
        [a.action.text for a in history if isinstance(a.action, Note)],
        recorded_at[-1] if recorded_at else "",
        requirements(sc, state, 1),
        slip_plan(sc, state),
        league(sc, state.roster, [], state.scoring),
        campaign_charts(sc, history, []),
        0,
        len(history) - 1,
        scoring=state.scoring,
    )


def slip_plan(sc: Scenario, st: CampaignState) -> SlipPlan:
    """The battles a slip can be printed for: the open arrows, else every arrow either side could
    place now. Between turns, the arrows of the next turn as it will start (its troops that
    arrive in one area placed there); before the turn's first battle, the arrows as the troops
    stand. Either way the slip says the positions may still change, and why."""
    if st.open_arrows:
        return SlipPlan(st, st.turn, [(a.attacker_side, a.origin, a.target) for a in st.open_arrows], None)
    if st.phase == Phase.FINISHED:
        return SlipPlan(st, st.turn, [], None)
    caveat = None
    if slips_turn(st) != st.turn:
        # The dice of the battle count change nothing on a slip: any will do, the same each time.
        st = apply_action(sc, st, StartTurn(), RandomRoller(0), quiet=True).state
        caveat = _("Turn {turn} has not started yet: this slip shows the map as it will stand when it starts.").format(
            turn=st.turn
        )
    if st.phase == Phase.PLANNING:
        caveat = _unplanned(sc, st, caveat)
    arrows = [(side, a, b) for side in sc.sides for a, b in legal.legal_arrows(sc, st, side)]
    return SlipPlan(st, st.turn, arrows, caveat)


def _unplanned(sc: Scenario, st: CampaignState, caveat: str | None) -> str | None:
    """What may still move before the turn's first battle, said plainly (None: nothing)."""
    still = []
    if st.waiting_zone:
        waiting = sorted(st.waiting_zone)
        still.append(
            ngettext(
                "{count} troop still to be placed ({troops})",
                "{count} troops still to be placed ({troops})",
                len(waiting),
            ).format(count=len(waiting), troops=", ".join(waiting))
        )
    may = legal.redeploying_nations(sc, st)
    if may:
        still.append(_("{nations} troops may still redeploy").format(nations=nations_words(sc, may)))
    if not still:
        return caveat
    said = "; ".join(still)
    if caveat:
        opening = f"{caveat} {said[:1].upper()}{said[1:]}"  # two sentences, the second one's first word raised
    else:
        opening = _("Turn {turn}'s planning is not done: {still}").format(turn=st.turn, still=said)
    return _("{opening}. POSITIONS MAY STILL CHANGE: print the slips again once the planning is done.").format(
        opening=opening
    )
