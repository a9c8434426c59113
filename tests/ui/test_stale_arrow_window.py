"""RULES.md 1.4, DECISION (stale arrows), in the window: an arrow placed with its result to come
whose attacker has since lost the area it comes from is not offered to be fought. Resolving it
from the Battle menu says why (the rule and the area) and offers to abandon it; abandoning it
records an `abandon` and nothing else."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN as DATA

TURN_TWO = DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}] + DATA["turn 2"][1:7]
B2_B3_LATER = {
    "type": "battle", "from": "B2", "to": "B3", "initiative_dice": [6, 1],
    "attacker": {"troops": ["IT-INF-3"]}, "defender": {"troops": []},
}  # fmt: skip
B2_FALLS = {
    "type": "battle", "from": "C2", "to": "B2", "initiative_dice": [6, 1],
    "attacker": {"troops": ["GR-INF-2"]}, "defender": {"troops": ["IT-ALPINI"]},
    "games": [{"attacker_vp": 20, "defender_vp": 5}], "destroy_dice": {"GR-INF-2": 1, "IT-ALPINI": 1},
    "retreat_to": "B1", "advance": ["GR-INF-2"],
}  # fmt: skip


def _question(window) -> QMessageBox:
    box = window.findChild(QMessageBox, "staleArrowQuestion")
    assert box is not None and box.isVisible(), "the stale arrow is not asked about"
    return box


def test_a_stale_arrow_is_not_fought_and_abandoning_it_records_only_that(open_window, qtbot):
    window = open_window(TURN_TWO + [B2_B3_LATER, B2_FALLS])
    assert window.campaign.state.control["B2"] == "allied"
    length = len(window.campaign.records)
    [item] = window.menu_actions.submenu(MenuAction.RESOLVE_BATTLE).actions()
    item.trigger()
    assert window.battle_menu.wizard is None, "the wizard opened on an arrow that cannot be fought"
    box = _question(window)
    said = box.text() + " " + box.informativeText()
    assert "1.4" in said and "B2" in said and "abandon" in said.lower()
    assert len(window.campaign.records) == length, "asking changed the campaign"
    [abandon] = [b for b in box.buttons() if b.objectName() == "abandon_the_arrow"]
    abandon.click()
    qtbot.waitUntil(lambda: len(window.campaign.records) == length + 1)
    assert window.campaign.records[-1] == {"type": "abandon", "from": "B2", "to": "B3"}
    assert window.campaign.state.open_arrows == () and window.campaign.state.control["B3"] == "allied"


def test_going_back_from_the_stale_arrow_question_changes_nothing(open_window, qtbot):
    window = open_window(TURN_TWO + [B2_B3_LATER, B2_FALLS])
    length = len(window.campaign.records)
    window.map_view.resolveArrow.emit("B2", "B3")  # a double click on the arrow on the map
    box = _question(window)
    [back] = [b for b in box.buttons() if b.objectName() == "go_back"]
    back.click()
    assert len(window.campaign.records) == length and window.campaign.state.open_arrows
