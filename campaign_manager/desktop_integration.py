"""`campaign-manager --install-desktop` and `--uninstall-desktop`: the app in one user's desktop
menu when it was installed with pip (a menu starts programs with its own PATH, which has no
virtual environment's bin/ on it, so the entry names the window program by its absolute path).

Into the user's XDG data folder ($XDG_DATA_HOME, else ~/.local/share) go the desktop entry
(installer/linux's, its Exec and TryExec naming the installed `campaign-manager-window`), the
icon at every size and the campaign file's MIME type; the desktop's caches are refreshed where
their tools are installed. A manifest lists every file and folder that was not there before, so
that --uninstall-desktop removes exactly those and leaves the folder as it was.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.paths import (
    APPLICATION,
    DESKTOP_NAME,
    ICON_SIZES,
    ICONS,
    ORGANISATION,
    WINDOW_PROGRAM,
    icon_files,
    linux_desktop_files,
)

MANIFEST = "desktop-integration.json"
# The caches a desktop reads instead of the folders, and the tools that rebuild them.
CACHES = {
    "applications": ["update-desktop-database", "-q"],
    "mime": ["update-mime-database"],
    "icons/hicolor": ["gtk-update-icon-cache", "-q", "-f", "-t"],
}
# Characters that make the Desktop Entry Specification's Exec quote an argument; inside the
# quotes `"`, backquote, `$` and backslash take a backslash.
EXEC_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
Runner = Callable[[list[str]], object]


def _quietly(command: list[str]) -> object:
    """Run a cache tool; what it says is of no use to the user (a failed refresh only delays the menu)."""
    return subprocess.run(command, capture_output=True, check=False)


@dataclass(frozen=True)
class Installed:
    """What --install-desktop did: the files written, the caches refreshed and the tools missing."""

    program: Path
    files: list[Path]
    refreshed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def data_home() -> Path:
    """$XDG_DATA_HOME when it is an absolute path (the specification ignores any other), else ~/.local/share."""
    named = os.environ.get("XDG_DATA_HOME", "")
    return Path(named) if os.path.isabs(named) else Path.home() / ".local" / "share"


def window_program(argv0: str | None = None) -> Path:
    """The window program installed beside the command being run (a virtual environment's bin/,
    the one-folder app's folder), or beside the Python running it."""
    command = Path(argv0 if argv0 is not None else sys.argv[0])
    if command.parent == Path(".") and (found := shutil.which(str(command))):  # run by its name from the PATH
        command = Path(found)
    places = [command.absolute().parent, command.resolve().parent, Path(sys.executable).absolute().parent]
    for place in places:
        candidate = place / WINDOW_PROGRAM
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise UserError(
        _(
            "{program} is not installed beside {command}: install the app with pip "
            "(README: Installing the app), then run its campaign-manager --install-desktop"
        ).format(program=WINDOW_PROGRAM, command=command)
    )


def exec_argument(word: str) -> str:
    """One argument of a desktop entry's Exec, quoted as the Desktop Entry Specification says,
    then escaped as every string value of the file is."""
    if any(char in EXEC_RESERVED for char in word):
        word = '"' + re.sub(r'(["`$\\])', r"\\\1", word) + '"'
    return _string_value(word).replace("%", "%%")


def desktop_entry(program: Path) -> str:
    """installer/linux's desktop entry, starting `program` by its absolute path."""
    template = (linux_desktop_files() / f"{DESKTOP_NAME}.desktop").read_text(encoding="utf-8")
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            lines += [f"TryExec={_string_value(str(program))}", f"Exec={exec_argument(str(program))} %f"]
        elif not line.startswith("TryExec="):
            lines.append(line)
    return "\n".join(lines) + "\n"


def desktop_files(program: Path) -> dict[str, bytes]:
    """What goes into the data folder, by the path inside it."""
    files = {f"applications/{DESKTOP_NAME}.desktop": desktop_entry(program).encode()}
    for size, icon in zip(ICON_SIZES, icon_files(), strict=True):
        files[f"icons/hicolor/{size}x{size}/apps/{DESKTOP_NAME}.png"] = icon.read_bytes()
    files[f"icons/hicolor/scalable/apps/{DESKTOP_NAME}.svg"] = (ICONS / f"{DESKTOP_NAME}.svg").read_bytes()
    files[f"mime/packages/{DESKTOP_NAME}.xml"] = (linux_desktop_files() / f"{DESKTOP_NAME}.xml").read_bytes()
    return files


def manifest_path(data: Path) -> Path:
    """Kept with the app's own data (paths.app_data_folder, under the same data folder)."""
    return data / ORGANISATION / APPLICATION / MANIFEST


def install_desktop(program: Path, data: Path | None = None, run: Runner = _quietly) -> Installed:
    """Write the entry, icons and MIME type for `program` into `data`; a former install is taken
    out first, so that installing again (from another environment) replaces it."""
    _only_on_xdg_desktops()
    data = (data if data is not None else data_home()).absolute()
    if manifest_path(data).is_file():
        uninstall_desktop(data, run)
    files = desktop_files(program)
    before = _tree(data, files)
    try:
        for name, content in files.items():
            (data / name).parent.mkdir(parents=True, exist_ok=True)
            (data / name).write_bytes(content)
        refreshed, missing = _refresh(data, list(CACHES), run)
        manifest_path(data).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(
            _("{file}: {problem}: the desktop files could not be written").format(
                file=exc.filename, problem=exc.strerror
            )
        ) from None
    created = sorted((_tree(data, files) | {str(manifest_path(data))}) - before)
    record = {
        "program": str(program),
        "files": sorted(files),
        "created": created,  # files and folders (the caches the tools made among them), by their absolute paths
        "refresh": [root for root in CACHES if str(data / root) not in created],  # caches that were there before
    }
    manifest_path(data).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return Installed(program, [data / name for name in files], refreshed, missing)


def uninstall_desktop(data: Path | None = None, run: Runner = _quietly) -> list[Path]:
    """Remove what --install-desktop wrote into `data`: its files, then the caches and folders
    it made; the caches that were there before are rebuilt without the app. The paths removed."""
    data = data if data is not None else data_home()
    manifest = manifest_path(data)
    try:
        record = json.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(
            _("nothing to remove: --install-desktop has written nothing in {folder}").format(folder=data)
        ) from None
    except (OSError, ValueError) as exc:
        raise UserError(
            _("{file}: unreadable ({problem}): remove the desktop files by hand").format(file=manifest, problem=exc)
        ) from None
    removed = [path for path in (data / name for name in record["files"]) if _remove(path)]
    _refresh(data, [root for root in record["refresh"] if (data / root).is_dir()], run)
    created = [Path(name) for name in record["created"]]
    removed += [path for path in created if path.is_file() or path.is_symlink() if _remove(path)]
    for folder in sorted((path for path in created if path.is_dir()), key=lambda path: len(path.parts), reverse=True):
        if not any(folder.iterdir()):  # something put there since is left, with its folder
            folder.rmdir()
            removed.append(folder)
    return removed


def _only_on_xdg_desktops() -> None:
    if sys.platform in ("win32", "darwin"):
        raise UserError(
            _(
                "--install-desktop is for Linux (and other freedesktop.org) desktops; on Windows and macOS "
                "the one-folder app is the one to give a shortcut (installer/README.md)"
            )
        )


def _string_value(text: str) -> str:
    """A desktop entry's string value: backslash and control characters escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def _tree(data: Path, files: dict[str, bytes]) -> set[str]:
    """Every file and folder in the cache folders, and on the way to them, to `files` and to the
    manifest (the data folder and its parents included), by their absolute paths."""
    found = set()
    for path in [*(data / root for root in CACHES), *(data / name for name in files), manifest_path(data)]:
        found |= {str(place) for place in [path, *path.parents] if place.exists()}
    for root in CACHES:
        for folder, folders, names in os.walk(data / root):
            found |= {str(Path(folder) / name) for name in [*folders, *names]}
    return found


def _refresh(data: Path, roots: list[str], run: Runner) -> tuple[list[str], list[str]]:
    """Rebuild the caches of `roots` with the tools that are installed; (refreshed, missing tools)."""
    refreshed, missing = [], []
    for root in roots:
        tool, *options = CACHES[root]
        found = shutil.which(tool)
        if found is None:
            missing.append(tool)
            continue
        run([found, *options, str(data / root)])
        refreshed.append(root)
    return refreshed, missing


def _remove(path: Path) -> bool:
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True
