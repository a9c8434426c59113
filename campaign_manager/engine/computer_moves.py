"""The computer's moves in a General's Wargame, a call at a time (`campaign-manager computer`): the
computer plays its sides through the turn driver (engine/driver.py) from the campaign as it
stands, until a person must decide or the campaign ends.

Every die is the app's and on record as soon as it is thrown (RULES.md, dice on record): the
initiative is thrown as an action of its own before anyone chooses an arrow, and a battle is
fought out within the call that throws its dice. So a person's part in a battle is given before
its dice (`Orders`): the arrow and troops, or the defence, with where the defeated defenders
retreat when they may choose, and who advances (by default the survivors). A retreat ordered
that the dice made impossible is chosen by the computer general for that side, and said."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from campaign_manager.engine import legal
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.driver import (
    Attack,
    ChooseAdvance,
    ChooseAttack,
    ChooseRetreat,
    CommitDefence,
    DiceTable,
    Question,
    TurnDriver,
    ask,
)
from campaign_manager.engine.general import ComputerPolicy
from campaign_manager.engine.general_lookahead import QUICK, computer_general
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.errors import RuleError
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario

MOST_MOVES = 5000  # actions in one call at most: a whole campaign is a few hundred


class ThrownAtOnce(DiceTable):
    """The General's Wargame against the computer: the initiative is thrown as an action of its
    own, so it is on record before anyone chooses an arrow; every battle is decided by the dice."""

    def initiative(self, sc: Scenario, st: CampaignState, rng: random.Random) -> dict[str, int] | None:
        return None


@dataclass(frozen=True)
class Orders:
    """A person's reply to the battle question put to their side: `reply` as the driver takes it
    (an arrow with its troops, None for no more battles this turn, or a defence), with where
    their troops retreat if defeated and who advances if they take the area (None: the
    survivors)."""

    reply: Attack | Commitment | None
    retreat: Retreat | None = None
    advance: tuple[str, ...] | None = None


@dataclass
class Moves:
    """What one call did: the actions applied, in order (to record), what the computer general
    chose for a person's side because the dice left the person's order impossible, and the next
    question for a person (None: the campaign is over)."""

    done: list[Applied] = field(default_factory=list)
    chosen_for_them: list[str] = field(default_factory=list)
    question: Question | None = None


def computer_driver(sc: Scenario, sides: Iterable[str], seed: int, how: str = QUICK) -> TurnDriver:
    """The driver seating the computer general on `sides`, quick or careful (`how`:
    engine/general_lookahead.py); `seed` gives every die and the careful general's playouts: the
    same seed, the same game."""
    players = {side: computer_general(seed, how) for side in sides}
    return TurnDriver(sc, players, seed, table=ThrownAtOnce())


def retreat_choice(sc: Scenario, st: CampaignState, question: CommitDefence) -> dict[str, list[str]]:
    """The defenders' troops that would have a choice of retreat if defeated (rule 1.8): each with
    the areas it may go to. Empty: nobody need be asked."""
    side = question.side
    found = {}
    for troop in st.troops_in(question.target):
        if sc.side_of(sc.troops[troop].nation) == side:
            areas = legal.retreat_areas(sc, st, question.target, troop)
            if len(areas) > 1:
                found[troop] = areas
    return found


def play_on(driver: TurnDriver, st: CampaignState, orders: Orders | None = None, redeployed: bool = False) -> Moves:
    """The computer's moves from `st` until a person must decide (their question) or the campaign
    ends. `orders`: a person's reply to the battle question asked at `st`, played first.
    `redeployed`: the people are done redeploying this turn (the computer's nations after theirs
    go on)."""
    moves = Moves()
    turn = st.turn
    found = driver.step(st, redeployed)
    if orders is not None:
        found = _ordered(driver, st, found, orders.reply)
    while len(moves.done) < MOST_MOVES:
        if isinstance(found, ChooseRetreat | ChooseAdvance):
            found = _after_the_dice(driver, st, found, orders, moves)
            continue
        if not isinstance(found, Applied):
            moves.question = found
            return moves
        moves.done.append(found)
        st = found.state
        orders = None  # spent on its battle
        found = driver.step(st, redeployed and st.turn == turn)
    raise ValueError(f"the computer made {MOST_MOVES} moves without the campaign ending")


def _ordered(
    driver: TurnDriver, st: CampaignState, question: Applied | Question | None, reply: Attack | Commitment | None
) -> Applied | Question | None:
    """A person's orders given to the battle question they were asked: an arrow (or None) to
    ChooseAttack, a defence to CommitDefence."""
    if isinstance(question, ChooseAttack) and not isinstance(reply, Commitment):
        return driver.answer(st, question, reply)
    if isinstance(question, CommitDefence) and isinstance(reply, Commitment):
        return driver.answer(st, question, reply)
    raise AssertionError(f"orders answer a person's battle question, not {question!r} with {reply!r}")


def _after_the_dice(
    driver: TurnDriver,
    st: CampaignState,
    question: ChooseRetreat | ChooseAdvance,
    orders: Orders | None,
    moves: Moves,
) -> Applied | Question | None:
    """A person's side asked in the course of a battle whose dice are thrown: as they ordered, or
    else as the rules allow (the survivors advance; the computer general says where to retreat)."""
    if isinstance(question, ChooseAdvance):
        wanted = orders.advance if orders is not None and orders.advance is not None else question.survivors
        for moving in (tuple(wanted), question.survivors, ()):
            try:
                return driver.answer(st, question, list(moving))
            except RuleError:
                continue
        raise AssertionError("nobody advancing is always allowed")
    ordered = orders.retreat if orders is not None else None
    if ordered is not None:
        try:
            found = driver.answer(st, question, _fitted(ordered, question))
        except RuleError:
            found = question
        if not isinstance(found, ChooseRetreat):  # (asked again: the order left some survivor out)
            return found
    decision = ask(ComputerPolicy(driver.seed), driver.sc, st, question)
    where = decision.reply if isinstance(decision.reply, str) else ", ".join(sorted(set(decision.reply.values())))
    said = (
        _(
            "The {side} retreat from {area} to {to}: the computer general's choice for them, as no retreat they "
            "ordered could be made ({reason})"
        )
        if decision.reason
        else _(
            "The {side} retreat from {area} to {to}: the computer general's choice for them, as no retreat they "
            "ordered could be made"
        )
    )
    moves.chosen_for_them.append(
        said.format(
            side=side_name(driver.sc, question.side),
            area=label(driver.sc, question.target),
            to=where,
            reason=decision.reason,
        )
    )
    return driver.answer(st, question, decision.reply)


def _fitted(ordered: Retreat, question: ChooseRetreat) -> Retreat:
    """A retreat ordered before the dice, for the troops that survived them: an area for the whole
    group, or each survivor's area (those destroyed left out)."""
    if isinstance(ordered, str) or question.troop_options is None:
        return ordered if isinstance(ordered, str) else _one_area(ordered)
    return {troop: ordered[troop] for troop in question.troop_options if troop in ordered}


def _one_area(ordered: dict[str, str]) -> str:
    """An order troop by troop read for a group that may retreat together: their one area."""
    areas = set(ordered.values())
    if len(areas) != 1:
        raise RuleError("1.8", _("the survivors retreat together, to one area"))
    return areas.pop()
