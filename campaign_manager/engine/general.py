"""The computer general: the computer opponent of the General's Wargame and of what-if playouts
(engine/players.py seats it through the turn driver). It chooses only among what the engine's
legality queries offer, and says why in a line.

How it weighs things: every area its side holds is worth what can be attacked from it and what
it risks losing (`Scene.worth`): the enemy's best attack against its best defence, and its best
attack against each enemy neighbour, at the engine's exact odds (engine/wargame.py). Placing a
reinforcement, redeploying, advancing and retreating move troops to where that worth rises most:
towards threatened objectives and attack fronts, never into an area from which it can neither
attack nor defend anything. An attack is weighed by its odds against the defence a sensible
defender would choose, the objective, command centre and captures it may win, the threat it
lifts from its own objectives and the troops it may lose; a sortie flies whenever it adds a bonus
and nothing better is given up (an aircraft giving the bonus a troop would is flown instead of
risking the troop).

What it works out is kept per scenario (`sc.memo`, shared by every playout in a process): the odds
and totals; its decisions, by state and question; and what areas are worth and taking them
brings, shared by every state with the same holders of every area (each answer keyed further by
the enemy troops and the fortification it depends on: `_shared`), so playouts from one position, which meet the same
holders again and again, work each out once. A worker process is handed the scenario without
the last two (`for_a_worker`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from campaign_manager.engine import legal, wargame
from campaign_manager.engine.deployment import DeploymentCheck, Shortfall
from campaign_manager.engine.driver import Attack, ChooseRetreat, Decision
from campaign_manager.engine.lookup import counted, label
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.scenario.model import Scenario, enemy_of

T = TypeVar("T")
MEMO = "general"  # the general's kept answers in sc.memo
THREAT = 0.5  # how much of an enemy attack's expected gain an area is held to risk (not every threat is carried out)
REACH = 0.4  # how much of an attack's expected gain an area is worth for the attacks it could make
MOVE_GAIN = 1.0  # the least gain in worth a redeployment must bring (so redeploying always ends)
MOVES_PER_TURN = 8  # redeployments one nation makes in a turn at most
REMEMBERED = 30_000  # decisions kept per scenario (some 40 MB), the first ones
_POSITIONS = ((MEMO, "decisions"), (MEMO, "pictures"))  # what the general keeps per position
PICTURES = 2_000  # scenes' shared answers kept per scenario, the first ones
ROUTE = 0.3  # what an enemy objective one link further away is worth, as a share of it


# -- kept per scenario -----------------------------------------------------------------------------


def _bonuses(sc: Scenario, turn: int, terrain: str | None) -> dict[str, int]:
    """Every troop's General's Wargame bonus on `turn` in `terrain` (its model on that turn)."""
    key = (MEMO, "bonuses", turn, terrain)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {t: troop.type.on_turn(turn)[1].on(terrain) for t, troop in sc.troops.items()}
    return found


def _total(
    sc: Scenario,
    turn: int,
    terrain: str | None,
    troops: tuple[str, ...],
    sortie: str | None,
    enemy_sortie: str | None,
    fortified: bool,
) -> int:
    """A side's bonus, summed from the factors the battle itself uses (wargame.side_factors)."""
    key = (MEMO, "total", turn, terrain, troops, sortie, enemy_sortie, fortified)
    found = sc.memo.get(key)
    if found is None:
        units = [(t, sc.troops[t].type) for t in troops]
        factors = wargame.side_factors(sc, turn, terrain, units, sortie, enemy_sortie, fortified, 0)
        found = sc.memo[key] = wargame.total(factors)
    return found


class Chances(NamedTuple):
    """The exact odds of a battle as floats: each result, and each committed troop's chance of
    being destroyed."""

    win: float
    loss: float
    attacker_lost: float
    defender_lost: float


def chances(sc: Scenario, attacker: int, defender: int) -> Chances:
    """The engine's exact odds for two bonuses (kept per difference)."""
    table = sc.memo.get((MEMO, "chances"))
    if table is None:
        table = sc.memo[MEMO, "chances"] = {}
    found = table.get(attacker - defender)
    if found is None:
        odds = wargame.odds(sc, attacker, defender)
        found = table[attacker - defender] = Chances(
            float(odds.attacker_win),
            float(odds.defender_win),
            float(odds.attacker_destroyed),
            float(odds.defender_destroyed),
        )
    return found


def _troop_sides(sc: Scenario) -> dict[str, str]:
    key = (MEMO, "troop sides")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {t: sc.side_of(troop.nation) for t, troop in sc.troops.items()}
    return found


def _aircraft(sc: Scenario) -> dict[str, tuple[str, ...]]:
    """Each side's nations with aircraft, in code order."""
    key = (MEMO, "aircraft")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {s: tuple(n for n in sorted(sc.aircraft) if sc.side_of(n) == s) for s in sc.sides}
    return found


def _troop_types(sc: Scenario) -> dict[str, str]:
    key = (MEMO, "troop types")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {t: troop.type_code for t, troop in sc.troops.items()}
    return found


def _enterable(sc: Scenario) -> dict[str, frozenset[str]]:
    """The areas troops of each type may enter (the scenario's own answer, kept by type)."""
    key = (MEMO, "enterable")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {
            kind: frozenset(code for code in sc.areas if sc.may_enter(troop_type.nation, code))
            for kind, troop_type in sc.troop_types.items()
        }
    return found


def _attackable(sc: Scenario) -> frozenset[str]:
    """The areas an arrow may go into at all (not impassable, not a staging area)."""
    key = (MEMO, "attackable")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = frozenset(c for c, a in sc.areas.items() if not a.impassable and not a.staging)
    return found


def _distances(sc: Scenario) -> dict[str, dict[str, int]]:
    """Links between every two areas, over areas that can be entered (breadth first, kept)."""
    key = (MEMO, "distances")
    found = sc.memo.get(key)
    if found is None:
        found = {}
        for start in sc.areas:
            steps, edge = {start: 0}, [start]
            while edge:
                nearer = []
                for area in edge:
                    for near in sc.neighbours[area]:
                        if near not in steps and not sc.areas[near].impassable:
                            steps[near] = steps[area] + 1
                            nearer.append(near)
                edge = nearer
            found[start] = steps
        sc.memo[key] = found
    return found


def _links_around(sc: Scenario) -> dict[str, tuple[tuple[str, bool, bool], ...]]:
    """For each area, its neighbours in order with whether the link from the area to each, and
    from each to the area, is marked fortified (legal.fortified_links): only across those may the
    fortification defend (kept)."""
    key = (MEMO, "links around")
    found = sc.memo.get(key)
    if found is None:
        forts = legal.fortified_links(sc)
        found = sc.memo[key] = {
            area: tuple((n, (area, n) in forts, (n, area) in forts) for n in near)
            for area, near in sc.neighbours.items()
        }
    return found


def _objectives(sc: Scenario) -> tuple[tuple[str, int], ...]:
    """The areas worth VP to whoever holds them (rule 1.9), with their VP."""
    key = (MEMO, "objectives")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = tuple((c, a.vp) for c, a in sc.areas.items() if a.vp and not a.command_centre)
    return found


def _shared(sc: Scenario, holders: tuple) -> dict[tuple, Any]:
    """What scenes with the same side, turn and holders of every area work out (each answer keyed
    further by the enemy troops and the fortification it depends on: `Scene.around`): kept per scenario, for
    PICTURES of them at most, the first ones (the positions playouts from one start share most)."""
    memo = sc.memo.get((MEMO, "pictures"))
    if memo is None:
        memo = sc.memo[MEMO, "pictures"] = {}
    found = memo.get(holders)
    if found is None:
        found = {}
        if len(memo) < PICTURES:
            memo[holders] = found
    return found


def for_a_worker(sc: Scenario) -> Scenario:
    """`sc` as a worker process is handed it: without the decisions and scenes' answers kept for
    this process's positions (tens of MB to copy, and of other positions); the odds and totals
    kept stay."""
    light = copy.copy(sc)
    object.__setattr__(light, "memo", {k: v for k, v in sc.memo.items() if k not in _POSITIONS})
    return light


def _command_centre_loss(sc: Scenario, area: str, side: str) -> int:
    """What one enemy win against `area` costs `side` when it is the side's command centre."""
    info = sc.areas[area]
    return info.command_centre_vp if info.command_centre and info.command_centre_scorer != side else 0


# -- commitments -----------------------------------------------------------------------------------


class Choice(NamedTuple):
    """A commitment the general weighs, with its bonus."""

    troops: tuple[str, ...]
    sortie: str | None
    total: int

    def commitment(self) -> Commitment:
        return Commitment(self.troops, self.sortie)


def _ranked(bonus: dict[str, int], troops: Iterable[str]) -> list[str]:
    return sorted(troops, key=lambda t: (-bonus[t], t))


def attack_choices(
    sc: Scenario, turn: int, terrain: str | None, troops: Sequence[str], sorties: Sequence[str], limit: int
) -> list[Choice]:
    """The attacks worth weighing from these troops: the strongest two (the strongest alone when
    there is no second), and the strongest with each sortie that adds its bonus (the sortie is the
    attacker's second troop, rule 1.4). The defender's aircraft are unknown: an interceptor is
    counted as adding nothing."""
    if not troops:
        return []
    key = (MEMO, "attack choices", turn, terrain, tuple(troops), tuple(sorties), limit)
    kept = sc.memo.get(key)
    if kept is not None:
        return kept
    ranked = _ranked(_bonuses(sc, turn, terrain), troops)
    strongest = tuple(ranked[:limit])
    result = [Choice(strongest, None, _total(sc, turn, terrain, strongest, None, None, False))]
    if limit > 1:
        for nation in sorties:
            if legal.aircraft_adds(sc, nation, None):
                first = tuple(ranked[:1])
                result.append(Choice(first, nation, _total(sc, turn, terrain, first, nation, None, False)))
    sc.memo[key] = result
    return result


def defence_choice(
    sc: Scenario,
    turn: int,
    terrain: str | None,
    troops: Sequence[str],
    sorties: Sequence[str],
    limit: int,
    attacker_sortie: str | None,
    fortified: bool,
) -> Choice:
    """What a sensible defender commits: the strongest defence; an aircraft rather than a second
    troop when it adds as much (it is never destroyed), and a sortie only where it adds."""
    key = (MEMO, "defence", turn, terrain, tuple(troops), tuple(sorties), limit, attacker_sortie, fortified)
    kept = sc.memo.get(key)
    if kept is not None:
        return kept
    ranked = _ranked(_bonuses(sc, turn, terrain), troops)
    best = tuple(ranked[:limit])
    choice = Choice(best, None, _total(sc, turn, terrain, best, None, attacker_sortie, fortified))
    for nation in sorties:
        if not legal.aircraft_adds(sc, nation, attacker_sortie):
            continue
        ground = tuple(ranked[: limit - 1])
        total = _total(sc, turn, terrain, ground, nation, attacker_sortie, fortified)
        if total > choice.total or (total == choice.total and len(ground) < len(choice.troops)):
            choice = Choice(ground, nation, total)
    sc.memo[key] = choice
    return choice


# -- the picture of one state ----------------------------------------------------------------------


def _type_total(sc: Scenario, turn: int, terrain: str | None, kinds: tuple[str, ...], fortified: bool) -> int:
    """The bonus of ground troops of these types (the strongest `max_committed` of them), summed
    from the factors the battle itself uses; what an area is worth is weighed by troop type."""
    key = (MEMO, "type total", turn, terrain, kinds, fortified)
    found = sc.memo.get(key)
    if found is None:
        types = sc.troop_types
        ranked = sorted(kinds, key=lambda k: -types[k].on_turn(turn)[1].on(terrain))[: sc.max_committed]
        factors = wargame.side_factors(sc, turn, terrain, [(k, types[k]) for k in ranked], None, None, fortified, 0)
        found = sc.memo[key] = wargame.total(factors)
    return found


@dataclass
class Scene:
    """What the general sees in one state for one side: who stands where, what each area it holds
    is worth (`worth`), what taking an enemy area would bring (`prize`). Kept while the state is
    asked about; every answer it gives comes from the engine's odds and legality queries. What an
    area is worth depends on its troops' types only, and is kept by type."""

    sc: Scenario
    st: CampaignState
    side: str
    enemy: str = field(init=False)
    ground: dict[str, dict[str, list[str]]] = field(init=False)  # side → area → its free troops there
    sorties: dict[str, tuple[str, ...]] = field(init=False)  # side → nations with a sortie left
    last_turn: bool = field(init=False)
    kept: dict[tuple, Any] = field(init=False)  # answers shared by every scene with the same holders (`_shared`)
    kept_here: dict[tuple, Any] = field(init=False, default_factory=dict)  # answers about this state alone
    types: dict[str, str] = field(init=False)  # troop → its type's code
    kinds_by_area: dict[str, dict[str, tuple[str, ...]]] = field(init=False)  # side → area → `kinds` of its free troops
    worths: dict[tuple[str, tuple[str, ...]], float] = field(init=False, default_factory=dict)  # `worth` here

    def __post_init__(self) -> None:
        sc, st = self.sc, self.st
        self.enemy = enemy_of(self.side)
        busy = st.committed() if st.open_arrows else ()
        sides, areas = _troop_sides(sc), sc.areas
        ground: dict[str, dict[str, list[str]]] = {s: {} for s in sc.sides}
        self.ground = ground
        for troop, here in st.where.items():
            if here in areas and troop not in busy:
                mine = ground[sides[troop]]
                if here in mine:
                    mine[here].append(troop)
                else:
                    mine[here] = [troop]
        left = st.sorties
        self.sorties = {s: tuple([n for n in planes if left.get(n, 0) > 0]) for s, planes in _aircraft(sc).items()}
        self.last_turn = st.turn >= len(sc.turns)
        self.kept = _shared(sc, (self.side, st.turn, tuple(st.control.values())))
        self.types = _troop_types(sc)
        self.kinds_by_area = self._kinds_by_area()

    def around(self, area: str) -> tuple[tuple[tuple[str, ...], bool, bool], ...]:
        """For each area next to `area` (kept): the types of the enemy's free troops there, and
        whether the fortification defends an attack from `area` into it, and from it into `area`.
        With who holds what, all that the worth of `area` depends on beside its own troops."""
        key = ("around", area)
        found = self.kept_here.get(key)
        if found is None:
            theirs, side, enemy = self.kinds_by_area[self.enemy], self.side, self.enemy
            found = self.kept_here[key] = tuple(
                (
                    theirs.get(n, ()),
                    out and self.defended(side, area, n),
                    into and self.defended(enemy, n, area),
                )
                for n, out, into in _links_around(self.sc)[area]
            )
        return found

    def defended(self, attacker_side: str, origin: str, target: str) -> bool:
        """Whether the fortification defends an attack by `attacker_side` from `origin` into `target`:
        the engine's answer, asked only across links marked fortified (kept)."""
        if (origin, target) not in legal.fortified_links(self.sc):
            return False
        key = ("defended", attacker_side, origin, target)
        found = self.kept_here.get(key)
        if found is None:
            found = self.kept_here[key] = bool(
                legal.fortification_name(self.sc, self.st, origin, target, attacker_side)
            )
        return found

    def terrain(self, area: str) -> str | None:
        return self.sc.areas[area].terrain

    def kinds(self, troops: Iterable[str]) -> tuple[str, ...]:
        """The troops' types, in order (what an area's worth is kept by)."""
        types = self.types
        return tuple(sorted([types[t] for t in troops]))

    def kinds_in(self, side: str, area: str) -> tuple[str, ...]:
        """`kinds` of the side's free troops in `area`."""
        return self.kinds_by_area[side].get(area, ())

    def _kinds_by_area(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """`kinds` of each side's free troops in each area where it has some."""
        types = self.types
        return {
            side: {area: tuple(sorted([types[t] for t in troops])) for area, troops in here.items()}
            for side, here in self.ground.items()
        }

    def front(self) -> frozenset[str]:
        """The areas the side holds next to an area the enemy holds: where a troop can attack or
        be attacked (kept)."""
        found = self.kept_here.get(("front",))
        if found is None:
            sc, control, side, enemy = self.sc, self.st.control, self.side, self.enemy
            found = self.kept_here["front",] = frozenset(
                a for a in sc.areas if control.get(a) == side and any(control.get(n) == enemy for n in sc.neighbours[a])
            )
        return found

    # -- battles ----------------------------------------------------------------------------------

    def defence(
        self, side: str, troops: Sequence[str], target: str, origin: str, attacker_sortie: str | None
    ) -> Choice:
        """The defence a sensible `side` commits in `target` against an attack from `origin`."""
        fortified = self.defended(enemy_of(side), origin, target)
        return defence_choice(
            self.sc,
            self.st.turn,
            self.terrain(target),
            troops,
            self.sorties[side],
            self.sc.max_committed,
            attacker_sortie,
            fortified,
        )

    def trapped(self, area: str, nation: str) -> bool:
        """Whether the nation's troops defeated in `area` would have nowhere to retreat (rule 1.8)."""
        key = ("trapped", area, nation)
        found = self.kept.get(key)
        if found is None:
            someone = self.sc.troops_of(nation)[0]
            found = self.kept[key] = not legal.retreat_areas(self.sc, self.st, area, someone)
        return bool(found)

    def trapped_vp(self, kinds: tuple[str, ...], area: str) -> int:
        """The capture VP of troops of these types who could not retreat from `area` if defeated (kept)."""
        key = ("trapped vp", area, kinds)
        found = self.kept.get(key)
        if found is None:
            types = self.sc.troop_types
            found = self.kept[key] = sum(types[k].capture_vp for k in kinds if self.trapped(area, types[k].nation))
        return found

    def prize(self, side: str, target: str) -> float:
        """What `side` gains by winning an attack on `target`: the objective (twice: the other side
        loses it), a command centre's VP, the defenders trapped there, and a little for the enemy
        objectives it brings in reach and the threat it lifts from its own."""
        here = ("prize", side, target)
        found = self.kept_here.get(here)
        if found is not None:
            return found
        key = ("prize", side, target, self.kinds_in(enemy_of(side), target))
        found = self.kept.get(key)
        if found is not None:
            self.kept_here[here] = found
            return found
        sc, control = self.sc, self.st.control
        info = sc.areas[target]
        enemy = enemy_of(side)
        found = 2.0
        if info.command_centre:
            found += info.command_centre_vp if info.command_centre_scorer in (None, side) else 0
        else:
            defenders = self.ground[enemy].get(target, ())
            found += 2 * info.vp + self.trapped_vp(self.kinds(defenders), target) + self.route(side, target)
            if defenders:  # the threat lifted from the side's own objectives and command centre
                for near in sc.neighbours[target]:
                    if control.get(near) == side:
                        found += 0.25 * sc.areas[near].vp + _command_centre_loss(sc, near, side)
        self.kept[key] = self.kept_here[here] = found
        return found

    def route(self, side: str, area: str) -> float:
        """How near `area` brings `side` to the enemy's objectives: each one's VP, less the
        farther it lies (ROUTE per link away)."""
        key = ("route", side, area)
        found = self.kept.get(key)
        if found is None:
            sc, control, enemy = self.sc, self.st.control, enemy_of(side)
            far = _distances(sc)[area]
            found = 0.0
            for goal, vp in _objectives(sc):
                steps = far.get(goal)
                if steps and control.get(goal) == enemy:
                    found += vp * ROUTE**steps
            self.kept[key] = found
        return found

    def attack_bound(self, side: str, target: str) -> float:
        """The most an attack on `target` can gain: its prize, and every defender destroyed."""
        key = ("bound", side, target)
        found = self.kept_here.get(key)
        if found is None:
            defenders = self.ground[enemy_of(side)].get(target, ())
            found = self.kept_here[key] = self.prize(side, target) + self.troops_value(
                tuple(defenders), self.terrain(target)
            )
        return found

    def attack_gain(self, side: str, choice: Choice, origin: str, target: str) -> tuple[float, float, Choice]:
        """An attack's expected gain for `side`, its chance of winning and the defence it meets."""
        key = ("defence of", target, origin, choice.sortie)
        defence = self.kept_here.get(key)
        if defence is None:
            enemy = enemy_of(side)
            defenders = self.ground[enemy].get(target, ())
            defence = self.kept_here[key] = self.defence(enemy, defenders, target, origin, choice.sortie)
        terrain = self.terrain(target)
        total = _total(self.sc, self.st.turn, terrain, choice.troops, choice.sortie, defence.sortie, False)
        odds = chances(self.sc, total, defence.total)
        gain = odds.win * self.prize(side, target)
        gain -= odds.attacker_lost * self.troops_value(choice.troops, terrain)
        gain += odds.defender_lost * self.troops_value(defence.troops, terrain)
        return gain, odds.win, defence

    def troops_value(self, troops: tuple[str, ...], terrain: str | None) -> float:
        """What losing these troops for the rest of the turn costs (for good on the last turn)."""
        bonus = _bonuses(self.sc, self.st.turn, terrain)
        value = 0
        for t in troops:
            value += bonus[t] + 1
        return value * 2.5 if self.last_turn else float(value)

    # -- what an area is worth --------------------------------------------------------------------

    def worth(self, area: str, kinds: tuple[str, ...]) -> float:
        """What `area`, held by the scene's side with troops of these types (in order) in it, is
        worth: the attacks it could make on enemy neighbours, less what the enemy's best attack
        on it would take. Aircraft are left out: a sortie flies in one battle, not in every one."""
        here = (area, kinds)
        found = self.worths.get(here)
        if found is None:
            key = (area, kinds, self.around(area))
            found = self.kept.get(key)
            if found is None:
                found = self.kept[key] = self._reach(area, kinds) - self._risk(area, kinds)
            self.worths[here] = found
        return found

    def _enemy_held(self, area: str) -> dict[str, int]:
        """The defence of an enemy area against an attack from `area` (ground troops only)."""
        here = ("held", area)
        found = self.kept_here.get(here)
        if found is not None:
            return found
        key = ("held", area, self.around(area))
        found = self.kept.get(key)
        if found is None:
            sc, enemy, turn = self.sc, self.enemy, self.st.turn
            best: dict[str, int] = {}
            for near in sc.neighbours[area]:
                if self.st.control.get(near) == enemy and near in _attackable(sc):
                    fortified = self.defended(self.side, area, near)
                    kinds = self.kinds_in(enemy, near)
                    best[near] = _type_total(sc, turn, self.terrain(near), kinds, fortified)
            found = self.kept[key] = best
        self.kept_here[here] = found
        return found

    def _reach(self, area: str, kinds: tuple[str, ...]) -> float:
        if not kinds:
            return 0.0
        sc, turn, side, enter, areas = self.sc, self.st.turn, self.side, _enterable(self.sc), self.sc.areas
        best = 0.0
        for near, held in self._enemy_held(area).items():
            able = tuple(k for k in kinds if near in enter[k])
            if able:
                total = _type_total(sc, turn, areas[near].terrain, able, False)
                best = max(best, chances(sc, total, held).win * self.prize(side, near))
        return REACH * best

    def _threats(self, area: str) -> list[tuple[str, int]]:
        """The enemy's strongest ground attack on `area` from each neighbour it holds (kept)."""
        here = ("threats", area)
        found = self.kept_here.get(here)
        if found is not None:
            return found
        key = ("threats", area, self.around(area))
        found = self.kept.get(key)
        if found is None:
            sc, control, enemy, turn, enter = self.sc, self.st.control, self.enemy, self.st.turn, _enterable(self.sc)
            threats = []
            if area in _attackable(sc):
                for near in sc.neighbours[area]:
                    theirs = self.ground[enemy].get(near)
                    if control.get(near) != enemy or not theirs:
                        continue
                    able = tuple(k for k in self.kinds(theirs) if area in enter[k])
                    if able:
                        threats.append((near, _type_total(sc, turn, self.terrain(area), able, False)))
            found = self.kept[key] = threats
        self.kept_here[here] = found
        return found

    def _risk(self, area: str, kinds: tuple[str, ...]) -> float:
        threats = self._threats(area)
        if not threats:
            return 0.0
        sc, turn, enemy, terrain = self.sc, self.st.turn, self.enemy, self.sc.areas[area].terrain
        worst = 0.0
        for near, total in threats:
            held = _type_total(sc, turn, terrain, kinds, self.defended(enemy, near, area))
            worst = max(worst, chances(sc, total, held).win)
        return THREAT * worst * (self._stake(area) + self.trapped_vp(kinds, area))

    def _stake(self, area: str) -> float:
        """What losing `area` costs the side, its troops aside: the objective (twice: the enemy
        gains it), a command centre's VP and a little of its objectives next to it (kept)."""
        key = ("stake", area)
        found = self.kept.get(key)
        if found is None:
            sc, control, side = self.sc, self.st.control, self.side
            info = sc.areas[area]
            found = 2.0 + 2 * info.vp + 2 * _command_centre_loss(sc, area, side)
            found += sum(0.25 * sc.areas[n].vp for n in sc.neighbours[area] if control.get(n) == side)
            self.kept[key] = found
        return found

    def gain_of_kinds(self, area: str, added: str | None = None, removed: str | None = None) -> float:
        """How much `area`'s worth changes when one troop joins (`added`) or leaves (`removed`)
        the side's troops standing there."""
        if area not in self.sc.areas:
            return 0.0
        now = self.kinds_in(self.side, area)
        types = self.types
        changed = list(now)
        if removed is not None:
            changed.remove(types[removed])
        if added is not None:
            changed.append(types[added])
            changed.sort()
        return self.worth(area, tuple(changed)) - self.worth(area, now)

    def gain_of_moving(self, moves: dict[str, str]) -> float:
        """How much the side's areas gain in worth if each troop moves as `moves` says (troop → area)."""
        before: dict[str, list[str]] = {}
        after: dict[str, list[str]] = {}
        where = self.st.where
        for troop, to in moves.items():
            for place in (where[troop], to):
                if place not in before:
                    before[place] = list(self.ground[self.side].get(place, ()))
                    after[place] = list(before[place])
            if troop in after[where[troop]]:
                after[where[troop]].remove(troop)
            after[to].append(troop)
        areas = self.sc.areas
        return sum(
            self.worth(place, self.kinds(after[place])) - self.worth(place, self.kinds(troops))
            for place, troops in before.items()
            if place in areas
        )

    def reach_words(self, area: str) -> str:
        """What an area is for, in a few words: the objective it is, the enemy it faces, the enemy
        objectives in reach."""
        sc, control, enemy = self.sc, self.st.control, self.enemy
        info = sc.areas[area]
        near = sorted(n for n in sc.neighbours[area] if control.get(n) == enemy)  # the same words in every process
        facing = sum(len(self.ground[enemy].get(n, ())) for n in near)
        parts = [f"an objective ({info.vp} VP)"] if info.vp else []
        if facing:
            parts.append(f"facing {counted(facing, sc.sides[enemy] + ' troop')}")
        goals = [n for n in near if sc.areas[n].vp or sc.areas[n].command_centre]
        if goals:
            parts.append("in reach of " + " and ".join(label(sc, n) for n in goals))
        elif near and not facing:
            parts.append("in reach of " + " and ".join(label(sc, n) for n in near[:2]))
        return ", ".join(parts) or "behind the front"


# -- the general -----------------------------------------------------------------------------------


@dataclass
class ComputerPolicy:
    """The computer general (see the module's words). `explain`: give each choice its reason
    (what-if playouts need none). Its answers depend on the state and the question alone (ties
    go to the first in order), so `seed` changes nothing: it is taken as every player's is."""

    seed: int
    explain: bool = True
    _scene: Scene | None = field(init=False, default=None)
    _moves: dict[tuple[int, str], int] = field(init=False, default_factory=dict)

    def scene(self, sc: Scenario, st: CampaignState, side: str) -> Scene:
        """The picture of `st` for `side`, kept while the same state is asked about (what areas
        are worth is shared further: `_shared`)."""
        kept = self._scene
        if kept is not None and kept.st is st and kept.side == side and kept.sc is sc:
            return kept
        found = self._scene = Scene(sc, st, side)
        return found

    def _said(self, reply: object, words) -> Decision:
        return Decision(reply, words() if self.explain else None)

    # -- what the driver asks (engine/driver.py Policy) ---------------------------------------------
    # Every answer is a function of the state and the question alone, so it is kept per scenario
    # (`remembered`): playouts from one position meet the same states again and again.

    def place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> Decision:
        return self.remembered(sc, st, ("place", troop, tuple(areas)), lambda: self._place(sc, st, troop, areas))

    def redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> Decision:
        moved = self._moves.get((st.turn, nation), 0)
        found, chosen = self.remembered(sc, st, ("redeploy", nation, moved), lambda: self._redeploy(sc, st, nation))
        if chosen:
            self._moves[st.turn, nation] = moved + 1  # a move of its own choosing, not one the rule asks for
        return found

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Decision:
        what = ("attack", side, tuple(arrows), required)
        return self.remembered(sc, st, what, lambda: self._attack(sc, st, side, arrows, required))

    def defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Decision:
        what = ("defend", origin, target, options, attacker)
        return self.remembered(sc, st, what, lambda: self._defend(sc, st, origin, target, options, attacker))

    def retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Decision:
        options = tuple(sorted((t, tuple(o)) for t, o in (question.troop_options or {}).items()))
        what = ("retreat", question.side, question.target, question.options, options)
        found = self.remembered(sc, st, what, lambda: self._retreat(sc, st, question))
        return Decision(dict(found.reply), found.reason) if isinstance(found.reply, dict) else found

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> Decision:
        what = ("advance", target, tuple(survivors), tuple(candidates))
        found = self.remembered(sc, st, what, lambda: self._advance(sc, st, target, survivors, candidates))
        return Decision(list(found.reply), found.reason)

    def remembered(self, sc: Scenario, st: CampaignState, what: tuple, decide: Callable[[], T]) -> T:
        """The decision on `what` in `st`, worked out once per scenario (and kind of answer)."""
        memo = sc.memo.get((MEMO, "decisions"))
        if memo is None:
            memo = sc.memo[MEMO, "decisions"] = {}
        key = (what, self.explain, state_key(st))
        found = memo.get(key)
        if found is None:
            found = decide()
            if len(memo) < REMEMBERED:  # full: the first kept (the states playouts share most) stay
                memo[key] = found
        return found

    # -- planning ---------------------------------------------------------------------------------

    def _place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> Decision:
        scene = self.scene(sc, st, sc.side_of(sc.troops[troop].nation))
        gains = {area: scene.gain_of_kinds(area, added=troop) for area in sorted(areas)}
        best = max(gains, key=lambda a: (gains[a], -len(scene.ground[scene.side].get(a, ())), a))
        return self._said(best, lambda: f"{troop} placed in {label(sc, best)}: {scene.reach_words(best)}")

    def _redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> tuple[Decision, bool]:
        """The nation's next redeployment, and whether it is one of the general's own choosing
        (not one the deployment rule asks for): those are MOVES_PER_TURN at most."""
        check = DeploymentCheck(sc, st, only=nation, skip=st.deployed)
        if check.shortfalls(st.where):
            fix = fixing_move(sc, st, nation, check=check)
            if fix is None:
                return Decision(None), False  # nothing mends it: the rule is waived where it cannot be met
            troop, to = fix
            return self._said(fix, lambda: f"{troop} to {label(sc, to)}: the turn's deployment rule asks for it"), False
        if self._moves.get((st.turn, nation), 0) >= MOVES_PER_TURN:
            return Decision(None), False
        move = self._best_move(sc, st, nation, check)
        if move is None:
            return self._said(None, lambda: f"the {sc.nation_name(nation)} troops stand where they are most use"), False
        troop, to = move
        scene = self.scene(sc, st, sc.side_of(nation))
        origin = st.where[troop]
        words = lambda: f"{troop} from {label(sc, origin)} to {label(sc, to)}: {scene.reach_words(to)}"  # noqa: E731
        return self._said(move, words), True

    def _best_move(
        self, sc: Scenario, st: CampaignState, nation: str, check: DeploymentCheck
    ) -> tuple[str, str] | None:
        """The redeployment that raises the side's worth most (by at least MOVE_GAIN), keeping the
        turn's deployment rule. A move's gain is what its troop's type adds where it goes and takes
        away where it leaves: each weighed once per area and type."""
        scene = self.scene(sc, st, sc.side_of(nation))
        kind_of = {t: sc.troops[t].type_code for t in sc.troops_of(nation)}
        leaving: dict[tuple[str, str], float] = {}
        arriving: dict[tuple[str, str], float] = {}
        found = []
        front = scene.front()  # a troop gains nothing where it can neither attack nor be attacked
        for troop, targets in legal.redeploy_moves(sc, st, nation).items():
            here, kind = st.where[troop], kind_of[troop]
            if (here, kind) not in leaving:
                leaving[here, kind] = scene.gain_of_kinds(here, removed=troop)
            for to in targets:
                if to not in front:
                    continue
                if (to, kind) not in arriving:
                    arriving[to, kind] = scene.gain_of_kinds(to, added=troop)
                found.append((leaving[here, kind] + arriving[to, kind], troop, to))
        found.sort(key=lambda f: (-f[0], f[1], f[2]))
        trial = dict(st.where)
        for gain, troop, to in found:
            if gain <= MOVE_GAIN:
                break
            trial[troop] = to
            if not check.shortfalls(trial):
                return troop, to
            trial[troop] = st.where[troop]
        return None

    # -- battles ----------------------------------------------------------------------------------

    def _attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Decision:
        scene = self.scene(sc, st, side)
        plans = []
        best = -1e9
        # The most an attack can gain is its prize and every defender destroyed: arrows are weighed
        # from the richest down, and the weighing stops where no arrow can beat the best found.
        bounds = sorted(((scene.attack_bound(side, target), origin, target) for origin, target in arrows), reverse=True)
        for bound, origin, target in bounds:
            if bound <= best:
                break
            options = legal.legal_commitments(sc, st, origin, target)
            terrain = scene.terrain(target)
            for choice in attack_choices(
                sc, st.turn, terrain, options.attacker_troops, options.attacker_sorties, options.limit
            ):
                gain, win, defence = scene.attack_gain(side, choice, origin, target)
                gain -= self._sortie_cost(st, choice.sortie)
                plans.append((gain, win, origin, target, choice, defence))
                best = max(best, gain)
        gain, win, origin, target, choice, defence = max(plans, key=lambda p: (p[0], -len(p[4].troops), p[2], p[3]))
        if not required and gain < 1.0:
            return self._said(
                None, lambda: f"no attack is worth its risk now (the best, on {target}, gains {gain:.1f})"
            )
        attack: Attack = (origin, target, choice.commitment())
        return self._said(attack, lambda: self._attack_words(sc, scene, origin, target, choice, defence, win))

    @staticmethod
    def _sortie_cost(st: CampaignState, sortie: str | None) -> float:
        """What flying a sortie now gives up: the battles still to come in which it could fly,
        when there are fewer sorties than those battles."""
        if sortie is None:
            return 0.0
        left = legal.battles_left(st)
        later = (left - 1) / 2 if left is not None else 2.0  # about half the battles are the side's
        return 0.0 if st.sorties.get(sortie, 0) > later else 1.5

    def _attack_words(
        self, sc: Scenario, scene: Scene, origin: str, target: str, choice: Choice, defence: Choice, win: float
    ) -> str:
        what = ", ".join(choice.troops) + (f" and the {sc.aircraft[choice.sortie].name}" if choice.sortie else "")
        info = sc.areas[target]
        why = (
            f"an objective ({info.vp} VP)"
            if info.vp
            else f"the command centre ({info.command_centre_vp} VP a win)"
            if info.command_centre
            else "no objective"
        )
        against = ", ".join(defence.troops) or "no troops"
        return (
            f"attacks {label(sc, target)} from {origin} with {what}: {why}; {win:.0%} to win against "
            f"the likely defence ({against})"
        )

    def _defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Decision:
        terrain = sc.areas[target].terrain
        fortified = options.fortification is not None
        choice = defence_choice(
            sc,
            st.turn,
            terrain,
            options.defender_troops,
            options.defender_sorties,
            options.limit,
            attacker.sortie,
            fortified,
        )
        if choice.sortie and self._sortie_cost(st, choice.sortie) and not sc.areas[target].vp:
            plain = defence_choice(
                sc,
                st.turn,
                terrain,
                options.defender_troops,
                (),
                options.limit,
                attacker.sortie,
                fortified,
            )
            if plain.total >= choice.total - 1 and plain.troops:
                choice = plain  # a scarce sortie is kept for an objective
        total = _total(sc, st.turn, terrain, attacker.troops, attacker.sortie, choice.sortie, False)
        hold = 1 - chances(sc, total, choice.total).win
        what = ", ".join(choice.troops) + (f" and the {sc.aircraft[choice.sortie].name}" if choice.sortie else "")
        return self._said(
            choice.commitment(),
            lambda: f"defends {label(sc, target)} with {what or 'nothing'}: holds {hold:.0%} of the time",
        )

    def _retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Decision:
        side = question.side
        scene = Scene(sc, st, side)  # asked mid-battle: the state is still being worked on
        group = [t for t in st.where.standing(question.target) if sc.side_of(sc.troops[t].nation) == side]
        if question.troop_options:
            chosen: Retreat = {t: self._fall_back(scene, t, o) for t, o in question.troop_options.items()}
            return self._said(chosen, lambda: "each troop falls back where it is most use")
        best = max(sorted(question.options), key=lambda a: scene.gain_of_moving({t: a for t in group}))
        return self._said(best, lambda: f"falls back to {label(sc, best)}: {scene.reach_words(best)}")

    @staticmethod
    def _fall_back(scene: Scene, troop: str, areas: Sequence[str]) -> str:
        return max(sorted(areas), key=lambda a: scene.gain_of_moving({troop: a}))

    def _advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> Decision:
        side = st.control[target] or ""
        scene = Scene(sc, st, side)  # asked mid-battle: the state is still being worked on
        if sc.turn(st.turn).fixed_arrows:  # the turn's fixed battles still to fight keep their troops
            needed = {origin for origin, _ in legal.legal_arrows(sc, st, side)}
            candidates = [t for t in candidates if t in survivors or st.where[t] not in needed]
        moving: list[str] = []
        gain = 0.0
        first = [t for t in survivors if t in candidates] or survivors
        if first:
            found = scene.gain_of_moving({t: target for t in first})
            if found > 0:
                moving, gain = list(first), found
        if moving or not first:
            refused: set[tuple[str, str]] = set()  # (where, type): a troop like one that did not gain will not
            for troop in candidates:
                like = (st.where[troop], sc.troops[troop].type_code)
                if troop in moving or len(moving) >= sc.advance_limit or like in refused:
                    continue
                found = scene.gain_of_moving({t: target for t in (*moving, troop)})
                if found > gain + 0.5:
                    moving.append(troop)
                    gain = found
                else:
                    refused.add(like)
        if not moving:
            return self._said([], lambda: f"nobody advances into {label(sc, target)}: {scene.reach_words(target)}")
        verb = "advances" if len(moving) == 1 else "advance"
        return self._said(
            moving, lambda: f"{', '.join(moving)} {verb} into {label(sc, target)}: {scene.reach_words(target)}"
        )


def state_key(st: CampaignState) -> tuple:
    """Everything in a state a decision may depend on, as one hashable value (the places and
    holders in the scenario's order, which every copy of a state keeps)."""
    return (
        st.turn,
        st.phase,
        st.battles_required,
        st.extra_battles,
        st.battles_fought,
        st.play,
        tuple(st.where.values()),
        tuple(st.control.values()),
        tuple(st.sorties.items()),
        st.redeployed,
        st.deployed,
        st.open_arrows,
        st.initiative,
        st.fixed_fought,
    )


# -- mending the deployment rule -------------------------------------------------------------------


def _mending(sc: Scenario, st: CampaignState, nation: str, shortfalls: list[Shortfall]) -> list[tuple[str, str]]:
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


def fixing_move(
    sc: Scenario,
    st: CampaignState,
    nation: str,
    rng: random.Random | None = None,
    check: DeploymentCheck | None = None,
) -> tuple[str, str] | None:
    """A redeployment that mends the nation's broken deployment rule (None when it holds): the
    move that leaves the fewest broken rules, then the fewest troops missing or out of place
    (ties: the first such move, or now and then a later one when `rng` is given). `check`: the
    nation's rule, already set up on `st`."""
    check = check or DeploymentCheck(sc, st, only=nation, skip=st.deployed)
    shortfalls = check.shortfalls(st.where)
    if not shortfalls:
        return None
    best, score = None, _size(shortfalls)
    trial = dict(st.where)  # one scratch map of places: each trial move is made on it and taken back
    for troop, to in _mending(sc, st, nation, shortfalls):
        assert check.moves_only_checked(troop), "a nation is never its own rule's enemy"
        trial[troop] = to
        candidate = _size(check.shortfalls(trial))
        trial[troop] = st.where[troop]
        if candidate < score or (candidate == score and best is not None and rng and rng.random() < 0.2):
            best, score = (troop, to), candidate
    return best


def sensible_defence(sc: Scenario, st: CampaignState, origin: str, target: str, attacker: Commitment) -> Decision:
    """What the computer general would commit to defend `target` against these attackers from
    `origin`: the computer's own choice when it defends, a sensible defender's otherwise."""
    options = legal.legal_commitments(sc, st, origin, target)
    return ComputerPolicy(0).defend(sc, st, origin, target, options, attacker)
