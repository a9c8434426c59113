"""The app's settings, declared once with their types and defaults (read through QSettings)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths


@dataclass(frozen=True)
class Setting:
    key: str
    default: str


LAST_CAMPAIGN = Setting("campaign/last_file", "")


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
