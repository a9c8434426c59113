"""The computer general's strength: seeded General's Wargame campaigns against the random player and
against the reference player (the computer before the general, tests/wargame/reference_player.py),
the general playing each side in turn.

    .venv/bin/python benchmarks/bench_general.py [--campaigns 1000] [--workers 2] [--against random reference]

For each opponent and each side the general plays, over the same seeds, it prints with its 95 %
interval (Wilson):
- the share of campaigns the general wins or draws (the result at the end of turn 4 is no victory
  of the opponent's side; goal: at least 60 % against the reference player);
- the share it wins outright (a victory of its side at any level);
- the share in which it beats the opponent (the measure of tests/wargame/test_computer_opponent.py):
  the same seed played by the opponent on both sides gives a margin; the general beats it when
  its side ends with the greater margin (its VP less the other's).
and the wall time the whole took. Every campaign is seeded (the seed, the dice and the players'
own seeds), so a run gives the same figures again on any machine.

Measured (December 2026, 1,000 campaigns a side; "beats it" is the measure of the slow test):
                                   wins or draws      beats it (as the Axis / the Allies)
  against the random player       96.4 % / 99.2 %    92.4 % / 90.6 %   (before issue #36's changes,
                                                                         200 campaigns: 94.0 % / 88.5 %)
  against the reference player    80.4 % / 83.2 %    63.1 % / 67.0 %
  the general before issue #36    83.2 % / 84.3 %    65.9 % / 68.5 %   (against the reference player)
The changes (advances that keep objectives manned, reinforcements to the front but one guard for
an empty command centre, no repeated long shot) cost a little strength against the reference
player, within about one interval: the measure still rewards the old greedy choices.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from common import ROOT

SIDES = ("axis", "allied")
OPPONENTS = ["random", "reference", "reference-general"]


def _player(kind: str, seed: int):
    from campaign_manager.engine.general_lookahead import computer_general
    from campaign_manager.engine.players import RandomPolicy
    from tests.wargame.reference_general import ReferenceGeneral
    from tests.wargame.reference_player import ReferencePlayer

    if kind in ("quick", "careful"):
        return computer_general(seed, kind, explain=False)
    if kind == "reference-general":
        return ReferenceGeneral(seed, explain=False)
    return ReferencePlayer(seed) if kind == "reference" else RandomPolicy(seed)


def _margins(sc, seed: int, axis: str, allied: str) -> tuple[int, str]:
    """The Axis's margin (their VP less the Allies') at the end of one seeded campaign, and its result."""
    from campaign_manager.engine import Play
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.engine.driver import TurnDriver
    from campaign_manager.engine.victory import outcome, victory_points

    players = {"axis": _player(axis, seed), "allied": _player(allied, seed + 10**6)}
    final, _ = TurnDriver(sc, players, seed, quiet=True).play(initial_state(sc, Play.WARGAME))
    vp = victory_points(sc, final)
    return vp["axis"] - vp["allied"], outcome(sc, final).result


def _games(job: tuple[range, str, str]) -> list[tuple[str, bool, bool, bool, bool]]:
    """For each seed and each side the general plays against `other`: the side, whether the
    general won or drew, won outright, beat `other`'s own game with that seed, and was beaten
    by it (a smaller margin)."""
    seeds, other, general = job
    sys.path.insert(0, str(ROOT))
    from campaign_manager.scenario import load_scenario

    sc = load_scenario()
    found = []
    for seed in seeds:
        alone, _ = _margins(sc, seed, other, other)
        for side in SIDES:
            axis, allied = (general, other) if side == "axis" else (other, general)
            margin, result = _margins(sc, seed, axis, allied)
            mine = margin if side == "axis" else -margin
            theirs = alone if side == "axis" else -alone
            won = result.startswith(sc.sides[side])
            lost = result.startswith(sc.sides["allied" if side == "axis" else "axis"])
            found.append((side, not lost, won, mine > theirs, mine < theirs))
    return found


def _share(count: int, total: int) -> str:
    from campaign_manager.engine.whatif import wilson

    low, high = wilson(count, total)
    return f"{count / total:6.1%} ({low:5.1%}–{high:5.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=1000, help="seeded campaigns per side and opponent")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--general",
        choices=("quick", "careful", "reference-general"),
        default="careful",
        help="the general measured (reference-general: today's against itself, the mirror)",
    )
    parser.add_argument("--against", nargs="+", choices=OPPONENTS, default=OPPONENTS, help="the opponents to play")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    count, workers = args.campaigns, args.workers
    print(f"The computer general against two other players, {count} seeded campaigns a side each ({workers} cores)")
    context = multiprocessing.get_context("spawn")
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        for other in args.against:
            jobs = [(range(part, count, workers * 4), other, args.general) for part in range(workers * 4)]
            games = [game for part in pool.map(_games, jobs) for game in part]
            print(
                f"\n  against the {other} player  wins or draws          wins outright          "
                "beats it               beaten by it"
            )
            for side in SIDES:
                mine = [g for g in games if g[0] == side]
                total = len(mine)
                figures = [_share(sum(g[i] for g in mine), total) for i in (1, 2, 3, 4)]
                print(f"    as the {side:6s} ({total} campaigns)  " + "   ".join(figures))
            if other.startswith("reference"):
                held = sum(g[1] for g in games) / len(games)
                verdict = "MEETS" if held >= 0.6 else "MISSES"
                print(f"    wins or draws over both sides: {held:.1%}   {verdict} the goal (60 %)")
    print(f"\n{3 * len(args.against) * count} campaigns in {time.perf_counter() - began:.0f} s wall")


if __name__ == "__main__":
    main()
