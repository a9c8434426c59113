"""Printed documents' speed, against a floor measured in the same run.

    .venv/bin/python benchmarks/bench_reports.py [--repeat 5]

Prints the wall time of `campaign-manager report FILE -o OUT.pdf --turn 4` on a finished
four-turn campaign with 40 battles, beside `python -c "import reportlab.platypus, sqlmodel"`
(goal: the whole command at most 1.5x that import floor), and the in-process build time of each
document. Machines here are noisy: read the ratios, and run it twice before believing a change.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import compile_app, wall_times

from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.driver import Question
from campaign_manager.engine.playout import random_driver
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile


def finished_campaign_with_forty_battles() -> list[dict]:
    sc = load_scenario()
    for seed in range(1, 1000):
        driver, st, records = random_driver(sc, seed, declines=0.1), initial_state(sc), []
        while (applied := driver.step(st)) is not None:
            assert not isinstance(applied, Question), "the random player answers for both sides"
            st = applied.state
            records.append(applied.record)
        fought = sum(1 for r in records if r["type"] == "battle" and ("games" in r or "wargame" in r))
        if st.phase == "finished" and fought >= 40:
            return records
    raise SystemExit("no seeded campaign had 40 battles")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-reports-"))
    path = folder / "finished.campaign"
    with CampaignFile.create(path, name="A finished campaign") as campaign:
        campaign.apply(campaign.read_actions(finished_campaign_with_forty_battles()))
        fought = sum(1 for r in campaign.records if r["type"] == "battle" and ("games" in r or "wargame" in r))
    print(f"A finished four-turn campaign with {fought} battles")
    compile_app()
    floor = wall_times([sys.executable, "-c", "import reportlab.platypus, sqlmodel"], args.repeat)
    command = wall_times(
        [sys.executable, "-m", "campaign_manager", "report", str(path), "-o", str(folder / "r.pdf"), "--turn", "4"],
        args.repeat,
    )
    base = statistics.median(floor)
    ratio = statistics.median(command) / base
    print(f"  floor: import reportlab.platypus, sqlmodel   median {base * 1000:7.1f} ms")
    print(
        f"  report FILE --turn 4 (the whole command)     median {statistics.median(command) * 1000:7.1f} ms"
        f"   ratio {ratio:.2f}x   {'MEETS' if ratio <= 1.5 else 'MISSES'} the goal (1.5x)"
    )
    from campaign_manager.reports.render import render_pdf, report_inputs

    with CampaignFile.open(path, readonly=True) as campaign:
        inputs = report_inputs(campaign)
        for kind in ("turn", "status", "slips"):
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                render_pdf(inputs, kind, 4)
                times.append(time.perf_counter() - start)
            print(f"  build the {kind:<6} document in process         median {statistics.median(times) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
