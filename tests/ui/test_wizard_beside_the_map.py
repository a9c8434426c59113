"""The battle wizard opens beside the map and on the screen, never over the areas it asks you to
click: where there is no room beside the map it covers the map's far side and the map is drawn
whole in the rest (until the wizard closes)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QSize
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


def test_in_a_narrow_window_the_map_is_not_drawn_in_a_sliver_and_follows_the_wizard(open_window, qtbot):
    """An 800-pixel window: the wizard, against the window's right edge, covers most of the map;
    the map was drawn in the sliver left (a thumbnail a sixth of its size). It stays whole under
    the wizard then; and wherever the user moves the wizard, the map is drawn in what it leaves."""
    window = open_window(TURN_FOUR)
    window.resize(800, 880)
    qtbot.waitUntil(lambda: window.width() == 800)
    view = window.map_view
    full = view.transform().m11()
    window.menu_actions[MenuAction.NEW_BATTLE].trigger()
    wizard = window.battle_menu.wizard
    qtbot.waitExposed(wizard)
    map_rect = QRect(view.mapToGlobal(view.rect().topLeft()), view.size())
    left = view.viewport().width() - covered_width(wizard.frameGeometry(), map_rect)
    assert left < view.viewport().width() / 3, "the case: the wizard leaves the map less than a third"
    assert view.transform().m11() == pytest.approx(full), "the map stays whole, not a thumbnail"
    frame = wizard.frameGeometry()
    wizard.move(wizard.pos() + QPoint(map_rect.right() - frame.left() - map_rect.width() // 4, 0))
    qtbot.waitUntil(lambda: view.transform().m11() < full * 0.95)  # a quarter of the map covered now
    shown = view.mapFromScene(view.map_scene.sceneRect()).boundingRect()
    assert shown.right() <= view.viewport().width() * 3 // 4 + 2, "drawn whole in the part left uncovered"
    wizard.move(wizard.pos() + QPoint(map_rect.width(), 0))  # off the map
    qtbot.waitUntil(lambda: view.transform().m11() == pytest.approx(full))
