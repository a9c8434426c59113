"""Try a plan and What if in the window: the real campaign file stays byte-identical, the
playouts run off the window's thread and can be cancelled while the window keeps answering."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.main_window import MainWindow

DATA = json.loads((Path(__file__).parent.parent / "data" / "full_campaign.json").read_text())


@pytest.fixture
def window(qtbot, tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as made:
        made.apply(DATA["turn 1"] + [{"type": "start_turn", "dice": [4]}])
    made = MainWindow(path, remember=False)
    qtbot.addWidget(made)
    made.show()
    yield made
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible() and widget is not made:
            widget.close()
    made.close()


def test_a_plan_is_tried_on_a_scratch_copy_and_the_real_file_is_untouched(window, qtbot):
    real = window.campaign.path
    before = real.read_bytes()
    scratch = window.wargame_actions.try_a_plan()
    assert scratch.windowTitle().startswith("PLAN")
    assert scratch.campaign.path != real and scratch.campaign.records == window.campaign.records
    scratch.map_view.troopDropped.emit("IT-INF-4", "B2")
    scratch.map_view.troopDropped.emit("IT-INF-5", "B1")
    assert len(scratch.campaign.records) == len(window.campaign.records) + 2
    copy_folder = scratch.campaign.path.parent
    scratch.close()
    qtbot.waitUntil(lambda: not copy_folder.exists(), timeout=5000)
    assert real.read_bytes() == before, "the real campaign file is byte-identical"
    assert "IT-INF-4" in window.campaign.state.waiting_zone


def test_what_if_draws_the_results(window):
    dialog = window.wargame_actions.what_if()
    dialog.count.setValue(15)
    dialog.to.setCurrentIndex(dialog.to.findData("end-of-turn"))
    dialog.run(threaded=False)
    assert dialog.answer["playouts"] == 15 and sum(dialog.answer["outcomes"].values()) == 15
    assert sum(count for _, count, _ in dialog.results.bars) == 15
    assert sum(count for _, count, _ in dialog.margins.bars) == 15
    assert "15 playouts" in dialog.summary.text()


def test_what_if_can_be_cancelled_and_the_window_stays_responsive(window, qtbot):
    before = window.campaign.path.read_bytes()
    dialog = window.wargame_actions.what_if()
    dialog.count.setValue(5000)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    dialog.run()
    qtbot.waitUntil(lambda: dialog.progress.value() >= 3, timeout=20000)
    assert len(ticks) >= 2, "the window's event loop keeps running during the playouts"
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: dialog.answer is not None, timeout=20000)
    timer.stop()
    assert 3 <= dialog.answer["playouts"] < 5000
    assert "cancelled early" in dialog.summary.text()
    dialog.worker.wait(5000)
    assert window.campaign.path.read_bytes() == before
