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

ODDS = [
    "-m",
    "campaign_manager",
    "odds",
    "--terrain",
    "rough",
    "--turn",
    "4",
    "--attacker",
    "german:armour",
    "--attacker-sortie",
    "german",
    "--defender",
    "greek:infantry,greek:infantry",
    "--json",
]


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
    print(
        f"  campaign-manager odds ... --json                {odds * 1000:7.1f} ms   {beyond:+.1f} ms beyond the floor "
        f"(ratio {odds / floor:.2f}x)   {'MEETS' if beyond < 5 else 'MISSES'} the goal"
    )
    from campaign_manager.engine import wargame
    from campaign_manager.scenario import load_scenario

    sc = load_scenario()
    start = time.perf_counter()
    for _ in range(1000):
        wargame._enumerate(sc, 3)  # the enumeration itself: `odds` keeps each answer once worked out
    print(f"  the exact odds alone, worked out in process     {(time.perf_counter() - start):7.3f} ms each")

    print(
        f"\n{args.playouts} full-campaign playouts, computer against computer, as `whatif` runs them "
        f"(worker processes on {os.cpu_count()} cores)"
    )
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.engine.whatif import playouts

    start = time.perf_counter()
    done = playouts(sc, initial_state(sc), args.playouts)["playouts"]
    took = time.perf_counter() - start
    rate = done / took
    estimate = 10000 / rate
    print(
        f"  {done} playouts in {took:.1f} s: {rate:.0f} a second; 10,000 would take {estimate:.0f} s   "
        f"{'MEETS' if estimate < 10 else 'MISSES'} the goal (10 s)"
    )
    engine_floor(sc, min(200, args.playouts))


def engine_floor(sc, count: int) -> None:
    """Where a playout's time goes, on one core: the whole playout, against the engine alone
    applying the same campaigns' actions with every die and choice already made (no decisions,
    no copies, no words) — the part no computer player can take away."""
    from campaign_manager.dice import NoRoller
    from campaign_manager.engine.campaign import HANDLERS, initial_state
    from campaign_manager.engine.driver import TurnDriver
    from campaign_manager.engine.players import ComputerPolicy
    from campaign_manager.engine.state import Silent

    def players(index: int) -> dict:
        return {side: ComputerPolicy(index * 2 + n) for n, side in enumerate(sorted(sc.sides))}

    logs = [[a.action for a in TurnDriver(sc, players(i), i).play(initial_state(sc))[1]] for i in range(count)]
    start = time.perf_counter()
    for i in range(count):
        TurnDriver(sc, players(i), i, quiet=True).play(initial_state(sc))
    whole = (time.perf_counter() - start) / count
    start = time.perf_counter()
    for actions in logs:
        st, events, roller = initial_state(sc), Silent(), NoRoller()
        for action in actions:
            HANDLERS[type(action)](sc, st, action, roller, events)
    engine = (time.perf_counter() - start) / count
    per_action = sum(map(len, logs)) / count
    budget = 10 / 10000 * (os.cpu_count() or 1)
    print(f"\nOne core, {count} campaigns of about {per_action:.0f} actions each")
    print(f"  a whole playout (decisions and the engine)       {whole * 1000:7.2f} ms")
    print(
        f"  floor: the engine alone, every choice given      {engine * 1000:7.2f} ms   "
        f"(the playout is {whole / engine:.1f}x the floor)"
    )
    print(
        f"  the goal allows {budget * 1000:.1f} ms a playout on each of {os.cpu_count()} cores, perfectly shared: "
        f"{budget / engine:.1f}x the floor"
    )


if __name__ == "__main__":
    main()
