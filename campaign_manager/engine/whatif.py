"""What if: seeded playouts of the rest of the turn or of the campaign from a campaign as it
stands, both sides played by the computer opponent; the distribution of results and margins.

Playout number i always uses the same seeds, so the answer for a given seed and count is the
same however the playouts are shared out: on one core, or in batches over worker processes
(`workers`, by default every core) when there are enough of them to be worth starting."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context

from campaign_manager.engine.driver import Policy, TurnDriver
from campaign_manager.engine.players import ComputerPolicy
from campaign_manager.engine.state import CampaignState, Phase
from campaign_manager.engine.victory import outcome, result_order
from campaign_manager.errors import UserError
from campaign_manager.scenario.model import Scenario

ENDS = ("end-of-turn", "end")
MOST = 100_000  # playouts in one run: about ten minutes on two cores
PARALLEL_FROM = 64  # fewer playouts than this are over before worker processes would have started


def _one(sc: Scenario, st: CampaignState, seed: int, index: int, to: str) -> tuple[str, int]:
    """Playout `index`: its result's name and the margin, Allied VP minus Axis VP."""
    players: dict[str, Policy] = {
        side: ComputerPolicy(seed * 7919 + index * 2 + n) for n, side in enumerate(sorted(sc.sides))
    }
    final, _ = TurnDriver(sc, players, seed * 104729 + index, quiet=True).play(st.copy(), to=to)
    found = outcome(sc, final)
    return found["result"], found["margin"] if found["leader"] == "allied" else -found["margin"]


def _batch(sc: Scenario, st: CampaignState, seed: int, indices: range, to: str) -> list[tuple[str, int]]:
    return [_one(sc, st, seed, index, to) for index in indices]


_TAKEN: tuple[Scenario, CampaignState, int, str] | None = None  # a worker's playouts to share out


def _take(sc: Scenario, st: CampaignState, seed: int, to: str) -> None:
    """A worker process is handed the scenario and the position once; batches then only say
    which playouts to play (and the scenario's kept answers stay warm between batches)."""
    global _TAKEN
    _TAKEN = (sc, st, seed, to)


def _taken_batch(indices: range) -> list[tuple[str, int]]:
    assert _TAKEN is not None, "the worker was started with _take"
    sc, st, seed, to = _TAKEN
    return _batch(sc, st, seed, indices, to)


def playouts(
    sc: Scenario,
    st: CampaignState,
    count: int,
    seed: int = 0,
    to: str = "end",
    progress: Callable[[int], bool] | None = None,
    workers: int | None = None,
) -> dict:
    """Play `count` playouts (seeds seed, seed+1, …); `progress(done)` is told as they finish and
    may return False to stop early (the answer then counts the playouts done)."""
    if to not in ENDS:
        raise UserError(f"--to should be one of {', '.join(ENDS)}, not '{to}'")
    if count < 1:
        raise UserError("give at least one playout")
    if count > MOST:
        raise UserError(f"give at most {MOST:,} playouts (more change the chances by less than can be read)")
    if st.phase == Phase.FINISHED:
        raise UserError("the campaign is over: there is nothing left to play out")
    workers = workers or os.cpu_count() or 1
    if workers > 1 and count >= PARALLEL_FROM:
        found = _in_processes(sc, st, count, seed, to, progress, workers)
    else:
        found = []
        for index in range(count):
            found.append(_one(sc, st, seed, index, to))
            if progress is not None and progress(len(found)) is False:
                break
    results = Counter(name for name, _ in found)
    margins = Counter(margin for _, margin in found)
    order = result_order(sc)  # the Axis's best result first, the Allies' best last, as margins run
    return {
        "playouts": len(found),
        "to": to,
        "outcomes": dict(sorted(results.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))),
        "margin": sorted(margins.items()),
        "margin_means": "Allied VP minus Axis VP",
    }


def _in_processes(
    sc: Scenario,
    st: CampaignState,
    count: int,
    seed: int,
    to: str,
    progress: Callable[[int], bool] | None,
    workers: int,
) -> list[tuple[str, int]]:
    """Batches small enough for a steady progress bar and a prompt Cancel, spread over `workers`
    fresh processes ("spawn": safe beside Qt's threads)."""
    size = max(4, min(25, count // (workers * 8)))
    batches = [range(start, min(start + size, count)) for start in range(0, count, size)]
    found: list[tuple[str, int]] = []
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=get_context("spawn"), initializer=_take, initargs=(sc, st, seed, to)
    ) as pool:
        pending: set[Future] = {pool.submit(_taken_batch, batch) for batch in batches}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    found += future.result()
                if progress is not None and progress(len(found)) is False:
                    break
        finally:
            for future in pending:
                future.cancel()
    return found
