"""One logged document for every kind of file the app keeps: the campaign, the A Greek Tragedy
game and the Greek Civil War tracker. Each is a LogFile (one SQLite database layer) holding the
document it was made from and an append-only log of actions; the state is never stored, it is
the log replayed. A subclass says what its state is and how actions replay into it.

Replaying never hides an error: an action the rules refuse (a UserError) makes the file refused
in one sentence naming the action; anything else is a bug and is raised as it is.

What other writers record meanwhile (another program on the same file, another shop on the same
server campaign) is taken in by `catch_up`: just the new actions, applied to the state held,
when the log only grew; the whole log replayed when something was taken back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from campaign_manager.errors import FileChanged, FileRefused, UserError
from campaign_manager.i18n import _
from campaign_manager.store.action_log import ActionLog, Changes
from campaign_manager.store.logfile import LogFile

StateT = TypeVar("StateT")
Record = dict[str, Any]
R = TypeVar("R")


class LoggedDocument(ABC, Generic[StateT]):
    """An open log file, its records (the logged actions, oldest first) and the state they
    replay to. Subclasses set KIND and write `replay`; recording goes through `_record`."""

    KIND: ClassVar[str]

    def __init__(self, log: ActionLog, records: list[Record] | None = None) -> None:
        self.log = log
        self.records: list[Record] = log.actions() if records is None else records
        self.state: StateT = self._replayed(self.records)

    @abstractmethod
    def replay(self, records: list[Record]) -> StateT:
        """The state the records lead to; raises UserError for an action that does not apply."""

    def _replayed(self, records: list[Record]) -> StateT:
        try:
            return self.replay(records)
        except UserError as exc:
            raise FileRefused(
                _("{where}: its log cannot be replayed ({exc}); it was left untouched").format(
                    where=self.log.where, exc=exc
                )
            ) from None

    def _advanced(self, records: list[Record]) -> StateT:
        """The state held with `records` (new actions after the ones held) applied to it; a
        document that cannot apply one action at a time replays its whole log."""
        return self._replayed([*self.records, *records])

    @classmethod
    def _open_log(cls, path: Path | str, readonly: bool = False) -> LogFile:
        return LogFile.open(Path(path), cls.KIND, readonly=readonly)

    # -- what every document has ---------------------------------------------------------------

    @property
    def path(self) -> Path:
        """The document's file (a campaign on a server has none: see CampaignFile.where)."""
        if not isinstance(self.log, LogFile):
            raise UserError(_("{where}: is on a server, not in a file").format(where=self.log.where))
        return self.log.path

    def close(self) -> None:
        self.log.close()

    def __enter__(self: R) -> R:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def can_undo(self) -> bool:
        return bool(self.records)

    def can_redo(self) -> bool:
        return self.log.redo_count() > 0

    def next_redo(self) -> Record | None:
        """The action redo would put back, or None."""
        return self.log.next_redo()

    # -- writing ---------------------------------------------------------------------------------

    def _written(self, write: Callable[[], R]) -> R:
        """Run a write; if another program wrote first, read the file again and say so."""
        try:
            return write()
        except FileChanged as exc:
            self.reload()
            raise FileChanged(_("{exc}. It has been read again: check it, then try again.").format(exc=exc)) from None

    def _record(self, records: list[Record], state: StateT) -> None:
        """Write checked records (all or nothing, one transaction), then take `state` as the
        state they lead to. If another program wrote first, nothing is written (FileChanged)."""
        if records:
            self._written(lambda: self.log.append(records))
            self.records.extend(records)
            self.state = state

    def undo(self) -> Record | None:
        """Take back the last action (kept for redo); None when there is none."""
        record = self._written(self.log.undo)
        if record is not None:
            self.records.pop()
            self.state = self._replayed(self.records)
        return record

    def redo(self) -> Record | None:
        """Put back the action taken back last; None when there is none. It is replayed before
        anything is written: one that does not apply (a damaged row) is refused, not logged."""
        after: list[StateT] = []

        def check(record: Record) -> None:
            try:
                after.append(self.replay([*self.records, record]))
            except UserError as exc:
                raise FileRefused(
                    _(
                        "{where}: the action waiting to be redone (table redo) does not apply ({exc}); "
                        "nothing was written"
                    ).format(where=self.log.where, exc=exc)
                ) from None

        record = self._written(lambda: self.log.redo(check))
        if record is not None:
            self.records.append(record)
            self.state = after[-1]
        return record

    # -- another program wrote ------------------------------------------------------------------

    def reload(self) -> None:
        """Take in what another program wrote (`catch_up`)."""
        self.catch_up()

    def catch_up(self) -> Changes | None:
        """Take in what other writers recorded since the log was read here; None when nothing."""
        changes = self.log.changes()
        if changes is not None:
            self._absorb(changes)
        return changes

    def _absorb(self, changes: Changes) -> None:
        if changes.appended is not None:
            self.state = self._advanced(changes.appended)
            self.records.extend(changes.appended)
            self.log.times.extend(changes.times)
        else:
            records = changes.everything or []
            self.state = self._replayed(records)
            self.records = records
            self.log.times = list(changes.times)
        self.log.revision = changes.revision

    def reload_if_changed(self) -> bool:
        return self.catch_up() is not None
