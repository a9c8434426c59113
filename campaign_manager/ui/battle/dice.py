"""A die the user types in from a physical die, or lets the app roll; either way the value is
shown before anything is recorded, and recorded with the action, marked when the app rolled it.
A die the app rolled is final (RULES.md, dice on record): its Roll button is gone for good, and a
physical die may only be typed in its place. Against the computer every die is the app's: the
box takes no typing at all. A value the die cannot show (7, 0, a letter) is refused where it is
typed, with a word beside the box saying why; so is a VP score out of range."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from campaign_manager.dice import D6, Die
from campaign_manager.ui.ink import refusal_style

_ROLLER = random.SystemRandom()
NOTHING_YET = "–"  # a box before anything is given in it
ROLLED_ONCE = "Rolled by the app: final (type a physical die to replace it)"
ROLLED_ALREADY = "Rolled already: final"  # beside the die, when asked to roll it again
APP_ONLY = "Against the computer the app rolls every die: press Roll (or R in the box)"
APP_ONLY_FINAL = "Rolled by the app: against the computer it is final"


class BlankBox(QSpinBox):
    """A whole number typed in, blank (the dash) until given: a value out of range is refused
    and `refused(words)` says why (a plain spin box drops such keys without a word)."""

    refused = Signal(str)

    def __init__(
        self, low: int, high: int, refusal: Callable[[str], str | None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.low, self.refusal = low, refusal
        self.setRange(low - 1, high)
        self.setSpecialValueText(NOTHING_YET)
        self.setValue(low - 1)  # blank: a spin box starts at 0, which is a score for a VP box

    def _typed(self, text: str) -> str:
        return text.replace(NOTHING_YET, "").strip()  # a digit typed after the dash counts alone

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        typed = self._typed(text)
        if not typed:  # the dash, or the box emptied while typing
            state = QValidator.State.Acceptable if text == NOTHING_YET else QValidator.State.Intermediate
            return state, text, pos
        problem = self.refusal(typed)
        if problem:
            self.refused.emit(problem)
            return QValidator.State.Invalid, text, pos
        return QValidator.State.Acceptable, typed, len(typed)

    def valueFromText(self, text: str) -> int:
        typed = self._typed(text)
        return int(typed) if typed else self.minimum()

    def number(self) -> int | None:
        """The value given, or None while the box is blank."""
        value = self.value()
        return None if value < self.low else value

    def set_number(self, value: int | None) -> None:
        self.setValue(self.low - 1 if value is None else value)


class DieBox(BlankBox):
    """The box a die is typed in; R typed in it asks for the app's roll."""

    roll_asked = Signal()  # R typed in the box: the keyboard's Roll button
    typed_in_vain = Signal()  # a figure typed in a box nothing can be typed in (the app's die alone)

    def __init__(self, die: Die, parent: QWidget | None = None) -> None:
        super().__init__(die.low, die.high, die.refusal, parent)
        self.die = die

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_R and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            self.roll_asked.emit()
            return
        if self.isReadOnly() and event.text().isdigit():  # said, never swallowed without a word
            self.typed_in_vain.emit()
            return
        super().keyPressEvent(event)


def vp_refusal(typed: str) -> str | None:
    try:
        number = int(typed)
    except ValueError:
        return f"'{typed}' is not a number: type the VP scored (0 to 99)"
    return None if 0 <= number <= 99 else f"{number} VP is beyond a game's score (0 to 99)"


class VPBox(BlankBox):
    """A side's victory points in one game: blank until typed (0 must be typed, never assumed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 99, vp_refusal, parent)


class DieInput(QWidget):
    """A die (a d6 unless told): a box to type the value in (blank until given), a Roll button,
    and beside them why a value typed in was refused. `by_app`: the value shown is the app's;
    `thrown`: the app has rolled this die, so it is never rolled again. `app_only`: the die is
    the app's alone (against the computer): nothing can be typed."""

    changed = Signal()
    roll_wanted = Signal()  # Roll pressed on a die that rolls elsewhere (app_only, `rolls_itself` off)

    def __init__(self, name: str, parent: QWidget | None = None, die: Die = D6, words: str = "") -> None:
        super().__init__(parent)
        self.setObjectName(name)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.die = die
        self.low, self.high = die.low, die.high
        self.by_app = self.thrown = self.app_only = False
        self.rolls_itself = True
        self.unheeded: str | None = None  # why a value typed in was refused, while the box is still blank
        self.box = DieBox(die, self)
        self.box.setToolTip(f"Type the die thrown ({die.low}–{die.high}), or press Roll (R in the box)")
        self.box.setMinimumWidth(56)
        self.box.setAccessibleName(f"{words or name}: {die.name}")
        self.roll_button = QPushButton("Roll", self)
        self.roll_button.setToolTip("Let the app roll this die (once: a die the app rolled is final)")
        self.roll_button.setAccessibleName(f"Roll {words or name}")
        self.roll_button.clicked.connect(self.roll)
        self.setFocusProxy(self.box)  # the label beside a die gives its box focus and a name
        # Tab goes from die to die, as dice are typed at the table; R in a box rolls it instead.
        self.roll_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.problem = QLabel()
        self.problem.setObjectName("dieProblem")
        self.problem.setStyleSheet(refusal_style())
        self.problem.setWordWrap(True)  # beside a die in a narrow wizard: on two lines, never wider than the page
        self.problem.hide()
        self.mark = QLabel("rolled by the app")
        self.mark.setObjectName("appMark")
        self.mark.setStyleSheet("color: palette(window-text); font-style: italic")
        self.mark.hide()
        layout.addWidget(self.box)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.mark)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        self.box.refused.connect(self._refused)
        self.box.roll_asked.connect(self.roll)
        self.box.typed_in_vain.connect(self._typed_in_vain)
        self.box.lineEdit().textEdited.connect(self._typed)  # only a typed edit that was taken
        self.box.valueChanged.connect(lambda _: self.changed.emit())

    def _refused(self, words: str) -> None:
        self.problem.setText(words[0].upper() + words[1:])  # the box keeps what it showed
        self.problem.show()
        self.unheeded = words if self.value() is None else None

    def _typed_in_vain(self) -> None:
        self.problem.setText(APP_ONLY_FINAL if self.thrown else APP_ONLY)
        self.problem.show()

    def _typed(self) -> None:
        """A physical die typed in: recorded as typed, even in place of the app's roll."""
        self.problem.hide()
        self.unheeded = None
        if self.by_app:
            self.by_app = False
            self._show_state()
            self.changed.emit()

    def _show_state(self) -> None:
        self.roll_button.setEnabled(not self.thrown)
        self.roll_button.setVisible(not self.thrown)
        self.mark.setVisible(self.by_app)
        self.box.setReadOnly(self.app_only)
        self.box.setToolTip(
            "The app rolls this die: against the computer every die is the app's"
            if self.app_only
            else ROLLED_ONCE
            if self.thrown
            else f"Type the die thrown ({self.low}–{self.high}), or press Roll (R in the box)"
        )

    def value(self) -> int | None:
        return self.box.number()

    def set_value(self, value: int | None) -> None:
        """A value typed in (from a physical die): recorded as typed."""
        self.problem.hide()
        self.unheeded = None
        self.by_app = False
        self._show_state()
        self.box.set_number(value)

    def restore(self, value: int | None, by_app: bool, thrown: bool) -> None:
        """Show the die as it was kept: its value, whether it is the app's, whether the app threw it."""
        self.problem.hide()
        self.unheeded = None
        self.by_app, self.thrown = by_app and value is not None, thrown or by_app
        self._show_state()
        self.box.blockSignals(True)
        self.box.set_number(value)
        self.box.blockSignals(False)

    def set_app_only(self, app_only: bool) -> None:
        self.app_only = app_only
        self._show_state()

    def roll(self) -> None:
        """The app rolls the die, once: its face is final (Roll is gone for good)."""
        if self.thrown:
            self.problem.setText(ROLLED_ALREADY)
            self.problem.setToolTip(ROLLED_ONCE)
            self.problem.show()
            return
        if not self.rolls_itself:
            self.roll_wanted.emit()
            return
        self.show_roll(_ROLLER.randint(self.low, self.high))

    def show_roll(self, face: int) -> None:
        """Show a face the app rolled (here, or in the action it recorded)."""
        self.problem.hide()
        self.unheeded = None
        self.by_app = self.thrown = True
        self._show_state()
        self.box.set_number(face)
        self.changed.emit()  # the mark changed even when the face did not
