"""Table models over the scenario being edited (QAbstractTableModel adapters over its tables, as
ScenarioDocument holds them): one class for every table the editor shows (`columns.TABLES`), one
for the settings that are no table's (`columns.SETTINGS`), and a delegate that offers a column's
choices in a drop-down. An edited cell becomes a change on the document's undo stack; a cell a
fault concerns is tinted and says the fault when hovered."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from campaign_manager.i18n import _
from campaign_manager.scenario.edits import (
    Change,
    EditRefused,
    rename_area,
    rename_key,
    rename_side,
    set_value,
    value_at,
)
from campaign_manager.scenario.entries import entry_of
from campaign_manager.ui import ink
from campaign_manager.ui.editor.cells import Column, Unreadable
from campaign_manager.ui.editor.columns import Setting, Table
from campaign_manager.ui.editor.document import ScenarioDocument
from campaign_manager.ui.plain import tip

Index = QModelIndex | QPersistentModelIndex
FAULTY = QColor("#f6c9c4")
CHOICES = Qt.ItemDataRole.UserRole + 1  # a column's choices, for the delegate


class EditorModel(QAbstractTableModel):
    """What the editor's table models share: they follow the document, tint the cells faults
    concern and turn an edited cell into a change."""

    part = ""

    def __init__(self, document: ScenarioDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._rows = self.row_keys()
        self._faulty: dict[tuple[Any, str | None], list[str]] = {}
        self._find_faults()
        document.changed.connect(self.follow)

    def row_keys(self) -> list[Any]:
        raise NotImplementedError

    def follow(self) -> None:
        """The document changed: as many rows redrawn (a code renamed keeps its row: the table is
        not made again under the cell's editor, which is still closing), or the table made again."""
        rows = self.row_keys()
        self._find_faults()
        if len(rows) == len(self._rows):
            self._rows = rows
            if rows:
                last = self.index(len(rows) - 1, self.columnCount() - 1)
                self.dataChanged.emit(self.index(0, 0), last)
            return
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def _find_faults(self) -> None:
        self._faulty = {}
        for fault in self.document.faults:
            entry = entry_of(self.document.tables, fault.where)
            if entry.part == self.part:
                self._faulty.setdefault((entry.row, entry.field), []).append(fault.what)

    def faults_at(self, key: Any, field: str | None) -> list[str]:
        return self._faulty.get((key, field), []) + (self._faulty.get((key, None), []) if field else [])

    def key(self, row: int) -> Any:
        return self._rows[row]

    def row_of(self, key: Any) -> int | None:
        return self._rows.index(key) if key in self._rows else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def change(self, change: Change) -> bool:
        return self.document.apply(change)

    def styled(self, role: int, column: Column, value: Any, faults: list[str]) -> Any:
        """A cell's value for `role`: its words, its tick, its colour, its tooltip."""
        if role == Qt.ItemDataRole.DisplayRole and column.words is not None and value is not None:
            return column.words(self.document.tables, value)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return column.show(value)
        if role == Qt.ItemDataRole.CheckStateRole and column.kind == "flag":
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.DecorationRole and column.kind == "colour" and QColor.isValidColorName(str(value)):
            return QColor(str(value))
        if role == Qt.ItemDataRole.BackgroundRole and faults:
            return FAULTY
        if role == Qt.ItemDataRole.ForegroundRole and faults:
            return ink.readable_on(FAULTY)  # under a dark palette too
        if role == Qt.ItemDataRole.ToolTipRole:
            words = "\n".join(faults) if faults else _(column.tip) if column.tip else ""
            return tip(words) if words else None
        if role == CHOICES and column.choices is not None:
            tables = self.document.tables
            name = column.words or (lambda tables, code: code)
            return [(code, name(tables, code) if code else _("(none)")) for code in column.choices(tables)]
        return None

    def edited(self, column: Column, where: tuple, value: Any, role: int, row_words: str) -> bool:
        """A cell set by the user: read, then changed through the document (False if refused)."""
        try:
            if role == Qt.ItemDataRole.CheckStateRole:
                new = Qt.CheckState(value) == Qt.CheckState.Checked
            else:
                new = column.read(str(value))
        except Unreadable as exc:  # said with the row it is in: "Area X9 The Ridge: VP: write ..."
            self.document.refused.emit(f"{row_words}: {exc}" if row_words else str(exc))
            return False
        if new == value_at(self.document.tables, where):
            return False
        shown = column.show(new) if column.kind != "flag" else (_("yes") if new else _("no"))
        said = f"{row_words}: {_(column.header)} {shown}".strip()  # the change's title, in the undo list
        return self.change(set_value(self.document.data, where, new, said))


class PartModel(EditorModel):
    """One of the editor's tables (`columns.TABLES`): its rows from the scenario's tables."""

    def __init__(self, table: Table, document: ScenarioDocument, parent: QObject | None = None) -> None:
        self.table = table
        self.part = table.part
        super().__init__(document, parent)

    def row_keys(self) -> list[Any]:
        return self.table.rows.keys(self.document.tables)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.table.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return _(self.table.columns[section].header) if 0 <= section < len(self.table.columns) else None
        return str(section + 1)

    def _is_key(self, column: Column) -> bool:
        return not column.path and column.derived is None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        column = self.table.columns[index.column()]
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if column.derived is not None:
            return flags
        if column.kind == "flag":
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        return flags | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        column, key = self.table.columns[index.column()], self._rows[index.row()]
        tables = self.document.tables
        if column.derived is not None:
            return column.derived(tables, key) if role == Qt.ItemDataRole.DisplayRole else None
        value = key if self._is_key(column) else value_at(tables, (*self.table.rows.path(key), *column.path))
        return self.styled(role, column, value, self.faults_at(key, column.field or None))

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        changeable = Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable
        if not index.isValid() or not (self.flags(index) & changeable):
            return False
        column, key = self.table.columns[index.column()], self._rows[index.row()]
        where = self.table.rows.path(key)
        if self._is_key(column) or (self.part == "areas" and column.field == "code"):
            return self._rename(key, str(value).strip())
        return self.edited(column, (*where, *column.path), value, role, self.row_words(key))

    def _rename(self, key: Any, new: str) -> bool:
        tables = self.document.tables
        old = tables["areas"][key]["code"] if self.part == "areas" else key
        if not new:
            said = _("{row}: a code cannot be empty; it stays {code}").format(row=self.row_words(key), code=old)
            self.document.refused.emit(said)
            return False
        if new == old:
            return False
        try:
            if self.part == "areas":
                change = rename_area(self.document.data, old, new)
            elif self.part == "sides":
                change = rename_side(self.document.data, old, new)
            else:
                change = rename_key(self.document.data, self.table.rows.where, old, new)
        except EditRefused as exc:
            self.document.refused.emit(str(exc))
            return False
        return self.change(change)

    def row_words(self, key: Any) -> str:
        """The row in a few words, for the undo list ("Area A1 and its name")."""
        words = entry_of(self.document.tables, _fault_path(self.table.rows.path(key))).words
        return words[:1].upper() + words[1:]


def _fault_path(where: tuple) -> str:
    """("turns", 1, "deployment", 0) → "turns[1].deployment[0]", as faults name entries."""
    text = ""
    for step in where:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text


class SettingsModel(EditorModel):
    """The scenario's values that are no table's (its name, the shared rules, the fortification,
    the escape by sea, the map's size): one a row, with its words and its value."""

    part = "settings"

    def __init__(
        self, settings: tuple[Setting, ...], document: ScenarioDocument, parent: QObject | None = None
    ) -> None:
        self.settings = settings
        super().__init__(document, parent)

    def row_keys(self) -> list[Any]:
        return [_fault_path(setting.where) for setting in self.settings]

    def row_of(self, key: Any) -> int | None:
        """The setting a fault's path names, or the first of the part it names."""
        keys = self.row_keys()
        text = str(key or "")
        found = [n for n, k in enumerate(keys) if text == k or text.startswith(k + ".") or k.startswith(text + ".")]
        return found[0] if found else None

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 2

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return (_("setting"), _("value"))[section] if section in (0, 1) else None
        return str(section + 1)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemIsEditable if index.column() == 1 else flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.settings):
            return None
        setting = self.settings[index.row()]
        faults = [
            f.what
            for f in self.document.faults
            if f.where == self._rows[index.row()] or f.where.startswith(self._rows[index.row()] + ".")
        ]
        if index.column() == 0:
            return _(setting.words) if role == Qt.ItemDataRole.DisplayRole else None
        return self.styled(role, setting.column, value_at(self.document.tables, setting.where), faults)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() != 1:
            return False
        setting = self.settings[index.row()]
        return self.edited(setting.column, setting.where, value, role, _(setting.words))


class ChoiceDelegate(QStyledItemDelegate):
    """A drop-down of the column's choices for a cell that has them (a terrain, a side, a nation)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        choices = index.data(CHOICES)
        if choices is None:
            return super().createEditor(parent, option, index)
        combo = QComboBox(parent)
        combo.setAccessibleName(_("choice"))
        for code, words in choices:
            combo.addItem(words, code)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole) or "")))
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData() or "", Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)
