"""The window's speed, against floors measured in the same run.

    .venv/bin/python benchmarks/bench_window.py [--repeat 5]

Prints:
- start-to-screenshot: `campaign-manager open FILE --screenshot PNG` on a campaign with 40
  battles and on a new one (no action yet), beside a bare PySide6 window that imports sqlmodel
  and is grabbed the same way (goal for each: at most 1.5x the floor);
- the map's redraw after one action, with 40 battles in the file (goal: under 30 ms), and the
  whole window's refresh (every view of the session) after the same action.
Machines here are noisy: read the ratios, and run it twice before believing a change.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import compile_app, wall_times  # noqa: E402

from campaign_manager.engine.campaign import initial_state  # noqa: E402
from campaign_manager.engine.driver import Question  # noqa: E402
from campaign_manager.engine.playout import random_driver  # noqa: E402
from campaign_manager.scenario import load_scenario  # noqa: E402
from campaign_manager.store.campaign_file import CampaignFile  # noqa: E402

FLOOR = """
import sys, sqlmodel
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication([])
window = QMainWindow()
window.setCentralWidget(QLabel("floor"))
window.resize(1280, 800)
window.show()
app.processEvents()
window.grab().save(sys.argv[1])
"""


def forty_battles() -> list[dict]:
    """A legal log that holds exactly 40 fought battles (seeded random campaigns, cut there)."""
    sc = load_scenario()
    for seed in range(1, 500):
        records, battles = [], 0
        driver, st = random_driver(sc, seed, declines=0.1), initial_state(sc)
        while (applied := driver.step(st)) is not None:
            assert not isinstance(applied, Question), "the random player answers for both sides"
            st = applied.state
            records.append(applied.record)
            if applied.record["type"] == "battle" and ("games" in applied.record or "wargame" in applied.record):
                battles += 1
                if battles == 40:
                    return records
    raise SystemExit("no seeded campaign reached 40 battles")


def timed(command: list[str], repeat: int) -> list[float]:
    return wall_times(command, repeat, dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_LOGGING_RULES="qt.qpa.*=false"))


def line(label: str, times: list[float], floor: float | None = None, goal: float | None = None) -> str:
    median = statistics.median(times)
    text = f"  {label:<46} median {median * 1000:8.1f} ms (best {min(times) * 1000:.1f})"
    if floor:
        ratio = median / floor
        text += f"   ratio {ratio:.2f}x"
        if goal:
            text += "   MEETS the goal" if ratio <= goal else "   MISSES the goal"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-window-"))
    path = folder / "forty.campaign"
    with CampaignFile.create(path, name="Forty battles") as campaign:
        campaign.apply(campaign.read_actions(forty_battles()))

    compile_app()
    print("Start to screenshot (goal: at most 1.5x the floor)")
    floor = timed([sys.executable, "-c", FLOOR, str(folder / "floor.png")], args.repeat)
    app = timed(
        [sys.executable, "-m", "campaign_manager", "open", str(path), "--screenshot", str(folder / "app.png")],
        args.repeat,
    )
    fresh = folder / "new.campaign"
    CampaignFile.create(fresh, name="A new campaign").close()
    new = timed(
        [sys.executable, "-m", "campaign_manager", "open", str(fresh), "--screenshot", str(folder / "new.png")],
        args.repeat,
    )
    print(line("floor: bare PySide6 window + import sqlmodel", floor))
    print(line("open FILE --screenshot (40 battles)", app, statistics.median(floor), 1.5))
    print(line("open FILE --screenshot (a new campaign)", new, statistics.median(floor), 1.5))

    from PySide6.QtWidgets import QApplication

    from campaign_manager.engine.actions import Note
    from campaign_manager.ui.main_window import MainWindow

    qt = QApplication.instance() or QApplication([])
    window = MainWindow(path, remember=False)
    window.resize(1280, 800)
    window.show()
    qt.processEvents()
    redraws, refreshes = [], []
    for index in range(max(args.repeat, 10)):
        window.session.campaign.apply([Note(f"bench {index}")])  # one action, written to the file
        start = time.perf_counter()
        window.map_view.refresh()
        window.map_view.viewport().repaint()
        redraws.append(time.perf_counter() - start)
        start = time.perf_counter()
        window.session.changed.emit()
        qt.processEvents()
        refreshes.append(time.perf_counter() - start)
    print("\nAfter one action, with 40 battles in the file (goal: map redraw under 30 ms)")
    print(
        line("map redraw (scene rebuilt and painted)", redraws)
        + ("   MEETS the goal" if statistics.median(redraws) < 0.030 else "   MISSES the goal")
    )
    print(line("every view of the session refreshed", refreshes))
    window.close()
    window.deleteLater()
    qt.processEvents()


if __name__ == "__main__":
    main()
