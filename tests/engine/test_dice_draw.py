"""The app's dice draw exactly what `random.randint` would from the same generator, so a seed
gives the same campaign (What if, the seeded tests) as it always has."""

from __future__ import annotations

import random

import pytest

from campaign_manager.dice import D6, D10, Die, RandomRoller, draw


@pytest.mark.parametrize(("low", "high"), [(1, 6), (0, 9), (1, 3), (0, 8), (5, 5), (1, 1000)])
def test_draw_is_randint(low: int, high: int) -> None:
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [draw(ours, low, high) for _ in range(200)] == [theirs.randint(low, high) for _ in range(200)]


@pytest.mark.parametrize("die", [D6, D10, Die("d3", 1, 3)])
def test_roller_rolls_as_randint(die: Die) -> None:
    roller, rng = RandomRoller(7), random.Random(7)
    assert [roller.roll(die) for _ in range(500)] == [rng.randint(die.low, die.high) for _ in range(500)]
