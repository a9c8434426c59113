"""Before Qt starts on Linux/X11: are the system libraries of Qt's xcb plugin there?

Qt aborts with a cryptic message when they are not (a minimal Linux without a desktop); this
turns that into one line saying what to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from campaign_manager.i18n import _


def missing_from_ldd(ldd_output: str) -> list[str]:
    """The libraries `ldd` reports as 'not found'."""
    return sorted({line.split()[0] for line in ldd_output.splitlines() if "not found" in line})


# Debian's names for libraries whose package is not their file's name made lower case with its
# number (libglib-2.0.so.0 is in libglib2.0-0, as are GLib's other parts).
DEBIAN_NAMES = {
    "libglib-2.0": "libglib2.0-0",
    "libgthread-2.0": "libglib2.0-0",
    "libgobject-2.0": "libglib2.0-0",
    "libgio-2.0": "libglib2.0-0",
    "libdbus-1": "libdbus-1-3",
}


def debian_packages(libraries: list[str]) -> list[str]:
    """Debian/Ubuntu package names, each once: libxcb-icccm.so.4 → libxcb-icccm4, libEGL.so.1 →
    libegl1, libglib-2.0.so.0 → libglib2.0-0."""
    names: list[str] = []
    for library in libraries:
        base, _, version = library.partition(".so.")
        version = version.split(".")[0]
        name = DEBIAN_NAMES.get(base) or (f"{base}-{version}" if base[-1:].isdigit() else f"{base}{version}")
        if name.lower() not in names:
            names.append(name.lower())
    return names


def missing_library_words(error: BaseException) -> str | None:
    """A system library Qt needs and could not load (an ImportError of PySide6 naming a missing
    shared object), said in a line with what to install; None for any other error."""
    text = str(error)
    if "cannot open shared object file" not in text:
        return None
    library = text.split(":", 1)[0].strip()
    return _(
        "Qt cannot start: the system library {library} is missing. On Debian or Ubuntu: "
        "sudo apt install {packages} (a desktop has it; a bare system may not)"
    ).format(library=library, packages=" ".join(debian_packages([library])))


def display_problem() -> str | None:
    """A sentence saying why the window cannot open here, or None when it should open."""
    if sys.platform != "linux" or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        return _(
            "there is no screen to open the window on (DISPLAY is not set); run it from a desktop "
            "session, or use the command-line commands (campaign-manager --help)"
        )
    if os.environ.get("WAYLAND_DISPLAY"):
        return None
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.exists() or shutil.which("ldd") is None:
        return None
    env = dict(os.environ)
    bundled = getattr(sys, "_MEIPASS", None)  # the one-folder app: its own copies of libraries count
    if bundled:
        env["LD_LIBRARY_PATH"] = os.pathsep.join(filter(None, [bundled, env.get("LD_LIBRARY_PATH")]))
    done = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, env=env)
    missing = missing_from_ldd(done.stdout)
    if not missing:
        return None
    return _(
        "the window needs system libraries that are missing: {libraries}. "
        "On Debian or Ubuntu: sudo apt install {packages}"
    ).format(libraries=", ".join(missing), packages=" ".join(debian_packages([*missing, "libxcb-cursor.so.0"])))
