"""The battle being entered in the wizard: what its pages have chosen so far, and the questions
put to the engine (what is legal, what the battle would do) and, for the computer's side, to
the turn driver. Nothing is recorded until the wizard records `final_action()`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from campaign_manager.engine import apply_action, legal
from campaign_manager.engine.actions import NO_DICE, Battle
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.lookup import side_name
from campaign_manager.engine.odds import arrow_odds
from campaign_manager.engine.players import computer_opponent
from campaign_manager.engine.resolve import Result, Retreat, forecast
from campaign_manager.engine.state import Arrow, CampaignState, Commitment
from campaign_manager.errors import ChoiceNeeded, UserError
from campaign_manager.scenario.model import Scenario, enemy_of
from campaign_manager.ui.plain import escape
from campaign_manager.ui.session import CampaignSession

if TYPE_CHECKING:
    from campaign_manager.ui.map.view import MapView

Outcome = dict[str, Any]  # {"games": ((attacker VP, defender VP), ...)} or {"wargame": WargameRoll}


@dataclass
class BattleDraft:
    """One battle from its initiative to its advance, as chosen so far. `open_arrow`: an arrow
    placed earlier, now resolved; `computer`: the side the computer plays, answered by `driver`."""

    session: CampaignSession
    driver: TurnDriver
    map_view: MapView | None
    open_arrow: Arrow | None
    dice_only: bool
    computer: str | None
    side: str | None = None  # the attacker, once known
    initiative_dice: tuple[int, int] | None = None
    ends: tuple[str, str] | None = None  # a new arrow's (from, to)
    attacker: Commitment = Commitment()
    defender: Commitment = Commitment()
    mission_die: int | None = None
    computer_attack: Commitment = Commitment()  # the computer's attackers, chosen with its arrow
    kept: tuple[tuple[str, str], Commitment, Commitment] | None = None  # the commit page's ticks, for Back
    outcome: Outcome | None = None
    destroy_dice: dict[str, int] = field(default_factory=dict)
    choice: ChoiceNeeded | None = None  # the engine's demand for a retreat
    retreat: Retreat | None = None
    preview: Applied | None = None  # the battle worked out, not recorded
    survivors: list[str] = field(default_factory=list)
    advance: tuple[str, ...] = ()

    @classmethod
    def begin(cls, session: CampaignSession, map_view: MapView | None, open_arrow: Arrow | None) -> BattleDraft:
        sc, st, campaign = session.scenario, session.state, session.campaign
        computer = campaign.computer_side if campaign is not None else None
        driver = computer_opponent(sc, computer, len(st.open_arrows) + st.battles_fought)
        side = open_arrow.attacker_side if open_arrow is not None else legal.next_attacker(sc, st)
        dice_only = bool(campaign is not None and campaign.dice_only)
        return cls(session, driver, map_view, open_arrow, dice_only, computer, side)

    @property
    def sc(self) -> Scenario:
        return self.session.scenario

    @property
    def st(self) -> CampaignState:
        return self.session.state

    def highlight(self, codes: list[str]) -> None:
        if self.map_view is not None:
            self.map_view.highlight(codes)

    # -- the battle as chosen ------------------------------------------------------------------

    def arrow_ends(self) -> tuple[str, str]:
        if self.open_arrow is not None:
            return self.open_arrow.origin, self.open_arrow.target
        assert self.ends is not None, "the arrow is chosen before anything that needs it"
        return self.ends

    def the_arrow(self) -> Arrow:
        if self.open_arrow is not None:
            return self.open_arrow
        origin, target = self.arrow_ends()
        assert self.side is not None
        return Arrow(origin, target, self.side, self.attacker, self.defender)

    def new_arrow_action(self, attacker: Commitment | None = None, defender: Commitment | None = None) -> Battle:
        """The new arrow with its commitments (the ones given, or as chosen) and no result."""
        origin, target = self.arrow_ends()
        return Battle(
            origin,
            target,
            initiative_dice=self.initiative_dice,
            attacker=self.attacker if attacker is None else attacker,
            defender=self.defender if defender is None else defender,
            mission_die=self.mission_die,
        )

    def battle_action(self) -> Battle:
        """The battle with its result, its rolls to destroy and its retreat, without the advance."""
        base = self.new_arrow_action() if self.open_arrow is None else Battle(*self.arrow_ends())
        return replace(base, destroy_dice=self.destroy_dice or NO_DICE, retreat_to=self.retreat, **(self.outcome or {}))

    def final_action(self) -> Battle:
        return replace(self.battle_action(), advance=self.advance or None)

    # -- what the engine says ------------------------------------------------------------------

    def refusal(self, action: Battle) -> str | None:
        """The engine's refusal of the action as it stands (nothing recorded), or None."""
        try:
            apply_action(self.sc, self.st, action)
        except ChoiceNeeded:
            return None
        except UserError as exc:
            return str(exc)
        return None

    def forecast(self, outcome: Outcome | None) -> tuple[Result, dict[str, int]] | None:
        """The result of the arrow for these games or dice, and each troop's roll-to-destroy target."""
        if outcome is None:
            return None
        return forecast(self.sc, self.st, self.the_arrow(), games=outcome.get("games"), wargame=outcome.get("wargame"))

    def troop_words(self, troop: str) -> str:
        member = self.sc.troops[troop]
        name, _ = member.type.on_turn(self.st.turn)
        return f"{troop} — {self.sc.nation_name(member.nation)} {name}"

    def odds_words(self, attacker: Commitment, defender: Commitment, pending: bool = False) -> str:
        """The exact odds of the arrow as ticked, if fought as a General's Wargame battle, with
        each side's bonus factor by factor (the same factors the result adds up). `pending`: the
        computer's defence is still to be chosen."""
        if not attacker.troops:
            return "Tick the attacking troops to see the odds."  # HTML (the label's), as every answer here
        sc = self.sc
        origin, target = self.arrow_ends()
        try:
            found = arrow_odds(sc, self.st, origin, target, attacker, defender, self.initiative_dice)
        except UserError as exc:
            return escape(f"No odds: {exc}")
        side = self.side or ""
        enemy = enemy_of(side)
        odds = found.odds
        vp = ", ".join(f"the {side_name(sc, s)} {found.expected_vp[s]:+.1f}" for s in (side, enemy))
        bonus = "; ".join(
            f"the {side_name(sc, s)} " + (" ".join(f"{v:+d} {r}" for r, v in factors) or "+0")
            for s, factors in ((side, found.attacker_factors), (enemy, found.defender_factors))
        )
        waiting = (
            f" if the {side_name(sc, enemy)} commit nothing — the computer chooses their defence when "
            f"you press Next, and the next page gives the odds against it"
            if pending
            else ""
        )
        defending = (
            f", each defending troop {float(odds.defender_destroyed):.0%}"
            if defender.troops
            else "; no defending troop is at risk"
        )
        return "<b>Odds in the General's Wargame</b> " + escape(
            f"(exact, rule 1.7){waiting}. Bonus: {bonus}. "
            f"Chances: the {side_name(sc, side)} win "
            f"{float(odds.attacker_win):.0%}, draw {float(odds.draw):.0%}, the {side_name(sc, enemy)} win "
            f"{float(odds.defender_win):.0%}. Each attacking troop is destroyed "
            f"{float(odds.attacker_destroyed):.0%} of the time{defending}. Expected change in campaign VP: {vp}."
        )

    # -- the computer's part -------------------------------------------------------------------

    def computer_defends(self) -> bool:
        """Whether the computer chooses the defence of this new arrow."""
        return self.computer is not None and self.computer != self.side and self.open_arrow is None

    def choose_computer_defence(self) -> Commitment:
        """The computer's defence, once the attacker's troops are known (the driver's question)."""
        origin, target = self.arrow_ends()
        question = self.driver.defence_question(self.st, origin, target, self.attacker, self.initiative_dice)
        defence: Commitment = self.driver.decide(self.st, question).reply
        return defence
