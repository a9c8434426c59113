"""Copies of a campaign file made with SQLite's online backup API, which copies a consistent
file even while another program has it open (a plain file copy could catch a write half-done)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from campaign_manager.errors import UserError


def save_copy(source: Path, target: Path) -> None:
    """Copy the campaign at `source` to `target` (replacing it); the copy is written beside the
    target first and moved into place, so a failed copy never leaves a half-written file."""
    source, target = Path(source), Path(target)
    if source.resolve() == target.resolve():
        raise UserError(f"{target}: is the campaign itself; choose another name for the copy")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)  # left by a copy that was cut off (a crash): start afresh
    partial.with_name(partial.name + "-journal").unlink(missing_ok=True)
    try:
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as reading:
            writing = sqlite3.connect(partial)
            try:
                reading.backup(writing)
            finally:
                writing.close()
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as exc:
        partial.unlink(missing_ok=True)
        raise UserError(f"{target}: the copy could not be written ({exc})") from None
