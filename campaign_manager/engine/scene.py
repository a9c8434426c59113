"""What the computer general (engine/general.py) sees in one state for one side (`Scene`): what
each area its side holds is worth for the attacks it could make and the enemy attacks it risks,
and what taking an enemy area would bring, at the engine's exact odds.

A scene is built for nearly every question the general is asked, and asked hundreds of times for
what an area is worth, so it keeps what the hot loops read close at hand: the scenario's facts in
one bundle (`scenario_facts`), each area's shared answers under one key (`_AreaAnswers`), the
type totals and odds tables of the turn.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

from campaign_manager.engine import legal
from campaign_manager.engine.general_facts import (
    Choice,
    area_distances,
    bonus_total,
    chance_table,
    chances,
    command_centre_loss,
    defence_choice,
    kinds_of,
    objective_areas,
    scenario_facts,
    shared_answers,
    troop_bonuses,
    type_total,
    type_totals,
    weighings,
)
from campaign_manager.engine.lookup import label
from campaign_manager.engine.state import CampaignState
from campaign_manager.i18n import _, ngettext
from campaign_manager.scenario.model import Scenario

THREAT = 0.5  # how much of an enemy attack's expected gain an area is held to risk (not every threat is carried out)
REACH = 0.4  # how much of an attack's expected gain an area is worth for the attacks it could make
ROUTE = 0.3  # what an enemy objective one link further away is worth, as a share of it

# `Scene.around`: the kinds of the enemy's free troops in each area next to one, and, when fortified links
# leave it, whether the fortification defends each attack out and in.
EnemyKinds = tuple[tuple[str, ...], ...]
Around = EnemyKinds | tuple[EnemyKinds, tuple[tuple[bool, bool], ...]]


# -- the picture of one state ----------------------------------------------------------------------


class _AreaAnswers:
    """What one area's worth depends on beside its own troops — the enemy's defences it could
    attack (`held`), the enemy's attacks on it (`threats`) — and its worth by the types of its
    troops (`worths`): shared by every scene with the same holders and the same `Scene.around`."""

    __slots__ = ("held", "threats", "worths")

    def __init__(self) -> None:
        self.held: dict[str, int] | None = None
        self.threats: tuple[tuple[str, int], ...] | None = None
        self.worths: dict[tuple[str, ...], float] = {}


class Scene:
    """What the general sees in one state for one side: who stands where, what each area it holds
    is worth (`worth`), what taking an enemy area would bring (`prize`). Kept while the state is
    asked about; every answer it gives comes from the engine's odds and legality queries. What an
    area is worth depends on its troops' types only, and is kept by type.

    A scene is built for nearly every question the general is asked (dozens a playout), so it
    works out only who stands where at first; the rest when asked."""

    def __init__(self, sc: Scenario, st: CampaignState, side: str) -> None:
        self.sc, self.st, self.side = sc, st, side
        self.enemy = sc.enemy_of(side)
        facts = self.facts = scenario_facts(sc)
        self.types = facts.types  # troop → its type's code
        self.links = facts.links
        self.fortified_links = facts.fortified
        busy = st.committed() if st.open_arrows else ()
        sides, on_map = facts.sides, facts.terrain
        # side → area → its free troops there, in the order the state lists them
        ground: dict[str, dict[str, list[str]]] = {s: {} for s in sc.sides}
        self.ground = ground
        for troop, here in st.where.items():
            if here in on_map and troop not in busy:
                mine = ground[sides[troop]]
                if here in mine:
                    mine[here].append(troop)
                else:
                    mine[here] = [troop]
        left = st.sorties
        self.sorties = {s: tuple([n for n in planes if left.get(n, 0) > 0]) for s, planes in facts.planes.items()}
        self.last_turn = st.turn >= facts.last_turn
        # answers shared by every scene with the same holders (`shared_answers`)
        self.kept = shared_answers(sc, (side, st.turn, tuple(st.control.values())))
        self.guarded: dict[tuple[str, str, str], bool] = {}  # `defended` here
        self.kinds_by_area = self._kinds_by_area()  # side → area → `kinds` of its free troops
        self.arounds: dict[str, Around] = {}  # `around` here
        self.answers: dict[str, _AreaAnswers] = {}  # each area's `_AreaAnswers` here
        self.prizes: dict[tuple[str, str], float] = {}  # `prize` here
        self.bounds: dict[tuple[str, str], float] = {}  # `attack_bound` here
        self.gains: dict[tuple[str, str | None, str | None], float] = {}  # `gain_of_kinds` here
        self.totals = type_totals(sc, st.turn)  # the turn's type totals, the odds, the attacks weighed: kept
        self.defences: dict[tuple[str, str | None, bool], Choice] = {}  # `attack_gain`'s defence here
        self.weighed = weighings(sc, st.turn, self.last_turn)
        self.odds = chance_table(sc)

    def moved(self, st: CampaignState) -> Scene | None:
        """This scene for `st`, a later state of the planning in which only troops of the scene's
        side have moved (placed or redeployed), or None when more has changed. What they cannot
        change is carried over: the enemy's troops, every answer about the enemy's areas and,
        unless a troop the fortification defends moved, what each area's worth depends on
        (`around`). A general placing and redeploying asks about such states one after another."""
        old = self.st
        if (
            st.open_arrows
            or old.open_arrows
            or st.turn != old.turn
            or st.phase != old.phase
            or len(st.where) != len(old.where)
            or st.sorties != old.sorties
            or st.control != old.control
        ):
            return None
        sides, side, before = self.facts.sides, self.side, old.where
        moving = [troop for troop, here in st.where.items() if before.get(troop) != here]
        if any(sides[troop] != side for troop in moving):
            return None
        found = copy.copy(self)
        found.st = st
        on_map, standing, types = self.facts.terrain, st.where.standing, self.types
        ground, kinds = dict(self.ground[side]), dict(self.kinds_by_area[side])
        looked_at = {before.get(t) for t in moving} | {st.where[t] for t in moving}
        for area in looked_at:
            if area not in on_map:
                continue
            troops = [t for t in standing(area) if sides[t] == side]  # in the state's order, as built afresh
            if troops:
                ground[area] = troops
                kinds[area] = tuple(sorted([types[t] for t in troops]))
            else:
                ground.pop(area, None)
                kinds.pop(area, None)
        found.ground = {**self.ground, side: ground}
        found.kinds_by_area = {**self.kinds_by_area, side: kinds}
        fort = self.sc.fortification
        if fort and any(self.sc.troops[t].nation == fort.nation for t in moving):
            # The fortification defends an attack into an area where its nation's troops stand: what
            # depends on it is worked out again for the areas they left or entered, and for those
            # across a fortified link from them (whose `around` asks about them); the rest carries over.
            touched = set(looked_at)
            for area in looked_at:
                if area in on_map:
                    touched.update(near for near, _, _ in self.links[area][1])
            found.guarded = {key: value for key, value in self.guarded.items() if key[2] not in looked_at}
            found.arounds = {area: value for area, value in self.arounds.items() if area not in touched}
            found.answers = {area: value for area, value in self.answers.items() if area not in touched}
            found.gains = {key: gain for key, gain in self.gains.items() if key[0] not in touched}
        else:
            found.guarded, found.arounds, found.answers = dict(self.guarded), dict(self.arounds), dict(self.answers)
            # and the gains in the areas nobody left or entered
            found.gains = {key: gain for key, gain in self.gains.items() if key[0] not in looked_at}
        found.prizes = {key: value for key, value in self.prizes.items() if key[0] == side}
        found.bounds = {key: value for key, value in self.bounds.items() if key[0] == side}
        found.defences = {}
        return found

    def around(self, area: str) -> Around:
        """What the worth of `area` depends on beside its own troops and who holds what (kept): the
        types of the enemy's free troops in each area next to it, and across each fortified link
        whether the fortification defends an attack from `area` out and from the neighbour in."""
        found = self.arounds.get(area)
        if found is None:
            near, fortified = self.links[area]
            theirs = self.kinds_by_area[self.enemy]
            found = tuple([theirs.get(n, ()) for n in near])
            if fortified:
                side, enemy, defended = self.side, self.enemy, self.defended
                guarded = tuple(
                    [(out and defended(side, area, n), into and defended(enemy, n, area)) for n, out, into in fortified]
                )
                found = (found, guarded)
            self.arounds[area] = found
        return found

    def _answers(self, area: str) -> _AreaAnswers:
        """`area`'s `_AreaAnswers`, shared by the scenes with the same holders and `around`."""
        found = self.answers.get(area)
        if found is None:
            key = ("area", area, self.around(area))
            found = self.kept.get(key)
            if found is None:
                found = self.kept[key] = _AreaAnswers()
            self.answers[area] = found
        return found

    def defended(self, attacker_side: str, origin: str, target: str) -> bool:
        """Whether the fortification defends an attack by `attacker_side` from `origin` into `target`:
        the engine's answer, asked only across links marked fortified (kept)."""
        if (origin, target) not in self.fortified_links:
            return False
        key = (attacker_side, origin, target)
        found = self.guarded.get(key)
        if found is None:
            found = self.guarded[key] = bool(legal.fortification_name(self.sc, self.st, origin, target, attacker_side))
        return found

    def terrain(self, area: str) -> str | None:
        return self.facts.terrain[area]

    def kinds(self, troops: Iterable[str]) -> tuple[str, ...]:
        """The troops' types, in order (what an area's worth is kept by)."""
        types = self.types
        return tuple(sorted([types[t] for t in troops]))

    def kinds_in(self, side: str, area: str) -> tuple[str, ...]:
        """`kinds` of the side's free troops in `area`."""
        return self.kinds_by_area[side].get(area, ())

    def _kinds_by_area(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """`kinds` of each side's free troops in each area where it has some."""
        types, known = self.types, kinds_of(self.sc)
        found: dict[str, dict[str, tuple[str, ...]]] = {}
        for side, here in self.ground.items():
            mine: dict[str, tuple[str, ...]] = {}
            found[side] = mine
            for area, troops in here.items():
                if len(troops) == 1:
                    mine[area] = (types[troops[0]],)
                    continue
                group = tuple(troops)
                kinds = known.get(group)
                if kinds is None:
                    kinds = known[group] = tuple(sorted([types[t] for t in troops]))
                mine[area] = kinds
        return found

    def front(self) -> frozenset[str]:
        """The areas the side holds next to an area the enemy holds: where a troop can attack or
        be attacked (kept for the holders)."""
        found = self.kept.get(("front",))
        if found is None:
            sc, control, side, enemy = self.sc, self.st.control, self.side, self.enemy
            found = self.kept["front",] = frozenset(
                a for a in sc.areas if control.get(a) == side and any(control.get(n) == enemy for n in sc.neighbours[a])
            )
        return found

    def unguarded_command_centres(self) -> frozenset[str]:
        """The side's command centres with none of its troops in them while the enemy holds an area
        at most two links away: an enemy win there scores (RULES.md 1.9), and nobody guards them."""
        found = self.kept.get(("command centres near the enemy",))
        if found is None:  # they depend on the holders alone: kept with them
            sc, control, enemy, far = self.sc, self.st.control, self.enemy, area_distances(self.sc)
            found = self.kept["command centres near the enemy",] = tuple(
                area
                for area in sc.areas
                if control.get(area) == self.side
                and command_centre_loss(sc, area, self.side)
                and any(control.get(near) == enemy and steps <= 2 for near, steps in far[area].items())
            )
        mine = self.ground[self.side]
        return frozenset([area for area in found if not mine.get(area)])

    # -- battles ----------------------------------------------------------------------------------

    def defence(
        self, side: str, troops: Sequence[str], target: str, origin: str, attacker_sortie: str | None
    ) -> Choice:
        """The defence a sensible `side` commits in `target` against an attack from `origin`."""
        fortified = self.defended(self.sc.enemy_of(side), origin, target)
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
            types, trapped = self.sc.troop_types, self.trapped
            found = 0
            for kind in kinds:
                troop_type = types[kind]
                if trapped(area, troop_type.nation):
                    found += troop_type.capture_vp
            self.kept[key] = found
        return found

    def captures(self, side: str, target: str) -> tuple[int, int]:
        """The enemy troops in `target` that `side` would capture by winning there (they could not
        retreat, rule 1.8), and their capture VP."""
        types, enemy = self.sc.troop_types, self.sc.enemy_of(side)
        caught = [t for t in self.ground[enemy].get(target, ()) if self.trapped(target, self.sc.troops[t].nation)]
        return len(caught), sum(types[self.types[t]].capture_vp for t in caught)

    def prize(self, side: str, target: str) -> float:
        """What `side` gains by winning an attack on `target`: the objective (twice: the other side
        loses it), a command centre's VP, the defenders trapped there, and a little for the enemy
        objectives it brings in reach and the threat it lifts from its own."""
        found: float | None = self.prizes.get((side, target))
        if found is not None:
            return found
        key = ("prize", side, target, self.kinds_in(self.sc.enemy_of(side), target))
        kept: float | None = self.kept.get(key)
        if kept is not None:
            self.prizes[side, target] = kept
            return kept
        sc, control = self.sc, self.st.control
        info = sc.areas[target]
        enemy = sc.enemy_of(side)
        found = 2.0
        if info.command_centre:
            found += info.command_centre_vp if info.command_centre_scorer in (None, side) else 0
        else:
            defenders = self.ground[enemy].get(target, ())
            found += 2 * info.vp + self.trapped_vp(self.kinds(defenders), target) + self.route(side, target)
            if defenders:  # the threat lifted from the side's own objectives and command centre
                for near in sc.neighbours[target]:
                    if control.get(near) == side:
                        found += 0.25 * sc.areas[near].vp + command_centre_loss(sc, near, side)
        self.kept[key] = self.prizes[side, target] = found
        return found

    def route(self, side: str, area: str) -> float:
        """How near `area` brings `side` to the enemy's objectives: each one's VP, less the
        farther it lies (ROUTE per link away)."""
        key = ("route", side, area)
        found = self.kept.get(key)
        if found is None:
            sc, control, enemy = self.sc, self.st.control, self.sc.enemy_of(side)
            far = area_distances(sc)[area]
            found = 0.0
            for goal, vp in objective_areas(sc):
                steps = far.get(goal)
                if steps and control.get(goal) == enemy:
                    found += vp * ROUTE**steps
            self.kept[key] = found
        return found

    def attack_bound(self, side: str, target: str) -> float:
        """The most an attack on `target` can gain: its prize, and every defender destroyed."""
        found = self.bounds.get((side, target))
        if found is None:
            defenders = self.ground[self.sc.enemy_of(side)].get(target, ())
            found = self.bounds[side, target] = self.prize(side, target) + self.troops_value(
                tuple(defenders), self.terrain(target)
            )
        return found

    def attack_gain(self, side: str, choice: Choice, origin: str, target: str) -> tuple[float, float, Choice]:
        """An attack's expected gain for `side`, its chance of winning and the defence it meets."""
        key = (target, choice.sortie, self.defended(side, origin, target))  # all the defence depends on
        defence = self.defences.get(key)
        if defence is None:
            enemy = self.sc.enemy_of(side)
            defenders = self.ground[enemy].get(target, ())
            defence = self.defences[key] = self.defence(enemy, defenders, target, origin, choice.sortie)
        terrain = self.facts.terrain[target]
        plain = (terrain, choice.troops, choice.sortie, defence.troops, defence.sortie, defence.total)
        weighed = self.weighed.get(plain)
        if weighed is None:
            weighed = self.weighed[plain] = self._weigh(terrain, choice, defence)
        win, lost, taken = weighed
        gain = win * self.prize(side, target)
        gain -= lost
        gain += taken
        return gain, win, defence

    def _weigh(self, terrain: str | None, choice: Choice, defence: Choice) -> tuple[float, float, float]:
        """An attack's chance of winning, and what the troops the attacker and the defender may
        lose are worth, each weighed by its chance: kept for the turn, shared by every scene."""
        total = bonus_total(self.sc, self.st.turn, terrain, choice.troops, choice.sortie, defence.sortie, False)
        odds = chances(self.sc, total, defence.total)
        return (
            odds.win,
            odds.attacker_lost * self.troops_value(choice.troops, terrain),
            odds.defender_lost * self.troops_value(defence.troops, terrain),
        )

    def troops_value(self, troops: tuple[str, ...], terrain: str | None) -> float:
        """What losing these troops for the rest of the turn costs (for good on the last turn)."""
        bonus = troop_bonuses(self.sc, self.st.turn, terrain)
        value = 0
        for t in troops:
            value += bonus[t] + 1
        return value * 2.5 if self.last_turn else float(value)

    # -- what an area is worth --------------------------------------------------------------------

    def worth(self, area: str, kinds: tuple[str, ...]) -> float:
        """What `area`, held by the scene's side with troops of these types (in order) in it, is
        worth: the attacks it could make on enemy neighbours, less what the enemy's best attack
        on it would take. Aircraft are left out: a sortie flies in one battle, not in every one."""
        answers = self.answers.get(area) or self._answers(area)
        found = answers.worths.get(kinds)
        if found is None:
            found = answers.worths[kinds] = self._reach(area, kinds) - self._risk(area, kinds)
        return found

    def _enemy_held(self, area: str) -> dict[str, int]:
        """The defence of an enemy area against an attack from `area` (ground troops only)."""
        answers = self.answers.get(area) or self._answers(area)
        found = answers.held
        if found is None:
            control, enemy, attackable, theirs = (
                self.st.control,
                self.enemy,
                self.facts.attackable,
                self.kinds_by_area[self.enemy],
            )
            terrain, totals = self.facts.terrain, self.totals
            best: dict[str, int] = {}
            for near in self.links[area][0]:
                if control.get(near) == enemy and near in attackable:
                    fortified = self.defended(self.side, area, near)
                    kinds = theirs.get(near, ())
                    total = totals.get((terrain[near], kinds, fortified))
                    if total is None:
                        total = type_total(self.sc, self.st.turn, terrain[near], kinds, fortified)
                    best[near] = total
            found = answers.held = best
        return found

    def _reach(self, area: str, kinds: tuple[str, ...]) -> float:
        if not kinds:
            return 0.0
        enter, terrain, totals, odds = self.facts.enterable, self.facts.terrain, self.totals, self.odds
        best = 0.0
        for near, held in self._enemy_held(area).items():
            able = tuple([k for k in kinds if near in enter[k]])
            if able:
                total = totals.get((terrain[near], able, False))
                if total is None:
                    total = type_total(self.sc, self.st.turn, terrain[near], able, False)
                found = (odds.get(total - held) or chances(self.sc, total, held)).win * self.prize(self.side, near)
                if found > best:
                    best = found
        return REACH * best

    def _threats(self, area: str) -> tuple[tuple[str, int], ...]:
        """The enemy's strongest ground attack on `area` from each neighbour it holds (kept)."""
        answers = self.answers.get(area) or self._answers(area)
        found = answers.threats
        if found is None:
            control, enemy, enter, theirs = (
                self.st.control,
                self.enemy,
                self.facts.enterable,
                self.kinds_by_area[self.enemy],
            )
            terrain, totals = self.facts.terrain[area], self.totals
            threats = []
            if area in self.facts.attackable:
                for near in self.links[area][0]:
                    kinds = theirs.get(near)
                    if control.get(near) != enemy or not kinds:
                        continue
                    able = tuple([k for k in kinds if area in enter[k]])
                    if able:
                        total = totals.get((terrain, able, False))
                        if total is None:
                            total = type_total(self.sc, self.st.turn, terrain, able, False)
                        threats.append((near, total))
            found = answers.threats = tuple(threats)
        return found

    def _risk(self, area: str, kinds: tuple[str, ...]) -> float:
        threats = self._threats(area)
        if not threats:
            return 0.0
        enemy, terrain, totals, odds = self.enemy, self.facts.terrain[area], self.totals, self.odds
        worst = 0.0
        for near, total in threats:
            fortified = self.defended(enemy, near, area)
            held = totals.get((terrain, kinds, fortified))
            if held is None:
                held = type_total(self.sc, self.st.turn, terrain, kinds, fortified)
            win = (odds.get(total - held) or chances(self.sc, total, held)).win
            if win > worst:
                worst = win
        return THREAT * worst * (self._stake(area) + self.trapped_vp(kinds, area))

    def _stake(self, area: str) -> float:
        """What losing `area` costs the side, its troops aside: the objective (twice: the enemy
        gains it), a command centre's VP and a little of its objectives next to it (kept)."""
        key = ("stake", area)
        found = self.kept.get(key)
        if found is None:
            sc, control, side = self.sc, self.st.control, self.side
            info = sc.areas[area]
            found = 2.0 + 2 * info.vp + 2 * command_centre_loss(sc, area, side)
            found += sum(0.25 * sc.areas[n].vp for n in sc.neighbours[area] if control.get(n) == side)
            self.kept[key] = found
        return found

    def gain_of_kinds(self, area: str, added: str | None = None, removed: str | None = None) -> float:
        """How much `area`'s worth changes when one troop joins (`added`) or leaves (`removed`)
        the side's troops standing there (kept by area and type: a redeploying side asks it
        for every troop and area, again after each move)."""
        types = self.types
        key = (area, types[added] if added is not None else None, types[removed] if removed is not None else None)
        found = self.gains.get(key)
        if found is None:
            if area not in self.sc.areas:
                return 0.0
            now = self.kinds_in(self.side, area)
            changed = list(now)
            if removed is not None:
                changed.remove(types[removed])
            if added is not None:
                changed.append(types[added])
                changed.sort()
            found = self.gains[key] = self.worth(area, tuple(changed)) - self.worth(area, now)
        return found

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
        areas, now = self.sc.areas, self.kinds_by_area[self.side]
        return sum(
            self.worth(place, self.kinds(after[place])) - self.worth(place, now.get(place, ()))
            for place in before
            if place in areas
        )

    def reach_words(self, area: str) -> str:
        """What an area is for, in a few words: the objective it is, the enemy it faces, the enemy
        objectives in reach."""
        sc, control, enemy = self.sc, self.st.control, self.enemy
        info = sc.areas[area]
        near = sorted(n for n in sc.neighbours[area] if control.get(n) == enemy)  # the same words in every process
        facing = sum(len(self.ground[enemy].get(n, ())) for n in near)
        parts = [_("an objective ({vp} VP)").format(vp=info.vp)] if info.vp else []
        if facing:
            said = ngettext("facing {count} {side} troop", "facing {count} {side} troops", facing)
            parts.append(said.format(count=facing, side=sc.side_adjective(enemy)))
        goals = [n for n in near if sc.areas[n].vp or sc.areas[n].command_centre]
        if goals or (near and not facing):
            areas = _(" and ").join(label(sc, n) for n in (goals or near[:2]))
            parts.append(_("in reach of {areas}").format(areas=areas))
        return ", ".join(parts) or _("behind the front")
