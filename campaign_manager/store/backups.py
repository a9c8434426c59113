"""Backups made at every end of turn: `backups/NAME.turn-N.campaign` beside the campaign file
(the real file, when it is reached through a link), copied with SQLite's online backup API
(consistent even while the file is open elsewhere); the newest KEEP are kept (store/backup_list.py
lists them with their turn and VP). A batch of actions
ending several turns makes one backup per turn, each cut at its own end of turn. A backup cut off
(a crash, a power cut) leaves its `.partial`, and is made again the next time the campaign opens
for recording. Restoring puts a backup's log in place of the campaign's, after keeping the
campaign as it was in `backups/NAME.before-restore.campaign`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from campaign_manager.errors import UserError
from campaign_manager.store import writing
from campaign_manager.store.copies import image_of, save_copy

KEEP = 10
FOLDER = "backups"
LONGEST_SUFFIX = ".before-restore.campaign"  # the longest name made from the campaign's


def folder(campaign: Path) -> Path:
    return Path(campaign).resolve().parent / FOLDER


def _stem(campaign: Path) -> str:
    """The real file's name without its suffix, cut short (on a whole character) where the
    backups' longer names would not fit on the disk."""
    stem = Path(campaign).resolve().stem
    room = writing.longest_name(folder(campaign).parent) - len(LONGEST_SUFFIX)
    while len(os.fsencode(stem)) > room:
        stem = stem[:-1]
    return stem or "campaign"


def _pattern(campaign: Path, tail: str = "") -> re.Pattern[str]:
    return re.compile(re.escape(_stem(campaign)) + r"\.turn-(\d+)\.campaign" + re.escape(tail) + "$")


def backup_path(campaign: Path, turn: int) -> Path:
    return folder(campaign) / f"{_stem(campaign)}.turn-{turn}.campaign"


def make_backup(campaign: Path, turn: int, upto: int | None = None) -> Path:
    """Copy the campaign as the backup of `turn` (replacing an older backup of the same turn),
    cut after log entry `upto` when given, and drop all but the newest KEEP backups; raises
    UserError on failure."""
    target = backup_path(campaign, turn)
    try:
        target.parent.mkdir(exist_ok=True)
    except OSError as exc:
        raise UserError(f"{target.parent}: the backup folder cannot be made ({exc.strerror})") from None
    writing.write_whole(target, image_of(Path(campaign).resolve(), upto), "backup")
    _prune(campaign)
    return target


def cut_off(campaign: Path) -> list[tuple[int, Path]]:
    """Backups begun and never finished (their `.partial` is still there): (turn, partial)."""
    where = folder(campaign)
    if not where.is_dir():
        return []
    pattern = _pattern(campaign, ".partial")
    found = []
    for path in where.iterdir():
        match = pattern.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def backup_files(campaign: Path) -> list[tuple[int, Path]]:
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
    real = Path(campaign).resolve()
    kept = folder(real) / f"{_stem(real)}{LONGEST_SUFFIX}"
    kept.parent.mkdir(exist_ok=True)
    save_copy(real, kept)
    save_copy(backup, real)
    return kept
