"""A die the user types in from a physical die, or lets the app roll; either way the value is
shown before anything is recorded, and recorded with the action."""

from __future__ import annotations

import random

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSpinBox, QWidget

_ROLLER = random.SystemRandom()


class DieInput(QWidget):
    """A d6: a box to type the value in (blank until given) and a Roll button."""

    changed = Signal()

    def __init__(self, name: str, parent: QWidget | None = None, low: int = 1, high: int = 6) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.box = QSpinBox(self)
        self.box.setRange(low - 1, high)
        self.box.setSpecialValueText("–")  # nothing given yet
        self.box.setToolTip(f"Type the die thrown ({low}–{high}), or press Roll")
        self.box.setMinimumWidth(56)
        self.low, self.high = low, high
        self.roll_button = QPushButton("Roll", self)
        self.roll_button.setToolTip("Let the app roll this die")
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.box)
        layout.addWidget(self.roll_button)
        layout.addStretch(1)
        self.box.valueChanged.connect(lambda _: self.changed.emit())

    def value(self) -> int | None:
        value = self.box.value()
        return None if value < self.low else value

    def set_value(self, value: int | None) -> None:
        self.box.setValue(self.low - 1 if value is None else value)

    def roll(self) -> None:
        self.set_value(_ROLLER.randint(self.low, self.high))
