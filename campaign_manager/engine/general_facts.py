"""What the computer general (engine/general.py) keeps per scenario, in `sc.memo`, shared by every
playout in a process: the General's Wargame sums and exact odds it asks about again and again, the
scenario's facts it reads (troop types, distances, fortified links, objectives), the
answers shared by scenes with the same holders (`shared_answers`), and the commitments worth
weighing in a battle (`attack_choices`, `defence_choice`). Every figure is the engine's own
(engine/wargame.py, engine/legal.py), kept, never worked out another way.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, NamedTuple

from campaign_manager.engine import legal, wargame
from campaign_manager.engine.state import Commitment
from campaign_manager.scenario.model import Scenario

MEMO = "general"  # the general's kept answers in sc.memo
PICTURES = 2_000  # scenes' shared answers kept per scenario, the first ones
_POSITIONS = ((MEMO, "decisions"), (MEMO, "pictures"))  # what the general keeps per position


# -- kept per scenario -----------------------------------------------------------------------------


def troop_bonuses(sc: Scenario, turn: int, terrain: str | None) -> dict[str, int]:
    """Every troop's General's Wargame bonus on `turn` in `terrain` (its model on that turn)."""
    key = (MEMO, "bonuses", turn, terrain)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {t: troop.type.on_turn(turn)[1].on(terrain) for t, troop in sc.troops.items()}
    return found


def bonus_total(
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
    """The engine's exact odds for two bonuses (kept per difference: `chance_table`)."""
    found = chance_table(sc).get(attacker - defender)
    if found is None:
        odds = wargame.odds(sc, attacker, defender)
        found = chance_table(sc)[attacker - defender] = Chances(
            float(odds.attacker_win),
            float(odds.defender_win),
            float(odds.attacker_destroyed),
            float(odds.defender_destroyed),
        )
    return found


def chance_table(sc: Scenario) -> dict[int, Chances]:
    """The odds worked out so far, by the attacker's bonus less the defender's (kept)."""
    table = sc.memo.get((MEMO, "chances"))
    if table is None:
        table = sc.memo[MEMO, "chances"] = {}
    return table


def troop_type_codes(sc: Scenario) -> dict[str, str]:
    key = (MEMO, "troop types")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {t: troop.type_code for t, troop in sc.troops.items()}
    return found


def enterable_by_type(sc: Scenario) -> dict[str, frozenset[str]]:
    """The areas troops of each type may enter (the scenario's own answer, kept by type)."""
    key = (MEMO, "enterable")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {
            kind: frozenset(code for code in sc.areas if sc.may_enter(troop_type.nation, code))
            for kind, troop_type in sc.troop_types.items()
        }
    return found


def attackable_areas(sc: Scenario) -> frozenset[str]:
    """The areas an arrow may go into at all (not impassable, not a staging area)."""
    key = (MEMO, "attackable")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = frozenset(c for c, a in sc.areas.items() if not a.impassable and not a.staging)
    return found


def area_distances(sc: Scenario) -> dict[str, dict[str, int]]:
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


def links_around(sc: Scenario) -> dict[str, tuple[tuple[str, ...], tuple[tuple[str, bool, bool], ...]]]:
    """For each area, its neighbours in order, and those of its links marked fortified (legal.
    fortified_links) with whether the link from the area to each, and from each to the area, is
    one: only across those may the fortification defend (kept)."""
    key = (MEMO, "links around")
    found = sc.memo.get(key)
    if found is None:
        forts = legal.fortified_links(sc)
        found = sc.memo[key] = {
            area: (
                tuple(near),
                tuple(
                    (n, (area, n) in forts, (n, area) in forts)
                    for n in near
                    if (area, n) in forts or (n, area) in forts
                ),
            )
            for area, near in sc.neighbours.items()
        }
    return found


def objective_areas(sc: Scenario) -> tuple[tuple[str, int], ...]:
    """The areas worth VP to whoever holds them (rule 1.9), with their VP."""
    key = (MEMO, "objectives")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = tuple((c, a.vp) for c, a in sc.areas.items() if a.vp and not a.command_centre)
    return found


class Facts(NamedTuple):
    """The scenario's facts a scene reads again and again, gathered once (`scenario_facts`) so
    that a scene built for each state asked about starts with one look-up."""

    areas: tuple[str, ...]  # the map's areas, in the scenario's order
    terrain: dict[str, str | None]  # area → its terrain
    types: dict[str, str]  # troop → its type's code
    sides: dict[str, str]  # troop → its side (legal.troop_sides)
    planes: dict[str, tuple[str, ...]]  # side → its nations with aircraft (legal.aircraft_sides)
    links: dict[str, tuple[tuple[str, ...], tuple[tuple[str, bool, bool], ...]]]  # `links_around`
    fortified: frozenset[tuple[str, str]]  # legal.fortified_links
    enterable: dict[str, frozenset[str]]  # `enterable_by_type`
    attackable: frozenset[str]  # `attackable_areas`
    last_turn: int  # the number of the scenario's last turn


def scenario_facts(sc: Scenario) -> Facts:
    key = (MEMO, "facts")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = Facts(
            tuple(sc.areas),
            {code: area.terrain for code, area in sc.areas.items()},
            troop_type_codes(sc),
            legal.troop_sides(sc),
            legal.aircraft_sides(sc),
            links_around(sc),
            legal.fortified_links(sc),
            enterable_by_type(sc),
            attackable_areas(sc),
            len(sc.turns),
        )
    return found


def shared_answers(sc: Scenario, holders: tuple[Hashable, ...]) -> dict[tuple[Hashable, ...], Any]:
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


def command_centre_loss(sc: Scenario, area: str, side: str) -> int:
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


def ranked_troops(bonus: dict[str, int], troops: Iterable[str]) -> list[str]:
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
    kept: list[Choice] | None = sc.memo.get(key)
    if kept is not None:
        return kept
    ranked = ranked_troops(troop_bonuses(sc, turn, terrain), troops)
    strongest = tuple(ranked[:limit])
    result = [Choice(strongest, None, bonus_total(sc, turn, terrain, strongest, None, None, False))]
    if limit > 1:
        for nation in sorties:
            if legal.aircraft_adds(sc, nation, None):
                first = tuple(ranked[:1])
                result.append(Choice(first, nation, bonus_total(sc, turn, terrain, first, nation, None, False)))
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
    kept: Choice | None = sc.memo.get(key)
    if kept is not None:
        return kept
    ranked = ranked_troops(troop_bonuses(sc, turn, terrain), troops)
    best = tuple(ranked[:limit])
    choice = Choice(best, None, bonus_total(sc, turn, terrain, best, None, attacker_sortie, fortified))
    for nation in sorties:
        if not legal.aircraft_adds(sc, nation, attacker_sortie):
            continue
        ground = tuple(ranked[: limit - 1])
        total = bonus_total(sc, turn, terrain, ground, nation, attacker_sortie, fortified)
        if total > choice.total or (total == choice.total and len(ground) < len(choice.troops)):
            choice = Choice(ground, nation, total)
    sc.memo[key] = choice
    return choice


# -- what a scene reads (engine/scene.py), kept per turn ---------------------------------------------

# An attack as `Scene._weigh` weighs it: the terrain, the attacker's troops and sortie, the defender's and its total.
Weighing = tuple[str | None, tuple[str, ...], str | None, tuple[str, ...], str | None, int]


def type_totals(sc: Scenario, turn: int) -> dict[tuple[str | None, tuple[str, ...], bool], int]:
    """`type_total`s worked out for `turn`, by terrain, types and fortification (kept)."""
    key = (MEMO, "type totals", turn)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {}
    return found


def type_total(sc: Scenario, turn: int, terrain: str | None, kinds: tuple[str, ...], fortified: bool) -> int:
    """The bonus of ground troops of these types (the strongest `max_committed` of them), summed
    from the factors the battle itself uses; what an area is worth is weighed by troop type."""
    table = type_totals(sc, turn)
    found = table.get((terrain, kinds, fortified))
    if found is None:
        types = sc.troop_types
        ranked = sorted(kinds, key=lambda k: -types[k].on_turn(turn)[1].on(terrain))[: sc.max_committed]
        factors = wargame.side_factors(sc, turn, terrain, [(k, types[k]) for k in ranked], None, None, fortified, 0)
        found = table[terrain, kinds, fortified] = wargame.total(factors)
    return found


def weighings(sc: Scenario, turn: int, last_turn: bool) -> dict[Weighing, tuple[float, float, float]]:
    """`Scene._weigh`'s answers for `turn` (kept)."""
    key = (MEMO, "weighings", turn, last_turn)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {}
    return found


def kinds_of(sc: Scenario) -> dict[tuple[str, ...], tuple[str, ...]]:
    """`Scene.kinds` of the groups of troops met standing together so far (kept: a scene is built
    for nearly every question, and the same groups stand together again and again)."""
    key = (MEMO, "kinds of groups")
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = {}
    return found
