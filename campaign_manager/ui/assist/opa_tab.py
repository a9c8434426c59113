"""What the Opa Opa tabs share: their form, the tables, the dice and the message line."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from campaign_manager.assist.opa.tables import OpaTables
from campaign_manager.assist.results import ResultEntry
from campaign_manager.dice import Roller
from campaign_manager.errors import UserError
from campaign_manager.ui.assist.refusals import clear_on_change, clear_refusal, say_refusal
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
        self._answers: list[QLabel] = []
        self.keep: Callable[[ResultEntry], None] = lambda entry: None  # the panel's results box

    def answers_in(self, *labels: QLabel) -> None:
        """The labels under the tab's buttons: results, or a refusal, cleared when a box changes."""
        self._answers.extend(labels)
        clear_on_change(self.page, *labels)

    def attempt(self, action: Callable[[], None], *stale: QLabel) -> bool:
        """Run a calculation; a UserError is shown under its button (the first `stale` label),
        in the readable error colour. True when it worked. The `stale` labels are cleared first,
        so a refusal never leaves an old result beside it."""
        for label in stale:
            clear_refusal(label)
            label.clear()
        try:
            action()
        except UserError as exc:
            if stale:
                say_refusal(stale[0], str(exc))
            else:
                self._report(str(exc))
            return False
        self._report("")
        return True
