"""`campaign-manager computer --json`: what the computer general did in one call and what a person
decides next, as a typed answer (`ComputerAnswer`) whose JSON Schema is docs/computer.schema.json
(`python -m campaign_manager.schemas`). The words are the same as the command's text: the history's
events, the computer's reasons, the line saying what comes next."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.computer_moves import Moves
from campaign_manager.engine.driver import ChooseAttack, CommitDefence, PlaceTroop, Question, RedeployTroops
from campaign_manager.engine.state import CampaignState
from campaign_manager.engine.victory import outcome
from campaign_manager.scenario.model import Scenario

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class ComputerMove(BaseModel):
    """One action the call recorded: its log entry, the history's words, and the computer's reason."""

    model_config = _FROZEN

    entry: int = Field(description="the action's number in the campaign's log (the first is 1)")
    type: str = Field(description="the action's type, as in the log (docs/actions.md)")
    events: tuple[str, ...] = Field(description="what it did, in the history's words")
    by_computer: bool = Field(description="whether the computer general chose it (not a rule or a person's reply)")
    reason: str | None = Field(description="the computer's reason, when it chose")
    action: dict[str, Any] = Field(description="the action as recorded in the log (docs/actions.schema.json)")


class NextDecision(BaseModel):
    """What a person decides next: the driver's question put to their side, and the line that says
    how to answer it."""

    model_config = _FROZEN

    kind: Literal["place", "redeploy", "attack", "defend"]
    side: str = Field(description="the side asked (axis or allied)")
    words: str = Field(description="the question and how to answer it, as the command prints it")
    troop: str | None = Field(None, description="place: the troop to place")
    areas: tuple[str, ...] = Field((), description="place: the areas it may go to")
    nation: str | None = Field(None, description="redeploy: the nation whose troops may move")
    arrows: tuple[tuple[str, str], ...] = Field((), description="attack: the arrows (from, to) one may be placed on")
    required: bool | None = Field(None, description="attack: whether an arrow must be placed (the turn's battles)")
    origin: str | None = Field(None, description="defend: the area the attack comes from")
    target: str | None = Field(None, description="defend: the area attacked")


class ComputerAnswer(BaseModel):
    """`computer FILE --json`: the moves made, in order; what the computer chose for a person's side
    because the dice left their order impossible; the next decision (none once the campaign is over)."""

    model_config = _FROZEN

    moves: tuple[ComputerMove, ...]
    chosen_for_them: tuple[str, ...]
    next: NextDecision | None = Field(description="the person's next decision; null once the campaign is over")
    over: bool = Field(description="whether the campaign is over")
    result: str = Field(description="the campaign's result (if it ended now, until it is over)")
    words: str = Field(description="the command's last line: what comes next, or how the campaign ended")


def computer_answer(sc: Scenario, st: CampaignState, moves: Moves, first: int, words: str) -> ComputerAnswer:
    """The answer of one call that recorded `moves.done` from log entry `first` on, leaving `st`."""
    return ComputerAnswer(
        moves=tuple(_move(number, applied) for number, applied in enumerate(moves.done, start=first)),
        chosen_for_them=tuple(moves.chosen_for_them),
        next=_next(moves.question, words),
        over=moves.question is None,
        result=outcome(sc, st).result,
        words=words,
    )


def _move(number: int, applied: Applied) -> ComputerMove:
    record = applied.record
    return ComputerMove(
        entry=number,
        type=applied.action.type,
        events=applied.events,
        by_computer=bool(record.get("by_computer")),
        reason=record.get("reason"),
        action=record,
    )


def _next(question: Question | None, words: str) -> NextDecision | None:
    if isinstance(question, PlaceTroop):
        return NextDecision(kind="place", side=question.side, words=words, troop=question.troop, areas=question.areas)
    if isinstance(question, RedeployTroops):
        return NextDecision(kind="redeploy", side=question.side, words=words, nation=question.nation)
    if isinstance(question, ChooseAttack):
        arrows, required = question.arrows, question.required
        return NextDecision(kind="attack", side=question.side, words=words, arrows=arrows, required=required)
    if isinstance(question, CommitDefence):
        origin, target = question.origin, question.target
        return NextDecision(kind="defend", side=question.side, words=words, origin=origin, target=target)
    return None  # the campaign is over: no other question is put to a person
