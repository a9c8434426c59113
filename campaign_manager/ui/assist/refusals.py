"""How the assist panels show a refusal: in the app's readable error colour (`ink.refusal_style`,
measured against the palette's window, light or dark), next to the button that was pressed, and
gone as soon as anything it was about is changed.

Boxes with a bound take any number of the bound's width and more (`bound_by_engine`): a number
over the limit reaches the calculator and is refused there, with the limit named, as on the
command line, instead of being cut to fit without a word."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListView,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from campaign_manager.i18n import _
from campaign_manager.ui import ink


def bound_by_engine(box: QSpinBox, most: int, least: int | None = None) -> None:
    """Let `box` hold numbers past `most` (and below `least`, when negative), so the engine's own
    check refuses them with the limit named; the tooltip says the limit beforehand."""
    ceiling = 10 ** (len(str(abs(most))) + 1) - 1
    box.setMaximum(ceiling)
    if least is not None and least < 0:
        box.setMinimum(-ceiling)
    box.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
    if least is None or least >= 0:
        said = _("At most {most}.").format(most=most)
    else:
        said = _("From {least} to {most}.").format(least=least, most=most)
    tip = box.toolTip()
    box.setToolTip(f"{tip} {said}".strip() if said not in tip else tip)


def checked_by_engine(box: QSpinBox, ceiling: int = 999) -> None:
    """For a box whose bound depends on the game (a port's track, the markers left): it takes
    any number up to `ceiling`, and the calculator refuses one the game does not allow."""
    box.setMaximum(ceiling)
    box.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)


def say_refusal(label: QLabel, words: str) -> None:
    """Show `words` in `label` as a refusal (plain text, the readable error colour)."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setStyleSheet(ink.refusal_style(bold=True))
    label.setProperty("refusal", True)
    label.setText(words)
    label.setVisible(bool(words))


def clear_refusal(label: QLabel) -> None:
    """Take a refusal away (a result shown in the label since is left alone)."""
    if label.property("refusal"):
        label.clear()
        label.setStyleSheet("")
        label.setTextFormat(Qt.TextFormat.AutoText)
        label.setProperty("refusal", False)


def say_result(label: QLabel, text: str) -> None:
    """Show a result in a label that may have shown a refusal before."""
    clear_refusal(label)
    label.setText(text)
    label.setVisible(True)


def refusal_line(box: QWidget) -> QLabel:
    """A line for refusals at the foot of `box` (a group of boxes and its button), hidden while
    empty and cleared as soon as a box in the group is changed."""
    label = QLabel(box)
    label.setWordWrap(True)
    label.setVisible(False)
    layout = box.layout()
    last = layout.count() - 1 if layout is not None else -1
    spacer = layout.itemAt(last) if layout is not None and last >= 0 else None
    pushed = spacer is not None and spacer.spacerItem() is not None  # the group's stretch: the line goes above it
    if isinstance(layout, QGridLayout):
        row = layout.rowCount()
        if pushed and spacer is not None:  # the stretch sits in the last row: it moves one down
            row = layout.rowCount() - 1
            layout.removeItem(spacer)
            layout.addItem(spacer, row + 1, 0)
        layout.addWidget(label, row, 0, 1, max(1, layout.columnCount()))
    elif isinstance(layout, QBoxLayout):
        layout.insertWidget(last if pushed else -1, label)
    elif layout is not None:
        layout.addWidget(label)
    clear_on_change(box, label)
    return label


def clear_on_change(root: QWidget, *labels: QLabel) -> None:
    """Clear the refusals shown in `labels` as soon as any box under `root` is changed."""

    def clear(*_args: object) -> None:
        for label in labels:
            clear_refusal(label)

    for edit in root.findChildren(QLineEdit):
        edit.textChanged.connect(clear)
    for spin in root.findChildren(QSpinBox):
        spin.valueChanged.connect(clear)
    for combo in root.findChildren(QComboBox):
        combo.currentIndexChanged.connect(clear)
    for check in root.findChildren(QCheckBox):
        check.toggled.connect(clear)


def visible_ticks(root: QWidget) -> None:
    """On a dark palette Fusion fills an unticked box with the base colour, darker than the
    window, and outlines it darker still: the box all but vanishes. Under `root`, each check box's
    base is lifted until it stands out from the window by 3:1 (WCAG's contrast for controls)."""
    window = ink.role(ink.Role.Window)
    if not ink.is_dark(window):
        return
    lifted = ink.legible(ink.role(ink.Role.Base), window, minimum=CONTROL_CONTRAST)
    for check in root.findChildren(QCheckBox):
        palette = check.palette()
        palette.setColor(ink.Role.Base, lifted)
        check.setPalette(palette)
    for view in root.findChildren(QListView):  # a list of ticks (terrain, penalties): the boxes only
        model = view.model()
        if model is not None and model.rowCount() and model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsUserCheckable:
            view.setItemDelegate(LiftedTicks(lifted, view))


class LiftedTicks(QStyledItemDelegate):
    """Draws a list's tick boxes on `base` (the rows keep the list's own colours)."""

    def __init__(self, base: QColor, parent: QWidget) -> None:
        super().__init__(parent)
        self.base = base

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.palette.setColor(ink.Role.Base, self.base)


CONTROL_CONTRAST = 3.0  # WCAG 1.4.11: the edge of a control against what is around it
