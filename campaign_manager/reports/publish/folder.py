"""Writing the published folder whole: its files are written into a new folder beside it, which
then takes its place in one step (on Linux the two are exchanged atomically; elsewhere renamed in
turn), so a web server serving it never serves half a page. The folder keeps a list of the files
the app wrote (`MANIFEST`): a folder holding anything else is refused and left alone, as are a
file in its place, a link, and a place that cannot be written. Nothing is written then."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from campaign_manager.errors import UserError
from campaign_manager.i18n import _

MANIFEST = ".campaign-manager-published.json"  # the files the app wrote there, one per line of JSON


def _place(folder: Path) -> Path:
    """The folder by its whole path, without a '.' or '..' at its end: the folder one is in
    ('-o .') is then written beside itself and swapped like any other, not renamed as '.'."""
    return Path(os.path.abspath(folder))


def check_folder(named: Path) -> None:
    """Refuse, in a sentence, a folder the app may not publish into (said as it was named)."""
    folder = _place(named)
    if folder.is_symlink():
        raise UserError(_("{folder} is a link: publish into a folder itself").format(folder=named))
    if folder.exists() and not folder.is_dir():
        raise UserError(_("{folder} is a file, not a folder: name a folder to publish into").format(folder=named))
    parent = folder.absolute().parent
    if not parent.is_dir():
        raise UserError(
            _("{folder} cannot be made: {parent} is not an existing folder").format(folder=named, parent=parent)
        )
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UserError(
            _("{folder} cannot be written: {parent} may not be written in").format(folder=named, parent=parent)
        )
    try:  # the folder is written beside its place first: try that place (root passes os.access)
        os.rmdir(tempfile.mkdtemp(prefix=f".{folder.name}.publishing-", dir=parent))
    except OSError as exc:
        raise UserError(
            _("{folder} cannot be written: nothing can be made in {parent} ({reason})").format(
                folder=named, parent=parent, reason=exc.strerror or exc
            )
        ) from None
    if folder.is_dir():
        if not os.access(folder, os.W_OK | os.X_OK):
            raise UserError(_("{folder} cannot be written: it is not writable").format(folder=named))
        foreign = sorted(_present(folder) - _ours(folder))
        if foreign:
            files = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
            raise UserError(
                _(
                    "{folder} holds files the campaign manager did not write ({files}): publish into an empty "
                    "folder or one it published"
                ).format(folder=named, files=files)
            )


def _present(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")}


def _ours(folder: Path) -> set[str]:
    """The files (and the folders they are in) the manifest lists, and the manifest itself."""
    try:
        listed = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if not isinstance(listed, list) or not all(isinstance(name, str) for name in listed):
        return set()
    ours = {MANIFEST}
    for name in listed:
        ours.add(name)
        ours.update(parent.as_posix() for parent in Path(name).parents if parent != Path("."))
    return ours


def write_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Put `files` (path in the folder → bytes) in `folder` whole, in place of what it held."""
    named, folder = Path(folder), _place(folder)
    check_folder(named)
    try:
        made = Path(tempfile.mkdtemp(prefix=f".{folder.name}.publishing-", dir=folder.absolute().parent))
    except OSError as exc:
        raise UserError(
            _("{folder} cannot be written ({reason}): nothing was written").format(
                folder=named, reason=exc.strerror or exc
            )
        ) from None
    swapped = False
    try:
        umask = os.umask(0)
        os.umask(umask)
        made.chmod(0o777 & ~umask)  # readable as any folder made there (a web server reads it)
        for name, data in {**files, MANIFEST: _manifest(files)}.items():
            path = made / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        _swap(made, folder)
        swapped = True
    except OSError as exc:
        raise UserError(
            _("{folder} could not be written ({reason}): it is left as it was").format(
                folder=named, reason=exc.strerror or exc
            )
        ) from None
    finally:
        if swapped:
            _clear(made)  # what the folder held before: the files the app wrote there
        else:
            shutil.rmtree(made, ignore_errors=True)  # the new files, never put in place


def _clear(old: Path) -> None:
    """Remove what the folder held before it was replaced: the files its list names (and the
    folders they were in, once empty). Anything else (put there after it was looked at) stays,
    in the folder beside it that held them."""
    ours = _ours(old)
    for path in sorted(old.rglob("*"), key=lambda p: len(p.parts), reverse=True):  # the deepest first
        if path.relative_to(old).as_posix() not in ours:
            continue
        try:
            if path.is_dir() and not path.is_symlink():
                path.rmdir()
            else:
                path.unlink()
        except OSError:
            pass  # a folder still holding someone else's file
    try:
        old.rmdir()
    except OSError:
        pass


def _manifest(files: dict[str, bytes]) -> bytes:
    return (json.dumps(sorted(files), indent=1) + "\n").encode()


def _swap(made: Path, folder: Path) -> None:
    """`made` takes `folder`'s place; afterwards `made` holds what `folder` held, if anything."""
    if not folder.exists():
        os.rename(made, folder)
        return
    if _exchange(made, folder):
        return
    old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old-", dir=folder.absolute().parent))
    os.rmdir(old)
    os.rename(folder, old)
    os.rename(made, folder)
    os.rename(old, made)


def _exchange(a: Path, b: Path) -> bool:
    """Exchange two folders in one step (Linux's renameat2); False where that cannot be done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    at_cwd, exchange = -100, 2
    return bool(renameat2(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), exchange) == 0)
