"""Mending a nation's broken deployment rule (RULES.md: a turn's deployment): the redeployment
that leaves the fewest broken rules. The computer general makes it first when it redeploys, and the
random player (players.py) before its own moves."""

from __future__ import annotations

import random

from campaign_manager.engine import legal
from campaign_manager.engine.deployment import DeploymentCheck, Shortfall
from campaign_manager.engine.state import CampaignState
from campaign_manager.scenario.model import Scenario


def _mending(sc: Scenario, st: CampaignState, nation: str, shortfalls: list[Shortfall]) -> list[tuple[str, str]]:
    """The redeployments that could mend the shortfalls: a stray troop moving where it may stand,
    or any troop moving into an area that lacks troops. (Any other move leaves every shortfall
    as it is or worse.)"""
    stray = {t for s in shortfalls for t in s.stray}
    mend_in = frozenset().union(*(s.mend_in for s in shortfalls))
    short = {s.short_in for s in shortfalls if s.short_in}
    return [
        (t, to)
        for t, targets in legal.redeploy_moves(sc, st, nation).items()
        for to in targets
        if (t in stray and to in mend_in) or to in short
    ]


def _size(shortfalls: list[Shortfall]) -> tuple[int, int]:
    return len(shortfalls), sum(s.size for s in shortfalls)


def fixing_move(
    sc: Scenario,
    st: CampaignState,
    nation: str,
    rng: random.Random | None = None,
) -> tuple[str, str] | None:
    """A redeployment that mends the nation's broken deployment rule (None when it holds): the
    move that leaves the fewest broken rules, then the fewest troops missing or out of place
    (ties: the first such move, or now and then a later one when `rng` is given)."""
    check = DeploymentCheck(sc, st, only=nation, skip=st.deployed)
    shortfalls = check.shortfalls(st.where)
    return mend(sc, st, nation, check, shortfalls, rng) if shortfalls else None


def mend(
    sc: Scenario,
    st: CampaignState,
    nation: str,
    check: DeploymentCheck,
    shortfalls: list[Shortfall],
    rng: random.Random | None = None,
) -> tuple[str, str] | None:
    """`fixing_move` for the `shortfalls` of `check`, the nation's rule set up on `st`. Without
    `rng` the first move that mends everything ends the search: no later one can come before it."""
    best, score = None, _size(shortfalls)
    trial = dict(st.where)  # one scratch map of places: each trial move is made on it and taken back
    for troop, to in _mending(sc, st, nation, shortfalls):
        assert check.moves_only_checked(troop), "a nation is never its own rule's enemy"
        trial[troop] = to
        candidate = _size(check.shortfalls(trial))
        trial[troop] = st.where[troop]
        if candidate < score or (candidate == score and best is not None and rng and rng.random() < 0.2):
            best, score = (troop, to), candidate
            if rng is None and candidate == (0, 0):
                break
    return best
