"""A die the user types in from a physical die, or lets the app roll; either way the value is
shown before anything is recorded, and recorded with the action, marked when the app rolled it.
A die the app rolled belongs to the battle for good (RULES.md, dice on record): its Roll button is
gone, its box takes no typing, and Back, Cancel, a closed window or Undo of the battle keep it. It
is replaced only by an explicit correction (Correct…: the die thrown at the table and why), which
the battle records with both faces. Against the computer every die is the app's and final: the
box takes no typing and nothing corrects it. A value the die cannot show (7, 0, a letter) is
refused where it is typed, with a word beside the box saying why; so is a VP score out of range."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from campaign_manager import bounds
from campaign_manager.dice import D6, Die
from campaign_manager.engine.entry import EntryCorrection
from campaign_manager.i18n import N_, _
from campaign_manager.ui.ink import refusal_style

_ROLLER = random.SystemRandom()
NOTHING_YET = "–"  # a box before anything is given in it
ROLLED_ONCE = N_("Rolled by the app: final. Correct… replaces it with the die thrown at the table, saying why")
ROLLED_FINAL = N_("The app's roll stands: correct… replaces it")  # short: said beside the die, in a column of dice
ROLLED_ALREADY = N_("Rolled already: final")  # beside the die, when asked to roll it again
APP_ONLY = N_("Against the computer the app rolls every die: press Roll (or R in the box)")
APP_ONLY_FINAL = N_("Rolled by the app: against the computer it is final")
TYPE_OR_ROLL = N_("Type the die thrown ({low}–{high}), or press Roll (R in the box)")


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
        return _("'{typed}' is not a number: type the VP scored (0 to 99)").format(typed=typed)
    return None if 0 <= number <= 99 else _("{number} VP is beyond a game's score (0 to 99)").format(number=number)


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
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        layout = QHBoxLayout()
        rows.addLayout(layout)
        self.die = die
        self.low, self.high = die.low, die.high
        self.by_app = self.thrown = self.app_only = False
        self.correction: EntryCorrection | None = None  # the app's face replaced by the organiser, and why
        self.rolls_itself = True
        self.unheeded: str | None = None  # why a value typed in was refused, while the box is still blank
        self.box = DieBox(die, self)
        self.box.setToolTip(_(TYPE_OR_ROLL).format(low=die.low, high=die.high))
        self.box.setMinimumWidth(56)
        self.box.setAccessibleName(f"{words or name}: {die.name}")
        self.roll_button = QPushButton(_("Roll"), self)
        self.roll_button.setToolTip(_("Let the app roll this die (once: a die the app rolled is final)"))
        self.roll_button.setAccessibleName(_("Roll {die}").format(die=words or name))
        self.roll_button.clicked.connect(self.roll)
        self.setFocusProxy(self.box)  # the label beside a die gives its box focus and a name
        # Tab goes from die to die, as dice are typed at the table; R in a box rolls it instead.
        self.roll_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.problem = QLabel()
        self.problem.setObjectName("dieProblem")
        self.problem.setStyleSheet(refusal_style())
        self.problem.setWordWrap(True)  # under a die in a narrow wizard: on two lines, never wider than the page
        self.problem.hide()
        self.mark = QLabel(_("app's roll"))
        self.mark.setObjectName("appMark")
        self.mark.setStyleSheet("color: palette(window-text); font-style: italic")
        self.mark.hide()
        self.correct_button = QToolButton(self)  # small, beside the mark: a row of dice stays in the page
        self.correct_button.setText(_("correct…"))
        self.correct_button.setAutoRaise(True)
        self.correct_button.setObjectName("correctDie")
        self.correct_button.setToolTip(
            _("Replace the app's roll with the die thrown at the table: both faces and your reason are recorded")
        )
        self.correct_button.setAccessibleName(_("Correct {die}").format(die=words or name))
        self.correct_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.correct_button.clicked.connect(self.ask_correction)
        self.correct_button.hide()
        layout.addWidget(self.box)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.mark)
        layout.addWidget(self.correct_button)
        layout.addStretch(1)
        rows.addWidget(self.problem)  # under the die, as wide as its row: a few lines, not a column of words
        self.fixing = _CorrectionRow(self)
        self.fixing.hide()
        rows.addWidget(self.fixing)
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
        if self.app_only:
            self.problem.setText(_(APP_ONLY_FINAL) if self.thrown else _(APP_ONLY))
        else:
            self.problem.setText(_(ROLLED_FINAL))
            self.problem.setToolTip(_(ROLLED_ONCE))
        self.problem.show()

    def _typed(self) -> None:
        """A physical die typed in (never over the app's roll: that box takes no typing)."""
        self.problem.hide()
        self.unheeded = None

    @property
    def final(self) -> bool:
        """The app rolled this die and its face is in the box (the app's, or corrected): the box
        takes no typing; only a correction replaces it."""
        return self.thrown and self.value() is not None

    def _show_state(self) -> None:
        self.roll_button.setEnabled(not self.thrown)
        self.roll_button.setVisible(not self.thrown)
        self.mark.setVisible(self.by_app or self.correction is not None)
        fix = self.correction
        self.mark.setText(
            _("corrected (app: {rolled})").format(rolled=fix.rolled) if fix is not None else _("app's roll")
        )
        self.mark.setToolTip(
            _("The app rolled {rolled}; {typed} was entered in its place: {reason}").format(
                rolled=fix.rolled, typed=self.value(), reason=fix.reason
            )
            if fix is not None
            else _("Rolled by the app: it belongs to the battle")
        )
        self.correct_button.setVisible(self.final and not self.app_only)
        fixed = self.app_only or self.final
        self.box.setReadOnly(fixed)
        self.box.setButtonSymbols(
            QAbstractSpinBox.ButtonSymbols.NoButtons if fixed else QAbstractSpinBox.ButtonSymbols.UpDownArrows
        )
        self.box.setToolTip(
            _("The app rolls this die: against the computer every die is the app's")
            if self.app_only
            else _(ROLLED_ONCE)
            if self.thrown
            else _(TYPE_OR_ROLL).format(low=self.low, high=self.high)
        )

    def value(self) -> int | None:
        return self.box.number()

    def set_value(self, value: int | None) -> None:
        """A value typed in (from a physical die): recorded as typed. A die the app rolled is
        final: typing over it is refused, said beside the box, and changes nothing."""
        if self.final:
            self._typed_in_vain()
            return
        self.problem.hide()
        self.unheeded = None
        self.by_app = False
        self._show_state()
        self.box.set_number(value)

    def restore(self, value: int | None, by_app: bool, thrown: bool, correction: EntryCorrection | None = None) -> None:
        """Show the die as it was kept: its value, whether it is the app's, whether the app threw
        it, and the organiser's correction of the app's face."""
        self.problem.hide()
        self.unheeded = None
        self.by_app, self.thrown = by_app and value is not None, thrown or by_app
        self.correction = correction if value is not None and not self.by_app else None
        self.box.blockSignals(True)
        self.box.set_number(value)
        self.box.blockSignals(False)
        self.fixing.hide()
        self._show_state()

    def ask_correction(self) -> None:
        """Correct…: the row where the die thrown at the table and the reason are given."""
        if not self.final or self.app_only:
            return
        self.fixing.open(self.value())

    def correct(self, face: int, reason: str) -> str | None:
        """Replace the app's face with `face` thrown at the table, for `reason`: kept as a
        correction (the app's face and the reason go with the battle). Returns why it was
        refused, or None."""
        if self.app_only:
            return _(APP_ONLY_FINAL)
        if not self.final:
            return _("Only a die the app rolled is corrected; type this one in its box")
        reason = " ".join(reason.split())
        rolled = self.correction.rolled if self.correction is not None else self.value()
        assert rolled is not None
        if not self.low <= face <= self.high:
            return _("A {die} shows {low} to {high}").format(die=self.die.name, low=self.low, high=self.high)
        if not reason:
            return _("Say why the app's roll is replaced: the reason goes in the history with both faces")
        if len(reason) > bounds.MAX_REASON:
            return _("Say why in at most {count} characters").format(count=bounds.MAX_REASON)
        self.correction = None if face == rolled else EntryCorrection(rolled=rolled, reason=reason)
        self.by_app = face == rolled
        self.box.blockSignals(True)
        self.box.set_number(face)
        self.box.blockSignals(False)
        self.problem.hide()
        self._show_state()
        self.changed.emit()
        return None

    def set_app_only(self, app_only: bool) -> None:
        self.app_only = app_only
        self._show_state()

    def roll(self) -> None:
        """The app rolls the die, once: its face is final (Roll is gone for good)."""
        if self.thrown:
            self.problem.setText(_(ROLLED_ALREADY))
            self.problem.setToolTip(_(ROLLED_ONCE))
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
        self.correction = None
        self.box.set_number(face)
        self._show_state()
        self.changed.emit()  # the mark changed even when the face did not


class _CorrectionRow(QWidget):
    """Under a die the app rolled, once Correct… is pressed: the die thrown at the table, why the
    app's roll is replaced, and Apply (or Cancel, which changes nothing). Narrow, on three lines:
    it stands in a column of dice."""

    def __init__(self, die: DieInput) -> None:
        super().__init__(die)
        self.die = die
        self.setObjectName("correction")
        lines = QVBoxLayout(self)
        lines.setContentsMargins(0, 0, 0, 4)
        face_line, buttons = QHBoxLayout(), QHBoxLayout()
        self.face = QSpinBox(self)
        self.face.setObjectName("correctedFace")
        self.face.setRange(die.low, die.high)
        self.face.setAccessibleName(_("The die thrown at the table"))
        self.reason = QLineEdit(self)
        self.reason.setObjectName("correctionReason")
        self.reason.setMaxLength(bounds.MAX_REASON)
        self.reason.setPlaceholderText(_("why (said in the history)"))
        self.reason.setAccessibleName(_("Why the app's roll is replaced"))
        self.reason.setMinimumWidth(180)
        self.reason.returnPressed.connect(self.apply)
        self.apply_button = QPushButton(_("Apply"), self)
        self.apply_button.setObjectName("applyCorrection")
        self.apply_button.setToolTip(_("Enter the die thrown at the table in place of the app's: both go on record"))
        self.apply_button.clicked.connect(self.apply)
        self.cancel_button = QPushButton(_("Cancel"), self)
        self.cancel_button.setObjectName("cancelCorrection")
        self.cancel_button.setToolTip(_("Keep the app's roll"))
        self.cancel_button.clicked.connect(self.close_row)
        face_line.addWidget(QLabel(_("At the table:"), self))
        face_line.addWidget(self.face)
        face_line.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        lines.addLayout(face_line)
        lines.addWidget(self.reason)
        lines.addLayout(buttons)

    def open(self, face: int | None) -> None:
        if face is not None:
            self.face.setValue(face)
        self.reason.clear()
        self.show()
        self.reason.setFocus()

    def apply(self) -> None:
        refused = self.die.correct(self.face.value(), self.reason.text())
        if refused:
            self.die.problem.setText(refused + ".")
            self.die.problem.show()
            return
        self.close_row()

    def close_row(self) -> None:
        self.hide()
        self.die.box.setFocus()
