"""Where the app's data lives: scenario and table files, and Qt Designer forms."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
SCENARIOS = RESOURCES / "scenarios"
ASSIST_TABLES = RESOURCES / "assist"
FORMS = ROOT / "forms"

# The app's name for its data folder; the window gives Qt the same (ui/settings.py).
ORGANISATION = "Firestorm"
APPLICATION = "Firestorm Campaign Manager"


def app_data_folder() -> Path:
    """Where the app keeps its data, found without Qt: what Qt's AppDataLocation gives on Linux,
    `$XDG_DATA_HOME/Firestorm/Firestorm Campaign Manager` (~/.local/share/...)."""
    import os

    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / ORGANISATION / APPLICATION


def app_cache_folder() -> Path:
    """Where the app keeps what it can always make again (checked scenarios, for a quick start):
    `$FIRESTORM_CACHE_DIR`, else `$XDG_CACHE_HOME/Firestorm/Firestorm Campaign Manager` (~/.cache/...)."""
    import os

    if os.environ.get("FIRESTORM_CACHE_DIR"):
        return Path(os.environ["FIRESTORM_CACHE_DIR"])
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / ORGANISATION / APPLICATION
