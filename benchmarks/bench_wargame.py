"""The General's Wargame's speed, against floors measured in the same run.

    .venv/bin/python benchmarks/bench_wargame.py [--repeat 7] [--playouts 200]

Prints:
- `campaign-manager odds` for a two-troops-plus-sortie battle beside `python -c pass` plus the
  import of the engine (goal: under 5 ms beyond that floor), and the odds alone in process;
- full-campaign playouts by the computer opponent on both sides, on both cores, and the time
  10,000 of them would take at that rate (goal: under 10 s).
Machines here are noisy: read the ratios, and run it twice before believing a change.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from common import compile_app, wall_times

ODDS = ["-m", "campaign_manager", "odds", "--terrain", "rough", "--turn", "4", "--attacker",
        "german:armour", "--attacker-sortie", "german", "--defender", "greek:infantry,greek:infantry",
        "--json"]


def timed(command: list[str], repeat: int) -> float:
    return statistics.median(wall_times(command, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args()
    compile_app()
    floor = timed([sys.executable, "-c", "import campaign_manager.engine.wargame"], args.repeat)
    bare = timed([sys.executable, "-c", "pass"], args.repeat)
    odds = timed([sys.executable, *ODDS], args.repeat)
    print("Odds for a two-troops-plus-sortie battle (goal: under 5 ms beyond the floor)")
    print(f"  python -c pass                                 {bare * 1000:7.1f} ms")
    print(f"  floor: python -c 'import ...engine.wargame'     {floor * 1000:7.1f} ms")
    beyond = (odds - floor) * 1000
    print(f"  campaign-manager odds ... --json                {odds * 1000:7.1f} ms   {beyond:+.1f} ms beyond the floor "
          f"(ratio {odds / floor:.2f}x)   {'MEETS' if beyond < 5 else 'MISSES'} the goal")
    from campaign_manager.engine import wargame
    from campaign_manager.scenario import load_scenario

    sc = load_scenario()
    start = time.perf_counter()
    for _ in range(1000):
        wargame.odds(sc, 6, 3)
    print(f"  the exact odds alone, in process                {(time.perf_counter() - start):7.3f} ms each")

    print(f"\n{args.playouts} full-campaign playouts, computer against computer, as `whatif` runs them "
          f"(worker processes on {os.cpu_count()} cores)")
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.engine.whatif import playouts

    start = time.perf_counter()
    done = playouts(sc, initial_state(sc), args.playouts)["playouts"]
    took = time.perf_counter() - start
    rate = done / took
    estimate = 10000 / rate
    print(f"  {done} playouts in {took:.1f} s: {rate:.0f} a second; 10,000 would take {estimate:.0f} s   "
          f"{'MEETS' if estimate < 10 else 'MISSES'} the goal (10 s)")


if __name__ == "__main__":
    main()
