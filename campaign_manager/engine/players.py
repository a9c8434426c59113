"""Players for a match (engine/match.py): a random legal player, the floor any sensible player
must beat, and the computer opponent, which picks arrows by their odds and what they are worth,
commits its best troops and places reinforcements where they defend objectives. Both choose only
among what the engine's legality queries offer."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from campaign_manager.engine import legal, wargame
from campaign_manager.engine.deployment import Shortfall, deployment_shortfalls
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.errors import ChoiceNeeded
from campaign_manager.scenario.model import Scenario, enemy_of


def _moves(sc: Scenario, st: CampaignState, nation: str, shortfalls: list[Shortfall]) -> list[tuple[str, str]]:
    """The redeployments that could mend the shortfalls: a stray troop moving anywhere it may,
    or any troop moving into an area that lacks troops."""
    stray = {t for s in shortfalls for t in s.stray}
    short = {s.short_in for s in shortfalls if s.short_in}
    return [(t, to) for t in sorted(sc.troops_of(nation)) if st.where[t] in sc.areas
            for to in legal.redeploy_targets(sc, st, t) if t in stray or to in short]


def _size(shortfalls: list[Shortfall]) -> tuple[int, int]:
    return len(shortfalls), sum(s.size for s in shortfalls)


def fixing_move(sc: Scenario, st: CampaignState, nation: str, rng: random.Random) -> tuple[str, str] | None:
    """A redeployment that mends the nation's broken deployment rule (None when it holds): the
    move that leaves the fewest broken rules, then the fewest troops missing or out of place."""
    shortfalls = deployment_shortfalls(sc, st, only=nation, skip=st.deployed)
    if not shortfalls:
        return None
    best, score = None, _size(shortfalls)
    trial = st.copy()  # one scratch state: each trial move is made on it and taken back
    for troop, to in _moves(sc, st, nation, shortfalls):
        trial.where[troop] = to
        candidate = _size(deployment_shortfalls(sc, trial, only=nation, skip=st.deployed))
        trial.where[troop] = st.where[troop]
        if candidate < score or (candidate == score and best is not None and rng.random() < 0.2):
            best, score = (troop, to), candidate
    return best


@dataclass
class RandomPolicy:
    """Uniform among the legal choices (and sensible enough to finish a turn)."""

    seed: int
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def place(self, sc, st, troop, areas):
        return self.rng.choice(areas)

    def redeploy(self, sc, st, nation):
        fix = fixing_move(sc, st, nation, self.rng)
        if fix is not None or deployment_shortfalls(sc, st, only=nation, skip=st.deployed):
            return fix
        return None

    def attack(self, sc, st, side, arrows, required):
        if not required and self.rng.random() < 0.6:
            return None
        origin, target = self.rng.choice(arrows)
        options = legal.legal_commitments(sc, st, origin, target)
        troops = self.rng.sample(options.attacker_troops, self.rng.randint(1, min(options.limit, len(options.attacker_troops))))
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

    def retreat(self, sc, st, choice: ChoiceNeeded):
        if choice.troop_options:
            return {t: self.rng.choice(o) for t, o in choice.troop_options.items()}
        return self.rng.choice(choice.options)

    def advance(self, sc, st, target, survivors, candidates):
        others = [t for t in candidates if t not in survivors]
        return survivors + self.rng.sample(others, self.rng.randint(0, min(len(others), sc.advance_limit - len(survivors))))


def _bonus(sc: Scenario, st: CampaignState, troop: str, terrain: str | None) -> int:
    return sc.troops[troop].type.on_turn(st.turn)[1].on(terrain)


def _best(sc: Scenario, st: CampaignState, troops, terrain: str | None, count: int) -> tuple[str, ...]:
    return tuple(sorted(troops, key=lambda t: (-_bonus(sc, st, t, terrain), t))[:count])


def _worth(sc: Scenario, st: CampaignState, area: str) -> int:
    """What holding an area is worth: its VP, and a little for the objectives next to it."""
    return sc.areas[area].vp + sum(sc.areas[n].vp for n in sc.neighbours[area]) // 4


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
            return (_worth(sc, st, area) * (2 if threatened else 1) + (5 if threatened else 0), -len(st.troops_in(area)))
        return max(sorted(areas), key=score)

    def redeploy(self, sc, st, nation):
        return fixing_move(sc, st, nation, self.rng)

    def _plan(self, sc, st, side, origin, target) -> tuple[float, Commitment]:
        options = legal.legal_commitments(sc, st, origin, target)
        terrain = sc.areas[target].terrain
        troops = _best(sc, st, options.attacker_troops, terrain, options.limit)
        enemy_best = _best(sc, st, options.defender_troops, terrain, options.limit)
        sortie = None
        if len(troops) < options.limit and options.attacker_sorties:
            sortie = max(options.attacker_sorties, key=lambda n: sc.aircraft[n].bonus.on(terrain))
        attack = Commitment(troops, sortie)
        enemy = Commitment(enemy_best, None)
        a = wargame.total(wargame.side_factors(sc, st.turn, terrain, [(t, sc.troops[t].type) for t in troops],
                                               sortie, None, False, 0))
        d = wargame.total(wargame.side_factors(sc, st.turn, terrain, [(t, sc.troops[t].type) for t in enemy_best],
                                               None, sortie, options.fortification is not None, 0))
        odds = wargame.odds(sc, a, d)
        info = sc.areas[target]
        prize = info.vp * 2 + (info.command_centre_vp if info.command_centre else 0)
        prize += sum(sc.troops[t].type.capture_vp for t in st.troops_in(target)
                     if not any(sc.may_enter(sc.troops[t].nation, n) and st.control.get(n) == enemy_of(side)
                                for n in sc.neighbours[target]))
        risk = sum(_worth(sc, st, origin) for _ in troops) * float(odds.defender_win) * 0.2
        value = float(odds.attacker_win) * (prize + 4) - float(odds.defender_win) * 3 - risk \
            - float(odds.attacker_destroyed) * len(troops) * 2 + float(odds.defender_destroyed) * len(enemy_best) * 2
        del enemy
        return value, attack

    def attack(self, sc, st, side, arrows, required):
        plans = [(self._plan(sc, st, side, o, t), o, t) for o, t in arrows]
        (value, attack), origin, target = max(plans, key=lambda p: (p[0][0], p[1], p[2]))
        if not required and value <= 2.0:
            return None
        return origin, target, attack

    def defend(self, sc, st, origin, target, options, attacker):
        terrain = sc.areas[target].terrain
        troops = _best(sc, st, options.defender_troops, terrain, options.limit)
        sortie = None
        if len(troops) < options.limit and options.defender_sorties:
            useful = [n for n in options.defender_sorties if legal.aircraft_adds(sc, n, attacker.sortie)]
            if useful:
                sortie = max(useful, key=lambda n: sc.aircraft[n].bonus.on(terrain))
        return Commitment(troops, sortie)

    def retreat(self, sc, st, choice: ChoiceNeeded):
        def score(area: str) -> int:
            return _worth(sc, st, area) * 10 + len(st.troops_in(area))
        if choice.troop_options:
            return {t: max(o, key=score) for t, o in choice.troop_options.items()}
        return max(choice.options, key=score)

    def advance(self, sc, st, target, survivors, candidates):
        # The survivors move in; others only when the area is worth holding and theirs is not.
        side = st.control[target]
        extra = [t for t in candidates if t not in survivors and sc.areas[target].vp
                 and not sc.areas[st.where[t]].vp and len(st.troops_in(st.where[t])) > 1]
        del side
        return survivors + extra[: max(0, sc.advance_limit - len(survivors))]
