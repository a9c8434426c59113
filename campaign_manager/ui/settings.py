"""The app's settings, declared once with their types and defaults (read through QSettings).

Each `Setting` names its key and its default, and the default's type is the setting's type:
`read` gives back that type whatever the settings file holds (an unreadable value reads as the
default), so no caller converts a raw QSettings value.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths
from PySide6.QtGui import QGuiApplication, QIcon

from campaign_manager.paths import APPLICATION, DESKTOP_NAME, ORGANISATION, icon_files
from campaign_manager.store.address import is_server_address, shown

Value = TypeVar("Value", str, bytes, bool)


@dataclass(frozen=True)
class Setting(Generic[Value]):
    """One setting: its key in the settings file and its default (whose type is the setting's)."""

    key: str
    default: Value


LAST_CAMPAIGN = Setting("campaign/last_file", "")
RECENT_CAMPAIGNS = Setting("campaign/recent_files", "")  # newest first, one path a line
RECENT_LIMIT = 8
RECENT_ON_WELCOME = 3  # the welcome page offers the newest three
# The main window as it was closed: QWidget.saveGeometry, QMainWindow.saveState, and the
# map/panel split (QSplitter.saveState); empty until the first close.
WINDOW_GEOMETRY = Setting("window/geometry", b"")
WINDOW_STATE = Setting("window/state", b"")
WINDOW_SPLIT = Setting("window/map_split", b"")
WELCOMED = Setting("window/welcomed", False)  # the welcome page was shown once, on the first start
SHOW_LEGEND = Setting("map/show_legend", False)
# The computer general: "quick" (its rules of thumb) or "careful" (it plays the best few choices of
# each battle out before it chooses: engine/general_lookahead.py)
COMPUTER_GENERAL = Setting("computer/general", "quick")
# The folder a file was last chosen in by a file dialog (a tracker, a sign-up sheet, a scenario...)
LAST_FOLDER = Setting("files/last_folder", "")
# The assist files last open (empty once closed by their own Close button): reopened with the panel
LAST_GCW_TRACKER = Setting("assist/gcw_tracker", "")
LAST_AGT_GAME = Setting("assist/agt_game", "")
# Where each campaign is published for its players, and whether after each battle: JSON, by the
# campaign's file or server address ({"folder": ..., "after_each_battle": ...}); ui/publish_actions.py
PUBLISHED_FOLDERS = Setting("publish/folders", "")
# The window's language, chosen in Edit ▸ Preferences: a catalogue's language code ("de", "en"), or
# empty for the desktop's (i18n's rules); read once, at start (ui/app.py)
LANGUAGE = Setting("window/language", "")


def apply_identity(app: QGuiApplication) -> None:
    """Name the app, so settings and data go to its own folders (not "Unknown Organization"),
    give every window its icon, and tie its windows to its desktop file (campaign-manager.desktop),
    so a desktop shows them under the app's name and icon."""
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    QGuiApplication.setDesktopFileName(DESKTOP_NAME)
    app.setWindowIcon(app_icon())


def app_icon() -> QIcon:
    """The app's icon, from its PNGs (one a size: Qt picks the nearest)."""
    icon = QIcon()
    for path in icon_files():
        icon.addFile(str(path))
    return icon


def recent_campaigns() -> list[str]:
    return [line for line in read(RECENT_CAMPAIGNS).splitlines() if line]


def remember_campaign(path: Path | str) -> None:
    """The campaign just opened becomes the last one and heads the recent list (a shared
    campaign by its address, never with a password: libpq's own files keep those)."""
    text = shown(path if isinstance(path, str) and is_server_address(path) else Path(path).absolute())
    write(LAST_CAMPAIGN, text)
    recent = [text, *(p for p in recent_campaigns() if p != text)][:RECENT_LIMIT]
    write(RECENT_CAMPAIGNS, "\n".join(recent))


def forget_recent_campaigns() -> None:
    """File ▸ Open recent ▸ Clear: the list empties (the last campaign still opens at start)."""
    write(RECENT_CAMPAIGNS, "")


def read(setting: Setting[Value]) -> Value:
    value = QSettings().value(setting.key, setting.default)
    default = setting.default
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        return str(value).lower() in ("true", "1") if value is not None else default
    if isinstance(default, bytes):
        if isinstance(value, QByteArray):
            return bytes(value.data())
        return value if isinstance(value, bytes) else default
    return str(value) if value is not None else default


def write(setting: Setting[Value], value: Value) -> None:
    QSettings().setValue(setting.key, QByteArray(value) if isinstance(value, bytes) else value)


def computer_general() -> str:
    """How the computer general chooses, by the player's preference: "quick" or "careful"."""
    return "careful" if read(COMPUTER_GENERAL) == "careful" else "quick"


def toggle_careful_general() -> None:
    """Battle ▸ Careful computer general: on, off."""
    write(COMPUTER_GENERAL, "quick" if computer_general() == "careful" else "careful")


def bundled_campaign() -> Path | None:
    """The bundled campaign's file, made on first use (None if it cannot be made: the window
    then says no campaign is open, and File ▸ New still works)."""
    from campaign_manager.errors import UserError
    from campaign_manager.store.campaign_file import CampaignFile

    try:
        path = default_campaign_path()
        if not path.exists():
            CampaignFile.create(path, name="Firestorm: Greece").close()
    except (UserError, OSError):
        return None
    return path


def fresh_campaign() -> tuple[Path, Path | None] | None:
    """A campaign of the bundled scenario from its first turn: the bundled campaign's own file
    while nothing is recorded in it, else a file beside it ("firestorm-greece 2.campaign", the
    first number free or still unused), so the campaign under way is never started over. Returns
    the file, and the campaign under way that was left as it is (None when there was none); None
    when no file can be made."""
    from campaign_manager.errors import UserError
    from campaign_manager.store.campaign_file import CampaignFile

    first = bundled_campaign()
    if first is None:
        return None
    if _unused(first):
        return first, None
    number = 2
    while (fresh := first.with_name(f"{first.stem} {number}{first.suffix}")).exists():
        if _unused(fresh):
            return fresh, first
        number += 1
    try:
        CampaignFile.create(fresh, name="Firestorm: Greece").close()
    except (UserError, OSError):
        return None
    return fresh, first


def _unused(path: Path) -> bool:
    """Whether nothing is recorded in the campaign file (one that cannot be read is left alone)."""
    from campaign_manager.errors import UserError
    from campaign_manager.store.campaign_file import CampaignFile

    try:
        with CampaignFile.open(path, readonly=True) as campaign:
            return not campaign.records and campaign.scenario.id == "firestorm-greece"
    except UserError:
        return False


def default_campaign_path() -> Path:
    """Where the bundled campaign is kept when the app is started with no file."""
    folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "firestorm-greece.campaign"


def start_folder() -> str:
    """Where a file dialog opens: the folder a file was last chosen in (while it is there), else
    the app's data folder, where the bundled campaign is kept; never wherever the program
    happened to be started from."""
    last = read(LAST_FOLDER)
    if last and Path(last).is_dir():
        return last
    folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return ""  # the dialog opens wherever the system puts it; the user can still choose
    return str(folder)


def chosen(name: str) -> str:
    """A file's name from a dialog, as it is; its folder is where the next dialog opens."""
    if name:
        write(LAST_FOLDER, str(Path(name).absolute().parent))
    return name
