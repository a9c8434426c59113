"""The one vocabulary of actions: the GUI, the command line, the campaign file's log and
undo/redo all speak it.

Each action is declared once, as a frozen dataclass whose fields are typed for pydantic:
`action_adapter()` (one discriminated union on "type", built when first needed) reads the JSON
form, refusing anything malformed with the path of the fault; `to_json` writes the log's form
from the same declaration. The engine builds and reads the dataclasses directly, so nothing is
validated twice on replay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple, TypeVar, dataclass_transform, get_args

from pydantic import AfterValidator, Field, PlainSerializer, TypeAdapter, with_config

from campaign_manager.bounds import MAX_BATTLE_DICE, MAX_COMMANDER, MAX_NOTE, MAX_REASON
from campaign_manager.datamodel import STRICT, AnyText, DataModel, Die, Int, Text, Words
from campaign_manager.engine.state import Commitment
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _


class ActionFormatError(UserError):
    """An action written in a shape the app does not understand."""


# An action's title in a few words where its own "type" says it (the rest have a `title`).
_TITLES = {"start_turn": N_("start turn"), "end_turn": N_("end turn"), "note": N_("note"), "action": N_("action")}


def _one_line(name: str) -> str:
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise ValueError(_("a name is one line of text, without control characters"))
    return name


CommanderName = Annotated[
    Words,
    Field(
        max_length=MAX_COMMANDER,
        description=f"a commander's name as the roster has it (any case), at most {MAX_COMMANDER} characters",
    ),
    AfterValidator(_one_line),
]


class GameScore(DataModel):
    """One tabletop game of a battle: the victory points each side scored and, when they are
    named, the commanders who played it (by roster name, any case)."""

    attacker_vp: Annotated[Int, Field(ge=0)]
    defender_vp: Annotated[Int, Field(ge=0)]
    attacker_commander: CommanderName | None = None
    defender_commander: CommanderName | None = None


class Game(NamedTuple):
    """One tabletop game as the engine holds it: (attacker VP, defender VP) first, then who
    played it, if they are named (a game recorded without them has none)."""

    attacker_vp: int
    defender_vp: int
    attacker_commander: str | None = None
    defender_commander: str | None = None


Score = Game | tuple[int, int]  # a game's VP (attacker's, defender's), with or without who played it


def _game_json(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {"attacker_vp": game[0], "defender_vp": game[1]}
    if len(game) > 2 and game[2] is not None:
        data["attacker_commander"] = game[2]
    if len(game) > 3 and game[3] is not None:
        data["defender_commander"] = game[3]
    return data


if TYPE_CHECKING:  # what the engine holds
    GameField = Game
    SideDice = tuple[tuple[str, int | None], ...]
else:  # how it is read and written
    # A game is held as a Game (a named tuple: VP first); written as a GameScore, the commanders
    # left out when nobody is named, so a battle of an earlier log is written as it was.
    GameField = Annotated[
        GameScore,
        AfterValidator(lambda g: Game(g.attacker_vp, g.defender_vp, g.attacker_commander, g.defender_commander)),
        PlainSerializer(_game_json),
    ]
    # Initiative dice are held as sorted (side, die) pairs; written as {"axis": 5, "allied": 3}.
    SideDice = Annotated[
        dict[Text, Int | None], AfterValidator(lambda d: tuple(sorted(d.items()))), PlainSerializer(dict)
    ]
Area = Annotated[Text, Field(description="an area code, as the scenario writes it")]
TroopIds = tuple[Text, ...]
RolledByApp = Annotated[
    tuple[Annotated[Text, Field(max_length=64)], ...] | None,
    Field(
        description='the dice the app rolled, each by its path in the action ("destroy_dice.GR-INF-1"); '
        "dice typed in from the table are not listed. Left out: none (a die left out of the action "
        "is rolled by the app and listed in the log)"
    ),
]


class Written:
    """What every action can do: give the JSON form the log keeps, and name its dice."""

    def to_json(self) -> dict[str, Any]:
        return to_json(self)  # type: ignore[arg-type]

    def faces(self) -> dict[str, int]:
        """Every die the action holds, by its path in the JSON form ("destroy_dice.GR-INF-1"),
        in the order the form writes them; a die still to be rolled is not there."""
        return {}

    def app_dice(self) -> tuple[str, ...]:
        """The paths of the dice the app rolled (the others were typed in from the table)."""
        return getattr(self, "rolled_by_app", None) or ()

    def title(self) -> str:
        """The action in a few words, for Edit ▸ Undo and the status line ("battle B1 → C1")."""
        kind = str(getattr(self, "type", "action"))
        return _(_TITLES[kind]) if kind in _TITLES else kind.replace("_", " ")


class NoDice(dict[str, int]):
    """No dice given: an empty dict that refuses changes, shared as the default. (A default
    factory would cost pydantic a call per battle read, which replaying long logs feels.)"""

    def __hash__(self) -> int:  # type: ignore[override]
        return 0

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("the shared NO_DICE never changes: build a new dict")

    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = _refuse  # type: ignore[assignment]


NO_DICE = NoDice()


def _tag(name: str) -> Any:
    return field(default=name, kw_only=True, repr=False)


Reason = Annotated[Words, Field(max_length=MAX_REASON, description=f"one line, at most {MAX_REASON} characters")]


def _by_computer() -> Any:
    """Whether the computer opponent chose this action (marked in the log and the history)."""
    return field(default=False, kw_only=True)


def _reason() -> Any:
    """The computer's reason for its choice, in a line."""
    return field(default=None, kw_only=True)


T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def declared(cls: type[T]) -> type[T]:
    """A frozen dataclass read strictly by pydantic: unknown keys refused."""
    return with_config(STRICT)(dataclass(frozen=True)(cls))


@declared
class StartTurn(Written):
    """Start the next turn; `dice` are the battle-count d3s (rolled when missing).
    `extra_battles`: in a General's Wargame, the battles both generals agree to fight beyond the
    rolled count (rule 1.5: the turn then ends)."""

    dice: tuple[Int, ...] | None = None
    rolled_by_app: RolledByApp = None
    extra_battles: Annotated[Int, Field(ge=0, le=MAX_BATTLE_DICE * 3)] = 0
    type: Literal["start_turn"] = _tag("start_turn")

    def faces(self) -> dict[str, int]:
        return {f"dice.{index}": die for index, die in enumerate(self.dice or ()) if die is not None}


@declared
class Place(Written):
    """Place a waiting troop (a reinforcement, or one back from the pool)."""

    troop: Text
    area: Area
    by_computer: bool = _by_computer()
    reason: Reason | None = _reason()
    type: Literal["place"] = _tag("place")

    def title(self) -> str:
        return _("placing {troop} in {area}").format(troop=self.troop, area=self.area)


@declared
class Redeploy(Written):
    """Move a troop inside its own side's territory in the planning phase."""

    troop: Text
    to: Area
    by_computer: bool = _by_computer()
    reason: Reason | None = _reason()
    type: Literal["redeploy"] = _tag("redeploy")

    def title(self) -> str:
        return _("redeploying {troop} to {area}").format(troop=self.troop, area=self.to)


@declared
class WargameRoll:
    """The General's Wargame dice (rolled when missing) and modifiers agreed at the table."""

    attacker_die: Int | None = None
    defender_die: Int | None = None
    attacker_modifier: Int = 0
    defender_modifier: Int = 0


@declared
class DieCorrection:
    """A die the app rolled that the organiser replaced with the die thrown at the table: both
    faces and why, kept with the battle so the history shows the app's roll was not lost."""

    die: Annotated[
        Text, Field(max_length=64, description='the die, by its path in the action ("wargame.attacker_die")')
    ]
    rolled: Annotated[Die, Field(description="the face the app rolled")]
    entered: Annotated[Die, Field(description="the face entered in its place, which stands")]
    reason: Annotated[
        Reason, Field(min_length=1, description="why the app's roll was replaced, as the organiser typed it")
    ]


@declared
class Battle(Written):
    """Place a battle arrow and, when results are given, fight it out.

    Without `games` or `wargame` the arrow stays open (the tabletop game is being played);
    a later Battle on the same arrow with results resolves it.
    """

    origin: Annotated[Area, Field(alias="from")]
    target: Annotated[Area, Field(alias="to")]
    initiative_dice: Annotated[tuple[Int, Int], Field(description="[attacker, defender]")] | None = None
    attacker: Commitment | None = None
    defender: Commitment | None = None
    games: Annotated[tuple[GameField, ...], Field(min_length=1)] | None = None
    wargame: WargameRoll | None = None
    destroy_dice: dict[Text, Int] = NO_DICE  # troop id → d6; left out: rolled
    retreat_to: Area | dict[Text, Area] | None = None  # one area, or troop id → area for a split retreat
    advance: TroopIds | None = None
    mission_die: Int | Literal["roll"] | None = None  # the suggested-mission d6, or "roll"
    rolled_by_app: RolledByApp = None
    corrections: tuple[DieCorrection, ...] | None = None  # app dice replaced by the organiser, both faces kept
    by_computer: bool = _by_computer()  # the computer chose a part of it: its arrow, defence, retreat or advance
    reason: Reason | None = _reason()
    type: Literal["battle"] = _tag("battle")

    @property
    def has_result(self) -> bool:
        return self.games is not None or self.wargame is not None

    def faces(self) -> dict[str, int]:
        found = {f"initiative_dice.{index}": die for index, die in enumerate(self.initiative_dice or ())}
        roll = self.wargame
        if roll is not None:
            for name in ("attacker_die", "defender_die"):
                die = getattr(roll, name)
                if die is not None:
                    found[f"wargame.{name}"] = die
        found.update((f"destroy_dice.{troop}", die) for troop, die in self.destroy_dice.items())
        if type(self.mission_die) is int:
            found["mission_die"] = self.mission_die
        return found

    def title(self) -> str:
        return (
            _("battle {origin} → {target}").format(origin=self.origin, target=self.target)
            if self.has_result
            else _("battle arrow {origin} → {target} (placed, no result yet)").format(
                origin=self.origin, target=self.target
            )
        )


@declared
class Initiative(Written):
    """Roll for the next battle's initiative before any arrow is chosen; the winner attacks."""

    dice: SideDice | None = None  # (side, d6) pairs; None → both rolled
    rolled_by_app: RolledByApp = None
    type: Literal["initiative"] = _tag("initiative")

    def faces(self) -> dict[str, int]:
        return {f"dice.{side}": die for side, die in self.dice or () if die is not None}

    def title(self) -> str:
        return _("the initiative roll")


@declared
class Abandon(Written):
    """Take an open arrow off the map before any game was recorded on it."""

    origin: Annotated[Area, Field(alias="from")]
    target: Annotated[Area, Field(alias="to")]
    type: Literal["abandon"] = _tag("abandon")

    def title(self) -> str:
        return _("abandoning the arrow {origin} → {target}").format(origin=self.origin, target=self.target)


@declared
class EndTurn(Written):
    """End the turn once its battles are fought."""

    by_computer: bool = _by_computer()
    reason: Reason | None = _reason()
    type: Literal["end_turn"] = _tag("end_turn")


NoteText = Annotated[Words, Field(max_length=MAX_NOTE, description=f"at most {MAX_NOTE:,} characters")]


@declared
class Note(Written):
    """The organiser's note in the history."""

    text: NoteText
    type: Literal["note"] = _tag("note")


# The dice of a battle being entered, by their place in it: "initiative.axis" (each side's
# initiative d6, before the roll says who attacks), "mission_die", "wargame.attacker_die",
# "wargame.defender_die", "destroy_dice.GR-INF-1".
ENTRY_DIE = re.compile(
    r"^(?:initiative\..+|mission_die|wargame\.(?:attacker|defender)_die|destroy_dice\..+)$", re.DOTALL
)


def _entry_die(place: str) -> str:
    if not ENTRY_DIE.match(place):
        raise ValueError(
            _(
                "{place} is not a die of a battle entry (initiative.SIDE, mission_die, "
                "wargame.attacker_die, wargame.defender_die or destroy_dice.TROOP)"
            ).format(place=repr(place[:64]))
        )
    return place


EntryDie = Annotated[Text, Field(max_length=64), AfterValidator(_entry_die)]


@declared
class Discard(Written):
    """A battle entry thrown away before it was recorded, after the app had rolled dice for it:
    the history keeps those dice (a die the app rolled is final and on record). Nothing else
    changes."""

    dice: Annotated[
        dict[EntryDie, Die],
        Field(description="each die thrown away: its place → its face (at least one, unless `damaged`)"),
    ] = NO_DICE
    battle: Annotated[AnyText, Field(max_length=200, description="the battle being entered, in words")] = ""
    damaged: (
        Annotated[
            AnyText, Field(max_length=300, description="why the kept entry could not be read, when it was damaged")
        ]
        | None
    ) = None
    type: Literal["discard"] = _tag("discard")

    def title(self) -> str:
        return _("throwing away a battle entry")

    def faces(self) -> dict[str, int]:
        return {f"dice.{place}": die for place, die in self.dice.items()}

    def app_dice(self) -> tuple[str, ...]:
        return tuple(self.faces())  # every die it names was the app's


ClubName = Annotated[
    Words, Field(max_length=MAX_COMMANDER, description=f"at most {MAX_COMMANDER} characters"), AfterValidator(_one_line)
]


@declared
class AddCommander(Written):
    """Put a commander on the roster: a player of one side, with their club or shop if given."""

    name: CommanderName
    side: Text
    club: ClubName | None = None
    type: Literal["add_commander"] = _tag("add_commander")

    def title(self) -> str:
        return _("adding the commander {name}").format(name=self.name)


@declared
class RenameCommander(Written):
    """Give a commander on the roster another name; their games stay theirs."""

    name: CommanderName
    to: CommanderName
    type: Literal["rename_commander"] = _tag("rename_commander")

    def title(self) -> str:
        return _("renaming the commander {name} to {new_name}").format(name=self.name, new_name=self.to)


@declared
class RetireCommander(Written):
    """Take a commander off the roster for new games; their past games stay in the league."""

    name: CommanderName
    type: Literal["retire_commander"] = _tag("retire_commander")

    def title(self) -> str:
        return _("retiring the commander {name}").format(name=self.name)


@declared
class SetGeneral(Written):
    """Make a commander the General of their side (the side's General before steps down)."""

    name: CommanderName
    type: Literal["set_general"] = _tag("set_general")

    def title(self) -> str:
        return _("making {name} General").format(name=self.name)


@declared
class SetClub(Written):
    """Change a commander's club or shop (left out: no club); their games stay theirs."""

    name: CommanderName
    club: ClubName | None = None
    type: Literal["set_club"] = _tag("set_club")

    def title(self) -> str:
        return _("changing the club of {name}").format(name=self.name)


@declared
class SetSide(Written):
    """Move a commander to the other side, allowed only while they have played no game (a sign-up
    put on the wrong side)."""

    name: CommanderName
    side: Text
    type: Literal["set_side"] = _tag("set_side")

    def title(self) -> str:
        return _("changing the side of {name}").format(name=self.name)


@declared
class UnretireCommander(Written):
    """Bring a retired commander back for new games; their past games were always theirs."""

    name: CommanderName
    type: Literal["unretire_commander"] = _tag("unretire_commander")

    def title(self) -> str:
        return _("bringing back the commander {name}").format(name=self.name)


def _distinct(breaks: tuple[str, ...]) -> tuple[str, ...]:
    if len(set(breaks)) != len(breaks):
        raise ValueError(_("each tie-break is named once"))
    return breaks


Points = Annotated[Int, Field(ge=-100, le=100, description="league points, from -100 to 100")]
TieBreak = Literal["vp_difference", "vp_for", "destroyed", "head_to_head"]  # as engine/state.py TIE_BREAKS


@declared
class SetScoring(Written):
    """How the league scores its commanders from now on: points for each game won, drawn and
    lost, a bonus for each game played, and the tie-breaks that part commanders level on points,
    in order. The whole league is scored again by it, past games too."""

    win: Points = 1
    draw: Points = 0
    loss: Points = 0
    per_game: Points = 0
    tie_breaks: Annotated[
        tuple[TieBreak, ...],
        Field(max_length=4, description="in order: vp_difference, vp_for, destroyed, head_to_head"),
        AfterValidator(_distinct),
    ] = ("vp_difference", "vp_for")
    type: Literal["set_scoring"] = _tag("set_scoring")

    def title(self) -> str:
        return _("changing the league's scoring")


RosterAction = (
    AddCommander | RenameCommander | RetireCommander | SetGeneral | SetClub | SetSide | UnretireCommander | SetScoring
)
Action = StartTurn | Place | Redeploy | Initiative | Battle | Abandon | EndTurn | Note | Discard | RosterAction


@cache
def action_adapter() -> TypeAdapter[Action]:
    """The union's reader and writer, built when first needed: building it is most of this
    module's import, and a window that opens a new campaign reads no action."""
    return TypeAdapter(Annotated[Action, Field(discriminator="type")])


if TYPE_CHECKING:
    ACTION: TypeAdapter[Action]  # the same adapter, by its older name (`action_adapter()`)


def __getattr__(name: str) -> Any:
    if name == "ACTION":
        return action_adapter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The registry of action names: each action's "type" is declared once, on its class, and read
# from there (`Place.type`) wherever a name is needed; the words below and the store's lists are
# derived from these.
ACTION_KINDS: dict[str, type[Action]] = {kind.type: kind for kind in get_args(Action)}
ACTION_TYPES: tuple[str, ...] = tuple(ACTION_KINDS)  # each action's "type", in order


def to_json(action: Action) -> dict[str, Any]:
    """The action as the log writes it: "type" first, empty and missing parts left out."""
    data = action_adapter().dump_python(
        action, mode="json", by_alias=True, exclude_none=True
    )  # the union's own writer: no second schema to build
    for quiet in ("destroy_dice", "extra_battles", "by_computer"):  # written only when they say something
        if quiet in data and not data[quiet]:
            del data[quiet]
    return {"type": data.pop("type"), **data}
