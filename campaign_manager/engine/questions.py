"""The questions the turn driver asks (engine/driver.py), each a small frozen record of what is
asked and of whom with the choices the engine allows, the replies they take, and who answers
them (a player's Policy, the Table that gives results, `ask`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, overload

from typing_extensions import TypeVar

from campaign_manager.dice import draw
from campaign_manager.engine import legal
from campaign_manager.engine.actions import (
    NO_DICE,
    Battle,
    Game,
    WargameRoll,
)
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.state import CampaignState, Commitment, evolve
from campaign_manager.scenario.model import Scenario

Attack = tuple[str, str, Commitment]  # (from, to, the attacker's troops and sortie)


# -- the questions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceTroop:
    """Where a waiting troop is placed (rule 1.5). Reply: one of `areas`."""

    side: str
    troop: str
    areas: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RedeployTroops:
    """A nation's turn to redeploy (rule 1.5). Reply: (troop, area), a move `legal.redeploy_moves`
    offers, or None: the nation is done (and the nations after it may begin)."""

    side: str
    nation: str


@dataclass(frozen=True, slots=True)
class RollInitiative:
    """The initiative dice for the next battle, thrown at the table (rule 1.5). Reply: a d6 per
    side, or None to roll now, before the arrow is chosen (an `initiative` action)."""

    sides: tuple[str, ...]
    side: None = None  # asked of the table, not of one side


@dataclass(frozen=True, slots=True)
class ChooseAttack:
    """Whether the side attacks, and where with what (rules 1.4 and 1.5). Reply: (from, to,
    commitment) on one of `arrows` with what `legal.legal_commitments` offers, or None: no battle
    (while `required`, the driver then places the least arrow itself: the count is a floor)."""

    side: str
    arrows: tuple[tuple[str, str], ...]
    required: bool
    initiative_dice: tuple[int, int] | None = None  # the battle's initiative, carried into the action


@dataclass(frozen=True, slots=True)
class CommitDefence:
    """What the defender commits against an arrow (rule 1.4). Reply: a Commitment from `options`."""

    side: str
    origin: str
    target: str
    options: legal.CommitmentOptions
    attacker: Commitment
    initiative_dice: tuple[int, int] | None = None
    attack_reason: str | None = None  # the computer's, when it attacks: said to the person defending


@dataclass(frozen=True, slots=True)
class BattleResult:
    """How the table decided a battle (rules 1.6 and 1.7): its tabletop games, or its General's
    Wargame dice (a die left out is rolled); neither: the arrow is placed, its result given later.
    `destroy_dice`: rolls to destroy already thrown (troop id → d6; the rest are rolled)."""

    games: tuple[Game, ...] | None = None
    wargame: WargameRoll | None = None
    destroy_dice: Mapping[str, int] | None = None

    @property
    def given(self) -> bool:
        """Whether the battle was decided (games or dice given)."""
        return self.games is not None or self.wargame is not None

    def into(self, battle: Battle) -> Battle:
        """The battle with this result (and these rolls to destroy), its other parts as they were."""
        found = {"games": self.games, "wargame": self.wargame}
        changes: dict[str, object] = {name: value for name, value in found.items() if value is not None}
        if self.destroy_dice is not None:
            changes["destroy_dice"] = dict(self.destroy_dice) or NO_DICE
        return evolve(battle, **changes) if changes else battle


@dataclass(frozen=True, slots=True)
class GiveResult:
    """How the battle on an arrow was decided (rules 1.6 and 1.7): asked of the table. Reply: a
    BattleResult (the games' VP or the General's Wargame dice; dice left out being rolled)."""

    battle: Battle  # the arrow and its commitments, without a result
    attacker_side: str
    side: None = None
    reasons: tuple[str | None, ...] = ()  # the computer's reasons for its part of the battle so far


@dataclass(frozen=True, slots=True)
class RollToDestroy:
    """The rolls to destroy of a battle whose result is given (rules 1.6 and 1.7): asked of the
    table by a driver that asks `each_step`, after GiveResult and before any retreat. `targets`:
    each troop rolled for and the score that destroys it (none: no roll is needed). Reply: a d6
    per troop of `targets` (a die left out is rolled)."""

    battle: Battle  # the battle with its result
    attacker_side: str
    targets: Mapping[str, int]
    side: None = None
    reasons: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class ChooseRetreat:
    """Where the defeated defenders retreat (rule 1.8). Reply: one of `options` for the whole
    group or, when no one area takes them all, a map troop → one of its `troop_options`."""

    side: str
    target: str
    options: tuple[str, ...]
    troop_options: Mapping[str, list[str]] | None
    battle: Battle | None = None  # the battle so far with every die it used, when the reply is added to it


@dataclass(frozen=True, slots=True)
class ChooseAdvance:
    """Who advances into the area just taken (rule 1.8). Reply: troops from `candidates`, the
    `survivors` first (none: nobody advances); the rules may still refuse a choice."""

    side: str
    target: str
    survivors: tuple[str, ...]
    candidates: tuple[str, ...]
    battle: Battle | None = None  # the battle as fought, when the advance is all it lacks


Question = (
    PlaceTroop
    | RedeployTroops
    | RollInitiative
    | ChooseAttack
    | CommitDefence
    | GiveResult
    | RollToDestroy
    | ChooseRetreat
    | ChooseAdvance
)
InitiativeDice = Mapping[str, int]  # a d6 per side
Reply = (
    str | tuple[str, str] | InitiativeDice | Attack | Commitment | BattleResult | Retreat | Sequence[str] | None
)  # a reply to one of the questions: which one each takes, `TurnDriver.answer` says


R = TypeVar("R", covariant=True, default=Reply)  # a bare `Decision`: a reply of any kind


@dataclass(frozen=True, slots=True)
class Decision(Generic[R]):
    """A player's reply to a question, of the kind the question takes (`Decision[str]`: a place;
    `Decision[Attack | None]`: an arrow or none...); `reason`, when given, says why in a line."""

    reply: R
    reason: str | None = None


# -- who answers ---------------------------------------------------------------------------------


class Policy(Protocol):
    """One side's player. Every method is given the state and the choices the engine offers, and
    returns one of them, bare or as a Decision with its reason (the driver asks it through the
    questions above)."""

    def place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> str | Decision: ...

    def redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> tuple[str, str] | None | Decision: ...

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Attack | None | Decision: ...

    def defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Commitment | Decision: ...

    def retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Retreat | Decision: ...

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> list[str] | Decision: ...


class Table(Protocol):
    """How the table settles what is no side's choice: the initiative dice, and how a battle is
    decided (the General's Wargame's dice, or tabletop games)."""

    def initiative(self, sc: Scenario, st: CampaignState, rng: random.Random) -> dict[str, int] | None: ...

    def result(self, sc: Scenario, st: CampaignState, battle: Battle) -> BattleResult: ...


class DiceTable:
    """The General's Wargame with dice only: the initiative thrown with each arrow, every battle
    decided by the dice (rolled as the engine asks for them)."""

    def initiative(self, sc: Scenario, st: CampaignState, rng: random.Random) -> dict[str, int] | None:
        return {side: draw(rng, 1, 6) for side in sc.sides}

    def result(self, sc: Scenario, st: CampaignState, battle: Battle) -> BattleResult:
        return BattleResult(wargame=WargameRoll())


@overload
def ask(player: Policy, sc: Scenario, st: CampaignState, question: PlaceTroop) -> Decision[str]: ...
@overload
def ask(
    player: Policy, sc: Scenario, st: CampaignState, question: RedeployTroops
) -> Decision[tuple[str, str] | None]: ...
@overload
def ask(player: Policy, sc: Scenario, st: CampaignState, question: ChooseAttack) -> Decision[Attack | None]: ...
@overload
def ask(player: Policy, sc: Scenario, st: CampaignState, question: CommitDefence) -> Decision[Commitment]: ...
@overload
def ask(player: Policy, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Decision[Retreat]: ...
@overload
def ask(player: Policy, sc: Scenario, st: CampaignState, question: ChooseAdvance) -> Decision[Sequence[str]]: ...
@overload
def ask(player: Policy, sc: Scenario, st: CampaignState, question: Question) -> Decision: ...
def ask(player: Policy, sc: Scenario, st: CampaignState, question: Question) -> Decision:
    """A computer player's reply to a question about its side, of the kind the question takes,
    with its reason when it gives one: the one way a question is put to a player's method."""
    answer = _ANSWERS.get(type(question))
    if answer is None:
        raise ValueError(f"a side's player is not asked {type(question).__name__}: the table answers it")
    found = answer(player, sc, st, question)
    return found if type(found) is Decision else Decision(found)


_ANSWERS: dict[type, Callable[[Policy, Scenario, CampaignState, Any], Any]] = {
    PlaceTroop: lambda p, sc, st, q: p.place(sc, st, q.troop, q.areas),
    RedeployTroops: lambda p, sc, st, q: p.redeploy(sc, st, q.nation),
    ChooseAttack: lambda p, sc, st, q: p.attack(sc, st, q.side, q.arrows, q.required),
    CommitDefence: lambda p, sc, st, q: p.defend(sc, st, q.origin, q.target, q.options, q.attacker),
    ChooseRetreat: lambda p, sc, st, q: p.retreat(sc, st, q),
    ChooseAdvance: lambda p, sc, st, q: p.advance(sc, st, q.target, list(q.survivors), list(q.candidates)),
}
