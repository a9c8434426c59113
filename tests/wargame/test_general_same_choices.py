"""Making the computer general and the playouts quicker must not change a single choice: seeded
General's Wargame campaigns (the general on both sides, with its reasons, and quiet as in What if
playouts) and a seeded What if give the very logs and answer they gave before the speed work
(commit b4ca222), compared by their hashes. A change to the general's decisions changes these on
purpose: then work the hashes out again on the new code and say so in the commit."""

from __future__ import annotations

import hashlib
import json

import pytest

from campaign_manager.engine import Play, whatif
from campaign_manager.engine.actions import StartTurn
from campaign_manager.engine.campaign import apply_action, initial_state
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.general import ComputerPolicy, state_key
from campaign_manager.scenario import load_scenario

SEEDS = range(12)
EXPECTED_GAMES = {
    0: ("2eb1f3116de7c091", "0ed23bb7e4071db2"),
    1: ("049a3c2c0dafa052", "cc28d4aa21f4e97d"),
    2: ("bd54de8dd33a7783", "202093f2894bc15c"),
    3: ("18ee2ed7c341223e", "ec2ef3d25f4bda30"),
    4: ("f637e14ce6e7b6c7", "72b5fb1b280376cd"),
    5: ("5a0e30aecf34f214", "7e1023ce23431e9a"),
    6: ("2e022e8f344dc493", "1ee54b4d6ee040cf"),
    7: ("5246a91abfbbb329", "6aa8523dde96fcb2"),
    8: ("1cfc242876eff139", "b8d2b9e5edfec036"),
    9: ("19d2c148bec4879b", "09e4d685bface9fb"),
    10: ("6158cf702d360184", "56ed818160c03e2b"),
    11: ("ae8532112d4dddc5", "863e32a27534d277"),
}
EXPECTED_WHATIF = "9f078de831d66b11"


@pytest.fixture(scope="module")
def sc():
    return load_scenario()


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def game_digest(sc, seed: int, explain: bool) -> str:
    players = {side: ComputerPolicy(seed * 2 + n, explain=explain) for n, side in enumerate(sorted(sc.sides))}
    final, done = TurnDriver(sc, players, seed, quiet=not explain).play(initial_state(sc, Play.WARGAME))
    return _digest([[a.action.to_json() for a in done], state_key(final)])


def whatif_digest(sc) -> str:
    players = {side: ComputerPolicy(n, explain=False) for n, side in enumerate(sorted(sc.sides))}
    st, _ = TurnDriver(sc, players, 1, quiet=True).play(initial_state(sc, Play.WARGAME), to="end-of-turn")
    st = apply_action(sc, st, StartTurn((3,))).state
    answer = whatif.playouts(sc, st, limit=60, seed=5, workers=1, precision=None)
    return _digest(whatif.whatif_json(answer))


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_general_games_are_as_before(sc, seed):
    assert (game_digest(sc, seed, True), game_digest(sc, seed + 100, False)) == EXPECTED_GAMES[seed]


def test_a_seeded_what_if_is_as_before(sc):
    assert whatif_digest(sc) == EXPECTED_WHATIF
