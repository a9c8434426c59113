"""The live link of a shared campaign's window to its server, the parts that need no session:
one try at reaching the server again, in a thread of its own, and what another shop changed, in
words (ui/session.py keeps the campaign live with them)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from campaign_manager.engine.actions import action_title
from campaign_manager.errors import UserError

if TYPE_CHECKING:
    from campaign_manager.store.server import ServerListener, ServerLog


class Reconnection:
    """One try at reaching a campaign's server again, in a thread of its own: connecting may wait
    for the connect timeout (a server or network that does not answer), and the window must not.
    `listener` (or `failure`) is set once the try is over; a try given up meanwhile closes its
    connection itself."""

    def __init__(self, server: ServerLog) -> None:
        self._server = server
        self._lock = threading.Lock()
        self._abandoned = False
        self.done = False
        self.listener: ServerListener | None = None
        self.failure: str | None = None
        threading.Thread(target=self._run, name="campaign-server-reconnect", daemon=True).start()

    def _run(self) -> None:
        listener, failure = None, None
        try:
            listener = self._server.listen()
        except UserError as exc:
            failure = str(exc)
        except Exception as exc:  # noqa: BLE001 - any failure to reach the server is one more failed try
            failure = f"{self._server.where}: the server cannot be reached ({exc})"
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
    return said + (f" ({len(records)} actions)" if len(records) > 3 else "")


def what_changed(held: list[dict], now: list[dict]) -> str:
    """What another shop took back (and recorded since), told from the log held here and the log
    as it is now: "Taken back elsewhere: battle B2 → C2"."""
    same = 0
    while same < min(len(held), len(now)) and held[same] == now[same]:
        same += 1
    words = []
    if held[same:]:
        words.append(f"taken back elsewhere: {titles(held[same:])}")
    if now[same:]:
        words.append(f"recorded elsewhere: {titles(now[same:])}")
    if not words:
        return f"The campaign was changed elsewhere: it now holds {len(now)} actions"
    told = "; then ".join(words)
    return told[0].upper() + told[1:]
