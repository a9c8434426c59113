"""A read-only table model over rows of engine data, for the Opa Opa panel's tables."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from campaign_manager.ui.plain import tip

Index = QModelIndex | QPersistentModelIndex


class RowsModel(QAbstractTableModel):
    """Rows of values under fixed headers; rows listed in `bold` are drawn bold (totals),
    columns listed in `centered` are centred (numbers)."""

    def __init__(self, headers: Sequence[str], parent: QObject | None = None, centered: Iterable[int] = ()) -> None:
        super().__init__(parent)
        self._headers = list(headers)
        self._centered = set(centered)
        self._rows: list[list[Any]] = []
        self._bold: set[int] = set()

    def set_rows(self, rows: Sequence[Sequence[Any]], bold: Sequence[int] = ()) -> None:
        self.beginResetModel()
        self._rows = [list(row) for row in rows]
        self._bold = set(bold)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(str(value))
        if role == Qt.ItemDataRole.FontRole and index.row() in self._bold:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in self._centered:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._headers[section]
        return None
