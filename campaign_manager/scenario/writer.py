"""A scenario written as a TOML file, from its typed model: the one writer (the scenario editor
saves through it). Reading what it writes gives the same model back (tests/scenario/
test_scenario_writer.py holds it to that for every bundled scenario).

The file has the bundled files' form: each part of the model a `[table]` in the model's order,
the lists of areas, troops and turns as `[[arrays of tables]]`, tables keyed by code (sides,
nations, troop types, the map's shapes) as `[part.code]` tables, everything smaller inline, a
list of tables one item a line. Values equal to their defaults are left out. Qt-free.
"""

from __future__ import annotations

import re
from typing import Any

from campaign_manager.scenario.model import ScenarioFile

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def scenario_toml(data: ScenarioFile, heading: str = "") -> str:
    """The TOML text of a scenario file; `heading`, if given, opens it as comment lines."""
    tables = data.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    lines = [f"# {line}".rstrip() for line in heading.splitlines()]
    for key, value in tables.items():
        if _is_tables(value):
            for item in value:
                lines += ["", f"[[{_key(key)}]]", *_entries(item, key)]
        elif isinstance(value, dict):
            lines += _table(key, value)
        else:
            raise ValueError(f"a scenario's top level holds tables only, not {key}")
    return "\n".join(lines).lstrip("\n") + "\n"


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def _is_keyed(value: Any) -> bool:
    """A table of tables keyed by code (`[sides.axis]`, `[layout.areas.A1]`)."""
    return isinstance(value, dict) and bool(value) and all(isinstance(item, dict) for item in value.values())


def _table(path: str, table: dict[str, Any]) -> list[str]:
    if _is_keyed(table):
        return [line for key, item in table.items() for line in _table(f"{path}.{_key(key)}", item)]
    return ["", f"[{path}]", *_entries(table, path)]


def _entries(table: dict[str, Any], path: str) -> list[str]:
    """A table's keys and values; those that are tables keyed by code follow as tables of their own."""
    lines, keyed = [], []
    for key, value in table.items():
        if _is_keyed(value):
            keyed.append(key)
        elif _is_tables(value):
            lines += [f"{_key(key)} = ["] + [f"    {_value(item)}," for item in value] + ["]"]
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key in keyed:
        lines += _table(f"{path}.{_key(key)}", table[key])
    return lines


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    escaped = "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04x}" if _control(c) else c) for c in text)
    return f'"{escaped}"'


def _control(c: str) -> bool:
    return ord(c) < 0x20 or ord(c) == 0x7F


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise ValueError(f"no TOML form for {value!r}")
