"""The Greek Civil War's data files declared as typed models: `gcw.toml` (the conflict charts
and the Political Index's numbers) and `gcw_owner_charts.toml` (charts printed only on the map,
filled in by the shop owner). Read through `campaign_manager.datamodel`: a damaged file is
refused naming the file and every faulty entry with its line.
"""

from __future__ import annotations

from typing import Annotated, Generic, Literal, TypeVar

from pydantic import Field, PrivateAttr

from campaign_manager.assist.gcw.results import LetteredResult
from campaign_manager.datamodel import Count, DataModel, Flag, Int, Keyed, Text
from campaign_manager.errors import FileRefused

Positive = Annotated[Int, Field(ge=1)]
Parity = Literal["odd", "even"]


class ChartError(FileRefused):
    """A data file (chart or owner-filled table) that cannot be used as it is."""


class Column(DataModel):
    """A column of the conflict tables, used from `min_ratio` (attacker ÷ defender, rounded down)."""

    label: Text
    min_ratio: Count


class ConflictTable(DataModel):
    """One conflict table: a row per die face, a code per column."""

    title: Text
    airstrike_allowed: Flag
    unconventional_allowed: Flag
    rows: tuple[tuple[Text, ...], ...]
    _key: str = PrivateAttr("")

    @property
    def key(self) -> str:
        return self._key

    def code(self, die: int, column: int) -> str:
        return self.rows[die - 1][column]


class Cost(DataModel):
    attacker: Count
    defender: Count


class ConflictSpec(DataModel):
    die: Text
    columns: Annotated[tuple[Column, ...], Field(min_length=1)]
    airstrike_shift: Count
    unconventional_modifier: Count
    tables: dict[str, ConflictTable]
    unconventional_cost: dict[str, Cost]
    codes: dict[str, LetteredResult]


class Band(DataModel):
    """A named range of values, both ends included (victory levels, Tito-Stalin outcomes)."""

    low: Count
    high: Count
    name: Text

    def holds(self, value: int) -> bool:
        return self.low <= value <= self.high


class StalinOutcome(Band):
    """What the DSE's line after the Tito-Stalin break closes, and its purge (17.1)."""

    closes: tuple[Text, ...]
    purge_dice: Count

    @property
    def band(self) -> Band:
        return self


class Doctrine(Keyed):
    """A Government doctrine from the Politics Table and its spending limit (16.3)."""

    name: Text
    mobilization_limit: Count


class GcwFile(DataModel):
    """The whole of gcw.toml, as written."""

    class Index(DataModel):
        government_start: Positive
        dse_start: Positive
        cap: Positive
        collapse_at: Int

    class Turns(DataModel):
        turns: tuple[Positive, ...]

    class Aid(DataModel):
        government_at_most: Count
        dse_at_least: Count
        points: Count

    class Control(DataModel):
        terror_penalty: Count
        resettled_penalty: Count
        no_conventional_dse_dice: Count
        tight_defense_dice: Count
        area_defense_penalty: Count

    class Resettlement(DataModel):
        dice: Positive
        control_points: Count

    class Mobilization(DataModel):
        parity: Parity
        not_on_turns: tuple[Positive, ...]

    class Attrition(DataModel):
        parity: Parity
        percent: Annotated[Int, Field(ge=1, le=100)]

    class Regions(DataModel):
        urban: tuple[Text, ...]
        foreign: tuple[Text, ...]
        tight_defense: tuple[Text, ...]

    class Limits(DataModel):
        strength: Positive
        units: Positive
        turn: Positive

    class TitoStalin(DataModel):
        dice_per_mobilization: Positive
        threshold: Positive
        outcomes: tuple[StalinOutcome, ...]

    conflict: ConflictSpec
    political_index: Index
    victory_levels: Annotated[tuple[Band, ...], Field(min_length=1)]
    victory_check: Turns
    doctrines: dict[str, Doctrine]
    american_aid: Aid
    control_phase: Control
    resettlement: Resettlement
    mobilization: Mobilization
    attrition: Attrition
    tito_stalin: TitoStalin
    regions: Regions
    limits: Limits


class PoliticsRow(DataModel):
    """One line of the Politics Table: a 2d6 total and what it gives."""

    dice: Annotated[Int, Field(ge=2, le=12)]
    doctrine: Literal["tight", "area", "aggressive"]
    duration: Positive
    mobilization_limit: Count | None = None


class MobilizationItem(DataModel):
    """A line of a Mobilization Chart: a unit and its costs in Political Points."""

    unit: Text
    cost: Count
    upgrade: Count | None = None


class Region(DataModel):
    """A region of the map with its printed Political Points (DSE / Government)."""

    name: Text
    kind: Literal["U", "R", "F"]
    dse: Count
    government: Count

    def points_for(self, side: str) -> int:
        return self.dse if side == "dse" else self.government


R = TypeVar("R", bound=DataModel)


class Rows(DataModel, Generic[R]):
    """An owner-filled chart: its rows, none until filled in."""

    rows: tuple[R, ...] = ()


class OwnerFile(DataModel):
    """The whole of gcw_owner_charts.toml, as written."""

    politics_table: Rows[PoliticsRow] = Rows[PoliticsRow]()
    mobilization_government: Rows[MobilizationItem] = Rows[MobilizationItem]()
    mobilization_dse: Rows[MobilizationItem] = Rows[MobilizationItem]()
    regions: Rows[Region] = Rows[Region]()
