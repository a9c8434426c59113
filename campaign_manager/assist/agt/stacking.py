"""Stacking (rule 6.42): combat strength points per hex by terrain, one artillery unit a hex."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.odds import check_strength
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


def check_stack(terrain: str, units: Sequence[int], artillery: int = 0,
                tables: BookTables | None = None) -> StackCheck:
    """`units`: the combat strength of each non-artillery unit; artillery stacks free."""
    tables = tables or book()
    if terrain not in tables.stacking:
        raise UserError(f"Rule 6.42: unknown terrain '{terrain}' (use {', '.join(tables.stacking)})")
    strengths = [check_strength(s, "Rule 6.42: unit strength", low=0) for s in units]
    artillery = check_strength(artillery, "Rule 6.42: artillery units", low=0)
    limit, total = tables.stacking[terrain], sum(strengths)
    faults = []
    single = terrain in tables.one_unit_always and len(strengths) == 1
    if total > limit and not single:
        extra = " or a single unit" if terrain in tables.one_unit_always else ""
        faults.append(f"Rule 6.42: {total} strength points in a {terrain} hex; "
                      f"the limit is {limit}{extra}")
    if artillery > tables.artillery_per_hex:
        faults.append(f"Rule 6.42: {artillery} artillery units in one hex; "
                      f"only {tables.artillery_per_hex} may stack there")
    return StackCheck(terrain, limit, total, not faults, faults)
