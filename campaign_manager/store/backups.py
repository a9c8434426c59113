"""Backups made at every end of turn: `backups/NAME.turn-N.campaign` beside the campaign file,
copied with SQLite's online backup API (consistent even while the file is open elsewhere); the
newest KEEP are kept. Restoring puts a backup's log in place of the campaign's, after keeping
the campaign as it was in `backups/NAME.before-restore.campaign`.

The backups listed with their turn and VP are in `backup_list` (it reads them as campaigns, so
it stands above `campaign_file`, which makes a backup at every end of turn).
"""

from __future__ import annotations

import re
from pathlib import Path

from campaign_manager.errors import UserError
from campaign_manager.store.copies import save_copy

KEEP = 10
FOLDER = "backups"


def folder(campaign: Path) -> Path:
    return Path(campaign).resolve().parent / FOLDER


def _pattern(campaign: Path) -> re.Pattern[str]:
    return re.compile(re.escape(Path(campaign).stem) + r"\.turn-(\d+)\.campaign$")


def backup_path(campaign: Path, turn: int) -> Path:
    return folder(campaign) / f"{Path(campaign).stem}.turn-{turn}.campaign"


def make_backup(campaign: Path, turn: int) -> Path:
    """Copy the campaign as it stands now as the backup of `turn` (replacing an older backup
    of the same turn) and drop all but the newest KEEP backups; raises UserError on failure."""
    target = backup_path(campaign, turn)
    try:
        target.parent.mkdir(exist_ok=True)
    except OSError as exc:
        raise UserError(f"{target.parent}: the backup folder cannot be made ({exc.strerror})") from None
    save_copy(campaign, target)
    _prune(campaign)
    return target


def backup_files(campaign: Path) -> list[tuple[int, Path]]:
    """The campaign's backup files with their turns, newest first."""
    where = folder(campaign)
    if not where.is_dir():
        return []
    pattern = _pattern(campaign)
    found = []
    for path in where.iterdir():
        match = pattern.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    # newest first: by when it was made, then by turn (a restore can make an earlier turn newer)
    return sorted(found, key=lambda item: (item[1].stat().st_mtime_ns, item[0]), reverse=True)


def _prune(campaign: Path) -> None:
    for _turn, path in backup_files(campaign)[KEEP:]:
        path.unlink(missing_ok=True)


def restore_backup(backup: Path, campaign: Path) -> Path:
    """Put `backup` in place of `campaign` (whole or not at all); the campaign as it was is kept
    first as `backups/NAME.before-restore.campaign`, which is returned."""
    kept = folder(campaign) / f"{Path(campaign).stem}.before-restore.campaign"
    kept.parent.mkdir(exist_ok=True)
    save_copy(campaign, kept)
    save_copy(backup, campaign)
    return kept
