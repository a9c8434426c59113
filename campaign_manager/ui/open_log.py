"""The open campaign's log, as the window writes in it: recording actions (all or nothing),
undo and redo, and reading the file again when another program wrote to it. Every action goes
through `record`, which commits it to the file before anything is shown: there is no unsaved
state. A part of the session (ui/session.py), which tells the views."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from campaign_manager.dice import RandomRoller, Roller
from campaign_manager.engine.action_reading import action_title
from campaign_manager.engine.actions import Action, Place, Redeploy
from campaign_manager.engine.campaign import Applied
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store.campaign_file import ActionRefused
from campaign_manager.store.faults import StorageFault

if TYPE_CHECKING:
    from campaign_manager.store.action_log import Record
    from campaign_manager.ui.open_campaign import OpenCampaign, SessionCore

COMPUTER_PLANNING = (Place.type, Redeploy.type)  # the moves the computer makes by itself as soon as it may


class OpenLog:
    """Recording, undo and redo in the open campaign's log; `fault` is told of a storage fault
    (a server gone: the live link takes the campaign offline)."""

    def __init__(
        self,
        session: SessionCore,
        fault: Callable[[StorageFault], None],
        pending: Callable[[list[Action], Roller | None], list[Applied]] | None = None,
    ) -> None:
        self.session = session
        self._fault = fault
        self._pending = pending  # records while the server is away (ui/server_link.py), or None

    def record(self, actions: Iterable[Action], roller: Roller | None = None) -> list[Applied]:
        """Record actions (all or nothing) in the file, then tell the views.

        Raises UserError (with nothing recorded) when the rules or the file refuse; for a single
        action the refusal reads as the engine's own words, without batch numbering.
        """
        batch = list(actions)
        if self.session.offline is not None and self._pending is not None:
            return self._pending(batch, roller or RandomRoller())
        return self._recording(len(batch), lambda campaign: campaign.apply(batch, roller or RandomRoller()))

    def record_json(self, records: Iterable[Record], roller: Roller | None = None) -> list[Applied]:
        """`record` for actions written as JSON (a file of actions), read here where they enter."""
        batch = list(records)
        if self.session.offline is not None and self._pending is not None:
            return self._pending(self.session.open_campaign().read_actions(batch), roller or RandomRoller())
        return self._recording(
            len(batch), lambda campaign: campaign.apply(campaign.read_actions(batch), roller or RandomRoller())
        )

    def _recording(self, count: int, apply: Callable[[OpenCampaign], list[Applied]]) -> list[Applied]:
        campaign = self.session.open_campaign()
        if self.session.offline is not None:
            raise StorageFault(
                _(
                    "Nothing was recorded: the server of {where} cannot be reached now. The window tries "
                    "it again every few seconds and carries on by itself once it answers."
                ).format(where=campaign.where)
            )
        campaign.log.check_writable()  # read-only, gone or replaced: said first, before any rule is asked
        try:
            with self.waiting():
                done = apply(campaign)
        except ActionRefused as refused:
            self.session.changed.emit()  # other shops' actions may have been taken in meanwhile
            if count == 1:
                raise refused.error from None
            raise
        except StorageFault as fault:
            self._fault(fault)
            raise
        except UserError:
            self.session.changed.emit()  # the file may have been read again (another program wrote to it)
            raise
        self.session.changed.emit()
        words = "; ".join(event for applied in done for event in applied.events)
        if words:
            self.session.message.emit(words)
        return done

    @contextmanager
    def waiting(self) -> Iterator[None]:
        """A busy pointer while a shared campaign's server is asked to record, undo or redo: a
        server that has stopped answering keeps the window waiting up to its connect timeout."""
        if not self.session.shared:
            yield
            return
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            yield
        finally:
            QGuiApplication.restoreOverrideCursor()

    def try_record(self, actions: Iterable[Action], roller: Roller | None = None) -> str | None:
        """`record`, with a refusal returned as words instead of raised (None when recorded)."""
        try:
            self.record(actions, roller)
        except UserError as exc:
            return str(exc)
        return None

    def step(
        self, step: Callable[[OpenCampaign], Record | None], said: str, after: Callable[[], None]
    ) -> Record | None:
        """Undo or redo (`step`), then `after` (the kept entry looked at again) and the views told
        (`said`, with the action's title as {action}: "Undone: {action}")."""
        campaign = self.session.open_campaign()
        try:
            with self.waiting():
                record = step(campaign)
        except StorageFault as fault:
            self._fault(fault)
            raise
        finally:
            after()
            self.session.changed.emit()
        if record is not None:
            self.session.message.emit(said.format(action=action_title(record)))
        return record

    def can_undo(self, may: Callable[[str], bool]) -> bool:
        """Whether Edit ▸ Undo may take the last action back (never one holding the app's final dice)."""
        campaign = self.session.campaign
        return campaign is not None and may("undo") and bool(campaign.records) and campaign.undo_refusal() is None

    def can_redo(self, may: Callable[[str], bool]) -> bool:
        campaign = self.session.campaign
        if campaign is None or not may("redo"):
            return False
        try:
            return campaign.can_redo()
        except UserError:  # the file is gone, busy or damaged: said when something is asked of it
            return False

    def last_action_title(self) -> str | None:
        """What Edit ▸ Undo would take back, in a few words (None when nothing)."""
        campaign = self.session.campaign
        if campaign is None or not campaign.records:
            return None
        return action_title(campaign.records[-1])

    def next_redo_title(self, may: Callable[[str], bool]) -> str | None:
        """What Edit ▸ Redo would put back, in a few words (None when nothing, or when the file
        cannot be read now: that is said when something is asked of it)."""
        campaign = self.session.campaign
        if not self.can_redo(may) or campaign is None:
            return None
        try:
            record = campaign.next_redo()
        except UserError:
            return None
        return None if record is None else action_title(record)

    def reload_if_changed(self) -> bool:
        """Read the file again if another program wrote to it; True when it did."""
        if self.session.shared:
            return False  # kept live by the server's announcements
        campaign = self.session.campaign
        if campaign is not None and campaign.reload_if_changed():
            self.session.changed.emit()
            return True
        return False


def undo_past_the_computer(campaign: OpenCampaign) -> Record | None:
    """Take back the last action; against the computer, its own placements and redeployments are
    taken back together with the action before them (else it would make them again at once, and
    Undo would never reach the person's own move). The last action taken back is returned."""
    record = campaign.undo()
    while (
        campaign.computer_side
        and record is not None
        and record.get("by_computer")
        and record.get("type") in COMPUTER_PLANNING
        and campaign.records
    ):
        record = campaign.undo()
    return record
