"""The scenario being edited, owned by one object: the editor's map, tables and fault list are
views of it. Every change goes through `apply`, as an undoable command on a QUndoStack that
wraps the editor's own changes (scenario/edits.py): the scenario before and after each change is
kept (scenario models are frozen, so keeping one is keeping a reference), undo puts it back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from campaign_manager.datamodel import Fault
from campaign_manager.scenario.edits import Change, Edited, EditRefused, apply_change, tables_of
from campaign_manager.scenario.model import ScenarioFile


class ScenarioDocument(QObject):
    """One scenario in the editor. Signals: `changed()` after every change, undo and redo;
    `refused(words)` when a change is refused (nothing changed).

    `source` is where it came from (a bundled scenario's name, a file, a campaign's own copy);
    `saved_as` the user's scenario file it was last saved to (None until saved there)."""

    changed = Signal()
    refused = Signal(str)

    def __init__(self, data: ScenarioFile, faults: list[Fault], source: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data, self.faults = data, faults
        self.source = source
        self.saved_as: Path | None = None
        self.undo_stack = QUndoStack(self)
        self._tables: dict[str, Any] | None = None

    @property
    def tables(self) -> dict[str, Any]:
        """The scenario's tables as its file holds them (worked out once per change)."""
        if self._tables is None:
            self._tables = tables_of(self.data)
        return self._tables

    def apply(self, change: Change) -> bool:
        """Make the change (undoable); False, with `refused` said, when the scenario's shape forbids it."""
        try:
            edited = apply_change(self.data, change)
        except EditRefused as exc:
            self.refused.emit(str(exc))
            return False
        self.undo_stack.push(EditCommand(self, Edited(self.data, self.faults), edited, change.title))
        return True

    def name_after(self, name: str) -> None:
        """The scenario's id made `name`, the file it is saved as: in the scenario shown and in
        every state the undo stack keeps, so that saving leaves no step to undo and undoing an
        edit made before it does not take the name back."""
        for n in range(self.undo_stack.count()):
            command = self.undo_stack.command(n)
            if isinstance(command, EditCommand):
                command.before, command.after = _named(command.before, name), _named(command.after, name)
        self.show(_named(Edited(self.data, self.faults), name))

    def show(self, state: Edited) -> None:
        self.data, self.faults = state.data, state.faults
        self._tables = None
        self.changed.emit()


class EditCommand(QUndoCommand):
    """One change on the undo stack: the scenario before it and after it."""

    def __init__(self, document: ScenarioDocument, before: Edited, after: Edited, title: str) -> None:
        super().__init__(title)
        self.document, self.before, self.after = document, before, after

    def redo(self) -> None:
        self.document.show(self.after)

    def undo(self) -> None:
        self.document.show(self.before)


def _named(state: Edited, name: str) -> Edited:
    scenario = state.data.scenario.model_copy(update={"id": name})
    return Edited(state.data.model_copy(update={"scenario": scenario}), state.faults)
