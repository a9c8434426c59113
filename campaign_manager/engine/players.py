"""Players the turn driver (engine/driver.py) seats: a random legal player, the floor any sensible
player must beat, and the computer general (engine/general.py); a table that settles things at
random; the driver of a game against the computer. Every player chooses only among what the
engine's legality queries offer."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Battle, Game, WargameRoll
from campaign_manager.engine.deployment import deployment_shortfalls
from campaign_manager.engine.driver import Attack, BattleResult, ChooseRetreat, TurnDriver
from campaign_manager.engine.general import ComputerPolicy
from campaign_manager.engine.general_lookahead import QUICK, computer_general
from campaign_manager.engine.mending import fixing_move
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.scenario.model import Scenario

__all__ = ["ComputerPolicy", "RandomPolicy", "RandomTable", "computer_opponent", "fixing_move"]


@dataclass
class RandomPolicy:
    """Uniform among the legal choices (and sensible enough to finish a turn): the floor any
    sensible player must beat, and the player of the random campaigns the property tests check.
    `declines`: the chance it lets a battle beyond the turn's required count go; `wanders`: the
    chance it makes a redeployment nobody needs (one that breaks no deployment rule)."""

    seed: int
    declines: float = 0.6
    wanders: float = 0.0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> str:
        return self.rng.choice(areas)

    def redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> tuple[str, str] | None:
        fix = fixing_move(sc, st, nation, self.rng)
        if fix is not None or deployment_shortfalls(sc, st, only=nation, skip=st.deployed):
            return fix
        if self.wanders and self.rng.random() < self.wanders:
            moves = [(t, to) for t, targets in legal.redeploy_moves(sc, st, nation).items() for to in targets]
            if moves:
                troop, to = self.rng.choice(moves)
                trial = st.copy()
                trial.where[troop] = to
                if not deployment_shortfalls(sc, trial, skip=st.deployed):
                    return troop, to
        return None

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Attack | None:
        if not required and self.rng.random() < self.declines:
            return None
        origin, target = self.rng.choice(arrows)
        options = legal.legal_commitments(sc, st, origin, target)
        troops = self.rng.sample(
            options.attacker_troops, self.rng.randint(1, min(options.limit, len(options.attacker_troops)))
        )
        sortie = None
        if len(troops) < options.limit and options.attacker_sorties and self.rng.random() < 0.5:
            sortie = self.rng.choice(options.attacker_sorties)
        return origin, target, Commitment(tuple(troops), sortie)

    def defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Commitment:
        ready = list(options.defender_troops)
        troops = self.rng.sample(ready, self.rng.randint(0, min(options.limit, len(ready))))
        sortie = None
        if len(troops) < options.limit and options.defender_sorties and self.rng.random() < 0.5:
            sortie = self.rng.choice(options.defender_sorties)
        return Commitment(tuple(troops), sortie)

    def retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Retreat:
        if question.troop_options:
            return {t: self.rng.choice(o) for t, o in question.troop_options.items()}
        return self.rng.choice(question.options)

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> list[str]:
        others = [t for t in candidates if t not in survivors]
        return survivors + self.rng.sample(
            others, self.rng.randint(0, min(len(others), sc.advance_limit - len(survivors)))
        )


@dataclass
class RandomTable:
    """A table that settles things at random (engine/driver.py `Table`): now and then the
    initiative is rolled before the arrow is chosen, or an arrow is placed with its result given
    later; a battle is decided by one to three tabletop games or by the General's Wargame dice
    with a situation modifier."""

    seed: int
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def initiative(self, sc: Scenario, st: CampaignState, rng: random.Random) -> dict[str, int] | None:
        if self.rng.random() < 0.3:
            return None
        return {side: rng.randint(1, 6) for side in sc.sides}

    def result(self, sc: Scenario, st: CampaignState, battle: Battle) -> BattleResult:
        if st.open_arrow(battle.origin, battle.target) is None and self.rng.random() < 0.1:
            return BattleResult()  # the arrow is placed now, its result given at the next step
        if self.rng.random() < 0.5:
            count = self.rng.randint(1, 3)
            return BattleResult(games=tuple(Game(self.rng.randint(0, 8), self.rng.randint(0, 8)) for _ in range(count)))
        return BattleResult(wargame=WargameRoll(attacker_modifier=self.rng.choice((0, 0, 0, 1, -1))))


def computer_opponent(sc: Scenario, side: str | None, seed: int, how: str = QUICK) -> TurnDriver:
    """The turn driver of a game against the computer opponent on `side` (None: two people at
    the table), quick or careful (`how`: engine/general_lookahead.py); the people throw the dice
    and give the results."""
    return TurnDriver(sc, {side: computer_general(seed, how)} if side else {}, seed, table=None)
