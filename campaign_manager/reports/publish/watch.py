"""`publish --watch`: publish the campaign again after every action recorded in it. A campaign
file is looked at a few times a second (its size and time of change: cheap; a battle being
entered is kept in it too, but changes no action, so it publishes nothing); a shared campaign
listens to its server, which announces every write as it commits (store/server.ServerListener),
so the page is written again as soon as the other shop's record lands."""

from __future__ import annotations

import os
import select
from collections.abc import Callable
from pathlib import Path

from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store.campaign_file import CampaignFile

POLL = 0.25  # seconds between looks at a campaign file
HEARTBEAT = 5.0  # seconds a shared campaign's listener waits before it checks the connection


def watch(
    campaign: CampaignFile,
    republish: Callable[[], None],
    keep_going: Callable[[], bool] = lambda: True,
    heartbeat: float = HEARTBEAT,
) -> None:
    """Call `republish` after each change of the campaign's log, while `keep_going()` (asked at
    least every `heartbeat` seconds)."""
    server = campaign.server_log
    if server is None:
        _watch_file(campaign, campaign.path, republish, keep_going)
        return
    listener = server.listen()
    try:
        while keep_going():
            ready, _, _ = select.select([listener.fileno()], [], [], heartbeat)
            if ready and listener.heard() and campaign.catch_up() is not None:
                republish()
    finally:
        listener.close()


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
