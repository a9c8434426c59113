"""Copies of a campaign file made with SQLite's online backup API, which copies a consistent
file even while another program has it open (a plain file copy could catch a write half-done).
The copy is made in memory, then written whole (store/writing.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store import database, writing


def image_of(source: Path, upto: int | None = None) -> bytes:
    """The campaign file at `source` as it stands, as bytes; `upto`: cut after that log entry,
    with nothing waiting to be redone (the campaign as it stood then)."""
    try:
        reading = database.connect(Path(source), "ro")
        copy = database.memory()
        try:
            reading.backup(copy)
            if upto is not None:
                copy.execute("DELETE FROM action WHERE seq > ?", (upto,))
                copy.execute("DELETE FROM redo")
                copy.commit()
            return copy.serialize()
        finally:
            copy.close()
            reading.close()
    except sqlite3.Error as exc:
        raise UserError(_("{source}: cannot be read to copy it ({exc})").format(source=source, exc=exc)) from None


def save_copy(source: Path, target: Path, doing: str = "copy") -> None:
    """Copy the campaign at `source` to `target` (replacing it), whole or not at all."""
    source, target = Path(source), Path(target)
    if source.resolve() == target.resolve():
        raise UserError(_("{target}: is the campaign itself; choose another name for the copy").format(target=target))
    writing.write_whole(target, image_of(source), doing)
