"""Boxes that reflow: an assist tab's boxes side by side in as many columns as its width holds.

A tab laid out for a wide window (three boxes in a row, or four stacked high) was cut off or
scrolled both ways in a smaller one. `FlowColumns` puts each box in the shortest of as many
columns as fit (each as wide as the widest box needs, in their order), and lays them out again
when the width changes; it asks only the width of one column, so the page around it
(`ui/scrolled.py`) scrolls only when even one column does not fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QHBoxLayout, QLayout, QVBoxLayout, QWidget


class FlowColumns(QWidget):
    """The boxes, in columns (`most` at most); `stretch` is the box that takes the height left (a list)."""

    def __init__(
        self,
        boxes: Sequence[QWidget],
        parent: QWidget | None = None,
        stretch: QWidget | None = None,
        most: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("flowColumns")
        self.boxes, self.stretch = list(boxes), stretch
        self.most = most or len(self.boxes)
        for box in self.boxes:
            box.setParent(self)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.columns = 0
        self.stacks: list[QVBoxLayout] = []
        self.arrange(1)

    def column_width(self) -> int:
        """The width a column asks: the widest box as it reads best (its fields not cut short)."""
        return max(box.sizeHint().expandedTo(box.minimumSize()).width() for box in self.boxes)

    def fitting(self, width: int) -> int:
        """How many columns `width` holds (one at least, one a box at most)."""
        gap = self.row.spacing()
        return max(1, min(self.most, (width + gap) // (self.column_width() + gap)))

    def arrange(self, columns: int) -> None:
        if columns == self.columns:
            return
        for stack in self.stacks:  # the boxes stay this widget's children: only their columns go
            while stack.count():
                stack.takeAt(0)
            self.row.removeItem(stack)
            stack.deleteLater()
        self.stacks = [QVBoxLayout() for _ in range(columns)]
        heights = [0] * columns
        stretched = -1
        for box in self.boxes:
            shortest = heights.index(min(heights))
            self.stacks[shortest].addWidget(box, 1 if box is self.stretch else 0)
            heights[shortest] += box.sizeHint().height()
            stretched = shortest if box is self.stretch else stretched
        for n, stack in enumerate(self.stacks):
            if n != stretched:
                stack.addStretch(1)  # boxes stay at the top of their column
            self.row.addLayout(stack, 1)
        self.columns = columns
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        """The least width of one column (narrower, it would be cut off) and the height laid out now."""
        least = max(box.minimumSizeHint().expandedTo(box.minimumSize()).width() for box in self.boxes)
        return QSize(least, self.row.minimumSize().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.arrange(self.fitting(event.size().width()))


def reflow(
    layout: QLayout, boxes: Sequence[QWidget], stretch: QWidget | None = None, most: int | None = None
) -> FlowColumns:
    """The boxes taken out of a form's `layout` and put back there, flowing, where the first was."""
    first = boxes[0]
    where = layout.indexOf(first)
    row, column = 0, 0
    if isinstance(layout, QGridLayout):
        row, column, _rows, _columns = cast(tuple[int, int, int, int], layout.getItemPosition(where))
    for box in boxes:
        layout.removeWidget(box)
    flow = FlowColumns(boxes, layout.parentWidget(), stretch, most)
    if isinstance(layout, QGridLayout):
        layout.addWidget(flow, row, column, 1, max(1, layout.columnCount()))
    elif isinstance(layout, QBoxLayout):
        layout.insertWidget(where, flow, 1)
    else:
        layout.addWidget(flow)
    return flow
