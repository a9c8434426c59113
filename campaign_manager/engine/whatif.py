"""What if: seeded playouts of the rest of the turn or of the campaign from a campaign as it
stands, with dice only; the results with their precision, the VP margin's spread, and how often
each objective changed hands.

- Every playout is fought as a General's Wargame (RULES.md 1.5): each turn has its rolled count
  plus the extra battles agreed, and then it ends. The turn under way keeps what was agreed (at
  the tabletop: the battles already fought, if more than rolled); turns the playouts start agree
  `extra_battles` (the computer agrees to none unless told).
- The computer general plays both sides, or one side follows a plan for the rest of this turn
  (`plan_side`): its arrows placed on the map and not yet fought, with their troops, attacked
  in the order placed each time that side places an arrow, as long as they stay legal; then the
  computer for that side too.
- Dice on record are used as they are (RULES.md, dice on record): an initiative rolled ahead
  stays with its winner, an arrow left on the map keeps its initiative, and the initiative each
  of the plan's arrows was placed with is the initiative of that side's next battles, in order
  (`PlanTable`): where the plan's side won the initiative, the other side never places an arrow
  before it.
- The playouts stop by themselves once every result's share is known to ±`precision` (the 95 %
  Wilson interval), checked every CHECK_EVERY playouts, or at the limit.

Playout number i always uses the same seeds and the stop is judged on the first playouts in
order, so the answer for a given seed is the same however the playouts are shared out: on one
core, or in batches over worker processes (`workers`, by default every core)."""

from __future__ import annotations

import gc
import math
import os
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from typing import NamedTuple

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Abandon, EndTurn
from campaign_manager.engine.campaign import apply_action
from campaign_manager.engine.driver import Attack, ChooseRetreat, Decision, DiceTable, Policy, TurnDriver
from campaign_manager.engine.general import ComputerPolicy
from campaign_manager.engine.general_facts import for_a_worker
from campaign_manager.engine.lookup import label
from campaign_manager.engine.state import CampaignState, Commitment, Phase, Play, evolve
from campaign_manager.engine.victory import outcome, result_order
from campaign_manager.errors import UserError
from campaign_manager.i18n import _, number
from campaign_manager.scenario.model import Scenario

ENDS = ("end-of-turn", "end")
MOST = 100_000  # playouts in one run at most
LIMIT = 20_000  # playouts at most by default: far more than ±2 points ever needs
PRECISION = 0.02  # each result's share known to ±2 points, by default
CHECK_EVERY = 100  # playouts between two looks at the precision
PARALLEL_FROM = 64  # fewer playouts than this are over before worker processes would have started
BATCH = 20  # playouts a worker plays at a time (divides CHECK_EVERY)
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)


# -- a plan for the rest of this turn -------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """The arrows one side's general placed for the rest of turn `turn`, in order, with the troops
    committed to each; `initiatives`: the initiative dice (that side's, the other's) each arrow
    was placed with, in order (a turn of fixed battles has none)."""

    side: str
    turn: int
    arrows: tuple[tuple[str, str, Commitment], ...]
    initiatives: tuple[tuple[int, int], ...] = ()

    def words(self, sc: Scenario) -> list[str]:
        return [f"{label(sc, origin)} → {label(sc, target)}" for origin, target, _ in self.arrows]


def take_plan(sc: Scenario, st: CampaignState, side: str) -> tuple[CampaignState, Plan]:
    """The side's open arrows taken off the map (as abandoning them does: their troops and
    sorties free again) and kept as its plan for the rest of the turn, with the initiative each
    was placed with."""
    mine = [arrow for arrow in st.open_arrows if arrow.attacker_side == side]
    for arrow in mine:
        st = apply_action(sc, st, Abandon(arrow.origin, arrow.target), quiet=True).state
    arrows = tuple((a.origin, a.target, a.attacker) for a in mine)
    initiatives = tuple(a.initiative_dice for a in mine if a.initiative_dice is not None)
    return st, Plan(side, st.turn, arrows, initiatives)


@dataclass
class PlanTable(DiceTable):
    """The table of a playout that follows a plan. The initiative dice the plan's arrows were placed
    with are on record, so they are not thrown again: they settle the initiative of the next
    battles of the plan's turn, in order, read by the rules as they were then; later ones are thrown."""

    plan: Plan
    used: int = 0

    def initiative(self, sc: Scenario, st: CampaignState, rng: random.Random) -> dict[str, int] | None:
        if st.turn != self.plan.turn or self.used >= len(self.plan.initiatives):
            return super().initiative(sc, st, rng)
        mine, theirs = self.plan.initiatives[self.used]
        self.used += 1
        return {self.plan.side: mine, sc.enemy_of(self.plan.side): theirs}


@dataclass
class PlanPolicy:
    """A side that follows a plan this turn and is the computer general otherwise. `fought`: the
    plan's arrows it attacked along, by their place in the plan."""

    plan: Plan
    general: ComputerPolicy
    next: int = 0
    fought: list[int] = field(default_factory=list)

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Decision:
        while st.turn == self.plan.turn and self.next < len(self.plan.arrows):
            index, self.next = self.next, self.next + 1
            found = as_planned(sc, st, self.plan.arrows[index], arrows)
            if found is not None:
                self.fought.append(index)
                said = _("as planned: {origin} → {target}").format(
                    origin=label(sc, found[0]), target=label(sc, found[1])
                )
                return Decision(found, said)
        return self.general.attack(sc, st, side, arrows, required)

    def place(self, sc: Scenario, st: CampaignState, troop: str, areas: Sequence[str]) -> Decision:
        return self.general.place(sc, st, troop, areas)

    def redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> Decision:
        return self.general.redeploy(sc, st, nation)

    def defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Decision:
        return self.general.defend(sc, st, origin, target, options, attacker)

    def retreat(self, sc: Scenario, st: CampaignState, question: ChooseRetreat) -> Decision:
        return self.general.retreat(sc, st, question)

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> Decision:
        return self.general.advance(sc, st, target, survivors, candidates)


def as_planned(
    sc: Scenario, st: CampaignState, planned: tuple[str, str, Commitment], arrows: Sequence[tuple[str, str]]
) -> Attack | None:
    """A planned arrow as it may be placed now (the engine's legal arrows and commitments): with
    the planned troops still free to fight and the sortie if one is left; None when the arrow is
    not legal now or none of its ground troops can fight."""
    origin, target, commitment = planned
    if (origin, target) not in arrows:
        return None
    options = legal.legal_commitments(sc, st, origin, target)
    troops = tuple(t for t in commitment.troops if t in options.attacker_troops)[: options.limit]
    if not troops:
        return None
    sortie = commitment.sortie if commitment.sortie in options.attacker_sorties else None
    return origin, target, Commitment(troops, sortie if len(troops) < options.limit else None)


# -- one playout ----------------------------------------------------------------------------------


class Playout(NamedTuple):
    """What one playout came to: its result, the margin (the second side's VP minus the first's:
    Allied VP minus Axis VP), the objectives that ended with the other side, each turn's battles
    fought and most allowed, and the plan's arrows fought."""

    result: str
    margin: int
    flipped: tuple[str, ...]
    turns: tuple[tuple[int, int, int], ...]  # (turn, battles fought, battles agreed)
    planned: tuple[int, ...]


def wargame_position(st: CampaignState) -> CampaignState:
    """The position playouts start from: fought as a General's Wargame (rule 1.5). The turn under
    way keeps the battles agreed; at the tabletop, where there was no ceiling, those already
    fought or open count as agreed when they are more than the rolled count."""
    if st.play is Play.WARGAME:
        return st.copy()
    under_way = st.phase in (Phase.PLANNING, Phase.BATTLE)
    extra = max(0, st.battles_fought + len(st.open_arrows) - st.battles_required) if under_way else 0
    return evolve(st.copy(), play=Play.WARGAME, extra_battles=extra)


def playout_driver(
    sc: Scenario, seed: int, index: int, plan: Plan | None = None, extra_battles: int = 0
) -> tuple[TurnDriver, PlanPolicy | None]:
    """The driver of playout `index`: the computer general on both sides, or on the plan's side
    its follower (returned too), with the initiatives the plan's arrows were placed with."""
    players: dict[str, Policy] = {
        side: ComputerPolicy(seed * 7919 + index * 2 + n, explain=False) for n, side in enumerate(sorted(sc.sides))
    }
    follower = None
    if plan is not None:
        follower = PlanPolicy(plan, ComputerPolicy(seed * 7919 + index * 2 + 5, explain=False))
        players[plan.side] = follower
    table = DiceTable() if plan is None else PlanTable(plan)
    driver = TurnDriver(sc, players, seed * 104729 + index, quiet=True, table=table, extra_battles=extra_battles)
    return driver, follower


def play_one(
    sc: Scenario,
    st: CampaignState,
    seed: int,
    index: int,
    to: str = "end",
    plan: Plan | None = None,
    extra_battles: int = 0,
) -> Playout:
    """Playout `index` from `st`, fought as a General's Wargame (`wargame_position`)."""
    driver, follower = playout_driver(sc, seed, index, plan, extra_battles)
    final, done = driver.play(wargame_position(st), to=to)
    found = outcome(sc, final)
    turns = [
        (a.state.turn, a.state.battles_fought, a.state.battle_ceiling or 0) for a in done if type(a.action) is EndTurn
    ]
    if final.phase in (Phase.PLANNING, Phase.BATTLE):
        turns.append((final.turn, final.battles_fought, final.battle_ceiling or 0))
    flipped = tuple(
        code for code, info in sc.areas.items() if info.vp and final.control.get(code) != st.control.get(code)
    )
    margin = found.margin if found.leader == sc.side_ids[1] else -found.margin
    return Playout(found.result, margin, flipped, tuple(turns), tuple(follower.fought) if follower else ())


# -- how precise --------------------------------------------------------------------------------------


def wilson(count: int, total: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share `count`/`total`."""
    if total == 0:
        return 0.0, 1.0
    share = count / total
    z2 = Z95 * Z95
    middle = (share + z2 / (2 * total)) / (1 + z2 / total)
    half = Z95 * math.sqrt(share * (1 - share) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    low = 0.0 if count == 0 else max(0.0, middle - half)  # (exactly: no rounding left over)
    return low, 1.0 if count == total else min(1.0, middle + half)


def widest(sc: Scenario, found: Sequence[Playout]) -> float:
    """The widest half-interval among every result's share (results never seen included)."""
    counts = Counter(p.result for p in found)
    halves = [wilson(counts[name], len(found)) for name in result_order(sc)]
    return max(high - low for low, high in halves) / 2


# -- many playouts ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Interval:
    """A share's 95 % interval: its lowest and highest likely values."""

    low: float
    high: float

    def json(self) -> list[float]:
        return [self.low, self.high]


@dataclass(frozen=True, slots=True)
class SideWins:
    """One side's playouts won at any level of victory, their share and its 95 % interval."""

    playouts: int
    share: float
    interval: Interval


@dataclass(frozen=True, slots=True)
class PlannedArrow:
    """One arrow of a plan, and the share of the playouts it was fought in."""

    origin: str
    target: str
    fought: float


@dataclass(frozen=True, slots=True)
class PlanFollowed:
    """The side whose open arrows were its plan, and how often each planned battle was fought."""

    side: str
    arrows: tuple[PlannedArrow, ...]


@dataclass(frozen=True, slots=True)
class WhatIf:
    """The playouts' answer (the What if window, `whatif --json` through `whatif_json`): each
    result's count and its share's interval, the margins, the objectives' chance of changing
    hands, and the plan followed. `outcomes` holds the results seen, the Axis's best first;
    `intervals` every result, in that order; `percentiles` the margin at 5, 10, … 95 % of the
    playouts; `margin_sides` the side a negative margin favours and the side a positive one does."""

    playouts: int
    to: str
    stopped: str  # "precise", "cancelled" or "limit"
    precision: float | None
    widest: float | None
    outcomes: Mapping[str, int]
    intervals: Mapping[str, Interval]
    wins: Mapping[str, SideWins]
    margin: tuple[tuple[int, int], ...]  # (margin, playouts that ended with it), low to high
    margin_means: str
    margin_sides: tuple[str, str]
    percentiles: Mapping[int, int]
    thresholds: tuple[int, ...]
    objectives: Mapping[str, float]
    held_at_start: Mapping[str, str | None]
    most_battles_in_a_turn: int
    plan: PlanFollowed | None = None

    def share(self, name: str) -> float:
        """The share of the playouts that ended in result `name`."""
        return self.outcomes.get(name, 0) / (self.playouts or 1)

    def most_likely(self) -> str | None:
        """The result seen most often (the first of equals, in the results' order)."""
        return max(self.outcomes, key=self.outcomes.__getitem__) if self.outcomes else None


def playouts(
    sc: Scenario,
    st: CampaignState,
    limit: int = LIMIT,
    seed: int = 0,
    to: str = "end",
    progress: Callable[[int], bool] | None = None,
    workers: int | None = None,
    precision: float | None = PRECISION,
    plan_side: str | None = None,
    extra_battles: int = 0,
) -> WhatIf:
    """Play up to `limit` playouts (seeds seed, seed+1, …), stopping once every result's share is
    known to ±`precision` (None: play them all); `progress(done)` is told as they finish and may
    return False to stop early (the answer then counts the playouts done). `plan_side`: the side
    whose open arrows are its plan for the rest of this turn."""
    if to not in ENDS:
        raise UserError(_("--to should be one of {ends}, not '{to}'").format(ends=", ".join(ENDS), to=to))
    if limit < 1:
        raise UserError(_("give at least one playout"))
    if limit > MOST:
        raise UserError(
            _("give at most {most} playouts (more change the chances by less than can be read)").format(
                most=number(MOST)
            )
        )
    if precision is not None and not 0 < precision < 0.5:
        raise UserError(
            _("the precision is a share between 0 and 50 points, not {precision}").format(
                precision=f"{precision * 100:g}"
            )
        )
    if st.phase == Phase.FINISHED:
        raise UserError(_("the campaign is over: there is nothing left to play out"))
    if extra_battles < 0:
        raise UserError(_("extra battles are a count: 0 or more"))
    start = wargame_position(st)
    plan = None
    if plan_side is not None:
        if plan_side not in sc.sides:
            raise UserError(
                _("no side '{side}' to follow a plan (sides: {sides})").format(
                    side=plan_side, sides=", ".join(sc.sides)
                )
            )
        start, plan = take_plan(sc, start, plan_side)
    job = Job(sc, start, seed, to, plan, extra_battles, precision)
    workers = workers or os.cpu_count() or 1
    if workers > 1 and limit >= PARALLEL_FROM:
        found, stopped = _in_processes(job, limit, progress, workers)
    else:
        found, stopped = _in_order(job, limit, progress)
    return summary(sc, st, found, to, stopped, precision, plan)


@dataclass(frozen=True)
class Job:
    """What every playout of one run shares (handed once to each worker process)."""

    sc: Scenario
    st: CampaignState
    seed: int
    to: str
    plan: Plan | None
    extra_battles: int
    precision: float | None

    def play(self, indices: range) -> list[Playout]:
        return [play_one(self.sc, self.st, self.seed, i, self.to, self.plan, self.extra_battles) for i in indices]

    def precise(self, found: Sequence[Playout]) -> bool:
        return self.precision is not None and widest(self.sc, found) <= self.precision


def _in_order(job: Job, limit: int, progress: Callable[[int], bool] | None) -> tuple[list[Playout], str]:
    found: list[Playout] = []
    for index in range(limit):
        found += job.play(range(index, index + 1))
        if len(found) % CHECK_EVERY == 0 and job.precise(found):
            return found, "precise"
        if progress is not None and progress(len(found)) is False:
            return found, "cancelled"
    return found, "limit"


_JOB: Job | None = None  # a worker's share of the run


def _take(job: Job) -> None:
    """A worker process is handed the run once; batches then only say which playouts to play
    (and the scenario's kept answers stay warm between batches)."""
    global _JOB
    _JOB = job


def _batch(indices: range) -> list[Playout]:
    """A worker's batch of playouts. What they leave behind is mostly the computer's kept answers,
    which only grow and are kept to the end: it is set aside from the garbage collector
    (gc.freeze), or every full collection walks all of it again — a fifth of a playout's time
    once a few hundred are played. A worker only plays, and its process ends with the run."""
    assert _JOB is not None, "the worker was started with _take"
    found = _JOB.play(indices)
    gc.freeze()
    return found


def _in_processes(
    job: Job, limit: int, progress: Callable[[int], bool] | None, workers: int
) -> tuple[list[Playout], str]:
    """Batches in order over `workers` fresh processes ("spawn": safe beside Qt's threads). The
    stop is judged on the playouts done in order from the first, at every CHECK_EVERY of them:
    the same playouts as on one core."""
    batches = [range(start, min(start + BATCH, limit)) for start in range(0, limit, BATCH)]
    done: dict[int, list[Playout]] = {}
    in_order: list[Playout] = []
    told = 0
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=get_context("spawn"),
        initializer=_take,
        initargs=(replace(job, sc=for_a_worker(job.sc)),),
    ) as pool:
        pending: dict[Future[list[Playout]], int] = {}
        queue = iter(batches)
        try:
            for batch in queue:  # a few batches ahead of the workers, so a stop wastes little
                pending[pool.submit(_batch, batch)] = batch.start
                if len(pending) >= 3 * workers:
                    break
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    start = pending.pop(future)
                    done[start] = future.result()
                    told += len(done[start])
                    following = next(queue, None)
                    if following is not None:
                        pending[pool.submit(_batch, following)] = following.start
                while len(in_order) in done:
                    before = len(in_order)
                    in_order += done.pop(before)
                    for checkpoint in range(before // CHECK_EVERY + 1, len(in_order) // CHECK_EVERY + 1):
                        if job.precise(in_order[: checkpoint * CHECK_EVERY]):
                            return in_order[: checkpoint * CHECK_EVERY], "precise"
                if progress is not None and progress(told) is False:
                    return in_order + [p for start in sorted(done) for p in done[start]], "cancelled"
        finally:
            for future in pending:
                future.cancel()
    return in_order, "limit"


# -- the answer -----------------------------------------------------------------------------------


def summary(
    sc: Scenario,
    st: CampaignState,
    found: Sequence[Playout],
    to: str,
    stopped: str,
    precision: float | None,
    plan: Plan | None,
) -> WhatIf:
    """The playouts' answer, as the window draws it and `whatif --json` prints it."""
    count = len(found)
    order = result_order(sc)  # the first side's best result first, the second's last, as margins run
    results = Counter(p.result for p in found)
    margins = sorted(p.margin for p in found)
    flipped = Counter(code for p in found for code in p.flipped)
    low_side, high_side = sc.side_ids  # the scenario's order: the first side's lead is a margin below 0
    objectives = [code for code, info in sc.areas.items() if info.vp]
    return WhatIf(
        playouts=count,
        to=to,
        stopped=stopped,
        precision=precision,
        widest=round(widest(sc, found), 4) if found else None,
        outcomes=dict(sorted(results.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))),
        intervals={name: _interval(*wilson(results[name], count)) for name in order},
        wins=side_wins(sc, results, count),
        margin=tuple(sorted(Counter(margins).items())),
        margin_means=f"{sc.sides[high_side]} VP minus {sc.sides[low_side]} VP",
        margin_sides=(low_side, high_side),
        percentiles={q: margins[min(count - 1, math.ceil(q / 100 * count) - 1)] for q in PERCENTILES}
        if margins
        else {},
        thresholds=tuple(sorted(threshold for threshold, _ in sc.victory_levels)),
        objectives={code: round(flipped[code] / count, 4) if count else 0.0 for code in objectives},
        held_at_start={code: st.control.get(code) for code in objectives},
        most_battles_in_a_turn=max((fought for p in found for _, fought, _ in p.turns), default=0),
        plan=None if plan is None else plan_followed(plan, found),
    )


def _interval(low: float, high: float) -> Interval:
    return Interval(round(low, 4), round(high, 4))


def plan_followed(plan: Plan, found: Sequence[Playout]) -> PlanFollowed:
    """How often each of the plan's arrows was fought in the playouts."""
    fought = Counter(i for p in found for i in p.planned)
    count = len(found)
    return PlanFollowed(
        plan.side,
        tuple(
            PlannedArrow(origin, target, round(fought[i] / count, 4) if count else 0.0)
            for i, (origin, target, _) in enumerate(plan.arrows)
        ),
    )


def side_wins(sc: Scenario, results: Counter[str], count: int) -> dict[str, SideWins]:
    """Each side's playouts won at any level of victory (the sum of its levels' counts), their
    share and its 95 % interval: the chance that side wins, beside the per-level shares."""
    found: dict[str, SideWins] = {}
    for side, noun in sc.sides.items():
        won = sum(results[f"{noun} {level}"] for _, level in sc.victory_levels)
        share = round(won / count, 4) if count else 0.0
        found[side] = SideWins(won, share, _interval(*wilson(won, count)))
    return found


def whatif_json(answer: WhatIf) -> dict[str, object]:
    """The answer as `whatif --json` prints it (the plan only when one was followed)."""
    data: dict[str, object] = {
        "playouts": answer.playouts,
        "to": answer.to,
        "stopped": answer.stopped,
        "precision": answer.precision,
        "widest": answer.widest,
        "outcomes": dict(answer.outcomes),
        "intervals": {name: interval.json() for name, interval in answer.intervals.items()},
        "wins": {
            side: {"playouts": won.playouts, "share": won.share, "interval": won.interval.json()}
            for side, won in answer.wins.items()
        },
        "margin": [list(pair) for pair in answer.margin],
        "margin_means": answer.margin_means,
        "percentiles": {str(q): margin for q, margin in answer.percentiles.items()},
        "thresholds": list(answer.thresholds),
        "objectives": dict(answer.objectives),
        "held_at_start": dict(answer.held_at_start),
        "most_battles_in_a_turn": answer.most_battles_in_a_turn,
    }
    if answer.plan is not None:
        data["plan"] = {
            "side": answer.plan.side,
            "arrows": [{"from": a.origin, "to": a.target, "fought": a.fought} for a in answer.plan.arrows],
        }
    return data
