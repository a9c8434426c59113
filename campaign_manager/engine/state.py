"""Campaign state: everything that changes during a campaign, cheap to copy.

Troop places are plain strings: an area code, or one of the off-map places below.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NotRequired, Protocol, SupportsIndex, TypedDict, TypeVar

from pydantic import with_config

from campaign_manager.datamodel import STRICT, Text

if TYPE_CHECKING:
    from campaign_manager.errors import ChoiceNeeded
    from campaign_manager.scenario.model import Scenario

POOL = "pool"  # destroyed: returns at the start of the next turn
CAPTURED = "captured"  # lost for good
WAITING = "waiting"  # to be placed this planning phase
RESERVE = "reserve"  # not yet arrived
OFF_MAP = (POOL, CAPTURED, WAITING, RESERVE)


T = TypeVar("T")


def evolve(obj: T, **changes: object) -> T:
    """A copy of a dataclass instance with some fields changed; much cheaper than
    dataclasses.replace, which matters when replaying long logs."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


class Chooser(Protocol):
    """A player at the table answering what the rules ask after the dice: the defender where to
    retreat (as a ChoiceNeeded's answer), the attacker who advances into the area just taken
    (choices in order of preference: the first the rules allow is made; an empty one ends it)."""

    def retreat(self, sc: Scenario, st: CampaignState, choice: ChoiceNeeded) -> str | dict[str, str]: ...

    def advance(
        self, sc: Scenario, st: CampaignState, target: str, survivors: list[str], candidates: list[str]
    ) -> Iterable[list[str]]: ...


class Chronicle(list[str]):
    """What an action did, in words, for the history, the CLI and reports. `recording` says the
    caller keeps the words and the completed action (with every die); a replay keeps neither.
    `chooser`, when a player sits at the table (the computer opponent), answers the questions the
    rules ask in the middle of a battle (`Chooser`); without one, the action
    itself carries the answers or is refused with ChoiceNeeded."""

    recording = True
    chooser: Chooser | None = None


class Silent(Chronicle):
    """A chronicle nobody reads (replaying a log): hot paths skip composing their sentences and
    the completed action, which the log already holds."""

    recording = False

    def append(self, item: str) -> None:
        pass

    def insert(self, index: SupportsIndex, item: str) -> None:
        pass


_NOBODY: list[str] = []  # what `Places.standing` gives for an empty place (never changed)


class Places(dict[str, str]):
    """Troop id → where it stands, with an index of who stands in each place, built when first
    asked for and dropped by any change. The rules and the computer players ask "who is here?"
    thousands of times in a playout, between few moves."""

    __slots__ = ("_by_place",)

    # The arguments of dict's own (overloaded) methods, passed on whole: dict checks them.
    def __init__(self, *args: Any, **kwargs: str) -> None:
        super().__init__(*args, **kwargs)
        self._by_place: dict[str, list[str]] | None = None

    def __setitem__(self, key: str, value: str) -> None:
        dict.__setitem__(self, key, value)
        self._by_place = None

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self, key)
        self._by_place = None

    def update(self, *args: Any, **kwargs: str) -> None:
        dict.update(self, *args, **kwargs)
        self._by_place = None

    def pop(self, *args: Any) -> Any:
        self._by_place = None
        return dict.pop(self, *args)

    def setdefault(self, key: str, default: str) -> str:  # a place is always named: no None default
        self._by_place = None
        return dict.setdefault(self, key, default)

    def popitem(self) -> tuple[str, str]:
        self._by_place = None
        return dict.popitem(self)

    def clear(self) -> None:
        dict.clear(self)
        self._by_place = None

    def copy(self) -> Places:
        """A copy that shares the index: an index is never changed, only dropped by a change, so
        a state copied and then asked "who is here?" before it moves need not build it again."""
        new = Places.__new__(Places)  # no __init__: nothing to drop
        dict.update(new, self)
        new._by_place = self._by_place
        return new

    def __ior__(self, other: Mapping[str, str]) -> Places:  # type: ignore[override,misc]
        self.update(other)
        return self

    def in_place(self, place: str) -> list[str]:
        """The troops standing in `place`, in the order the troops were listed (a new list)."""
        by = self._by_place
        if by is None:
            by = {}
            for troop, here in self.items():
                if here in by:
                    by[here].append(troop)
                else:
                    by[here] = [troop]
            self._by_place = by
        found = by.get(place)
        return list(found) if found else []

    def standing(self, place: str) -> list[str]:
        """`in_place` without the copy, for hot paths that only read it: never change the list."""
        by = self._by_place
        if by is None:
            self.in_place(place)
            by = self._by_place
            assert by is not None
        return by.get(place, _NOBODY)


class Phase(StrEnum):
    """Where a campaign stands (rule 1.1): before turn 1, a turn's planning or battle phase,
    between turns, or over. Written as its value ("planning") in the JSON views."""

    SETUP = "setup"
    PLANNING = "planning"
    BATTLE = "battle"
    STRATEGIC = "strategic"
    FINISHED = "finished"


class Play(StrEnum):
    """How a campaign is fought (rule 1.5's battle count): at the tabletop, where the turn's
    count is a floor with no ceiling, or as a General's Wargame (dice only, two players at one
    screen or against the computer; what-if playouts too), where the turn has the rolled count
    plus the extra battles both generals agreed when it started, and then it ends."""

    TABLETOP = "tabletop"
    WARGAME = "wargame"


class CommitmentJson(TypedDict):
    troops: list[str]
    sortie: NotRequired[str]


@with_config(STRICT)
@dataclass(frozen=True)
class Commitment:
    """What one side puts on a battle arrow: ground troops and at most one aircraft sortie."""

    troops: tuple[Text, ...] = ()
    sortie: Text | None = None  # the nation whose sortie is spent

    def to_json(self) -> CommitmentJson:
        data: CommitmentJson = {"troops": list(self.troops)}
        if self.sortie:
            data["sortie"] = self.sortie
        return data


@dataclass(frozen=True)
class Arrow:
    """A battle arrow placed on the map and not yet resolved."""

    origin: str
    target: str
    attacker_side: str
    attacker: Commitment
    defender: Commitment
    initiative_dice: tuple[int, int] | None = None
    mission_die: int | None = None  # the suggested-mission d6, when rolled as the arrow was placed

    def pair(self) -> frozenset[str]:
        return frozenset((self.origin, self.target))


@dataclass(frozen=True)
class Commander:
    """A player on the campaign's roster. `number` is theirs for good (the order they joined,
    from 1): it stays when they are renamed, so their games stay theirs."""

    number: int
    name: str  # as typed; compared without regard to case
    side: str
    club: str | None = None
    retired: bool = False  # named in no new game; their past games stay in the league
    general: bool = False  # their side's General (at most one a side)


TIE_BREAKS = ("vp_difference", "vp_for", "destroyed", "head_to_head")  # what may part commanders level on points


@dataclass(frozen=True)
class Scoring:
    """How the league scores its commanders (chosen per campaign, an action in the log): points
    for each game won, drawn and lost, a bonus for each game played, and what parts commanders
    level on points, in order (`TIE_BREAKS`). The default is the league's first scheme: a point a
    win, then the VP difference, then the VP scored."""

    win: int = 1
    draw: int = 0
    loss: int = 0
    per_game: int = 0
    tie_breaks: tuple[str, ...] = ("vp_difference", "vp_for")


DEFAULT_SCORING = Scoring()


@dataclass
class CampaignState:
    """The whole campaign at one moment; rebuilt from the action log, never stored itself."""

    turn: int
    phase: Phase
    control: dict[str, str | None]
    where: Places  # troop id → area code or off-map place (a plain dict given is made Places)
    waiting_zone: dict[str, str] = field(default_factory=dict)  # waiting troop → where it may go
    sorties: dict[str, int] = field(default_factory=dict)
    battles_required: int = 0
    battles_fought: int = 0
    fixed_fought: tuple[tuple[str, str], ...] = ()
    fought: tuple[Arrow, ...] = ()  # the turn's battles fought so far, each arrow as it was placed
    open_arrows: tuple[Arrow, ...] = ()
    scored: dict[str, int] = field(default_factory=dict)  # side → VP scored; each side's from the start
    command_centre_wins: tuple[tuple[str, int], ...] = ()  # (area, turn) of each win against a command centre
    redeployed: tuple[str, ...] = ()  # nations that have redeployed this turn, in order
    deployed: tuple[str, ...] = ()  # nations whose deployment rule was met when the next nation began
    turn_dice: tuple[int, ...] = ()
    initiative: tuple[str, tuple[int, int]] | None = None  # rolled ahead: (attacking side, (its die, the other's))
    play: Play = Play.TABLETOP  # from the campaign's settings: whether the turn's battles have a ceiling
    extra_battles: int = 0  # agreed when the turn started, beyond its rolled count (General's Wargame)
    roster: tuple[Commander, ...] = ()  # the commanders, in the order they joined
    scoring: Scoring = DEFAULT_SCORING  # how the league scores them (the last SetScoring)
    played_by: frozenset[int] = frozenset()  # the numbers of the commanders named in a recorded game

    def __post_init__(self) -> None:
        if type(self.where) is not Places:
            self.where = Places(self.where)

    def copy(self) -> CampaignState:
        """A copy that changes apart from this state (its tuples and records are never changed,
        only replaced, so they are shared). Made for every action applied."""
        new = object.__new__(CampaignState)
        new.__dict__.update(self.__dict__)
        new.control = self.control.copy()
        new.where = self.where.copy()
        new.waiting_zone = self.waiting_zone.copy()
        new.sorties = self.sorties.copy()
        new.scored = self.scored.copy()
        return new

    @property
    def command_wins(self) -> dict[str, int]:
        """How many wins were scored against each command centre."""
        counts: dict[str, int] = {}
        for code, _ in self.command_centre_wins:
            counts[code] = counts.get(code, 0) + 1
        return counts

    @property
    def battle_ceiling(self) -> int | None:
        """The most battles this turn may have (rule 1.5): None at the tabletop (no ceiling)."""
        return None if self.play is Play.TABLETOP else self.battles_required + self.extra_battles

    def troops_in(self, area: str) -> list[str]:
        return self.where.in_place(area)

    def committed(self) -> set[str]:
        """Troops standing on an open battle arrow."""
        return {t for arrow in self.open_arrows for t in (*arrow.attacker.troops, *arrow.defender.troops)}

    def open_arrow(self, origin: str, target: str) -> Arrow | None:
        for arrow in self.open_arrows:
            if arrow.origin == origin and arrow.target == target:
                return arrow
        return None
