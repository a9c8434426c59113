"""Qt test set-up: settings go to a temporary folder, never the user's own."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, qapp):
    QStandardPaths.setTestModeEnabled(True)
    QCoreApplication.setOrganizationName("Firestorm Campaign Manager tests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield
    QSettings().clear()
