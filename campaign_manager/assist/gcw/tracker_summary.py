"""What the tracker shows of its state: a frozen model the tracker tab reads by attribute, and
the CLI's `tracker show --json` derived from it (`summary_json`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from campaign_manager.assist.gcw.tracker_setup import Setup


@dataclass(frozen=True, slots=True)
class Airstrikes:
    """The Government's Airstrike markers (2.8) and those expended this turn (11.4)."""

    available: int
    spent_this_turn: int


@dataclass(frozen=True, slots=True)
class TurnOrder:
    """Who decides the turn order (8.0), and the sentence that says so."""

    chooser: str | None
    tie: bool
    words: str


@dataclass(frozen=True, slots=True)
class StandingView:
    """Who leads and by how much (6.1, 6.2), and the sentence that says so."""

    leader: str | None
    margin: int
    level: str | None
    victory_check_now: str  # the winner a victory check would declare now, or "draw"
    collapsed: tuple[str, ...]
    words: str


@dataclass(frozen=True, slots=True)
class MobilizationPhase:
    """The Mobilization Phase in progress: whose, on which turn, the PP spent and the limit."""

    side: str
    turn: int
    spent: int
    limit: int | None


@dataclass(frozen=True, slots=True)
class GameOver:
    """How the game ended: the winner (None: nobody), why, by how much, at what level, when."""

    winner: str | None
    reason: str
    margin: int
    level: str
    turn: int


@dataclass(frozen=True, slots=True)
class TrackerSummary:
    """Everything a player needs to see of the tracker, in the order `show --json` prints it.
    `stalin_score` is None when optional rule 17.1 is not played."""

    turn: int
    government_pi: int
    dse_pi: int
    doctrine: str | None
    mobilization_limit: int | None
    politics_roll_turn: int | None
    american_aid: bool
    american_aid_since: int | None
    terror_regions: tuple[str, ...]
    resettled_regions: tuple[str, ...]
    airstrikes: Airstrikes
    stalin_score: int | None
    dse_line: str | None
    closed_countries: tuple[str, ...]
    mobilization_phase: MobilizationPhase | None
    mobilization_this_turn: bool
    attrition_this_turn: bool
    victory_check_this_turn: bool
    first_player: str | None
    initiative: TurnOrder
    standing: StandingView
    game_over: GameOver | None
    setup: Setup
    history: tuple[str, ...]


def summary_json(summary: TrackerSummary) -> dict[str, Any]:
    """The summary as plain data, its fields in order (the CLI's `--json`)."""
    return asdict(summary)
