"""Campaign engine and command-line speed, against floors measured in the same run.

    .venv/bin/python benchmarks/bench_campaign.py [--actions 10000] [--repeat 5]

Prints: rebuilding a campaign from a long log (goal: under 0.5 s for 10,000 actions),
`show --json` wall time beside `python -c "import sqlmodel"` (goal: at most 1.5x), and, for the
"what if" playouts to come, copying a campaign state and playing random campaigns.
Machines here are noisy: read the ratios, and run it twice before believing a change.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import wall_times

from campaign_manager.engine import apply_action, legal, replay
from campaign_manager.engine.actions import Battle, Note
from campaign_manager.engine.battle import initiative_winner
from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.driver import Question
from campaign_manager.engine.playout import random_driver
from campaign_manager.engine.state import Commitment, Phase
from campaign_manager.scenario import load_scenario
from campaign_manager.scenario.model import enemy_of
from campaign_manager.store.campaign_file import CampaignFile


def long_log(count: int) -> list[dict]:
    """A legal log of `count` actions. Turn 1 and set-up come from the random player; turn 2
    then runs long (the battle count is only a floor) with drawn battles, each with its
    initiative roll and commitments, and a note now and then; the random player finishes."""
    sc = load_scenario()
    rng = random.Random(1)
    driver, st, records = random_driver(sc, 1), initial_state(sc), []

    def record(action) -> None:
        nonlocal st
        assert not isinstance(action, Question), "the random player answers for both sides"
        applied = action if not isinstance(action, (Battle, Note)) else apply_action(sc, st, action)
        records.append(applied.record)
        st = applied.state

    while not (st.turn == 2 and st.phase == Phase.PLANNING and not st.waiting_zone):
        record(driver.step(st))
    while len(records) < count - 150:
        if len(records) % 10 == 0:
            record(Note(f"organiser's note {len(records)}"))
            continue
        dice = {side: rng.randint(1, 6) for side in sc.sides}
        side, _ = initiative_winner(sc, st.turn, dice)
        if not legal.legal_arrows(sc, st, side):
            side = enemy_of(side)
        origin, target = rng.choice(legal.legal_arrows(sc, st, side))
        troop = rng.choice([t for t in st.troops_in(origin)])
        record(
            Battle(
                origin,
                target,
                (dice[side], dice[enemy_of(side)]),
                Commitment((troop,)),
                Commitment(()),
                games=((rng.randint(0, 2), rng.randint(0, 2)),),
            )
        )
    while len(records) < count and (applied := driver.step(st)) is not None:
        record(applied)
    while len(records) < count:
        record(Note("after the campaign"))
    return records


def best(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:7.1f} ms (best {min(samples) * 1000:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sc = load_scenario()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.campaign"
        print(f"building a legal log of {args.actions} actions ...", flush=True)
        records = long_log(args.actions)
        kinds = {k: sum(1 for r in records if r["type"] == k) for k in sorted({r["type"] for r in records})}
        print(f"  actions by type: {kinds}")
        with CampaignFile.create(path) as campaign:
            campaign.log.append(records)

        floor, engine_only, whole = [], [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            conn = sqlite3.connect(path)
            rows = [json.loads(p) for (p,) in conn.execute("SELECT payload FROM action ORDER BY seq")]
            conn.close()
            floor.append(time.perf_counter() - start)
            start = time.perf_counter()
            replay(sc, rows)
            engine_only.append(time.perf_counter() - start)
            start = time.perf_counter()
            CampaignFile.open(path, readonly=True).close()
            whole.append(time.perf_counter() - start)
        print(f"\nRebuild from {len(records)} logged actions (goal: under 500 ms)")
        print(f"  floor: read and parse the rows with sqlite3  {best(floor)}")
        print(f"  replay through the rules engine              {best(engine_only)}")
        print(
            f"  open the campaign file (read + replay)       {best(whole)}"
            f"   ratio to floor {statistics.median(whole) / statistics.median(floor):.1f}x"
            f"   {'MEETS' if statistics.median(whole) < 0.5 else 'MISSES'} the goal"
        )

        small = Path(folder) / "small.campaign"
        with CampaignFile.create(small) as campaign:
            campaign.log.append(records[:60])
        python = sys.executable
        sqlmodel_floor = wall_times([python, "-c", "import sqlmodel"], args.repeat)
        show = wall_times([python, "-m", "campaign_manager", "show", str(small), "--json"], args.repeat)
        ratio = statistics.median(show) / statistics.median(sqlmodel_floor)
        print("\nshow --json wall time (goal: at most 1.5x importing sqlmodel)")
        print(f"  floor: python -c 'import sqlmodel'   {best(sqlmodel_floor)}")
        print(
            f"  campaign-manager show FILE --json    {best(show)}   ratio {ratio:.2f}x"
            f"   {'MEETS' if ratio <= 1.5 else 'MISSES'} the goal"
        )
    playouts(args.repeat)


def playouts(repeat: int) -> None:
    from campaign_manager.engine.playout import play

    sc = load_scenario()
    st = replay(sc, long_log(300))
    floor, copies = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(1000):
            dict(st.where), dict(st.control)
        floor.append((time.perf_counter() - start) / 1000)
        start = time.perf_counter()
        for _ in range(1000):
            st.copy()
        copies.append((time.perf_counter() - start) / 1000)
    print("\nCopying a campaign state (for playouts and what-if branches)")
    print(f"  floor: copy the two largest dicts   {statistics.median(floor) * 1e6:7.1f} µs")
    print(
        f"  CampaignState.copy()                {statistics.median(copies) * 1e6:7.1f} µs"
        f"   ratio {statistics.median(copies) / statistics.median(floor):.1f}x"
    )
    start = time.perf_counter()
    actions = sum(len(play(sc, seed)) for seed in range(100))
    took = time.perf_counter() - start
    print(
        f"  100 random legal campaigns: {took:.2f} s, {actions} actions "
        f"({100 / took:.0f} campaigns/s, {took / actions * 1e6:.0f} µs per action)"
    )


if __name__ == "__main__":
    main()
