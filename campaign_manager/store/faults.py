"""Storage faults told as one sentence: a read-only file or folder, a full disk, a medium pulled
out, a file another program keeps locked. Every write is one transaction, so when one of these
stops it SQLite rolls it back and the file keeps every action recorded before.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.exc import DBAPIError

from campaign_manager.errors import FileRefused, UserError

# How long a write waits for another program's lock before giving up (seconds): long enough
# for the app and the command line to take turns, short enough that nobody thinks it hangs.
BUSY_WAIT = 3.0

SAVE_A_COPY = "File ▸ Save a copy (or copy it somewhere writable) to continue"


class StorageFault(UserError):
    """The medium refused a write (read-only, full, busy or gone); nothing was written."""


class ReadOnlyFile(StorageFault, FileRefused):
    """The file, or the folder it is in, cannot be written: it can be read, not recorded in."""


def writable(path: Path) -> bool:
    """Whether actions can be recorded in `path`: the file, and its folder (SQLite writes its
    journal beside the file), must both be writable (an immutable flag counts as read-only)."""
    folder = path.resolve().parent
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)


def read_only_message(path: Path) -> str:
    what = "the file" if not os.access(path, os.W_OK) else f"its folder {path.resolve().parent}"
    return f"{path}: is read-only ({what} cannot be written): nothing can be recorded — {SAVE_A_COPY}"


LOOP = "{path}: is a link that leads round in a loop of links, never to a file — point it at the file itself"

# Writes that make a file of their own: a fault there leaves no campaign behind to speak of.
WRITES_A_NEW_FILE = ("export", "import", "new file", "report", "copy", "backup", "picture", "charts")


def fault_message(path: Path, exc: BaseException, doing: str) -> str | None:
    """One sentence for a storage fault, or None when `exc` is not one."""
    original = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    text = str(original).lower()
    code = getattr(original, "errno", None)
    new_file = doing in WRITES_A_NEW_FILE
    kept = "nothing was left half-written there" if new_file else "the file keeps every earlier action"
    if isinstance(original, sqlite3.OperationalError) or isinstance(original, OSError):
        if code == errno.ELOOP:  # not the disk: the name itself leads nowhere
            return LOOP.format(path=path)
        if code == errno.ENAMETOOLONG or "file name too long" in text:
            return (
                f"{path}: the file name is too long for its disk, so the {doing} could not be written "
                f"— choose a shorter name"
            )
        if "readonly" in text or "read-only" in text or code in (errno.EROFS, errno.EACCES, errno.EPERM):
            if new_file:
                return (
                    f"{path}: cannot be written there (read-only), so the {doing} was not made — choose another place"
                )
            return read_only_message(path)
        if "disk is full" in text or "disk or database is full" in text or code in (errno.ENOSPC, errno.EFBIG):
            return (
                f"{path}: the disk is full, so the {doing} could not be written; {kept} — free some space and try again"
            )
        if "locked" in text or "busy" in text:
            return (
                f"{path}: is busy: another program kept it locked for more than {BUSY_WAIT:g} s, "
                f"so nothing was done (nothing was written) — close the other program or try again"
            )
        if "disk i/o error" in text or "unable to open" in text or code == errno.EIO or isinstance(original, OSError):
            if new_file:
                return (
                    f"{path}: a disk error (or no such place), so the {doing} could not be written; "
                    f"{kept} — check the disk or choose another place"
                )
            return (
                f"{path}: a disk error (or the medium was removed), so the {doing} could not "
                f"be written; {kept} — check the disk, then open it again"
            )
    return None


@contextmanager
def storage_faults(path: Path, doing: str = "action") -> Iterator[None]:
    """Turn a storage fault raised inside the block into a StorageFault (one sentence)."""
    try:
        yield
    except (DBAPIError, sqlite3.Error, OSError) as exc:
        if "could not decode to utf-8" in str(exc).lower():  # a row written since the file was checked
            raise FileRefused(f"{path}: is damaged: a text in it is not UTF-8 text; it was left untouched") from None
        message = fault_message(Path(path), exc, doing)
        if message is None:
            raise
        kind = ReadOnlyFile if "is read-only" in message else StorageFault
        raise kind(message) from None
