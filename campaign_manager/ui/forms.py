"""Qt Designer forms from `forms/`, all handled one way: loaded at run time with QUiLoader, and
read through a typed wrapper per form.

A wrapper names its form and declares the widgets the code uses, each with its Qt class:

    class PlanningForm(Form):
        FORM = "planning_dialog"
        root: QDialog
        troopCombo: QComboBox

`PlanningForm(parent)` loads `forms/planning_dialog.ui` and fills each declared attribute from
the loaded tree by object name, refusing a widget that is missing or of another class; the
windows and panels use it by composition (`self.ui = PlanningForm(self)`, `self.ui.troopCombo`).
tests/ui/test_forms.py checks every wrapper against its `.ui` file and that every form has one.

Why wrappers rather than compiling the forms with pyside6-uic: Designer stays the one place a
form is edited and the `.ui` files stay data, found like the app's other data files, so an
editable install, a wheel and the one-folder app need no build step and cannot run code made
from an older form; there is no generated code to drift from its form, and a wrapper that no
longer matches its form fails the tests (and the form's loading) by name, never silently.
The cost is a line per widget the code touches, which is also the list of what the code needs.

A form's texts are translated on loading, as every word of the window is, through the app's one
catalogue (campaign_manager.i18n): installer/translations.py extracts every `<string>` of every
form not marked `notr="true"`, and `load_form` passes each of those texts the loaded widgets show
through `_()` (labels, buttons, group boxes, window titles, tooltips, placeholders, combo items,
tabs, table and tree headers, actions). Qt's own translation of forms (QUiLoader's, with .qm
files from pyside6-lupdate) is off: one catalogue, one tool, one completeness test.

A label a form leaves empty is filled at run time, often with words from a file or a user (a
name, a path, a refusal quoting what was typed): it shows them as plain text (ui/plain.py) unless
the form sets its `textFormat` itself (Qt::RichText where the code builds escaped HTML).
"""

from __future__ import annotations

import typing
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import ClassVar, Self

from PySide6.QtCore import QFile, QIODevice, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTableWidget,
    QTabWidget,
    QToolBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.i18n import _
from campaign_manager.paths import FORMS


class FormError(RuntimeError):
    """A form file is missing, unreadable or not what its wrapper declares (a packaging fault)."""


def load_form(name: str, parent: QWidget | None = None) -> QWidget:
    """Build the widget tree of `forms/<name>.ui`, parented to `parent`."""
    path = FORMS / f"{name}.ui"
    handle = QFile(str(path))
    if not handle.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FormError(f"form {path} is missing")
    try:
        loader = QUiLoader()
        loader.setTranslationEnabled(False)  # translated below, from the app's catalogue
        widget = loader.load(handle, parent)
    finally:
        handle.close()
    if widget is None:
        raise FormError(f"form {path} could not be loaded: {loader.errorString()}")
    for label in [widget, *widget.findChildren(QLabel)]:
        if isinstance(label, QLabel) and not label.text() and label.textFormat() == Qt.TextFormat.AutoText:
            label.setTextFormat(Qt.TextFormat.PlainText)
    translate_form(widget, form_texts(path))
    return widget


@cache
def form_texts(path: Path) -> frozenset[str]:
    """The texts of a form a user reads: its `<string>`s not marked `notr="true"` (what
    installer/translations.py puts in the catalogue)."""
    return frozenset(
        element.text
        for element in ElementTree.parse(path).iter("string")
        if element.text and element.get("notr") != "true"
    )


def translate_form(root: QWidget, texts: frozenset[str]) -> None:
    """Each of the form's own texts shown in `root` and its children, in the user's language (a
    text the code or a user put there, not one of `texts`, is left as it is)."""

    def translated(text: str) -> str:
        return _(text) if text in texts else text

    def each(get: Callable[[], str], put: Callable[[str], object]) -> None:
        text = get()
        if text in texts:
            put(_(text))

    for widget in [root, *root.findChildren(QWidget)]:
        _translate_widget(widget, each, translated)
        for action in widget.actions():
            _translate_action(action, each)


def _translate_widget(widget: QWidget, each: Callable, translated: Callable[[str], str]) -> None:
    each(widget.windowTitle, widget.setWindowTitle)
    each(widget.toolTip, widget.setToolTip)
    each(widget.statusTip, widget.setStatusTip)
    each(widget.whatsThis, widget.setWhatsThis)
    each(widget.accessibleName, widget.setAccessibleName)
    each(widget.accessibleDescription, widget.setAccessibleDescription)
    if isinstance(widget, QLabel | QAbstractButton):
        each(widget.text, widget.setText)
    if isinstance(widget, QGroupBox):
        each(widget.title, widget.setTitle)
    if isinstance(widget, QMenu):
        each(widget.title, widget.setTitle)
    if isinstance(widget, QLineEdit):
        each(widget.placeholderText, widget.setPlaceholderText)
        each(widget.text, widget.setText)
    if isinstance(widget, QAbstractSpinBox):
        each(widget.specialValueText, widget.setSpecialValueText)
        for name in ("prefix", "suffix"):
            if hasattr(widget, name):
                each(getattr(widget, name), getattr(widget, "set" + name.capitalize()))
    if isinstance(widget, QComboBox):
        for index in range(widget.count()):
            widget.setItemText(index, translated(widget.itemText(index)))
        line = widget.lineEdit() if widget.isEditable() else None
        if line is not None:
            each(line.placeholderText, line.setPlaceholderText)
    if isinstance(widget, QTabWidget):
        for index in range(widget.count()):
            widget.setTabText(index, translated(widget.tabText(index)))
            widget.setTabToolTip(index, translated(widget.tabToolTip(index)))
    if isinstance(widget, QToolBox):
        for index in range(widget.count()):
            widget.setItemText(index, translated(widget.itemText(index)))
            widget.setItemToolTip(index, translated(widget.itemToolTip(index)))
    if isinstance(widget, QListWidget):
        for index in range(widget.count()):
            item = widget.item(index)
            item.setText(translated(item.text()))
            item.setToolTip(translated(item.toolTip()))
    if isinstance(widget, QTableWidget):
        for items in (
            [widget.horizontalHeaderItem(i) for i in range(widget.columnCount())],
            [widget.verticalHeaderItem(i) for i in range(widget.rowCount())],
            [widget.item(r, c) for r in range(widget.rowCount()) for c in range(widget.columnCount())],
        ):
            for cell in items:
                if cell is not None:
                    cell.setText(translated(cell.text()))
                    cell.setToolTip(translated(cell.toolTip()))
    if isinstance(widget, QTreeWidget):
        header = widget.headerItem()
        tree_items: list[QTreeWidgetItem] = [header] if header is not None else []
        for index in range(widget.topLevelItemCount()):
            stack = [widget.topLevelItem(index)]
            while stack:
                node = stack.pop()
                if node is not None:
                    tree_items.append(node)
                    stack.extend(node.child(i) for i in range(node.childCount()))
        for node in tree_items:
            for column in range(node.columnCount()):
                node.setText(column, translated(node.text(column)))
                node.setToolTip(column, translated(node.toolTip(column)))


def _translate_action(action: QAction, each: Callable) -> None:
    each(action.text, action.setText)
    each(action.iconText, action.setIconText)
    each(action.toolTip, action.setToolTip)
    each(action.statusTip, action.setStatusTip)
    each(action.whatsThis, action.setWhatsThis)


class Form:
    """A loaded Designer form: `root` is its top widget; the other declared attributes are its
    widgets (and layouts or actions) by object name, each of the declared class."""

    FORM: ClassVar[str]  # the file's name in forms/, without .ui
    root: QWidget

    def __init__(self, parent: QWidget | None = None) -> None:
        root = load_form(self.FORM, parent)
        for name, kind in self.declared().items():
            found = root if name == "root" else root.findChild(kind, name)
            if not isinstance(found, kind):
                raise FormError(f"form {self.FORM}.ui has no {kind.__name__} named {name}")
            setattr(self, name, found)

    @classmethod
    def filling(cls, widget: QWidget) -> Self:
        """The form loaded as the whole of `widget`, edge to edge (a panel that is its form)."""
        form = cls(widget)
        holder = QVBoxLayout(widget)
        holder.setContentsMargins(0, 0, 0, 0)
        holder.addWidget(form.root)
        return form

    @classmethod
    def declared(cls) -> dict[str, type[QObject]]:
        """The declared widgets (with `root`) and their classes."""
        return {
            name: kind
            for name, kind in typing.get_type_hints(cls).items()
            if isinstance(kind, type) and issubclass(kind, QObject)
        }
