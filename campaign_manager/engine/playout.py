"""Random legal campaigns: both sides played by the random player (engine/players.py
RandomPolicy) through the turn driver, at a table that now and then rolls the initiative first
and decides battles by tabletop games as well as by dice; every choice and die comes from the
seed. For the property tests, the benchmarks and sample campaigns."""

from __future__ import annotations

from campaign_manager.engine.campaign import Applied, initial_state
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.players import RandomPolicy, RandomTable
from campaign_manager.scenario.model import Scenario


def random_driver(sc: Scenario, seed: int, declines: float = 0.6, wanders: float = 0.3) -> TurnDriver:
    """A driver with the random player on every side (`declines`, `wanders`: see RandomPolicy)."""
    players = {side: RandomPolicy(seed * 2 + n, declines, wanders) for n, side in enumerate(sorted(sc.sides))}
    return TurnDriver(sc, players, seed, table=RandomTable(seed))


def play(sc: Scenario, seed: int, limit: int = 2000, declines: float = 0.6) -> list[Applied]:
    """A whole random campaign from set-up; stops at the end or after `limit` actions."""
    _, done = random_driver(sc, seed, declines).play(initial_state(sc), limit=limit)
    return done
