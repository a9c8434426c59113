"""Cohesion die rolls: combat results "rd" (8.3), Greek infiltration (6.9) and Italian
preparedness (Historical scenario). A d10 is compared with the unit's cohesion rating."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.odds import check_strength
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.dice import D10
from campaign_manager.errors import UserError
from campaign_manager.i18n import _

TESTS = ("rd", "infiltration", "preparedness")


@dataclass(frozen=True)
class CohesionRoll:
    """The outcome of one cohesion die roll, in words and as a yes/no."""

    test: str
    die: int
    modifier: int
    cohesion: int
    passed: bool  # the unit keeps its strength / gets in
    outcome: str


def cohesion_roll(
    test: str, die: object, cohesion: object, modifier: int = 0, tables: BookTables | None = None
) -> CohesionRoll:
    """`die` typed in or rolled by the caller; refuses a value a d10 cannot show. Only an rd
    result carries a modifier (8.3); infiltration (6.92) and preparedness compare the bare die."""
    if test not in TESTS:
        raise ValueError(f"unknown cohesion test {test!r}")
    limits = (tables or book()).limits
    rule = {"rd": _("Rule 8.3"), "infiltration": _("Rule 6.92"), "preparedness": _("Italian preparedness")}[test]
    if modifier and test != "rd":
        raise UserError(
            _("{rule}: this roll takes no modifier (only an rd combat result has one), not {modifier}").format(
                rule=rule, modifier=f"{modifier:+d}"
            )
        )
    if abs(modifier) > limits.rd_modifier:
        raise UserError(
            _(
                "{rule}: an rd modifier runs from -{most} to +{most} "
                "(beyond, every die gives the same answer), not {modifier}"
            ).format(rule=rule, most=limits.rd_modifier, modifier=f"{modifier:+d}")
        )
    die = D10.check(die, _("{rule}: cohesion die").format(rule=rule))
    cohesion = check_strength(cohesion, _("{rule}: cohesion rating").format(rule=rule), low=0, high=limits.cohesion)
    total = die + modifier
    if test == "rd":
        passed = total <= cohesion
        outcome = _("no effect") if passed else _("the unit is reduced")
    elif test == "infiltration":
        passed = die <= cohesion
        outcome = _("the unit moves into the hex just left") if passed else _("nothing happens")
    else:
        passed = die <= cohesion
        outcome = _("the unit starts at full strength") if passed else _("the unit starts reduced")
    return CohesionRoll(test, die, modifier if test == "rd" else 0, cohesion, passed, outcome)
