"""The turn driver: plays the computer's part of a campaign through the engine's actions and
legality queries, and stops where a person must decide, with a question saying what is asked.

Everyone who plays a turn goes through it: what-if playouts and the tests seat a computer player
(engine/players.py) on both sides; the General's Wargame window seats the computer on one side
and gets back the human's questions; the battle wizard puts the computer's questions to it with
`decide`. A question is answered the same way by whoever answers it:

    found = driver.step(st)              # the computer's next move (Applied), a Question, or None
    found = driver.answer(st, found, reply)    # a person's answer to a Question: the same again

A question is a small frozen record of what is asked and of whom (`side`; the table itself for
the dice), with the choices the engine allows; the reply is one of them, of the type its question
names (`answer` is typed question by question: a ChooseAttack takes an Attack or None, a
GiveResult a BattleResult, ...). `decide` gives a computer player's reply as a `Decision`.

One battle's questions come in one order, the rules' (1.4-1.8), whoever answers them: the
initiative (RollInitiative), the arrow (ChooseAttack), the defence (CommitDefence), the result
(GiveResult), the rolls to destroy (RollToDestroy, asked only of a driver that asks `each_step`),
the retreat (ChooseRetreat), the advance (ChooseAdvance). The battle wizard's pages are views of
these questions (ui/battle/order.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, cast, overload, runtime_checkable

from campaign_manager.bounds import MAX_REASON
from campaign_manager.dice import RandomRoller
from campaign_manager.engine import legal
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import Abandon, Action, Battle, EndTurn, Initiative, Place, Redeploy, StartTurn
from campaign_manager.engine.battle import initiative_attacker
from campaign_manager.engine.battle_result import forecast, surviving_attackers
from campaign_manager.engine.campaign import Applied, apply_action, computer_words
from campaign_manager.engine.questions import (
    Attack as Attack,
)
from campaign_manager.engine.questions import (
    BattleResult as BattleResult,
)
from campaign_manager.engine.questions import (
    ChooseAdvance as ChooseAdvance,
)
from campaign_manager.engine.questions import (
    ChooseAttack as ChooseAttack,
)
from campaign_manager.engine.questions import (
    ChooseRetreat as ChooseRetreat,
)
from campaign_manager.engine.questions import (
    CommitDefence as CommitDefence,
)
from campaign_manager.engine.questions import (
    Decision as Decision,
)
from campaign_manager.engine.questions import (
    DiceTable as DiceTable,
)
from campaign_manager.engine.questions import (
    GiveResult as GiveResult,
)
from campaign_manager.engine.questions import (
    InitiativeDice as InitiativeDice,
)
from campaign_manager.engine.questions import (
    PlaceTroop as PlaceTroop,
)

# The questions and who answers them live in engine/questions.py; named here too, as the driver asks them.
from campaign_manager.engine.questions import (
    Policy as Policy,
)
from campaign_manager.engine.questions import (
    Question as Question,
)
from campaign_manager.engine.questions import (
    RedeployTroops as RedeployTroops,
)
from campaign_manager.engine.questions import (
    Reply as Reply,
)
from campaign_manager.engine.questions import (
    RollInitiative as RollInitiative,
)
from campaign_manager.engine.questions import (
    RollToDestroy as RollToDestroy,
)
from campaign_manager.engine.questions import (
    Table as Table,
)
from campaign_manager.engine.questions import (
    ask as ask,
)
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.state import Arrow, CampaignState, Commitment, Phase
from campaign_manager.errors import ChoiceNeeded
from campaign_manager.scenario.model import Scenario

# -- the driver ----------------------------------------------------------------------------------


@runtime_checkable
class RethinksAdvance(Protocol):
    """A player who, once its battle took the area, may weigh its advance again with the whole
    battle known (the careful general's playouts): another advance (its reply: the troops, none
    for nobody) with its reason, or None to keep the one it gave at the table."""

    def rethink_advance(
        self, sc: Scenario, st: CampaignState, arrow: Arrow, taken: Applied
    ) -> Decision[tuple[str, ...]] | None: ...


@dataclass
class TurnDriver:
    """Plays the campaign for the computer's `players` (side → player) from any state, with seeded
    dice. A side with no player is a person's: the driver stops at its questions. `table`: who
    throws the initiative and gives results (None: the people at the table, asked too).
    `quiet`: the actions' words and completed records are not kept (playouts want the end), nor
    the computer's reasons. `each_step` (with `table` None): the people are asked each step of a
    battle as the wizard shows it: the arrow even when none may be placed, the rolls to destroy
    (RollToDestroy), and the advance whenever the attacker takes the area (even with nobody able
    to move)."""

    sc: Scenario
    players: Mapping[str, Policy]
    seed: int
    quiet: bool = False
    table: Table | None = field(default_factory=DiceTable)
    extra_battles: int = 0  # agreed as each turn it starts begins (rule 1.5: none unless told)
    each_step: bool = False  # the people are asked every step of a battle: its rolls to destroy, its advance
    rng: random.Random = field(init=False)
    rethinking: dict[str, RethinksAdvance] = field(init=False)  # the seated players who rethink their advance
    roller: RandomRoller = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.roller = RandomRoller(self.rng.randrange(2**32))
        # asked once: a check against a Protocol costs microseconds, and playouts fight many battles
        self.rethinking = {side: p for side, p in self.players.items() if isinstance(p, RethinksAdvance)}

    def seated(self, side: str | None) -> bool:
        """Whether the computer answers for `side`."""
        return side is not None and side in self.players

    @overload
    def decide(self, st: CampaignState, question: PlaceTroop) -> Decision[str]: ...
    @overload
    def decide(self, st: CampaignState, question: ChooseAttack) -> Decision[Attack | None]: ...
    @overload
    def decide(self, st: CampaignState, question: CommitDefence) -> Decision[Commitment]: ...
    @overload
    def decide(self, st: CampaignState, question: ChooseRetreat) -> Decision[Retreat]: ...
    @overload
    def decide(self, st: CampaignState, question: ChooseAdvance) -> Decision[Sequence[str]]: ...
    @overload
    def decide(self, st: CampaignState, question: Question) -> Decision: ...
    def decide(self, st: CampaignState, question: Question) -> Decision:
        """The computer's reply to a question about one of its sides (of the kind it takes)."""
        player = self.players.get(question.side or "")
        if player is None:
            raise ValueError(f"the computer does not play the side asked ({question.side})")
        return ask(player, self.sc, st, question)

    # -- whole games ---------------------------------------------------------------------------

    def play(self, st: CampaignState, to: str = "end", limit: int = 3000) -> tuple[CampaignState, list[Applied]]:
        """Play on until the campaign ends (`to="end"`) or the turn under way ends ("end-of-turn").
        Every side must have a player."""
        done: list[Applied] = []
        start_turn = st.turn
        while st.phase != Phase.FINISHED and len(done) < limit:
            ended = st.phase == Phase.STRATEGIC and (st.turn > start_turn or start_turn == 0 or done)
            if to == "end-of-turn" and ended:
                break
            found = self.step(st)
            if not isinstance(found, Applied):
                raise ValueError(f"a person must answer {found!r}: seat a player on every side to play on")
            done.append(found)
            st = found.state
        return st, done

    # -- one move at a time --------------------------------------------------------------------

    def step(self, st: CampaignState, planning_done: bool = False) -> Applied | Question | None:
        """The computer's next move, applied to a copy of `st` (record its action to keep it); or
        the question a person must answer first; None once the campaign is over. `planning_done`:
        the people have finished their planning (they asked for a battle)."""
        if st.phase == Phase.FINISHED:
            return None
        if st.phase not in (Phase.PLANNING, Phase.BATTLE):
            extra = self.extra_battles if legal.extra_battles_refusal(self.sc, st, self.extra_battles) is None else 0
            return self._apply(st, StartTurn(extra_battles=extra))
        if st.phase == Phase.PLANNING:
            found = self.planning_step(st, planning_done)
            if found is not None:
                return found
        if st.open_arrows:  # an arrow left open: fight it out
            arrow = st.open_arrows[0]
            stale = legal.stale_arrow_refusal(self.sc, st, arrow)
            if stale is not None and arrow.attacker_side in self.players:  # void (RULES.md 1.4): its own to abandon
                return self._apply(st, Abandon(arrow.origin, arrow.target))
            return self._result(st, Battle(arrow.origin, arrow.target), arrow.attacker_side)
        return self._battle_or_end(st)

    def planning_step(self, st: CampaignState, planning_done: bool = False) -> Applied | Question | None:
        """The computer's next placement or redeployment; else the people's question (a troop to
        place, or their nation's turn to redeploy unless `planning_done`); else None. Every
        reinforcement is placed before anyone redeploys (rule 1.1's order of the planning phase)."""
        sc = self.sc
        for troop in sorted(st.waiting_zone):  # in one order, whoever places: the same campaign either way
            side = sc.side_of(sc.troops[troop].nation)
            question = PlaceTroop(side, troop, tuple(legal.placement_targets(sc, st, troop)))
            if side not in self.players:
                return question
            placed = ask(self.players[side], sc, st, question)
            return self._apply(st, Place(troop, placed.reply, **self._marks(placed.reason)))
        for nation in legal.redeploying_nations(sc, st):
            side = sc.side_of(nation)
            if side not in self.players:
                if planning_done:
                    continue
                return RedeployTroops(side, nation)  # the later nations wait for this one
            move = ask(self.players[side], sc, st, RedeployTroops(side, nation))
            if move.reply is not None:
                return self._apply(st, Redeploy(*move.reply, **self._marks(move.reason)))
        return None

    def _marks(self, *reasons: str | None) -> dict[str, Any]:
        """What marks an action as the computer's in the log: by_computer and its reasons in a line
        (nothing when quiet: nobody reads them)."""
        if self.quiet:
            return {}
        said = "; ".join(r for r in reasons if r)
        return {"by_computer": True, "reason": reason_line(said) if said else None}

    @overload
    def answer(self, st: CampaignState, question: PlaceTroop, reply: str) -> Applied | Question | None: ...
    @overload
    def answer(
        self, st: CampaignState, question: RedeployTroops, reply: tuple[str, str] | None
    ) -> Applied | Question | None: ...
    @overload
    def answer(
        self, st: CampaignState, question: RollInitiative, reply: InitiativeDice | None
    ) -> Applied | Question | None: ...
    @overload
    def answer(self, st: CampaignState, question: ChooseAttack, reply: Attack | None) -> Applied | Question | None: ...
    @overload
    def answer(self, st: CampaignState, question: CommitDefence, reply: Commitment) -> Applied | Question | None: ...
    @overload
    def answer(self, st: CampaignState, question: GiveResult, reply: BattleResult) -> Applied | Question | None: ...
    @overload
    def answer(
        self, st: CampaignState, question: RollToDestroy, reply: Mapping[str, int]
    ) -> Applied | Question | None: ...
    @overload
    def answer(self, st: CampaignState, question: ChooseRetreat, reply: Retreat) -> Applied | Question | None: ...
    @overload
    def answer(self, st: CampaignState, question: ChooseAdvance, reply: Sequence[str]) -> Applied | Question | None: ...

    def answer(self, st: CampaignState, question: Question, reply: Reply) -> Applied | Question | None:
        """Go on from a person's reply to `question`, asked at `st`: the move it makes (applied to
        a copy), or the next question. Each kind of question takes its own kind of reply (the
        overloads above); a reply of another kind raises TypeError, one the rules refuse RuleError."""
        if not _fits(question, reply):
            raise TypeError(f"{type(question).__name__} is not answered with {reply!r}")
        return self._go_on(st, question, reply)

    def _go_on(self, st: CampaignState, question: Question, reply: Reply) -> Applied | Question | None:
        """`answer` once the reply is known to fit the question (`_fits`): each kind to its own."""
        if isinstance(question, PlaceTroop):
            return self._answer_place(st, question, cast(str, reply))
        if isinstance(question, RedeployTroops):
            return self._answer_redeploy(st, question, cast(tuple[str, str] | None, reply))
        if isinstance(question, RollInitiative):
            return self._answer_initiative(st, question, cast(InitiativeDice | None, reply))
        if isinstance(question, ChooseAttack):
            return self._attack(st, question, cast(Attack | None, reply))
        if isinstance(question, CommitDefence):
            return self._answer_defence(st, question, cast(Commitment, reply))
        if isinstance(question, GiveResult):
            return self._answer_result(st, question, cast(BattleResult, reply))
        if isinstance(question, RollToDestroy):
            return self._answer_destroy(st, question, cast(Mapping[str, int], reply))
        if isinstance(question, ChooseRetreat):
            return self._answer_retreat(st, question, cast(Retreat, reply))
        return self._answer_advance(st, question, cast(Sequence[str], reply))

    def _answer_place(self, st: CampaignState, question: PlaceTroop, reply: str) -> Applied:
        return self._apply(st, Place(question.troop, reply))

    def _answer_redeploy(
        self, st: CampaignState, question: RedeployTroops, reply: tuple[str, str] | None
    ) -> Applied | Question | None:
        return self.step(st, planning_done=True) if reply is None else self._apply(st, Redeploy(*reply))

    def _answer_initiative(
        self, st: CampaignState, question: RollInitiative, reply: InitiativeDice | None
    ) -> Applied | Question:
        if reply is None:
            return self._apply(st, Initiative())
        side, dice = initiative_attacker(self.sc, st, dict(reply))
        return self._ask_attack(st, side, dice)

    def _answer_defence(self, st: CampaignState, question: CommitDefence, reply: Commitment) -> Applied | Question:
        q = question
        battle = Battle(q.origin, q.target, q.initiative_dice, q.attacker, reply)
        return self._result(st, battle, self.sc.enemy_of(q.side), (q.attack_reason,))

    def _answer_result(self, st: CampaignState, question: GiveResult, reply: BattleResult) -> Applied | Question:
        battle = reply.into(question.battle)
        if self.each_step and reply.given and reply.destroy_dice is None:
            return self.destroy_question(st, battle, question.attacker_side, question.reasons)
        return self._fight(st, battle, question.attacker_side, question.reasons)

    def _answer_destroy(
        self, st: CampaignState, question: RollToDestroy, reply: Mapping[str, int]
    ) -> Applied | Question:
        battle = BattleResult(destroy_dice=reply).into(question.battle)
        return self._fight(st, battle, question.attacker_side, question.reasons)

    def _answer_retreat(self, st: CampaignState, question: ChooseRetreat, reply: Retreat) -> Applied | Question:
        assert question.battle is not None, "asked once the battle's dice were rolled"
        battle, reasons = _unmarked(question.battle)
        return self._fight(st, replace(battle, retreat_to=reply), self.sc.enemy_of(question.side), reasons)

    def _answer_advance(self, st: CampaignState, question: ChooseAdvance, reply: Sequence[str]) -> Applied:
        assert question.battle is not None, "asked after the battle was fought"
        return self._apply(st, replace(question.battle, advance=tuple(reply) or None))

    def destroy_question(
        self, st: CampaignState, battle: Battle, side: str, reasons: tuple[str | None, ...] = ()
    ) -> RollToDestroy:
        """What the table is asked once the result of `battle` is given: the rolls to destroy."""
        _, targets = forecast(self.sc, st, _arrow(st, battle, side), battle.games, battle.wargame)
        return RollToDestroy(battle, side, targets, reasons=reasons)

    # -- the turn's battles --------------------------------------------------------------------

    def _battle_or_end(self, st: CampaignState) -> Applied | Question:
        if legal.turn_must_end(st):  # the agreed battles are fought (rule 1.5)
            return self._apply(st, EndTurn())
        return self.battle_question(st)

    def battle_question(self, st: CampaignState, arrow: Arrow | None = None) -> Applied | Question:
        """The first question of the next battle: the result of `arrow` (an arrow placed earlier),
        else the initiative or the arrow (the computer's moves made: the next question, or its move)."""
        sc = self.sc
        if arrow is not None:
            return self._result(st, Battle(arrow.origin, arrow.target), arrow.attacker_side)
        side = legal.next_attacker(sc, st)  # rolled ahead, or the turn's fixed attacker
        if side is not None:
            return self._ask_attack(st, side, None)
        if self.table is None:
            return RollInitiative(tuple(sc.sides))
        known: dict[str, list[tuple[str, str]]] = {}  # each side's legal arrows, asked once

        def arrows_of(sc: Scenario, st: CampaignState, side: str) -> list[tuple[str, str]]:
            if side not in known:
                known[side] = legal.legal_arrows(sc, st, side)
            return known[side]

        dice = self.table.initiative(sc, st, self.rng)
        if dice is None:  # rolled now, before the arrow is chosen
            return self._apply(st, Initiative())
        side, rolled = initiative_attacker(sc, st, dice, arrows_of)
        return self._ask_attack(st, side, rolled, arrows_of(sc, st, side))

    def attack_question(
        self, st: CampaignState, side: str, dice: tuple[int, int] | None, arrows: list[tuple[str, str]] | None = None
    ) -> ChooseAttack:
        """What `side` is asked when it places the next arrow (with the battle's initiative dice)."""
        found = legal.legal_arrows(self.sc, st, side) if arrows is None else arrows
        return ChooseAttack(side, tuple(found), st.battles_fought < st.battles_required, dice)

    def _ask_attack(
        self, st: CampaignState, side: str, dice: tuple[int, int] | None, arrows: list[tuple[str, str]] | None = None
    ) -> Applied | Question:
        question = self.attack_question(st, side, dice, arrows)
        if not question.arrows and not self.each_step:
            return self._attack(st, question, None)
        if side not in self.players:
            return question
        chosen = ask(self.players[side], self.sc, st, question)
        return self._attack(st, question, chosen.reply, chosen.reason)

    def _attack(
        self, st: CampaignState, question: ChooseAttack, choice: Attack | None, reason: str | None = None
    ) -> Applied | Question:
        sc = self.sc
        if choice is None:
            if question.required and question.arrows and legal.any_arrow(sc, st):
                origin, target = question.arrows[0]  # the turn's battles are a floor: someone must attack
                choice = origin, target, Commitment(legal.legal_commitments(sc, st, origin, target).attacker_troops[:1])
            else:
                ours = self.seated(question.side) and question.arrows
                return self._apply(st, EndTurn(**self._marks(reason)) if ours else EndTurn())
        origin, target, attack = choice
        said = reason if self.seated(question.side) else None
        defence = self.defence_question(st, origin, target, attack, question.initiative_dice, said)
        if defence.side not in self.players:
            return defence
        defended = ask(self.players[defence.side], sc, st, defence)
        battle = Battle(origin, target, question.initiative_dice, attack, defended.reply)
        return self._result(st, battle, question.side, (defence.attack_reason, defended.reason))

    def defence_question(
        self,
        st: CampaignState,
        origin: str,
        target: str,
        attack: Commitment,
        dice: tuple[int, int] | None = None,
        attack_reason: str | None = None,
    ) -> CommitDefence:
        """What the defender is asked once the attacker's troops on origin→target are known
        (with the computer's reason for the attack, when it attacks)."""
        options = legal.legal_commitments(self.sc, st, origin, target)
        return CommitDefence(
            self.sc.enemy_of(options.attacker_side), origin, target, options, attack, dice, attack_reason
        )

    def _result(
        self, st: CampaignState, battle: Battle, side: str, reasons: tuple[str | None, ...] = ()
    ) -> Applied | Question:
        if self.table is None:
            return GiveResult(battle, side, reasons=reasons)
        result = self.table.result(self.sc, st, battle)
        return self._fight(st, result.into(battle), side, reasons)

    def _fight(
        self, st: CampaignState, battle: Battle, side: str, reasons: tuple[str | None, ...] = ()
    ) -> Applied | Question:
        """Fight the battle out; the seated players answer where the defenders retreat and who
        advances as the engine asks, so the battle is fought once; a person's answer is asked.
        `reasons`: the computer's reasons for the choices made so far (its arrow, its defence)."""
        sc = self.sc
        table = AtTheTable(self, side, battle.target)
        try:
            applied = apply_action(sc, st, battle, self.roller, chooser=table, quiet=self._quiet_for(side))
        except ChoiceNeeded as choice:  # the defenders are a person's: ask where they go
            return self.retreat_question(st, battle.target, choice, reasons)
        applied = self._marked(self._rethought(st, battle, side, applied, table), (*reasons, *table.reasons))
        taken = st.control.get(battle.target) != applied.state.control.get(battle.target)
        if side in self.players or not taken:
            return applied
        arrow = _arrow(st, battle, side)
        after = applied.state
        candidates = legal.advance_candidates(sc, after, battle.target, side)
        if not candidates and not self.each_step:
            return applied
        survivors = surviving_attackers(st, after, arrow)
        assert isinstance(applied.action, Battle)
        return ChooseAdvance(side, battle.target, tuple(survivors), tuple(candidates), applied.action)

    def _marked(self, applied: Applied, reasons: tuple[str | None, ...]) -> Applied:
        """The battle marked as the computer's, with its reasons, when the computer chose a part of it."""
        if self.quiet or not any(reasons):
            return applied
        action = replace(applied.action, **self._marks(*reasons))
        return Applied(applied.state, action, (*applied.events, computer_words(action, applied.events)), applied.quiet)

    def fought(self, st: CampaignState, battle: Battle, attacker_side: str) -> Applied:
        """The battle worked out with the computer's answers to what the rules ask in its course
        (where its defenders retreat, who of its attackers advances) and every die it needs given."""
        chooser = AtTheTable(self, attacker_side, battle.target)
        applied = apply_action(self.sc, st, battle, chooser=chooser, quiet=self._quiet_for(attacker_side))
        return self._marked(self._rethought(st, battle, attacker_side, applied, chooser), tuple(chooser.reasons))

    def _quiet_for(self, attacker_side: str) -> bool:
        """Whether a battle of `attacker_side` is worked out quietly: a general that rethinks its
        advance needs the battle's every die on record, so not for it."""
        return self.quiet and attacker_side not in self.rethinking

    def _rethought(self, st: CampaignState, battle: Battle, side: str, applied: Applied, table: AtTheTable) -> Applied:
        """The battle as fought, with the advance its seated attacker chose on reflection once the
        area was taken (RethinksAdvance), the reason said in place of the first one's."""
        player = self.rethinking.get(side)
        if player is None or not isinstance(applied.action, Battle):
            return applied
        if st.control.get(battle.target) == applied.state.control.get(battle.target):
            return applied
        better = player.rethink_advance(self.sc, st, _arrow(st, battle, side), applied)
        if better is None:
            return applied
        table.rethought(better.reason)
        return apply_action(self.sc, st, replace(applied.action, advance=better.reply or None), quiet=self.quiet)

    def retreat_question(
        self, st: CampaignState, target: str, choice: ChoiceNeeded, reasons: tuple[str | None, ...] = ()
    ) -> ChooseRetreat:
        """The engine's demand for a retreat (ChoiceNeeded) as a question to the defenders' side;
        the computer's reasons so far travel in the battle it carries."""
        side = st.control.get(target) or ""
        battle = parse_action(choice.partial)
        assert isinstance(battle, Battle)
        said = "; ".join(r for r in reasons if r)
        if said and not self.quiet:
            battle = replace(battle, by_computer=True, reason=reason_line(said))
        return ChooseRetreat(side, target, tuple(choice.options), choice.troop_options, battle)

    def _apply(self, st: CampaignState, action: Action) -> Applied:
        return apply_action(self.sc, st, action, self.roller, quiet=self.quiet)


def _arrow(st: CampaignState, battle: Battle, side: str) -> Arrow:
    return st.open_arrow(battle.origin, battle.target) or Arrow(
        battle.origin, battle.target, side, battle.attacker or Commitment(), battle.defender or Commitment()
    )


@dataclass
class AtTheTable:
    """The players of a battle answering the rules' questions as the engine asks them
    (engine/resolve.py `Chooser`): the defender's player where to retreat; the attacker's who
    advances, or failing that (the rules refuse it) the battle's survivors alone. A person's
    side is not answered here: the driver asks it once the battle is worked out. `reasons`:
    the computer's reasons for what it answered."""

    driver: TurnDriver
    attacker_side: str
    target: str
    reasons: list[str] = field(default_factory=list)
    advance_reason: int | None = None  # where in `reasons` the advance's is

    def retreat(self, sc: Scenario, st: CampaignState, choice: ChoiceNeeded) -> Retreat:
        defender = sc.enemy_of(self.attacker_side)
        player = self.driver.players.get(defender)
        if player is None:
            raise choice
        question = ChooseRetreat(defender, self.target, tuple(choice.options), choice.troop_options)
        answer: Retreat = self._said(ask(player, sc, st, question))
        return answer

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> Iterable[list[str]]:
        player = self.driver.players.get(self.attacker_side)
        if player is None:
            return ()
        question = ChooseAdvance(self.attacker_side, target, tuple(survivors), tuple(candidates))
        self.advance_reason = len(self.reasons)
        return self._said(ask(player, sc, st, question)), survivors

    def rethought(self, reason: str | None) -> None:
        """The advance's reason replaced by the one of the advance the general chose on reflection."""
        if self.driver.quiet or not reason:
            return
        if self.advance_reason is not None and self.advance_reason < len(self.reasons):
            self.reasons[self.advance_reason] = reason
        else:
            self.reasons.append(reason)

    def _said(self, decision: Decision) -> Any:
        if decision.reason and not self.driver.quiet:
            self.reasons.append(decision.reason)
        return decision.reply


def _unmarked(battle: Battle) -> tuple[Battle, tuple[str | None, ...]]:
    """A battle without the computer's marks, and its reasons: they are added again once it is fought."""
    if not battle.by_computer:
        return battle, ()
    return replace(battle, by_computer=False, reason=None), (battle.reason,)


def reason_line(said: str) -> str:
    """The computer's reasons as the log keeps them: one line, at most MAX_REASON characters."""
    said = " ".join(said.split())
    return said if len(said) <= MAX_REASON else said[: MAX_REASON - 1] + "…"


def _fits(question: Question, reply: Reply) -> bool:
    """Whether `reply` is of the kind `question` takes (the overloads of `TurnDriver.answer`, checked
    where the types were not: a reply read from a file, a test's)."""
    if isinstance(question, PlaceTroop):
        return isinstance(reply, str)
    if isinstance(question, RedeployTroops | ChooseAttack):
        return reply is None or isinstance(reply, tuple)
    if isinstance(question, RollInitiative):
        return reply is None or isinstance(reply, Mapping)
    if isinstance(question, CommitDefence):
        return isinstance(reply, Commitment)
    if isinstance(question, GiveResult):
        return isinstance(reply, BattleResult)
    if isinstance(question, RollToDestroy):
        return isinstance(reply, Mapping)
    if isinstance(question, ChooseRetreat):
        return isinstance(reply, str | Mapping)
    return isinstance(reply, Sequence) and not isinstance(reply, str)
