"""Air rules: anti-aircraft fire (8.75) and the weather's limits on missions (4.24, 8.73)."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.odds import HEX_WHY, check_strength
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.dice import D10
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _


@dataclass(frozen=True)
class AntiAircraft:
    """One anti-aircraft roll: the total and how many squadrons it turns back."""

    die: int
    strength: int
    total: int
    neutralised: int


def anti_aircraft(
    die: object, strength: object, squadrons: int | None = None, tables: BookTables | None = None
) -> AntiAircraft:
    """Die plus the combat strength in the hex; each point above the threshold (9) turns back one
    squadron, never more than flew in (fighters escorting are not counted, as at Kalpaki)."""
    tables = tables or book()
    die = D10.check(die, _("Rule 8.75: anti-aircraft die"))
    strength = check_strength(
        strength, _("Rule 8.75: combat strength in the hex"), low=0, high=tables.strongest_hex, why=HEX_WHY
    )
    total = die + strength
    neutralised = max(0, total - tables.aa_threshold)
    if squadrons is not None:
        most = tables.limits.squadrons
        flying = check_strength(
            squadrons, _("Rule 8.75: squadrons on the mission"), 0, most, N_("more than any air force")
        )
        neutralised = min(neutralised, flying)
    return AntiAircraft(die, strength, total, neutralised)


@dataclass(frozen=True)
class MissionLimits:
    """Missions allowed this turn; None means no limit."""

    weather: str
    die: int | None
    italian: int | None
    greek: int | None  # Greek and British together


def needs_die(weather: str, tables: BookTables | None = None) -> bool:
    tables = tables or book()
    return bool(tables.air_limits.get(weather, {}).get("italian_die"))


def mission_limits(weather: str, die: object = None, tables: BookTables | None = None) -> MissionLimits:
    """Rule 8.73: limits set by the weather at the start of the turn."""
    tables = tables or book()
    if weather not in tables.weathers:
        raise UserError(
            _("Rule 8.73: unknown weather '{weather}' (use {weathers})").format(
                weather=weather, weathers=", ".join(tables.weathers)
            )
        )
    limits = tables.air_limits.get(weather, {})
    italian = None
    if limits.get("italian_die"):
        if die is None:
            raise UserError(
                _("Rule 8.73: in {weather} the Italian missions depend on a d10; give the die").format(weather=weather)
            )
        die = D10.check(die, _("Rule 8.73: air missions die"))
        italian = limits.get("italian_base", 0) + die
    else:
        die = None
    return MissionLimits(weather, die, italian, limits.get("greek_total"))
