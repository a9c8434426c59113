"""The charts printed only on the game's map, as the shop owner typed them in.

`resources/assist/gcw_owner_charts.toml` ships empty. Until a chart is filled in, the tracker
works from values the players type and its messages say which printed chart to read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from campaign_manager.assist.gcw.datafile import CHART_REFUSAL
from campaign_manager.datafile import DataEntry, load_toml
from campaign_manager.errors import UserError
from campaign_manager.paths import ASSIST_TABLES

OWNER_FILE = ASSIST_TABLES / "gcw_owner_charts.toml"
DOCTRINE_KEYS = ("tight", "area", "aggressive")
REGION_KINDS = {"U": "Urban", "R": "Rural", "F": "foreign area"}
TWO_DICE = range(2, 13)


@dataclass(frozen=True)
class PoliticsRow:
    """One line of the Politics Table: a 2d6 total and what it gives."""

    dice: int
    doctrine: str
    duration: int
    mobilization_limit: int | None


@dataclass(frozen=True)
class MobilizationItem:
    """A line of a Mobilization Chart: a unit and its costs in Political Points."""

    unit: str
    cost: int
    upgrade: int | None


@dataclass(frozen=True)
class Region:
    """A region of the map with its printed Political Points (DSE / Government)."""

    name: str
    kind: str
    dse: int
    government: int

    def points_for(self, side: str) -> int:
        return self.dse if side == "dse" else self.government


@dataclass(frozen=True)
class OwnerCharts:
    """The owner-filled charts; empty tuples until filled in."""

    politics: tuple[PoliticsRow, ...]
    mobilization: dict[str, tuple[MobilizationItem, ...]]  # side → chart
    regions: tuple[Region, ...]

    def politics_row(self, total: int) -> PoliticsRow:
        for row in self.politics:
            if row.dice == total:
                return row
        raise UserError(f"The Politics Table is not filled in for 2d6 = {total}: read that line "
                        f"of the Politics Table printed on the map and type what it says")

    def region(self, name: str) -> Region | None:
        wanted = name.strip().casefold()
        return next((r for r in self.regions if r.name.casefold() == wanted), None)


def _optional(entry: DataEntry, key: str, low: int) -> int | None:
    found = entry.get(key)
    return None if found is None else found.integer(low)


def _politics(section: DataEntry) -> tuple[PoliticsRow, ...]:
    rows, seen = [], set()
    for item in _rows(section):
        row = PoliticsRow(item["dice"].integer(min(TWO_DICE), max(TWO_DICE)),
                          item["doctrine"].text(DOCTRINE_KEYS), item["duration"].integer(1),
                          _optional(item, "mobilization_limit", 0))
        if row.dice in seen:
            raise item["dice"].refuse(f"2d6 = {row.dice} is written twice")
        seen.add(row.dice)
        rows.append(row)
    return tuple(sorted(rows, key=lambda row: row.dice))


def _mobilization(section: DataEntry) -> tuple[MobilizationItem, ...]:
    return tuple(MobilizationItem(item["unit"].text(), item["cost"].integer(0),
                                  _optional(item, "upgrade", 0)) for item in _rows(section))


def _regions(section: DataEntry) -> tuple[Region, ...]:
    regions: list[Region] = []
    for item in _rows(section):
        region = Region(item["name"].text(), item["kind"].text(tuple(REGION_KINDS)),
                        item["dse"].integer(0), item["government"].integer(0))
        if any(other.name.casefold() == region.name.casefold() for other in regions):
            raise item["name"].refuse(f"the region '{region.name}' is written twice")
        regions.append(region)
    return tuple(regions)


def _section(root: DataEntry, key: str) -> DataEntry:
    return root.optional(key, {})


def _rows(section: DataEntry) -> list[DataEntry]:
    """The `rows` blocks of an owner-filled chart; none yet reads as empty."""
    return section.optional("rows", []).items()


def read_owner_charts(path: Path) -> OwnerCharts:
    """Read the owner's charts; raises ChartError naming the file, entry and fault."""
    root = load_toml(path, CHART_REFUSAL)
    return OwnerCharts(
        politics=_politics(_section(root, "politics_table")),
        mobilization={"government": _mobilization(_section(root, "mobilization_government")),
                      "dse": _mobilization(_section(root, "mobilization_dse"))},
        regions=_regions(_section(root, "regions")))


@lru_cache(maxsize=1)
def default_owner_charts() -> OwnerCharts:
    return read_owner_charts(OWNER_FILE)
