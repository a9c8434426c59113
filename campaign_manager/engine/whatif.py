"""What if: seeded playouts of the rest of the turn or of the campaign from a campaign as it
stands, both sides played by the computer opponent; the distribution of results and margins."""

from __future__ import annotations

from collections import Counter
from typing import Callable

from campaign_manager.engine.match import Match, Policy
from campaign_manager.engine.players import ComputerPolicy
from campaign_manager.engine.state import CampaignState
from campaign_manager.engine.victory import outcome
from campaign_manager.errors import UserError
from campaign_manager.scenario.model import Scenario

ENDS = ("end-of-turn", "end")


def playouts(sc: Scenario, st: CampaignState, count: int, seed: int = 0, to: str = "end",
             progress: Callable[[int], bool] | None = None) -> dict:
    """Play `count` playouts (seeds seed, seed+1, …); `progress(done)` is told after each one and
    may return False to stop early (the answer then counts the playouts done)."""
    if to not in ENDS:
        raise UserError(f"--to should be one of {', '.join(ENDS)}, not '{to}'")
    if count < 1:
        raise UserError("give at least one playout")
    if st.phase == "finished":
        raise UserError("the campaign is over: there is nothing left to play out")
    results: Counter[str] = Counter()
    margins: Counter[int] = Counter()
    done = 0
    for index in range(count):
        players: dict[str, Policy] = {side: ComputerPolicy(seed * 7919 + index * 2 + n)
                                      for n, side in enumerate(sorted(sc.sides))}
        final, _ = Match(sc, players, seed * 104729 + index).play(st.copy(), to=to)
        found = outcome(sc, final)
        results[found["result"]] += 1
        signed = found["margin"] if found["leader"] == "allied" else -found["margin"]
        margins[signed] += 1
        done += 1
        if progress is not None and progress(done) is False:
            break
    return {"playouts": done, "to": to, "outcomes": dict(sorted(results.items())),
            "margin": sorted(margins.items()), "margin_means": "Allied VP minus Axis VP"}
