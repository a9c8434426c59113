"""A battle being entered and not yet recorded: what the battle wizard keeps in the campaign file
as it is typed, so that nothing entered is lost when the wizard is closed, the window shut or the
machine switched off. It is not an action: the log, undo and redo never see it. A die the app
rolled is marked (`rolled_by_app`: its face is the app's) and, once thrown, never thrown again
(`thrown`), even after the entry is put away and taken up again."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

from pydantic import Field, ValidationError

from campaign_manager import bounds
from campaign_manager.datamodel import AnyText, Count, DataModel, Flag, Int, Text, faults_of
from campaign_manager.engine.actions import ENTRY_DIE, Area, Battle, EntryDie
from campaign_manager.engine.state import Arrow, CampaignState, Commitment
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario

MAX_ENTRY = bounds.MAX_ACTION  # characters of a kept entry as JSON: no bigger than an action


class Step(StrEnum):
    """The steps of a battle, in order (rules 1.4–1.8): the wizard's pages."""

    INITIATIVE = "initiative"
    ARROW = "arrow"
    COMMIT = "commit"
    RESULT = "result"
    DESTROY = "destroy"
    RETREAT = "retreat"
    ADVANCE = "advance"
    SUMMARY = "summary"


VP = Annotated[Int, Field(ge=0, le=99)]
Player = Annotated[Text, Field(max_length=bounds.MAX_COMMANDER)]  # a commander's name as typed


class EntryCorrection(DataModel):
    """A die the app rolled, replaced by the organiser: the app's face and why (the face entered
    in its place is the entry's die)."""

    rolled: Annotated[Int, Field(ge=1, le=6)]
    reason: Annotated[Text, Field(min_length=1, max_length=bounds.MAX_REASON)]


class BattleEntry(DataModel):
    """A battle as entered so far: each page's choices and typed values (the pages ahead of the
    one reached too, so Back loses nothing), every die by its place in the battle
    (actions.ENTRY_DIE) with whether the app rolled it, and the way through the pages."""

    open_arrow: tuple[Area, Area] | None = None  # resolving an arrow placed earlier
    log_length: Count = 0  # the log's length when it was last kept: the campaign it belongs to
    page: Step = Step.INITIATIVE
    visited: tuple[Step, ...] = ()  # the pages before it, for Back
    side: Text | None = None  # the attacker, once known
    arrow: tuple[Area, Area] | None = None  # a new arrow's ends
    committed_on: tuple[Area, Area] | None = None  # the arrow the commitments were ticked for
    attacker: Commitment = Commitment()
    defender: Commitment = Commitment()
    computer_attack: Commitment = Commitment()  # the computer's attackers, chosen with its arrow
    computer_defence: Commitment | None = None  # the computer's defence of `committed_on`, once chosen
    # the computer's reason for each choice it made, by the page it made it on
    computer_reasons: dict[Step, Annotated[AnyText, Field(max_length=bounds.MAX_REASON)]] = {}
    tabletop: Flag = True  # tabletop games (VP), or the General's Wargame (dice)
    games: Annotated[tuple[tuple[VP | None, VP | None], ...], Field(min_length=1)] = ((None, None),)
    # who played each game (attacker's, defender's) as typed; a name not on the roster is a new commander
    players: tuple[tuple[Player | None, Player | None], ...] = ()
    modifiers: tuple[Annotated[Int, Field(ge=-6, le=6)], Annotated[Int, Field(ge=-6, le=6)]] = (0, 0)
    dice: dict[EntryDie, Annotated[Int, Field(ge=1, le=6)]] = {}
    rolled_by_app: tuple[EntryDie, ...] = ()  # dice whose face is the app's
    thrown: tuple[EntryDie, ...] = ()  # dice the app has rolled: final, never rolled again
    corrections: dict[EntryDie, EntryCorrection] = {}  # app dice replaced by the organiser, and why
    retreat: Area | dict[Text, Area] | None = None
    advance: tuple[Text, ...] | None = None  # None: the survivors, as the page offers them

    def app_dice(self) -> dict[str, int]:
        """The dice the app rolled for the entry, as the app rolled them (a die corrected since: the
        app's face): what throwing it away loses."""
        rolled = {place: face for place, face in self.dice.items() if place in self.rolled_by_app}
        return {**{place: fix.rolled for place, fix in self.corrections.items()}, **rolled}

    def to_text(self) -> str:
        return self.model_dump_json(exclude_defaults=True)

    @classmethod
    def from_text(cls, text: str) -> BattleEntry:
        """Read a kept entry; refuses anything the app does not write, naming the fault."""
        if len(text) > MAX_ENTRY:
            raise EntryError(
                _("the battle being entered is larger than {size}").format(size=bounds.size_words(MAX_ENTRY))
            )

        class Refused(Exception):
            pass

        try:
            data = bounds.parse_json(text, "", _("the battle being entered"), Refused)
            return cls.model_validate(data)
        except Refused as exc:
            raise EntryError(str(exc).removeprefix(": ")) from None
        except ValidationError as exc:
            fault = faults_of(exc, data)[0]
            raise EntryError(
                _("the battle being entered: {where}: {what}").format(where=fault.where, what=fault.what)
            ) from None


def entry_from_battle(sc: Scenario, st: CampaignState, battle: Battle, log_length: int) -> BattleEntry | None:
    """The battle entry that gives a battle taken back by Undo to be entered again, when the app
    had rolled any of its dice (None otherwise): those dice belong to the battle (RULES.md, dice on
    record), so they come back final, with every other box as it was recorded. `st` is the
    campaign with the battle taken back."""
    fixes = battle.corrections or ()
    if not battle.app_dice() and not fixes:
        return None
    open_arrow = st.open_arrow(battle.origin, battle.target)
    side = open_arrow.attacker_side if open_arrow is not None else st.control.get(battle.origin)
    if side is None:
        return None
    sides = (side, sc.enemy_of(side))

    def place(path: str) -> str:
        head, _, index = path.partition(".")
        return f"initiative.{sides[int(index)]}" if head == "initiative_dice" else path

    dice = {place(path): face for path, face in battle.faces().items()}
    rolled = tuple(place(path) for path in battle.app_dice())
    corrections = {place(fix.die): EntryCorrection(rolled=fix.rolled, reason=fix.reason) for fix in fixes}
    games = battle.games or ()
    roll = battle.wargame
    first = first_step(sc, st, open_arrow)
    return BattleEntry(
        open_arrow=(battle.origin, battle.target) if open_arrow is not None else None,
        log_length=log_length,
        page=first,
        side=side,
        arrow=None if open_arrow is not None else (battle.origin, battle.target),
        committed_on=None if open_arrow is not None else (battle.origin, battle.target),
        attacker=battle.attacker or Commitment(),
        defender=battle.defender or Commitment(),
        tabletop=roll is None,
        games=tuple((g[0], g[1]) for g in games) or ((None, None),),
        players=tuple((g[2], g[3]) for g in games) if any(g[2] or g[3] for g in games) else (),
        modifiers=(roll.attacker_modifier, roll.defender_modifier) if roll is not None else (0, 0),
        dice={p: face for p, face in dice.items() if ENTRY_DIE.match(p)},
        rolled_by_app=rolled,
        thrown=tuple(dict.fromkeys((*rolled, *corrections))),
        corrections=corrections,
        retreat=battle.retreat_to,
        advance=battle.advance,
    )


def step_of(question: object) -> Step | None:
    """The wizard's page that shows one of the turn driver's questions about a battle (None: a
    question no page shows)."""
    from campaign_manager.engine import driver  # the driver, when a battle is entered: not at start-up

    pages: dict[type, Step] = {
        driver.RollInitiative: Step.INITIATIVE,
        driver.ChooseAttack: Step.ARROW,
        driver.CommitDefence: Step.COMMIT,
        driver.GiveResult: Step.RESULT,
        driver.RollToDestroy: Step.DESTROY,
        driver.ChooseRetreat: Step.RETREAT,
        driver.ChooseAdvance: Step.ADVANCE,
    }
    return pages.get(type(question))


def first_step(sc: Scenario, st: CampaignState, open_arrow: Arrow | None) -> Step:
    """The page a battle begins on: that of the turn driver's first question (the result of an
    open arrow; the arrow when the attacker is known; else the initiative)."""
    from campaign_manager.engine.driver import TurnDriver

    found = TurnDriver(sc, {}, 0, quiet=True, table=None, each_step=True).battle_question(st, open_arrow)
    return step_of(found) or Step.INITIATIVE


def salvage_app_dice(text: str | None) -> dict[str, int]:
    """The dice the app rolled that can still be read out of a kept entry that is damaged (its
    JSON text, whatever else is wrong with it): each die whose place and face are well formed and
    that the entry marks as the app's. Nothing when even that cannot be read."""
    if text is None or len(text) > MAX_ENTRY:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict) or not isinstance(data.get("dice"), dict):
        return {}
    marked = data.get("rolled_by_app")
    marked = {p for p in marked if isinstance(p, str)} if isinstance(marked, list) else set()
    return {
        place: face
        for place, face in data["dice"].items()
        if place in marked and len(place) <= 64 and ENTRY_DIE.match(place) and type(face) is int and 1 <= face <= 6
    }


class EntryError(UserError):
    """A kept battle entry the app did not write (a damaged or changed file)."""
