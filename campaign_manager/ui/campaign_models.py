"""Item models over the engine's plain-data views: the GUI never reads engine state directly."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

SIDE_COLOURS = {"axis": QColor("#f3dcd6"), "allied": QColor("#d9e6f5")}
COLUMNS = ("Area", "Name", "Held by", "Terrain", "VP", "Troops")


class AreasModel(QAbstractTableModel):
    """One row per area of the map, from `state_view(...)["areas"]`."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, dict]] = []
        self._sides: dict[str, str] = {}

    def set_view(self, view: dict | None, sides: dict[str, str]) -> None:
        self.beginResetModel()
        self._rows = list(view["areas"].items()) if view else []
        self._sides = sides
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        code, area = self._rows[index.row()]
        if role == Qt.ItemDataRole.BackgroundRole and area["controller"] in SIDE_COLOURS:
            return QBrush(SIDE_COLOURS[area["controller"]])
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(f"{t['id']}: {t['name']} ({t['kind']})" for t in area["troops"]) or None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        column = index.column()
        if column == 0:
            return code
        if column == 1:
            return area["name"]
        if column == 2:
            return self._sides.get(area["controller"] or "", "—")
        if column == 3:
            return (area["terrain"] or "").title()
        if column == 4:
            return str(area["vp"]) if area["vp"] else ""
        return ", ".join(t["id"] for t in area["troops"])
