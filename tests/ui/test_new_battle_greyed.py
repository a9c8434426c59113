"""Battle ▸ New battle greyed out says why when its keys (Ctrl+B) are pressed, for every reason it
can be greyed: no campaign open, no turn under way (before turn 1, between turns), the campaign
read-only; never just "cannot be used now"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN


def _press_ctrl_b(window, qtbot) -> str:
    window.activateWindow()
    window.map_view.setFocus()
    qtbot.waitUntil(window.map_view.hasFocus, timeout=2000)
    window.statusBar().clearMessage()
    assert not window.menu_actions[MenuAction.NEW_BATTLE].isEnabled()
    qtbot.keyClick(window.map_view, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    return window.statusBar().currentMessage()


@pytest.mark.parametrize(
    ("actions", "said"),
    [
        (
            [],
            "New battle: Rule 1.1: battles are fought during a turn, and the campaign has not begun: "
            "turn 1 is to start (Turn ▸ Start the next turn)",
        ),
        (
            FULL_CAMPAIGN["turn 1"],
            "New battle: Rule 1.1: battles are fought during a turn, and turn 1 has ended: "
            "turn 2 is to start (Turn ▸ Start the next turn)",
        ),
    ],
    ids=["before turn 1", "between turns"],
)
def test_no_turn_under_way(open_window, qtbot, actions, said):
    window = open_window(actions)
    assert _press_ctrl_b(window, qtbot) == said
    assert not window.battle_menu.wizard, "no wizard opened"


def test_a_read_only_campaign(make_window, tmp_path, qtbot):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as campaign:
        campaign.apply(campaign.read_actions([{"type": "start_turn"}]))
    window = make_window(remember=False)
    window.session.open(path, readonly=True)
    assert window.session.read_only and window.session.state.turn == 1
    said = _press_ctrl_b(window, qtbot)
    assert said == (
        f"New battle: {path} is open read-only: nothing can be recorded in it (File ▸ Save a copy to carry on)"
    )


def test_no_campaign_open(make_window, qtbot):
    window = make_window(remember=False)
    assert not window.session.is_open
    assert _press_ctrl_b(window, qtbot) == (
        "New battle: no campaign is open: open one (File ▸ Open campaign) or make one (File ▸ New campaign)"
    )
