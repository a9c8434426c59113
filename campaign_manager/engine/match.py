"""Two players at a campaign, one per side, each deciding what is its side's to decide: where
its reinforcements go, how it redeploys, which arrows it places and with whom, how it defends,
where it retreats and who advances. The match plays through the engine's actions and legality
queries only (dice rolled, General's Wargame results), from any state, to the end of the turn or
of the campaign. Used by the computer opponent, "what if" playouts and tests."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from campaign_manager.dice import RandomRoller
from campaign_manager.engine import legal
from campaign_manager.engine.actions import Abandon, Battle, EndTurn, Place, Redeploy, StartTurn, WargameRoll
from campaign_manager.engine.battle import initiative_attacker
from campaign_manager.engine.campaign import Applied, apply_action
from campaign_manager.engine.state import CampaignState, Commitment, Phase
from campaign_manager.errors import ChoiceNeeded
from campaign_manager.scenario.model import Scenario, enemy_of


class Policy(Protocol):
    """One side's decisions. Every method is given the state and returns a legal choice from
    what the engine offers (the match passes the options in)."""

    def place(self, sc: Scenario, st: CampaignState, troop: str, areas: list[str]) -> str: ...

    def redeploy(self, sc: Scenario, st: CampaignState, nation: str) -> tuple[str, str] | None: ...

    def attack(
        self, sc: Scenario, st: CampaignState, side: str, arrows: list[tuple[str, str]], required: bool
    ) -> tuple[str, str, Commitment] | None: ...

    def defend(
        self,
        sc: Scenario,
        st: CampaignState,
        origin: str,
        target: str,
        options: legal.CommitmentOptions,
        attacker: Commitment,
    ) -> Commitment: ...

    def retreat(self, sc: Scenario, st: CampaignState, choice: ChoiceNeeded) -> str | dict[str, str]: ...

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> list[str]: ...


@dataclass
class Match:
    """Plays `players[side]` against each other from `st` with seeded dice. `quiet`: the actions'
    words and completed records are not kept (what-if playouts only want the final state)."""

    sc: Scenario
    players: dict[str, Policy]
    seed: int
    quiet: bool = False
    rng: random.Random = field(init=False)
    roller: RandomRoller = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.roller = RandomRoller(self.rng.randrange(2**32))

    def play(self, st: CampaignState, to: str = "end", limit: int = 3000) -> tuple[CampaignState, list[Applied]]:
        """Play on until the campaign ends (`to="end"`) or the turn under way ends ("end-of-turn")."""
        done: list[Applied] = []
        start_turn = st.turn
        while st.phase != Phase.FINISHED and len(done) < limit:
            if (
                to == "end-of-turn"
                and st.phase == Phase.STRATEGIC
                and (st.turn > start_turn or start_turn == 0 or done)
            ):
                break
            applied = self.step(st)
            done.append(applied)
            st = applied.state
        return st, done

    def step(self, st: CampaignState) -> Applied:
        sc = self.sc
        if st.phase not in (Phase.PLANNING, Phase.BATTLE):
            return apply_action(sc, st, StartTurn(), self.roller)
        if st.waiting_zone:
            troop = sorted(st.waiting_zone)[0]
            side = sc.side_of(sc.troops[troop].nation)
            area = self.players[side].place(sc, st, troop, legal.placement_targets(sc, st, troop))
            return apply_action(sc, st, Place(troop, area))
        if st.open_arrows:  # an arrow left open: fight it out with dice
            arrow = st.open_arrows[0]
            return self._resolve(
                st,
                Battle(arrow.origin, arrow.target, wargame=WargameRoll()),
                arrow.attacker_side,
                arrow.origin,
                arrow.target,
            )
        if st.phase == Phase.PLANNING:
            move = self._redeploy(st)
            if move is not None:
                return apply_action(sc, st, move)
        return self._battle_or_end(st)

    def _redeploy(self, st: CampaignState) -> Redeploy | None:
        for nation in legal.redeploying_nations(self.sc, st):
            move = self.players[self.sc.side_of(nation)].redeploy(self.sc, st, nation)
            if move is not None:
                return Redeploy(*move)
        return None

    def _battle_or_end(self, st: CampaignState) -> Applied:
        sc = self.sc
        required = st.battles_fought < st.battles_required
        dice: tuple[int, int] | None = None
        known: dict[str, list[tuple[str, str]]] = {}  # each side's legal arrows, asked once

        def arrows_of(sc: Scenario, st: CampaignState, side: str) -> list[tuple[str, str]]:
            if side not in known:
                known[side] = legal.legal_arrows(sc, st, side)
            return known[side]

        side = legal.next_attacker(sc, st)  # rolled ahead, or the turn's fixed attacker
        if side is None:
            side, dice = initiative_attacker(sc, st, {s: self.rng.randint(1, 6) for s in sc.sides}, arrows_of)
        arrows = arrows_of(sc, st, side)
        choice = self.players[side].attack(sc, st, side, arrows, required) if arrows else None
        if choice is None:
            if required and legal.any_arrow(sc, st) and arrows:
                origin, target = arrows[0]  # the turn's battles are a floor: someone must attack
                choice = (
                    origin,
                    target,
                    Commitment(legal.legal_commitments(sc, st, origin, target).attacker_troops[:1]),
                )
            else:
                return apply_action(sc, st, EndTurn())
        origin, target, attack = choice
        options = legal.legal_commitments(sc, st, origin, target)
        defence = self.players[enemy_of(side)].defend(sc, st, origin, target, options, attack)
        action = Battle(origin, target, dice, attack, defence, wargame=WargameRoll())
        return self._resolve(st, action, side, origin, target)

    def _resolve(self, st: CampaignState, action: Battle, side: str, origin: str, target: str) -> Applied:
        """Fight the battle out; the players at the table answer where the defenders retreat and
        who advances as the engine asks, so the battle is fought once."""
        return apply_action(self.sc, st, action, self.roller, chooser=AtTheTable(self.players, side), quiet=self.quiet)


@dataclass(frozen=True)
class AtTheTable:
    """The two players of a battle answering the rules' questions (engine/resolve.py `Chooser`):
    the defender's player where to retreat; the attacker's who advances, or failing that (the
    rules refuse it) the battle's survivors alone."""

    players: dict[str, Policy]
    attacker_side: str

    def retreat(self, sc: Scenario, st: CampaignState, choice: ChoiceNeeded) -> str | dict[str, str]:
        return self.players[enemy_of(self.attacker_side)].retreat(sc, st, choice)

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> tuple[list[str], list[str]]:
        return self.players[self.attacker_side].advance(sc, st, target, survivors, candidates), survivors


def abandon_all(sc: Scenario, st: CampaignState) -> CampaignState:
    """Take every open arrow off (nothing recorded on them yet): used before what-if playouts
    that should not guess how a game on the table will end."""
    for arrow in list(st.open_arrows):
        st = apply_action(sc, st, Abandon(arrow.origin, arrow.target)).state
    return st
