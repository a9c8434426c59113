"""Backups of a campaign on a server: campaign files of it, made on this computer.

At each end of turn the organiser's app writes the campaign, cut at that end of turn, as
`NAME.turn-N.campaign` in a folder of its own in the app's data folder
(`shared-campaigns/backups/`, named after the server, database and campaign: `stand_in`), where
`campaign-manager backups URL` lists them as a file's backups are listed (store/backup_list.py).
`campaign-manager backup URL -o FILE` (fit for a scheduled job) writes the campaign as it stands
into FILE. `campaign-manager push --replace FILE URL` restores one (store/server_restore.py).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from campaign_manager import paths
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store import writing
from campaign_manager.store.address import ServerAddress
from campaign_manager.store.backups import STAMP, backup_path, prune

SHARED = "shared-campaigns"


def stand_in(address: ServerAddress) -> Path:
    """The name a server campaign's backups are kept under on this computer, as if it were a
    file (never made: its folder `backups/` beside it holds them): the server, the database and
    the campaign, whoever signs in."""
    where = re.sub(r"^[a-z]+://([^@/]*@)?", "", address.shown)
    where = re.sub(r"[^A-Za-z0-9_.-]+", "_", where).strip("._") or "campaign"
    return paths.app_data_folder() / SHARED / f"{where[:120]}.campaign"


def end_of_turn_backup(address: ServerAddress, turn: int, image: bytes) -> Path:
    """The backup of `turn` (the campaign's `image`, cut at that end of turn) in this computer's
    folder for the campaign; the newest KEEP are kept. Raises UserError when it cannot be written."""
    named = stand_in(address)
    target = backup_path(named, turn)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(
            _("{folder}: the backup folder cannot be made ({problem})").format(
                folder=target.parent, problem=exc.strerror
            )
        ) from None
    writing.write_whole(target, image, "backup")
    prune(named)
    return target


def backup_to(address: ServerAddress, image: bytes, target: Path, now: datetime | None = None) -> Path:
    """Write the campaign's `image` into the new file `target` (a folder: a dated name in it,
    `NAME-2026-03-14-201533.campaign`); never over a file there."""
    if target.is_dir():
        target = target / f"{address.need_campaign()}-{(now or datetime.now()).strftime(STAMP)}.campaign"
    writing.check_new(target)
    writing.write_whole(target, image, "backup", new=True)
    return target
