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

from campaign_manager.datafile import DataEntry, Refusal
from campaign_manager.errors import FileRefused
from campaign_manager.paths import ASSIST_TABLES

TABLE_FILE = ASSIST_TABLES / "opa.toml"
CLASSES = ("A", "B", "C", "D", "E")
REFUSAL = Refusal(FileRefused, place="{file}: entry '{where}' {fault}",
                  not_choice="is '{value}'; it should be one of {choices}")


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


def _children(entry: DataEntry) -> list[tuple[str, DataEntry]]:
    children = list(entry.table().items())
    if not children:
        raise entry.refuse("is empty")
    return children


def _rows(entry: DataEntry, key: str) -> list[DataEntry]:
    rows = entry.child(key)
    if not isinstance(rows.value, list) or not rows.value:
        raise rows.refuse("should be a non-empty list of tables")
    return rows.items()


def _pair(entry: DataEntry, key: str, low: int, high: int) -> tuple[int, int]:
    pair = entry.child(key)
    if not isinstance(pair.value, list) or len(pair.value) != 2:
        raise pair.refuse(f"should be two numbers [attacking, defending], not {pair.value!r}")
    first, second = (number.integer(low, high) for number in pair.items())
    return first, second


def _weapons(entry: DataEntry) -> dict[str, Weapon]:
    return {code: Weapon(code, w["label"].text(), w["range_bands"].integer(1, 20), w["artillery"].flag(),
                         w.optional("greek_only", False).flag())
            for code, w in _children(entry)}


def _targets(entry: DataEntry) -> dict[str, FireTarget]:
    return {code: FireTarget(code, t["label"].text(), t["hit_on"].integer(1, 6))
            for code, t in _children(entry)}


def _by_class(entry: DataEntry) -> dict[str, int]:
    return {cls: entry[cls].integer(1, 6) for cls in CLASSES}


def _troops(entry: DataEntry) -> dict[str, CombatTroop]:
    troops = {}
    for code, t in _children(entry):
        troops[code] = CombatTroop(
            code, t["label"].text(), t["nation"].text(("turkish", "greek", "any")),
            t["arm"].text(("infantry", "cavalry", "artillery")), t["fanatic"].flag(),
            _pair(t, "vs_infantry", 0, 10), _pair(t, "vs_infantry_unformed", 0, 10),
            t["vs_cavalry"].integer(0, 10), t["vs_cavalry_unformed"].integer(0, 10))
    return troops


def _bonus(combat: DataEntry) -> CombatBonus:
    bonus = combat["bonus"]
    odds = tuple((step["ratio"].integer(2, 20), step["bonus"].integer(1, 20))
                 for step in _rows(combat, "odds"))
    if list(odds) != sorted(odds, reverse=True):
        raise combat.refuse("list the steps from the highest ratio down", "odds")
    return CombatBonus(bonus["fanatic_attack"].integer(0, 10), bonus["terrain_most"].integer(0, 10),
                       bonus["per_supporting_unit"].integer(0, 10), bonus["outnumber_figures"].integer(1, 100),
                       bonus["outnumber"].integer(0, 10), bonus["shaken_defender_divisor"].integer(1, 10), odds)


def parse_tables(data: dict[str, Any], source: Path) -> OpaTables:
    """Check and convert the parsed TOML; raises FileRefused naming the faulty entry."""
    root = DataEntry(source.name, "", data, REFUSAL)
    fire = root["fire"]
    reaction = root["reaction"]
    combat = root["close_combat"]
    return OpaTables(
        source=source,
        band_inches=root["band_inches"].integer(1, 12),
        dice_per_stand=fire["dice_per_stand"].integer(1, 6),
        grapeshot_dice_per_stand=fire["grapeshot_dice_per_stand"].integer(1, 6),
        grapeshot_bands=fire["grapeshot_bands"].integer(0, 20),
        weapons=_weapons(fire["weapons"]),
        targets=_targets(fire["targets"]),
        retreat_bands=root["hit_check"]["retreat_bands"].integer(0, 10),
        rally=_by_class(root["rally"]),
        reaction=_by_class(reaction),
        reaction_shaken_modifier=reaction["shaken_modifier"].integer(-6, 0),
        troops=_troops(combat["troops"]),
        bonus=_bonus(combat),
        orders={card: c["effect"].text() for card, c in _children(root["orders"])},
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
