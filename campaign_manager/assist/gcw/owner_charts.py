"""The charts printed only on the game's map, as the shop owner typed them in.

`resources/assist/gcw_owner_charts.toml` ships empty. Until a chart is filled in, the tracker
works from values the players type and its messages say which printed chart to read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter

from campaign_manager.assist.gcw.datafile import ChartError, MobilizationItem, OwnerFile, PoliticsRow, Region
from campaign_manager.datamodel import Fault, read_data_file
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.paths import ASSIST_TABLES

OWNER_FILE = ASSIST_TABLES / "gcw_owner_charts.toml"
REGION_KINDS = {"U": N_("Urban"), "R": N_("Rural"), "F": N_("foreign area")}
TWO_DICE = range(2, 13)
OWNER = TypeAdapter(OwnerFile)
__all__ = ["MobilizationItem", "OwnerCharts", "PoliticsRow", "Region", "default_owner_charts", "read_owner_charts"]


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
        raise UserError(
            _(
                "The Politics Table is not filled in for 2d6 = {total}: read that line "
                "of the Politics Table printed on the map and type what it says"
            ).format(total=total)
        )

    def region(self, name: str) -> Region | None:
        wanted = name.strip().casefold()
        return next((r for r in self.regions if r.name.casefold() == wanted), None)


def check_owner_charts(data: OwnerFile) -> list[Fault]:
    """No 2d6 total of the Politics Table and no region is written twice."""
    faults, seen, names = [], set(), set()
    for n, row in enumerate(data.politics_table.rows):
        if row.dice in seen:
            faults.append(
                Fault(f"politics_table.rows[{n}].dice", _("2d6 = {total} is written twice").format(total=row.dice))
            )
        seen.add(row.dice)
    for n, region in enumerate(data.regions.rows):
        if region.name.casefold() in names:
            faults.append(
                Fault(f"regions.rows[{n}].name", _("the region '{region}' is written twice").format(region=region.name))
            )
        names.add(region.name.casefold())
    return faults


def read_owner_charts(path: Path) -> OwnerCharts:
    """Read the owner's charts; raises ChartError naming the file and every fault."""
    data = read_data_file(path, OWNER, ChartError, check_owner_charts)
    return OwnerCharts(
        politics=tuple(sorted(data.politics_table.rows, key=lambda row: row.dice)),
        mobilization={"government": data.mobilization_government.rows, "dse": data.mobilization_dse.rows},
        regions=data.regions.rows,
    )


@lru_cache(maxsize=1)
def default_owner_charts() -> OwnerCharts:
    return read_owner_charts(OWNER_FILE)
