"""The scenario editor: one scenario on its map and as tables, its faults listed as it is edited,
saved as a scenario of the user's own (never over a bundled one).

A view of a ScenarioDocument: the map (ui/editor/map.py), the tables (ui/editor/tables.py, laid
out as columns.TABLES declares them) and the fault list all follow its `changed`. Ctrl+Z and
Ctrl+Shift+Z undo and redo the editor's own changes. The name asked for on Save as and the
question on closing with unsaved changes are passed in, so tests need no dialogs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QItemSelectionModel, QPoint, QRect, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.scenario.edits import EditRefused, add_entry, move_point, remove_entry, toggle_link
from campaign_manager.scenario.entries import entry_of
from campaign_manager.scenario.loader import bundled_scenarios
from campaign_manager.store.scenario_files import check_scenario_name, save_user_scenario
from campaign_manager.ui.editor.asking import CANCEL, SAVE, Confirm, NameChooser, ask_name, ask_unsaved
from campaign_manager.ui.editor.columns import SETTINGS, TABLES, Table
from campaign_manager.ui.editor.document import ScenarioDocument
from campaign_manager.ui.editor.map import EditorMapView
from campaign_manager.ui.editor.tables import ChoiceDelegate, EditorModel, PartModel, SettingsModel
from campaign_manager.ui.plain import label, message_box, tip
from campaign_manager.ui.window_layout import on_screen

PAGES: tuple[tuple[str, tuple[str, ...]], ...] = (  # each tab's title, and the scenario's parts on it
    (N_("Areas"), ("areas",)),
    (N_("Links"), ("links",)),
    (N_("Troops"), ("troop_types", "troops")),
    (N_("Turns"), ("turns", "deployment")),
    (N_("Wargame tables"), ("tabletop.destroy", "wargame.destroy", "victory.levels")),
    (N_("Sides and nations"), ("sides", "nations", "terrains", "aircraft")),
    (N_("Settings"), ("settings",)),
)
FIXED = {"sides", "settings"}  # no rows added or taken out


class TablePanel(QWidget):
    """One table with its title, and buttons to add a row and take the selected one out."""

    def __init__(self, title: str, model: EditorModel, editor: ScenarioEditor, fixed: bool) -> None:
        super().__init__()
        self.model = model
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 4)
        heading = label(title)
        heading.setStyleSheet("font-weight:bold")
        column.addWidget(heading)
        self.view = QTableView(self)
        self.view.setObjectName(f"table_{model.part}")
        self.view.setAccessibleName(title)
        self.view.setModel(model)
        self.view.setItemDelegate(ChoiceDelegate(self.view))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.resizeColumnsToContents()
        column.addWidget(self.view, 1)
        if not fixed:
            buttons = QHBoxLayout()
            self.add = QPushButton(_("Add a row"), self)
            self.add.setObjectName(f"add_{model.part}")
            self.add.clicked.connect(lambda: editor.add_row(self))
            self.remove = QPushButton(_("Take the selected row out"), self)
            self.remove.setObjectName(f"remove_{model.part}")
            self.remove.clicked.connect(lambda: editor.remove_row(self))
            buttons.addWidget(self.add)
            buttons.addWidget(self.remove)
            buttons.addStretch(1)
            column.addLayout(buttons)

    def selected_key(self) -> Any:
        index = self.view.currentIndex()
        return self.model.key(index.row()) if index.isValid() and index.row() < self.model.rowCount() else None

    def select(self, row: int, column: int) -> None:
        index = self.model.index(row, max(0, column))
        self.view.setCurrentIndex(index)
        self.view.selectionModel().select(index, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self.view.scrollTo(index)
        self.view.setFocus()


class ScenarioEditor(QMainWindow):
    """One scenario being edited: the map, the tables, the faults."""

    def __init__(
        self,
        document: ScenarioDocument,
        parent: QWidget | None = None,
        choose_name: NameChooser = ask_name,
        ask_unsaved: Confirm = ask_unsaved,
    ) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setObjectName("scenarioEditor")
        self.document = document
        self.choose_name, self.ask_unsaved = choose_name, ask_unsaved
        self.map_view = EditorMapView(document, self)
        self.map_view.areaClicked.connect(self.select_area)
        self.map_view.linkRequested.connect(self.toggle_link)
        self.map_view.pointMoved.connect(self.move_point)
        self.map_view.linkStarted.connect(self.refresh_hint)
        self.panels: dict[str, TablePanel] = {}
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("scenarioTables")
        self.tabs.setAccessibleName(_("The scenario's tables"))
        self.tabs.tabBar().setAccessibleName(_("Which of the scenario's tables"))
        for title, parts in PAGES:
            self.tabs.addTab(self._page(parts), _(title))
        self.faults = QListWidget(self)
        self.faults.setObjectName("faults")
        self.faults.setAccessibleName(_("Faults of the scenario"))
        self.faults.itemActivated.connect(self.go_to_fault)
        self.faults.itemClicked.connect(self.go_to_fault)
        self.hint = label("", self)
        self.hint.setObjectName("mapHint")
        self.hint.setWordWrap(True)
        self.hint.setFixedHeight(2 * self.hint.fontMetrics().lineSpacing() + 6)  # the map stays put as the hint changes
        self._lay_out()
        self._menus()
        self.statusBar()  # there from the start: made at the first message, it made the window taller
        document.changed.connect(self.refresh)
        document.refused.connect(self.say_refused)
        document.undo_stack.cleanChanged.connect(self._clean)
        room = self.screen().availableGeometry()
        self.resize(min(1400, room.width() - 40), min(860, room.height() - 60))
        self.refresh()

    def place_beside(self, near: QWidget) -> None:
        """Offset from `near` (the main window) and shrunk, or moved, so that the whole editor
        with its frame is on `near`'s screen: its status bar, where refusals are said, too."""
        wanted = QRect(near.geometry().topLeft() + QPoint(40, 40), self.size())
        self.setGeometry(on_screen(wanted, near, self.minimumSizeHint()))

    # -- building -------------------------------------------------------------------------------

    def _page(self, parts: tuple[str, ...]) -> QWidget:
        page = QWidget(self)
        column = QVBoxLayout(page)
        tables = {table.part: table for table in TABLES}
        for part in parts:
            model: EditorModel
            if part == "settings":
                model = SettingsModel(SETTINGS, self.document, self)
                title = _("The scenario's name, shared rules, fortification and map size")
            else:
                table: Table = tables[part]
                model, title = PartModel(table, self.document, self), _(table.title)
            panel = TablePanel(title, model, self, part in FIXED)
            self.panels[part] = panel
            column.addWidget(panel, 1)
        return page

    def _lay_out(self) -> None:
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.hint)
        column.addWidget(self.map_view, 1)
        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.tabs)
        faults_box = QWidget(self)
        faults_column = QVBoxLayout(faults_box)
        faults_column.setContentsMargins(0, 0, 0, 0)
        self.faults_heading = label("", faults_box)
        self.faults_heading.setObjectName("faultsHeading")
        self.faults_heading.setStyleSheet("font-weight:bold")
        faults_column.addWidget(self.faults_heading)
        faults_column.addWidget(self.faults, 1)
        right.addWidget(faults_box)
        right.setSizes([620, 200])
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([620, 780])
        self.setCentralWidget(split)

    def _menus(self) -> None:
        stack = self.document.undo_stack
        file = self.menuBar().addMenu(_("&File"))
        self.save_action = self._action(file, _("&Save"), self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(file, _("Save &as…"), self.save_as, QKeySequence("Ctrl+Shift+S"))
        file.addSeparator()
        self._action(file, _("&Close the editor"), self.close, QKeySequence("Ctrl+W"))
        edit = self.menuBar().addMenu(_("&Edit"))
        self.undo_action = stack.createUndoAction(self, _("&Undo"))
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = stack.createRedoAction(self, _("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            edit.addAction(action)
            self.addAction(action)
        # A change's title quotes what was typed: its tooltip (the toolbar's) shows it as plain text.
        stack.undoTextChanged.connect(self._undo_tip)
        stack.redoTextChanged.connect(self._redo_tip)
        on_map = self.menuBar().addMenu(_("&Map"))
        self.link_action = QAction(_("&Link areas: click two areas"), self)
        self.link_action.setShortcut(QKeySequence("L"))
        self.link_action.setCheckable(True)
        self.link_action.toggled.connect(self.set_linking)
        on_map.addAction(self.link_action)
        self._action(on_map, _("&Fit the map"), self.map_view.fit, QKeySequence("Ctrl+0"))
        bar = self.addToolBar(_("Scenario"))
        bar.setObjectName("scenarioToolbar")
        bar.setMovable(False)
        for action in (self.save_action, self.undo_action, self.redo_action, self.link_action):
            bar.addAction(action)

    def _action(self, menu: Any, text: str, slot: Callable[..., object], keys: Any = None) -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    # -- showing --------------------------------------------------------------------------------

    def refresh(self) -> None:
        data = self.document.data
        where = self.document.saved_as.name if self.document.saved_as else self.document.source
        self.setWindowTitle(
            _("Scenario editor — {scenario} ({where})").format(scenario=data.scenario.name, where=where) + "[*]"
        )
        self.faults.clear()
        tables = self.document.tables
        for fault in self.document.faults:
            entry = entry_of(tables, fault.where)
            item = QListWidgetItem(f"{entry.words[:1].upper()}{entry.words[1:]}: {fault.what}")
            item.setData(Qt.ItemDataRole.UserRole, fault.where)
            item.setToolTip(tip(f"{fault.where}: {fault.what}"))
            self.faults.addItem(item)
        count = len(self.document.faults)
        saved = self.document.saved_as is not None and self.document.undo_stack.isClean()
        sound = (
            _("No faults: File ▸ New campaign offers it.")
            if saved
            else _("No faults: once saved, File ▸ New offers it.")
        )
        faulty = ngettext(
            "{count} fault: a campaign cannot start from this scenario until it is mended. Click one to go to its "
            "entry.",
            "{count} faults: a campaign cannot start from this scenario until they are mended. Click one to go to its "
            "entry.",
            count,
        )
        self.faults_heading.setText(faulty.format(count=count) if count else sound)
        self.refresh_hint()

    def refresh_hint(self) -> None:
        if self.map_view.linking:
            first = self.map_view.first
            self.hint.setText(
                _("Link areas: now click the area to link with {area} (or the link to take out).").format(area=first)
                if first
                else _("Link areas: click one area, then another — their link is added, or taken out if they have one.")
            )
        else:
            self.hint.setText(
                _(
                    "Click an area to select it; drag an area's name or its counters to move them. "
                    "Map ▸ Link areas (L) adds or removes links by clicking two areas."
                )
            )

    def _undo_tip(self, text: str) -> None:
        if shiboken6.isValid(self.undo_action):  # not while the window is taken down
            self.undo_action.setToolTip(tip(_("Undo {change}").format(change=text) if text.strip() else _("Undo")))

    def _redo_tip(self, text: str) -> None:
        if shiboken6.isValid(self.redo_action):
            self.redo_action.setToolTip(tip(_("Redo {change}").format(change=text) if text.strip() else _("Redo")))

    def _clean(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def say(self, words: str, milliseconds: int = 8000) -> None:
        self.statusBar().showMessage(words, milliseconds)
        self.statusBar().setToolTip(tip(words))

    def say_refused(self, words: str) -> None:
        self.statusBar().showMessage(words)
        self.statusBar().setToolTip(tip(words))

    # -- what the map asks ------------------------------------------------------------------------

    def select_area(self, code: str) -> None:
        row = next((n for n, area in enumerate(self.document.data.areas) if area.code == code), None)
        if row is not None:
            self.show_entry("areas", row, None)
        self.map_view.map_scene.mark({code})

    def set_linking(self, on: bool) -> None:
        self.map_view.set_linking(on)
        self.refresh_hint()

    def toggle_link(self, a: str, b: str) -> None:
        if self.document.apply(toggle_link(self.document.data, a, b)):
            self.say(self.document.undo_stack.text(self.document.undo_stack.index() - 1))
        self.refresh_hint()

    def move_point(self, code: str, which: str, x: float, y: float) -> None:
        if not self.document.apply(move_point(self.document.data, code, which, (x, y))):
            self.map_view.map_scene.redraw()  # refused (off the map): put it back where it was

    # -- rows -------------------------------------------------------------------------------------

    def add_row(self, panel: TablePanel) -> None:
        try:
            change = add_entry(self.document.data, panel.model.part, panel.selected_key())
        except EditRefused as exc:
            self.say_refused(str(exc))
            return
        if self.document.apply(change):
            self.say(change.title)
            panel.select(panel.model.rowCount() - 1, 0)

    def remove_row(self, panel: TablePanel) -> None:
        key = panel.selected_key()
        if key is None:
            self.say_refused(_("Select a row of the table first, then take it out."))
            return
        try:
            change = remove_entry(self.document.data, panel.model.part, key)
        except EditRefused as exc:
            self.say_refused(str(exc))
            return
        if self.document.apply(change):
            self.say(change.title)

    # -- faults -----------------------------------------------------------------------------------

    def go_to_fault(self, item: QListWidgetItem) -> None:
        """The entry a fault concerns, selected in its table (and its area on the map)."""
        where = item.data(Qt.ItemDataRole.UserRole)
        entry = entry_of(self.document.tables, where)
        row = entry.row if entry.part != "settings" else where
        self.show_entry(entry.part, row, entry.field)
        if entry.part == "areas" and isinstance(entry.row, int) and entry.row < len(self.document.data.areas):
            self.map_view.map_scene.mark({self.document.data.areas[entry.row].code})

    def show_entry(self, part: str, row: Any, field: str | None) -> None:
        panel = self.panels.get(part)
        if panel is None:
            return
        page = next(n for n, (_title, parts) in enumerate(PAGES) if part in parts)
        self.tabs.setCurrentIndex(page)
        found = panel.model.row_of(row)
        if found is None:
            panel.view.setFocus()
            return
        column = 1 if part == "settings" else 0
        if isinstance(panel.model, PartModel) and field:
            column = next((n for n, c in enumerate(panel.model.table.columns) if c.field == field), 0)
        panel.select(found, column)

    # -- saving -----------------------------------------------------------------------------------

    def save(self) -> bool:
        saved = self.document.saved_as
        if saved is None:
            return self.save_as()
        return self.write(saved.stem)

    def save_as(self) -> bool:
        data = self.document.data
        suggested = data.scenario.id if data.scenario.id not in bundled_scenarios() else f"{data.scenario.id}-corrected"
        name = self.choose_name(self, suggested)
        return name is not None and self.write(name)

    def write(self, name: str) -> bool:
        """Save the scenario as `name` in the user's scenario folder; its id becomes that name."""
        document = self.document
        try:
            name = check_scenario_name(name)
            if document.data.scenario.id != name:
                document.name_after(name)  # no step of the user's to undo
            path = save_user_scenario(document.data, name, replacing=document.saved_as)
        except UserError as exc:
            said = _("Not saved: {problem}").format(problem=exc)
            self.say_refused(said)
            box = message_box(QMessageBox.Icon.Warning, _("Scenario editor"), said, parent=self)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()
            return False
        document.saved_as = path
        document.undo_stack.setClean()
        faults = len(document.faults)
        faulty = ngettext(
            "Saved as {path}, with {count} fault: no campaign can start from it until they are mended.",
            "Saved as {path}, with {count} faults: no campaign can start from it until they are mended.",
            faults,
        )
        self.say(
            faulty.format(path=path, count=faults)
            if faults
            else _("Saved as {path}: File ▸ New campaign offers it as “{name}”.").format(path=path, name=name)
        )
        self.refresh()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.document.undo_stack.isClean():
            answer = self.ask_unsaved(self, _("The scenario has changes that are not saved. Save them before closing?"))
            if answer == CANCEL or (answer == SAVE and not self.save()):
                event.ignore()  # back to the editor, every change kept
                return
        super().closeEvent(event)
