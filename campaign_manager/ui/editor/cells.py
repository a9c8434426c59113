"""A column of the editor's tables, as a cell sees it: the path of its value in a row's entry, how that
value is written in the cell (a bonus `open 1, broken 2`, fixed arrows `A1→B1, A2→B2`, a list
`north, south`) and how what is typed there is read back; what cannot be read is refused in words
(`Unreadable`) and nothing changes. The tables that use the columns are in ui/editor/columns.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from campaign_manager.i18n import _
from campaign_manager.scenario.terms import KINDS

Kind = Literal[
    "text", "optional", "int", "flag", "choice", "list", "mapping", "colour", "arrows", "exceptions", "variants"
]
Choices = Callable[[dict[str, Any]], list[str]]


class Unreadable(ValueError):
    """What was typed in a cell cannot be read as the column's value; the message says how to write it."""


@dataclass(frozen=True)
class Column:
    """One column: its heading, the path of its value in a row's entry, how it is written."""

    header: str
    path: tuple[str, ...]
    kind: Kind = "text"
    tip: str = ""
    choices: Choices | None = None  # the values a "choice" column offers ("" for none, if optional)
    separator: str = ", "
    derived: Callable[[dict[str, Any], Any], str] | None = None  # a read-only column worked out from the tables
    words: Callable[[dict[str, Any], Any], str] | None = None  # how a code reads in the cell (a side: its name)

    @property
    def field(self) -> str:
        return self.path[0] if self.path else ""

    def show(self, value: Any) -> str:
        return _SHOW[self.kind](value, self)

    def read(self, text: str) -> Any:
        return _READ[self.kind](text.strip(), self)


def _show_text(value: Any, column: Column) -> str:
    return "" if value is None else str(value)


def _show_list(value: Any, column: Column) -> str:
    return column.separator.join(str(v) for v in value or [])


def _show_mapping(value: Any, column: Column) -> str:
    return ", ".join(f"{key} {number}" for key, number in (value or {}).items())


def _show_arrows(value: Any, column: Column) -> str:
    return ", ".join(f"{arrow['from']}→{arrow['to']}" for arrow in value or [])


def _show_exceptions(value: Any, column: Column) -> str:
    return "; ".join(
        " ".join(str(x) for x in (e["area"], e.get("kind") or e.get("troop"), e.get("count", 1)) if x is not None)
        for e in value or []
    )


def _show_variants(value: Any, column: Column) -> str:
    return "; ".join(
        f"from turn {v['from_turn']}: {v['name']} ({_show_mapping(v['bonus'], column)})" for v in value or []
    )


_SHOW: dict[str, Callable[[Any, Column], str]] = {
    "text": _show_text,
    "optional": _show_text,
    "int": _show_text,
    "flag": lambda value, column: "",
    "choice": _show_text,
    "list": _show_list,
    "mapping": _show_mapping,
    "colour": _show_text,
    "arrows": _show_arrows,
    "exceptions": _show_exceptions,
    "variants": _show_variants,
}


def _read_int(text: str, column: Column) -> int:
    try:
        return int(text)
    except ValueError:
        raise Unreadable(
            _("{column}: write a whole number, not “{text}”").format(column=_(column.header), text=text)
        ) from None


def _read_list(text: str, column: Column) -> list[str]:
    return [item.strip() for item in text.split(column.separator.strip()) if item.strip()]


def _read_mapping(text: str, column: Column) -> dict[str, int]:
    found: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        match = re.fullmatch(r"(\S+)\s*[: ]\s*(-?\d+)", item)
        if match is None:
            said = _("{column}: write each as a code and a number, e.g. “open 1, broken 2”")
            raise Unreadable(said.format(column=_(column.header)))
        found[match[1]] = int(match[2])
    return found


def _read_arrows(text: str, column: Column) -> list[dict[str, str]]:
    arrows = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        ends = [end.strip() for end in re.split(r"→|->|>", item)]
        if len(ends) != 2 or not all(ends):
            said = _("{column}: write each arrow as its two areas, e.g. “A1→B1, A2→B2”")
            raise Unreadable(said.format(column=_(column.header)))
        arrows.append({"from": ends[0], "to": ends[1]})
    return arrows


def _read_exceptions(text: str, column: Column) -> list[dict[str, Any]]:
    found = []
    for item in filter(None, (part.strip() for part in text.split(";"))):
        area, *rest = item.split()
        exception: dict[str, Any] = {"area": area}
        for token in rest:
            if token.isdigit():
                exception["count"] = int(token)
            elif token in KINDS:
                exception["kind"] = token
            else:
                exception["troop"] = token
        found.append(exception)
    return found


def _read_variants(text: str, column: Column) -> list[dict[str, Any]]:
    found = []
    for item in filter(None, (part.strip() for part in text.split(";"))):
        match = re.fullmatch(r"from turn (\d+):\s*(.+?)\s*\((.*)\)", item)
        if match is None:
            said = _("{column}: write each as “from turn 2: Name (open 2, broken 1)”")  # the words read back: keep them
            raise Unreadable(said.format(column=_(column.header)))
        found.append({"from_turn": int(match[1]), "name": match[2], "bonus": _read_mapping(match[3], column)})
    return found


_READ: dict[str, Callable[[str, Column], Any]] = {
    "text": lambda text, column: text,
    "optional": lambda text, column: text or None,
    "int": _read_int,
    "flag": lambda text, column: bool(text),
    "choice": lambda text, column: text or None,
    "list": _read_list,
    "mapping": _read_mapping,
    "colour": lambda text, column: text,
    "arrows": _read_arrows,
    "exceptions": _read_exceptions,
    "variants": _read_variants,
}
