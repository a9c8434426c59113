"""Qt test set-up: settings go to a temporary folder, never the user's own."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, qapp, monkeypatch):
    # Each test's own data and cache folders (the bundled campaign, the example, the log), where
    # Qt's AppDataLocation puts them: never the user's, nor a folder another test run shares.
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    QStandardPaths.setTestModeEnabled(False)
    QCoreApplication.setOrganizationName("Firestorm Campaign Manager tests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield
    QSettings().clear()


@pytest.fixture
def open_window(qtbot, tmp_path):
    """Opens main windows (1280x800) on campaign files made from a list of actions, as a shop
    would have them; closes them, and any dialog they left, after the test."""
    from PySide6.QtWidgets import QApplication

    from campaign_manager.store.campaign_file import CampaignFile
    from campaign_manager.ui.main_window import MainWindow

    made: list[MainWindow] = []

    def open_(actions: list[dict] | None = None, name: str = "Shop night", **kwargs) -> MainWindow:
        path = tmp_path / f"shop{len(made) or ''}.campaign"
        with CampaignFile.create(path, name=name) as campaign:
            if actions:
                campaign.apply(campaign.read_actions(actions))
        window = MainWindow(path, remember=False, **kwargs)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield open_
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible() and widget not in made:
            widget.close()
    for window in made:
        window.close()


@pytest.fixture
def make_window(qtbot):
    """Builds main windows on existing files (MainWindow's own arguments); they are closed, and
    their files released, after the test, and none may be left open."""
    from PySide6.QtWidgets import QApplication

    from campaign_manager.ui.main_window import MainWindow

    made = []

    def make(*args, **kwargs):
        window = MainWindow(*args, **kwargs)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()
    leaked = [w for w in QApplication.topLevelWidgets() if w.isVisible() and isinstance(w, MainWindow)]
    assert not leaked, "a main window was left open"


@pytest.fixture
def app_rolls(monkeypatch):
    """The app's dice, given in advance (the window rolls its own: ui/battle/dice.py)."""
    from campaign_manager.ui.battle import dice

    faces: list[int] = []

    class Scripted:
        def randint(self, low: int, high: int) -> int:
            return faces.pop(0)

    monkeypatch.setattr(dice, "_ROLLER", Scripted())
    return faces
