"""The conflict tables' result codes and what they do, in words.

A percentage code `P%S(±n)` changes the level of P% of side S (A attacker, D defender) by n;
the lettered codes (MD, EA, VE, OK) are described in the data file. 12.1: every fraction of
units rounds up, so half of three units is two.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from campaign_manager.datamodel import Flag, Int, Keyed, Text
from campaign_manager.i18n import _, ngettext

PERCENT_CODE = re.compile(r"^(?P<percent>\d{1,3})%(?P<side>[AD])\((?P<change>[+-]\d+)\)$")
SIDE_LETTERS = {"A": "attacker", "D": "defender"}


class LetteredResult(Keyed):
    """A lettered result from the data file (its `code` is the key): which side loses units,
    how many, and Terror."""

    name: Text
    side: Literal["attacker", "defender"]
    eliminated_percent: Annotated[Int, Field(ge=1, le=100)]
    survivors_retreat: Flag
    terror: Literal["place", "remove", "none"]  # "remove" only when the Government attacked


@dataclass(frozen=True)
class Effect:
    """One result applied to a side: `count` units (None when the number of units is not
    known) have their level changed by `level_change`, or are eliminated when it is None."""

    code: str
    side: str
    percent: int
    level_change: int | None
    survivors_retreat: bool
    terror: str
    name: str = ""

    def count(self, units: int | None) -> int | None:
        """Units affected among `units`: the percentage, rounded up (12.1)."""
        if units is None:
            return None
        return math.ceil(units * self.percent / 100)


def parse_percent_code(code: str) -> tuple[int, str, int] | None:
    """(percent, side, level change) of a `P%S(±n)` code, or None if it is not one."""
    match = PERCENT_CODE.match(code.replace(" ", ""))
    if match is None:
        return None
    return int(match["percent"]), SIDE_LETTERS[match["side"]], int(match["change"])


def effect_of(code: str, lettered: dict[str, LetteredResult]) -> Effect:
    """The effect of a table's code; raises KeyError for a code that is neither form."""
    if code in lettered:
        found = lettered[code]
        return Effect(
            code, found.side, found.eliminated_percent, None, found.survivors_retreat, found.terror, found.name
        )
    parsed = parse_percent_code(code)
    if parsed is None:
        raise KeyError(code)
    percent, side, change = parsed
    return Effect(code, side, percent, change, False, "none")


def _who(effect: Effect) -> str:
    """Which units: "half of the attacker's units"."""
    attacker = effect.side == "attacker"
    if effect.percent == 100:
        return _("all of the attacker's units") if attacker else _("all of the defender's units")
    if effect.percent == 50:
        return _("half of the attacker's units") if attacker else _("half of the defender's units")
    words = _("{percent} of the attacker's units") if attacker else _("{percent} of the defender's units")
    return words.format(percent=f"{effect.percent}%")


def describe(effect: Effect, units: int | None) -> str:
    """The effect in plain words, with the number of units when it is known."""
    count = effect.count(units)
    who = _who(effect)
    if count is not None and units is not None:
        if units * effect.percent % 100:
            who = _("{who} ({count} of {units}, rounded up)").format(who=who, count=count, units=units)
        else:
            who = _("{who} ({count} of {units})").format(who=who, count=count, units=units)
    elif effect.percent % 100:
        who = _("{who} (rounded up)").format(who=who)
    if effect.level_change is None:
        if effect.survivors_retreat:
            words = _("{name}: {who} are eliminated; the survivors must retreat (12.4)")
        else:
            words = _("{name}: {who} are eliminated")
        words = words.format(name=effect.name, who=who)
    elif effect.level_change < 0:
        steps = -effect.level_change
        words = ngettext(
            "{who} go down {n} level; a unit taken below its lowest level is eliminated (12.2)",
            "{who} go down {n} levels; a unit taken below its lowest level is eliminated (12.2)",
            steps,
        ).format(who=who, n=steps)
    else:
        steps = effect.level_change
        words = ngettext(
            "{who} go up {n} level, stopping at the unit's highest level (12.2)",
            "{who} go up {n} levels, stopping at the unit's highest level (12.2)",
            steps,
        ).format(who=who, n=steps)
    return words[0].upper() + words[1:] + "."
