"""The book's numbers for A Greek Tragedy, read from resources/assist/agt.toml.

Every entry is checked on loading; a broken file is refused with a message naming the file,
the entry and what is wrong with it, so the owner can mend it without reading Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from campaign_manager.datamodel import AnyText, DataModel, Flag, Int, Keyed, Number, Text
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.paths import ASSIST_TABLES

BOOK_FILE = ASSIST_TABLES / "agt.toml"
SCENARIOS = ("historical", "gamers")
REMOVALS = ("one", "half")
CHART_KINDS = ("int", "text", "weather")
D10 = Annotated[Int, Field(ge=0, le=9)]


class TableError(UserError):
    """A data file of the module is missing or broken; the message names file and entry."""


class RandomEvent(DataModel):
    """One line of a scenario's Random Events table."""

    dice: Annotated[tuple[D10, ...], Field(min_length=1)]
    code: AnyText
    name: AnyText
    effect: AnyText
    once: Flag = False
    remove_greek: Literal["one", "half"] | None = None  # of the Greek markers left in the cup
    special_event_chit: Flag = False
    opens_port_building: Flag = False
    port_bonus: Int = 0


class ChartSpec(Keyed):
    """A chart printed only on the map: its shape, filled in by the owner (see charts.py)."""

    title: AnyText
    read: AnyText  # where on the printed map to look, for "read ..." messages
    rows: tuple[Text, ...]
    columns: tuple[Text, ...]
    kind: Literal["int", "text", "weather"]
    note: AnyText | None = None  # how to copy it, shown with the chart in the panel
    # a column of older owner files → the columns it is read as (see charts.py)
    older_columns: dict[str, tuple[Text, ...]] = {}


Scenario = Literal["historical", "gamers"]


class SpecialEvent(Keyed):
    """A Gamers' Special Event chit whose effect the tracker keeps (its `code` is the key)."""

    name: Text
    effect: Text
    port_boost: Annotated[Int, Field(ge=0)] = 0  # capacity points added to one port each turn
    italian_initiative: Flag = False
    attack_drm: Int = 0  # on every Italian ground attack this turn


class ReferenceEntry(DataModel):
    """One paragraph of a reference topic, for the scenarios it belongs to."""

    scenarios: Annotated[tuple[Scenario, ...], Field(min_length=1)]
    heading: Text
    text: Text


class ReferenceTopic(Keyed):
    """A reference a player wants at the table (victory conditions, strategic movement, ...)."""

    title: Text
    rule: Text
    entries: Annotated[tuple[ReferenceEntry, ...], Field(min_length=1)]


class Reinforcement(DataModel):
    """One line of the reinforcement schedule: the Italians' by season, the Greeks' by month
    with the refit points they receive (9.11)."""

    scenarios: Annotated[tuple[Scenario, ...], Field(min_length=1)]
    side: Literal["italian", "greek"]
    season: Text | None = None
    month: Text | None = None
    units: Text
    refit_points: Annotated[Int, Field(ge=0)] = 0


class Limits(DataModel):
    """Bounds on what a player types, from the book where it gives one (see agt.toml)."""

    attack_hexes: Annotated[Int, Field(ge=1)]
    artillery: Annotated[Int, Field(ge=1)]
    squadrons: Annotated[Int, Field(ge=1)]
    bombers: Annotated[Int, Field(ge=1)]
    armour_points: Annotated[Int, Field(ge=1)]
    cohesion: Annotated[Int, Field(ge=0)]
    rd_modifier: Annotated[Int, Field(ge=0)]
    units_in_hex: Annotated[Int, Field(ge=1)]
    artillery_strength: Annotated[Int, Field(ge=0)] = 1


class ScenarioSpec(DataModel):
    name: AnyText
    first_month: AnyText
    weather_modifier: Int
    fixed_weather: dict[str, Text]
    weather_roll_on: tuple[Int, ...]
    first_turn_weather: Text | None = None  # the scenario's first turn has this weather, with no roll


class PerScenario(DataModel):
    historical: Int
    gamers: Int


class AirLimit(DataModel):
    """Air missions in one weather (8.73); a side left out has no limit."""

    italian_base: Int | None = None
    italian_die: Flag | None = None
    greek_total: Int | None = None


class Calendar(DataModel):
    months: tuple[Text, ...]
    names: dict[str, AnyText]
    seasons: dict[str, Text]
    rounding: dict[str, Literal["up", "down"]]


class BookFile(DataModel):
    """The whole of agt.toml, as written."""

    class Odds(DataModel):
        step: Annotated[Number, Field(gt=0)]

    class AntiAircraft(DataModel):
        threshold: Int

    class InitiativeSpec(DataModel):
        first_turn_holder: AnyText
        greek_bonus: PerScenario

    class Stacking(DataModel):
        limits: dict[str, Int]
        one_unit_always: tuple[Text, ...]
        artillery_per_hex: Int

    class Ports(DataModel):
        start: dict[str, Int]
        bomber_cut: Int
        build_per_point: Int
        build_from: AnyText
        refit_cost: Int
        squadrons_per_point: Annotated[Int, Field(ge=1)]

    class Cup(DataModel):
        markers_per_command: Int
        mussolini_markers: Int

    class Commands(DataModel):
        """The commands the book names, each side's, for the pick lists (typed names still go)."""

        italian: tuple[Text, ...] = ()
        greek: tuple[Text, ...] = ()

    class Events(DataModel):
        historical: tuple[RandomEvent, ...]
        gamers: tuple[RandomEvent, ...]

    class Scenarios(DataModel):
        historical: ScenarioSpec
        gamers: ScenarioSpec

    odds: Odds
    limits: Limits
    modifiers: dict[str, Int]
    anti_aircraft: AntiAircraft
    initiative: InitiativeSpec
    stacking: Stacking
    air_limits: dict[str, AirLimit | tuple[Text, ...]]  # one table per weather, and `weathers`
    ports: Ports
    cup: Cup
    commands: Commands = Commands()
    calendar: Calendar
    scenarios: Scenarios
    events: Events
    special_events: dict[str, SpecialEvent]
    reference: dict[str, ReferenceTopic]
    reinforcements: Annotated[tuple[Reinforcement, ...], Field(min_length=1)]
    charts: dict[str, ChartSpec]


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
    refit_cost: int
    squadrons_per_point: int
    markers_per_command: int
    italian_commands: tuple[str, ...]  # the book's command names, for the pick lists
    greek_commands: tuple[str, ...]
    mussolini_markers: int
    months: tuple[str, ...]
    month_names: dict[str, str]
    seasons: dict[str, str]
    rounding: dict[str, str]
    scenarios: dict[str, ScenarioSpec]
    events: dict[str, tuple[RandomEvent, ...]]
    charts: dict[str, ChartSpec]
    limits: Limits
    special_events: dict[str, SpecialEvent]
    reference: dict[str, ReferenceTopic]
    reinforcements: tuple[Reinforcement, ...]

    def event_for(self, scenario: str, die: int) -> RandomEvent:
        for event in self.events[scenario]:
            if die in event.dice:
                return event
        raise TableError(
            _("{file}: entry 'events.{scenario}': no event for a roll of {die}").format(
                file=BOOK_FILE.name, scenario=scenario, die=die
            )
        )

    def month_index(self, month: str) -> int:
        return self.months.index(month)

    def scenario_months(self, scenario: str) -> tuple[str, ...]:
        """The months of the scenario's turns, its first turn first (one turn a month)."""
        return self.months[self.month_index(self.scenarios[scenario].first_month) :]

    @property
    def largest_stack(self) -> int:
        """The most strength points any hex holds (6.42)."""
        return max(self.stacking.values())

    @property
    def strongest_hex(self) -> int:
        """The most strength a hex holds with its artillery: a full stack and the one artillery
        unit that stacks on it at no cost (6.42)."""
        return self.largest_stack + self.artillery_per_hex * self.limits.artillery_strength
