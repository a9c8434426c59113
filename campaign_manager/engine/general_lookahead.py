"""The careful general: the computer general (engine/general.py) that, before each attack, plays
its best few candidates out and keeps the one that does best.

At each battle it chooses (which arrow, with which troops, or no battle when none is required),
the quick general's rules of thumb shortlist its candidates: the best plan on each of the most
promising arrows, the best plan's other forces, and no battle when it may hold. Each candidate is
played out a few times from the position (the battle fought with the dice of the playout's seed,
then the quick general on both sides to the end of the campaign) and scored by the side's VP
margin (its VP less the enemy's) at the end; the candidate with the best average margin is chosen
when it did better than the rules of thumb's choice by more than a standard error over the same
seeds (else the rules of thumb's stands). Every candidate meets the same seeds, and the k-th
battle of a turn the same dice in every playout of a seed (`AlignedDice`), so the comparison is
between the candidates, not between the dice.

Once a battle it attacked in took the area, it weighs its advance the same way (`rethink_advance`,
asked by the driver with the battle as fought): the rules of thumb's advance, nobody advancing, and
every survivor, each applied by the engine to that very battle (its dice as rolled) and played out
with the same seeds; another advance than the rules of thumb's only when it did better by more
than `Careful.advance_sure` standard errors (1.5: measured over 300 seeded campaigns a side
against today's general, 1.0 changed 7.7 % of advances and cost the Allies 5.4 VP a game, se 3.6;
1.5 changes 3.9 %, gains the Axis 18.9 VP a game, se 4.0, and leaves the Allies even, -1.1, se 2.3).

The time it takes is bounded by a count of playouts (`Careful.candidates` × `Careful.playouts` a
battle, and as many again for an advance), not by a clock: the same seed gives the same choices,
and so the same log, on any machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from campaign_manager.engine.actions import Battle, WargameRoll
from campaign_manager.engine.battle_result import surviving_attackers
from campaign_manager.engine.campaign import Applied, apply_action
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.general import AttackPlan, ComputerPolicy, long_shots
from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.questions import Attack, BattleResult, ChooseAttack, Decision
from campaign_manager.engine.state import Arrow, CampaignState, Phase
from campaign_manager.engine.victory import victory_points
from campaign_manager.errors import RuleError
from campaign_manager.i18n import _, ngettext, number
from campaign_manager.scenario.model import Scenario

QUICK = "quick"
CAREFUL = "careful"
HOW_CAREFUL = (QUICK, CAREFUL)  # the computer general's preference: rules of thumb only, or with playouts


@dataclass(frozen=True)
class Careful:
    """How much the careful general looks ahead at each battle: `candidates` compared, each
    played out `playouts` times to the end of the campaign (`horizon` "campaign") or of the turn
    ("turn"), `battles` battles at most. Measured (benchmarks/bench_general.py's docstring): to the
    end of the turn the playouts miss what a battle costs the next turns, and chose worse."""

    candidates: int = 3
    playouts: int = 8
    battles: int = 100
    sure: float = 1.0  # how many standard errors better a candidate must do to overrule the rules of thumb
    horizon: str = "campaign"
    advances: bool = True  # the advance, once the battle is known, weighed by playouts too
    advance_sure: float = 1.5  # how many standard errors better another advance must do (measured: 1.0 cost the Allies)


@dataclass
class CarefulPolicy(ComputerPolicy):
    """The computer general comparing its attack candidates by short playouts (see the module's
    words); every other decision is the quick general's. Its choices depend on the state, the
    question and its `seed`."""

    careful: Careful = Careful()

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> Decision[Attack | None]:
        shortlist = self.shortlist(sc, st, side, arrows, required)
        if len(shortlist) < 2:
            return super().attack(sc, st, side, arrows, required)
        played = [self.margins(sc, st, side, arrows, required, plan) for plan in shortlist]
        margins = [sum(m) / len(m) for m in played]
        best = max(range(len(shortlist)), key=lambda i: (margins[i], -i))  # ties: the rules of thumb's order
        if best and not _surely_better(played[best], played[0], self.careful.sure):
            best = 0
        decision = self.plan_decision(sc, st, side, shortlist[best], required)
        if decision.reason is None:
            return decision
        runner_up = max(m for i, m in enumerate(margins) if i != best)
        others = (
            _("another did a little better ({margin}), too little to be sure of")
            if runner_up > margins[best]
            else _("the next best choice {margin}")
        ).format(margin=_vp(runner_up))
        playouts = self.careful.playouts
        said = ngettext(
            "{reason}; played out {count} time it leaves the {side} {margin} on average, {others}",
            "{reason}; played out {count} times it leaves the {side} {margin} on average, {others}",
            playouts,
        ).format(
            reason=decision.reason, count=playouts, side=side_name(sc, side), margin=_vp(margins[best]), others=others
        )
        return Decision(decision.reply, said)

    def shortlist(
        self, sc: Scenario, st: CampaignState, side: str, arrows: Sequence[tuple[str, str]], required: bool
    ) -> list[AttackPlan | None]:
        """The candidates the playouts compare, the rules of thumb's choice first: the best plan on
        each target (the likeliest to gain first), the best arrow's next force, and no battle
        (None) when the side may hold; `Careful.candidates` at most."""
        plans = sorted(
            self.attack_plans(sc, st, side, arrows, long_shots(sc, st, side), every=True),
            key=AttackPlan.rank,
            reverse=True,
        )
        if not plans:
            return []
        found: list[AttackPlan | None] = []
        targets: set[str] = set()
        for plan in plans:
            if plan.target not in targets:
                targets.add(plan.target)
                found.append(plan)
        best = plans[0]
        other_force = next((p for p in plans[1:] if (p.origin, p.target) == (best.origin, best.target)), None)
        if other_force is not None:
            found.insert(min(2, len(found)), other_force)
        if not required:
            found.insert(0 if best.gain < 1.0 else 1, None)  # where the rules of thumb rank holding
        return found[: self.careful.candidates]

    def expected_margin(
        self,
        sc: Scenario,
        st: CampaignState,
        side: str,
        arrows: Sequence[tuple[str, str]],
        required: bool,
        plan: AttackPlan | None,
    ) -> float:
        """The side's average VP margin at the end of `Careful.playouts` playouts of `plan`."""
        found = self.margins(sc, st, side, arrows, required, plan)
        return sum(found) / len(found)

    def margins(
        self,
        sc: Scenario,
        st: CampaignState,
        side: str,
        arrows: Sequence[tuple[str, str]],
        required: bool,
        plan: AttackPlan | None,
    ) -> list[int]:
        """The side's VP margin (its VP less the enemy's) at the end of each playout of `plan`."""
        question = ChooseAttack(side, tuple(arrows), required)
        reply: Attack | None = None if plan is None else (plan.origin, plan.target, plan.choice.commitment())
        return self._margins(sc, side, lambda index: self._played_out(sc, st, question, reply, index))

    def rethink_advance(
        self, sc: Scenario, st: CampaignState, arrow: Arrow, taken: Applied
    ) -> Decision[tuple[str, ...]] | None:
        """Once its battle took the area (`taken`, every die on record), the advance weighed again
        by playouts (engine/driver.py RethinksAdvance): the rules of thumb's advance, nobody, and
        every survivor (or all but the last of the rules of thumb's), each applied by the engine
        to the same battle and played out from there; another than the rules of thumb's only when
        it did surely better. None: the rules of thumb's advance stands."""
        battle = taken.action
        if not self.careful.advances or not isinstance(battle, Battle):
            return None
        chosen = tuple(battle.advance or ())
        outcomes: dict[tuple[str, ...], CampaignState] = {chosen: taken.state}
        held = self._applied(sc, st, replace(battle, advance=None))
        if held is None:
            return None
        survivors = tuple(surviving_attackers(st, held, arrow)[: sc.advance_limit])
        outcomes.setdefault((), held)
        for group in (survivors, chosen[:-1]):
            if len(outcomes) < self.careful.candidates and group and group not in outcomes:
                found = self._applied(sc, st, replace(battle, advance=group))
                if found is not None:
                    outcomes[group] = found
        if len(outcomes) < 2:
            return None
        played = {group: self._margins_from(sc, st, after, arrow.attacker_side) for group, after in outcomes.items()}
        means = {group: sum(m) / len(m) for group, m in played.items()}
        best = max(outcomes, key=lambda group: (means[group], group == chosen))
        if best == chosen or not _surely_better(played[best], played[chosen], self.careful.advance_sure):
            return None
        reason = self._advance_reason(sc, arrow, best, means[best], means[chosen]) if self.explain else None
        return Decision(best, reason)

    def _applied(self, sc: Scenario, st: CampaignState, battle: Battle) -> CampaignState | None:
        """The state once `battle` (every die given) is worked out by the engine; None when the
        rules refuse its advance."""
        try:
            return apply_action(sc, st, battle, quiet=True).state
        except RuleError:
            return None

    def _margins_from(self, sc: Scenario, st: CampaignState, after: CampaignState, side: str) -> list[int]:
        """The side's VP margin at the end of each playout continued from `after` (the battle
        decided from `st`), with the seeds of the playouts from `st`."""
        return self._margins(sc, side, lambda index: self._continued(self._playout_driver(sc, st, index), after, st))

    def _margins(self, sc: Scenario, side: str, played_out: Callable[[int], CampaignState]) -> list[int]:
        """The side's VP margin (its VP less the enemy's) at the end of each of `Careful.playouts`
        playouts, `played_out(index)` giving playout `index`'s final state."""
        found = []
        for index in range(self.careful.playouts):
            vp = victory_points(sc, played_out(index))
            found.append(vp[side] - vp[sc.enemy_of(side)])
        return found

    def _advance_reason(self, sc: Scenario, arrow: Arrow, group: tuple[str, ...], margin: float, kept: float) -> str:
        if group:
            said = ngettext(
                "{troops} advances into {area}: played out {count} times, that leaves the {side} {margin} on "
                "average against {kept} for the usual advance",
                "{troops} advance into {area}: played out {count} times, that leaves the {side} {margin} on "
                "average against {kept} for the usual advance",
                len(group),
            )
        else:
            said = _(
                "nobody advances into {area}: played out {count} times, holding leaves the {side} {margin} on "
                "average against {kept} for the usual advance"
            )
        return said.format(
            troops=", ".join(group),
            area=label(sc, arrow.target),
            count=self.careful.playouts,
            side=side_name(sc, arrow.attacker_side),
            margin=_vp(margin),
            kept=_vp(kept),
        )

    def _playout_driver(self, sc: Scenario, st: CampaignState, index: int) -> TurnDriver:
        """The driver of playout `index` from `st`: the quick general on both sides, the dice of
        the playout's seed, aligned by the battle's place in the turn."""
        seed = _playout_seed(self.seed, st, index)
        players = {s: ComputerPolicy(seed + n, explain=False) for n, s in enumerate(sc.side_ids)}
        return TurnDriver(sc, players, seed, quiet=True, table=AlignedDice(seed))

    def _played_out(
        self, sc: Scenario, st: CampaignState, question: ChooseAttack, reply: Attack | None, index: int
    ) -> CampaignState:
        """The state at the end of one playout: `reply` fought, then the quick general on both
        sides to the end of the campaign or the turn (`Careful.horizon`, `Careful.battles` at most)."""
        driver = self._playout_driver(sc, st, index)
        found = driver.answer(_won_initiative(sc, st, question.side), question, reply)
        return self._continued(driver, found.state if isinstance(found, Applied) else st, st)

    def _continued(self, driver: TurnDriver, now: CampaignState, st: CampaignState) -> CampaignState:
        """`now` played on by `driver` to the end of the campaign or of `st`'s turn."""
        fought = now.battles_fought - st.battles_fought
        to_the_end = self.careful.horizon == "campaign"
        while now.phase is not Phase.FINISHED and (to_the_end or _same_turn(now, st)) and fought < self.careful.battles:
            step = driver.step(now)
            if not isinstance(step, Applied):
                break
            fought += step.state.battles_fought - now.battles_fought
            now = step.state
        return now


@dataclass(frozen=True)
class AlignedDice:
    """The table of a careful general's playouts: the General's Wargame's dice, each battle's
    initiative and result dice drawn from the playout's seed and the battle's place in the turn
    (not from one stream), so every candidate's playouts meet the same dice in their k-th battle
    however the battles before went: the candidates are compared under the same luck. (Rolls to
    destroy and battle counts come from the driver's own stream.)"""

    seed: int

    def _dice(self, st: CampaignState, what: str) -> random.Random:
        return random.Random(f"{self.seed}/{st.turn}/{st.battles_fought}/{what}")  # a string seeds alike in every run

    def initiative(self, sc: Scenario, st: CampaignState, rng: random.Random) -> dict[str, int] | None:
        dice = self._dice(st, "initiative")
        return {side: dice.randint(1, 6) for side in sc.side_ids}

    def result(self, sc: Scenario, st: CampaignState, battle: Battle) -> BattleResult:
        dice = self._dice(st, "battle")
        return BattleResult(wargame=WargameRoll(attacker_die=dice.randint(1, 6), defender_die=dice.randint(1, 6)))


def _same_turn(now: CampaignState, st: CampaignState) -> bool:
    return now.phase in (Phase.PLANNING, Phase.BATTLE) and now.turn == st.turn


def _surely_better(found: list[int], than: list[int], sure: float) -> bool:
    """Whether the playouts `found` did better than `than` (the same seeds, one by one) by more
    than `sure` standard errors of their mean difference."""
    gaps = [a - b for a, b in zip(found, than, strict=True)]
    mean = sum(gaps) / len(gaps)
    spread = sum((g - mean) ** 2 for g in gaps) / max(1, len(gaps) - 1)
    return mean > sure * math.sqrt(spread / len(gaps))


def _won_initiative(sc: Scenario, st: CampaignState, side: str) -> CampaignState:
    """`st` with the battle's initiative on record as `side`'s: the side asked where to attack won
    it (its dice are at the table, not in the question the general is asked), and a playout must
    not roll it again."""
    if st.initiative is not None or sc.turn(st.turn).initiative is None:
        return st
    won = st.copy()
    won.initiative = (side, (6, 1))  # the faces play no part once the winner is known
    return won


def _playout_seed(seed: int, st: CampaignState, index: int) -> int:
    """The seed of playout `index` from `st`: the same for every candidate (so they meet the same
    dice), another for another position or general's seed; no use of `hash`, which changes from
    run to run for strings."""
    return (seed * 1_000_003 + st.turn * 10_007 + st.battles_fought * 101 + index) % 2**31


def _vp(margin: float) -> str:
    """A side's margin in words: "1.5 VP ahead", "0.3 VP behind"."""
    if margin >= 0:
        return _("{vp} VP ahead").format(vp=number(margin, 1))
    return _("{vp} VP behind").format(vp=number(-margin, 1))


def computer_general(seed: int, how: str = QUICK, explain: bool = True) -> ComputerPolicy:
    """The computer general by the player's preference: the quick general's rules of thumb, or the
    careful general's playouts too (HOW_CAREFUL)."""
    if how not in HOW_CAREFUL:
        raise ValueError(f"the computer general is quick or careful, not {how!r}")
    return CarefulPolicy(seed, explain) if how == CAREFUL else ComputerPolicy(seed, explain)
