"""The book's numbers for A Greek Tragedy, read from resources/assist/agt.toml.

Every entry is checked on loading; a broken file is refused with a message naming the file,
the entry and what is wrong with it, so the owner can mend it without reading Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.datafile import Refusal
from campaign_manager.errors import UserError
from campaign_manager.paths import ASSIST_TABLES

BOOK_FILE = ASSIST_TABLES / "agt.toml"
SCENARIOS = ("historical", "gamers")
REMOVALS = ("one", "half")
CHART_KINDS = ("int", "text", "weather")


class TableError(UserError):
    """A data file of the module is missing or broken; the message names file and entry."""


TABLE_REFUSAL = Refusal(TableError, place="{file}: entry '{where}': {fault}",
                        mismatch="expected {kind}, found {value!r}",
                        not_choice="expected one of {choices}, found {value!r}")


@dataclass(frozen=True)
class RandomEvent:
    """One line of a scenario's Random Events table."""

    dice: tuple[int, ...]
    code: str
    name: str
    effect: str
    once: bool = False
    remove_greek: str | None = None  # "one" or "half" of the Greek markers left in the cup
    special_event_chit: bool = False
    opens_port_building: bool = False
    port_bonus: int = 0


@dataclass(frozen=True)
class ChartSpec:
    """A chart printed only on the map: its shape, filled in by the owner (see charts.py)."""

    name: str
    title: str
    read: str  # where on the printed map to look, for "read ..." messages
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    kind: str  # "int", "text" or "weather"


@dataclass(frozen=True)
class BookTables:
    """Everything numeric the module takes from the rule book."""

    odds_step: float
    modifiers: dict[str, int]
    aa_threshold: int
    first_turn_holder: str
    greek_bonus: dict[str, int]
    stacking: dict[str, int]
    one_unit_always: tuple[str, ...]
    artillery_per_hex: int
    air_limits: dict[str, dict[str, Any]]
    weathers: tuple[str, ...]
    port_start: dict[str, int]
    bomber_cut: int
    build_per_point: int
    build_from: str
    markers_per_command: int
    mussolini_markers: int
    months: tuple[str, ...]
    month_names: dict[str, str]
    seasons: dict[str, str]
    rounding: dict[str, str]
    scenarios: dict[str, dict[str, Any]]
    events: dict[str, tuple[RandomEvent, ...]]
    charts: dict[str, ChartSpec]

    def event_for(self, scenario: str, die: int) -> RandomEvent:
        for event in self.events[scenario]:
            if die in event.dice:
                return event
        raise TableError(f"{BOOK_FILE.name}: entry 'events.{scenario}': no event for a roll of {die}")

    def month_index(self, month: str) -> int:
        return self.months.index(month)
