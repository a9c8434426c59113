"""Files written whole or not at all: a new campaign, an export, a report, a copy, a backup.

The content is made first (a database is built in memory); it is then written to `NAME.partial`
beside the target, made afresh and exclusively (O_EXCL, never following a link: a file or link
planted at that name is removed, not written through), flushed to the disk, and moved into
place. A new file is moved so that it never replaces one that appeared meanwhile. A crash at any
moment leaves the target as it was, whole, or absent, and at most a `.partial` the next write of
the same name removes.

Names are checked first: SQLite keeps `NAME-journal` beside a file it writes, and the app keeps
`NAME.partial`, so a name must leave room for eight more bytes on its disk.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

from campaign_manager.errors import FileRefused
from campaign_manager.i18n import _
from campaign_manager.store.faults import StorageFault, doing_words, storage_faults

ROOM = len(".partial")  # the same as len("-journal")
DEFAULT_NAME_MAX = 255


def name_max(folder: Path) -> int:
    """The longest file name (bytes) the disk holding `folder` takes."""
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return DEFAULT_NAME_MAX


def longest_name(folder: Path) -> int:
    """The longest name (bytes) the app can write in `folder`: room is left for `-journal`."""
    return name_max(folder) - ROOM


def check_name(path: Path) -> None:
    """Refuse a name too long to write beside (checked before anything touches the disk: a
    name over the disk's limit makes every call on it fail)."""
    path = Path(path)
    size = len(os.fsencode(path.name))
    folder = path.parent if str(path.parent) else Path(".")
    limit = longest_name(folder) if folder.is_dir() else DEFAULT_NAME_MAX - ROOM
    if size > limit:
        raise FileRefused(
            _(
                "{path}: the file name is too long ({size} bytes; the app writes names of at most "
                "{limit} bytes here, leaving room for the files SQLite keeps beside it) — choose a "
                "shorter name"
            ).format(path=path, size=size, limit=limit)
        )


def check_new(path: Path) -> None:
    """A new file may be made at `path`: a name that fits, in a folder that exists, not taken."""
    path = Path(path)
    check_name(path)
    if os.path.lexists(path):
        raise FileRefused(_("{path}: already exists; choose another name (nothing was overwritten)").format(path=path))
    if not path.parent.is_dir():
        raise FileRefused(_("{path}: the folder {parent} does not exist").format(path=path, parent=path.parent))


def partial_of(target: Path) -> Path:
    return target.with_name(target.name + ".partial")


def remove(path: Path, doing: str) -> None:
    """Remove `path` (a leftover `.partial`; a link is removed, never what it points to)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise StorageFault(
            _(
                "{name}: what was left unfinished of {doing} beside {file} cannot be removed ({problem}), so "
                "nothing was written — check the disk"
            ).format(
                name=path.name, doing=doing_words(doing), file=path.with_suffix("").name, problem=exc.strerror or exc
            )
        ) from None


def write_whole(target: Path, data: bytes, doing: str, new: bool = False) -> None:
    """Write `data` as the file `target`, whole or not at all. `new`: never replace a file
    (FileRefused if one is there by the time it is moved into place)."""
    target = Path(target)
    check_name(target)
    if not target.parent.is_dir():
        raise FileRefused(
            _("{target}: cannot be written: the folder {parent} does not exist").format(
                target=target, parent=target.parent
            )
        )
    if target.is_dir() and not target.is_symlink():  # a link to a folder is replaced, as any link
        raise FileRefused(
            _("{target}: is a folder; give a file's name for {doing} (nothing was written)").format(
                target=target, doing=doing_words(doing)
            )
        )
    partial = partial_of(target)
    remove(partial, doing)  # a leftover of a write cut off earlier, or a link planted there
    moved = False
    try:
        with storage_faults(target, doing):
            try:
                handle = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o666)
            except FileExistsError:
                raise StorageFault(
                    _(
                        "{target}: another program is writing beside it ({name}); nothing was written — try again"
                    ).format(target=target, name=partial.name)
                ) from None
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(handle, view) :]
                os.fsync(handle)
            finally:
                os.close(handle)
            if new:
                _move_new(partial, target)
            else:
                os.replace(partial, target)
            moved = True
            _sync_folder(target.parent)
    finally:
        if not moved:
            with contextlib.suppress(StorageFault):  # what went wrong first is what is told
                remove(partial, doing)


SQLITE_HEADER = b"SQLite format 3\x00"


def write_document(target: Path, data: bytes, doing: str) -> None:
    """Write a document the organiser names (a report, an export, slips) with `write_whole`,
    refusing first a folder and a database (a campaign file picked by mistake is never replaced
    by the document)."""
    target = Path(target)
    if target.is_dir():
        raise FileRefused(
            _("{target}: is a folder; give a file's name for {doing} (nothing was written)").format(
                target=target, doing=doing_words(doing)
            )
        )
    try:
        with target.open("rb") as existing:
            head = existing.read(len(SQLITE_HEADER))
    except OSError:
        head = b""
    if head == SQLITE_HEADER:
        raise FileRefused(
            _(
                "{target}: is a campaign (a database), not a place for {doing}; nothing was "
                "written — choose another name"
            ).format(target=target, doing=doing_words(doing))
        )
    write_whole(target, data, doing)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _move_new(partial: Path, target: Path) -> None:
    """Move `partial` to `target` unless a file appeared there: a hard link is made (it fails if
    the name is taken), then the partial's name removed; where the disk has no hard links (FAT on
    a USB stick) the name is checked, then the file renamed."""
    try:
        os.link(partial, target, follow_symlinks=False)
    except FileExistsError:
        raise FileRefused(
            _("{target}: already exists; choose another name (nothing was overwritten)").format(target=target)
        ) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS, errno.EACCES):
            raise
        if os.path.lexists(target):
            raise FileRefused(
                _("{target}: already exists; choose another name (nothing was overwritten)").format(target=target)
            ) from None
        os.rename(partial, target)
        return
    with contextlib.suppress(OSError):  # the file is in place; a leftover partial goes next time
        os.unlink(partial)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's list of names, so the moved file is there after a power cut."""
    try:
        handle = os.open(folder if str(folder) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # not every system can flush a folder; the file itself is on the disk
    finally:
        os.close(handle)
