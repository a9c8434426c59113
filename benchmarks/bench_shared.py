"""A shared campaign's speed: the time of one recorded action on a PostgreSQL server beside the
same action in a campaign file, measured in the same run.

    .venv/bin/python benchmarks/bench_shared.py [--actions 300] [--writers 8]

Starts its own PostgreSQL server (tests/pg_server.py: initdb and pg_ctl from the distribution's
package, in a temporary folder on a loopback port), durable as a real one (every commit flushed
to the disk, like the campaign file's synchronous = FULL). Prints the median and the 95th
percentile of one action (a note, recorded and committed) for: the campaign file; the server
with one writer; the server with `--writers` programs recording at once into one campaign (each
also taking in the others' actions). Meanwhile a window (the app's main window, offscreen) is
open on that campaign: the live refresh is the time from a writer's commit to that window
holding and showing the action (its `changed` handled: map, panels and log redrawn), read on
the wall clock of this one computer. The machines here are shared and noisy: read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT

sys.path.insert(0, str(ROOT))

from campaign_manager.engine.actions import Note  # noqa: E402
from campaign_manager.store.address import parse_address  # noqa: E402
from campaign_manager.store.campaign_file import CampaignFile  # noqa: E402
from campaign_manager.store.server_roles import grant_role, init_server  # noqa: E402
from tests.pg_server import running_server  # noqa: E402


def one_writer(location: str, count: int) -> list[float]:
    times = []
    with CampaignFile.create(location, name="Bench") as campaign:
        for number in range(count):
            start = time.perf_counter()
            campaign.apply([Note(f"note {number}")])
            times.append(time.perf_counter() - start)
    return times


class Watcher:
    """A main window on the campaign: when each action comes to be shown in it (wall clock)."""

    def __init__(self, url: str) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
        from PySide6.QtWidgets import QApplication

        from campaign_manager.ui.main_window import MainWindow

        self.app = QApplication.instance() or QApplication([])
        self.window = MainWindow(url, remember=False)
        self.window.show()
        self.shown: dict[str, float] = {}
        self.window.session.changed.connect(self._changed)  # connected last: after the views redrew

    def _changed(self) -> None:
        at = time.time()
        campaign = self.window.session.campaign
        for record in [] if campaign is None else campaign.records[len(self.shown) :]:
            self.shown.setdefault(str(record.get("text")), at)

    def turn(self) -> None:
        self.app.processEvents()

    def close(self) -> None:
        self.window.close()


def many_writers(url: str, writers: int, count: int) -> tuple[list[float], float, list[float]]:
    CampaignFile.create(url, name="Bench, many shops").close()
    watcher = Watcher(url)
    folder = Path(tempfile.mkdtemp())
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.store.writers", "app", url, str(n), str(count), str(folder / f"{n}.acks")],
            cwd=ROOT,
            env=environment,
        )
        for n in range(writers)
    ]
    while any(program.poll() is None for program in running):
        watcher.turn()
        time.sleep(0.002)
    if any(program.returncode != 0 for program in running):
        raise SystemExit("a writer failed")
    wall = time.perf_counter() - start
    settle = time.perf_counter() + 5
    while len(watcher.shown) < writers * count and time.perf_counter() < settle:
        watcher.turn()
        time.sleep(0.002)
    watcher.close()
    times, lags = [], []
    for n in range(writers):
        for line in (folder / f"{n}.acks").read_text().splitlines():
            entry = json.loads(line)
            if "seconds" in entry:
                times.append(entry["seconds"])
                shown = watcher.shown.get(entry["text"])
                if shown is None:
                    raise SystemExit(f"the window never showed {entry['text']!r}")
                lags.append(max(0.0, shown - entry["committed"]))
    return times, wall, lags


def figures(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300, help="actions recorded by each writer")
    parser.add_argument("--writers", type=int, default=8, help="programs recording at once")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    with running_server(durable=True) as server:
        admin = parse_address(server.url())
        init_server(admin)
        grant_role(admin, "alice", "organiser")
        file_times = one_writer(str(folder / "bench.campaign"), args.actions)
        server_times = one_writer(server.url("alice", "bench"), args.actions)
        shared_times, wall, lags = many_writers(server.url("alice", "bench_many"), args.writers, args.actions)
    file_p50, file_p95 = figures(file_times)
    print(f"one recorded action, {args.actions} in a row (median / p95):")
    print(f"  campaign file (SQLite)                  {file_p50:7.1f} ms / {file_p95:7.1f} ms   (the floor)")
    for words, times in (
        ("server (PostgreSQL), one writer", server_times),
        (f"server, {args.writers} programs at once", shared_times),
    ):
        p50, p95 = figures(times)
        print(f"  {words:<40}{p50:7.1f} ms / {p95:7.1f} ms   (p95 {p95 / file_p95:.1f}x the file's)")
    total = args.writers * args.actions
    print(f"  {args.writers} programs: {total} actions in {wall:.1f} s ({total / wall:.0f} a second, all of them kept)")
    p50, p95 = figures(lags)
    print(f"live refresh, a writer's commit to another window showing it (median / p95): {p50:.0f} ms / {p95:.0f} ms")


if __name__ == "__main__":
    main()
