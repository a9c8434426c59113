"""The file dialogs of the assist panels, the sign-up sheet, the scenario file and File ▸ Open
open in the folder a file was last chosen in, else the app's data folder: never wherever the
program happened to be started from (a checkout, a shop's desktop shortcut's folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

from campaign_manager.ui import file_menu
from campaign_manager.ui.assist import agt_panel
from campaign_manager.ui.commanders_view import ask_signups
from campaign_manager.ui.scenario_menu import ask_scenario_file


@pytest.fixture
def dialogs(monkeypatch, tmp_path):
    """Every dialog answers with the next name of `answers`, and says where it opened."""
    opened: list[str] = []
    answers: list[str] = []

    def dialog(parent, title, folder, filters):
        opened.append(folder)
        return answers.pop(0), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    started_in = tmp_path / "where the program was started"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    return opened, answers


def test_a_dialog_opens_in_the_last_folder_chosen_else_the_app_s_own(qtbot, tmp_path, dialogs):
    opened, answers = dialogs
    parent = QWidget()
    qtbot.addWidget(parent)
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    evenings = tmp_path / "evenings"
    evenings.mkdir()

    answers.append(str(evenings / "andartes.agt"))
    assert agt_panel.ask_open_file(parent) == str(evenings / "andartes.agt")
    assert Path(opened[-1]) == Path(data), "the first dialog: the app's data folder, not the start folder"

    answers.extend([str(evenings / "signup.csv"), str(evenings / "mine.toml"), "", str(evenings / "x.campaign")])
    ask_signups(parent, "Import")
    ask_scenario_file(parent, "Edit a scenario file")
    assert agt_panel.ask_new_file(parent) is None  # cancelled: the folder stays
    file_menu.ask_open(parent, "Open")
    assert [Path(folder) for folder in opened[1:]] == [evenings] * 4
    assert all(Path(folder) != Path.cwd() for folder in opened)


def test_the_scenario_question_names_each_scenario_by_its_title_in_a_box_wide_enough(qtbot, tmp_path, monkeypatch):
    """Scenario ▸ Edit a scenario asked in a box so narrow its title read "Edit a... enario", and
    offered file names ("firestorm-greece") where the scenarios have titles."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from campaign_manager.scenario.loader import user_scenarios

    user_scenarios().mkdir(parents=True)
    (user_scenarios() / "broken.toml").write_text("not [toml", encoding="utf-8")
    parent = QWidget()
    qtbot.addWidget(parent)
    box, shown = file_menu.scenario_box(parent, ["firestorm-greece", "veltmark-gap", "broken"], "Edit a scenario")
    qtbot.addWidget(box)
    assert shown == [
        "Firestorm: Greece (firestorm-greece)",
        "Firestorm: The Veltmark Gap (veltmark-gap)",
        "broken — yours",
    ]
    assert box.comboBoxItems() == shown
    assert box.minimumWidth() >= box.fontMetrics().horizontalAdvance("Edit a scenario") + 100


def test_a_new_game_or_tracker_named_bare_gets_its_kind_s_ending(qtbot, tmp_path, dialogs):
    """ "evening" typed in New game is saved as evening.agt (as a tracker gets .gcw): a file with
    no ending was hidden by Open's *.agt filter the next week."""
    from campaign_manager.ui.assist import gcw_panel

    _opened, answers = dialogs
    parent = QWidget()
    qtbot.addWidget(parent)
    answers.extend([str(tmp_path / "evening"), str(tmp_path / "andartes")])
    assert agt_panel.ask_new_file(parent) == str(tmp_path / "evening.agt")
    panel = gcw_panel.Panel()
    qtbot.addWidget(panel)
    assert panel._choose_new() == str(tmp_path / "andartes.gcw")
