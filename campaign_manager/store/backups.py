"""Backups made at every end of turn: `backups/NAME.turn-N.campaign` beside the campaign file
(the real file, when it is reached through a link), copied with SQLite's online backup API
(consistent even while the file is open elsewhere); the newest KEEP are kept (store/backup_list.py
lists them with their turn and VP). A batch of actions
ending several turns makes one backup per turn, each cut at its own end of turn. A backup cut off
(a crash, a power cut) leaves its `.partial`, and is made again the next time the campaign opens
for recording. Restoring puts a backup in place of the campaign, after keeping the campaign as
it was in a dated copy of its own, `backups/NAME.before-restore-2026-03-14-201533.campaign`:
never overwritten, never pruned, listed for restoring with the end-of-turn backups.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import _
from campaign_manager.store import writing
from campaign_manager.store.copies import image_of, save_copy

KEEP = 10
FOLDER = "backups"
BEFORE_RESTORE = ".before-restore"
STAMP = "%Y-%m-%d-%H%M%S"  # when the restore was made, on this computer's clock
LONGEST_SUFFIX = f"{BEFORE_RESTORE}-2026-03-14-201533-99.campaign"  # the longest name made from the campaign's


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
        raise UserError(
            _("{folder}: the backup folder cannot be made ({problem})").format(
                folder=target.parent, problem=exc.strerror
            )
        ) from None
    writing.write_whole(target, image_of(Path(campaign).resolve(), upto), "backup")
    prune(campaign)
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


def before_restore_files(campaign: Path) -> list[Path]:
    """The copies of the campaign kept by each restore, newest first (the one name of earlier
    versions, `NAME.before-restore.campaign`, among them)."""
    where = folder(campaign)
    if not where.is_dir():
        return []
    pattern = re.compile(re.escape(_stem(campaign) + BEFORE_RESTORE) + r"(-\d{4}-\d\d-\d\d-\d{6}(-\d+)?)?\.campaign$")
    found = [path for path in where.iterdir() if pattern.match(path.name)]
    return sorted(found, key=lambda path: (made_at(path), path.name), reverse=True)


def made_at(path: Path) -> int:
    """When `path` was last written (ns), by its own entry: a link leading nowhere, or round in a
    loop, is not followed (it is listed, as damaged, not a traceback); 0 when it is gone."""
    try:
        return path.lstat().st_mtime_ns
    except OSError:
        return 0


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
    return sorted(found, key=lambda item: (made_at(item[1]), item[0]), reverse=True)


def prune(campaign: Path) -> None:
    """Drop all but the newest KEEP end-of-turn backups."""
    for _turn, path in backup_files(campaign)[KEEP:]:
        path.unlink(missing_ok=True)


def restore_backup(backup: Path, campaign: Path, now: datetime | None = None) -> Path:
    """Put `backup` in place of `campaign` (whole or not at all); the campaign as it was is kept
    first in a dated copy of its own (a second restore in the same second gets the next number:
    no copy is ever overwritten), which is returned."""
    from campaign_manager.store.logfile import inspect_file

    inspect_file(Path(backup))  # a damaged backup is refused before anything is touched
    real = Path(campaign).resolve()
    where = folder(real)
    where.mkdir(exist_ok=True)
    stamp = (now or datetime.now()).strftime(STAMP)
    image = image_of(real)
    for number in range(1, 100):
        kept = where / f"{_stem(real)}{BEFORE_RESTORE}-{stamp}{'' if number == 1 else f'-{number}'}.campaign"
        if os.path.lexists(kept):
            continue
        try:
            writing.write_whole(kept, image, "copy before the restore", new=True)
        except FileRefused:
            if not os.path.lexists(kept):
                raise
            continue  # made meanwhile by another restore: the next number
        break
    else:
        raise UserError(
            _("{where}: already holds 99 copies kept by restores made in the same second").format(where=where)
        )
    save_copy(backup, real)
    return kept
