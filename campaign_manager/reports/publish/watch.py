"""`publish --watch`: publish the campaign again after every action recorded in it. A campaign
file is looked at a few times a second (its size and time of change: cheap; a battle being
entered is kept in it too, but changes no action, so it publishes nothing); a shared campaign
listens to its server, which announces every write as it commits (store/server.ServerListener),
so the page is written again as soon as the other shop's record lands. A server lost is tried
again every few seconds: the watch goes on once it is back (a shop's router restarting at night
does not end it)."""

from __future__ import annotations

import os
import select
from collections.abc import Callable
from pathlib import Path

from campaign_manager.errors import UserError
from campaign_manager.i18n import _, number
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.server_faults import ServerUnreachable

POLL = 0.25  # seconds between looks at a campaign file
HEARTBEAT = 5.0  # seconds a shared campaign's listener waits before it checks the connection
RETRY = 10.0  # seconds between tries to reach a shared campaign's server again


def watch(
    campaign: CampaignFile,
    republish: Callable[[], None],
    keep_going: Callable[[], bool] = lambda: True,
    heartbeat: float = HEARTBEAT,
    said: Callable[[str], None] = lambda words: None,
    retry: float = RETRY,
) -> None:
    """Call `republish` after each change of the campaign's log, while `keep_going()` (asked at
    least every `heartbeat` seconds). A shared campaign whose server is lost is tried again every
    `retry` seconds, `said` telling when it is lost and when it is back; what was recorded
    meanwhile is published as soon as it is back."""
    server = campaign.server_log
    if server is None:
        _watch_file(campaign, campaign.path, republish, keep_going)
        return
    lost = False
    while keep_going():
        try:
            listener = server.listen()
        except ServerUnreachable as exc:
            if not lost:
                lost = True
                said(_lost(exc, retry))
            _pause(retry, heartbeat, keep_going)
            continue
        try:
            if lost:  # back: what others recorded while the server was away
                lost = False
                said(_("{campaign}: connected to the server again").format(campaign=server.address.shown))
                if campaign.catch_up() is not None:
                    republish()
            while keep_going():
                ready = select.select([listener.fileno()], [], [], heartbeat)[0]
                if ready and listener.heard() and campaign.catch_up() is not None:
                    republish()
        except ServerUnreachable as exc:
            lost = True
            said(_lost(exc, retry))
            _pause(retry, heartbeat, keep_going)
        finally:
            listener.close()


def _lost(exc: ServerUnreachable, retry: float) -> str:
    """The server lost, in words, and how often it is tried again."""
    return _("{lost}; trying again every {seconds} s").format(lost=exc, seconds=number(retry, 0 if retry >= 1 else 1))


def _pause(seconds: float, heartbeat: float, keep_going: Callable[[], bool]) -> None:
    """Wait `seconds`, asking `keep_going()` at least every `heartbeat` seconds."""
    import time

    end = time.monotonic() + seconds
    while keep_going() and (left := end - time.monotonic()) > 0:
        time.sleep(min(left, heartbeat))


def _watch_file(
    campaign: CampaignFile, path: Path, republish: Callable[[], None], keep_going: Callable[[], bool]
) -> None:
    import time

    seen = _stamp(path)
    while keep_going():
        time.sleep(POLL)
        now = _stamp(path)
        if now != seen:
            seen = now
            if campaign.catch_up() is not None:
                republish()


def _stamp(path: Path) -> tuple[int, int]:
    try:
        facts = os.stat(path)
    except OSError as exc:
        raise UserError(
            _("{path}: the campaign file can no longer be read ({reason}): watching stopped").format(
                path=path, reason=exc.strerror
            )
        ) from None
    return facts.st_mtime_ns, facts.st_size
