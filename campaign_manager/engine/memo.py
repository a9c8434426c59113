"""Answers worked out once for a given (scenario, state) pair and shared: the window's panel, map
and menus redraw from the same picture after an action, instead of each working it out again."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from campaign_manager.engine.state import CampaignState
from campaign_manager.scenario.model import Scenario

T = TypeVar("T")


class PerState(Generic[T]):
    """The last few answers worked out, by the identity of their scenario and state (and any
    further argument). Both are kept alive with the answer, so an id is never reused while its
    entry stands. A state is never changed once an action has been applied to it (every action
    makes a copy), so an answer kept for it stays true."""

    def __init__(self, keep: int = 8) -> None:
        self.keep = keep
        self._kept: dict[tuple[int, int, Hashable], tuple[Scenario, CampaignState, T]] = {}
        self._lock = threading.Lock()  # what-if playouts and printing may ask from other threads

    def get(self, sc: Scenario, st: CampaignState, key: Hashable, work: Callable[[], T]) -> T:
        """The answer kept for (`sc`, `st`, `key`), or `work()` kept for it."""
        slot = (id(sc), id(st), key)
        with self._lock:
            kept = self._kept.get(slot)
        if kept is not None and kept[0] is sc and kept[1] is st:
            return kept[2]
        answer = work()
        with self._lock:
            self._kept[slot] = (sc, st, answer)
            while len(self._kept) > self.keep:
                del self._kept[next(iter(self._kept))]
        return answer
