"""Charts printed only on the game's map, filled in by the owner (resources/assist/agt_owner.toml).

The file holds one TOML table per chart, one sub-table per row, one key per column:

    [terrain_drm.mountain]
    DRM = -2

A cell left out is not filled yet; the calculators then say which printed chart to read.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.tables import BookTables, ChartSpec, TableError
from campaign_manager.paths import ASSIST_TABLES

OWNER_FILE = ASSIST_TABLES / "agt_owner.toml"
WHERE_TO_FILL = ('the panel\'s "Charts from the map" tab (Assist > A Greek Tragedy), '
                 "or the file resources/assist/agt_owner.toml")
# Said wherever the app cannot give a result because a printed chart is not filled in yet.
PRINTED_ONLY = ("The Combat Results Table and the terrain and weather charts are printed only on the "
                "game's own charts, not in its rules, so the app does not have them. "
                f"The owner fills them in once, from the printed game, in {WHERE_TO_FILL}. "
                "Until then the app gives the odds, the die modifiers and the adjusted die, "
                "to read on the printed chart.")
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
            raise TableError(f"{spec.title}: there is no cell '{row}' / '{column}'")
        text = text.strip()
        cells = self.cells.setdefault(chart, {})
        if not text:
            cells.pop((row, column), None)
            return
        cells[(row, column)] = _check_cell(self.tables, spec, row, column, text, spec.title)


def _check_cell(tables: BookTables, spec: ChartSpec, row: str, column: str, value: object,
                where: str) -> int | str:
    if spec.kind == "int":
        try:
            if isinstance(value, bool):
                raise ValueError
            return int(str(value).strip().replace("+", "", 1)) if not isinstance(value, int) else value
        except ValueError:
            raise TableError(f"{where}: row '{row}', {column}: expected a whole number such as -1 or 2, "
                             f"found {value!r}") from None
    text = str(value).strip()
    if spec.kind == "weather" and text.lower() not in tables.weathers:
        raise TableError(f"{where}: row '{row}', {column}: expected one of "
                         f"{', '.join(tables.weathers)}, found {text!r}")
    return text.lower() if spec.kind == "weather" else text


def load_charts(path: Path = OWNER_FILE, tables: BookTables | None = None) -> OwnerCharts:
    """Read the owner's file; a missing file means nothing is filled yet."""
    tables = tables or book()
    charts = OwnerCharts(tables)
    path = Path(path)
    if not path.exists():
        return charts
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{path.name}: is not valid TOML ({exc})") from None
    for name, rows in data.items():
        if name not in tables.charts:
            raise TableError(f"{path.name}: entry '{name}': no such chart "
                             f"(known: {', '.join(tables.charts)})")
        spec = tables.charts[name]
        if not isinstance(rows, dict):
            raise TableError(f"{path.name}: entry '{name}': expected a table of rows")
        for row, columns in rows.items():
            where = f"{path.name}: entry '{name}.{row}'"
            if row not in spec.rows:
                raise TableError(f"{where}: no such row (rows: {', '.join(spec.rows)})")
            if not isinstance(columns, dict):
                raise TableError(f"{where}: expected a table of columns ({', '.join(spec.columns)})")
            for column, value in columns.items():
                if column not in spec.columns:
                    raise TableError(f"{where}: no column '{column}' (columns: {', '.join(spec.columns)})")
                checked = _check_cell(tables, spec, row, column, value, f"{path.name}: entry '{name}'")
                charts.cells.setdefault(name, {})[(row, column)] = checked
    return charts


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
    Path(path).write_text("\n".join(lines), encoding="utf-8")
