"""The computer general's strength: seeded General's Wargame campaigns against the random player,
the reference player (the computer before the general, tests/wargame/reference_player.py) and
today's general (the general of commit b4ca222, tests/wargame/reference_general.py), the general
measured (`--general`: quick, careful, or reference-general for today's against itself, the
mirror) playing each side in turn.

    .venv/bin/python benchmarks/bench_general.py [--campaigns 1000] [--workers 2]
        [--general careful] [--against random reference reference-general]

For each opponent and each side the general plays, over the same seeds, it prints with its 95 %
interval (Wilson):
- the share of campaigns the general wins or draws (the result at the end of turn 4 is no victory
  of the opponent's side; goal: at least 60 % against the reference players);
- the share it wins outright (a victory of its side at any level);
- the share in which it beats the opponent (the measure of tests/wargame/test_computer_opponent.py):
  the same seed played by the opponent on both sides gives a margin; the general beats it when
  its side ends with the greater margin (its VP less the other's), and is beaten by it when
  its side ends with the smaller;
and the wall time the whole took. Every campaign is seeded (the seed, the dice, the players' own
seeds and the careful general's playouts), so a run gives the same figures again on any machine.

Measured against today's general (December 2026, 2 workers on a shared 2-core machine, load 6-11):
                              campaigns   wins or draws        wins outright        beats it / beaten by it
                              a side      (Axis / Allies)      (Axis / Allies)      (Axis; Allies)
  today's against itself      1,000       61.5 % / 63.5 %      36.5 % / 38.5 %      0 / 0 (the same games)
  the quick general           1,000       62.4 % / 62.2 %      36.3 % / 37.8 %      7.0 / 6.8 %; 3.2 / 4.4 %
  the careful general         1,000       64.8 % / 66.0 %      44.4 % / 39.7 %      46.9 / 41.9 %; 38.0 / 32.6 %
                                          (61.8-67.7 / 63.0-68.9 %)
  the careful general that    1,000       69.9 % / 67.3 %      50.6 % / 40.8 %      54.2 / 40.9 %; 38.3 / 34.1 %
  weighs its advance too                  (67.0-72.7 / 64.3-70.1 %)
The mirror already meets the 60 % goal: about a quarter of campaigns end in a draw, and a draw
counts for both. So the measure that tells is "beats it / beaten by it" and the wins outright:
- the quick general (today's with the long-shot memory in the turn's record and troops moved up
  to the front) plays the same game as today's in about nine campaigns of ten, and no better nor
  worse in the others (within the intervals);
- the careful general (3 candidates a battle, 8 playouts each to the end of the campaign, aligned
  dice) wins or draws 65.4 % over both sides against 62.5 % for the mirror (+2.9 points, about
  one interval's half-width on 1,000 campaigns a side); it wins outright more on both sides (44.4
  against 36.5 % as the Axis, 39.7 against 38.5 % as the Allies) and beats today's game more often
  than it is beaten by it on both sides (46.9 against 41.9 %; 38.0 against 32.6 %). The 1,000-a-
  side careful run took 810 s wall for 3,000 campaigns on a quiet 2-core machine (2 workers).
- the careful general that also weighs its advance by playouts once its battle took the area
  (engine/general_lookahead.py `rethink_advance`, 1.5 standard errors to overrule the rules of
  thumb) wins or draws 68.6 % over both sides (+3.2 points on the careful general before it, +6.1
  on the mirror); the gain is mostly the Axis's, whose advances matter most (50.6 % wins outright
  against 44.4 %, and it beats today's game in 54.2 % of seeds). The run took 1,140 s wall for
  3,000 campaigns (2 workers, the machine otherwise lightly used): the advances' playouts cost
  about 40 % more time. (The 1.5 was chosen on seeds 1000-1299, not these.)
Earlier (before this issue's second part, against the other players, 1,000 campaigns a side):
against the random player 96.4 % / 99.2 % wins or draws; against the reference player 80.4 % /
83.2 %; the general before issue #36 scored 83.2 % / 84.3 % against the same reference.
Tried and dropped: playouts to the end of the turn only (-9 VP a game against today's, se 8, over
40 seeds a side: they miss what a battle costs the next turns); playouts with the dice drawn in
one stream (+0.4 VP a game, se 6.5, over 80 seeds a side: the candidates met different luck).
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
    print(f"The {args.general} general against other players, {count} seeded campaigns a side each ({workers} cores)")
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
