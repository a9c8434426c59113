"""The core finds the app's data folder (for the user's scenarios) where Qt puts the window's."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

from campaign_manager.paths import app_data_folder
from campaign_manager.scenario.loader import user_scenarios
from campaign_manager.ui import settings


def test_the_core_data_folder_is_the_windows(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    settings.apply_identity(qapp)
    QStandardPaths.setTestModeEnabled(False)  # the real location, under the temporary XDG_DATA_HOME
    try:
        qt = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    finally:
        QStandardPaths.setTestModeEnabled(True)
    assert qt.is_relative_to(tmp_path)
    assert app_data_folder() == qt
    assert user_scenarios() == qt / "scenarios"
