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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from campaign_manager.datamodel import Fault, split_path
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.entries import entry_of
from campaign_manager.scenario.layout import grid_layout
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
        changed = {tuple(where) for where, _value in change.sets}
        said = "; ".join(_fault_words(tables, f, changed) for f in faults[:3])
        raise EditRefused(_("{change}: refused ({faults})").format(change=change.title, faults=said))
    return Edited(checked, faults)


def _fault_words(tables: dict[str, Any], fault: Fault, changed: set[Where]) -> str:
    """A fault in words: what is wrong alone when it is the value just typed (the change's title
    names it), else the entry it concerns ("area X9 The Ridge, vp"), never a path like areas[9].vp."""
    if not fault.where or tuple(split_path(fault.where)) in changed:
        return fault.what
    entry = entry_of(tables, fault.where)
    if entry.field:
        return _("{entry}, {field}: {fault}").format(entry=entry.words, field=entry.field, fault=fault.what)
    return _("{entry}: {fault}").format(entry=entry.words, fault=fault.what)


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
        return Change(_("Remove the link {a}–{b}").format(a=a, b=b), ((("map", "links"), kept),))
    return Change(_("Add the link {a}–{b}").format(a=a, b=b), ((("map", "links"), [*links, {"a": a, "b": b}]),))


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
        raise EditRefused(
            _('{where}: "{code}" is already there; choose another code').format(where=_say(where), code=new)
        )
    renamed = {(new if key == old else key): entry for key, entry in table.items()}
    return Change(_("{where}: {old} renamed {new}").format(where=_say(where), old=old, new=new), ((where, renamed),))


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
    return Change(_("Add the area {code}").format(code=code), tuple(sets))


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
    return Change(_("Remove the area {code}").format(code=code), tuple(sets))


def rename_area(data: ScenarioFile, old: str, new: str) -> Change:
    """An area's code changed everywhere the file names it: links, troops' start and arrival,
    the turns' fixed arrows and deployment rules, the sea escape, the pool's zone and the map's
    drawing."""
    tables = tables_of(data)
    if any(a["code"] == new for a in tables["areas"]) and new != old:
        raise EditRefused(
            _('Area {old}: the code "{new}" is already an area\'s; choose another').format(old=old, new=new)
        )
    renamed = _renamed(tables, old, new)
    layout = renamed.get("layout")
    if layout and old in layout["areas"]:
        layout["areas"] = {(new if code == old else code): shape for code, shape in layout["areas"].items()}
    return Change(
        _("Area {old}: code {new}").format(old=old, new=new), tuple(((key,), value) for key, value in renamed.items())
    )


def rename_side(data: ScenarioFile, old: str, new: str) -> Change:
    """A side's id changed everywhere the file names it: its `[sides]` table (in its place), the
    nations' sides, the areas' controllers and command-centre scorers, the fortification's
    attacker and the turns' fixed attackers and initiatives."""
    tables = tables_of(data)
    if new in tables["sides"] and new != old:
        raise EditRefused(_('Side {old}: "{new}" is already a side\'s id; choose another').format(old=old, new=new))
    sides = {(new if code == old else code): spec for code, spec in tables["sides"].items()}
    nations = {code: {**nation, "side": _side(nation["side"], old, new)} for code, nation in tables["nations"].items()}
    areas = [
        {
            key: _side(value, old, new) if key in ("controller", "command_centre_scorer") else value
            for key, value in a.items()
        }
        for a in tables["areas"]
    ]
    turns = [_turn_sides(turn, old, new) for turn in tables["turns"]]
    sets: list[tuple[Where, Any]] = [(("sides",), sides), (("nations",), nations), (("areas",), areas)]
    if tables.get("fortification"):
        fortification = tables["fortification"]
        sets.append(
            (("fortification",), {**fortification, "attacker_side": _side(fortification["attacker_side"], old, new)})
        )
    sets.append((("turns",), turns))
    return Change(_("Side {old}: id {new}").format(old=old, new=new), tuple(sets))


def _side(value: Any, old: str, new: str) -> Any:
    return new if value == old else value


def _turn_sides(turn: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    renamed = {**turn, "fixed_attacker": _side(turn.get("fixed_attacker"), old, new)}
    if turn.get("initiative"):
        renamed["initiative"] = {**turn["initiative"], "side": _side(turn["initiative"]["side"], old, new)}
    return renamed


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
    """An area's label point or counter spot (`which`: "label" or "counters") moved to `point`.
    A scenario with no drawing of its map is given the plain grid first (what the map shows)."""
    x, y = round(point[0], 1), round(point[1], 1)
    sets: list[tuple[Where, Any]] = []
    if data.layout is None:
        sets.append(
            (("layout",), grid_layout(a.code for a in data.areas).model_dump(mode="json", exclude_defaults=True))
        )
    sets.append((("layout", "areas", code, which), [x, y]))
    said = _("Move the name of {code}") if which == "label" else _("Move the counters of {code}")
    return Change(said.format(code=code), tuple(sets))


def _say(where: Where) -> str:
    return ".".join(str(step) for step in where)


# -- rows added and taken out, table by table (the editor's tables, named as entries.py names them) --


def add_entry(data: ScenarioFile, part: str, near: Any = None) -> Change:
    """A new row for the table `part`, made so that it reads (it may leave a fault to mend: a
    second link between the same areas is said, not made); `near` is the selected row (the
    deployment rules: its turn gets the new rule)."""
    tables = tables_of(data)
    maker = _NEW.get(part)
    if maker is None:
        raise EditRefused(_("rows cannot be added to {part}").format(part=part))
    return maker(data, tables, near)


def remove_entry(data: ScenarioFile, part: str, key: Any) -> Change:
    """The row `key` of the table `part` taken out (an area with its links and its shape)."""
    if part == "areas":
        return remove_area(data, key)
    if part == "deployment":
        turn, rule = key
        return remove_item(
            data,
            ("turns", turn, "deployment"),
            rule,
            _("Remove turn {turn}'s deployment rule {rule}").format(turn=turn + 1, rule=rule + 1),
        )
    if part in ("sides",):
        raise EditRefused(_("a scenario has exactly two sides; change their ids, names and colours instead"))
    where = _WHERE[part]
    if isinstance(key, str):
        return remove_key(data, where, key, _("Remove {part} {key}").format(part=part.replace("_", " "), key=key))
    return remove_item(
        data, where, key, _("Remove row {row} of {part}").format(row=key + 1, part=part.replace("_", " "))
    )


_WHERE: dict[str, Where] = {
    "links": ("map", "links"),
    "troop_types": ("troop_types",),
    "troops": ("troops",),
    "turns": ("turns",),
    "tabletop.destroy": ("tabletop", "destroy"),
    "wargame.destroy": ("wargame", "destroy"),
    "victory.levels": ("victory", "levels"),
    "nations": ("nations",),
    "terrains": ("terrains",),
    "aircraft": ("aircraft",),
}


# A new row for one of the editor's tables: from the file, its tables as read and the selected row.
RowMaker = Callable[[ScenarioFile, dict[str, Any], Any], Change]


def _new_link(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
    codes = [a["code"] for a in tables["areas"]]
    linked = {frozenset((link["a"], link["b"])) for link in tables["map"]["links"]}
    pair = next(((a, b) for a in codes for b in codes if a < b and frozenset((a, b)) not in linked), None)
    if pair is None:
        raise EditRefused(_("every two areas are linked already"))
    return toggle_link(data, *pair)


def _new_troop_type(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
    code = new_code(set(tables["troop_types"]), "new_type")
    nation = next(iter(tables["nations"]), "")
    entry: dict[str, Any] = {"name": "New troop", "nation": nation, "kind": "infantry", "bonus": {}, "capture_vp": 5}
    return set_key(data, ("troop_types",), code, entry, _("Add the troop type {code}").format(code=code))


def _new_troop(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
    type_code, kind = next(iter(tables["troop_types"].items()), ("", dict[str, Any]()))
    side = (tables["nations"].get(kind.get("nation")) or {}).get("side")
    start = next((a["code"] for a in tables["areas"] if a.get("controller") == side), None)
    troop_id = new_code({t["id"] for t in tables["troops"]}, "NEW-1")
    troop = {"id": troop_id, "type": type_code, **({"start": start} if start else {"arrives": _arrival(tables)})}
    return add_item(data, ("troops",), troop, _("Add the troop {troop}").format(troop=troop_id))


def _arrival(tables: dict[str, Any]) -> dict[str, Any]:
    return {"turn": min(2, len(tables["turns"])), "zone": "friendly"}


def _new_turn(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
    # A copy of the last turn, without what belongs to that turn alone: its dates, and its name and dates
    # in other languages.
    last = {k: v for k, v in tables["turns"][-1].items() if k not in ("names", "dates", "dates_names")}
    turn = {**last, "number": len(tables["turns"]) + 1, "name": f"Turn {len(tables['turns']) + 1}", "deployment": []}
    if turn.get("fixed_attacker"):  # a later turn rolls for the initiative
        turn.update(fixed_attacker=None, fixed_arrows=[], initiative={"side": turn["fixed_attacker"], "modifier": 0})
    return add_item(data, ("turns",), turn, _("Add turn {turn}").format(turn=turn["number"]))


def _new_rule(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
    turn = near[0] if isinstance(near, tuple) else len(tables["turns"]) - 1
    nation = next(iter(tables["nations"]), "")
    rule = {"rule": "at_least", "nation": nation, "area": tables["areas"][0]["code"], "count": 1}
    return add_item(
        data, ("turns", turn, "deployment"), rule, _("Add a deployment rule to turn {turn}").format(turn=turn + 1)
    )


def _new_step(where: Where, key: str, row: dict[str, Any]) -> RowMaker:
    def make(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
        rows = value_at(tables, where) or []
        below = rows[-1][key] - 1 if rows else 0
        title = _("Add a row to {table}").format(table=".".join(map(str, where)))
        return add_item(data, where, {**row, key: max(0, below)}, title)

    return make


def _new_keyed(where: Where, stem: str, entry: dict[str, Any]) -> RowMaker:
    def make(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
        code = new_code(set(value_at(tables, where) or {}), stem)
        title = _(_ADD_KEYED[stem]) if stem in _ADD_KEYED else _("Add {stem} {code}")
        return set_key(data, where, code, dict(entry), title.format(stem=stem, code=code))

    return make


_ADD_KEYED = {"terrain": N_("Add terrain {code}"), "nation": N_("Add nation {code}")}


def _new_nation(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
    """A new nation, on the scenario's first side."""
    entry = {"name": "New nation", "side": next(iter(tables["sides"]), "")}
    return _new_keyed(("nations",), "nation", entry)(data, tables, near)


def _new_aircraft(data: ScenarioFile, tables: dict[str, Any], near: Any) -> Change:
    nation = next((n for n in tables["nations"] if n not in (tables.get("aircraft") or {})), None)
    if nation is None:
        raise EditRefused(_("every nation has its aircraft already"))
    entry = {"name": f"{tables['nations'][nation]['name']} aircraft", "bonus": {}}  # the scenario's words
    return set_key(data, ("aircraft",), nation, entry, _("Add aircraft for {nation}").format(nation=nation))


_NEW: dict[str, RowMaker] = {
    "areas": lambda data, tables, near: add_area(data),
    "links": _new_link,
    "troop_types": _new_troop_type,
    "troops": _new_troop,
    "turns": _new_turn,
    "deployment": _new_rule,
    "tabletop.destroy": _new_step(("tabletop", "destroy"), "min_vp", {"on": 6}),
    "wargame.destroy": _new_step(("wargame", "destroy"), "min_difference", {"loser": 6, "winner": 0}),
    "victory.levels": _new_step(("victory", "levels"), "min_margin", {"name": "new level"}),
    "nations": _new_nation,
    "terrains": _new_keyed(("terrains",), "terrain", {"name": "New terrain"}),
    "aircraft": _new_aircraft,
}
