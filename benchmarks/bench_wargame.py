"""The General's Wargame's speed, against floors measured in the same run.

    .venv/bin/python benchmarks/bench_wargame.py [--repeat 7] [--playouts 200]

Prints:
- `campaign-manager odds` for a two-troops-plus-sortie battle beside `python -c pass` plus the
  import of the engine (goal: under 5 ms beyond that floor), timed and, where valgrind is
  installed, counted in instructions (steady however loaded the machine is), and the odds alone
  in process;
- full General's Wargame playouts by the computer general on both sides, on one core, against
  the floor of the engine alone applying the same campaigns' actions (goal: the playout at most
  3x the floor); and the same playouts with the general's decisions given (replayed as it made
  them): what the turn driver and the engine cost beyond the floor; and, for scale, the same
  measure for two cheaper players: the random player (uniform among the legal choices) and the
  reference player (the computer before the general, tests/wargame/reference_player.py);
- where a playout's time goes, from a profile of the same playouts (the general's decisions by
  question, the engine applying the actions, the driver's own share);
- the wall time of a default What if (stop at ±2 points, every core) from the start of turn 2, to
  the end of the campaign (goal: 10 s on an idle two-core machine) and to the end of the turn
  (goal: 3 s), with the playouts each took, the processor time they used and what that time would
  take on idle cores (the processor time shared by the cores, plus the start of the workers).
Machines here are noisy: read the ratios, and run it twice before believing a change.

Measured (December 2026, a shared 2-core machine, 200 playouts, before and after in one run; issue #36):
- odds: +32 M instructions beyond its floor (about 5.5 ms at the floor's pace) before the command
  loaded the engine as part of start-up (with the collector off: cli/__init__.py's `load` step);
  -19 M since (below the floor, whose own import runs with the collector on): MEETS.
- the playout: 8.2x and 8.6x the floor before, 8.5x and 8.4x after (the same within the noise;
  1.6 % fewer instructions, callgrind: a scene carried past a Greek move keeps what the move
  cannot change). It MISSES the 3x goal by about 3x, and caching more will not close it: even the
  random player, which thinks about nothing, takes 3.2x its floor (the driver's questions, the
  legality answers, a copy of the state per action); with the general's decisions given, the
  driver and the engine take 2.2-2.3x the floor, which leaves the general 0.7-0.8 ms a playout,
  and its decisions take 6.1-6.2 ms cold (8x that; about 4 ms in What if's workers, whose kept
  answers are warm: 6.1 ms a playout there). The profile is flat: no function's own time is above
  3 % of a playout but dict lookups (8 %), every decision is already kept by state, each area's
  worth by holders and troop types, the odds by matchup. Reaching 3x would take the general's
  thinking down some 8-fold: a general that thinks in other terms (a few tables per position
  worked out once) or the scene in another language, not more caching in Python.
  What if meets its own goals all the same: to the end of the campaign in about 6 s on 2 idle
  cores (goal 10 s), to the end of the turn in about 1.2 s (goal 3 s).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from common import ROOT, compile_app, wall_times

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
TOP = 12  # the profile's entries printed, by their own time


def timed(command: list[str], repeat: int) -> float:
    return statistics.median(wall_times(command, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))  # this checkout's app, not another one installed in the environment
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
    odds_counted(floor_cpu=_least_cpu([sys.executable, "-c", "import campaign_manager.engine.wargame"], 3))
    from campaign_manager.engine import wargame
    from campaign_manager.scenario import load_scenario

    sc = load_scenario()
    start = time.perf_counter()
    for _ in range(1000):
        wargame._enumerate(sc, 3)  # the enumeration itself: `odds` keeps each answer once worked out
    print(f"  the exact odds alone, worked out in process     {(time.perf_counter() - start):7.3f} ms each")

    engine_floor(sc, args.playouts)
    where_the_time_goes(sc, args.playouts)
    simpler_players(sc, args.playouts)
    default_what_if(sc, "end", 10)
    default_what_if(sc, "end-of-turn", 3)


def odds_counted(floor_cpu: float) -> None:
    """The odds and its floor counted in processor instructions (valgrind's callgrind), which a
    loaded machine does not change as it changes times: the instructions beyond the floor, and the
    time they take at the floor's own pace (its instructions over its least processor time)."""
    if shutil.which("valgrind") is None:
        print("  (valgrind is not installed: the odds are not counted in instructions)")
        return
    floor = _instructions([sys.executable, "-c", "import campaign_manager.engine.wargame"])
    odds = _instructions([sys.executable, *ODDS])
    beyond = (odds - floor) / floor * floor_cpu * 1000
    print(
        f"  counted: the floor {floor / 1e6:.0f} M instructions, the odds {odds / 1e6:.0f} M: "
        f"{(odds - floor) / 1e6:+.0f} M, about {beyond:+.1f} ms at the floor's pace   "
        f"{'MEETS' if beyond < 5 else 'MISSES'} the goal"
    )


def _least_cpu(command: list[str], repeat: int) -> float:
    """The least processor time (user and system) `command` took in `repeat` runs."""
    found = []
    for _ in range(repeat):
        before = _children_cpu()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        found.append(_children_cpu() - before)
    return min(found)


def _instructions(command: list[str]) -> int:
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *command],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def _general(sc, index: int) -> dict:
    from campaign_manager.engine.general import ComputerPolicy

    return {side: ComputerPolicy(index * 2 + n, explain=False) for n, side in enumerate(sorted(sc.sides))}


def _whole_and_floor(sc, players, count: int) -> tuple[float, float, float]:
    """Processor time of a quiet playout by `players(index)` from the start of a General's
    Wargame, the floor (the engine alone applying the same campaigns' actions with every die and
    choice already made) and the actions a playout takes, each per playout."""
    from campaign_manager.dice import NoRoller
    from campaign_manager.engine import Play
    from campaign_manager.engine.campaign import HANDLERS, initial_state
    from campaign_manager.engine.driver import TurnDriver
    from campaign_manager.engine.state import Silent

    start = initial_state(sc, Play.WARGAME)
    began = _from_a_collected_heap()
    for i in range(count):
        TurnDriver(sc, players(i), i, quiet=True).play(start)
    whole = (time.process_time() - began) / count
    logs = [[a.action for a in TurnDriver(sc, players(i), i).play(start)[1]] for i in range(count)]
    began = _from_a_collected_heap()
    for actions in logs:
        st, events, roller = start.copy(), Silent(), NoRoller()
        for action in actions:
            HANDLERS[type(action)](sc, st, action, roller, events)
    engine = (time.process_time() - began) / count
    return whole, engine, sum(map(len, logs)) / count


def engine_floor(sc, count: int) -> None:
    """Where a playout's time goes, on one core: whole playouts of a General's Wargame by the
    computer general (its kept decisions start empty), against the engine alone applying the same
    campaigns' actions with every die and choice already made (no decisions, no copies, no words)
    — the part no computer player can take away. Processor time, so other programs count less."""
    from campaign_manager.engine import Play
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.engine.general_facts import MEMO

    sc.memo.pop((MEMO, "decisions"), None)
    whole, engine, per_action = _whole_and_floor(sc, lambda i: _general(sc, i), count)
    driven = _decisions_given(sc, initial_state(sc, Play.WARGAME), count)
    ratio = whole / engine
    print(
        f"\n{count} General's Wargame campaigns of about {per_action:.0f} actions, the computer general on both sides"
    )
    print(f"  a whole playout (decisions and the engine)       {whole * 1000:7.2f} ms")
    print(f"  floor: the engine alone, every choice given      {engine * 1000:7.2f} ms")
    print(
        f"  playout-to-floor ratio                           {ratio:7.1f}x   "
        f"{'MEETS' if ratio <= 3 else 'MISSES'} the goal (3x)"
    )
    print(
        f"  the driver and the engine, decisions given       {driven * 1000:7.2f} ms   "
        f"{(driven - engine) / engine:.1f}x the floor beyond it"
    )
    left = 3 * engine - driven  # what the goal leaves the general's thinking, the rest being given
    print(
        f"  the goal leaves the general's decisions          {left * 1000:7.2f} ms a playout   "
        f"(they take {(whole - driven) * 1000:.2f} ms: {(whole - driven) / max(left, 1e-9):.1f}x that)"
    )


def simpler_players(sc, count: int) -> None:
    """The same measure for players that weigh far less than the general, each against the floor
    of its own campaigns: what the turn driver's questions, the engine's legality answers and a
    cheap choice cost beyond applying the actions."""
    sys.path.insert(0, str(ROOT))  # the reference player is kept with the tests
    from campaign_manager.engine.players import RandomPolicy
    from tests.wargame.reference_player import ReferencePlayer

    print(f"  for scale, {count} playouts by players that weigh far less, each against its own floor:")
    for name, player in (("the random player", RandomPolicy), ("the reference player", ReferencePlayer)):
        whole, engine, _ = _whole_and_floor(
            sc, lambda i, p=player: {s: p(i * 2 + n) for n, s in enumerate(sorted(sc.sides))}, count
        )
        print(f"    {name:22s} {whole * 1000:7.2f} ms against {engine * 1000:5.2f} ms   ratio {whole / engine:.1f}x")


class _Recorded:
    """A player that answers as `player` does and keeps its replies, in the order asked."""

    def __init__(self, player, replies: list) -> None:
        self.player, self.replies = player, replies

    def __getattr__(self, name: str):
        method = getattr(self.player, name)

        def answered(*args):
            reply = method(*args)
            self.replies.append(reply)
            return reply

        return answered


class _Replayed:
    """A player that gives recorded replies again, in order, deciding nothing."""

    def __init__(self, replies: list) -> None:
        self.replies = iter(replies)

    def __getattr__(self, name: str):
        if name == "rethink_advance":  # the quick general it replays answers the driver's questions only
            raise AttributeError(name)
        return lambda *args: next(self.replies)


def _decisions_given(sc, start, count: int) -> float:
    """Processor time a quiet playout takes when each decision of the computer general is given
    (recorded once, then replayed through the driver): the driver's questions, the engine's legality
    queries, the copies and the dice — the part of a playout that is not the general's thinking.
    Each replay is checked to end where the recorded playout ended."""
    from campaign_manager.engine.driver import TurnDriver

    recorded, ends = [], []
    for i in range(count):
        replies: dict[str, list] = {side: [] for side in sc.sides}
        players = {side: _Recorded(player, replies[side]) for side, player in _general(sc, i).items()}
        ends.append(TurnDriver(sc, players, i, quiet=True).play(start)[0])
        recorded.append(replies)
    began = _from_a_collected_heap()
    replayed = [
        TurnDriver(sc, {side: _Replayed(r) for side, r in replies.items()}, i, quiet=True).play(start)[0]
        for i, replies in enumerate(recorded)
    ]
    took = (time.process_time() - began) / count
    if replayed != ends:
        raise SystemExit("a replayed playout went another way than the one recorded: the measurement is void")
    return took


def _from_a_collected_heap() -> float:
    """The processor time now, once the collector has swept up: a full collection over the
    general's kept answers (a tenth of a second) falls otherwise in whichever timed part the
    allocations happen to trigger it, and moves that part's figure by a few tenths of a ms."""
    gc.collect()
    return time.process_time()


def where_the_time_goes(sc, count: int) -> None:
    """A profile (cProfile) of `count` playouts by the computer general from the start of a
    General's Wargame: the share of a playout spent in each of the general's answers, in the
    engine applying actions (its battles, copies and checks; the retreats and advances the
    general chooses inside a battle left out) and in the driver's own asking. The profiler slows
    small calls more than large ones: read the shares, not the times."""
    import cProfile
    import pstats

    from campaign_manager.engine import Play
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.engine.driver import TurnDriver
    from campaign_manager.engine.general_facts import MEMO

    sc.memo.pop((MEMO, "decisions"), None)
    start = initial_state(sc, Play.WARGAME)
    profile = cProfile.Profile()
    profile.enable()
    for i in range(count):
        TurnDriver(sc, _general(sc, i), i, quiet=True).play(start)
    profile.disable()
    stats = pstats.Stats(profile).stats  # (file, line, name) -> (calls, primitive, own, cumulative, callers)
    whole = sum(cum for (file, _, name), (*_, cum, _) in stats.items() if name == "play" and file.endswith("driver.py"))
    asked = {
        name: cum
        for (file, _, name), (*_, cum, _) in stats.items()
        if file.endswith("engine/general.py")
        and name in ("place", "redeploy", "attack", "defend", "retreat", "advance")
    }
    applying = sum(
        cum for (file, _, name), (*_, cum, _) in stats.items() if name == "apply_action" and "campaign.py" in file
    )
    engine = applying - asked.get("retreat", 0) - asked.get("advance", 0)  # those two are asked mid-battle
    decisions = sum(asked.values())
    print("  where a playout's time goes (a profile of the same playouts; shares of the whole):")
    print(f"    the general's decisions                      {decisions / whole:6.1%}")
    for name, cum in sorted(asked.items(), key=lambda item: -item[1]):
        print(f"      {name:42s} {cum / whole:6.1%}")
    print(f"    the engine applying the actions              {engine / whole:6.1%}")
    print(f"    the driver's own asking and checking         {(whole - decisions - engine) / whole:6.1%}")
    print("  the profile's top entries by their own time (shares of the whole; calls a playout):")
    top = sorted(stats.items(), key=lambda item: -item[1][2])[:TOP]
    for (file, line, name), (_, calls, own, *_) in top:
        where = f"{os.path.basename(file)}:{line} {name}" if line else name
        print(f"    {where[:46]:46s} {own / whole:6.1%}   {calls / count:8.0f}")


def default_what_if(sc, to: str, goal: float) -> None:
    """A default What if as the window runs it (stop at ±2 points, worker processes on every
    core) from the start of turn 2 of a General's Wargame, to `to`: its wall time, and what its
    processor time would take on idle cores."""
    from campaign_manager.engine import Play, whatif
    from campaign_manager.engine.actions import StartTurn
    from campaign_manager.engine.campaign import apply_action, initial_state
    from campaign_manager.engine.driver import TurnDriver

    st, _ = TurnDriver(sc, _general(sc, 1), 1, quiet=True).play(initial_state(sc, Play.WARGAME), to="end-of-turn")
    st = apply_action(sc, st, StartTurn((3,))).state
    cpu = _children_cpu()
    began = time.perf_counter()
    answer = whatif.playouts(sc, st, to=to)
    took = time.perf_counter() - began
    used = _children_cpu() - cpu
    cores = os.cpu_count() or 1
    idle = used / cores + _worker_start()
    print(f"\nA default What if from the start of turn 2 to the {to} (stop at ±2 points, {cores} cores)")
    print(
        f"  {answer.playouts} playouts ({answer.stopped}) in {took:.1f} s wall, {used:.1f} s of processor "
        f"time in the workers ({used / answer.playouts * 1000:.1f} ms a playout)   "
        f"{'MEETS' if took <= goal else 'MISSES'} the goal ({goal:g} s) here"
    )
    print(
        f"  on {cores} idle cores: {idle:.1f} s (the processor time shared by the cores, and a worker's start)   "
        f"{'MEETS' if idle <= goal else 'MISSES'} the goal"
    )


def _worker_start() -> float:
    """The wall time a worker process takes to start: a fresh interpreter importing What if."""
    return min(wall_times([sys.executable, "-c", "import campaign_manager.engine.whatif"], 3))


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
