"""Enter in a box of an assist calculator presses the button that uses what was typed there: a
die typed and Enter works the result out, as a player with a die in the other hand expects, the
same on every calculator. Trackers (the cup, the Political Index) are left to their buttons: an
Enter pressed twice there would record twice. A button that is disabled is not pressed."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QPushButton


def enter_presses(button: QPushButton, *boxes: QLineEdit) -> None:
    for box in boxes:
        box.returnPressed.connect(button.click)
