"""The app's settings, declared once with their types and defaults (read through QSettings)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtGui import QGuiApplication, QIcon

from campaign_manager.paths import APPLICATION, DESKTOP_NAME, ORGANISATION, icon_files


@dataclass(frozen=True)
class Setting:
    key: str
    default: str


LAST_CAMPAIGN = Setting("campaign/last_file", "")
RECENT_CAMPAIGNS = Setting("campaign/recent_files", "")  # newest first, one path a line
RECENT_LIMIT = 8


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


def remember_campaign(path: Path) -> None:
    """The campaign just opened becomes the last one and heads the recent list."""
    text = str(path)
    write(LAST_CAMPAIGN, text)
    recent = [text, *(p for p in recent_campaigns() if p != text)][:RECENT_LIMIT]
    write(RECENT_CAMPAIGNS, "\n".join(recent))


def read(setting: Setting) -> str:
    value = QSettings().value(setting.key, setting.default)
    return str(value) if value is not None else setting.default


def write(setting: Setting, value: str) -> None:
    QSettings().setValue(setting.key, value)


def default_campaign_path() -> Path:
    """Where the bundled campaign is kept when the app is started with no file."""
    folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "firestorm-greece.campaign"
