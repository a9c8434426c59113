"""Which entry of a scenario a fault concerns, in words and as a place in the scenario editor:
the part of the file (its table in the editor), the row and the field. Qt-free.

`areas[3].terrain` is the fourth area's terrain (part "areas", row 3, field "terrain");
`turns[1].deployment[0].area` is turn 2's first deployment rule (part "deployment", row (1, 0));
`layout.areas.A1.label` is the drawing of A1 (part "areas", the row of A1, field "layout").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.datamodel import Loc, split_path

LISTED = {("tabletop", "destroy"), ("wargame", "destroy"), ("victory", "levels")}  # tables of rows
KEYED = {"sides", "nations", "terrains", "troop_types", "aircraft"}  # tables keyed by code


@dataclass(frozen=True)
class Entry:
    """Where a fault is: a part of the scenario (the editor's table), its row (an index, a code,
    (turn, rule) for a deployment rule, the path of a setting; None for the whole part), the
    field, and all of it in words."""

    part: str
    row: Any
    field: str | None
    words: str


def entry_of(tables: dict[str, Any], where: str) -> Entry:
    """The entry a fault at `where` concerns, read against the scenario's tables."""
    path = split_path(where)
    if not path:
        return Entry("settings", None, None, "the scenario")
    head, rest = path[0], path[1:]
    if head == "areas":
        return _area(tables, rest)
    if head == "map":
        return _link(tables, rest[1:] if rest[:1] == ("links",) else ())
    if head == "troops" and rest and isinstance(rest[0], int):
        troop = _item(tables, "troops", rest[0])
        return Entry("troops", rest[0], _field(rest[1:]), f"troop {troop.get('id', rest[0] + 1)}")
    if head in KEYED and rest:
        return _keyed(tables, head, str(rest[0]), rest[1:])
    if head == "turns" and rest and isinstance(rest[0], int):
        return _turn(tables, rest[0], rest[1:])
    if head == "layout":
        if rest[:1] == ("areas",) and len(rest) > 1:
            code = str(rest[1])
            index = next((n for n, a in enumerate(tables.get("areas", [])) if a.get("code") == code), None)
            return Entry("areas", index, "layout", f"the map's drawing of area {code}")
        return Entry("settings", where, None, "the map's drawing")
    if (head, rest[0] if rest else None) in LISTED and len(rest) > 1 and isinstance(rest[1], int):
        part = f"{head}.{rest[0]}"
        return Entry(part, rest[1], _field(rest[2:]), f"{_TABLES[part]}, row {rest[1] + 1}")
    return Entry("settings", where, None, f"the setting {where}")


_TABLES = {
    "tabletop.destroy": "the tabletop roll-to-destroy table",
    "wargame.destroy": "the General's Wargame roll-to-destroy table",
    "victory.levels": "the victory levels",
}


def _field(rest: Loc) -> str | None:
    return str(rest[0]) if rest and isinstance(rest[0], str) else None


def _item(tables: dict[str, Any], part: str, index: int) -> dict[str, Any]:
    items = tables.get(part) or []
    return items[index] if 0 <= index < len(items) and isinstance(items[index], dict) else {}


def _area(tables: dict[str, Any], rest: Loc) -> Entry:
    if not rest or not isinstance(rest[0], int):
        return Entry("areas", None, None, "the areas")
    area = _item(tables, "areas", rest[0])
    name = f"{area.get('code', '')} {area.get('name', '')}".strip() or f"number {rest[0] + 1}"
    return Entry("areas", rest[0], _field(rest[1:]), f"area {name}")


def _link(tables: dict[str, Any], rest: Loc) -> Entry:
    if not rest or not isinstance(rest[0], int):
        return Entry("links", None, None, "the links")
    link = (tables.get("map") or {}).get("links") or []
    found = link[rest[0]] if 0 <= rest[0] < len(link) else {}
    return Entry("links", rest[0], _field(rest[1:]), f"link {found.get('a', '?')}–{found.get('b', '?')}")


def _keyed(tables: dict[str, Any], part: str, code: str, rest: Loc) -> Entry:
    what = {
        "sides": "side",
        "nations": "nation",
        "terrains": "terrain",
        "troop_types": "troop type",
        "aircraft": "aircraft of",
    }[part]
    name = ((tables.get(part) or {}).get(code) or {}).get("name")
    return Entry(part, code, _field(rest), f"{what} {code}" + (f" ({name})" if name else ""))


def _turn(tables: dict[str, Any], index: int, rest: Loc) -> Entry:
    turn = _item(tables, "turns", index)
    if rest[:1] == ("deployment",) and len(rest) > 1 and isinstance(rest[1], int):
        return Entry(
            "deployment", (index, rest[1]), _field(rest[2:]), f"turn {index + 1}, deployment rule {rest[1] + 1}"
        )
    name = f" ({turn['name']})" if turn.get("name") else ""
    return Entry("turns", index, _field(rest), f"turn {index + 1}{name}")
