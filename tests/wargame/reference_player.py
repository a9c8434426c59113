"""The computer opponent as it played before the computer general (engine/general.py): a frozen
copy kept as the reference player the new computer must beat (tests/wargame/test_general.py).
It chooses only among what the engine's legality queries offer, as every player does; nothing
here changes when the engine's own players do."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from campaign_manager.engine import legal, wargame
from campaign_manager.engine.deployment import DeploymentCheck, Shortfall
from campaign_manager.engine.driver import ChooseRetreat
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.scenario.model import Scenario

MEMO = "reference player"  # its kept answers, apart from the engine's own in sc.memo


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


def _bonuses(sc: Scenario, turn: int, terrain: str | None) -> dict[str, int]:
    """Every troop's General's Wargame bonus on `turn` in `terrain` (its model on that turn),
    worked out once per scenario: the computer weighs every arrow before each battle."""
    key = (MEMO, "troop bonuses", turn, terrain)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {t: troop.type.on_turn(turn)[1].on(terrain) for t, troop in sc.troops.items()}
    return found


def _ranks(sc: Scenario, turn: int, terrain: str | None) -> dict[str, int]:
    """Every troop's place in the order strongest first (ties by id) on `turn` in `terrain`."""
    key = (MEMO, "troop ranks", turn, terrain)
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
    key = (MEMO, "side total", turn, terrain, troops, sortie, enemy_sortie, fortification)
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
    key = (MEMO, "odds as floats", attacker - defender)
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
    key = (MEMO, "worth", area)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = sc.areas[area].vp + sum(sc.areas[n].vp for n in sc.neighbours[area]) // 4
    return found


@dataclass
class ReferencePlayer:
    """The computer opponent as it was before the General (frozen here, unchanged): attacks where
    the odds and the prize are best, commits its strongest troops and an aircraft only when it
    lacks a second, defends with its best, places reinforcements by objectives, redeploys only to
    mend a broken deployment rule."""

    seed: int
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def place(self, sc, st, troop, areas):
        side = sc.side_of(sc.troops[troop].nation)
        enemy = sc.enemy_of(side)

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
        enemy = sc.enemy_of(side)
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
