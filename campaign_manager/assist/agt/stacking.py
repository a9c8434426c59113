"""Stacking (rule 6.42): combat strength points per hex by terrain, one artillery unit a hex."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.odds import STACK_WHY, check_strength
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _


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
            return _("NOT allowed: {faults}").format(faults=_("; and ").join(self.faults))
        if self.single:
            words = (
                _(
                    "Allowed: a single unit of {total} strength points always fits a {terrain} hex, "
                    "whatever the limit of {limit}; the artillery unit stacks free — rule 6.42"
                )
                if self.artillery
                else _(
                    "Allowed: a single unit of {total} strength points always fits a {terrain} hex, "
                    "whatever the limit of {limit} — rule 6.42"
                )
            )
        elif self.one_unit_always:
            words = (
                _(
                    "Allowed: {total} strength points in a {terrain} hex, the limit is {limit} (or one unit); "
                    "the artillery unit stacks free — rule 6.42"
                )
                if self.artillery
                else _(
                    "Allowed: {total} strength points in a {terrain} hex, "
                    "the limit is {limit} (or one unit) — rule 6.42"
                )
            )
        else:
            words = (
                _(
                    "Allowed: {total} strength points in a {terrain} hex, the limit is {limit}; "
                    "the artillery unit stacks free — rule 6.42"
                )
                if self.artillery
                else _("Allowed: {total} strength points in a {terrain} hex, the limit is {limit} — rule 6.42")
            )
        return words.format(total=self.total, terrain=self.terrain, limit=self.limit)


def check_stack(terrain: str, units: Sequence[int], artillery: int = 0, tables: BookTables | None = None) -> StackCheck:
    """`units`: the combat strength of each non-artillery unit; artillery stacks free."""
    tables = tables or book()
    if terrain not in tables.stacking:
        raise UserError(
            _("Rule 6.42: unknown terrain '{terrain}' (use {terrains})").format(
                terrain=terrain, terrains=", ".join(tables.stacking)
            )
        )
    limits = tables.limits
    check_strength(
        len(units), _("Rule 6.42: units listed"), low=0, high=limits.units_in_hex, why=N_("no hex holds as many")
    )
    strengths = [check_strength(s, _("Rule 6.42: unit strength"), 0, tables.largest_stack, STACK_WHY) for s in units]
    artillery = check_strength(
        artillery,
        _("Rule 6.42: artillery units"),
        low=0,
        high=limits.artillery,
        why=N_("more than either order of battle"),
    )
    limit, total = tables.stacking[terrain], sum(strengths)
    faults = []
    one_unit_always = terrain in tables.one_unit_always
    single = one_unit_always and len(strengths) == 1 and total > limit
    if total > limit and not single:
        fault = (
            _("{total} strength points in a {terrain} hex, the limit is {limit} (or one unit) — rule 6.42")
            if one_unit_always
            else _("{total} strength points in a {terrain} hex, the limit is {limit} — rule 6.42")
        )
        faults.append(fault.format(total=total, terrain=terrain, limit=limit))
    if artillery > tables.artillery_per_hex:
        faults.append(
            _("{artillery} artillery units in one hex, only {most} may stack there — rule 6.42").format(
                artillery=artillery, most=tables.artillery_per_hex
            )
        )
    return StackCheck(terrain, limit, total, not faults, faults, single, one_unit_always, artillery)
