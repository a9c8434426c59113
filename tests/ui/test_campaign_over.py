"""Once the campaign is over, the keys for a new battle (Ctrl+B) and the next turn (Ctrl+T) are
not silent: the status bar says why nothing happens, and the campaign's result."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from campaign_manager.engine.state import Phase
from campaign_manager.engine.victory import outcome, victory_points
from campaign_manager.ui.action_registry import plain
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN


@pytest.fixture
def over(open_window, qtbot):
    window = open_window([action for actions in FULL_CAMPAIGN.values() for action in actions])
    assert window.session.state.phase == Phase.FINISHED
    window.activateWindow()
    window.map_view.setFocus()
    qtbot.waitUntil(window.map_view.hasFocus, timeout=2000)
    window.statusBar().clearMessage()
    return window


@pytest.mark.parametrize(("key", "action"), [("B", MenuAction.NEW_BATTLE), ("T", MenuAction.START_TURN)])
def test_a_step_key_after_the_campaign_says_it_is_over(over, qtbot, key, action):
    before = len(over.session.campaign.records)
    qtbot.keyClick(over.map_view, getattr(Qt.Key, f"Key_{key}"), Qt.KeyboardModifier.ControlModifier)
    said = over.statusBar().currentMessage()
    sc, st = over.session.scenario, over.session.state
    result = outcome(sc, st).result
    vp = victory_points(sc, st)
    assert said.startswith(f"{plain(over.menu_actions[action].text())}: the campaign is over after turn 4"), said
    assert result.casefold() in said.casefold(), said
    assert f"{sc.sides['axis']} {vp['axis']} VP" in said and f"{sc.sides['allied']} {vp['allied']} VP" in said
    assert len(over.session.campaign.records) == before, "nothing recorded"
    assert not over.menu_actions[action].isEnabled(), "the menu item stays greyed"


def test_the_read_only_example_says_it_too(make_window, tmp_path, qtbot):
    from campaign_manager.store.example import finished_example

    window = make_window(finished_example(tmp_path), remember=False)
    window.activateWindow()
    window.map_view.setFocus()
    qtbot.waitUntil(window.map_view.hasFocus, timeout=2000)
    qtbot.keyClick(window.map_view, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert window.statusBar().currentMessage().startswith("New battle: the campaign is over after turn 4")


def test_the_keys_do_their_step_while_the_campaign_goes_on(open_window, qtbot):
    window = open_window()
    window.activateWindow()
    window.map_view.setFocus()
    qtbot.waitUntil(window.map_view.hasFocus, timeout=2000)
    started = []
    window.menu_actions[MenuAction.START_TURN].triggered.connect(lambda: started.append(True))
    qtbot.keyClick(window.map_view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert started, "Ctrl+T starts the turn (no second shortcut in the way)"
    assert "campaign is over" not in window.statusBar().currentMessage()
