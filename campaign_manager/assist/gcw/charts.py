"""The conflict charts of The Greek Civil War, read from `resources/assist/gcw.toml`.

Every cell is checked when the file is read, so a typo in a chart is reported with the file,
the entry and the fault before anyone rolls a die.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from campaign_manager.assist.gcw.datafile import CHART_REFUSAL
from campaign_manager.assist.gcw.politics_charts import PoliticalRules, read_political_rules
from campaign_manager.assist.gcw.results import LetteredResult, effect_of
from campaign_manager.datafile import DataEntry, load_toml
from campaign_manager.dice import DICE, Die
from campaign_manager.paths import ASSIST_TABLES

CHART_FILE = ASSIST_TABLES / "gcw.toml"
TERROR_RULES = ("place", "remove", "none")
SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Column:
    """A column of the conflict tables, used from `min_ratio` (attacker ÷ defender, rounded down)."""

    label: str
    min_ratio: int


@dataclass(frozen=True)
class ConflictTable:
    """One conflict table: a row per die face, a code per column."""

    key: str
    title: str
    airstrike_allowed: bool
    unconventional_allowed: bool
    rows: tuple[tuple[str, ...], ...]

    def code(self, die: int, column: int) -> str:
        return self.rows[die - 1][column]


@dataclass(frozen=True)
class ConflictCharts:
    """Everything the conflict calculator reads: columns, tables, modifier costs, codes."""

    die: Die
    columns: tuple[Column, ...]
    airstrike_shift: int
    unconventional_modifier: int
    tables: dict[str, ConflictTable]
    unconventional_cost: dict[str, dict[str, int]]  # column label → {"attacker": PP, "defender": PP}
    lettered: dict[str, LetteredResult]


@dataclass(frozen=True)
class GcwCharts:
    """The whole data file: conflict charts and political-index rule numbers."""

    conflict: ConflictCharts
    politics: PoliticalRules


def _lettered(entry: DataEntry) -> dict[str, LetteredResult]:
    found = {}
    for code, item in entry.table().items():
        found[code] = LetteredResult(
            code=code, name=item["name"].text(), side=item["side"].text(SIDES),
            eliminated_percent=item["eliminated_percent"].integer(1, 100),
            survivors_retreat=item["survivors_retreat"].flag(),
            terror=item["terror"].text(TERROR_RULES))
    return found


def _table(key: str, entry: DataEntry, columns: int, faces: int,
           lettered: dict[str, LetteredResult]) -> ConflictTable:
    rows = entry["rows"].items()
    if len(rows) != faces:
        raise entry["rows"].refuse(f"should have {faces} rows (one per die face), not {len(rows)}")
    cells = []
    for row in rows:
        codes = row.items()
        if len(codes) != columns:
            raise row.refuse(f"should have {columns} results (one per column), not {len(codes)}")
        for cell in codes:
            try:
                effect_of(cell.text(), lettered)
            except KeyError:
                raise cell.refuse(f"'{cell.value}' is not a result code (P%A(±n), P%D(±n) or one "
                                f"of {', '.join(lettered)})") from None
        cells.append(tuple(cell.value for cell in codes))
    return ConflictTable(key, entry["title"].text(), entry["airstrike_allowed"].flag(),
                         entry["unconventional_allowed"].flag(), tuple(cells))


def read_conflict(entry: DataEntry) -> ConflictCharts:
    die = DICE[entry["die"].text(tuple(DICE))]
    columns = tuple(Column(item["label"].text(), item["min_ratio"].integer(0))
                    for item in entry["columns"].items())
    ratios = [column.min_ratio for column in columns]
    if not columns or ratios != sorted(set(ratios)) or ratios[0] != 0:
        raise entry["columns"].refuse("should start at min_ratio 0 and rise column by column")
    lettered = _lettered(entry["codes"])
    faces = die.high - die.low + 1
    tables = {key: _table(key, item, len(columns), faces, lettered)
              for key, item in entry["tables"].table().items()}
    costs = {}
    for column in columns:
        item = entry["unconventional_cost"][column.label]
        costs[column.label] = {side: item[side].integer(0) for side in SIDES}
    return ConflictCharts(die, columns, entry["airstrike_shift"].integer(0),
                          entry["unconventional_modifier"].integer(0), tables, costs, lettered)


def read_charts(path: Path) -> GcwCharts:
    """Read and check a chart file; raises ChartError naming the file, entry and fault."""
    root = load_toml(path, CHART_REFUSAL)
    return GcwCharts(read_conflict(root["conflict"]), read_political_rules(root))


@lru_cache(maxsize=1)
def default_charts() -> GcwCharts:
    return read_charts(CHART_FILE)
