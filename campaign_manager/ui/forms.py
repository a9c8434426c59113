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

A label a form leaves empty is filled at run time, often with words from a file or a user (a
name, a path, a refusal quoting what was typed): it shows them as plain text (ui/plain.py) unless
the form sets its `textFormat` itself (Qt::RichText where the code builds escaped HTML).
"""

from __future__ import annotations

import typing
from typing import ClassVar, Self

from PySide6.QtCore import QFile, QIODevice, QObject, Qt
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

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
        widget = loader.load(handle, parent)
    finally:
        handle.close()
    if widget is None:
        raise FormError(f"form {path} could not be loaded: {loader.errorString()}")
    for label in [widget, *widget.findChildren(QLabel)]:
        if isinstance(label, QLabel) and not label.text() and label.textFormat() == Qt.TextFormat.AutoText:
            label.setTextFormat(Qt.TextFormat.PlainText)
    return widget


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
