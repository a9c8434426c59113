"""The league and the charts' speed, against floors measured in the same run.

    .venv/bin/python benchmarks/bench_league.py [--repeat 5]

On a finished four-turn campaign with 40 battles, a roster of 200 commanders and each tabletop
game's two commanders named: the wall time of `campaign-manager league FILE --json` beside
`campaign-manager show FILE --json` (goal: at most 1.2x: the league is read from the history the
file is replayed into anyway), and in process the league and the charts' figures beside the
history they are worked out from (replayed once: goal, each under 0.5x of it); then the league
under a scheme with every tie-break (head-to-head too) and the club standings beside the plain
league (goal: at most 2x), and the pairings for an evening of 40 and of all 200 commanders present
(goal: under 1 s for 200: an exact assignment in pure Python).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_reports import finished_campaign_with_forty_battles
from common import wall_times

from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.charts import campaign_charts
from campaign_manager.engine.league import club_standings, league
from campaign_manager.engine.pairings import suggest
from campaign_manager.engine.state import Scoring
from campaign_manager.store.campaign_file import CampaignFile

ROSTER = 200


def _name_players(campaign: CampaignFile) -> list[dict]:
    """Each tabletop game's commanders of the right sides (the attacker's side is the one that
    held the arrow's start when it was placed)."""
    axis = [f"Commander {n}" for n in range(1, ROSTER, 2)]
    allied = [f"Commander {n}" for n in range(0, ROSTER, 2)]
    out, turn = [], 0
    history = campaign.history()
    for applied, before in zip(history, [initial_state(campaign.scenario)] + [a.state for a in history]):
        record = dict(applied.record)
        if record["type"] == "battle" and "games" in record:
            arrow = before.open_arrow(record["from"], record["to"])
            side = arrow.attacker_side if arrow else before.control[record["from"]]
            mine, theirs = (axis, allied) if side == "axis" else (allied, axis)
            record["games"] = [
                g
                | {
                    "attacker_commander": mine[(turn + i) % len(mine)],
                    "defender_commander": theirs[(turn * 3 + i) % len(theirs)],
                }
                for i, g in enumerate(record["games"])
            ]
            turn += 1
        out.append(record)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-league-"))
    plain, path = folder / "plain.campaign", folder / "league.campaign"
    with CampaignFile.create(plain) as campaign:
        campaign.apply(campaign.read_actions(finished_campaign_with_forty_battles()))
        records = _name_players(campaign)
    roster = [
        {
            "type": "add_commander",
            "name": f"Commander {n}",
            "side": "axis" if n % 2 else "allied",
            "club": f"Club {n % 7}",
        }
        for n in range(ROSTER)
    ]
    with CampaignFile.create(path, name="A league") as campaign:
        campaign.apply(campaign.read_actions(roster + records))
        named = sum(1 for r in campaign.records if r["type"] == "battle" for g in r.get("games", ()))
    print(f"A finished campaign with 40 battles, {ROSTER} commanders, {named} tabletop games with both named")
    floor = wall_times([sys.executable, "-m", "campaign_manager", "show", str(path), "--json"], args.repeat)
    command = wall_times([sys.executable, "-m", "campaign_manager", "league", str(path), "--json"], args.repeat)
    base = statistics.median(floor)
    ratio = statistics.median(command) / base
    print(f"  floor: show FILE --json                 median {base * 1000:7.1f} ms")
    print(
        f"  league FILE --json                      median {statistics.median(command) * 1000:7.1f} ms"
        f"   ratio {ratio:.2f}x   {'MEETS' if ratio <= 1.2 else 'MISSES'} the goal (1.2x)"
    )
    with CampaignFile.open(path, readonly=True) as campaign:
        sc = campaign.scenario
        replay, tables, figures = [], [], []
        for _ in range(args.repeat):
            campaign._history = None
            start = time.perf_counter()
            history = campaign.history()
            replay.append(time.perf_counter() - start)
            start = time.perf_counter()
            league(sc, campaign.state.roster, battle_rows(sc, initial_state(sc), history))
            tables.append(time.perf_counter() - start)
            start = time.perf_counter()
            campaign_charts(sc, history)
            figures.append(time.perf_counter() - start)
        _scheme_and_pairings(sc, campaign.state.roster, battle_rows(sc, initial_state(sc), history), args.repeat)
    base = statistics.median(replay)
    print(f"  floor: the history replayed in process  median {base * 1000:7.1f} ms")
    for what, times in (("the league", tables), ("the charts' figures", figures)):
        ratio = statistics.median(times) / base
        print(
            f"  {what:<38}  median {statistics.median(times) * 1000:7.1f} ms   ratio {ratio:.2f}x"
            f"   {'MEETS' if ratio <= 0.5 else 'MISSES'} the goal (0.5x)"
        )


def _scheme_and_pairings(sc, roster, rows, repeat: int) -> None:
    """The league by every tie-break and the clubs beside the plain league; pairings of 40 and 200."""
    every = Scoring(3, 1, 0, 1, ("head_to_head", "vp_difference", "vp_for", "destroyed"))
    plain, schemed, pairs40, pairs200 = [], [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        league(sc, roster, rows)
        plain.append(time.perf_counter() - start)
        start = time.perf_counter()
        standings = league(sc, roster, rows, every)
        club_standings(standings, every)
        schemed.append(time.perf_counter() - start)
        for size, times in ((40, pairs40), (ROSTER, pairs200)):
            start = time.perf_counter()
            suggest(sc, standings[:size], seed=1, scoring=every)
            times.append(time.perf_counter() - start)
    base = statistics.median(plain)
    ratio = statistics.median(schemed) / base
    print(f"  floor: the plain league                 median {base * 1000:7.1f} ms")
    print(
        f"  every tie-break and the clubs           median {statistics.median(schemed) * 1000:7.1f} ms"
        f"   ratio {ratio:.2f}x   {'MEETS' if ratio <= 2 else 'MISSES'} the goal (2x)"
    )
    for size, times in ((40, pairs40), (ROSTER, pairs200)):
        took = statistics.median(times)
        goal = "" if size != ROSTER else f"   {'MEETS' if took < 1 else 'MISSES'} the goal (1 s)"
        print(f"  pairings of {size:>3} present                median {took * 1000:7.1f} ms{goal}")


if __name__ == "__main__":
    main()
