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

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from campaign_manager.engine import legal
from campaign_manager.engine.deployment import DeploymentCheck
from campaign_manager.engine.driver import Attack, ChooseRetreat, Decision
from campaign_manager.engine.general_advance import advance_words, best_survivors, left_bare
from campaign_manager.engine.general_facts import (
    MEMO,
    Choice,
    area_distances,
    attack_choices,
    bonus_total,
    chances,
    command_centre_loss,
    defence_choice,
)
from campaign_manager.engine.lookup import label
from campaign_manager.engine.mending import mend
from campaign_manager.engine.planning import placed_words
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.scene import Scene
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.i18n import _, ngettext, number, share
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


class AttackPlan(NamedTuple):
    """An attack the general weighs: what it gains (in the worth of the side's areas, less what
    it risks), its chance to win against the likely defence, the arrow and the forces."""

    gain: float
    win: float
    origin: str
    target: str
    choice: Choice
    defence: Choice

    def rank(self) -> tuple[float, int, str, str]:
        """The order of preference: the greatest gain, then the fewest troops, then by code."""
        return self.gain, -len(self.choice.troops), self.origin, self.target


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

    def _said(self, reply: T, words: Callable[[], str]) -> Decision[T]:
        return Decision(reply, words() if self.explain else None)

    # -- what the driver asks (engine/driver.py Policy) ---------------------------------------------
    # Every answer is a function of the state and the question alone, so it is kept per scenario
    # (`remembered`): playouts from one position meet the same states again and again. It is kept
    # as a plain tuple of strings and numbers, which the garbage collector stops following once
    # it has seen it (tens of thousands are kept); a defence, quicker to work out than to look
    # up, is not kept.

    def place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> Decision[str]:
        what = ("place", troop, tuple(areas))
        return Decision(*self.remembered(sc, st, what, lambda: _plain(self._place(sc, st, troop, areas))))

    def redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> Decision[tuple[str, str] | None]:
        moved = self._moves.get((st.turn, nation), 0)

        def decide() -> tuple[tuple[str, str] | None, str | None, bool]:
            decision, chosen = self._redeploy(sc, st, nation)
            return (*_plain(decision), chosen)

        reply, reason, chosen = self.remembered(sc, st, ("redeploy", nation, moved), decide)
        if chosen:
            self._moves[st.turn, nation] = moved + 1  # a move of its own choosing, not one the rule asks for
        return Decision(reply, reason)

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Decision[Attack | None]:
        tried = long_shots(sc, st, side)

        def decide() -> tuple[KeptAttack | None, str | None]:
            decision = self._attack(sc, st, side, arrows, required, tried)
            if decision.reply is None:
                return None, decision.reason
            origin, target, commitment = decision.reply
            return (origin, target, commitment.troops, commitment.sortie), decision.reason

        what = ("attack", side, tuple(arrows), required, tried)
        reply, reason = self.remembered(sc, st, what, decide)
        if reply is None:
            return Decision(None, reason)
        origin, target, troops, sortie = reply
        return Decision((origin, target, Commitment(troops, sortie)), reason)

    def defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Decision[Commitment]:
        return self._defend(sc, st, origin, target, options, attacker)

    def retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Decision[Retreat]:
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
    ) -> Decision[list[str]]:
        def decide() -> tuple[tuple[str, ...], str | None]:
            decision = self._advance(sc, st, target, survivors, candidates)
            return tuple(decision.reply), decision.reason

        reply, reason = self.remembered(sc, st, ("advance", target, tuple(survivors), tuple(candidates)), decide)
        return Decision(list(reply), reason)

    def remembered(self, sc: Scenario, st: CampaignState, what: tuple[Hashable, ...], decide: Callable[[], T]) -> T:
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

    def _place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> Decision[str]:
        scene = self.scene(sc, st, sc.side_of(sc.troops[troop].nation))
        gains = {area: scene.gain_of_kinds(area, added=troop) for area in sorted(areas)}
        # Where the gains tie (a third troop adds nothing to a battle): an unguarded command centre
        # the enemy is near, then the front, the area with the fewest troops first.
        guard, front = scene.unguarded_command_centres(), scene.front()
        mine = scene.ground[scene.side]
        best = max(gains, key=lambda a: (gains[a], a in guard, a in front, -len(mine.get(a, ())), a))
        if gains[best] <= 0 and best in guard:
            words = lambda: _because(placed_words(sc, troop, best), _("guards the command centre, the enemy is near"))  # noqa: E731
            return self._said(best, words)
        return self._said(best, lambda: _because(placed_words(sc, troop, best), scene.reach_words(best)))

    def _redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> tuple[Decision[tuple[str, str] | None], bool]:
        """The nation's next redeployment, and whether it is one of the general's own choosing
        (not one the deployment rule asks for): those are MOVES_PER_TURN at most."""
        check = DeploymentCheck(sc, st, only=nation, skip=st.deployed)
        shortfalls = check.shortfalls(st.where)
        if shortfalls:
            fix = mend(sc, st, nation, check, shortfalls)
            if fix is None:
                return Decision(None), False  # nothing mends it: the rule is waived where it cannot be met
            troop, to = fix
            words = lambda: _("{troop} to {area}: the turn's deployment rule asks for it").format(  # noqa: E731
                troop=troop, area=label(sc, to)
            )
            return self._said(fix, words), False
        if self._moves.get((st.turn, nation), 0) >= MOVES_PER_TURN:
            return Decision(None), False
        move = self._best_move(sc, st, nation, check) or self._to_the_front(sc, st, nation, check)
        if move is None:
            words = lambda: _("the {nation} troops stand where they are most use").format(  # noqa: E731
                nation=sc.nation_name(nation)
            )
            return self._said(None, words), False
        troop, to = move
        scene = self.scene(sc, st, sc.side_of(nation))
        origin = st.where[troop]
        said = (
            _("{troop} from {area} to {to}: {why}")
            if origin in scene.front()
            else _("{troop} from {area} to {to}: up to the front, {why}")
        )
        words = lambda: said.format(troop=troop, area=label(sc, origin), to=label(sc, to), why=scene.reach_words(to))  # noqa: E731
        return self._said(move, words), True

    def _to_the_front(
        self, sc: Scenario, st: CampaignState, nation: str, check: DeploymentCheck
    ) -> tuple[str, str] | None:
        """A troop standing where it can neither attack nor be attacked, moved up to the front
        area where it adds most (ties: an objective, the fewest of the side's troops there, then
        by code), keeping the turn's deployment rule; never the last guard of a command centre
        the enemy is near. Made when no move raises the side's worth by itself: a troop at the
        front is there for the turn's next battles and advances, one behind it for none."""
        scene = self.scene(sc, st, sc.side_of(nation))
        front = scene.front()
        mine = scene.ground[scene.side]
        guarded = _command_centres_near_the_enemy(scene)
        found = []
        for troop, targets in legal.redeploy_moves(sc, st, nation).items():
            here = st.where[troop]
            if here in front or (here in guarded and len(mine.get(here, ())) <= 1):
                continue
            for to in targets:
                if to in front:
                    rank = (-scene.gain_of_kinds(to, added=troop), -sc.areas[to].vp, len(mine.get(to, ())))
                    found.append((*rank, troop, to))
        found.sort()
        trial = dict(st.where)
        for *_rest, troop, to in found:
            trial[troop] = to
            if not check.shortfalls(trial):
                return troop, to
            trial[troop] = st.where[troop]
        return None

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
        for _gain, troop, to in found:
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
    ) -> Decision[Attack | None]:
        """The attack to make (None: none is worth it): the plan that gains most (`attack_plans`)."""
        plans = self.attack_plans(sc, st, side, arrows, tried)
        return self.plan_decision(sc, st, side, max(plans, key=AttackPlan.rank), required)

    def attack_plans(
        self,
        sc: Scenario,
        st: CampaignState,
        side: str,
        arrows: Sequence[tuple[str, str]],
        tried: tuple[str, ...] = (),
        every: bool = False,
    ) -> list[AttackPlan]:
        """The attacks worth weighing on `arrows`, each arrow with each sensible force, and what
        each gains. A long shot on a target the side has already thrown one at this turn (`tried`:
        `long_shots`) is left out while a much likelier attack that gains something is on offer:
        the same few odds, tried again and again, waste the turn's battles. `every`: weigh every
        arrow (else only those that may beat the best found)."""
        scene = self.scene(sc, st, side)
        plans = []
        best = -1e9
        # The most an attack can gain is its prize and every defender destroyed: arrows are weighed
        # from the richest down, and the weighing stops where no arrow can beat the best found
        # (but for the targets of a long shot already thrown: better ones are looked for).
        bounds = sorted(((scene.attack_bound(side, target), origin, target) for origin, target in arrows), reverse=True)
        costs: dict[str | None, float] = {None: 0.0}  # `_sortie_cost` of each sortie, now
        # the attackers each arrow may commit (legal.legal_commitments: the side's free troops in
        # its origin, in the state's order, and its aircraft with sorties left), as the scene has them
        free, planes, limit = scene.ground[side], scene.sorties[side], sc.max_committed
        for bound, origin, target in bounds:
            if bound <= best and not tried and not every:
                break
            terrain = scene.terrain(target)
            for choice in attack_choices(sc, st.turn, terrain, tuple(free.get(origin, ())), planes, limit):
                gain, win, defence = scene.attack_gain(side, choice, origin, target)
                cost = costs.get(choice.sortie)
                if cost is None:
                    cost = costs[choice.sortie] = self._sortie_cost(st, choice.sortie)
                plans.append(AttackPlan(gain - cost, win, origin, target, choice, defence))
                best = max(best, gain - cost)
        if tried and any(p.win >= BETTER and p.gain > 0 for p in plans):
            plans = [p for p in plans if p.win >= LONG_SHOT or p.target not in tried]
        return plans

    def plan_decision(
        self, sc: Scenario, st: CampaignState, side: str, plan: AttackPlan | None, required: bool
    ) -> Decision[Attack | None]:
        """The attack `plan` as the general's decision, with its reason (None, or a plan gaining
        too little when no battle is required: no attack)."""
        if plan is None or (not required and plan.gain < 1.0):
            if plan is None:
                return self._said(None, lambda: _("no attack is worth its risk now"))
            words = lambda: _("no attack is worth its risk now (the best, on {target}, gains {gain})").format(  # noqa: E731
                target=plan.target, gain=number(plan.gain, 1)
            )
            return self._said(None, words)
        scene = self.scene(sc, st, side)
        attack: Attack = (plan.origin, plan.target, plan.choice.commitment())
        words = lambda: self._attack_words(  # noqa: E731
            sc, scene, plan.origin, plan.target, plan.choice, plan.defence, plan.win
        )
        return self._said(attack, words)

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
        motives = [_("an objective ({vp} VP)").format(vp=info.vp)] if info.vp else []
        if info.command_centre:
            motives.append(_("the command centre ({vp} VP a win)").format(vp=info.command_centre_vp))
        caught, caught_vp = scene.captures(scene.side, target)
        if caught:
            said = (
                ngettext(
                    "captures {count} surrounded troop ({vp} VP)",
                    "captures {count} surrounded troops ({vp} VP)",
                    caught,
                )
                if caught_vp
                else ngettext("captures {count} surrounded troop", "captures {count} surrounded troops", caught)
            )
            motives.append(said.format(count=caught, vp=caught_vp))
        why = _(" and ").join(motives) or _("no objective")
        against = _forces_words(sc, defence, _("no troops"))
        return _(
            "attacks {area} from {origin} with {forces}: {why}; {win} to win against the likely defence ({defence})"
        ).format(area=label(sc, target), origin=origin, forces=what, why=why, win=share(win), defence=against)

    def _defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Decision[Commitment]:
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
            lambda: _("defends {area} with {forces}: holds {hold} of the time").format(
                area=label(sc, target), forces=what, hold=share(hold)
            ),
        )

    def _retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Decision[Retreat]:
        side = question.side
        scene = Scene(sc, st, side)  # asked mid-battle: the state is still being worked on
        group = [t for t in st.where.standing(question.target) if sc.side_of(sc.troops[t].nation) == side]
        if question.troop_options:
            chosen: Retreat = {t: self._fall_back(scene, t, o) for t, o in question.troop_options.items()}
            return self._said(chosen, lambda: _("each troop falls back where it is most use"))
        best = max(sorted(question.options), key=lambda a: scene.gain_of_moving({t: a for t in group}))
        return self._said(
            best, lambda: _("falls back to {area}: {why}").format(area=label(sc, best), why=scene.reach_words(best))
        )

    @staticmethod
    def _fall_back(scene: Scene, troop: str, areas: Sequence[str]) -> str:
        return max(sorted(areas), key=lambda a: scene.gain_of_moving({troop: a}))

    def _advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> Decision[list[str]]:
        """Who advances: the survivors, all or some, then others beside them, as long as the side's
        areas gain in worth; never a move that leaves a held objective with none of the side's
        troops while enemy troops stand next to it (`left_bare`)."""
        side = st.control[target] or ""
        scene = Scene(sc, st, side)  # asked mid-battle: the state is still being worked on
        if sc.turn(st.turn).fixed_arrows:  # the turn's fixed battles still to fight keep their troops
            needed = {origin for origin, _ in legal.legal_arrows(sc, st, side)}
            candidates = [t for t in candidates if t in survivors or st.where[t] not in needed]
        first = [t for t in survivors if t in candidates] or survivors
        moving, gain = best_survivors(scene, target, first[: sc.advance_limit])
        if len(moving) == len(first):  # every survivor moves (or none survived): others may follow
            refused: set[tuple[str, str]] = set()  # (where, type): a troop like one that did not gain will not
            for troop in candidates:
                like = (st.where[troop], sc.troops[troop].type_code)
                if troop in moving or len(moving) >= sc.advance_limit or like in refused:
                    continue
                trial = [*moving, troop]
                found = scene.gain_of_moving({t: target for t in trial})
                if found > gain + 0.5 and not left_bare(scene, trial):
                    moving.append(troop)
                    gain = found
                else:
                    refused.add(like)
        kept = [t for t in first if t not in moving]
        return self._said(moving, lambda: advance_words(sc, scene, target, moving, kept))


def long_shots(sc: Scenario, st: CampaignState, side: str) -> tuple[str, ...]:
    """The targets `side` has attacked at long odds this turn (under LONG_SHOT to win, the
    troops and aircraft each side committed weighed as the battle weighs them), each once, in
    the order fought: read from the turn's record of battles (`st.fought`), so the window, the
    command line and What if's playouts all remember them alike."""
    found: dict[str, None] = {}
    for arrow in st.fought:
        if arrow.attacker_side != side or arrow.target in found:
            continue
        terrain = sc.areas[arrow.target].terrain
        fortified = bool(legal.fortification_name(sc, st, arrow.origin, arrow.target, side))
        mine, theirs = arrow.attacker, arrow.defender
        attack = bonus_total(sc, st.turn, terrain, mine.troops, mine.sortie, theirs.sortie, False)
        defence = bonus_total(sc, st.turn, terrain, theirs.troops, theirs.sortie, mine.sortie, fortified)
        if chances(sc, attack, defence).win < LONG_SHOT:
            found[arrow.target] = None
    return tuple(found)


def _command_centres_near_the_enemy(scene: Scene) -> frozenset[str]:
    """The side's command centres the enemy holds an area at most two links from (an enemy win
    there scores, RULES.md 1.9): guarded or not."""
    sc, control, enemy, far = scene.sc, scene.st.control, scene.enemy, area_distances(scene.sc)
    return frozenset(
        area
        for area in sc.areas
        if control.get(area) == scene.side
        and command_centre_loss(sc, area, scene.side)
        and any(control.get(near) == enemy and steps <= 2 for near, steps in far[area].items())
    )


def _forces_words(sc: Scenario, choice: Choice, none: str | None = None) -> str:
    """The troops and the aircraft of a commitment, in words ("GR-INF-1 and the Hurricane", "the
    FIAT CR.42 alone"; `none` when it holds neither, by default "nothing")."""
    plane = sc.aircraft[choice.sortie].name if choice.sortie else ""
    troops = ", ".join(choice.troops)
    if troops and plane:
        return _("{troops} and the {aircraft}").format(troops=troops, aircraft=plane)
    if plane:
        return _("the {aircraft} alone").format(aircraft=plane)
    return troops or (_("nothing") if none is None else none)


def _because(done: str, why: str) -> str:
    """A reason that begins with what was done, as the history says it ("TROOP placed in AREA: ..."):
    the history then gives only the why (campaign.computer_words)."""
    return f"{done}: {why}"


def _plain(decision: Decision[T]) -> tuple[T, str | None]:
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


def sensible_defence(
    sc: Scenario, st: CampaignState, origin: str, target: str, attacker: Commitment
) -> Decision[Commitment]:
    """What the computer general would commit to defend `target` against these attackers from
    `origin`: the computer's own choice when it defends, a sensible defender's otherwise."""
    options = legal.legal_commitments(sc, st, origin, target)
    return ComputerPolicy(0).defend(sc, st, origin, target, options, attacker)
