"""The open campaign, owned by one object: windows, panels and menus are views of it.

`CampaignSession` holds the open campaign file and emits `changed` after anything that alters
what a view shows (an action recorded, undo, redo, another file opened, the file read again);
when another campaign takes the open one's place (or it is closed) it first emits `switched`, so
views drop what they showed of the old one (a chosen battle, a what-if answer, a battle being
entered) before they redraw.
Every action goes through `record`, which commits it to the file before anything is shown:
there is no unsaved state. Views never call each other's refresh: they listen to `changed`.

A campaign shared on a server is kept live: the session listens on the campaign's channel (a
socket notifier on the listening connection's socket, in the GUI thread: nothing blocks), and
when another shop records, it takes in just the new actions and emits `changed`. When the server
cannot be reached the campaign stays open read-only (`offline` says why) and the session tries
again every few seconds, each try in a thread of its own (a server that does not answer keeps the
try waiting for its connect timeout, never the window); once the server is back it catches up and
may record again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSocketNotifier, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication

from campaign_manager.dice import RandomRoller, Roller
from campaign_manager.engine.actions import Action, Discard, action_title
from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.entry import BattleEntry
from campaign_manager.engine.league import Standing, league
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import UserError
from campaign_manager.scenario.model import Scenario
from campaign_manager.store.address import ServerAddress, is_server_address, locate
from campaign_manager.store.campaign_file import ActionRefused, CampaignFile
from campaign_manager.store.faults import ReadOnlyFile, StorageFault
from campaign_manager.ui.server_link import Reconnection, titles, what_changed

if TYPE_CHECKING:
    from campaign_manager.store.server import ServerListener

RECONNECT_MS = 2000  # how often an unreachable server is tried again
ANSWER_MS = 100  # how often a try under way is looked at


class CampaignSession(QObject):
    """The one open campaign (or none). Signals:

    - `changed()`: the campaign's state, history or file changed; views redraw from it.
    - `switched()`: another campaign took the open one's place, or it was closed (then `changed`).
    - `message(str)`: what the last action did, in words, for the status bar.
    """

    changed = Signal()
    switched = Signal()
    message = Signal(str)
    kept_changed = Signal()  # a battle being entered came to be kept in the campaign, or is no longer

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign: CampaignFile | None = None
        self.has_kept_entry = False  # a battle being entered is kept (Battle ▸ New battle offers it)
        self.plan = False  # the campaign is a plan on a scratch copy (File ▸ Try a plan)
        self._battles: list[BattleRow] | None = None
        self.offline: str | None = None  # why a shared campaign's server cannot be reached now
        self._listener: ServerListener | None = None
        self._notifier: QSocketNotifier | None = None
        self._reconnect = QTimer(self)
        self._reconnect.setInterval(RECONNECT_MS)
        self._reconnect.timeout.connect(self._try_again)
        self._attempt: Reconnection | None = None  # a try at reaching the server, under way
        self._answer = QTimer(self)
        self._answer.setInterval(ANSWER_MS)
        self._answer.timeout.connect(self._look_at_attempt)
        self._league: list[Standing] | None = None
        self.changed.connect(self._forget)  # connected first: views read fresh rows

    # -- what views read ------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.campaign is not None

    @property
    def scenario(self) -> Scenario:
        return self._open().scenario

    @property
    def state(self) -> CampaignState:
        return self._open().state

    @property
    def path(self) -> Path | None:
        """The open campaign's file (None when none is open, or it is on a server)."""
        return None if self.campaign is None else self.campaign.file

    @property
    def where(self) -> str | None:
        """Where the open campaign is: its file's path, or its server address (no password)."""
        return None if self.campaign is None else self.campaign.where

    @property
    def shared(self) -> bool:
        """The open campaign is on a server, shared between shops."""
        return self.campaign is not None and self.campaign.server_log is not None

    @property
    def role(self) -> str | None:
        """The user's role on a shared campaign (organiser, recorder, viewer); None for a file."""
        server = None if self.campaign is None else self.campaign.server_log
        return None if server is None else server.role

    def may(self, kind: str) -> bool:
        """Whether an action of `kind` (or "undo", "redo") may be recorded now."""
        return self.campaign is not None and not self.read_only and self.campaign.may(kind)

    @property
    def name(self) -> str:
        return "" if self.campaign is None else self.campaign.name

    def history(self) -> list[Applied]:
        return [] if self.campaign is None else self.campaign.history()

    def battles(self) -> list[BattleRow]:
        """Every fought battle as a row (worked out once per change, shared by the views)."""
        if self.campaign is None:
            return []
        if self._battles is None:
            self._battles = battle_rows(self.campaign.scenario, self.campaign.initial_state(), self.campaign.history())
        return self._battles

    def league(self) -> list[Standing]:
        """The league of the roster's commanders, best first (worked out once per change)."""
        if self.campaign is None:
            return []
        if self._league is None:
            self._league = league(self.campaign.scenario, self.campaign.state.roster, self.battles())
        return self._league

    def _forget(self) -> None:
        self._battles = None
        self._league = None

    def can_undo(self) -> bool:
        """Whether Edit ▸ Undo may take the last action back (never one holding the app's final dice)."""
        return (
            self.campaign is not None
            and self.may("undo")
            and bool(self.campaign.records)
            and self.campaign.undo_refusal() is None
        )

    def can_redo(self) -> bool:
        if self.campaign is None or not self.may("redo"):
            return False
        try:
            return self.campaign.can_redo()
        except UserError:  # the file is gone, busy or damaged: said when something is asked of it
            return False

    def _open(self) -> CampaignFile:
        if self.campaign is None:
            raise UserError("no campaign is open: use File ▸ New campaign or File ▸ Open campaign")
        return self.campaign

    # -- opening and closing ----------------------------------------------------------------

    def open(self, path: Path | str | ServerAddress, readonly: bool = False) -> None:
        """Open the campaign at `path` (a file, or a server's address) in place of the current
        one; raises UserError (the current campaign stays open) when it is refused. A file that
        cannot be written (read-only, or in a read-only folder) opens read-only, as does any with
        `readonly` and a shared campaign for its viewers: `read_only` says so."""
        location = locate(path) if isinstance(path, str) and is_server_address(path) else path
        try:
            opened = CampaignFile.open(location, readonly=readonly)
        except ReadOnlyFile:
            opened = CampaignFile.open(location, readonly=True)
        self.adopt(opened)

    @property
    def read_only(self) -> bool:
        """The open campaign can be read but nothing can be recorded in it (a read-only file, a
        viewer's campaign, or a server that cannot be reached now)."""
        return self.campaign is not None and (self.campaign.log.readonly or self.offline is not None)

    @property
    def read_only_reason(self) -> str | None:
        """Why nothing can be recorded in the open campaign, in a clause (None when it can)."""
        if not self.read_only:
            return None
        if self.offline is not None:
            return "the campaign's server cannot be reached now: nothing can be recorded until it answers"
        if self.role == "viewer":
            return "you are a viewer of this shared campaign, and a viewer records nothing"
        return f"{self.where} is open read-only: nothing can be recorded in it (File ▸ Save a copy to carry on)"

    def create(self, path: Path, scenario: str | Path = "firestorm-greece", name: str | None = None) -> None:
        """Create a campaign file and open it; raises UserError when it cannot be made."""
        CampaignFile.create(path, scenario=scenario, name=name).close()
        self.open(path)

    def adopt(self, campaign: CampaignFile) -> None:
        """Make an already opened campaign file the session's (closing the one before)."""
        self._replace(campaign)

    def close(self) -> None:
        if self.campaign is not None:
            self._stop_listening()
            self.campaign.close()
            self.campaign = None
            self.switched.emit()
            self.changed.emit()

    def _replace(self, opened: CampaignFile) -> None:
        if self.campaign is not None:
            self._stop_listening()
            self.campaign.close()
        self.campaign = opened
        self.has_kept_entry = self.kept_entry() is not None
        self._listen()
        self.switched.emit()
        self.changed.emit()

    # -- a shared campaign kept live ----------------------------------------------------------

    def _listen(self) -> bool:
        """Listen for other shops' actions on a shared campaign; False (and offline) if its
        server cannot be reached."""
        server = None if self.campaign is None else self.campaign.server_log
        if server is None:
            return True
        try:
            listener = server.listen()
        except UserError as exc:
            self._go_offline(str(exc))
            return False
        self._hear_from(listener)
        return True

    def _hear_from(self, listener: ServerListener) -> None:
        self._listener = listener
        self._notifier = QSocketNotifier(listener.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._heard)

    @property
    def reconnecting(self) -> bool:
        """A try at reaching the server again is under way (in its own thread)."""
        return self._attempt is not None

    def _stop_listening(self) -> None:
        self._reconnect.stop()
        self._give_up_attempt()
        self.offline = None
        self._drop_listener()

    def _give_up_attempt(self) -> None:
        self._answer.stop()
        if self._attempt is not None:
            self._attempt.abandon()
            self._attempt = None

    def _drop_listener(self) -> None:
        """Stop watching the listening connection's socket (before it is closed), then close it."""
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier.deleteLater()
            self._notifier = None
        if self._listener is not None:
            self._listener.close()
            self._listener = None

    def _heard(self) -> None:
        if self._listener is None:
            return
        try:
            announced = self._listener.heard()
        except UserError as exc:
            self._go_offline(str(exc))
            return
        if announced:
            self.catch_up()

    def catch_up(self) -> bool:
        """Take in what other writers recorded (just the new actions); True when there was any."""
        if self.campaign is None:
            return False
        held = list(self.campaign.records)
        before = len(held)
        try:
            changes = self.campaign.catch_up()
        except StorageFault as exc:
            if self.shared:
                self._go_offline(str(exc))
            return False
        if changes is None:
            return False
        self.changed.emit()
        if changes.appended is not None and changes.appended:
            self.message.emit(f"Recorded elsewhere: {titles(changes.appended)}")
        elif changes.appended is None:
            self.message.emit(what_changed(held, self.campaign.records))
        return len(self.campaign.records) != before or changes.appended is None

    def _go_offline(self, words: str) -> None:
        """The server cannot be reached: read-only until it answers again (tried every few seconds)."""
        self._drop_listener()
        first = self.offline is None
        self.offline = words
        self._reconnect.start()
        if first:
            self.changed.emit()
            self.message.emit(words)

    def _try_again(self) -> None:
        """Try the server again, in a thread of its own (the window carries on meanwhile)."""
        server = None if self.campaign is None else self.campaign.server_log
        if server is None:
            self._reconnect.stop()
            return
        if self._attempt is not None:
            return  # the last try is still waiting for an answer
        self._reconnect.stop()
        self._attempt = Reconnection(server)
        self._answer.start()

    def _look_at_attempt(self) -> None:
        attempt = self._attempt
        if attempt is None:
            self._answer.stop()
            return
        if not attempt.done:
            return
        self._answer.stop()
        self._attempt = None
        if self.campaign is None:  # closed meanwhile (the try is given up then: not reached)
            return
        if attempt.listener is None:
            self.offline = attempt.failure or self.offline
            self._reconnect.start()
            return
        self._hear_from(attempt.listener)
        self.offline = None
        caught_up = self.catch_up()
        if self.offline is not None:  # gone again while catching up: tried again later
            return
        if not caught_up:
            self.changed.emit()
        if self.campaign is not None and self.campaign.entry_unsaved and not self.read_only:
            self.campaign.keep_entry(self.campaign.kept_entry())  # the battle being entered meanwhile
        self.message.emit("The server is back: the campaign is live again")

    # -- recording ----------------------------------------------------------------------------

    def record(self, actions: Iterable[Action | dict], roller: Roller | None = None) -> list[Applied]:
        """Record actions (all or nothing) in the file, then tell the views.

        Raises UserError (with nothing recorded) when the rules or the file refuse; for a single
        action the refusal reads as the engine's own words, without batch numbering.
        """
        batch = list(actions)
        campaign = self._open()
        if self.offline is not None:
            raise StorageFault(
                f"Nothing was recorded: the server of {campaign.where} cannot be reached now. The window tries "
                f"it again every few seconds and carries on by itself once it answers."
            )
        campaign.log.check_writable()  # read-only, gone or replaced: said first, before any rule is asked
        try:
            with self._waiting():
                done = campaign.apply(batch, roller or RandomRoller())
        except ActionRefused as refused:
            self.changed.emit()  # other shops' actions may have been taken in meanwhile
            if len(batch) == 1:
                raise refused.error from None
            raise
        except StorageFault as fault:
            self._server_fault(fault)
            raise
        except UserError:
            self.changed.emit()  # the file may have been read again (another program wrote to it)
            raise
        self.changed.emit()
        words = "; ".join(event for applied in done for event in applied.events)
        if words:
            self.message.emit(words)
        return done

    @contextmanager
    def _waiting(self) -> Iterator[None]:
        """A busy pointer while a shared campaign's server is asked to record, undo or redo: a
        server that has stopped answering keeps the window waiting up to its connect timeout."""
        if not self.shared:
            yield
            return
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            yield
        finally:
            QGuiApplication.restoreOverrideCursor()

    def try_record(self, actions: Iterable[Action | dict], roller: Roller | None = None) -> str | None:
        """`record`, with a refusal returned as words instead of raised (None when recorded)."""
        try:
            self.record(actions, roller)
        except UserError as exc:
            return str(exc)
        return None

    # -- the battle being entered (kept beside the log: not an action) ---------------------------

    def log_length(self) -> int:
        return 0 if self.campaign is None else len(self.campaign.records)

    def kept_entry(self) -> BattleEntry | None:
        """The battle entered earlier and kept for later, if any (one the file cannot give back
        whole is not offered: the file's own check refuses it on opening)."""
        if self.campaign is None:
            return None
        try:
            return self.campaign.kept_entry()
        except UserError:
            return None

    def entry_damage(self) -> str | None:
        """Why the battle being entered kept with the campaign cannot be read (None: it can, or
        there is none): the campaign is open all the same."""
        if self.campaign is None:
            return None
        try:
            return self.campaign.entry_damage()
        except UserError:  # the file gone, the server away: said where it matters, not as damage
            return None

    def discard_damaged_entry(self) -> str | None:
        """Throw away a kept entry that cannot be read: logged as a `discard` (why, and the dice the
        app rolled that can still be read out of it). Returns a refusal in words, or None."""
        try:
            discard = None if self.campaign is None else self.campaign.damaged_entry_discard()
        except UserError as exc:
            return str(exc)
        if discard is None:
            return None
        problem = self.try_record([discard])
        if problem:
            return problem
        self.keep_entry(None)
        return None

    def keep_entry(self, entry: BattleEntry | None) -> str | None:
        """Keep the battle being entered (None: none any more), as it is typed; returns why it is
        kept only while the app is open (a read-only file, a viewer, a full disk, a server that
        cannot be reached now: kept there once it is back), or None."""
        if self.campaign is None:
            return None
        away = "the server cannot be reached now" if self.offline is not None else None
        problem = self.campaign.keep_entry(entry, away=away)
        if (entry is not None) != self.has_kept_entry:
            self.has_kept_entry = entry is not None
            self.kept_changed.emit()
        return problem

    def discard_entry(self, entry: BattleEntry, battle: str) -> str | None:
        """Throw a battle entry away. The dice the app rolled for it stay on record: a `discard`
        action names them in the history (RULES.md, dice on record). Returns a refusal in words
        (then nothing is thrown away), or None."""
        dice = entry.app_dice()
        if dice and self.campaign is not None and not self.campaign.log.readonly:  # a server away: refused
            problem = self.try_record([Discard(dice, battle=battle[:200])])
            if problem:
                return problem
        self.keep_entry(None)
        return None

    def save_copy(self, path: Path, name: str | None = None) -> None:
        """Write the open campaign, as held here, to `path`, named `name` (File ▸ Save a copy)."""
        self._open().save_copy(path, name)

    def undo(self) -> dict | None:
        return self._step(undo_past_the_computer, "Undone")

    def redo(self) -> dict | None:
        return self._step(lambda c: c.redo(), "Redone")

    def _step(self, step: Callable[[CampaignFile], dict | None], word: str) -> dict | None:
        campaign = self._open()
        try:
            with self._waiting():
                record = step(campaign)
        except StorageFault as fault:
            self._server_fault(fault)
            raise
        finally:
            kept = self.kept_entry() is not None  # Undo of a battle with the app's dice keeps them to enter again
            if kept != self.has_kept_entry:
                self.has_kept_entry = kept
                self.kept_changed.emit()
            self.changed.emit()
        if record is not None:
            self.message.emit(f"{word}: {action_title(record)}")
        return record

    def last_action_title(self) -> str | None:
        """What Edit ▸ Undo would take back, in a few words (None when nothing)."""
        if self.campaign is None or not self.campaign.records:
            return None
        return action_title(self.campaign.records[-1])

    def next_redo_title(self) -> str | None:
        """What Edit ▸ Redo would put back, in a few words (None when nothing, or when the file
        cannot be read now: that is said when something is asked of it)."""
        if not self.can_redo() or self.campaign is None:
            return None
        try:
            record = self.campaign.next_redo()
        except UserError:
            return None
        return None if record is None else action_title(record)

    def _server_fault(self, fault: StorageFault) -> None:
        from campaign_manager.store.server_faults import ServerUnreachable

        if isinstance(fault, ServerUnreachable) and self.shared:
            self._go_offline(str(fault))

    def reload_if_changed(self) -> bool:
        """Read the file again if another program wrote to it; True when it did."""
        if self.shared:
            return False  # kept live by the server's announcements
        if self.campaign is not None and self.campaign.reload_if_changed():
            self.changed.emit()
            return True
        return False


COMPUTER_PLANNING = ("place", "redeploy")  # the moves the computer makes by itself as soon as it may


def undo_past_the_computer(campaign: CampaignFile) -> dict | None:
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
