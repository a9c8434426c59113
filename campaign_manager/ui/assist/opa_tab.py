"""What the Opa Opa tabs share: their form, the tables, the dice and the message line."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.dice import Roller
from campaign_manager.errors import UserError
from campaign_manager.ui.forms import Form


def typed_die(edit: QLineEdit) -> str | None:
    """The die typed in, or None (the app rolls it) when the box is empty."""
    text = edit.text().strip()
    return text or None


class OpaTab(QObject):
    """A tab page on its Designer form; refusals go to `report`, never a traceback."""

    def __init__(
        self, panel: QWidget, form: Form, tables: OpaTables, roller: Roller, report: Callable[[str], None]
    ) -> None:
        super().__init__(panel)
        self.ui = form  # each tab declares its own form's class
        self.page = form.root
        self.tables = tables
        self.roller = roller
        self._report = report

    def attempt(self, action: Callable[[], None], *stale: QLabel) -> bool:
        """Run a calculation; a UserError becomes the panel's message. True when it worked.
        The `stale` result labels are cleared first, so a refusal never leaves an old result."""
        for label in stale:
            label.clear()
        try:
            action()
        except UserError as exc:
            self._report(str(exc))
            return False
        self._report("")
        return True
