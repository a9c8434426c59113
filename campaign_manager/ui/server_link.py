"""The live link of a shared campaign's window to its server, a part of the session
(ui/session.py): it listens on the campaign's channel (a socket notifier on the listening
connection's socket, in the GUI thread: nothing blocks), and when another shop records, it takes in
just the new actions and tells the views. When the server cannot be reached the campaign stays
open read-only (`offline` says why) and the link tries again every few seconds, each try in a
thread of its own (a server that does not answer keeps the try waiting for its connect timeout,
never the window); once the server is back it catches up and may record again.

The server is reached through the protocols of ui/open_campaign.py, never its concrete log."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSocketNotifier, QTimer

from campaign_manager.dice import Roller
from campaign_manager.engine.action_reading import action_title
from campaign_manager.engine.actions import Action
from campaign_manager.engine.campaign import Applied
from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext, pgettext
from campaign_manager.store.faults import StorageFault
from campaign_manager.store.pending import PendingList, Sent, record_offline, send_pending

if TYPE_CHECKING:
    from campaign_manager.ui.open_campaign import CampaignServer, Listening, OpenCampaign, SessionCore

RECONNECT_MS = 2000  # how often an unreachable server is tried again
ANSWER_MS = 100  # how often a try under way is looked at


class Reconnection:
    """One try at reaching a campaign's server again, in a thread of its own: connecting may wait
    for the connect timeout (a server or network that does not answer), and the window must not.
    `listener` (or `failure`) is set once the try is over; a try given up meanwhile closes its
    connection itself."""

    def __init__(self, server: CampaignServer) -> None:
        self._server = server
        self._lock = threading.Lock()
        self._abandoned = False
        self.done = False
        self.listener: Listening | None = None
        self.failure: str | None = None
        threading.Thread(target=self._run, name="campaign-server-reconnect", daemon=True).start()

    def _run(self) -> None:
        listener, failure = None, None
        try:
            listener = self._server.listen()
        except UserError as exc:
            failure = str(exc)
        except Exception as exc:  # noqa: BLE001 - any failure to reach the server is one more failed try
            failure = _("{where}: the server cannot be reached ({error})").format(where=self._server.where, error=exc)
        with self._lock:
            if self._abandoned:
                if listener is not None:
                    listener.close()
                return
            self.listener, self.failure, self.done = listener, failure, True

    def abandon(self) -> None:
        """Given up (the campaign closed or another opened): its connection, if any, is closed."""
        with self._lock:
            self._abandoned = True
            listener, self.listener = self.listener, None
        if listener is not None:
            listener.close()


def titles(records: list[dict]) -> str:
    """The last few actions in a few words each (how many, when there are more)."""
    said = "; ".join(action_title(record) for record in records[-3:])
    if len(records) <= 3:
        return said
    return ngettext("{actions} ({count} action)", "{actions} ({count} actions)", len(records)).format(
        actions=said, count=len(records)
    )


def what_changed(held: list[dict], now: list[dict]) -> str:
    """What another shop took back (and recorded since), told from the log held here and the log
    as it is now: "Taken back elsewhere: battle B2 → C2"."""
    same = 0
    while same < min(len(held), len(now)) and held[same] == now[same]:
        same += 1
    taken, recorded = held[same:], now[same:]
    if taken and recorded:
        return _("Taken back elsewhere: {taken}; then recorded elsewhere: {recorded}").format(
            taken=titles(taken), recorded=titles(recorded)
        )
    if taken:
        return _("Taken back elsewhere: {taken}").format(taken=titles(taken))
    if recorded:
        return _("Recorded elsewhere: {recorded}").format(recorded=titles(recorded))
    return ngettext(
        "The campaign was changed elsewhere: it now holds {count} action",
        "The campaign was changed elsewhere: it now holds {count} actions",
        len(now),
    ).format(count=len(now))


def _by(campaign: OpenCampaign, held: int) -> str:
    """'Shop One' (and 'Shop One and Shop Two'): who recorded the actions after the
    first `held`, when the server says (empty when it cannot be asked)."""
    try:
        names = list(dict.fromkeys(author.name for author in campaign.log.authors(held).values()))
    except UserError:
        return ""
    return pgettext("between the names of those who recorded", " and ").join(names)


def recorded_elsewhere(campaign: OpenCampaign, held: int, appended: list[dict]) -> str:
    """What other shops recorded, and by whom when the server says."""
    by = _by(campaign, held)
    if by:
        return _("Recorded elsewhere by {authors}: {actions}").format(authors=by, actions=titles(appended))
    return _("Recorded elsewhere: {recorded}").format(recorded=titles(appended))


class LiveLink(QObject):
    """A shared campaign kept live: listening for other shops' actions, offline (read-only) while
    the server cannot be reached, and tried again until it answers."""

    def __init__(self, session: SessionCore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.offline: str | None = None  # why a shared campaign's server cannot be reached now
        self._listener: Listening | None = None
        self.notifier: QSocketNotifier | None = None
        self.reconnect = QTimer(self)
        self.reconnect.setInterval(RECONNECT_MS)
        self.reconnect.timeout.connect(self._try_again)
        self._attempt: Reconnection | None = None  # a try at reaching the server, under way
        self._answer = QTimer(self)
        self._answer.setInterval(ANSWER_MS)
        self._answer.timeout.connect(self._look_at_attempt)
        self.pending: PendingList | None = None  # what is recorded while the server is away
        self.sent: Sent | None = None  # what sending the pending list did last

    @property
    def keeps_pending(self) -> bool:
        """While the server is away, what is recorded is kept here to be sent later."""
        return self.pending is not None

    def record_offline(self, actions: list[Action], roller: Roller | None) -> list[Applied]:
        """Record while the server is away: checked here, kept in the pending list, shown."""
        campaign = self.session.open_campaign()
        if self.pending is None:
            raise StorageFault(
                _(
                    "Nothing was recorded: the server of {where} cannot be reached now. The window tries "
                    "it again every few seconds and carries on by itself once it answers."
                ).format(where=campaign.where)
            )
        done = record_offline(campaign, self.pending, actions, roller)
        self.session.changed.emit()
        self.session.message.emit(
            _("Kept on this computer, pending: {actions} — sent to the server, in order, once it answers").format(
                actions=titles([applied.record for applied in done])
            )
        )
        return done

    def send_pending(self) -> None:
        """Send what was recorded while the server was away (the refused ones stay, told)."""
        campaign = self.session.campaign
        if campaign is None or self.pending is None:
            return
        if not self.pending.waiting:  # those refused before are told again, never forgotten
            kept = self.pending.refused_words(campaign.where)
            if kept is not None:
                self.session.message.emit(kept)
            return
        try:
            self.sent = send_pending(campaign, self.pending)
        except StorageFault as exc:
            self.session.changed.emit()
            self._go_offline(str(exc))
            return
        self.session.changed.emit()
        self.session.message.emit(self.sent.words())

    def _server(self) -> CampaignServer | None:
        campaign = self.session.campaign
        return None if campaign is None else campaign.server_log

    def listen(self) -> bool:
        """Listen for other shops' actions on a shared campaign; False (and offline) if its
        server cannot be reached."""
        server = self._server()
        self.pending = None
        if server is None:
            return True
        if server.role != "viewer":
            try:
                self.pending = PendingList.of(server.address)
            except UserError as exc:
                self.session.message.emit(str(exc))
        try:
            listener = server.listen()
        except UserError as exc:
            self._go_offline(str(exc))
            return False
        self._hear_from(listener)
        # left from an earlier evening (the app closed while the server was away): sent once the
        # window has said what it opened, so that what sending did is the last word
        QTimer.singleShot(0, self.send_pending)
        return True

    def _hear_from(self, listener: Listening) -> None:
        self._listener = listener
        self.notifier = QSocketNotifier(listener.fileno(), QSocketNotifier.Type.Read, self)
        self.notifier.activated.connect(self._heard)

    @property
    def reconnecting(self) -> bool:
        """A try at reaching the server again is under way (in its own thread)."""
        return self._attempt is not None

    def stop(self) -> None:
        """Stop listening and trying (the campaign is closed, or another takes its place)."""
        self.reconnect.stop()
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
        if self.notifier is not None:
            self.notifier.setEnabled(False)
            self.notifier.deleteLater()
            self.notifier = None
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
        campaign = self.session.campaign
        if campaign is None:
            return False
        held = list(campaign.records)
        before = len(held)
        try:
            changes = campaign.catch_up()
        except StorageFault as exc:
            if self.session.shared:
                self._go_offline(str(exc))
            return False
        if changes is None:
            return False
        self.session.changed.emit()
        if changes.appended is not None and changes.appended:
            self.session.message.emit(recorded_elsewhere(campaign, before, changes.appended))
        elif changes.appended is None:
            self.session.message.emit(what_changed(held, campaign.records))
        return len(campaign.records) != before or changes.appended is None

    def _go_offline(self, words: str) -> None:
        """The server cannot be reached: read-only until it answers again (tried every few seconds)."""
        self._drop_listener()
        first = self.offline is None
        self.offline = words
        self.reconnect.start()
        if first:
            self.session.changed.emit()
            self.session.message.emit(words)

    def fault(self, fault: StorageFault) -> None:
        """A storage fault while recording, undoing or redoing: a server gone takes the campaign offline."""
        from campaign_manager.store.server_faults import ServerUnreachable

        if isinstance(fault, ServerUnreachable) and self.session.shared:
            self._go_offline(str(fault))

    def _try_again(self) -> None:
        """Try the server again, in a thread of its own (the window carries on meanwhile)."""
        server = self._server()
        if server is None:
            self.reconnect.stop()
            return
        if self._attempt is not None:
            return  # the last try is still waiting for an answer
        self.reconnect.stop()
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
        if self.session.campaign is None:  # closed meanwhile (the try is given up then: not reached)
            return
        if attempt.listener is None:
            self.offline = attempt.failure or self.offline
            self.reconnect.start()
            return
        self._hear_from(attempt.listener)
        self.offline = None
        if self.session.campaign is not None:
            self.session.campaign.drop_pending()  # the server's log first, then what waits is sent
        caught_up = self.catch_up()
        if self.offline is not None:  # gone again while catching up: tried again later
            return
        if not caught_up:
            self.session.changed.emit()
        campaign = self.session.campaign
        if campaign is not None and campaign.entry_unsaved and not self.session.read_only:
            campaign.keep_entry(campaign.kept_entry())  # the battle being entered meanwhile
        self.session.message.emit(_("The server is back: the campaign is live again"))
        self.send_pending()
