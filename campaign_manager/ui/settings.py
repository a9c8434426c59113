"""The app's settings, declared once with their types and defaults (read through QSettings)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

from campaign_manager.paths import APPLICATION, ORGANISATION


@dataclass(frozen=True)
class Setting:
    key: str
    default: str


LAST_CAMPAIGN = Setting("campaign/last_file", "")
RECENT_CAMPAIGNS = Setting("campaign/recent_files", "")  # newest first, one path a line
RECENT_LIMIT = 8


def apply_identity(app: QCoreApplication) -> None:
    """Name the app, so settings and data go to its own folders (not "Unknown Organization")."""
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)


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
