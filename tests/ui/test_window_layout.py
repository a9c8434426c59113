"""The window remembers its size, place and split, and always comes back on a screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from PySide6.QtCore import QRect, QSize

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui import settings
from campaign_manager.ui.window_layout import LARGEST_FIRST, first_size, on_a_screen


def test_the_first_window_takes_most_of_the_screen_and_no_more():
    assert first_size(QRect(0, 0, 1366, 728)) == QSize(1161, 618)
    assert first_size(QRect(0, 0, 3840, 2100)) == LARGEST_FIRST  # capped on a very large screen
    assert first_size(QRect(0, 0, 640, 400)) == QSize(544, 340)


def test_a_window_on_a_screen_that_is_gone_comes_back_on_the_primary_one():
    primary = QRect(0, 0, 1920, 1040)
    second = QRect(1920, 0, 1280, 1024)
    # saved on the second screen, which is still there: left where it was
    assert on_a_screen(QRect(2100, 100, 900, 600), [primary, second], primary) is None
    # saved there, the second screen now unplugged: centred on the primary screen
    assert on_a_screen(QRect(2100, 100, 900, 600), [primary], primary).toTuple() == (510, 220)
    # title bar above the top of every screen: unreachable, moved
    assert on_a_screen(QRect(100, -300, 900, 600), [primary], primary) is not None
    # only a sliver of the title bar at the edge: moved; half the window showing: kept
    assert on_a_screen(QRect(1900, 100, 900, 600), [primary], primary) is not None
    assert on_a_screen(QRect(1500, 100, 900, 600), [primary], primary) is None


def _campaign(tmp_path):
    path = tmp_path / "kept.campaign"
    CampaignFile.create(path, name="Kept").close()
    return path


def test_size_place_and_split_come_back_after_a_restart(make_window, tmp_path, qtbot):
    path = _campaign(tmp_path)
    first = make_window(path)
    first.resize(700, 520)
    first.move(30, 40)
    first.view.setSizes([200, 480])
    sizes = first.view.sizes()
    qtbot.waitUntil(lambda: first.pos().toTuple() == (30, 40), timeout=2000)
    first.close()
    assert settings.read(settings.WINDOW_GEOMETRY)  # saved on closing

    again = make_window(path)
    assert again.size() == QSize(700, 520)
    assert again.pos().toTuple() == (30, 40)
    assert again.view.sizes() == sizes


def test_a_saved_place_off_every_screen_is_moved_onto_the_primary_screen(make_window, tmp_path, qtbot, qapp):
    path = _campaign(tmp_path)
    first = make_window(path)
    first.resize(600, 400)
    first.move(6000, 4000)  # where a screen was
    qtbot.waitUntil(lambda: first.pos().x() == 6000, timeout=2000)
    first.close()

    again = make_window(path)
    screen = qapp.primaryScreen().availableGeometry()
    assert screen.contains(again.frameGeometry().topLeft())
    assert on_a_screen(again.frameGeometry(), [screen], screen) is None


def test_a_plan_window_or_a_test_window_leaves_the_saved_layout_alone(make_window, tmp_path):
    path = _campaign(tmp_path)
    make_window(path, remember=False).close()
    assert settings.read(settings.WINDOW_GEOMETRY) == b""


def test_the_first_window_fits_the_screen_at_a_scale_factor_of_2(tmp_path):
    """At a device-pixel ratio of 2 the screen holds half the pixels a window is measured in: the
    first window must still fit inside it (a fixed 1200x760 did not)."""
    script = (
        "import json\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from campaign_manager.ui.main_window import MainWindow\n"
        "window = MainWindow(remember=False)\n"
        "window.show(); app.processEvents()\n"
        "screen = window.screen()\n"
        "print(json.dumps({'ratio': screen.devicePixelRatio(), 'screen': screen.availableGeometry().getRect(),"
        " 'window': window.frameGeometry().getRect()}))\n"
        "window.close()\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["ratio"] == 2.0
    sx, sy, sw, sh = seen["screen"]
    wx, wy, ww, wh = seen["window"]
    assert sx <= wx and sy <= wy and wx + ww <= sx + sw and wy + wh <= sy + sh
