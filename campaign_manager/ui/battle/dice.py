"""A die the user types in from a physical die, or lets the app roll; either way the value is
shown before anything is recorded, and recorded with the action. A value the die cannot show
(7, 0, a letter) is refused where it is typed, with a word beside the box saying why."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from campaign_manager.dice import D6, Die
from campaign_manager.ui.ink import refusal_style

_ROLLER = random.SystemRandom()
NOTHING_YET = "–"  # the box before a die is given


class DieBox(QSpinBox):
    """The box a die is typed in: what the die cannot show is refused and `refused(words)` says why
    (a plain spin box drops such keys without a word)."""

    refused = Signal(str)
    roll_asked = Signal()  # R typed in the box: the keyboard's Roll button

    def __init__(self, die: Die, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die = die
        self.setRange(die.low - 1, die.high)
        self.setSpecialValueText(NOTHING_YET)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_R and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            self.roll_asked.emit()
            return
        super().keyPressEvent(event)

    def _typed(self, text: str) -> str:
        return text.replace(NOTHING_YET, "").strip()  # a digit typed after the dash counts alone

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        typed = self._typed(text)
        if not typed:  # the dash, or the box emptied while typing
            state = QValidator.State.Acceptable if text == NOTHING_YET else QValidator.State.Intermediate
            return state, text, pos
        problem = self.die.refusal(typed)
        if problem:
            self.refused.emit(problem)
            return QValidator.State.Invalid, text, pos
        return QValidator.State.Acceptable, typed, len(typed)

    def valueFromText(self, text: str) -> int:
        typed = self._typed(text)
        return int(typed) if typed else self.minimum()


class DieInput(QWidget):
    """A die (a d6 unless told): a box to type the value in (blank until given), a Roll button,
    and beside them why a value typed in was refused."""

    changed = Signal()

    def __init__(self, name: str, parent: QWidget | None = None, die: Die = D6) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.die = die
        self.low, self.high = die.low, die.high
        self.box = DieBox(die, self)
        self.box.setToolTip(f"Type the die thrown ({die.low}–{die.high}), or press Roll (R in the box)")
        self.box.setMinimumWidth(56)
        self.roll_button = QPushButton("Roll", self)
        self.roll_button.setToolTip("Let the app roll this die")
        self.roll_button.clicked.connect(self.roll)
        self.setFocusProxy(self.box)  # the label beside a die gives its box focus and a name
        # Tab goes from die to die, as dice are typed at the table; R in a box rolls it instead.
        self.roll_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.problem = QLabel()
        self.problem.setObjectName("dieProblem")
        self.problem.setStyleSheet(refusal_style())
        self.problem.hide()
        layout.addWidget(self.box)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        self.box.refused.connect(self._refused)
        self.box.roll_asked.connect(self.roll)
        self.box.lineEdit().textEdited.connect(self.problem.hide)  # only a typed edit that was taken
        self.box.valueChanged.connect(lambda _: self.changed.emit())

    def _refused(self, words: str) -> None:
        self.problem.setText(words[0].upper() + words[1:])  # the box keeps what it showed
        self.problem.show()

    def value(self) -> int | None:
        value = self.box.value()
        return None if value < self.low else value

    def set_value(self, value: int | None) -> None:
        self.problem.hide()
        self.box.setValue(self.low - 1 if value is None else value)

    def roll(self) -> None:
        self.set_value(_ROLLER.randint(self.low, self.high))
