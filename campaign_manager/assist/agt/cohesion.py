"""Cohesion die rolls: combat results "rd" (8.3), Greek infiltration (6.9) and Italian
preparedness (Historical scenario). A d10 is compared with the unit's cohesion rating."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.odds import check_strength
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.dice import D10
from campaign_manager.errors import UserError

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
    rule = {"rd": "Rule 8.3", "infiltration": "Rule 6.92", "preparedness": "Italian preparedness"}[test]
    if modifier and test != "rd":
        raise UserError(f"{rule}: this roll takes no modifier (only an rd combat result has one), not {modifier:+d}")
    if abs(modifier) > limits.rd_modifier:
        raise UserError(
            f"{rule}: an rd modifier runs from -{limits.rd_modifier} to +{limits.rd_modifier} "
            f"(beyond, every die gives the same answer), not {modifier:+d}"
        )
    die = D10.check(die, f"{rule}: cohesion die")
    cohesion = check_strength(cohesion, f"{rule}: cohesion rating", low=0, high=limits.cohesion)
    total = die + modifier
    if test == "rd":
        passed = total <= cohesion
        outcome = "no effect" if passed else "the unit is reduced"
    elif test == "infiltration":
        passed = die <= cohesion
        outcome = "the unit moves into the hex just left" if passed else "nothing happens"
    else:
        passed = die <= cohesion
        outcome = "the unit starts at full strength" if passed else "the unit starts reduced"
    return CohesionRoll(test, die, modifier if test == "rd" else 0, cohesion, passed, outcome)
