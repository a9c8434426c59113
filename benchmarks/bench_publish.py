"""`publish --watch` on a shared campaign: how long after another program's `record` commits the
players' folder is written again.

    .venv/bin/python benchmarks/bench_publish.py [--actions 45]

Starts its own PostgreSQL server (tests/pg_server.py), makes a shared campaign and starts
`campaign-manager publish URL -o FOLDER --watch` as a program of its own. This program then
records the recorded full campaign's actions (tests/data/full_campaign.json) one at a time, as
another shop would, and times each from the moment its write has committed to the moment the
folder has been written again (it is swapped in whole: a new folder takes the old one's place).
Prints the median and the 95th percentile, and the time of one publish of the finished campaign
in this process (what most of the wait is). The machines here are shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT

sys.path.insert(0, str(ROOT))

from campaign_manager.store.address import parse_address  # noqa: E402
from campaign_manager.store.campaign_file import CampaignFile  # noqa: E402
from campaign_manager.store.server_roles import grant_role, init_server  # noqa: E402
from tests.pg_server import running_server  # noqa: E402
from tests.shared import FULL_CAMPAIGN  # noqa: E402

ACTIONS = [action for turn in FULL_CAMPAIGN.values() for action in turn]


def _written(folder: Path) -> int:
    """The folder's identity: a new one each time it is published."""
    try:
        return os.stat(folder).st_ino
    except FileNotFoundError:
        return 0


def _wait_for_new(folder: Path, seen: int, limit: float = 30.0) -> float:
    start = time.perf_counter()
    while _written(folder) in (seen, 0):
        if time.perf_counter() - start > limit:
            raise SystemExit(f"the folder was not written again within {limit:.0f} s")
        time.sleep(0.005)
    return time.perf_counter()


def measure(url: str, count: int) -> list[float]:
    folder = Path(tempfile.mkdtemp()) / "site"
    CampaignFile.create(url, name="Bench, published").close()
    watcher = subprocess.Popen(
        [sys.executable, "-m", "campaign_manager", "publish", url, "-o", str(folder), "--watch"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert watcher.stdout is not None
        while "Watching" not in watcher.stdout.readline():
            pass
        times = []
        with CampaignFile.open(url) as shop:
            for action in ACTIONS[:count]:
                seen = _written(folder)
                shop.apply(shop.read_actions([action]))
                committed = time.perf_counter()
                times.append(_wait_for_new(folder, seen) - committed)
                time.sleep(0.3)  # a shop records no faster than this; lets a late second publish land
        return times
    finally:
        watcher.terminate()
        watcher.wait(10)


def one_publish() -> float:
    from campaign_manager.reports.publish import publish

    folder = Path(tempfile.mkdtemp())
    path = folder / "full.campaign"
    with CampaignFile.create(path, name="Bench") as campaign:
        campaign.apply(campaign.read_actions(ACTIONS))
        publish(campaign, folder / "warm")
        start = time.perf_counter()
        publish(campaign, folder / "site")
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=len(ACTIONS), help="actions recorded, one at a time")
    args = parser.parse_args()
    with running_server() as server:
        admin = parse_address(server.url())
        init_server(admin)
        grant_role(admin, "alice", "organiser")
        times = measure(server.url("alice", "bench_publish"), args.actions)
    ordered = sorted(times)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    print(f"publish --watch on a shared campaign, {len(times)} actions recorded by another program:")
    print(
        f"  from the record's commit to the folder written again: median {p50:.2f} s, p95 {p95:.2f} s, "
        f"slowest {ordered[-1]:.2f} s"
    )
    print(f"  one publish of the finished campaign (4 turns' pages, 2 pictures): {one_publish():.2f} s")


if __name__ == "__main__":
    main()
