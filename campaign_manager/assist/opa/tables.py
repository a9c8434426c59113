"""Opa Opa's tables, read from `resources/assist/opa.toml` and checked entry by entry.

A damaged file is refused with a message naming the file, the entry and what is wrong with it,
so the shop owner can fix a typo without reading Python.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from campaign_manager.assist.opa.entries import Entry
from campaign_manager.errors import FileRefused
from campaign_manager.paths import ASSIST_TABLES

TABLE_FILE = ASSIST_TABLES / "opa.toml"
CLASSES = ("A", "B", "C", "D", "E")


@dataclass(frozen=True)
class Weapon:
    """A firing weapon: its reach in bands; artillery rolls grapeshot dice up close."""
    code: str
    label: str
    range_bands: int
    artillery: bool
    greek_only: bool


@dataclass(frozen=True)
class FireTarget:
    """What the target is doing; each die showing `hit_on` or more is a hit."""
    code: str
    label: str
    hit_on: int


@dataclass(frozen=True)
class CombatTroop:
    """A line of the close-combat factor table: (attacking, defending) pairs against infantry,
    one value against cavalry; the `_unformed` values replace them for an unformed unit."""
    code: str
    label: str
    nation: str
    arm: str
    fanatic: bool
    vs_infantry: tuple[int, int]
    vs_infantry_unformed: tuple[int, int]
    vs_cavalry: int
    vs_cavalry_unformed: int


@dataclass(frozen=True)
class CombatBonus:
    """The additional close-combat factors and the odds steps (ratio, bonus), highest first."""
    fanatic_attack: int
    terrain_most: int
    per_supporting_unit: int
    outnumber_figures: int
    outnumber: int
    shaken_defender_divisor: int
    odds: tuple[tuple[int, int], ...]


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


def _weapons(entry: Entry) -> dict[str, Weapon]:
    return {code: Weapon(code, w.text("label"), w.number("range_bands", 1, 20), w.flag("artillery"),
                         w.flag("greek_only", default=False))
            for code, w in entry.children()}


def _targets(entry: Entry) -> dict[str, FireTarget]:
    return {code: FireTarget(code, t.text("label"), t.number("hit_on", 1, 6))
            for code, t in entry.children()}


def _by_class(entry: Entry) -> dict[str, int]:
    return {cls: entry.number(cls, 1, 6) for cls in CLASSES}


def _troops(entry: Entry) -> dict[str, CombatTroop]:
    troops = {}
    for code, t in entry.children():
        troops[code] = CombatTroop(
            code, t.text("label"), t.choice("nation", ("turkish", "greek", "any")),
            t.choice("arm", ("infantry", "cavalry", "artillery")), t.flag("fanatic"),
            t.pair("vs_infantry", 0, 10), t.pair("vs_infantry_unformed", 0, 10),
            t.number("vs_cavalry", 0, 10), t.number("vs_cavalry_unformed", 0, 10))
    return troops


def _bonus(combat: Entry) -> CombatBonus:
    bonus = combat.child("bonus")
    odds = tuple((step.number("ratio", 2, 20), step.number("bonus", 1, 20))
                 for step in combat.rows("odds"))
    if list(odds) != sorted(odds, reverse=True):
        combat.refuse("odds", "list the steps from the highest ratio down")
    return CombatBonus(bonus.number("fanatic_attack", 0, 10), bonus.number("terrain_most", 0, 10),
                       bonus.number("per_supporting_unit", 0, 10), bonus.number("outnumber_figures", 1, 100),
                       bonus.number("outnumber", 0, 10), bonus.number("shaken_defender_divisor", 1, 10), odds)


def parse_tables(data: dict[str, Any], source: Path) -> OpaTables:
    """Check and convert the parsed TOML; raises FileRefused naming the faulty entry."""
    root = Entry(source, "", data)
    fire = root.child("fire")
    reaction = root.child("reaction")
    combat = root.child("close_combat")
    return OpaTables(
        source=source,
        band_inches=root.number("band_inches", 1, 12),
        dice_per_stand=fire.number("dice_per_stand", 1, 6),
        grapeshot_dice_per_stand=fire.number("grapeshot_dice_per_stand", 1, 6),
        grapeshot_bands=fire.number("grapeshot_bands", 0, 20),
        weapons=_weapons(fire.child("weapons")),
        targets=_targets(fire.child("targets")),
        retreat_bands=root.child("hit_check").number("retreat_bands", 0, 10),
        rally=_by_class(root.child("rally")),
        reaction=_by_class(reaction),
        reaction_shaken_modifier=reaction.number("shaken_modifier", -6, 0),
        troops=_troops(combat.child("troops")),
        bonus=_bonus(combat),
        orders={card: c.text("effect") for card, c in root.child("orders").children()},
    )


def read_tables(path: Path = TABLE_FILE) -> OpaTables:
    """Read and check a table file (the shipped one by default)."""
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise FileRefused(f"{path}: the Opa Opa table file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise FileRefused(f"{path}: not a readable TOML file ({exc})") from None
    return parse_tables(data, path)


@lru_cache(maxsize=1)
def shipped_tables() -> OpaTables:
    """The shipped table file, read once per run."""
    return read_tables(TABLE_FILE)
