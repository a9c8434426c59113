"""Charts printed only on the game's map, filled in by the owner (resources/assist/agt_owner.toml).

The file holds one TOML table per chart, one sub-table per row, one key per column:

    [terrain_drm.mountain]
    DRM = -2

A cell left out is not filled yet; the calculators then say which printed chart to read.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import TypeAdapter

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.tables import BookTables, ChartSpec, TableError
from campaign_manager.datamodel import Fault, Int, Text, read_data_file
from campaign_manager.i18n import N_, _
from campaign_manager.paths import ASSIST_TABLES
from campaign_manager.store import writing

OWNER_FILE = ASSIST_TABLES / "agt_owner.toml"
WHERE_TO_FILL = N_(
    'the panel\'s "Charts from the map" tab (Assist > A Greek Tragedy), or the file resources/assist/agt_owner.toml'
)


def printed_only() -> str:
    """Said wherever the app cannot give a result because a printed chart is not filled in yet."""
    return _(
        "The Combat Results Table and the terrain and weather charts are printed only on the "
        "game's own charts, not in its rules, so the app does not have them. "
        "The owner fills them in once, from the printed game, in {where}. "
        "Until then the app gives the odds, the die modifiers and the adjusted die, "
        "to read on the printed chart."
    ).format(where=_(WHERE_TO_FILL))


HEADER = """# A Greek Tragedy: charts printed only on the game's map, filled in by the owner.
# Fill them in the app (Assist > A Greek Tragedy > Charts from the map) or here, one row per table, e.g.
#   [terrain_drm.mountain]
#   DRM = -2
# Until a chart is filled, the calculators say which printed chart to read.
"""


@dataclass
class OwnerCharts:
    """The owner's fills: cells[chart][(row, column)] = int or text."""

    tables: BookTables
    cells: dict[str, dict[tuple[str, str], int | str]] = field(default_factory=dict)

    def value(self, chart: str, row: str, column: str) -> int | str | None:
        return self.cells.get(chart, {}).get((row, column))

    def spec(self, chart: str) -> ChartSpec:
        return self.tables.charts[chart]

    def is_empty(self, chart: str) -> bool:
        return not self.cells.get(chart)

    def set(self, chart: str, row: str, column: str, text: str) -> None:
        """Fill (or, with empty text, clear) one cell from what the owner typed."""
        spec = self.spec(chart)
        if row not in spec.rows or column not in spec.columns:
            raise TableError(
                _("{chart}: there is no cell '{row}' / '{column}'").format(chart=spec.title, row=row, column=column)
            )
        text = text.strip()
        cells = self.cells.setdefault(chart, {})
        if not text:
            cells.pop((row, column), None)
            return
        cells[(row, column)] = _check_cell(self.tables, spec, row, column, text, spec.title)


def _cell_fault(tables: BookTables, spec: ChartSpec, value: object) -> str | None:
    """What is wrong with a cell's value, or None."""
    if spec.kind == "int":
        try:
            if isinstance(value, bool):
                raise ValueError
            int(str(value).strip().replace("+", "", 1)) if not isinstance(value, int) else value
        except ValueError:
            return _("expected a whole number such as -1 or 2, found {value}").format(value=repr(value))
        return None
    if spec.kind == "weather" and str(value).strip().lower() not in tables.weathers:
        return _("expected one of {weathers}, found {value}").format(
            weathers=", ".join(tables.weathers), value=repr(str(value).strip())
        )
    return None


def _check_cell(tables: BookTables, spec: ChartSpec, row: str, column: str, value: object, where: str) -> int | str:
    fault = _cell_fault(tables, spec, value)
    if fault:
        raise TableError(
            _("{where}: row '{row}', {column}: {fault}").format(where=where, row=row, column=column, fault=fault)
        )
    if spec.kind == "int":
        return value if isinstance(value, int) else int(str(value).strip().replace("+", "", 1))
    text = str(value).strip()
    return text.lower() if spec.kind == "weather" else text


# agt_owner.toml: chart → row → column → value; its names are the book's (checked below).
OWNER_SHAPE: TypeAdapter[dict[str, dict[str, dict[str, int | str]]]] = TypeAdapter(
    dict[str, dict[str, dict[str, Int | Text]]]
)


def check_owner_charts(tables: BookTables) -> Callable[[dict[str, dict[str, dict[str, int | str]]]], list[Fault]]:
    """The cross-checks of the owner's file: charts, rows and columns of the book, values that fit."""

    def check(data: dict[str, dict[str, dict[str, int | str]]]) -> list[Fault]:
        faults = []
        for name, rows in data.items():
            if name not in tables.charts:
                faults.append(Fault(name, _("no such chart (known: {charts})").format(charts=", ".join(tables.charts))))
                continue
            spec = tables.charts[name]
            for row, columns in rows.items():
                if row not in spec.rows:
                    faults.append(
                        Fault(f"{name}.{row}", _("no such row (rows: {rows})").format(rows=", ".join(spec.rows)))
                    )
                    continue
                for column, value in columns.items():
                    where = f"{name}.{row}.{column}"
                    if column not in spec.columns and column not in spec.older_columns:
                        faults.append(
                            Fault(
                                where, _("no such column (columns: {columns})").format(columns=", ".join(spec.columns))
                            )
                        )
                    elif fault := _cell_fault(tables, spec, value):
                        faults.append(Fault(where, fault))
        return faults

    return check


def load_charts(path: Path = OWNER_FILE, tables: BookTables | None = None) -> OwnerCharts:
    """Read the owner's file; a missing file means nothing is filled yet. TableError names
    every fault with its entry and line."""
    tables = tables or book()
    charts = OwnerCharts(tables)
    path = Path(path)
    if not path.exists():
        return charts
    data = read_data_file(path, OWNER_SHAPE, TableError, check_owner_charts(tables))
    for name, rows in data.items():
        spec = tables.charts[name]
        for row, columns in rows.items():
            for column, value in _newer_columns(spec, columns).items():
                charts.cells.setdefault(name, {})[(row, column)] = _check_cell(tables, spec, row, column, value, name)
    return charts


def _newer_columns(spec: ChartSpec, columns: dict[str, int | str]) -> dict[str, int | str]:
    """One row of a file in the chart's present columns: a column of an older file (the CRT's
    single `attacker` result) fills each column it became, unless the row gives that one too."""
    found = {column: value for column, value in columns.items() if column not in spec.older_columns}
    for old, value in columns.items():
        for column in spec.older_columns.get(old, ()):
            found.setdefault(column, value)
    return found


def save_charts(charts: OwnerCharts, path: Path = OWNER_FILE) -> None:
    """Write the fills back, charts and rows in the book's order (tomllib cannot write)."""
    lines = [HEADER]
    for name, spec in charts.tables.charts.items():
        cells = charts.cells.get(name, {})
        for row in spec.rows:
            filled = [(c, cells[(row, c)]) for c in spec.columns if (row, c) in cells]
            if not filled:
                continue
            lines.append(f"[{name}.{json.dumps(row)}]")
            # JSON strings and integers are valid TOML values
            lines.extend(f"{json.dumps(c)} = {json.dumps(v, ensure_ascii=False)}" for c, v in filled)
            lines.append("")
    # as every file the app writes: beside it first, then renamed over it (never through a link)
    writing.write_whole(Path(path), "\n".join(lines).encode("utf-8"), "charts")
