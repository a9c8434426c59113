"""Text from a file or a user, shown as it is.

Qt reads anything that looks like HTML in a label, a tooltip or a message box as rich text, and
rich text loads what an `<img src=…>` names from the disk: a name in a shared scenario or
campaign file could read a file, or /dev/zero until memory runs out. So every string that came
from a file or a user reaches Qt through these: a label or message box set to plain text, a
tooltip turned into HTML that shows it literally, rich text built with `escape`.
"""

from __future__ import annotations

from html import escape as _escape

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtText
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget


def escape(text: object) -> str:
    """`text` for a place inside rich text (HTML), shown as it is."""
    return _escape(str(text), quote=False)


def tip(text: str) -> str:
    """`text` as a tooltip showing it as it is (Qt guesses a tooltip's format from its text)."""
    if text and QtText.mightBeRichText(text):
        return QtText.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpacePre)
    return text


def label(text: str = "", parent: QWidget | None = None, **properties: object) -> QLabel:
    """A label that always shows its text as plain text."""
    made = QLabel(text, parent, **properties)  # type: ignore[call-overload]
    made.setTextFormat(Qt.TextFormat.PlainText)
    return made


def message_box(
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
    parent: QWidget | None = None,
) -> QMessageBox:
    """A message box showing `text` as plain text."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box
