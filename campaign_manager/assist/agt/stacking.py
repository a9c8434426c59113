"""Stacking (rule 6.42): combat strength points per hex by terrain, one artillery unit a hex."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.odds import STACK_WHY, check_strength
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.errors import UserError


@dataclass(frozen=True)
class StackCheck:
    """Whether a stack may stand in a hex, with the reasons when it may not."""

    terrain: str
    limit: int
    total: int
    allowed: bool
    faults: list[str] = field(default_factory=list)
    single: bool = False  # one unit over the limit where one unit always fits
    one_unit_always: bool = False  # the terrain lets one unit stand whatever its strength
    artillery: int = 0

    def verdict(self) -> str:
        """The answer first ("Allowed" / "NOT allowed"), then why, naming rule 6.42."""
        if not self.allowed:
            return "NOT allowed: " + "; and ".join(self.faults)
        free = "; the artillery unit stacks free" if self.artillery else ""
        if self.single:
            return (
                f"Allowed: a single unit of {self.total} strength points always fits a "
                f"{self.terrain} hex, whatever the limit of {self.limit}{free} — rule 6.42"
            )
        extra = " (or one unit)" if self.one_unit_always else ""
        return (
            f"Allowed: {self.total} strength points in a {self.terrain} hex, "
            f"the limit is {self.limit}{extra}{free} — rule 6.42"
        )


def check_stack(terrain: str, units: Sequence[int], artillery: int = 0, tables: BookTables | None = None) -> StackCheck:
    """`units`: the combat strength of each non-artillery unit; artillery stacks free."""
    tables = tables or book()
    if terrain not in tables.stacking:
        raise UserError(f"Rule 6.42: unknown terrain '{terrain}' (use {', '.join(tables.stacking)})")
    limits = tables.limits
    check_strength(len(units), "Rule 6.42: units listed", low=0, high=limits.units_in_hex, why="no hex holds as many")
    strengths = [check_strength(s, "Rule 6.42: unit strength", 0, tables.largest_stack, STACK_WHY) for s in units]
    artillery = check_strength(
        artillery, "Rule 6.42: artillery units", low=0, high=limits.artillery, why="more than either order of battle"
    )
    limit, total = tables.stacking[terrain], sum(strengths)
    faults = []
    one_unit_always = terrain in tables.one_unit_always
    single = one_unit_always and len(strengths) == 1 and total > limit
    if total > limit and not single:
        extra = " (or one unit)" if one_unit_always else ""
        faults.append(f"{total} strength points in a {terrain} hex, the limit is {limit}{extra} — rule 6.42")
    if artillery > tables.artillery_per_hex:
        faults.append(
            f"{artillery} artillery units in one hex, only {tables.artillery_per_hex} may stack there — rule 6.42"
        )
    return StackCheck(terrain, limit, total, not faults, faults, single, one_unit_always, artillery)
