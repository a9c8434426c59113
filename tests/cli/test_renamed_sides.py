"""A scenario whose sides are not called "axis" and "allied" (the Veltmark Gap with its sides
renamed "north" and "south", tests/renamed_sides.py) is validated and played whole through the
command line: the same script as the Veltmark Gap's comes to the same control and VP, said by
the new ids, and the same words."""

from __future__ import annotations

import json

from tests.cli.test_second_scenario import EXPECTED, SCRIPT, START
from tests.renamed_sides import RENAMED, write_north_south
from tests.shared import run


def _renamed(sides: dict) -> dict:
    return {RENAMED.get(key, key): value for key, value in sides.items()}


def test_a_scenario_with_other_side_ids_validates(tmp_path, capsys):
    scenario = write_north_south(tmp_path)
    code, out, err = run(capsys, "scenario", "validate", scenario)
    assert code == 0, err
    assert "6 areas, 8 links, 14 troops, 2 turns, with a map drawing" in out


def test_a_scenario_with_other_side_ids_plays_a_whole_campaign(tmp_path, capsys):
    scenario = write_north_south(tmp_path / "scenarios")
    campaign, gap = tmp_path / "north-south.campaign", tmp_path / "gap.campaign"
    assert run(capsys, "new", campaign, "--scenario", scenario, "--name", "Gap night")[0] == 0
    assert run(capsys, "new", gap, "--scenario", "veltmark-gap", "--name", "Gap night")[0] == 0
    for turn, actions in SCRIPT.items():
        script = tmp_path / f"{turn}.json"
        script.write_text(json.dumps(actions))
        code, out, err = run(capsys, "apply", campaign, script)
        assert code == 0, err
        assert out == run(capsys, "apply", gap, script)[1], "the same words under other side ids"
        view = json.loads(run(capsys, "show", campaign, "--json")[1])
        changed, vp, result = EXPECTED[turn]
        control = {code: RENAMED[side] for code, side in {**START, **changed}.items()}
        assert {code: area["controller"] for code, area in view["areas"].items()} == control, turn
        assert view["vp"] == _renamed(vp), turn
        assert view["outcome"]["result"] == result and view["outcome"]["leader"] == "south", turn
        assert run(capsys, "show", campaign)[1] == run(capsys, "show", gap)[1], turn
        gap_view = run(capsys, "show", gap, "--json")[1]
        assert view == json.loads(gap_view.replace('"axis"', '"north"').replace('"allied"', '"south"')), turn
    assert run(capsys, "log", campaign)[1] == run(capsys, "log", gap)[1]
    for number in (1, 2):
        said = run(capsys, "requirements", campaign, "--turn", number)[1]
        assert said == run(capsys, "requirements", gap, "--turn", number)[1]
    assert "the Free Cities add 0 and win ties" in said
    assert view["phase"] == "finished" and view["command_centre_wins"] == {"K1": 2}
    assert {t["id"] for t in view["pools"]["north"]} == {"KD-INF-1", "KD-TANK"}
    assert {t["id"] for t in view["pools"]["south"]} == {"LN-MIL-3", "CV-MAR-1"}
    for kind in ("turn", "status", "slips"):
        code, _, err = run(capsys, "report", campaign, "-o", tmp_path / f"{kind}.pdf", "--kind", kind)
        assert code == 0, err


def test_two_computers_play_a_general_s_wargame_of_a_scenario_with_other_side_ids(tmp_path, capsys):
    scenario = write_north_south(tmp_path)
    campaign = tmp_path / "wargame.campaign"
    assert run(capsys, "new", campaign, "--scenario", scenario, "--wargame", "--computer", "Imperial")[0] == 0
    code, out, err = run(capsys, "computer", campaign, "--side", "both", "--seed", 3)
    assert code == 0, err
    assert out.splitlines()[-1].startswith("The campaign is over: ")
    view = json.loads(run(capsys, "show", campaign, "--json")[1])
    assert view["phase"] == "finished" and set(view["vp"]) == {"north", "south"}
    log = json.loads(run(capsys, "log", campaign, "--json")[1])
    rolls = [entry["dice"] for entry in log if entry["type"] == "initiative"]
    assert rolls and all(set(dice) == {"north", "south"} for dice in rolls)
    battles = [entry for entry in log if entry["type"] == "battle"]
    assert battles and all(entry.get("by_computer") for entry in battles)
