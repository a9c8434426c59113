"""Where the app's data lives: its bundled files (scenarios, tables, fonts, icons, Qt Designer
forms) and the user's own folders. The one module that knows.

The bundled files are edited in the checkout's top-level `resources/` and `forms/`; the build
ships them inside the package as `campaign_manager.resources` and `campaign_manager.forms`
(setup.py maps the folders), so they are read the same way from a wheel, an editable install
and the one-folder app: through `importlib.resources`.

The user's folders are where Qt's QStandardPaths puts the window's (AppDataLocation and
CacheLocation for organisation "Firestorm", application "Firestorm Campaign Manager"), found
here without Qt so that the command line finds the same files.
"""

from __future__ import annotations

import os
import sys
from importlib.resources import files
from pathlib import Path

# The app's name for its data folder; the window gives Qt the same (ui/settings.py).
ORGANISATION = "Firestorm"
APPLICATION = "Firestorm Campaign Manager"
DESKTOP_NAME = "campaign-manager"  # the desktop file's name, the icon's and the program's
WINDOW_PROGRAM = "campaign-manager-window"  # the window alone (a gui-script): what a desktop entry starts


def _bundled(package: str) -> Path:
    """The folder of a bundled data package, on the file system (every way the app is installed
    keeps its files unpacked: a zipped install is not supported)."""
    try:
        found = files(package)
    except ModuleNotFoundError:
        raise RuntimeError(
            f"{package} is missing: the app runs from an install (`pip install -e .` in a checkout, "
            "or python3 installer/bootstrap.py app), which ships resources/ and forms/ inside the package"
        ) from None
    if not isinstance(found, Path):
        raise RuntimeError(f"{package} is not on the file system ({found!r}): install the app unzipped")
    return found


RESOURCES = _bundled("campaign_manager.resources")
SCENARIOS = RESOURCES / "scenarios"
ASSIST_TABLES = RESOURCES / "assist"
FONTS = RESOURCES / "fonts"
ICONS = RESOURCES / "icons"
RULES = RESOURCES / "rules"  # the rules the app enforces (docs/rules.md's copy), and its decisions (Help ▸ The rules)
EXAMPLES = RESOURCES / "examples"  # campaigns to explore (exported logs, imported on first use)
FORMS = _bundled("campaign_manager.forms")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)  # the PNGs rendered from the SVG (installer/render_icons.py)


def icon_files() -> list[Path]:
    """The app's icon: one PNG a size, smallest first."""
    return [ICONS / f"{DESKTOP_NAME}-{size}.png" for size in ICON_SIZES]


def linux_desktop_files() -> Path:
    """installer/linux/: the desktop file, the AppStream metainfo and the campaign file's MIME
    type. The wheel and the one-folder app ship them as resources/linux (setup.py maps the
    folder); an editable install reads them in its checkout."""
    shipped = RESOURCES / "linux"
    return shipped if shipped.is_dir() else Path(__file__).resolve().parent.parent / "installer" / "linux"


def _home() -> Path:
    return Path.home()


def app_data_folder(platform: str = sys.platform) -> Path:
    """Where the app keeps its data, as Qt's AppDataLocation gives it for this app:
    Linux (and other Unix) `$XDG_DATA_HOME/Firestorm/Firestorm Campaign Manager`
    (~/.local/share/...); Windows `%APPDATA%\\Firestorm\\Firestorm Campaign Manager`;
    macOS `~/Library/Application Support/Firestorm/Firestorm Campaign Manager`."""
    if platform == "win32":
        base = Path(os.environ.get("APPDATA") or _home() / "AppData" / "Roaming")
    elif platform == "darwin":
        base = _home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or _home() / ".local" / "share")
    return base / ORGANISATION / APPLICATION


def log_folder(platform: str = sys.platform) -> Path:
    """Where the window writes its log (campaign-manager.log, rotated): `logs` in the app's data
    folder, the place a user is asked to look when something went wrong."""
    return app_data_folder(platform) / "logs"


def app_cache_folder(platform: str = sys.platform) -> Path:
    """Where the app keeps what it can always make again (checked scenarios, for a quick start):
    `$FIRESTORM_CACHE_DIR` if set, else where Qt's CacheLocation is for this app:
    Linux `$XDG_CACHE_HOME/Firestorm/Firestorm Campaign Manager` (~/.cache/...);
    Windows `%LOCALAPPDATA%\\Firestorm\\Firestorm Campaign Manager\\cache`;
    macOS `~/Library/Caches/Firestorm/Firestorm Campaign Manager`."""
    if os.environ.get("FIRESTORM_CACHE_DIR"):
        return Path(os.environ["FIRESTORM_CACHE_DIR"])
    if platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or _home() / "AppData" / "Local")
        return base / ORGANISATION / APPLICATION / "cache"
    if platform == "darwin":
        return _home() / "Library" / "Caches" / ORGANISATION / APPLICATION
    base = Path(os.environ.get("XDG_CACHE_HOME") or _home() / ".cache")
    return base / ORGANISATION / APPLICATION
