"""The core finds the app's data folder (for the user's scenarios) where Qt puts the window's, and
the window offers it first for every new campaign file (not the folder the program started in)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

from campaign_manager.paths import app_data_folder
from campaign_manager.scenario.loader import user_scenarios
from campaign_manager.ui import settings


def test_the_core_data_folder_is_the_windows(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    settings.apply_identity(qapp)
    qt = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    assert qt.is_relative_to(tmp_path)
    assert app_data_folder() == qt
    assert user_scenarios() == qt / "scenarios"


def _save_dialog(monkeypatch, tmp_path) -> list[str]:
    """The save dialog replaced by one that notes where it opens and takes the name offered."""
    from PySide6.QtWidgets import QFileDialog

    opened_at: list[str] = []

    def get_save_file_name(parent, title, suggested, filters):
        opened_at.append(suggested)
        return suggested, filters

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", get_save_file_name)
    return opened_at


def test_a_new_general_s_wargame_is_offered_the_data_folder(open_window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QInputDialog

    opened_at = _save_dialog(monkeypatch, tmp_path)
    monkeypatch.setattr(
        QInputDialog, "getItem", lambda parent, title, label, items, current, editable: (items[1], True)
    )
    window = open_window()
    window.wargame_actions.new_wargame()
    assert opened_at == [str(app_data_folder() / "wargame.campaign")]
    assert app_data_folder().is_relative_to(tmp_path)
    assert window.campaign.path == app_data_folder() / "wargame.campaign"
    assert window.campaign.computer_side == "allied"


def test_a_new_campaign_is_offered_the_data_folder(open_window, monkeypatch, tmp_path):
    opened_at = _save_dialog(monkeypatch, tmp_path)
    window = open_window(choose_scenario=lambda parent, names: "firestorm-greece")
    window.file_menu.new_campaign()
    assert opened_at == [str(app_data_folder() / "new.campaign")]
    assert window.campaign.path == app_data_folder() / "new.campaign"
