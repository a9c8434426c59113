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
from campaign_manager.i18n import N_, _

# How long a write waits for another program's lock before giving up (seconds): long enough
# for the app and the command line to take turns, short enough that nobody thinks it hangs.
BUSY_WAIT = 3.0

SAVE_A_COPY = N_("File ▸ Save a copy (or copy it somewhere writable) to continue")

# What was being written, as the messages name it (the keys are what callers pass as `doing`).
DOING_WORDS = {
    "action": N_("the action"),
    "backup": N_("the backup"),
    "charts": N_("the charts"),
    "copy": N_("the copy"),
    "copy before the restore": N_("the copy before the restore"),
    "export": N_("the export"),
    "import": N_("the import"),
    "new file": N_("the new file"),
    "new campaign": N_("the new campaign"),
    "keeping the battle being entered": N_("the keeping of the battle being entered"),
    "repair": N_("the repair"),
    "opening": N_("the opening"),
    "pending list": N_("the pending list"),
    "picture": N_("the picture"),
    "reading": N_("the reading"),
    "redo": N_("the redo"),
    "undo": N_("the undo"),
    "report": N_("the report"),
    "scenario": N_("the scenario"),
}


def doing_words(doing: str) -> str:
    """What was being written ("the export"), in the user's language."""
    if doing in DOING_WORDS:
        return _(DOING_WORDS[doing])
    return _("the {doing}").format(doing=doing)


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
    if not os.access(path, os.W_OK):
        words = _("{path}: is read-only (the file cannot be written): nothing can be recorded — {save_a_copy}")
    else:
        words = _(
            "{path}: is read-only (its folder {folder} cannot be written): nothing can be recorded — {save_a_copy}"
        )
    return words.format(path=path, folder=path.resolve().parent, save_a_copy=_(SAVE_A_COPY))


LOOP = N_("{path}: is a link that leads round in a loop of links, never to a file — point it at the file itself")

# Writes that make a file of their own: a fault there leaves no campaign behind to speak of.
WRITES_A_NEW_FILE = ("export", "import", "new file", "report", "copy", "backup", "picture", "charts")


def fault_message(path: Path, exc: BaseException, doing: str) -> str | None:
    """One sentence for a storage fault, or None when `exc` is not one."""
    original = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    text = str(original).lower()
    code = getattr(original, "errno", None)
    new_file = doing in WRITES_A_NEW_FILE
    if isinstance(original, sqlite3.OperationalError) or isinstance(original, OSError):
        words = _disk_words(original, text, code, new_file)
        if words is not None:
            return words.format(path=path, doing=doing_words(doing), seconds=f"{BUSY_WAIT:g}")
        if "readonly" in text or "read-only" in text or code in (errno.EROFS, errno.EACCES, errno.EPERM):
            return read_only_message(path)
    return None


def _disk_words(original: BaseException, text: str, code: int | None, new_file: bool) -> str | None:
    """The sentence for a storage fault, its {path}, {doing} and {seconds} still to fill in (None:
    not a fault of these, or a read-only file of a campaign, told by read_only_message)."""
    if code == errno.ELOOP:  # not the disk: the name itself leads nowhere
        return _(LOOP)
    if code == errno.ENAMETOOLONG or "file name too long" in text:
        return _(
            "{path}: the file name is too long for its disk, so {doing} could not be written — choose a shorter name"
        )
    if "readonly" in text or "read-only" in text or code in (errno.EROFS, errno.EACCES, errno.EPERM):
        if new_file:
            return _("{path}: cannot be written there (read-only), so {doing} was not made — choose another place")
        return None
    if "disk is full" in text or "disk or database is full" in text or code in (errno.ENOSPC, errno.EFBIG):
        if new_file:
            return _(
                "{path}: the disk is full, so {doing} could not be written; nothing was left half-written there "
                "— free some space and try again"
            )
        return _(
            "{path}: the disk is full, so {doing} could not be written; the file keeps every earlier action "
            "— free some space and try again"
        )
    if "locked" in text or "busy" in text:
        return _(
            "{path}: is busy: another program kept it locked for more than {seconds} s, so nothing was done "
            "(nothing was written) — close the other program or try again"
        )
    if "disk i/o error" in text or "unable to open" in text or code == errno.EIO or isinstance(original, OSError):
        if new_file:
            return _(
                "{path}: a disk error (or no such place), so {doing} could not be written; nothing was left "
                "half-written there — check the disk or choose another place"
            )
        return _(
            "{path}: a disk error (or the medium was removed), so {doing} could not be written; the file keeps "
            "every earlier action — check the disk, then open it again"
        )
    return None


@contextmanager
def storage_faults(path: Path, doing: str = "action") -> Iterator[None]:
    """Turn a storage fault raised inside the block into a StorageFault (one sentence)."""
    try:
        yield
    except (DBAPIError, sqlite3.Error, OSError) as exc:
        if "could not decode to utf-8" in str(exc).lower():  # a row written since the file was checked
            raise FileRefused(
                _("{path}: is damaged: a text in it is not UTF-8 text; it was left untouched").format(path=path)
            ) from None
        message = fault_message(Path(path), exc, doing)
        if message is None:
            raise
        kind = ReadOnlyFile if message == read_only_message(Path(path)) else StorageFault
        raise kind(message) from None
