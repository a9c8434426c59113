"""The battle being entered in the wizard: what its pages have chosen so far, and the questions
put to the engine (what is legal, what the battle would do) and, for the computer's side, to
the turn driver. Nothing is recorded until the wizard records `final_action()` (against the
computer the initiative is recorded when it is rolled: its dice are final at once).

`entry` is what the pages show, box by box and die by die, the pages ahead of the one reached
included (engine/entry.py): the wizard keeps it in the campaign file as it is typed, so Back,
Cancel and a closed window lose nothing, and a die the app rolled is never rolled again."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from campaign_manager.engine import apply_action, legal
from campaign_manager.engine.actions import NO_DICE, Battle, Initiative
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.entry import BattleEntry
from campaign_manager.engine.lookup import side_name, troop_title
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
    outcome: Outcome | None = None
    destroy_dice: dict[str, int] = field(default_factory=dict)
    choice: ChoiceNeeded | None = None  # the engine's demand for a retreat
    retreat: Retreat | None = None
    preview: Applied | None = None  # the battle worked out, not recorded
    survivors: list[str] = field(default_factory=list)
    advance: tuple[str, ...] = ()
    entry: BattleEntry = field(default_factory=BattleEntry)  # what the pages show, kept as it is typed
    recording: bool = False  # an action of this battle is being recorded (the initiative, the battle)

    @classmethod
    def begin(
        cls,
        session: CampaignSession,
        map_view: MapView | None,
        open_arrow: Arrow | None,
        entry: BattleEntry | None = None,
    ) -> BattleDraft:
        sc, st, campaign = session.scenario, session.state, session.campaign
        computer = campaign.computer_side if campaign is not None else None
        driver = computer_opponent(sc, computer, len(st.open_arrows) + st.battles_fought)
        side = open_arrow.attacker_side if open_arrow is not None else legal.next_attacker(sc, st)
        dice_only = bool(campaign is not None and campaign.dice_only)
        if entry is None:
            ends = (open_arrow.origin, open_arrow.target) if open_arrow is not None else None
            entry = BattleEntry(open_arrow=ends, log_length=session.log_length(), side=side)
        return cls(session, driver, map_view, open_arrow, dice_only, computer, side, entry=entry)

    # -- what the pages show, kept ---------------------------------------------------------------

    def note(self, **changes: Any) -> None:
        """Keep what a page shows in the entry (the wizard writes it to the file)."""
        self.entry = self.entry.model_copy(update=changes)

    def note_die(self, place: str, value: int | None, by_app: bool, thrown: bool) -> None:
        """Keep one die as its box shows it: its face (None: blank), whether the face is the app's,
        and whether the app has thrown it (then it is never thrown again)."""
        entry = self.entry
        dice = {p: v for p, v in entry.dice.items() if p != place}
        if value is not None:
            dice[place] = value
        rolled = tuple(p for p in entry.rolled_by_app if p != place) + ((place,) if by_app and value else ())
        thrown_ = entry.thrown + ((place,) if (thrown or by_app) and place not in entry.thrown else ())
        self.note(dice=dice, rolled_by_app=rolled, thrown=thrown_)

    def kept_die(self, place: str) -> tuple[int | None, bool, bool]:
        """A die as it was kept: (face or None, the app's face, thrown by the app)."""
        entry = self.entry
        return entry.dice.get(place), place in entry.rolled_by_app, place in entry.thrown

    def app_paths(self, action: Battle) -> tuple[str, ...] | None:
        """The dice of the action the app rolled, as its paths (the entry's places translated)."""
        places = set(self.entry.rolled_by_app)
        faces = action.faces()
        wanted = {path for path in faces if path in places}
        if action.initiative_dice is not None and self.side is not None:
            for index, side in enumerate((self.side, enemy_of(self.side))):
                if f"initiative.{side}" in places:
                    wanted.add(f"initiative_dice.{index}")
        return tuple(path for path in faces if path in wanted) or None

    def record_initiative(self) -> Applied:
        """Against the computer: the app rolls the initiative and it is recorded at once, before
        the arrow (its dice are final when thrown: a lost roll cannot be tried again)."""
        self.recording = True
        try:
            [done] = self.session.record([Initiative()])
        finally:
            self.recording = False
        self.note(log_length=self.session.log_length())
        return done

    @property
    def may_leave_open(self) -> bool:
        """Whether the arrow may be placed with its result to come: at the tabletop, and in a plan
        on a scratch copy (the arrows What if follows), never in a game of dice alone."""
        return not self.dice_only or self.session.plan

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
        """The new arrow with its commitments (the ones given, or as chosen) and no result; the
        dice the app rolled are marked."""
        origin, target = self.arrow_ends()
        action = Battle(
            origin,
            target,
            initiative_dice=self.initiative_dice,
            attacker=self.attacker if attacker is None else attacker,
            defender=self.defender if defender is None else defender,
            mission_die=self.mission_die,
        )
        return replace(action, rolled_by_app=self.app_paths(action))

    def battle_action(self) -> Battle:
        """The battle with its result, its rolls to destroy and its retreat, without the advance."""
        base = self.new_arrow_action() if self.open_arrow is None else Battle(*self.arrow_ends())
        action = replace(
            base, destroy_dice=self.destroy_dice or NO_DICE, retreat_to=self.retreat, **(self.outcome or {})
        )
        return replace(action, rolled_by_app=self.app_paths(action))

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
        return f"{troop} — {troop_title(self.sc, troop, self.st.turn)}"

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
        """The computer's defence, once the attacker's troops are known (the driver's question);
        asked once for these attackers on this arrow, then kept with the entry."""
        origin, target = self.arrow_ends()
        entry = self.entry
        if (
            entry.computer_defence is not None
            and entry.committed_on == (origin, target)
            and entry.attacker == self.attacker
        ):
            return entry.computer_defence
        question = self.driver.defence_question(self.st, origin, target, self.attacker, self.initiative_dice)
        defence: Commitment = self.driver.decide(self.st, question).reply
        self.note(computer_defence=defence)
        return defence
