"""Opa Opa's tables, read from `resources/assist/opa.toml`: the file declared as typed models.

A damaged file is refused with a message naming the file and every faulty entry with its line,
so the shop owner can fix a typo without reading Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, PrivateAttr, TypeAdapter

from campaign_manager.datamodel import DataModel, Die, Fault, Flag, Int, Keyed, Text, keyed, read_data_file
from campaign_manager.errors import FileRefused
from campaign_manager.i18n import _
from campaign_manager.paths import ASSIST_TABLES

TABLE_FILE = ASSIST_TABLES / "opa.toml"
CLASSES = ("A", "B", "C", "D", "E")


Factor = Annotated[Int, Field(ge=0, le=10)]
Pair = tuple[Factor, Factor]  # (attacking, defending)


class Weapon(Keyed):
    """A firing weapon: its reach in bands; artillery rolls grapeshot dice up close."""

    label: Text
    range_bands: Annotated[Int, Field(ge=1, le=20)]
    artillery: Flag
    greek_only: Flag = False


class FireTarget(Keyed):
    """What the target is doing; each die showing `hit_on` or more is a hit."""

    label: Text
    hit_on: Die


class CombatTroop(Keyed):
    """A line of the close-combat factor table: (attacking, defending) pairs against infantry,
    one value against cavalry; the `_unformed` values replace them for an unformed unit."""

    label: Text
    nation: Literal["turkish", "greek", "any"]
    arm: Literal["infantry", "cavalry", "artillery"]
    fanatic: Flag
    vs_infantry: Pair
    vs_infantry_unformed: Pair
    vs_cavalry: Factor
    vs_cavalry_unformed: Factor


class CombatBonus(DataModel):
    """The additional close-combat factors; `odds` (ratio, bonus) steps, highest first."""

    fanatic_attack: Factor
    terrain_most: Factor
    per_supporting_unit: Factor
    outnumber_figures: Annotated[Int, Field(ge=1, le=100)]
    outnumber: Factor
    shaken_defender_divisor: Annotated[Int, Field(ge=1, le=10)]
    _odds: tuple[tuple[int, int], ...] = PrivateAttr(())

    @property
    def odds(self) -> tuple[tuple[int, int], ...]:
        return self._odds


class ByClass(DataModel):
    """The lowest die that passes, by unit class."""

    A: Die
    B: Die
    C: Die
    D: Die
    E: Die


class Reaction(ByClass):
    shaken_modifier: Annotated[Int, Field(ge=-6, le=0)]


class Fire(DataModel):
    dice_per_stand: Die
    grapeshot_dice_per_stand: Die
    grapeshot_bands: Annotated[Int, Field(ge=0, le=20)]
    weapons: Annotated[dict[str, Weapon], Field(min_length=1)]
    targets: Annotated[dict[str, FireTarget], Field(min_length=1)]


class HitCheck(DataModel):
    retreat_bands: Annotated[Int, Field(ge=0, le=10)]


class OddsStep(DataModel):
    ratio: Annotated[Int, Field(ge=2, le=20)]
    bonus: Annotated[Int, Field(ge=1, le=20)]


class CloseCombat(DataModel):
    troops: Annotated[dict[str, CombatTroop], Field(min_length=1)]
    bonus: CombatBonus
    odds: Annotated[tuple[OddsStep, ...], Field(min_length=1)]


class OrderCard(DataModel):
    effect: Text


Bands = Annotated[Int, Field(ge=0, le=10)]
Card = Literal["MARCH", "ATTACK"]


class MoveRate(Keyed):
    """Bands a unit moves on an ATTACK card and on a MARCH card."""

    label: Text
    attack: Bands
    march: Bands


class RoadBonus(DataModel):
    attack: Bands
    march: Bands
    not_in_column: tuple[str, ...] = ()  # movement lines that are never in road column


class MovePenalty(Keyed):
    label: Text
    bands: Bands
    cards: Annotated[tuple[Card, ...], Field(min_length=1)]
    covers: tuple[str, ...] = ()  # penalties this one already includes (never taken with it)


class Movement(DataModel):
    units: Annotated[dict[str, MoveRate], Field(min_length=1)]
    road: RoadBonus
    penalties: dict[str, MovePenalty]


class TurnStep(DataModel):
    step: Text


class Limits(DataModel):
    """Bounds on what a player types (the book prints no unit sizes)."""

    stands: Annotated[Int, Field(ge=1)]
    figures: Annotated[Int, Field(ge=1)]
    supporting_units: Annotated[Int, Field(ge=0)]


class OpaFile(DataModel):
    """The whole of opa.toml, as written."""

    band_inches: Annotated[Int, Field(ge=1, le=12)]
    limits: Limits
    fire: Fire
    hit_check: HitCheck
    rally: ByClass
    reaction: Reaction
    close_combat: CloseCombat
    orders: Annotated[dict[str, OrderCard], Field(min_length=1)]
    movement: Movement
    turn_sequence: Annotated[tuple[TurnStep, ...], Field(min_length=1)]


def check_opa(data: OpaFile) -> list[Fault]:
    ratios = [step.ratio for step in data.close_combat.odds]
    if ratios != sorted(ratios, reverse=True):
        return [Fault("close_combat.odds", _("list the steps from the highest ratio down"))]
    moves = data.movement
    faults = [
        Fault("movement.road.not_in_column", _("'{name}' is not a line of movement.units").format(name=name))
        for name in moves.road.not_in_column
        if name not in moves.units
    ]
    faults += [
        Fault(f"movement.penalties.{code}.covers", _("'{name}' is not another penalty").format(name=name))
        for code, penalty in moves.penalties.items()
        for name in penalty.covers
        if name not in moves.penalties or name == code
    ]
    return faults


@dataclass(frozen=True)
class OpaTables:
    """Everything the Opa Opa calculators read from the data file."""

    source: Path
    band_inches: int
    dice_per_stand: int
    grapeshot_dice_per_stand: int
    grapeshot_bands: int
    weapons: dict[str, Weapon]
    targets: dict[str, FireTarget]
    retreat_bands: int
    rally: dict[str, int]
    reaction: dict[str, int]
    reaction_shaken_modifier: int
    troops: dict[str, CombatTroop]
    bonus: CombatBonus
    orders: dict[str, str]
    move_rates: dict[str, MoveRate]
    road: RoadBonus
    penalties: dict[str, MovePenalty]
    turn_sequence: tuple[str, ...]
    limits: Limits

    @property
    def dice_most(self) -> int:
        """The most dice one unit's fire can throw: every stand at grapeshot range."""
        return self.limits.stands * max(self.dice_per_stand, self.grapeshot_dice_per_stand)

    @classmethod
    def of(cls, data: OpaFile, source: Path) -> OpaTables:
        combat = data.close_combat
        combat.bonus._odds = tuple((step.ratio, step.bonus) for step in combat.odds)
        return cls(
            source=source,
            band_inches=data.band_inches,
            dice_per_stand=data.fire.dice_per_stand,
            grapeshot_dice_per_stand=data.fire.grapeshot_dice_per_stand,
            grapeshot_bands=data.fire.grapeshot_bands,
            weapons=keyed(data.fire.weapons),
            targets=keyed(data.fire.targets),
            retreat_bands=data.hit_check.retreat_bands,
            rally={c: getattr(data.rally, c) for c in CLASSES},
            reaction={c: getattr(data.reaction, c) for c in CLASSES},
            reaction_shaken_modifier=data.reaction.shaken_modifier,
            troops=keyed(combat.troops),
            bonus=combat.bonus,
            orders={card: c.effect for card, c in data.orders.items()},
            move_rates=keyed(data.movement.units),
            road=data.movement.road,
            penalties=keyed(data.movement.penalties),
            turn_sequence=tuple(step.step for step in data.turn_sequence),
            limits=data.limits,
        )


OPA_FILE = TypeAdapter(OpaFile)


def read_tables(path: Path = TABLE_FILE) -> OpaTables:
    """Read and check a table file (the shipped one by default); FileRefused names every fault."""
    return OpaTables.of(read_data_file(path, OPA_FILE, FileRefused, check_opa), Path(path))


@lru_cache(maxsize=1)
def shipped_tables() -> OpaTables:
    """The shipped table file, read once per run."""
    return read_tables(TABLE_FILE)
