"""The conflict charts of The Greek Civil War, read from `resources/assist/gcw.toml`.

Every cell is checked when the file is read, so a typo in a chart is reported with the file,
the entry and the fault before anyone rolls a die.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter

from campaign_manager.assist.gcw.datafile import ChartError, Column, ConflictSpec, ConflictTable, GcwFile
from campaign_manager.assist.gcw.politics_charts import PoliticalRules, check_political_rules, political_rules
from campaign_manager.assist.gcw.results import LetteredResult, effect_of
from campaign_manager.datamodel import Fault, keyed, read_data_file
from campaign_manager.dice import DICE, Die
from campaign_manager.i18n import _
from campaign_manager.paths import ASSIST_TABLES

CHART_FILE = ASSIST_TABLES / "gcw.toml"
SIDES = ("attacker", "defender")
GCW_FILE = TypeAdapter(GcwFile)


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
    strength_most: int = 999  # a side's strength in one conflict (gcw.toml [limits])
    units_most: int = 99  # units on one side


@dataclass(frozen=True)
class GcwCharts:
    """The whole data file: conflict charts and political-index rule numbers."""

    conflict: ConflictCharts
    politics: PoliticalRules


def check_conflict(spec: ConflictSpec) -> list[Fault]:
    """The die is known, the columns rise from 0, every table has a row per die face and a
    known result in every cell, and every column has its unconventional cost."""
    faults = []
    if spec.die not in DICE:
        faults.append(
            Fault("conflict.die", _('"{die}" is not one of: {dice}').format(die=spec.die, dice=", ".join(DICE)))
        )
    ratios = [column.min_ratio for column in spec.columns]
    if ratios != sorted(set(ratios)) or ratios[0] != 0:
        faults.append(Fault("conflict.columns", _("should start at min_ratio 0 and rise column by column")))
    faces = DICE[spec.die].high - DICE[spec.die].low + 1 if spec.die in DICE else None
    for key, table in spec.tables.items():
        where = f"conflict.tables.{key}.rows"
        if faces is not None and len(table.rows) != faces:
            faults.append(
                Fault(
                    where,
                    _("should have {faces} rows (one per die face), not {n}").format(faces=faces, n=len(table.rows)),
                )
            )
        for r, row in enumerate(table.rows):
            if len(row) != len(spec.columns):
                faults.append(
                    Fault(
                        f"{where}[{r}]",
                        _("should have {columns} results (one per column), not {n}").format(
                            columns=len(spec.columns), n=len(row)
                        ),
                    )
                )
            for c, cell in enumerate(row):
                try:
                    effect_of(cell, spec.codes)
                except KeyError:
                    faults.append(
                        Fault(
                            f"{where}[{r}][{c}]",
                            _('"{cell}" is not a result code (P%A(±n), P%D(±n) or one of {codes})').format(
                                cell=cell, codes=", ".join(spec.codes)
                            ),
                        )
                    )
    for column in spec.columns:
        if column.label not in spec.unconventional_cost:
            faults.append(Fault(f"conflict.unconventional_cost.{column.label}", "is missing"))
    return faults


def check_charts(data: GcwFile) -> list[Fault]:
    return check_conflict(data.conflict) + check_political_rules(data)


def conflict_charts(spec: ConflictSpec, limits: GcwFile.Limits) -> ConflictCharts:
    for key, table in spec.tables.items():
        table._key = key
    return ConflictCharts(
        DICE[spec.die],
        spec.columns,
        spec.airstrike_shift,
        spec.unconventional_modifier,
        dict(spec.tables),
        {label: cost.model_dump() for label, cost in spec.unconventional_cost.items()},
        keyed(spec.codes),
        limits.strength,
        limits.units,
    )


def read_charts(path: Path) -> GcwCharts:
    """Read and check a chart file; raises ChartError naming the file and every fault."""
    data = read_data_file(path, GCW_FILE, ChartError, check_charts)
    return GcwCharts(conflict_charts(data.conflict, data.limits), political_rules(data))


@lru_cache(maxsize=1)
def default_charts() -> GcwCharts:
    return read_charts(CHART_FILE)
