"""Qt models over the A Greek Tragedy engine's data: modifiers, lists of lines, ports, charts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.combat import Modifier
from campaign_manager.assist.agt.ports import port_maximum
from campaign_manager.assist.agt.state import GameState
from campaign_manager.assist.agt.tables import ChartSpec
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole


class _Table(QAbstractTableModel):
    """A read-only table of rows given as tuples of cells."""

    headers: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[Any, ...]] = []

    def set_rows(self, rows: Sequence[tuple[Any, ...]]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or role != DISPLAY:
            return None
        return str(self._rows[index.row()][index.column()])

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if role == DISPLAY and orientation == Qt.Orientation.Horizontal and section < len(self.headers):
            return _(self.headers[section]) if self.headers[section] else ""
        return None


class ModifierModel(_Table):
    """The die modifiers of one battle; a chart still to read shows what to read."""

    headers = (N_("Modifier"), N_("Rule"), N_("Value"))

    def set_modifiers(self, modifiers: Sequence[Modifier]) -> None:
        self.set_rows(
            [(m.name, m.rule, _("read the chart") if m.value is None else f"{m.value:+d}") for m in modifiers]
        )


class PortModel(_Table):
    """Italian ports: start value, capacity now, points used and left this turn (6.81), and the
    top of the printed track."""

    headers = (N_("Port"), N_("Start"), N_("Now"), N_("Used this turn"), N_("Left this turn"), N_("Track maximum"))

    def show(self, start: dict[str, int], state: GameState | None, charts: OwnerCharts) -> None:
        def row(name: str) -> tuple[Any, ...]:
            track = port_maximum(charts, name) or _("not filled in")
            if state is None:
                return (name, start[name], start[name], "-", "-", track)
            return (name, start[name], state.ports[name], state.used(name), state.left(name), track)

        self.set_rows([row(name) for name in start])


class LinesModel(QAbstractListModel):
    """A list of lines of text (the cup's markers, the history)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lines: list[str] = []

    def set_lines(self, lines: Sequence[str]) -> None:
        self.beginResetModel()
        self._lines = list(lines)
        self.endResetModel()

    def lines(self) -> list[str]:
        return list(self._lines)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._lines)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if index.isValid() and role == DISPLAY:
            return self._lines[index.row()]
        return None


class ChartModel(QAbstractTableModel):
    """One owner-filled chart, editable cell by cell; a refused entry is reported by `refused`."""

    refused = Signal(str)
    edited = Signal()

    def __init__(self, charts: OwnerCharts, chart: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.charts, self.chart = charts, chart

    def show_chart(self, charts: OwnerCharts, chart: str) -> None:
        self.beginResetModel()
        self.charts, self.chart = charts, chart
        self.endResetModel()

    @property
    def spec(self) -> ChartSpec:
        return self.charts.spec(self.chart)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.spec.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.spec.columns)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or role not in (DISPLAY, Qt.ItemDataRole.EditRole):
            return None
        value = self.charts.value(self.chart, self.spec.rows[index.row()], self.spec.columns[index.column()])
        return "" if value is None else str(value)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if role != DISPLAY:
            return None
        if orientation == Qt.Orientation.Vertical:
            return self.spec.rows[section] if 0 <= section < len(self.spec.rows) else None
        columns = self.spec.columns
        # "cautious/stand attacker" on two lines, so eight CRT columns fit the panel
        return columns[section].replace(" ", "\n") if 0 <= section < len(columns) else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        try:
            self.charts.set(self.chart, self.spec.rows[index.row()], self.spec.columns[index.column()], str(value))
        except UserError as exc:
            self.refused.emit(str(exc))
            return False
        self.dataChanged.emit(index, index, [DISPLAY, Qt.ItemDataRole.EditRole])
        self.edited.emit()
        return True
