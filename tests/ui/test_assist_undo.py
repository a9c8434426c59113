"""Edit ▸ Undo and Redo (Ctrl+Z, Ctrl+Shift+Z) act on the assist game whose tab is shown, and
say so; on the campaign's own tabs they are the campaign's, untouched."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN


# the offscreen platform warns that it cannot pass size hints on when a window is shown
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_undo_takes_back_the_shown_assist_games_result_and_leaves_the_campaigns(open_window, qtbot):
    window = open_window(FULL_CAMPAIGN["turn 1"])
    campaign_undo = window.menu_actions[MenuAction.UNDO].text()
    assert campaign_undo.startswith("&Undo ")  # the campaign's last action, named
    panel = window.open_assist("opa")
    fire = panel.fire.ui
    fire.diceEdit.setText("5,6")
    qtbot.mouseClick(fire.fireButton, Qt.MouseButton.LeftButton)
    undo, redo = window.menu_actions[MenuAction.UNDO], window.menu_actions[MenuAction.REDO]
    assert undo.text() == "&Undo the result “Fire” in Opa Opa" and undo.isEnabled()
    assert undo.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    undo.trigger()
    assert panel.results.model.stringList() == []
    assert redo.text() == "&Redo the result “Fire” in Opa Opa"
    redo.trigger()
    assert len(panel.results.model.stringList()) == 1
    window.tabs.setCurrentIndex(0)  # the map: Undo is the campaign's again, and the result stays
    assert window.menu_actions[MenuAction.UNDO].text() == campaign_undo
    assert len(panel.results.model.stringList()) == 1


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_undo_on_an_assist_tab_with_nothing_left_there_leaves_the_campaign_alone(open_window, qtbot):
    # Ctrl+Z pressed once too often at the table: the results are all taken back, and the
    # campaign's last battle, out of sight behind the assist tab, must not go with them
    window = open_window(FULL_CAMPAIGN["turn 1"])
    actions_before = window.session.log_length()
    campaign_undo = window.menu_actions[MenuAction.UNDO].text()
    panel = window.open_assist("opa")
    fire = panel.fire.ui
    fire.diceEdit.setText("5,6")
    qtbot.mouseClick(fire.fireButton, Qt.MouseButton.LeftButton)
    undo, redo = window.menu_actions[MenuAction.UNDO], window.menu_actions[MenuAction.REDO]
    undo.trigger()
    assert undo.text() == "&Undo" and not undo.isEnabled()
    window.undo()  # Ctrl+Z again, as the shortcut would if it were not greyed out
    assert window.session.log_length() == actions_before
    assert redo.text() == "&Redo the result “Fire” in Opa Opa"
    window.tabs.setCurrentIndex(0)  # the map: the campaign's Undo, as it was
    assert window.menu_actions[MenuAction.UNDO].text() == campaign_undo and undo.isEnabled()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_ctrl_z_on_the_gcw_tracker_takes_back_its_last_action(open_window, qtbot, tmp_path):
    # the issue: Ctrl+Z did nothing in the GCW tracker (Edit ▸ Undo belonged to the campaign)
    window = open_window(FULL_CAMPAIGN["turn 1"])
    actions_before = window.session.log_length()
    panel = window.open_assist("gcw")
    panel.tracker.choose_new_file = lambda: tmp_path / "evening.gcw"
    tracker = panel.tracker.ui
    qtbot.mouseClick(tracker.newButton, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tracker.doctrineButton, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tracker.nextTurnButton, Qt.MouseButton.LeftButton)
    assert panel.tracker.game is not None and len(panel.tracker.game.records) == 2
    undo = window.menu_actions[MenuAction.UNDO]
    assert undo.text().startswith("&Undo the game's last action (") and undo.text().endswith("in The Greek Civil War")
    undo.trigger()  # Ctrl+Z (its shortcut, checked above; the offscreen window is never active)
    assert len(panel.tracker.game.records) == 1 and window.session.log_length() == actions_before
    assert tracker.redoButton.isEnabled()
