"""Movement (rules step 4): how many bands a unit moves on its order card, with the road bonus
and the penalties for changing formation or facing, limbering and rough terrain."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.errors import UserError
from campaign_manager.i18n import _

CARDS = ("MARCH", "ATTACK")


@dataclass(frozen=True)
class Move:
    unit: str
    card: str
    steps: tuple[tuple[str, int], ...]  # (reason, bands)
    notes: tuple[str, ...] = field(default=())

    @property
    def bands(self) -> int:
        return max(0, sum(value for _reason, value in self.steps))

    def to_json(self, band_inches: int) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "card": self.card,
            "bands": self.bands,
            "inches": self.bands * band_inches,
            "steps": [{"reason": r, "bands": v} for r, v in self.steps],
            "notes": list(self.notes),
        }


def road_allowed(tables: OpaTables, unit: str) -> bool:
    """Whether `unit` can be in road column, the only way to take the road bonus (step 4)."""
    return unit not in tables.road.not_in_column


def _clashing(tables: OpaTables, penalties: tuple[str, ...]) -> tuple[str, str] | None:
    """Two chosen penalties where one already includes the other, or None."""
    for name in penalties:
        for covered in tables.penalties[name].covers:
            if covered in penalties:
                return name, covered
    return None


def movement(tables: OpaTables, unit: str, card: str, road: bool = False, penalties: tuple[str, ...] = ()) -> Move:
    """A unit's move on `card`; `penalties` name lines of the penalty table."""
    if unit not in tables.move_rates:
        raise UserError(
            _("Movement: '{unit}' is not a line of the movement table; choose one of {units}").format(
                unit=unit, units=", ".join(tables.move_rates)
            )
        )
    card = card.upper()
    if card not in CARDS:
        raise UserError(
            _("Movement: only a MARCH or an ATTACK card moves a unit (rules step 4), not '{card}'").format(card=card)
        )
    rate = tables.move_rates[unit]
    on_card = _("{unit} on an ATTACK card") if card == "ATTACK" else _("{unit} on a MARCH card")
    steps = [(on_card.format(unit=rate.label), rate.march if card == "MARCH" else rate.attack)]
    if road and not road_allowed(tables, unit):
        raise UserError(
            _("Movement: {unit} is not in road column, so it takes no road bonus (rules step 4)").format(
                unit=rate.label.lower()
            )
        )
    if road:
        bonus = tables.road.march if card == "MARCH" else tables.road.attack
        steps.append((_("road column on a road"), bonus))
    notes = []
    for name in penalties:
        if name not in tables.penalties:
            raise UserError(
                _("Movement: no penalty '{name}' (penalties: {penalties})").format(
                    name=name, penalties=", ".join(tables.penalties)
                )
            )
        penalty = tables.penalties[name]
        if card not in penalty.cards:
            raise UserError(
                _("Movement: to {penalty} needs a {cards} card, not {card} (rules step 4)").format(
                    penalty=penalty.label, cards=_(" or ").join(penalty.cards), card=card
                )
            )
        steps.append((penalty.label, -penalty.bands))
    clash = _clashing(tables, penalties)
    if clash:
        wide, narrow = (tables.penalties[name] for name in clash)
        raise UserError(
            _(
                "Movement: the penalty to {wide} (−{wide_bands}) already includes {narrow} "
                "(−{narrow_bands}); take one of them, not both (rules step 4)"
            ).format(wide=wide.label, wide_bands=wide.bands, narrow=narrow.label, narrow_bands=narrow.bands)
        )
    if card == "MARCH":
        notes.append(_("On a MARCH card the unit must stay at least one band from the enemy."))
    else:
        notes.append(_("An ATTACK card lets the unit move into close combat."))
    return Move(unit, card, tuple(steps), tuple(notes))
