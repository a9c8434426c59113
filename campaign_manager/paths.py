"""Where the app's data lives: scenario and table files, and Qt Designer forms."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
SCENARIOS = RESOURCES / "scenarios"
ASSIST_TABLES = RESOURCES / "assist"
FORMS = ROOT / "forms"
