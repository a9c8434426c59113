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
from campaign_manager.engine import roster as rosters
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import NO_DICE, AddCommander, Battle, DieCorrection, Game, Initiative
from campaign_manager.engine.battle_result import Result, forecast
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.driver import BattleResult, Decision, Question, TurnDriver, reason_line
from campaign_manager.engine.entry import BattleEntry, EntryCorrection, Step
from campaign_manager.engine.general import sensible_defence
from campaign_manager.engine.lookup import side_name, troop_title
from campaign_manager.engine.odds import ArrowOdds, arrow_chances, arrow_odds
from campaign_manager.engine.players import computer_opponent
from campaign_manager.engine.resolve import Retreat
from campaign_manager.engine.state import Arrow, CampaignState, Commitment
from campaign_manager.errors import ChoiceNeeded, UserError
from campaign_manager.i18n import _, share
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui import settings
from campaign_manager.ui.battle.words import ODDS_AT_RISK, ODDS_SAFE, commitment_words
from campaign_manager.ui.plain import escape
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.wargame.chart import signed

if TYPE_CHECKING:
    from campaign_manager.ui.map.view import MapView

Outcome = BattleResult  # the games' VP or the General's Wargame dice, as the result page gives them
Said = tuple[str, ...]  # what actions said, in the history's words


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
    question: Question | None = None  # the turn driver's question the page in sight shows (ui/battle/order.py)
    begun: CampaignState | None = None  # the campaign as the battle began (after its initiative)
    asked_now: bool = True  # `question` was asked of the campaign as it is now (not as the battle began)
    recording: bool = False  # an action of this battle is being recorded (the initiative, the battle)
    new_clubs: dict[tuple[str, str], str] = field(
        default_factory=dict
    )  # (side, name casefolded) → club, of new commanders

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
        driver = computer_opponent(sc, computer, len(st.open_arrows) + st.battles_fought, settings.computer_general())
        side = open_arrow.attacker_side if open_arrow is not None else legal.next_attacker(sc, st)
        dice_only = bool(campaign is not None and campaign.dice_only)
        if entry is None:
            ends = (open_arrow.origin, open_arrow.target) if open_arrow is not None else None
            entry = BattleEntry(open_arrow=ends, log_length=session.log_length(), side=side)
        return cls(session, driver, map_view, open_arrow, dice_only, computer, side, entry=entry, begun=st)

    # -- what the pages show, kept ---------------------------------------------------------------

    def note(self, **changes: Any) -> None:
        """Keep what a page shows in the entry (the wizard writes it to the file)."""
        self.entry = self.entry.model_copy(update=changes)

    def note_die(
        self, place: str, value: int | None, by_app: bool, thrown: bool, correction: EntryCorrection | None = None
    ) -> None:
        """Keep one die as its box shows it: its face (None: blank), whether the face is the app's,
        whether the app has thrown it (then it is never thrown again), and the organiser's
        correction of the app's face (the app's face and why), if one was made."""
        entry = self.entry
        dice = {p: v for p, v in entry.dice.items() if p != place}
        if value is not None:
            dice[place] = value
        rolled = tuple(p for p in entry.rolled_by_app if p != place) + ((place,) if by_app and value else ())
        thrown_ = entry.thrown + ((place,) if (thrown or by_app) and place not in entry.thrown else ())
        fixes = {p: fix for p, fix in entry.corrections.items() if p != place}
        if correction is not None and value is not None and not by_app:
            fixes[place] = correction
        self.note(dice=dice, rolled_by_app=rolled, thrown=thrown_, corrections=fixes)

    def kept_die(self, place: str) -> tuple[int | None, bool, bool, EntryCorrection | None]:
        """A die as it was kept: (face or None, the app's face, thrown by the app, its correction)."""
        entry = self.entry
        return (
            entry.dice.get(place),
            place in entry.rolled_by_app,
            place in entry.thrown,
            entry.corrections.get(place),
        )

    def _path_of(self, place: str) -> str:
        """A die of the entry by its path in the battle action (an initiative die by the side's
        place in [attacker, defender])."""
        head, _, side = place.partition(".")
        if head == "initiative" and self.side is not None:
            return f"initiative_dice.{0 if side == self.side else 1}"
        return place

    def corrections_for(self, action: Battle) -> tuple[DieCorrection, ...] | None:
        """The organiser's corrections of the app's dice that the action holds, as its paths."""
        faces = action.faces()
        fixes = []
        for place, fix in self.entry.corrections.items():
            path = self._path_of(place)
            entered = faces.get(path)
            if entered is not None and entered != fix.rolled:
                fixes.append(DieCorrection(path, fix.rolled, entered, fix.reason))
        return tuple(fixes) or None

    def app_paths(self, action: Battle) -> tuple[str, ...] | None:
        """The dice of the action the app rolled, as its paths (the entry's places translated)."""
        places = set(self.entry.rolled_by_app)
        faces = action.faces()
        wanted = {path for path in faces if path in places}
        if action.initiative_dice is not None and self.side is not None:
            for index, side in enumerate((self.side, self.sc.enemy_of(self.side))):
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
        self.begun = self.st
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

    def show_entering(self, pair: tuple[str, str] | None) -> None:
        """The arrow of the battle being entered, drawn dashed on the map (None: none chosen)."""
        if self.map_view is not None:
            self.map_view.show_entering(pair)

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
        return replace(action, rolled_by_app=self.app_paths(action), corrections=self.corrections_for(action))

    def battle_action(self) -> Battle:
        """The battle with its result, its rolls to destroy and its retreat, without the advance."""
        base = self.new_arrow_action() if self.open_arrow is None else Battle(*self.arrow_ends())
        decided = (self.outcome or BattleResult()).into(base)
        action = replace(decided, destroy_dice=self.destroy_dice or NO_DICE, retreat_to=self.retreat)
        return replace(action, rolled_by_app=self.app_paths(action), corrections=self.corrections_for(action))

    def final_action(self) -> Battle:
        """The battle as entered, marked as the computer's (with its reasons) where it chose a part."""
        battle = replace(self.battle_action(), advance=self.advance or None)
        reasons = self.entry.computer_reasons
        if self.computer is None or not reasons:
            return battle
        said = "; ".join(reason for reason in reasons.values() if reason)
        return replace(battle, by_computer=True, reason=reason_line(said) if said else None)

    def computer_said(self, step: Step, decision: Decision) -> str:
        """Keep the computer's reason for its choice at `step` with the entry (a choice kept is
        made again with its reason); the reason in words for its page."""
        self.note_reason(step, decision.reason)
        return self.reason_words(step)

    def note_reason(self, step: Step, reason: str | None) -> None:
        self.note(computer_reasons={**self.entry.computer_reasons, step: reason_line(reason) if reason else ""})

    def reason_words(self, step: Step) -> str:
        """The computer's kept reason for its choice at `step`, as its page says it."""
        reason = self.entry.computer_reasons.get(step)
        return " " + _("It {reason}.").format(reason=reason) if reason else ""

    # -- who played: the roster ------------------------------------------------------------------

    def new_commanders(self, games: tuple[Game, ...] | None = None) -> list[AddCommander]:
        """A commander to add for each name given to a game that is nobody's on the roster, of
        the side whose box it was typed in, once each (in the order given): recorded with the
        battle, so nobody is added when the battle is not. A name the roster's rules refuse
        (blank, too long, two lines) raises UserError."""
        if games is None:
            games = (self.outcome.games if self.outcome is not None else None) or ()
        sides = (self.the_arrow().attacker_side, self.sc.enemy_of(self.the_arrow().attacker_side)) if games else ()
        wanted: dict[str, AddCommander] = {}
        for number, game in enumerate(games, start=1):
            whose = (
                _("game {number}, the attacker's commander: {why}"),
                _("game {number}, the defender's commander: {why}"),
            )
            for refused, side, name in zip(whose, sides, game[2:4]):
                if name and rosters.find(self.st.roster, name) is None and name.casefold() not in wanted:
                    try:
                        club = self.new_clubs.get((side, name.strip().casefold()))
                        data = {"type": "add_commander", "name": name, "side": side}
                        added = parse_action({**data, **({"club": club} if club else {})})
                    except UserError as exc:
                        why = str(exc).removeprefix("'add_commander' action: name: ")
                        raise UserError(refused.format(number=number, why=why)) from None
                    assert isinstance(added, AddCommander)
                    wanted[name.casefold()] = added
        return list(wanted.values())

    def with_new_commanders(self, games: tuple[Game, ...] | None = None) -> tuple[CampaignState, Said]:
        """The campaign as the battle finds it, its new commanders on the roster, and what adding
        them says (the engine's words); refusals raise UserError."""
        st: CampaignState = self.st
        said: Said = ()
        for action in self.new_commanders(games):
            added = apply_action(self.sc, st, action)
            st, said = added.state, (*said, *added.events)
        return st, said

    def players_refusal(self, games: tuple[Game, ...]) -> str | None:
        """The engine's refusal of who is named to play these games (rule 1.10: a commander of the
        other side, a retired one), or None."""
        try:
            st, _ = self.with_new_commanders(games)
            rosters.check_players(self.sc, st, self.the_arrow(), games)
        except UserError as exc:
            return str(exc)
        return None

    def work_out(self, action: Battle) -> Applied:
        """The battle applied, not recorded, after its new commanders are added (their words
        first, as the history will say them); ChoiceNeeded and UserError as the engine raises them."""
        st, said = self.with_new_commanders()
        done = apply_action(self.sc, st, action)
        return replace(done, events=(*said, *done.events)) if said else done

    def records(self) -> list[AddCommander | Battle]:
        """What Record the battle records, all or nothing: the new commanders, then the battle."""
        return [*self.new_commanders(), self.final_action()]

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
        return forecast(self.sc, self.st, self.the_arrow(), games=outcome.games, wargame=outcome.wargame)

    def troop_words(self, troop: str) -> str:
        return f"{troop} — {troop_title(self.sc, troop, self.st.turn)}"

    def odds_words(
        self, attacker: Commitment, defender: Commitment, pending: bool = False, modifiers: tuple[int, int] = (0, 0)
    ) -> str:
        """The exact odds of the arrow as ticked, if fought as a General's Wargame battle, with
        each side's bonus factor by factor (the same factors the result adds up) and the
        situation `modifiers` typed: against the defence chosen (`pending`: the defence the
        computer will choose when Next is pressed), beside a sensible defence and no defence."""
        if not attacker.troops:
            return escape(_("Tick the attacking troops to see the odds."))  # HTML (the label's), as every answer here
        sc = self.sc
        side = self.side or ""
        enemy = sc.enemy_of(side)
        likely = self.likely_defence(attacker)
        against = likely if pending else defender
        try:
            found = self.arrow_odds(attacker, against, modifiers)
        except UserError as exc:
            return escape(_("No odds: {refusal}").format(refusal=exc))
        odds = found.odds
        each = _("the {side} {change}")
        vp = ", ".join(each.format(side=side_name(sc, s), change=signed(found.expected_vp[s])) for s in (side, enemy))
        bonus = "; ".join(
            each.format(side=side_name(sc, s), change=" ".join(f"{v:+d} {r}" for r, v in factors) or "+0")
            for s, factors in ((side, found.attacker_factors), (enemy, found.defender_factors))
        )
        chosen = (
            _("against the defence the computer will commit when you press Next ({troops})")
            if pending
            else _("against the defence committed ({troops})")
        ).format(troops=commitment_words(sc, likely if pending else defender))
        odds_line = _(ODDS_AT_RISK if against.troops else ODDS_SAFE)
        lines = [
            odds_line.format(
                chosen=chosen,
                bonus=bonus,
                side=side_name(sc, side),
                enemy=side_name(sc, enemy),
                win=share(float(odds.attacker_win)),
                draw=share(float(odds.draw)),
                lose=share(float(odds.defender_win)),
                lost=share(float(odds.attacker_destroyed)),
                destroyed=share(float(odds.defender_destroyed)),
                vp=vp,
            )
        ]
        if not pending and likely != defender:
            lines.append(
                _("Against a sensible defence ({troops}): the {side} win {share}.").format(
                    troops=commitment_words(sc, likely),
                    side=side_name(sc, side),
                    share=self.win_share(attacker, likely, modifiers),
                )
            )
        if against != Commitment():
            lines.append(
                _("If the {enemy} commit nothing: the {side} win {share}.").format(
                    enemy=side_name(sc, enemy),
                    side=side_name(sc, side),
                    share=self.win_share(attacker, Commitment(), modifiers),
                )
            )
        title = escape(_("Odds in the General's Wargame"))
        return f"<b>{title}</b> " + "<br>".join(escape(line) for line in lines)

    def arrow_odds(self, attacker: Commitment, defender: Commitment, modifiers: tuple[int, int] = (0, 0)) -> ArrowOdds:
        origin, target = self.arrow_ends()
        return arrow_odds(self.sc, self.st, origin, target, attacker, defender, self.initiative_dice, modifiers)

    def win_share(self, attacker: Commitment, defender: Commitment, modifiers: tuple[int, int]) -> str:
        try:
            origin, target = self.arrow_ends()  # the chances alone: no campaign VP to work out
            odds, _, _ = arrow_chances(self.sc, self.st, origin, target, attacker, defender, modifiers)
            return share(float(odds.attacker_win))
        except UserError:
            return "—"

    def likely_defence(self, attacker: Commitment) -> Commitment:
        """The defence the computer will commit against these attackers (the computer general's
        choice: a sensible defender's, when two people play)."""
        origin, target = self.arrow_ends()
        found: Commitment = sensible_defence(self.sc, self.st, origin, target, attacker).reply
        return found

    # -- the computer's part -------------------------------------------------------------------

    def computer_defends(self) -> bool:
        """Whether the computer chooses the defence of this new arrow."""
        return self.computer is not None and self.computer != self.side and self.open_arrow is None

    def choose_computer_defence(self) -> tuple[Commitment, str]:
        """The computer's defence, once the attacker's troops are known (the driver's question),
        and its reason in words; asked once for these attackers on this arrow, then kept with the
        entry."""
        origin, target = self.arrow_ends()
        entry = self.entry
        if (
            entry.computer_defence is not None
            and entry.committed_on == (origin, target)
            and entry.attacker == self.attacker
        ):
            return entry.computer_defence, self.reason_words(Step.COMMIT)
        question = self.driver.defence_question(self.st, origin, target, self.attacker, self.initiative_dice)
        decision = self.driver.decide(self.st, question)
        self.note(computer_defence=decision.reply)
        return decision.reply, self.computer_said(Step.COMMIT, decision)
