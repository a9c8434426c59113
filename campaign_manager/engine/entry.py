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
from campaign_manager.engine.actions import ENTRY_DIE, Area, EntryDie
from campaign_manager.engine.state import Commitment
from campaign_manager.errors import UserError

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
    retreat: Area | dict[Text, Area] | None = None
    advance: tuple[Text, ...] | None = None  # None: the survivors, as the page offers them

    def app_dice(self) -> dict[str, int]:
        """The dice the app rolled whose faces stand in the entry: what throwing it away loses."""
        return {place: face for place, face in self.dice.items() if place in self.rolled_by_app}

    def to_text(self) -> str:
        return self.model_dump_json(exclude_defaults=True)

    @classmethod
    def from_text(cls, text: str) -> BattleEntry:
        """Read a kept entry; refuses anything the app does not write, naming the fault."""
        if len(text) > MAX_ENTRY:
            raise EntryError(f"the battle being entered is larger than {bounds.size_words(MAX_ENTRY)}")

        class Refused(Exception):
            pass

        try:
            data = bounds.parse_json(text, "", "the battle being entered", Refused)
            return cls.model_validate(data)
        except Refused as exc:
            raise EntryError(str(exc).removeprefix(": ")) from None
        except ValidationError as exc:
            fault = faults_of(exc, data)[0]
            raise EntryError(f"the battle being entered: {fault.where}: {fault.what}") from None


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
