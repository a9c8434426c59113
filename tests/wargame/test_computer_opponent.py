"""The computer general (engine/general.py) seated by the turn driver (engine/driver.py) in General's
Wargame campaigns (RULES.md 1.5: each turn has its rolled battles and then ends): a thousand seeded
computer-against-computer campaigns finish all four turns with no refused action and no turn
beyond its battles; and the general plays better than the computer it replaced (kept frozen in
tests/wargame/reference_player.py) and than the random legal player.

"Beats X as the Axis" is judged game by game with the same seed: the general plays the Axis
against X's Allies, and X plays the Axis against its own Allies; the general beats X in that game
when its Axis end with the greater margin (their VP less the Allies'). Likewise as the Allies.
Both cores are used."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from campaign_manager.engine import Play
from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.players import ComputerPolicy, RandomPolicy
from campaign_manager.engine.victory import victory_points
from campaign_manager.scenario import load_scenario
from tests.wargame.reference_player import ReferencePlayer

SEEDS = 1000


def _player(kind: str, seed: int):
    if kind == "general":
        return ComputerPolicy(seed, explain=False)
    return ReferencePlayer(seed) if kind == "reference" else RandomPolicy(seed)


def _game(sc, seed: int, axis: str, allied: str):
    players = {"axis": _player(axis, seed), "allied": _player(allied, seed + 10**6)}
    final, done = TurnDriver(sc, players, seed, quiet=True).play(initial_state(sc, Play.WARGAME))  # a refusal raises
    return final, done


def _margin(sc, st, side: str) -> int:
    vp = victory_points(sc, st)
    return vp[side] - sum(v for s, v in vp.items() if s != side)


def _general_against_general(seeds: range) -> list[tuple[str, int, int, bool]]:
    sc = load_scenario()
    found = []
    for seed in seeds:
        final, done = _game(sc, seed, "general", "general")
        ends = [a.state for a in done if a.action.type == "end_turn"]
        within = all(end.battles_fought <= end.battle_ceiling for end in ends)
        found.append((final.phase, final.turn, len(ends), within))
    return found


def _beaten(args: tuple[range, str]) -> list[tuple[bool, bool]]:
    """For each seed: whether the general beat `other` as the Axis, and as the Allies."""
    seeds, other = args
    sc = load_scenario()
    found = []
    for seed in seeds:
        alone, _ = _game(sc, seed, other, other)
        as_axis, _ = _game(sc, seed, "general", other)
        as_allies, _ = _game(sc, seed, other, "general")
        found.append(
            (
                _margin(sc, as_axis, "axis") > _margin(sc, alone, "axis"),
                _margin(sc, as_allies, "allied") > _margin(sc, alone, "allied"),
            )
        )
    return found


def _on_both_cores(work, jobs: list) -> list:
    context = multiprocessing.get_context("spawn")  # no Qt state is carried into the workers
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        return [item for part in pool.map(work, jobs) for item in part]


def _halves(count: int) -> list[range]:
    return [range(0, count, 2), range(1, count, 2)]


@pytest.mark.slow
def test_a_thousand_computer_campaigns_finish_with_no_refused_action_and_no_turn_beyond_its_battles():
    finished = _on_both_cores(_general_against_general, _halves(SEEDS))
    assert len(finished) == SEEDS
    assert all(phase == "finished" and turn == 4 and ended == 4 for phase, turn, ended, _ in finished)
    assert all(within for *_, within in finished), "no turn had more battles than its rolled count"


@pytest.mark.slow
@pytest.mark.parametrize(("other", "at_least"), [("reference", 0.60), ("random", 0.85)])
def test_the_general_beats_the_other_player_as_each_side(other, at_least):
    beaten = _on_both_cores(_beaten, [(part, other) for part in _halves(SEEDS)])
    assert len(beaten) == SEEDS
    as_axis = sum(a for a, _ in beaten) / SEEDS
    as_allies = sum(b for _, b in beaten) / SEEDS
    print(f"the general beats the {other} player in {as_axis:.1%} of games as the Axis, {as_allies:.1%} as the Allies")
    assert as_axis >= at_least and as_allies >= at_least, (as_axis, as_allies)


def test_a_few_seeded_games_against_each_player_finish():
    """A quick look at what the slow tests check in bulk."""
    sc = load_scenario()
    for other in ("reference", "random"):
        for seed in range(3):
            for axis, allied in (("general", other), (other, "general")):
                final, done = _game(sc, seed, axis, allied)
                assert final.phase == "finished" and final.turn == 4
                assert all(
                    a.state.battles_fought <= a.state.battle_ceiling for a in done if a.action.type == "end_turn"
                )


_REASONS = """
import json
from campaign_manager.engine import Play
from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.general import ComputerPolicy
from campaign_manager.scenario import load_scenario

sc = load_scenario()
said = []
for seed in range(10):
    players = {"axis": ComputerPolicy(seed), "allied": ComputerPolicy(seed + 1)}
    _, done = TurnDriver(sc, players, seed).play(initial_state(sc, Play.WARGAME))
    said += [a.action.to_json() for a in done]
print(json.dumps(said))
"""


def test_the_computer_says_the_same_in_every_process():
    """The same game gives the same choices and reasons in any process (Python orders a set of
    area codes differently in each: What if's workers, the window, the command line)."""
    import os
    import subprocess
    import sys

    runs = [
        subprocess.run(
            [sys.executable, "-c", _REASONS],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("0", "7")
    ]
    assert runs[0] == runs[1] and '"reason"' in runs[0]


def test_what_the_general_shares_between_states_is_what_it_would_work_out_afresh(monkeypatch):
    """What areas are worth and taking them brings is shared by every state with the same holders
    (engine/general.py `_shared`): in whole games, every answer given from what was shared is the
    answer worked out afresh for that state alone."""
    from campaign_manager.engine.scene import Scene

    sc = load_scenario()
    worth, prize = Scene.worth, Scene.prize
    asked: list[tuple] = []

    def afresh(scene: Scene) -> Scene:
        alone = Scene(scene.sc, scene.st, scene.side)
        alone.kept = {}
        return alone

    def checked_worth(scene, area, kinds):
        found = worth(scene, area, kinds)
        asked.append(("worth", area, kinds, found, worth(afresh(scene), area, kinds)))
        return found

    def checked_prize(scene, side, target):
        found = prize(scene, side, target)
        asked.append(("prize", side, target, found, prize(afresh(scene), side, target)))
        return found

    monkeypatch.setattr(Scene, "worth", checked_worth)
    monkeypatch.setattr(Scene, "prize", checked_prize)
    for seed in range(6):
        _game(sc, seed, "general", "general")
    assert len(asked) > 1000
    assert all(found == alone for *_, found, alone in asked), [a for a in asked if a[-2] != a[-1]][:3]


def test_a_scene_carried_on_to_the_next_planning_state_is_the_scene_built_afresh(monkeypatch):
    """While a side places and redeploys, the general carries its picture on from one state to
    the next (engine/scene.py `Scene.moved`): in whole games, every carried scene sees who stands
    where, what each area's worth depends on and what taking each enemy area brings as a scene
    built afresh for that state does."""
    from campaign_manager.engine.scene import Scene

    sc = load_scenario()
    moved = Scene.moved
    carried: list[int] = []

    def checked_moved(scene, st):
        found = moved(scene, st)
        if found is not None:
            fresh = Scene(sc, st, scene.side)
            assert (found.ground, found.kinds_by_area, found.sorties) == (
                fresh.ground,
                fresh.kinds_by_area,
                fresh.sorties,
            )
            assert all(found.around(area) == fresh.around(area) for area in sc.areas)
            assert all(found.prize(side, target) == fresh.prize(side, target) for side, target in found.prizes)
            assert all(
                found.attack_bound(side, target) == fresh.attack_bound(side, target) for side, target in found.bounds
            )
            like = {troop.type_code: code for code, troop in sc.troops.items()}  # a troop of each type
            for (area, added, removed), gain in found.gains.items():
                joins, leaves = like.get(added or ""), like.get(removed or "")
                assert gain == fresh.gain_of_kinds(area, added=joins, removed=leaves)
            carried.append(len(found.answers) + len(found.gains))
        return found

    monkeypatch.setattr(Scene, "moved", checked_moved)
    for seed in range(4):
        _game(sc, seed, "general", "general")
    assert len(carried) > 20 and sum(carried) > 20, "scenes were carried on, with answers kept"


def test_a_scene_carried_past_a_move_that_changes_what_the_fortification_defends_is_worked_out_again():
    """A troop of the fortification's nation leaving an area on the fortified line changes which
    attacks the fortification defends, so what each area's worth depends on is worked out again."""
    from campaign_manager.engine.scene import Scene

    sc = load_scenario()
    fort = sc.fortification
    assert fort is not None
    _, done = _game(sc, 0, "general", "general")
    for applied in done:
        st = applied.state
        if st.phase != "planning":
            continue
        for troop, here in st.where.items():
            if sc.troops[troop].nation != fort.nation or here not in sc.areas:
                continue
            for to in (a for a in sc.areas if st.control[a] == "allied" and a != here):
                after = st.copy()
                after.where[troop] = to
                scene, fresh = Scene(sc, st, "allied"), Scene(sc, after, "allied")
                if all(scene.around(a) == fresh.around(a) for a in sc.areas):
                    continue
                carried = scene.moved(after)
                assert carried is not None
                assert all(carried.around(a) == fresh.around(a) for a in sc.areas)
                return
    raise AssertionError("no move of the fortification's nation changed what it defends")


def test_a_worker_is_handed_the_scenario_without_the_general_s_answers_for_positions():
    from campaign_manager.engine.general_facts import MEMO, for_a_worker

    sc = load_scenario()
    _game(sc, 0, "general", "general")
    kept = dict(sc.memo)
    assert (MEMO, "decisions") in kept and (MEMO, "pictures") in kept
    light = for_a_worker(sc)
    assert (MEMO, "decisions") not in light.memo and (MEMO, "pictures") not in light.memo
    assert any(key[:2] == (MEMO, "chances") for key in light.memo), "the odds worked out stay"
    assert sc.memo == kept and light.areas is sc.areas, "the scenario itself is untouched"


def test_a_defence_by_an_aircraft_alone_is_said_in_words_that_read():
    """The computer defending with a sortie and no troop said "defends C1 Ioannina with and the
    FIAT CR.42"; it says "with the FIAT CR.42 alone" (and the attacker's reason likewise)."""
    from campaign_manager.engine.actions import to_json

    sc = load_scenario()
    start = initial_state(sc, Play.WARGAME)
    said = []
    for i in range(40):
        players = {side: ComputerPolicy(i * 2 + k) for k, side in enumerate(sorted(sc.sides))}
        said += [str(to_json(a.action).get("reason", "")) for a in TurnDriver(sc, players, i).play(start)[1]]
    assert not [s for s in said if "with and" in s or "(and " in s]
    alone = [s for s in said if "defends" in s and " alone: holds" in s]
    assert alone, "some seeded game has a defence by an aircraft alone"
    assert "against the likely defence (the " in alone[0] and " alone)" in alone[0], alone[0]
