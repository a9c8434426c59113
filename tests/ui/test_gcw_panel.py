"""Drive the Greek Civil War panel once, as a player at the counter would: resolve attacks,
keep a tracker, close the panel, open the file again and find the game where it was."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from campaign_manager.dice import ScriptedRoller
from campaign_manager.ui.assist import make_panel
from campaign_manager.ui.assist.gcw_panel import Panel

OWNER = """
[regions]
[[regions.rows]]
name = "Arkadia"
kind = "R"
dse = 1
government = 2
"""


def click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def said_by(panel, button) -> str:
    """The refusal said at the foot of the tracker page holding `button` (beside it), checking
    the panel's foot says nothing."""
    assert panel.ui.messageLabel.text() == ""
    page = button.parentWidget()
    while page.findChild(QLabel, "refusalLine") is None:
        page = page.parentWidget()
    return page.findChild(QLabel, "refusalLine").text()


@pytest.fixture
def owner_file(tmp_path):
    path = tmp_path / "owner.toml"
    path.write_text(OWNER, encoding="utf-8")
    return path


def open_panel(qtbot, game_file, owner_file, dice=()):
    panel = Panel(
        roller=ScriptedRoller(dice),
        choose_new_file=lambda: game_file,
        choose_open_file=lambda: game_file,
        owner_file=owner_file,
    )
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


# the offscreen platform warns that it cannot pass size hints on when a window is shown
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_conflict_tab_resolves_and_refuses(qtbot, qtmodeltester, tmp_path, owner_file):
    panel = open_panel(qtbot, tmp_path / "game.gcw", owner_file, dice=[6])
    conflict = panel.conflict.ui
    conflict.attackerSpin.setValue(9)
    conflict.defenderSpin.setValue(6)
    conflict.defendingUnitsSpin.setValue(3)
    conflict.dieEdit.setText("4")
    click(qtbot, conflict.resolveButton)
    assert conflict.resultLabel.text().startswith("50%D(-1)")  # Open 1:1, die 4
    assert "2 of 3" in conflict.explanationLabel.text()

    conflict.dieEdit.setText("7")
    click(qtbot, conflict.resolveButton)
    assert conflict.previewLabel.text() == "conflict die: a d6 cannot show 7 (it shows 1 to 6)"  # by the button
    assert conflict.resultLabel.text() == ""

    conflict.tableCombo.setCurrentIndex(conflict.tableCombo.findData("infrastructure"))
    assert not conflict.airstrikeCombo.isEnabled()  # 11.4: never on this table
    conflict.attackerBuysCheck.setChecked(True)
    conflict.dieEdit.clear()  # the app rolls the scripted 6; +1 stays 6
    click(qtbot, conflict.resolveButton)
    assert panel.ui.messageLabel.text() == ""
    assert conflict.resultLabel.text().startswith("50%D(-1)")  # Infrastructure 1:1, die 6
    assert "pays 4 PP" in conflict.stepsLabel.text()
    qtmodeltester.check(panel.conflict.model)
    kept = panel.results.kept.entries()  # both results on the evening's record, the refusal not
    assert [e.dice_words() for e in kept] == ["conflict die 4 (typed)", "conflict die 6 (rolled by the app)"]
    assert panel.results.model.stringList()[1].startswith("2. Conflict: 50%D(-1)")


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_tracker_survives_closing_and_reopening_its_file(qtbot, qtmodeltester, tmp_path, owner_file):
    game_file = tmp_path / "game.gcw"
    panel = open_panel(qtbot, game_file, owner_file)
    tracker = panel.tracker.ui
    assert not tracker.actionsBox.isEnabled()
    click(qtbot, tracker.newButton)
    assert game_file.exists() and tracker.actionsBox.isEnabled()

    click(qtbot, tracker.doctrineButton)
    click(qtbot, tracker.nextTurnButton)
    click(qtbot, tracker.nextTurnButton)
    tracker.mobSideCombo.setCurrentIndex(tracker.mobSideCombo.findData("government"))
    click(qtbot, tracker.mobilizeButton)  # a resettlement opens the Government's Mobilization Phase (16.5)
    tracker.markerRegionCombo.setEditText("Evritania")
    tracker.resettleDieEdit.setText("3")
    click(qtbot, tracker.resettleButton)
    assert panel.ui.messageLabel.text() == ""
    assert tracker.controlRegionCombo.findText("Arkadia") >= 0  # from the owner's region chart
    tracker.controlSideCombo.setCurrentIndex(tracker.controlSideCombo.findData("government"))
    tracker.controlRegionCombo.setEditText("Arkadia")
    click(qtbot, tracker.controlButton)  # 2 points, read from the chart
    assert tracker.indicesLabel.text() == "Government 59   ·   DSE 53"

    tracker.politicsDiceEdit.setText("3 4 6 2")
    click(qtbot, tracker.fromTableButton)  # the owner has not copied the Politics Table yet
    assert "Politics Table is not filled in for 2d6 = 7" in said_by(panel, tracker.fromTableButton)

    tracker.markerRegionCombo.setEditText("Evritania")
    click(qtbot, tracker.placeTerrorButton)  # resettling already placed one
    assert "already has a Terror marker" in said_by(panel, tracker.placeTerrorButton)
    panel.close()

    again = open_panel(qtbot, game_file, owner_file)
    tracker = again.tracker.ui
    click(qtbot, tracker.openButton)
    assert again.ui.messageLabel.text() == ""
    assert tracker.indicesLabel.text() == "Government 59   ·   DSE 53"
    assert "Evritania" in tracker.markersLabel.text()
    assert again.tracker.history.rowCount() == 6  # doctrine, two turns, the phase, resettlement, control
    click(qtbot, tracker.undoButton)
    assert tracker.indicesLabel.text() == "Government 57   ·   DSE 53"
    assert tracker.redoButton.isEnabled()
    qtmodeltester.check(again.charts.models["regions"])


def test_make_panel_builds_this_panel(qtbot):
    panel = make_panel("gcw")
    qtbot.addWidget(panel)
    assert isinstance(panel, Panel) and panel.ui.tabs.count() == 4  # with the results


def resolve_and_record(qtbot, conflict, die: str, region: str) -> None:
    """A 6 against 6 conflict resolved with a typed die, then recorded in the tracker for a region."""
    conflict.attackerSpin.setValue(6)
    conflict.defenderSpin.setValue(6)
    conflict.dieEdit.setText(die)
    click(qtbot, conflict.resolveButton)
    conflict.regionEdit.setText(region)
    click(qtbot, conflict.recordButton)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_resolved_conflict_is_recorded_in_the_tracker_in_one_step(qtbot, tmp_path, owner_file):
    panel = open_panel(qtbot, tmp_path / "game.gcw", owner_file)
    panel.tracker.new_tracker()
    conflict = panel.conflict.ui
    assert not conflict.recordButton.isEnabled(), "nothing resolved yet"
    conflict.tableCombo.setCurrentIndex(conflict.tableCombo.findData("infrastructure"))
    resolve_and_record(qtbot, conflict, die="5", region="Larissa")
    # refused in the line just above Record (not at the panel's foot), and how to mend it said
    assert "say who attacks" in conflict.previewLabel.text(), "the attacker is not guessed"
    assert "resolve the attack again" in conflict.previewLabel.text() and panel.ui.messageLabel.text() == ""
    assert panel.tracker.game.state.history == [], "nothing recorded"
    conflict.sideCombo.setCurrentIndex(conflict.sideCombo.findData("dse"))
    conflict.attackerBuysCheck.setChecked(True)  # the DSE attacker pays 4 PP at 1:1 (11.6)
    click(qtbot, conflict.resolveButton)
    conflict.regionEdit.clear()
    click(qtbot, conflict.recordButton)
    assert "say in which region" in conflict.previewLabel.text()
    conflict.regionEdit.setText("Larissa")
    assert "say in which region" not in conflict.previewLabel.text(), "mended: the refusal goes"
    click(qtbot, conflict.recordButton)
    state = panel.tracker.game.state
    assert state.pi["dse"] == 50 - 4
    assert "Conflict in Larissa" in state.history[-1]


def test_airstrikes_bought_in_the_tracker_are_shown_and_spent_by_a_recorded_conflict(qtbot, tmp_path, owner_file):
    panel = open_panel(qtbot, tmp_path / "game.gcw", owner_file)
    panel.tracker.new_tracker()
    tracker = panel.tracker.ui
    click(qtbot, tracker.airstrikesButton)
    assert "11.4" in said_by(panel, tracker.airstrikesButton), "bought only in the Government's Mobilization Phase"
    for action in (
        {"type": "doctrine", "doctrine": "area", "duration": 3},
        {"type": "next_turn"},
        {"type": "next_turn"},
        {"type": "mobilization", "side": "government"},
    ):
        panel.tracker.record(lambda _ui, action=action: action)
    tracker.airstrikesSpin.setValue(2)
    click(qtbot, tracker.airstrikesButton)
    assert "Airstrikes: 2 available, 0 spent this turn" in tracker.markersLabel.text()
    conflict = panel.conflict.ui
    conflict.airstrikeCombo.setCurrentIndex(conflict.airstrikeCombo.findData("attack"))
    resolve_and_record(qtbot, conflict, die="3", region="Arkadia")
    assert "Airstrikes: 1 available, 1 spent this turn" in tracker.markersLabel.text()
    assert "an Airstrike expended" in panel.tracker.game.state.history[-1]


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_recording_a_conflict_with_no_tracker_open_says_where_to_open_one(qtbot, tmp_path, owner_file):
    """Record in the tracker, pressed on the Conflict tab with no tracker open, names the tab
    where one is started or opened (the Conflict tab has no such button)."""
    panel = open_panel(qtbot, tmp_path / "game.gcw", owner_file)
    panel.conflict.ui.sideCombo.setCurrentIndex(panel.conflict.ui.sideCombo.findData("dse"))
    resolve_and_record(qtbot, panel.conflict.ui, "4", "Grammos")
    assert "on the Political Index tracker tab" in panel.conflict.ui.previewLabel.text()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_tracker_open_when_the_panel_closed_is_open_again_with_it(qtbot, tmp_path, owner_file):
    """Closing the module's tab and opening it again (or the app, the next evening) shows the
    tracker that was open, not 'No tracker open'; a tracker file gone since is passed over."""
    game = tmp_path / "andartes.gcw"
    panel = open_panel(qtbot, game, owner_file)
    click(qtbot, panel.tracker.ui.newButton)
    panel.close()
    again = open_panel(qtbot, tmp_path / "unused.gcw", owner_file)
    assert again.tracker.game is not None and again.tracker.game.path == game
    again.close()
    game.unlink()
    third = open_panel(qtbot, tmp_path / "unused.gcw", owner_file)
    assert third.tracker.game is None and third.ui.messageLabel.text() == ""


def test_the_result_line_names_the_airstrike_shift():
    from campaign_manager.assist.gcw.conflict import ConflictRequest, resolve
    from campaign_manager.ui.assist.gcw_conflict_tab import result_line

    # 3 against 2: 1:1 (fraction dropped, 11.2); the airstrike moves one column right (11.4)
    outcome = resolve(ConflictRequest(3, 2, "open", die=4, airstrike="attack"))
    assert "column 1:1 → 2:1 by the airstrike" in result_line(outcome)
    assert "airstrike" not in result_line(resolve(ConflictRequest(3, 2, "open", die=4)))


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_strength_past_the_counter_mix_is_refused_with_the_bound(qtbot, tmp_path, owner_file):
    panel = open_panel(qtbot, tmp_path / "game.gcw", owner_file)
    conflict = panel.conflict.ui
    most = panel.conflict.charts.strength_most
    conflict.attackerSpin.setValue(most + 5)
    assert conflict.attackerSpin.value() == most + 5  # kept as typed, not cut to fit
    conflict.defenderSpin.setValue(3)
    conflict.dieEdit.setText("4")
    click(qtbot, conflict.resolveButton)
    assert f"({most})" in conflict.previewLabel.text() and conflict.resultLabel.text() == ""


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_tracker_count_past_its_bound_is_refused_not_cut(qtbot, tmp_path, owner_file):
    panel = open_panel(qtbot, tmp_path / "game.gcw", owner_file)
    panel.tracker.new_tracker()
    tracker = panel.tracker.ui
    tracker.tightRegionsSpin.setValue(9)  # the book names 4 Tight Defense regions (16.3)
    assert tracker.tightRegionsSpin.value() == 9
    click(qtbot, tracker.penaltiesButton)
    refused = said_by(panel, tracker.penaltiesButton)
    assert "at most 4, not 9" in refused and refused.startswith("Rule 16.3: regions without their Tight Defense")
    tracker.tightRegionsSpin.setValue(2)  # mended: the refusal goes
    assert said_by(panel, tracker.penaltiesButton) == ""
    assert panel.tracker.game.state.history == []


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_conflicts_region_box_offers_the_owners_regions(qtbot, tmp_path, owner_file):
    panel = open_panel(qtbot, tmp_path / "game.gcw", owner_file)
    completer = panel.conflict.ui.regionEdit.completer()
    assert completer is not None
    completer.setCompletionPrefix("ark")  # typed in any case
    assert completer.currentCompletion() == "Arkadia"
