"""Table models for the Greek Civil War panel: the conflict table with the cell in play
lit up, and plain read-only rows for the owner's charts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush

from campaign_manager.assist.gcw.charts import ConflictCharts
from campaign_manager.assist.gcw.results import describe, effect_of
from campaign_manager.i18n import _
from campaign_manager.ui import ink
from campaign_manager.ui.plain import tip

Index = QModelIndex | QPersistentModelIndex


class ConflictTableModel(QAbstractTableModel):
    """One conflict table: a row per die face, a column per odds column; the column in play
    and the result cell are tinted."""

    def __init__(self, charts: ConflictCharts, table: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.charts = charts
        self.table = charts.tables[table]
        self.column: int | None = None
        self.die: int | None = None

    def show_table(self, table: str) -> None:
        self.beginResetModel()
        self.table = self.charts.tables[table]
        self.column = self.die = None
        self.endResetModel()

    def mark(self, column: int | None, die: int | None) -> None:
        """Tint `column`, and the cell on row `die` when a die was read."""
        self.column, self.die = column, die
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.table.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.charts.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        code = self.table.rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return code
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(describe(effect_of(code, self.charts.lettered), None))
        lit = self.die is not None and index.row() == self.die - self.charts.die.low
        if role == Qt.ItemDataRole.BackgroundRole and index.column() == self.column:  # the column read, its row lit
            return QBrush(ink.role(ink.Role.Highlight if lit else ink.Role.AlternateBase))
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == self.column and lit:
            return QBrush(ink.role(ink.Role.HighlightedText))
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.charts.columns[section].label
        return _("die {die}").format(die=section + self.charts.die.low)


class RowsModel(QAbstractTableModel):
    """Read-only rows under named headers (the owner's charts, the tracker's markers)."""

    def __init__(
        self, headers: Sequence[str], rows: Sequence[Sequence[Any]] = (), parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.headers = list(headers)
        self.rows = [list(row) for row in rows]

    def set_rows(self, rows: Sequence[Sequence[Any]]) -> None:
        self.beginResetModel()
        self.rows = [list(row) for row in rows]
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        value = self.rows[index.row()][index.column()]
        return "—" if value is None else str(value)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.headers[section] if orientation == Qt.Orientation.Horizontal else str(section + 1)
