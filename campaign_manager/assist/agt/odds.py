"""Odds ratios (rule 8.25) and the strength halvings that come before them (8.27, 8.53)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _


def check_strength(value: object, what: str, low: int = 1, high: int | None = None, why: str = "") -> int:
    """A count the user typed, as an int; refuses fractions, text and values out of `low` to
    `high` (`why` says where the bound comes from)."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise UserError(_("{what}: '{value}' is not a whole number").format(what=what, value=value)) from None
    if value < low:
        raise UserError(_("{what}: must be at least {low}, not {value}").format(what=what, low=low, value=value))
    if high is not None and value > high:
        if why:
            refusal = _("{what}: can be at most {high} ({why}), not {value}")
        else:
            refusal = _("{what}: can be at most {high}, not {value}")
        raise UserError(refusal.format(what=what, high=high, why=_(why) if why else "", value=value))
    return value


def attack_most(tables: BookTables) -> int:
    """The most strength an attack can bring: a full stack in every hex around the defender."""
    return tables.limits.attack_hexes * tables.largest_stack


STACK_WHY = N_("the largest stack a hex holds, rule 6.42")
HEX_WHY = N_("the largest stack a hex holds and its one artillery unit, rules 6.42 and 8.44")
ATTACK_WHY = N_("a full stack in each of the six hexes around the defender, rules 6.42 and 8.26")


def halved(strength: int) -> int:
    """Half, rounded down, never below one (8.27 isolation, 8.53 unsupported armour)."""
    return max(1, strength // 2)


def side_strength(strength: int, unsupported_armour: Iterable[int] = (), isolated: bool = False) -> int:
    """A side's total strength for the odds.

    `strength` is the total of its units other than unsupported armour; each armour unit with no
    infantry stacked with it counts half (8.53); an isolated defender's whole total is halved (8.27).
    """
    total = strength + sum(halved(armour) for armour in unsupported_armour)
    return halved(total) if isolated else total


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def odds_ratio(attacker: int, defender: int, tables: BookTables | None = None) -> str:
    """Rule 8.25: the ratio of the larger total to the smaller, rounded to the nearest step
    (half up), written from the attacker's side: 21 to 11 is "2:1", 10 to 15 is "1:1.5"."""
    tables = tables or book()
    attacker = check_strength(attacker, _("Rule 8.25: attacking strength"), high=attack_most(tables), why=ATTACK_WHY)
    defender = check_strength(defender, _("Rule 8.25: defending strength"), high=tables.largest_stack, why=STACK_WHY)
    step = Fraction(tables.odds_step).limit_denominator(100)
    larger, smaller = max(attacker, defender), min(attacker, defender)
    # exact fractions: 3:2 must round to 1.5, not to a float neighbour
    steps = math.floor(Fraction(larger, smaller) / step + Fraction(1, 2))
    rounded = max(Fraction(1), steps * step)
    if rounded == 1:
        return "1:1"
    if attacker >= defender:
        return f"{_number(rounded)}:1"
    return f"1:{_number(rounded)}"
