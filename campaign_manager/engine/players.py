"""Players the turn driver (engine/driver.py) seats: a random legal player, the floor any sensible
player must beat, and the computer opponent, which picks arrows by their odds and what they are worth,
commits its best troops and places reinforcements where they defend objectives. Both choose only
among what the engine's legality queries offer."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from campaign_manager.engine import legal, wargame
from campaign_manager.engine.actions import Battle, WargameRoll
from campaign_manager.engine.deployment import DeploymentCheck, Shortfall, deployment_shortfalls
from campaign_manager.engine.driver import ChooseRetreat, TurnDriver
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.scenario.model import Scenario, enemy_of


def _moves(sc: Scenario, st: CampaignState, nation: str, shortfalls: list[Shortfall]) -> list[tuple[str, str]]:
    """The redeployments that could mend the shortfalls: a stray troop moving where it may stand,
    or any troop moving into an area that lacks troops. (Any other move leaves every shortfall
    as it is or worse.)"""
    stray = {t for s in shortfalls for t in s.stray}
    mend = frozenset().union(*(s.mend_in for s in shortfalls))
    short = {s.short_in for s in shortfalls if s.short_in}
    return [
        (t, to)
        for t, targets in legal.redeploy_moves(sc, st, nation).items()
        for to in targets
        if (t in stray and to in mend) or to in short
    ]


def _size(shortfalls: list[Shortfall]) -> tuple[int, int]:
    return len(shortfalls), sum(s.size for s in shortfalls)


def fixing_move(sc: Scenario, st: CampaignState, nation: str, rng: random.Random) -> tuple[str, str] | None:
    """A redeployment that mends the nation's broken deployment rule (None when it holds): the
    move that leaves the fewest broken rules, then the fewest troops missing or out of place."""
    check = DeploymentCheck(sc, st, only=nation, skip=st.deployed)
    shortfalls = check.shortfalls(st.where)
    if not shortfalls:
        return None
    best, score = None, _size(shortfalls)
    trial = dict(st.where)  # one scratch map of places: each trial move is made on it and taken back
    for troop, to in _moves(sc, st, nation, shortfalls):
        assert check.moves_only_checked(troop), "a nation is never its own rule's enemy"
        trial[troop] = to
        candidate = _size(check.shortfalls(trial))
        trial[troop] = st.where[troop]
        if candidate < score or (candidate == score and best is not None and rng.random() < 0.2):
            best, score = (troop, to), candidate
    return best


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

    def place(self, sc, st, troop, areas):
        return self.rng.choice(areas)

    def redeploy(self, sc, st, nation):
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

    def attack(self, sc, st, side, arrows, required):
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

    def defend(self, sc, st, origin, target, options, attacker):
        ready = list(options.defender_troops)
        troops = self.rng.sample(ready, self.rng.randint(0, min(options.limit, len(ready))))
        sortie = None
        if len(troops) < options.limit and options.defender_sorties and self.rng.random() < 0.5:
            sortie = self.rng.choice(options.defender_sorties)
        return Commitment(tuple(troops), sortie)

    def retreat(self, sc, st, question: ChooseRetreat):
        if question.troop_options:
            return {t: self.rng.choice(o) for t, o in question.troop_options.items()}
        return self.rng.choice(question.options)

    def advance(self, sc, st, target, survivors, candidates):
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

    def result(self, sc: Scenario, st: CampaignState, battle: Battle) -> dict[str, Any]:
        if st.open_arrow(battle.origin, battle.target) is None and self.rng.random() < 0.1:
            return {}  # the arrow is placed now, its result given at the next step
        if self.rng.random() < 0.5:
            count = self.rng.randint(1, 3)
            return {"games": tuple((self.rng.randint(0, 8), self.rng.randint(0, 8)) for _ in range(count))}
        return {"wargame": WargameRoll(attacker_modifier=self.rng.choice((0, 0, 0, 1, -1)))}


def _bonuses(sc: Scenario, turn: int, terrain: str | None) -> dict[str, int]:
    """Every troop's General's Wargame bonus on `turn` in `terrain` (its model on that turn),
    worked out once per scenario: the computer weighs every arrow before each battle."""
    key = ("troop bonuses", turn, terrain)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {t: troop.type.on_turn(turn)[1].on(terrain) for t, troop in sc.troops.items()}
    return found


def _ranks(sc: Scenario, turn: int, terrain: str | None) -> dict[str, int]:
    """Every troop's place in the order strongest first (ties by id) on `turn` in `terrain`."""
    key = ("troop ranks", turn, terrain)
    found = sc.memo.get(key)
    if found is None:
        bonus = _bonuses(sc, turn, terrain)
        found = sc.memo[key] = {t: n for n, t in enumerate(sorted(bonus, key=lambda t: (-bonus[t], t)))}
    return found


def _best(rank: dict[str, int], troops, count: int) -> tuple[str, ...]:
    """The `count` strongest of `troops` (by `_ranks`), strongest first."""
    if len(troops) <= 1:
        return tuple(troops)
    return tuple(sorted(troops, key=rank.__getitem__)[:count])


def _total(
    sc: Scenario,
    turn: int,
    terrain: str | None,
    troops: tuple[str, ...],
    sortie: str | None,
    enemy_sortie: str | None,
    fortification: bool,
) -> int:
    """A side's General's Wargame bonus, summed from the factors the battle itself uses; kept."""
    key = ("side total", turn, terrain, troops, sortie, enemy_sortie, fortification)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = wargame.total(
            wargame.side_factors(
                sc, turn, terrain, [(t, sc.troops[t].type) for t in troops], sortie, enemy_sortie, fortification, 0
            )
        )
    return found


def _chances(sc: Scenario, attacker: int, defender: int) -> tuple[float, float, float, float]:
    """The exact odds as floats (attacker wins, defender wins, an attacking troop destroyed, a
    defending troop destroyed), kept per difference of the bonuses."""
    key = ("odds as floats", attacker - defender)
    found = sc.memo.get(key)
    if found is None:
        odds = wargame.odds(sc, attacker, defender)
        found = sc.memo[key] = (
            float(odds.attacker_win),
            float(odds.defender_win),
            float(odds.attacker_destroyed),
            float(odds.defender_destroyed),
        )
    return found


def _worth(sc: Scenario, area: str) -> int:
    """What holding an area is worth: its VP, and a little for the objectives next to it."""
    key = ("worth", area)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = sc.areas[area].vp + sum(sc.areas[n].vp for n in sc.neighbours[area]) // 4
    return found


@dataclass
class ComputerPolicy:
    """A sensible general: attacks where the odds and the prize are best, commits its strongest
    troops (and an aircraft that adds), defends with its best, holds objectives."""

    seed: int
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def place(self, sc, st, troop, areas):
        side = sc.side_of(sc.troops[troop].nation)
        enemy = enemy_of(side)

        def score(area: str) -> tuple[int, int]:
            threatened = any(st.control.get(n) == enemy for n in sc.neighbours[area])
            return (_worth(sc, area) * (2 if threatened else 1) + (5 if threatened else 0), -len(st.troops_in(area)))

        return max(sorted(areas), key=score)

    def redeploy(self, sc, st, nation):
        return fixing_move(sc, st, nation, self.rng)

    def _plan(self, sc, st, side, origin, target) -> tuple[float, tuple[str, ...], str | None]:
        """What attacking origin→target is worth, with the best troops and sortie for it."""
        options = legal.legal_commitments(sc, st, origin, target)
        terrain = sc.areas[target].terrain
        rank = _ranks(sc, st.turn, terrain)
        limit = options.limit
        troops = _best(rank, options.attacker_troops, limit)
        enemy_best = _best(rank, options.defender_troops, limit)
        sortie = None
        if len(troops) < limit and options.attacker_sorties:
            sortie = max(options.attacker_sorties, key=lambda n: sc.aircraft[n].bonus.on(terrain))
        a = _total(sc, st.turn, terrain, troops, sortie, None, False)
        d = _total(sc, st.turn, terrain, enemy_best, None, sortie, options.fortification is not None)
        attacker_win, defender_win, attacker_destroyed, defender_destroyed = _chances(sc, a, d)
        info = sc.areas[target]
        prize = info.vp * 2 + (info.command_centre_vp if info.command_centre else 0)
        enemy = enemy_of(side)
        control = st.control
        refuges = [n for n in sc.neighbours[target] if control.get(n) == enemy]
        prize += sum(
            sc.troops[t].type.capture_vp
            for t in st.where.standing(target)
            if not any(sc.may_enter(sc.troops[t].nation, n) for n in refuges)
        )
        risk = _worth(sc, origin) * len(troops) * defender_win * 0.2
        value = (
            attacker_win * (prize + 4)
            - defender_win * 3
            - risk
            - attacker_destroyed * len(troops) * 2
            + defender_destroyed * len(enemy_best) * 2
        )
        return value, troops, sortie

    def attack(self, sc, st, side, arrows, required):
        plans = [(self._plan(sc, st, side, o, t), o, t) for o, t in arrows]
        (value, troops, sortie), origin, target = max(plans, key=lambda p: (p[0][0], p[1], p[2]))
        if not required and value <= 2.0:
            return None
        return origin, target, Commitment(troops, sortie)

    def defend(self, sc, st, origin, target, options, attacker):
        terrain = sc.areas[target].terrain
        troops = _best(_ranks(sc, st.turn, terrain), options.defender_troops, options.limit)
        sortie = None
        if len(troops) < options.limit and options.defender_sorties:
            useful = [n for n in options.defender_sorties if legal.aircraft_adds(sc, n, attacker.sortie)]
            if useful:
                sortie = max(useful, key=lambda n: sc.aircraft[n].bonus.on(terrain))
        return Commitment(troops, sortie)

    def retreat(self, sc, st, question: ChooseRetreat):
        def score(area: str) -> int:
            return _worth(sc, area) * 10 + len(st.troops_in(area))

        if question.troop_options:
            return {t: max(o, key=score) for t, o in question.troop_options.items()}
        return max(question.options, key=score)

    def advance(self, sc, st, target, survivors, candidates):
        # The survivors move in; others only when the area is worth holding and theirs is not.
        side = st.control[target]
        extra = [
            t
            for t in candidates
            if t not in survivors
            and sc.areas[target].vp
            and not sc.areas[st.where[t]].vp
            and len(st.troops_in(st.where[t])) > 1
        ]
        del side
        return survivors + extra[: max(0, sc.advance_limit - len(survivors))]


def computer_opponent(sc: Scenario, side: str | None, seed: int) -> TurnDriver:
    """The turn driver of a game against the computer opponent on `side` (None: two people at
    the table); the people throw the dice and give the results."""
    return TurnDriver(sc, {side: ComputerPolicy(seed)} if side else {}, seed, table=None)
