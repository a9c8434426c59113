"""A refusal in an assist panel reads in light and dark (the app's error colour, measured on the
painted label), stands under the button that was pressed and goes when the box is mended."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QSpinBox

from campaign_manager.dice import ScriptedRoller
from campaign_manager.ui import ink
from campaign_manager.ui.assist.opa_panel import Panel
from campaign_manager.ui.assist.refusals import LiftedTicks, bound_by_engine


@pytest.fixture(params=["light", "dark"])
def palette(request, qapp):
    style_before, palette_before = qapp.style().name(), qapp.palette()
    qapp.setStyle("Fusion")
    qapp.setPalette(ink.dark_palette() if request.param == "dark" else qapp.style().standardPalette())
    yield request.param
    qapp.setPalette(palette_before)
    qapp.setStyle(style_before)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_refusal_reads_on_the_palette_and_goes_when_mended(qtbot, palette):
    panel = Panel(roller=ScriptedRoller([]))
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    panel.ui.tabs.setCurrentWidget(panel.morale.page)
    morale = panel.morale.ui
    morale.reactionDie.setText("7")
    qtbot.mouseClick(morale.reactionButton, Qt.MouseButton.LeftButton)
    label = morale.reactionResult
    assert "cannot show 7" in label.text()
    ground = label.palette().color(QPalette.ColorRole.Window)
    assert ink.is_dark(ground) == (palette == "dark")
    qtbot.waitUntil(lambda: label.isVisible() and label.width() > 0, timeout=2000)
    image = label.grab().toImage()
    pixels = [image.pixelColor(x, y) for y in range(image.height()) for x in range(image.width())]
    common = QColor(Counter(p.name() for p in pixels).most_common(1)[0][0])
    assert max(ink.contrast(common, p) for p in pixels) >= ink.TEXT_CONTRAST
    said = QColor(label.styleSheet().split("color:")[1].split(";")[0].strip())
    assert ink.contrast(said, ground) >= ink.TEXT_CONTRAST
    morale.reactionDie.setText("5")
    assert label.text() == "" and label.styleSheet() == ""
    # an unticked box stands out from the window (it all but vanished under a dark palette)
    box = morale.reactionShaken.palette().color(QPalette.ColorRole.Base)
    assert ink.contrast(box, ground) >= 3.0 or palette == "light"
    ticks = panel.movement.ui.penaltyList.itemDelegate()  # a list of ticks: its boxes too
    assert isinstance(ticks, LiftedTicks) == (palette == "dark")


def test_a_bound_box_lets_a_number_past_its_limit_through_to_the_check(qtbot):
    box = QSpinBox()
    qtbot.addWidget(box)
    bound_by_engine(box, 15)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "95")
    assert box.value() == 95 and box.toolTip() == "At most 15."
    bound_by_engine(box, 9, -9)
    assert box.minimum() < -9 and "From -9 to 9." in box.toolTip()


def test_undo_on_an_assist_tab_names_the_game_files_last_action(tmp_path):
    from campaign_manager.assist.agt.game import AgtGame
    from campaign_manager.assist.results import make_result
    from campaign_manager.ui.assist.results_box import KeptResults

    game = AgtGame.create(tmp_path / "evening.agt", "historical")
    kept = KeptResults(lambda: game, game.record)
    game.record({"type": "turn", "month": "nov", "italian": ["XXV"], "greek": ["A"]})
    assert kept.undo_title() == "the game's last action (turn)" and not kept.can_undo()  # not the box's
    kept.add(make_result("Cohesion", "no effect"))
    assert kept.undo_title() == "the result “Cohesion”" and kept.can_undo()
    kept.undo_any()
    kept.undo_any()  # Edit ▸ Undo goes on into the cup's own actions
    assert game.records == [] and kept.redo_title() == "the game's next action (turn)"
    game.close()
