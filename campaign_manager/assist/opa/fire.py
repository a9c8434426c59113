"""Fire (step 2 of the turn) and the hit check that follows it.

Each stand rolls one die (artillery two at grapeshot range); a die reaching the target's hit
number is a hit. After all fire, each unit hit rolls one die against its total hits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from campaign_manager.assist.opa.tables import OpaTables, Weapon
from campaign_manager.dice import D6, RandomRoller, Roller, roll_or_check
from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext


def _lookup(table: dict[str, Any], code: str, what: str) -> Any:
    if code not in table:
        raise UserError(
            _("{what} '{code}' is not in Opa Opa's tables; choose one of {codes}").format(
                what=what, code=code, codes=", ".join(table)
            )
        )
    return table[code]


@dataclass(frozen=True)
class FireResult:
    """The dice thrown at one target and how many of them hit."""

    target: str
    target_label: str
    hit_on: int
    dice: tuple[int, ...]
    hits: int
    dice_per_stand: int | None = None
    grapeshot: bool = False
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "hit_on": self.hit_on,
            "dice": list(self.dice),
            "hits": self.hits,
            "dice_per_stand": self.dice_per_stand,
            "grapeshot": self.grapeshot,
            "notes": list(self.notes),
        }

    def explain(self) -> str:
        dice = ", ".join(map(str, self.dice))
        lines = [
            ngettext(
                "{n} hit on {target}: dice {dice}, each {hit_on} or more hits.",
                "{n} hits on {target}: dice {dice}, each {hit_on} or more hits.",
                self.hits,
            ).format(n=self.hits, target=self.target_label.lower(), dice=dice, hit_on=self.hit_on)
        ]
        return "\n".join(lines + list(self.notes))


def bands_words(count: int) -> str:
    return ngettext("{n} band", "{n} bands", count).format(n=count)


def dice_per_stand(tables: OpaTables, weapon: Weapon, range_bands: int | None) -> tuple[int, bool]:
    """Dice each stand rolls with `weapon` at `range_bands`, and whether that is grapeshot."""
    if range_bands is None:
        if weapon.artillery:
            raise UserError(
                _("Fire: give the range in bands for the {weapon}, so the app knows whether it fires grapeshot").format(
                    weapon=weapon.label.lower()
                )
            )
        return tables.dice_per_stand, False
    if range_bands < 1:
        raise UserError(
            _("Fire: the range is counted in bands of {inches} inches, starting at 1; {bands} is not a range").format(
                inches=tables.band_inches, bands=range_bands
            )
        )
    if range_bands > weapon.range_bands:
        raise UserError(
            _("Fire: a target {bands} bands away is out of range of the {weapon} (it reaches {reach})").format(
                bands=range_bands, weapon=weapon.label.lower(), reach=bands_words(weapon.range_bands)
            )
        )
    grapeshot = weapon.artillery and range_bands <= tables.grapeshot_bands
    return (tables.grapeshot_dice_per_stand if grapeshot else tables.dice_per_stand), grapeshot


def fire(
    tables: OpaTables,
    target: str,
    dice: Sequence[object] | None = None,
    stands: int | None = None,
    weapon: str | None = None,
    range_bands: int | None = None,
    roller: Roller | None = None,
) -> FireResult:
    """Count the hits on `target`. Dice typed in are checked; with `stands` and no dice, the
    app rolls them (one per stand, two per artillery stand at grapeshot range)."""
    aim = _lookup(tables.targets, target, _("Target"))
    per_stand, grapeshot, notes = None, False, []
    if weapon is not None:
        arm = _lookup(tables.weapons, weapon, _("Weapon"))
        per_stand, grapeshot = dice_per_stand(tables, arm, range_bands)
        if grapeshot:
            notes.append(_("Grapeshot range: each artillery stand rolls {n} dice.").format(n=per_stand))
        if arm.greek_only:
            notes.append(_("Only Greek infantry fires muskets, and only when not shaken or routed."))
    elif range_bands is not None:
        raise UserError(_("Fire: a range only counts with a weapon (musket or a battery)"))
    if stands is not None and stands < 1:
        raise UserError(_("Fire: {n} stands cannot fire; give 1 or more").format(n=stands))
    if stands is not None and stands > tables.limits.stands:
        raise UserError(
            _("Fire: {n} stands are more than any unit has; give at most {most}").format(
                n=stands, most=tables.limits.stands
            )
        )
    if dice is not None and len(dice) > tables.dice_most:
        raise UserError(
            _(
                "Fire: {n} dice are more than one unit can throw (at most {most}: {stands} stands at grapeshot range)"
            ).format(n=len(dice), most=tables.dice_most, stands=tables.limits.stands)
        )
    expected = None if stands is None else stands * (per_stand or tables.dice_per_stand)
    if dice is None or len(dice) == 0:
        if expected is None:
            raise UserError(_("Fire: give the dice thrown, or the number of firing stands so the app can roll them"))
        dice = [None] * expected
    elif expected is not None and len(dice) != expected:
        # three counts, each with its own plural: the stands, the dice they roll, the dice given
        rolled = ngettext("{n} die", "{n} dice", expected).format(n=expected)
        given = ngettext("{n} was given", "{n} were given", len(dice)).format(n=len(dice))
        raise UserError(
            ngettext(
                "Fire: {stands} stand rolls {expected} here, but {given}",
                "Fire: {stands} stands roll {expected} here, but {given}",
                stands or 0,
            ).format(stands=stands, expected=rolled, given=given)
        )
    roller = roller or RandomRoller()
    thrown = tuple(
        roll_or_check(value, D6, roller, _("Fire die {n}").format(n=n)) for n, value in enumerate(dice, start=1)
    )
    hits = sum(1 for value in thrown if value >= aim.hit_on)
    if aim.code == "flank" and hits:
        # the book's shaken conditions include any hit in the flank or rear
        notes.append(_("The book also lists a hit in the flank or rear among the causes of shaken."))
    return FireResult(aim.code, aim.label, aim.hit_on, thrown, hits, per_stand, grapeshot, tuple(notes))


@dataclass(frozen=True)
class HitCheck:
    """The check a unit makes after all fire: 'unhurt', 'passes', 'shaken' or 'routed'."""

    hits: int
    die: int | None
    outcome: str
    retreat_bands: int
    explanation: str

    def to_json(self) -> dict[str, Any]:
        return {
            "hits": self.hits,
            "die": self.die,
            "outcome": self.outcome,
            "retreat_bands": self.retreat_bands,
            "explanation": self.explanation,
        }


def hit_check(
    tables: OpaTables,
    hits: int,
    die: object = None,
    shaken: bool = False,
    artillery: bool = False,
    roller: Roller | None = None,
) -> HitCheck:
    """Check a unit that took `hits`; a die at or under the hits fails the check."""
    if hits < 0:
        raise UserError(_("Hit check: {n} hits is not a number of hits").format(n=hits))
    if hits > tables.dice_most:
        raise UserError(
            _("Hit check: {n} hits are more than fire can cause (at most {most})").format(n=hits, most=tables.dice_most)
        )
    if hits == 0:
        return HitCheck(0, None, "unhurt", 0, _("No hits: the unit makes no check."))
    if artillery:
        return HitCheck(
            hits,
            None,
            "shaken",
            0,
            _(
                "Artillery that is hit is shaken (silenced, it "
                "cannot fire) with no die; it rallies without needing a HOLD card."
            ),
        )
    value = roll_or_check(die, D6, roller or RandomRoller(), _("Hit check die"))
    if value > hits:
        return HitCheck(
            hits,
            value,
            "passes",
            0,
            ngettext(
                "Die {die} is over the {n} hit: the unit holds.",
                "Die {die} is over the {n} hits: the unit holds.",
                hits,
            ).format(die=value, n=hits),
        )
    if shaken:
        return HitCheck(
            hits,
            value,
            "routed",
            0,
            ngettext(
                "Die {die} is not over the {n} hit and the unit was already "
                "shaken: it routs and makes a march move away from the enemy.",
                "Die {die} is not over the {n} hits and the unit was already "
                "shaken: it routs and makes a march move away from the enemy.",
                hits,
            ).format(die=value, n=hits),
        )
    bands = tables.retreat_bands
    return HitCheck(
        hits,
        value,
        "shaken",
        bands,
        ngettext(
            "Die {die} is not over the {n} hit: the unit is shaken and falls back {bands}.",
            "Die {die} is not over the {n} hits: the unit is shaken and falls back {bands}.",
            hits,
        ).format(die=value, n=hits, bands=bands_words(bands)),
    )
