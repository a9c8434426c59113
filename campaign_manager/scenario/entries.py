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
from campaign_manager.i18n import N_, _

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
        return Entry("settings", None, None, _("the scenario"))
    head, rest = path[0], path[1:]
    if head == "areas":
        return _area(tables, rest)
    if head == "map":
        return _link(tables, rest[1:] if rest[:1] == ("links",) else ())
    if head == "troops" and rest and isinstance(rest[0], int):
        troop = _item(tables, "troops", rest[0])
        return Entry("troops", rest[0], _field(rest[1:]), _("troop {troop}").format(troop=troop.get("id", rest[0] + 1)))
    if head in KEYED and rest:
        return _keyed(tables, head, str(rest[0]), rest[1:])
    if head == "turns" and rest and isinstance(rest[0], int):
        return _turn(tables, rest[0], rest[1:])
    if head == "layout":
        if rest[:1] == ("areas",) and len(rest) > 1:
            code = str(rest[1])
            index = next((n for n, a in enumerate(tables.get("areas", [])) if a.get("code") == code), None)
            return Entry("areas", index, "layout", _("the map's drawing of area {code}").format(code=code))
        return Entry("settings", where, None, _("the map's drawing"))
    if (head, rest[0] if rest else None) in LISTED and len(rest) > 1 and isinstance(rest[1], int):
        part = f"{head}.{rest[0]}"
        return Entry(part, rest[1], _field(rest[2:]), _(_TABLES[part]).format(row=rest[1] + 1))
    return Entry("settings", where, None, _("the setting {where}").format(where=where))


_TABLES = {
    "tabletop.destroy": N_("the tabletop roll-to-destroy table, row {row}"),
    "wargame.destroy": N_("the General's Wargame roll-to-destroy table, row {row}"),
    "victory.levels": N_("the victory levels, row {row}"),
}


def _field(rest: Loc) -> str | None:
    return str(rest[0]) if rest and isinstance(rest[0], str) else None


def _item(tables: dict[str, Any], part: str, index: int) -> dict[str, Any]:
    items = tables.get(part) or []
    return items[index] if 0 <= index < len(items) and isinstance(items[index], dict) else {}


def _area(tables: dict[str, Any], rest: Loc) -> Entry:
    if not rest or not isinstance(rest[0], int):
        return Entry("areas", None, None, _("the areas"))
    area = _item(tables, "areas", rest[0])
    name = f"{area.get('code', '')} {area.get('name', '')}".strip() or _("number {number}").format(number=rest[0] + 1)
    return Entry("areas", rest[0], _field(rest[1:]), _("area {area}").format(area=name))


def _link(tables: dict[str, Any], rest: Loc) -> Entry:
    if not rest or not isinstance(rest[0], int):
        return Entry("links", None, None, _("the links"))
    link = (tables.get("map") or {}).get("links") or []
    found = link[rest[0]] if 0 <= rest[0] < len(link) else {}
    words = _("link {a}–{b}").format(a=found.get("a", "?"), b=found.get("b", "?"))
    return Entry("links", rest[0], _field(rest[1:]), words)


def _keyed(tables: dict[str, Any], part: str, code: str, rest: Loc) -> Entry:
    named, plain = _KEYED_WORDS[part]
    name = ((tables.get(part) or {}).get(code) or {}).get("name")
    return Entry(part, code, _field(rest), (_(named) if name else _(plain)).format(code=code, name=name))


# An entry of a keyed table in words: with its name, and without.
_KEYED_WORDS = {
    "sides": (N_("side {code} ({name})"), N_("side {code}")),
    "nations": (N_("nation {code} ({name})"), N_("nation {code}")),
    "terrains": (N_("terrain {code} ({name})"), N_("terrain {code}")),
    "troop_types": (N_("troop type {code} ({name})"), N_("troop type {code}")),
    "aircraft": (N_("aircraft of {code} ({name})"), N_("aircraft of {code}")),
}


def _turn(tables: dict[str, Any], index: int, rest: Loc) -> Entry:
    turn = _item(tables, "turns", index)
    if rest[:1] == ("deployment",) and len(rest) > 1 and isinstance(rest[1], int):
        words = _("turn {turn}, deployment rule {rule}").format(turn=index + 1, rule=rest[1] + 1)
        return Entry("deployment", (index, rest[1]), _field(rest[2:]), words)
    said = _("turn {turn} ({name})") if turn.get("name") else _("turn {turn}")
    return Entry("turns", index, _field(rest), said.format(turn=index + 1, name=turn.get("name")))
