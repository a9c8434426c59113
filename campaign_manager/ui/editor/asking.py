"""What the scenario editor asks in a box of its own: a name for the scenario, and what to do with
changes not saved (save, discard or cancel). The editor takes both as functions, so tests answer
them without a dialog."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QInputDialog,
    QMessageBox,
    QWidget,
)

from campaign_manager.i18n import _
from campaign_manager.ui.plain import message_box

NameChooser = Callable[[QWidget, str], "str | None"]
Confirm = Callable[[QWidget, str], str]  # SAVE, DISCARD or CANCEL


def ask_name(parent: QWidget, suggested: str) -> str | None:
    name, ok = QInputDialog.getText(
        parent,
        _("Save the scenario as"),
        _("A name for the scenario (it is saved in your scenario folder, and File ▸ New offers it):"),
        text=suggested,
    )
    return name if ok and name.strip() else None


SAVE, DISCARD, CANCEL = "save", "discard", "cancel"  # what to do with changes not saved


def unsaved_box(parent: QWidget, question: str) -> QMessageBox:
    """Save / Discard / Cancel, Save the default: Enter pressed without reading keeps the work,
    Escape goes back to the editor."""
    box = message_box(
        QMessageBox.Icon.Question,
        _("Scenario editor"),
        question,
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    return box


def ask_unsaved(parent: QWidget, question: str) -> str:
    answer = unsaved_box(parent, question).exec()
    return {QMessageBox.StandardButton.Save: SAVE, QMessageBox.StandardButton.Discard: DISCARD}.get(
        QMessageBox.StandardButton(answer), CANCEL
    )
