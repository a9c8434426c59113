"""Names for a screen reader in views built in code: each field laid out beside a label gets that
label as its buddy (Alt+the label's letter goes to it) and its words as its accessible name.

Designer forms say the same in their `.ui` files (`buddy`, `accessibleName`); a view built in
code calls `name_fields(root)` once its rows are laid out (and again when it adds rows). A field
that already has a name keeps it. A field made of parts (a die: its box and a Roll button) is
named through its first part that takes typing.

The walk asks Qt only what never answers None (layouts by `findChildren`, items by type): with
PySide6 6.12 on Python 3.11 each None handed back from C++ (`QWidget.layout()`, `QLabel.buddy()`,
`QLayoutItem.widget()` of a spacer ...) takes a reference from None, and enough of them end the
program.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QWidget,
    QWidgetItem,
)

from campaign_manager.i18n import _

FIELDS = (QAbstractSpinBox, QComboBox, QLineEdit, QAbstractItemView)


def words_of(label: QLabel) -> str:
    """A label's words as a name: no markup, no mnemonic '&', no closing colon."""
    plain = label.textFormat() == Qt.TextFormat.PlainText
    text = label.text() if plain else re.sub(r"<[^>]+>", "", label.text())
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip().rstrip(":").strip()


def _field(widget: QWidget) -> QWidget | None:
    """The part of `widget` that takes input (itself, or its first child that does)."""
    if isinstance(widget, FIELDS):
        return widget
    for child in widget.findChildren(QWidget):
        if isinstance(child, FIELDS):
            return child
    return None


def _widgets(layout: QLayout) -> list[tuple[int, QWidget]]:
    """The widgets placed in `layout` (not in its inner layouts), with their item index."""
    placed = []
    for index in range(layout.count()):
        item = layout.itemAt(index)
        widget = item.widget() if isinstance(item, QWidgetItem) else None  # a QWidgetItem always has one
        if widget is not None:
            placed.append((index, widget))
    return placed


def _pairs(layout: QLayout) -> list[tuple[QLabel, QWidget]]:
    """(label, field) side by side in a layout: a form's rows, a grid's neighbours, a row's order."""
    pairs: list[tuple[QLabel, QWidget]] = []
    widgets = _widgets(layout)
    if isinstance(layout, (QFormLayout, QGridLayout)):
        cells: dict[tuple[int, int], QWidget] = {}
        for index, widget in widgets:
            position: tuple = layout.getItemPosition(index)  # type: ignore[assignment]
            if isinstance(layout, QFormLayout):  # (row, role): the label's column 0, the field's 1
                cells[(position[0], 0 if position[1] == QFormLayout.ItemRole.LabelRole else 1)] = widget
            else:  # (row, column, rows, columns)
                cells[(position[0], position[1])] = widget
        for (row, column), left in cells.items():
            right = cells.get((row, column + 1))
            if isinstance(left, QLabel) and right is not None and not isinstance(right, QLabel):
                pairs.append((left, right))
    elif isinstance(layout, QBoxLayout):
        in_order = [widget for _, widget in widgets]
        for before, after in zip(in_order, in_order[1:]):
            if isinstance(before, QLabel) and not isinstance(after, QLabel):
                pairs.append((before, after))
    return pairs


def name_fields(root: QWidget) -> None:
    """Give every field beside a label under `root` that label as buddy and name."""
    for layout in root.findChildren(QLayout):
        for label, widget in _pairs(layout):
            field = _field(widget)
            words = words_of(label)
            if field is None or not words or field.accessibleName():
                continue
            label.setBuddy(field)
            field.setAccessibleName(words)
            if field is not widget and not widget.accessibleName():
                widget.setAccessibleName(words)
            for button in widget.findChildren(QAbstractButton):  # a die's Roll: which die it rolls
                if not button.accessibleName() and button.text():
                    name = _("{button}: {label}").format(button=button.text().replace("&", ""), label=words)
                    button.setAccessibleName(name)
