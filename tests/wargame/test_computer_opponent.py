"""The computer opponent (engine/players.py) seated on both sides by the turn driver (engine/driver.py): a thousand
seeded computer-against-computer campaigns finish all four turns with no refused action, and the
computer plays sensibly — it does better with a side than the random legal player does with the
same side, against the same opponent and dice, in at least 70 % of games. Both cores are used."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from campaign_manager.cli import main
from campaign_manager.engine import whatif
from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.players import ComputerPolicy, RandomPolicy
from campaign_manager.engine.victory import victory_points
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile


def _computer_against_computer(seeds: range) -> list[tuple[int, str, int]]:
    sc = load_scenario()
    finished = []
    for seed in seeds:
        players = {"axis": ComputerPolicy(seed), "allied": ComputerPolicy(seed + 1)}
        st, done = TurnDriver(sc, players, seed).play(initial_state(sc))  # a refused action raises
        finished.append((seed, st.phase, st.turn))
    return finished


def _margin(sc, st, side: str) -> int:
    vp = victory_points(sc, st)
    return vp[side] - sum(v for s, v in vp.items() if s != side)


def _computer_against_random(seeds: range) -> list[bool]:
    sc = load_scenario()
    beaten = []
    for seed in seeds:
        baseline, _ = TurnDriver(sc, {"axis": RandomPolicy(seed), "allied": RandomPolicy(seed + 10**6)}, seed).play(
            initial_state(sc)
        )
        for side in ("axis", "allied"):
            players = {"axis": RandomPolicy(seed), "allied": RandomPolicy(seed + 10**6)}
            players[side] = ComputerPolicy(seed)
            st, _ = TurnDriver(sc, players, seed).play(initial_state(sc))
            beaten.append(_margin(sc, st, side) > _margin(sc, baseline, side))
    return beaten


def _on_both_cores(work, count: int) -> list:
    context = multiprocessing.get_context("spawn")  # no Qt state is carried into the workers
    halves = [range(0, count // 2), range(count // 2, count)]
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        return [item for part in pool.map(work, halves) for item in part]


def test_a_thousand_computer_campaigns_finish_all_four_turns():
    finished = _on_both_cores(_computer_against_computer, 1000)
    assert len(finished) == 1000
    assert all(phase == "finished" and turn == 4 for _, phase, turn in finished)


def test_the_computer_beats_the_random_player_in_seven_games_of_ten_or_more():
    beaten = _on_both_cores(_computer_against_random, 500)  # 1000 games: 500 as the Axis, 500 as the Allies
    assert len(beaten) == 1000
    assert sum(beaten) / len(beaten) >= 0.70, f"the computer did better in only {sum(beaten)} of 1000 games"


def test_whatif_from_a_campaign_leaves_the_file_untouched(tmp_path, capsys):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as made:
        made.apply([{"type": "start_turn"}])
    before = path.read_bytes()
    assert main(["whatif", str(path), "--playouts", "12", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["playouts"] == 12 and sum(data["outcomes"].values()) == 12
    assert sum(count for _, count in data["margin"]) == 12
    assert path.read_bytes() == before
    assert main(["whatif", str(path), "--playouts", "12", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data, "the same seed gives the same playouts"
    assert main(["whatif", str(path), "--playouts", "5", "--to", "end-of-turn", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["to"] == "end-of-turn"


def test_whatif_in_words_lists_results_by_strength_and_the_margin(tmp_path, capsys):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path).close()
    assert main(["whatif", str(path), "--playouts", "30", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "30 playouts from the start to the end of the campaign (seed 3):"
    order = whatif.result_order(load_scenario())
    listed = [line.strip().split(":")[0] for line in out[1:-1]]
    assert listed == sorted(listed, key=order.__getitem__), "the Axis's best first, the Allies' best last"
    assert out[-1].startswith("VP margin, Allied minus Axis: median ")
    assert main(["whatif", str(path), "--playouts", "3", "--to", "end-of-turn"]) == 0
    assert capsys.readouterr().out.startswith("3 playouts from the start to the end of turn 1 (seed 0):")
    assert main(["whatif", str(path), "--playouts", "1000000"]) == 2
    assert "at most 100,000 playouts" in capsys.readouterr().err


def test_playouts_shared_over_worker_processes_give_the_one_core_answer():
    """Playout i has its own seeds, so sharing the playouts over processes changes nothing."""
    sc = load_scenario()
    st = initial_state(sc)
    count = whatif.PARALLEL_FROM
    on_one = whatif.playouts(sc, st, count, seed=5, workers=1)
    told: list[int] = []
    on_two = whatif.playouts(sc, st, count, seed=5, workers=2, progress=lambda done: told.append(done) or True)
    assert on_two == on_one and on_one["playouts"] == count
    assert told[-1] == count and told == sorted(told) and len(told) > 1, "progress is told batch by batch"
