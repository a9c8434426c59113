"""The battle wizard opens beside the map and on the screen, never over the areas it asks you to
click: where there is no room beside the map it covers the map's far side and the map is drawn
whole in the rest (until the wizard closes)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QDialog

from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.map.beside import beside, covered_width
from tests.shared import FULL_CAMPAIGN

TURN_FOUR = [a for turn in ("turn 1", "turn 2", "turn 3") for a in FULL_CAMPAIGN[turn]] + FULL_CAMPAIGN["turn 4"][:5]


def test_the_place_beside_the_map():
    screen = QRect(0, 0, 1920, 1080)
    size = QSize(640, 520)
    roomy = beside(size, QRect(0, 30, 800, 700), screen)
    assert roomy == QRect(808, 30, 640, 520), "to the map's right, level with its top"
    left = beside(size, QRect(1000, 30, 900, 700), screen)
    assert left.right() < 1000 and left.left() >= 0, "no room on its right: on its left"
    tight = beside(size, QRect(0, 0, 1000, 700), QRect(0, 0, 1280, 800))
    assert tight == QRect(640, 0, 640, 520) and covered_width(tight, QRect(0, 0, 1000, 700)) == 360
    small = beside(size, QRect(0, 0, 500, 500), QRect(0, 0, 600, 400))
    assert QRect(0, 0, 600, 400).contains(small), "never off the screen: smaller if the screen is"


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1024, 700)])
def test_the_wizard_leaves_every_area_of_the_map_in_sight(open_window, qtbot, width, height):
    window = open_window(TURN_FOUR)
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width)
    view = window.map_view
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    wizard = window.battle_menu.wizard
    qtbot.waitExposed(wizard)
    placed = wizard.frameGeometry()
    assert window.frameGeometry().contains(placed) or window.screen().availableGeometry().contains(placed)
    for code, area in view.map_scene.areas.items():
        on_screen = view.mapFromScene(area.sceneBoundingRect()).boundingRect()
        shown = QRect(view.viewport().mapToGlobal(on_screen.topLeft()), on_screen.size())
        assert view.viewport().rect().contains(on_screen), f"{code} is out of the map's view"
        assert not shown.intersects(placed), f"the wizard covers {code}"
    wizard.done(QDialog.DialogCode.Rejected)
    whole = view.mapFromScene(view.map_scene.sceneRect()).boundingRect()
    middle = view.viewport().rect().center()
    assert abs(whole.center().x() - middle.x()) <= 2, "the wizard closed: the map is centred in its view again"
    assert whole.width() >= view.viewport().width() - 8 or whole.height() >= view.viewport().height() - 8
