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


def _share(percent: int) -> str:
    return {100: "all", 50: "half"}.get(percent, f"{percent}%")


def describe(effect: Effect, units: int | None) -> str:
    """The effect in plain words, with the number of units when it is known."""
    count = effect.count(units)
    who = f"{_share(effect.percent)} of the {effect.side}'s units"
    if count is not None and units is not None:
        rounding = ", rounded up" if units * effect.percent % 100 else ""
        who += f" ({count} of {units}{rounding})"
    elif effect.percent % 100:
        who += " (rounded up)"
    if effect.level_change is None:
        words = f"{effect.name}: {who} are eliminated"
        if effect.survivors_retreat:
            words += "; the survivors must retreat (12.4)"
    elif effect.level_change < 0:
        steps = -effect.level_change
        words = (
            f"{who} go down {steps} level{'s' * (steps > 1)}; a unit taken below its lowest level is eliminated (12.2)"
        )
    else:
        steps = effect.level_change
        words = f"{who} go up {steps} level{'s' * (steps > 1)}, stopping at the unit's highest level (12.2)"
    return words[0].upper() + words[1:] + "."
