"""Rally (step 3) and reaction (step 5) rolls, both passed on a die by unit class A to E."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.assist.opa.tables import CLASSES, OpaTables
from campaign_manager.dice import D6, RandomRoller, Roller, roll_or_check
from campaign_manager.errors import UserError
from campaign_manager.i18n import _

STATES = ("shaken", "routed")


def unit_class(value: str) -> str:
    """The class letter, upper-cased; anything but A to E is refused."""
    letter = str(value).strip().upper()
    if letter not in CLASSES:
        raise UserError(
            _("Unit class '{value}' is not an Opa Opa class: classes run from A (best) to E (worst)").format(
                value=value
            )
        )
    return letter


@dataclass(frozen=True)
class ClassRoll:
    """A rally or reaction roll: the die, any modifier, the number needed and the outcome."""

    roll: str  # "rally" or "reaction"
    unit_class: str
    die: int | None  # None: no die is rolled (a routed unit does not react)
    modifier: int
    needed: int
    passed: bool
    explanation: str

    @property
    def modified(self) -> int | None:
        return None if self.die is None else self.die + self.modifier

    def to_json(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "class": self.unit_class,
            "die": self.die,
            "modifier": self.modifier,
            "modified": self.modified,
            "needed": self.needed,
            "passed": self.passed,
            "explanation": self.explanation,
        }


def rally(
    tables: OpaTables,
    cls: str,
    die: object = None,
    state: str = "shaken",
    hold_card: bool = True,
    artillery: bool = False,
    roller: Roller | None = None,
) -> ClassRoll:
    """Roll to rally a shaken or routed unit (or a silenced battery)."""
    letter = unit_class(cls)
    if state not in STATES:
        raise UserError(
            _("Rally: a unit that is '{state}' has nothing to rally from; only shaken or routed units rally").format(
                state=state
            )
        )
    if not hold_card and not artillery:
        raise UserError(
            _(
                "Rally: the unit's general must play a HOLD card before it can rally "
                "(only a silenced battery rallies without one)"
            )
        )
    value = roll_or_check(die, D6, roller or RandomRoller(), _("Rally die"))
    needed = tables.rally[letter]
    passed = value >= needed
    if passed and state == "routed":
        text = _(
            "Class {letter} rallies on {needed} or more; die {die}: "
            "passed. The unit stops routing but stays shaken for the rest of the game."
        )
    elif passed:
        text = _(
            "Class {letter} rallies on {needed} or more; die {die}: passed. The unit recovers and is no longer shaken."
        )
    elif state == "routed":
        text = _(
            "Class {letter} rallies on {needed} or more; die {die}: "
            "failed. The unit routs another march move; if that takes it off the table, it is gone."
        )
    else:
        text = _("Class {letter} rallies on {needed} or more; die {die}: failed. The unit stays shaken.")
    text = text.format(letter=letter, needed=needed, die=value)
    return ClassRoll("rally", letter, value, 0, needed, passed, text)


def reaction(
    tables: OpaTables,
    cls: str,
    die: object = None,
    shaken: bool = False,
    routed: bool = False,
    roller: Roller | None = None,
) -> ClassRoll:
    """Roll for a defender's reaction before close combat (Greek fire, facing the enemy). A
    routed unit does not react: that is the answer "no", with no die (step 5: no rout reaction)."""
    letter = unit_class(cls)
    needed = tables.reaction[letter]
    if routed:
        if die is not None:  # a die typed for a unit that rolls none would be dropped unsaid
            raise UserError(
                _(
                    "Reaction: a routed unit takes no reaction test (rules step 5), so no die is rolled for it; "
                    "leave the die out"
                )
            )
        text = _(
            "Class {letter} reacts on {needed} or more, but a routed unit cannot react: no reaction, no die."
        ).format(letter=letter, needed=needed)
        return ClassRoll("reaction", letter, None, 0, needed, False, text)
    value = roll_or_check(die, D6, roller or RandomRoller(), _("Reaction die"))
    modifier = tables.reaction_shaken_modifier if shaken else 0
    passed = value + modifier >= needed
    if modifier and passed:
        text = _(
            "Class {letter} reacts on {needed} or more; die {die}, {modifier} for being shaken = {total}: "
            "the unit reacts."
        )
    elif modifier:
        text = _(
            "Class {letter} reacts on {needed} or more; die {die}, {modifier} for being shaken = {total}: no reaction."
        )
    elif passed:
        text = _("Class {letter} reacts on {needed} or more; die {die}: the unit reacts.")
    else:
        text = _("Class {letter} reacts on {needed} or more; die {die}: no reaction.")
    text = text.format(letter=letter, needed=needed, die=value, modifier=f"{modifier:+d}", total=value + modifier)
    return ClassRoll("reaction", letter, value, modifier, needed, passed, text)
