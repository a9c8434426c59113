"""Changes to a scenario as the scenario editor makes them: the editor's vocabulary, Qt-free.

A `Change` sets values at paths of the scenario file's tables (`("areas", 3, "terrain")`, the
paths faults are reported at), with a title in words. `apply_change` reads the changed tables
through the one check of a scenario (`loader.validate_scenario`): a change that would break the
file's shape (an empty name, a VP of -5, a colour that is not one) is refused in words and
changes nothing; one that leaves faults in its content (a link to an area not yet drawn, a
terrain not declared) is made, and the faults come with it, to be listed until mended. The
functions below make the changes the editor offers; the editor's undo keeps the scenario as it
was before each change (scenario models are frozen, so keeping one is keeping a reference).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.datamodel import Fault
from campaign_manager.errors import UserError
from campaign_manager.scenario.loader import validate_scenario
from campaign_manager.scenario.model import ScenarioFile

Where = tuple[str | int, ...]
REMOVED = object()  # set at a key: the key is taken out of its table


class EditRefused(UserError):
    """A change the scenario's shape does not allow; the message says what and where."""


@dataclass(frozen=True)
class Change:
    """One change to a scenario: values set at paths, in order, and what it does in words."""

    title: str
    sets: tuple[tuple[Where, Any], ...]


@dataclass(frozen=True)
class Edited:
    """A scenario after a change, and the faults of its content (none: it is sound)."""

    data: ScenarioFile
    faults: list[Fault]


def tables_of(data: ScenarioFile) -> dict[str, Any]:
    """The scenario's tables as its file holds them (keys as written, lists, no defaults left out)."""
    return data.model_dump(mode="json", by_alias=True)


def value_at(tables: Any, where: Where) -> Any:
    """The value at a path of the tables, or None where the path leads nowhere."""
    for step in where:
        if isinstance(tables, dict) and isinstance(step, str):
            tables = tables.get(step)
        elif isinstance(tables, list) and isinstance(step, int) and 0 <= step < len(tables):
            tables = tables[step]
        else:
            return None
    return tables


def apply_change(data: ScenarioFile, change: Change) -> Edited:
    """The scenario with `change` made; EditRefused (nothing changed) when its shape forbids it."""
    tables = tables_of(data)
    for where, value in change.sets:
        _set(tables, where, value)
    checked, faults = validate_scenario(tables)
    if checked is None:
        said = "; ".join(f"{f.where}: {f.what}" if f.where else f.what for f in faults[:3])
        raise EditRefused(f"{change.title}: refused, {said}")
    return Edited(checked, faults)


def _set(tables: Any, where: Where, value: Any) -> None:
    *path, last = where
    parent: Any = tables
    for n, step in enumerate(path):
        child = parent.get(step) if isinstance(parent, dict) else parent[step]
        if child is None:  # an optional table not yet there (a turn's initiative, the map's drawing)
            child = [] if isinstance(where[n + 1], int) else {}
            parent[step] = child
        parent = child
    if value is REMOVED:
        if isinstance(parent, dict):
            parent.pop(last, None)
        return
    parent[last] = value


# -- the changes the editor offers -----------------------------------------------------------------


def set_value(data: ScenarioFile, where: Where, value: Any, title: str = "") -> Change:
    """One value set (None takes an optional value out, e.g. an area's terrain)."""
    return Change(title or f"{_say(where)}: {value}", ((where, REMOVED if value is None else value),))


def toggle_link(data: ScenarioFile, a: str, b: str) -> Change:
    """The link between two areas added (a plain link) or, if they are linked, removed."""
    links = tables_of(data)["map"]["links"]
    pair = {a, b}
    kept = [link for link in links if {link["a"], link["b"]} != pair]
    if len(kept) < len(links):
        return Change(f"Remove the link {a}–{b}", ((("map", "links"), kept),))
    return Change(f"Add the link {a}–{b}", ((("map", "links"), [*links, {"a": a, "b": b}]),))


def add_item(data: ScenarioFile, where: Where, item: Any, title: str) -> Change:
    """An item added at the end of the list at `where`."""
    items = value_at(tables_of(data), where) or []
    return Change(title, ((where, [*items, item]),))


def remove_item(data: ScenarioFile, where: Where, index: int, title: str) -> Change:
    items = list(value_at(tables_of(data), where) or [])
    del items[index]
    return Change(title, ((where, items),))


def set_key(data: ScenarioFile, where: Where, key: str, entry: Any, title: str) -> Change:
    """An entry of a table keyed by code added (or replaced), keeping the table's order."""
    table = dict(value_at(tables_of(data), where) or {})
    table[key] = entry
    return Change(title, ((where, table),))


def remove_key(data: ScenarioFile, where: Where, key: str, title: str) -> Change:
    table = dict(value_at(tables_of(data), where) or {})
    table.pop(key, None)
    return Change(title, ((where, table),))


def rename_key(data: ScenarioFile, where: Where, old: str, new: str) -> Change:
    """An entry of a table keyed by code given another code, in its place. What names it
    elsewhere is left as it was: the faults then list every reference to mend."""
    table = value_at(tables_of(data), where) or {}
    if new in table and new != old:
        raise EditRefused(f'{_say(where)}: "{new}" is already there; choose another code')
    renamed = {(new if key == old else key): entry for key, entry in table.items()}
    return Change(f"{_say(where)}: {old} renamed {new}", ((where, renamed),))


def new_code(taken: set[str], stem: str) -> str:
    """A code not yet taken: `stem`, else `stem` with the first free number."""
    if stem not in taken:
        return stem
    return next(f"{stem}{n}" for n in range(2, len(taken) + 3) if f"{stem}{n}" not in taken)


def add_area(data: ScenarioFile) -> Change:
    """A new area (a code not yet taken, the first terrain), drawn as a square in the middle of
    the map, for its outline and links to be set."""
    tables = tables_of(data)
    code = new_code({a["code"] for a in tables["areas"]}, "N1")
    area = {"code": code, "name": "New area", "terrain": next(iter(tables["terrains"]), None)}
    sets: list[tuple[Where, Any]] = [(("areas",), [*tables["areas"], {k: v for k, v in area.items() if v}])]
    layout = tables.get("layout")
    if layout:
        x, y, half = layout["width"] / 2, layout["height"] / 2, min(layout["width"], layout["height"]) / 12
        square = [[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]]
        sets.append((("layout", "areas", code), {"outline": square, "label": [x, y - half / 3]}))
    return Change(f"Add the area {code}", tuple(sets))


def remove_area(data: ScenarioFile, index: int) -> Change:
    """An area taken out with its links and its shape; other references to it are then faults."""
    tables = tables_of(data)
    code = tables["areas"][index]["code"]
    sets: list[tuple[Where, Any]] = [
        (("areas",), [a for n, a in enumerate(tables["areas"]) if n != index]),
        (("map", "links"), [link for link in tables["map"]["links"] if code not in (link["a"], link["b"])]),
    ]
    if tables.get("layout") and code in tables["layout"]["areas"]:
        sets.append((("layout", "areas", code), REMOVED))
    return Change(f"Remove the area {code}", tuple(sets))


def rename_area(data: ScenarioFile, old: str, new: str) -> Change:
    """An area's code changed everywhere the file names it: links, troops' start and arrival,
    the turns' fixed arrows and deployment rules, the sea escape, the pool's zone and the map's
    drawing."""
    tables = tables_of(data)
    if any(a["code"] == new for a in tables["areas"]) and new != old:
        raise EditRefused(f'Area {old}: the code "{new}" is already an area\'s; choose another')
    renamed = _renamed(tables, old, new)
    layout = renamed.get("layout")
    if layout and old in layout["areas"]:
        layout["areas"] = {(new if code == old else code): shape for code, shape in layout["areas"].items()}
    return Change(f"Area {old}: code {new}", tuple(((key,), value) for key, value in renamed.items()))


_AREA_KEYS = {"code", "a", "b", "start", "zone", "fallback", "from", "to", "area", "pool_zone"}


def _renamed(value: Any, old: str, new: str, key: str = "") -> Any:
    """The tables with each area reference `old` (by the keys that hold an area) made `new`."""
    if isinstance(value, dict):
        return {k: _renamed(v, old, new, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, old, new, key if key in ("areas",) else "") for v in value]
    if value == old and (key in _AREA_KEYS or key == "areas"):
        return new
    return value


def move_point(data: ScenarioFile, code: str, which: str, point: tuple[float, float]) -> Change:
    """An area's label point or counter spot (`which`: "label" or "counters") moved to `point`."""
    x, y = round(point[0], 1), round(point[1], 1)
    what = "name" if which == "label" else "counters"
    return Change(f"Move the {what} of {code}", ((("layout", "areas", code, which), [x, y]),))


def _say(where: Where) -> str:
    return ".".join(str(step) for step in where)
