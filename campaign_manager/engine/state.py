"""Campaign state: everything that changes during a campaign, cheap to copy.

Troop places are plain strings: an area code, or one of the off-map places below.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import with_config

from campaign_manager.datamodel import STRICT, Text

POOL = "pool"  # destroyed: returns at the start of the next turn
CAPTURED = "captured"  # lost for good
WAITING = "waiting"  # to be placed this planning phase
RESERVE = "reserve"  # not yet arrived
OFF_MAP = (POOL, CAPTURED, WAITING, RESERVE)

def evolve(obj, **changes):
    """A copy of a dataclass instance with some fields changed; much cheaper than
    dataclasses.replace, which matters when replaying long logs."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


class Chronicle(list):
    """What an action did, in words, for the history, the CLI and reports. `recording` says the
    caller keeps the words and the completed action (with every die); a replay keeps neither."""

    recording = True


class Silent(Chronicle):
    """A chronicle nobody reads (replaying a log): hot paths skip composing their sentences and
    the completed action, which the log already holds."""

    recording = False

    def append(self, item) -> None:
        pass

    def insert(self, index, item) -> None:
        pass


SETUP, PLANNING, BATTLE, STRATEGIC, FINISHED = "setup", "planning", "battle", "strategic", "finished"


@with_config(STRICT)
@dataclass(frozen=True)
class Commitment:
    """What one side puts on a battle arrow: ground troops and at most one aircraft sortie."""

    troops: tuple[Text, ...] = ()
    sortie: Text | None = None  # the nation whose sortie is spent

    def to_json(self) -> dict:
        data: dict = {"troops": list(self.troops)}
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

    def pair(self) -> frozenset[str]:
        return frozenset((self.origin, self.target))


@dataclass
class CampaignState:
    """The whole campaign at one moment; rebuilt from the action log, never stored itself."""

    turn: int
    phase: str
    control: dict[str, str | None]
    where: dict[str, str]  # troop id → area code or off-map place
    waiting_zone: dict[str, str] = field(default_factory=dict)  # waiting troop → where it may go
    sorties: dict[str, int] = field(default_factory=dict)
    battles_required: int = 0
    battles_fought: int = 0
    fixed_fought: tuple[tuple[str, str], ...] = ()
    open_arrows: tuple[Arrow, ...] = ()
    scored: dict[str, int] = field(default_factory=lambda: {"axis": 0, "allied": 0})
    command_wins: dict[str, int] = field(default_factory=dict)
    redeployed: tuple[str, ...] = ()  # nations that have redeployed this turn, in order
    deployed: tuple[str, ...] = ()  # nations whose deployment rule was met when the next nation began
    turn_dice: tuple[int, ...] = ()
    initiative: tuple[str, tuple[int, int]] | None = None  # rolled ahead: (attacking side, (its die, the other's))

    def copy(self) -> "CampaignState":
        return evolve(self, control=dict(self.control), where=dict(self.where),
                      waiting_zone=dict(self.waiting_zone), sorties=dict(self.sorties),
                      scored=dict(self.scored), command_wins=dict(self.command_wins))

    def troops_in(self, area: str) -> list[str]:
        return [troop for troop, place in self.where.items() if place == area]

    def committed(self) -> set[str]:
        """Troops standing on an open battle arrow."""
        return {t for arrow in self.open_arrows for t in (*arrow.attacker.troops, *arrow.defender.troops)}

    def open_arrow(self, origin: str, target: str) -> Arrow | None:
        for arrow in self.open_arrows:
            if arrow.origin == origin and arrow.target == target:
                return arrow
        return None
