"""Today's general, kept as a reference player: the computer general (engine/general.py
`ComputerPolicy`) exactly as it was at commit b4ca222 (December 2026, after issue #36's first
changes: advances that keep objectives, reinforcements to the front, no repeated long shot, whose
memory lives in the player), frozen here so that benchmarks/bench_general.py and the tests can
measure the new general against it. Do not improve it: a stronger general goes in engine/.

It reads the engine's legality queries and its shared pictures (engine/scene.py,
engine/general_facts.py) as the live general does, but keeps its decisions under a memo key of its
own (`MEMO, "reference decisions"`), so the two never answer with each other's kept decisions.
Its own words at b4ca222 follow.

The computer general: the computer opponent of the General's Wargame and of what-if playouts
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
and totals and the scenario's facts (engine/general_facts.py); its decisions, by state and
question (all but a defence, quicker to work out than to look up); and what areas are worth and
taking them brings (engine/scene.py), shared by every state with the same holders of every area
(each answer keyed further by the enemy troops and the fortification it depends on:
`shared_answers`), so playouts from one position, which meet the same holders again and again,
work each out once. A worker process is handed the scenario without the last two
(`for_a_worker`). While a side places and redeploys, its picture of the state is carried on
from one state to the next (`Scene.moved`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from campaign_manager.engine import legal
from campaign_manager.engine.deployment import DeploymentCheck, Shortfall
from campaign_manager.engine.driver import Attack, ChooseRetreat, Decision
from campaign_manager.engine.general_facts import (
    MEMO,
    Choice,
    attack_choices,
    bonus_total,
    chances,
    defence_choice,
)
from campaign_manager.engine.lookup import label
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.scene import Scene
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.scenario.model import Scenario

T = TypeVar("T")
MOVE_GAIN = 1.0  # the least gain in worth a redeployment must bring (so redeploying always ends)
MOVES_PER_TURN = 8  # redeployments one nation makes in a turn at most
LONG_SHOT = 0.35  # an attack this unlikely to win is a long shot: thrown once a turn on a target ...
BETTER = 0.5  # ... while an attack at least this likely to win, and gaining something, is on offer
REMEMBERED = 30_000  # decisions kept per scenario (some 40 MB), the first ones
# An answer as `remembered` keeps it: plain tuples of strings (see `ComputerPolicy.place`).
KeptAttack = tuple[str, str, tuple[str, ...], str | None]  # origin, target, troops, sortie
KeptRetreat = str | tuple[tuple[str, str], ...]  # one area, or each troop's (troop, area)


# -- the general -----------------------------------------------------------------------------------


@dataclass
class ReferenceGeneral:
    """The computer general (see the module's words). `explain`: give each choice its reason
    (what-if playouts need none). Its answers depend on the state and the question alone (ties
    go to the first in order), so `seed` changes nothing: it is taken as every player's is."""

    seed: int
    explain: bool = True
    _scene: Scene | None = field(init=False, default=None)
    _moves: dict[tuple[int, str], int] = field(init=False, default_factory=dict)
    _long_shots: dict[tuple[int, str], tuple[str, ...]] = field(init=False, default_factory=dict)

    def scene(self, sc: Scenario, st: CampaignState, side: str) -> Scene:
        """The picture of `st` for `side`, kept while the same state is asked about, and carried
        on to the next state when only the side's own troops have moved (`Scene.moved`); what
        areas are worth is shared further (`shared_answers`)."""
        kept = self._scene
        if kept is not None and kept.side == side and kept.sc is sc:
            if kept.st is st:
                return kept
            found = kept.moved(st)
            if found is not None:
                self._scene = found
                return found
        found = self._scene = Scene(sc, st, side)
        return found

    def _said(self, reply: object, words: Callable[[], str]) -> Decision:
        return Decision(reply, words() if self.explain else None)

    # -- what the driver asks (engine/driver.py Policy) ---------------------------------------------
    # Every answer is a function of the state and the question alone, so it is kept per scenario
    # (`remembered`): playouts from one position meet the same states again and again. It is kept
    # as a plain tuple of strings and numbers, which the garbage collector stops following once
    # it has seen it (tens of thousands are kept); a defence, quicker to work out than to look
    # up, is not kept.

    def place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> Decision:
        what = ("place", troop, tuple(areas))
        return Decision(*self.remembered(sc, st, what, lambda: _plain(self._place(sc, st, troop, areas))))

    def redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> Decision:
        moved = self._moves.get((st.turn, nation), 0)

        def decide() -> tuple[object, str | None, bool]:
            decision, chosen = self._redeploy(sc, st, nation)
            return (*_plain(decision), chosen)

        reply, reason, chosen = self.remembered(sc, st, ("redeploy", nation, moved), decide)
        if chosen:
            self._moves[st.turn, nation] = moved + 1  # a move of its own choosing, not one the rule asks for
        return Decision(reply, reason)

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Decision:
        tried = self._long_shots.get((st.turn, side), ())

        def decide() -> tuple[KeptAttack | None, str | None, bool]:
            decision, long_shot = self._attack(sc, st, side, arrows, required, tried)
            if decision.reply is None:
                return None, decision.reason, False
            origin, target, commitment = decision.reply
            return (origin, target, commitment.troops, commitment.sortie), decision.reason, long_shot

        what = ("attack", side, tuple(arrows), required, tried)
        reply, reason, long_shot = self.remembered(sc, st, what, decide)
        if reply is None:
            return Decision(None, reason)
        origin, target, troops, sortie = reply
        if long_shot and target not in tried:
            self._long_shots[st.turn, side] = (*tried, target)
        return Decision((origin, target, Commitment(troops, sortie)), reason)

    def defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Decision:
        return self._defend(sc, st, origin, target, options, attacker)

    def retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Decision:
        def decide() -> tuple[KeptRetreat, str | None]:
            decision = self._retreat(sc, st, question)
            reply = decision.reply
            return (tuple(reply.items()) if isinstance(reply, dict) else reply), decision.reason

        options = tuple(sorted((t, tuple(o)) for t, o in (question.troop_options or {}).items()))
        what = ("retreat", question.side, question.target, question.options, options)
        reply, reason = self.remembered(sc, st, what, decide)
        return Decision(reply if isinstance(reply, str) else dict(reply), reason)  # a tuple: each troop's area

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> Decision:
        def decide() -> tuple[tuple[str, ...], str | None]:
            decision = self._advance(sc, st, target, survivors, candidates)
            return tuple(decision.reply), decision.reason

        reply, reason = self.remembered(sc, st, ("advance", target, tuple(survivors), tuple(candidates)), decide)
        return Decision(list(reply), reason)

    def remembered(self, sc: Scenario, st: CampaignState, what: tuple[Hashable, ...], decide: Callable[[], T]) -> T:
        """The decision on `what` in `st`, worked out once per scenario (and kind of answer)."""
        memo = sc.memo.get((MEMO, "reference decisions"))
        if memo is None:
            memo = sc.memo[MEMO, "reference decisions"] = {}
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
        # Where the gains tie (a third troop adds nothing to a battle): an unguarded command centre
        # the enemy is near, then the front, the area with the fewest troops first.
        guard, front = scene.unguarded_command_centres(), scene.front()
        mine = scene.ground[scene.side]
        best = max(gains, key=lambda a: (gains[a], a in guard, a in front, -len(mine.get(a, ())), a))
        if gains[best] <= 0 and best in guard:
            words = lambda: f"{troop} placed in {label(sc, best)}: guards the command centre, the enemy is near"  # noqa: E731
            return self._said(best, words)
        return self._said(best, lambda: f"{troop} placed in {label(sc, best)}: {scene.reach_words(best)}")

    def _redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> tuple[Decision, bool]:
        """The nation's next redeployment, and whether it is one of the general's own choosing
        (not one the deployment rule asks for): those are MOVES_PER_TURN at most."""
        check = DeploymentCheck(sc, st, only=nation, skip=st.deployed)
        shortfalls = check.shortfalls(st.where)
        if shortfalls:
            fix = _mend(sc, st, nation, check, shortfalls)
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
        """The redeployment that raises the side's worth most (by more than MOVE_GAIN), keeping the
        turn's deployment rule (ties: the first troop, then area, by code). A move's gain is what
        its troop's type adds where it goes and takes away where it leaves: each weighed once per
        area and type."""
        scene = self.scene(sc, st, sc.side_of(nation))
        kind_of = scene.types
        where = st.where
        leaving: dict[tuple[str, str], float] = {}
        arriving: dict[tuple[str, str], float] = {}
        found = []
        front = scene.front()  # a troop gains nothing where it can neither attack nor be attacked
        for troop, targets in legal.redeploy_moves(sc, st, nation).items():
            here, kind = where[troop], kind_of[troop]
            left = leaving.get((here, kind))
            if left is None:
                left = leaving[here, kind] = scene.gain_of_kinds(here, removed=troop)
            for to in targets:
                if to not in front:
                    continue
                come = arriving.get((to, kind))
                if come is None:
                    come = arriving[to, kind] = scene.gain_of_kinds(to, added=troop)
                gain = left + come
                if gain > MOVE_GAIN:  # only those are made
                    found.append((-gain, troop, to))
        found.sort()  # the greatest gain first
        trial = dict(where)
        for _, troop, to in found:
            trial[troop] = to
            if not check.shortfalls(trial):
                return troop, to
            trial[troop] = where[troop]
        return None

    # -- battles ----------------------------------------------------------------------------------

    def _attack(
        self,
        sc: Scenario,
        st: CampaignState,
        side: str,
        arrows: Sequence[tuple[str, str]],
        required: bool,
        tried: tuple[str, ...] = (),
    ) -> tuple[Decision, bool]:
        """The attack to make (None: none is worth it), and whether it is a long shot. A long shot
        on a target the side has already thrown one at this turn (`tried`) is not thrown again
        while a much likelier attack that gains something is on offer: the same few odds, tried
        again and again, waste the turn's battles."""
        scene = self.scene(sc, st, side)
        plans = []
        best = -1e9
        # The most an attack can gain is its prize and every defender destroyed: arrows are weighed
        # from the richest down, and the weighing stops where no arrow can beat the best found
        # (but for the targets of a long shot already thrown: better ones are looked for).
        bounds = sorted(((scene.attack_bound(side, target), origin, target) for origin, target in arrows), reverse=True)
        costs: dict[str | None, float] = {None: 0.0}  # `_sortie_cost` of each sortie, now
        for bound, origin, target in bounds:
            if bound <= best and not tried:
                break
            options = legal.legal_commitments(sc, st, origin, target)
            terrain = scene.terrain(target)
            for choice in attack_choices(
                sc, st.turn, terrain, options.attacker_troops, options.attacker_sorties, options.limit
            ):
                gain, win, defence = scene.attack_gain(side, choice, origin, target)
                cost = costs.get(choice.sortie)
                if cost is None:
                    cost = costs[choice.sortie] = self._sortie_cost(st, choice.sortie)
                gain -= cost
                plans.append((gain, win, origin, target, choice, defence))
                if gain > best:
                    best = gain
        if tried and any(p[1] >= BETTER and p[0] > 0 for p in plans):
            plans = [p for p in plans if p[1] >= LONG_SHOT or p[3] not in tried]
        gain, win, origin, target, choice, defence = max(plans, key=lambda p: (p[0], -len(p[4].troops), p[2], p[3]))
        if not required and gain < 1.0:
            words = lambda: f"no attack is worth its risk now (the best, on {target}, gains {gain:.1f})"  # noqa: E731
            return self._said(None, words), False
        attack: Attack = (origin, target, choice.commitment())
        words = lambda: self._attack_words(sc, scene, origin, target, choice, defence, win)  # noqa: E731
        return self._said(attack, words), win < LONG_SHOT

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
        what = _forces_words(sc, choice)
        info = sc.areas[target]
        motives = [f"an objective ({info.vp} VP)"] if info.vp else []
        if info.command_centre:
            motives.append(f"the command centre ({info.command_centre_vp} VP a win)")
        caught, caught_vp = scene.captures(scene.side, target)
        if caught:
            troops = counted(caught, "surrounded troop")
            motives.append(f"captures {troops} ({caught_vp} VP)" if caught_vp else f"captures {troops}")
        why = " and ".join(motives) or "no objective"
        against = _forces_words(sc, defence, "no troops")
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
        total = bonus_total(sc, st.turn, terrain, attacker.troops, attacker.sortie, choice.sortie, False)
        hold = 1 - chances(sc, total, choice.total).win
        what = _forces_words(sc, choice)
        return self._said(
            choice.commitment(),
            lambda: f"defends {label(sc, target)} with {what}: holds {hold:.0%} of the time",
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
        """Who advances: the survivors, all or some, then others beside them, as long as the side's
        areas gain in worth; never a move that leaves a held objective with none of the side's
        troops while enemy troops stand next to it (`_left_bare`)."""
        side = st.control[target] or ""
        scene = Scene(sc, st, side)  # asked mid-battle: the state is still being worked on
        if sc.turn(st.turn).fixed_arrows:  # the turn's fixed battles still to fight keep their troops
            needed = {origin for origin, _ in legal.legal_arrows(sc, st, side)}
            candidates = [t for t in candidates if t in survivors or st.where[t] not in needed]
        first = [t for t in survivors if t in candidates] or survivors
        moving, gain = _best_survivors(scene, target, first[: sc.advance_limit])
        if len(moving) == len(first):  # every survivor moves (or none survived): others may follow
            refused: set[tuple[str, str]] = set()  # (where, type): a troop like one that did not gain will not
            for troop in candidates:
                like = (st.where[troop], sc.troops[troop].type_code)
                if troop in moving or len(moving) >= sc.advance_limit or like in refused:
                    continue
                trial = [*moving, troop]
                found = scene.gain_of_moving({t: target for t in trial})
                if found > gain + 0.5 and not _left_bare(scene, trial):
                    moving.append(troop)
                    gain = found
                else:
                    refused.add(like)
        kept = [t for t in first if t not in moving]
        return self._said(moving, lambda: _advance_words(sc, scene, target, moving, kept))


def counted(count: int, noun: str) -> str:
    """ "1 troop", "2 troops": a count with its noun in the right number (the reference's English;
    the engine says it through the catalogue)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _best_survivors(scene: Scene, target: str, first: list[str]) -> tuple[list[str], float]:
    """The survivors who advance, and what the side gains by it: all of them when that gains and
    leaves no objective bare; else the fewer that gain most and leave none bare (the most first,
    then in order); none when none gains."""
    if first and not _left_bare(scene, first):
        found = scene.gain_of_moving({t: target for t in first})
        return (list(first), found) if found > 0 else ([], 0.0)
    best: list[str] = []
    gain = 0.0
    for size in range(len(first) - 1, 0, -1):
        for group in combinations(first, size):
            if _left_bare(scene, group):
                continue
            found = scene.gain_of_moving({t: target for t in group})
            if found > gain:
                best, gain = list(group), found
    return best, gain


def _left_bare(scene: Scene, moving: Sequence[str]) -> list[str]:
    """The objectives held by the scene's side that `moving` would leave with none of its troops
    while enemy troops stand next to them."""
    sc, where, ground, enemy = scene.sc, scene.st.where, scene.ground, scene.ground[scene.enemy]
    left = []
    for area in dict.fromkeys(where[t] for t in moving):
        if not sc.areas[area].vp or scene.st.control.get(area) != scene.side:
            continue
        staying = [t for t in ground[scene.side].get(area, ()) if t not in moving]
        if not staying and any(enemy.get(near) for near in sc.neighbours[area]):
            left.append(area)
    return left


def _advance_words(sc: Scenario, scene: Scene, target: str, moving: list[str], kept: list[str]) -> str:
    """Who advances and why, and who stays to hold an objective (or nobody advances, and why)."""
    if not moving:
        held = _left_bare(scene, kept)
        if held and kept:
            return f"nobody advances into {label(sc, target)}: {', '.join(kept)} hold {label(sc, held[0])}"
        return f"nobody advances into {label(sc, target)}: {scene.reach_words(target)}"
    verb = "advances" if len(moving) == 1 else "advance"
    words = f"{', '.join(moving)} {verb} into {label(sc, target)}: {scene.reach_words(target)}"
    held = _left_bare(scene, [*moving, *kept])
    if kept and held:
        stays = "stays" if len(kept) == 1 else "stay"
        words += f"; {', '.join(kept)} {stays} to hold {label(sc, held[0])}"
    return words


def _forces_words(sc: Scenario, choice: Choice, none: str = "nothing") -> str:
    """The troops and the aircraft of a commitment, in words ("GR-INF-1 and the Hurricane", "the
    FIAT CR.42 alone"; `none` when it holds neither)."""
    plane = f"the {sc.aircraft[choice.sortie].name}" if choice.sortie else ""
    troops = ", ".join(choice.troops)
    if troops and plane:
        return f"{troops} and {plane}"
    return troops or (f"{plane} alone" if plane else none)


def _plain(decision: Decision) -> tuple[object, str | None]:
    return decision.reply, decision.reason


def state_key(st: CampaignState) -> tuple[Hashable, ...]:
    """Everything in a state a decision may depend on, as one hashable value (the places and
    holders in the scenario's order, which every copy of a state keeps), of plain values where
    it can be (the phase and play as their words)."""
    return (
        st.turn,
        str(st.phase),
        st.battles_required,
        st.extra_battles,
        st.battles_fought,
        str(st.play),
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


def _mend(
    sc: Scenario,
    st: CampaignState,
    nation: str,
    check: DeploymentCheck,
    shortfalls: list[Shortfall],
    rng: random.Random | None = None,
) -> tuple[str, str] | None:
    """`fixing_move` for the `shortfalls` of `check`, the nation's rule set up on `st`. Without
    `rng` the first move that mends everything ends the search: no later one can come before it."""
    best, score = None, _size(shortfalls)
    trial = dict(st.where)  # one scratch map of places: each trial move is made on it and taken back
    for troop, to in _mending(sc, st, nation, shortfalls):
        assert check.moves_only_checked(troop), "a nation is never its own rule's enemy"
        trial[troop] = to
        candidate = _size(check.shortfalls(trial))
        trial[troop] = st.where[troop]
        if candidate < score or (candidate == score and best is not None and rng and rng.random() < 0.2):
            best, score = (troop, to), candidate
            if rng is None and candidate == (0, 0):
                break
    return best
