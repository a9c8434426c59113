"""A random legal player: picks legal actions with seeded dice, for property tests, "what if"
playouts and as the floor a computer opponent must beat. It plays through the public action
vocabulary only, the way the battle wizard does: roll, see the result, then choose."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from campaign_manager.dice import RandomRoller
from campaign_manager.engine import legal
from campaign_manager.engine.actions import Battle, EndTurn, Initiative, Place, Redeploy, StartTurn, WargameRoll
from campaign_manager.engine.battle import initiative_attacker
from campaign_manager.engine.campaign import Applied, apply_action
from campaign_manager.engine.deployment import deployment_problems
from campaign_manager.engine.lookup import placement_areas
from campaign_manager.engine.state import CampaignState, Commitment, Phase
from campaign_manager.errors import ChoiceNeeded, RuleError
from campaign_manager.scenario.model import Scenario, enemy_of


@dataclass
class RandomPlayer:
    """Chooses uniformly among sensible legal actions; every choice and die comes from `seed`."""

    seed: int
    extra_battles: int = 2  # battles beyond the required count it may fight
    rng: random.Random = field(init=False)
    roller: RandomRoller = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.roller = RandomRoller(self.rng.randrange(2**32))

    def step(self, sc: Scenario, st: CampaignState) -> Applied | None:
        """Pick and apply one legal action; None when the campaign is over."""
        if st.phase == Phase.FINISHED:
            return None
        if st.phase not in (Phase.PLANNING, Phase.BATTLE):
            return apply_action(sc, st, StartTurn(), self.roller)
        if st.waiting_zone:
            troop = self.rng.choice(sorted(st.waiting_zone))
            return apply_action(sc, st, Place(troop, self.rng.choice(placement_areas(sc, st, troop))))
        if st.phase == Phase.PLANNING:
            move = self._redeploy(sc, st)
            if move is not None:
                return apply_action(sc, st, move)
        if st.battles_fought >= st.battles_required + self.rng.randint(0, self.extra_battles) or not legal.any_arrow(
            sc, st
        ):
            return apply_action(sc, st, EndTurn())
        return self._battle(sc, st)

    # -- planning ---------------------------------------------------------------------------

    def _redeploy(self, sc: Scenario, st: CampaignState) -> Redeploy | None:
        """A fixing move while the deployment rule is broken, otherwise now and then a random one.

        Nations redeploy in the turn's order; a nation only moves once those before it are done.
        """
        for nation in legal.redeploying_nations(sc, st):
            problems = deployment_problems(sc, st, only=nation, skip=st.deployed)
            moves = self._moves(sc, st, nation)
            if problems:
                fixing = [m for m in moves if self._improves(sc, st, nation, m, problems)]
                return Redeploy(*self.rng.choice(fixing)) if fixing else None
            if moves and self.rng.random() < 0.3:
                move = self.rng.choice(moves)
                if not self._worsens(sc, st, move):
                    return Redeploy(*move)
            if self.rng.random() < 0.5:
                return None  # this nation stays put; later nations may still move
        return None

    @staticmethod
    def _moves(sc: Scenario, st: CampaignState, nation: str) -> list[tuple[str, str]]:
        return [
            (t, to)
            for t, here in sorted(st.where.items())
            if here in sc.areas and sc.troops[t].nation == nation
            for to in sc.areas
            if to != here and st.control.get(to) == st.control.get(here) and sc.may_enter(nation, to)
        ]

    @staticmethod
    def _moved(st: CampaignState, move: tuple[str, str]) -> CampaignState:
        trial = st.copy()
        trial.where[move[0]] = move[1]
        return trial

    def _improves(
        self, sc: Scenario, st: CampaignState, nation: str, move: tuple[str, str], problems: list[str]
    ) -> bool:
        after = deployment_problems(sc, self._moved(st, move), only=nation, skip=st.deployed)
        return len(after) < len(problems) or (bool(after) and len(after[-1]) < len(problems[-1]))

    def _worsens(self, sc: Scenario, st: CampaignState, move: tuple[str, str]) -> bool:
        return bool(deployment_problems(sc, self._moved(st, move), skip=st.deployed))

    # -- battle -------------------------------------------------------------------------------

    def _battle(self, sc: Scenario, st: CampaignState) -> Applied:
        spec = sc.turn(st.turn)
        initiative = None
        if st.initiative is not None:  # rolled ahead: the winner attacks
            side = st.initiative[0]
        elif spec.initiative and self.rng.random() < 0.3:
            return apply_action(sc, st, Initiative(), self.roller)  # roll first, choose the arrow next
        elif spec.initiative:
            side, initiative = initiative_attacker(sc, st, {s: self.rng.randint(1, 6) for s in sc.sides})
        else:
            side = spec.fixed_attacker or ""  # a turn without initiative has a fixed attacker (checks.py)
        origin, target = self.rng.choice(legal.arrows(sc, st, side))
        attack = self._commit(sc, st, side, origin, need_ground=True)
        defence = self._commit(sc, st, enemy_of(side), target, need_ground=False, against=attack)
        action = Battle(origin, target, initiative, attack, defence, **self._result())
        try:
            applied = apply_action(sc, st, action, self.roller)
        except ChoiceNeeded as choice:
            if choice.troop_options:  # a split retreat: each troop chooses
                answer: str | dict[str, str] = {t: self.rng.choice(o) for t, o in choice.troop_options.items()}
            else:
                answer = self.rng.choice(choice.options)
            applied = apply_action(sc, st, dict(choice.partial, retreat_to=answer), self.roller)
        return self._maybe_advance(sc, st, applied, side, target)

    def _commit(
        self,
        sc: Scenario,
        st: CampaignState,
        side: str,
        area: str,
        need_ground: bool,
        against: Commitment | None = None,
    ) -> Commitment:
        busy = st.committed()
        ready = [t for t in st.troops_in(area) if t not in busy]
        count = self.rng.randint(1 if need_ground else 0, min(sc.max_committed, len(ready)))
        troops = tuple(self.rng.sample(ready, count))
        sortie = None
        planes = [n for n, left in sorted(st.sorties.items()) if left > 0 and sc.side_of(n) == side]
        room = sc.max_committed - len(troops)
        if planes and room > 0 and (troops or not need_ground) and self.rng.random() < 0.5:
            sortie = self.rng.choice(planes)
        return Commitment(troops, sortie)

    def _result(self) -> dict:
        if self.rng.random() < 0.5:
            games = tuple((self.rng.randint(0, 8), self.rng.randint(0, 8)) for _ in range(self.rng.randint(1, 3)))
            return {"games": games}
        return {"wargame": WargameRoll(attacker_modifier=self.rng.choice((0, 0, 0, 1, -1)))}

    def _maybe_advance(self, sc: Scenario, before: CampaignState, applied: Applied, side: str, target: str) -> Applied:
        after = applied.state
        if before.control.get(target) == side or after.control.get(target) != side or self.rng.random() < 0.2:
            return applied
        record = applied.record
        origin = record["from"]
        arrow_troops = record.get("attacker", {}).get("troops") or next(
            a.attacker.troops for a in before.open_arrows if (a.origin, a.target) == (origin, target)
        )
        survivors = [t for t in arrow_troops if after.where[t] == origin]
        others = [t for t in legal.advance_candidates(sc, after, target, side) if t not in survivors]
        extra = self.rng.sample(others, self.rng.randint(0, min(len(others), sc.advance_limit - len(survivors))))
        for moving in (survivors + extra, survivors):
            if not moving:
                break
            try:
                return apply_action(sc, before, dict(record, advance=moving))
            except RuleError:
                continue  # e.g. a fixed battle still starts from there: advance fewer, or none
        return applied


def play(sc: Scenario, seed: int, limit: int = 2000) -> list[Applied]:
    """A whole random campaign from set-up; stops at the end or after `limit` actions."""
    from campaign_manager.engine.campaign import initial_state

    player, st = RandomPlayer(seed), initial_state(sc)
    done: list[Applied] = []
    while len(done) < limit:
        applied = player.step(sc, st)
        if applied is None:
            break
        done.append(applied)
        st = applied.state
    return done
