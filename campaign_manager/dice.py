"""Dice: typed in from a physical die or rolled by the app, always checked and recorded.

Rules code asks a `Roller` for every die it needs; a die the user typed in is checked with
`Die.check`. Replaying a log uses `NoRoller`, so a log missing a die fails loudly instead of
silently rolling a new one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from campaign_manager.errors import DieError
from campaign_manager.i18n import _, pgettext


@dataclass(frozen=True)
class Die:
    name: str
    low: int
    high: int

    def check(self, value: object, what: str) -> int:
        """Return `value` as an int if this die can show it, else raise DieError naming `what`."""
        problem, number = self.refusal(value), self._number(value)
        if problem or number is None:
            raise DieError(_("{what}: {problem}").format(what=what, problem=problem))
        return number

    def refusal(self, value: object) -> str | None:
        """Why this die cannot show `value` (typed in, or given in a file), or None when it can:
        "a d6 cannot show 7 (it shows 1 to 6)", "'x' is not a number; a d6 shows 1 to 6"."""
        number = self._number(value)
        if number is None:
            words = _("'{value}' is not a number; a {die} shows {low} to {high}")
            return words.format(value=value, die=self.words, low=self.low, high=self.high)
        if not self.low <= number <= self.high:
            words = _("a {die} cannot show {number} (it shows {low} to {high})")
            return words.format(die=self.words, number=number, low=self.low, high=self.high)
        return None

    @property
    def words(self) -> str:
        """The die's name as the user's language writes it ("d6")."""
        names = {"d6": pgettext("a die", "d6"), "d10": pgettext("a die", "d10")}
        return names.get(self.name, self.name)

    @staticmethod
    def _number(value: object) -> int | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            return None


D6 = Die("d6", 1, 6)
D10 = Die("d10", 0, 9)
DICE = {"d6": D6, "d10": D10}


def d3(d6_value: int) -> int:
    """Read a d6 as a D3: 1-2 → 1, 3-4 → 2, 5-6 → 3."""
    return (d6_value + 1) // 2


class Roller(Protocol):
    def roll(self, die: Die) -> int: ...


def draw(rng: random.Random, low: int, high: int) -> int:
    """`rng.randint(low, high)`: the same number from the same generator, drawn as CPython draws
    it (the fewest random bits that cover the span, drawn again while they overshoot) without
    randint's layers of argument checks. A playout rolls a hundred dice and What if plays
    thousands, and a seed must give the same campaign as it always has."""
    span = high - low + 1
    bits = span.bit_length()
    found = rng.getrandbits(bits)
    while found >= span:
        found = rng.getrandbits(bits)
    return low + found


class RandomRoller:
    """The app's own dice; give a seed for reproducible playouts and tests."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, die: Die) -> int:
        return draw(self._random, die.low, die.high)


class ScriptedRoller:
    """Dice given in advance, used in order; runs out loudly."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)

    def roll(self, die: Die) -> int:
        if not self._values:
            raise DieError(_("no {die} left in the scripted dice").format(die=die.words))
        return die.check(self._values.pop(0), _("scripted die"))


class NoRoller:
    """For replaying a log: every die must already be recorded."""

    def roll(self, die: Die) -> int:
        raise DieError(_("a {die} is missing from the recorded action").format(die=die.words))


def roll_or_check(value: object, die: Die, roller: Roller, what: str) -> int:
    """A typed-in value is checked; a missing one (None) is rolled.

    `what` names the die in messages, a whole phrase in the user's language: "roll to destroy GR-INF-3".
    """
    if type(value) is int and die.low <= value <= die.high:
        return value
    if value is None and not isinstance(roller, NoRoller):
        return roller.roll(die)  # the die is named only when something is wrong with it
    if value is None:
        words = _("{what}: no {die} given (type in the die rolled, or let the app roll it)")
        raise DieError(words.format(what=what, die=die.words))
    return die.check(value, what)
