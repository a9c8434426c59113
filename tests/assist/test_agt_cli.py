"""`campaign-manager assist agt ...`: exact names and JSON keys, exit code 2 with a message."""

from __future__ import annotations

import json

import pytest

from campaign_manager.cli import main


def run(capsys, *argv):
    code = main(["assist", "agt", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("attacker, defender, odds", [(21, 11, "2:1"), (10, 15, "1:1.5"), (10, 11, "1:1")])
def test_odds_books_examples(capsys, attacker, defender, odds):
    assert run_json(capsys, "odds", "--attacker", str(attacker), "--defender", str(defender))["odds"] == odds


def test_odds_with_an_isolated_defender(capsys):
    assert run_json(capsys, "odds", "--attacker", "10", "--defender", "11", "--defender-isolated")["odds"] == "2:1"


def test_aa_kalpaki(capsys):
    data = run_json(capsys, "aa", "--die", "6", "--strength", "5")
    assert data["neutralised"] == 2 and isinstance(data["neutralised"], int)


@pytest.mark.parametrize("die", ["10", "-1"])
def test_aa_die_outside_the_d10_exits_2_with_a_message(capsys, die):
    code, out, err = run(capsys, "aa", "--die", die, "--strength", "5", "--json")
    assert code == 2 and out == ""
    assert f"cannot show {die}" in err and "8.75" in err


def test_odds_without_strength_exits_2(capsys):
    code, _, err = run(capsys, "odds", "--attacker", "0", "--defender", "4")
    assert code == 2 and "8.25" in err


def test_combat_lists_and_sums_modifiers(capsys):
    data = run_json(capsys, "combat", "--attacker", "9", "--defender", "6", "--aggressive", "--concentric",
                    "--attacker-artillery", "1", "--defender-air", "2", "--terrain", "rough", "--die", "3")
    assert data["odds"] == "1.5:1" and data["drm"] == 1 + 2 + 1 - 2 and data["die"] == 3
    assert "the Terrain Effects Chart (rough)" in data["to_read"] and data["adjusted"] is None


def test_the_other_calculators(capsys):
    assert run_json(capsys, "cohesion", "--test", "infiltration", "--cohesion", "5", "--die", "2")["passed"]
    assert run_json(capsys, "initiative", "--scenario", "historical", "--turn", "2", "--italian", "5",
                    "--greek", "3")["winner"] is None
    assert run_json(capsys, "air-limits", "--weather", "rain", "--die", "4")["italian"] == 9
    assert not run_json(capsys, "stacking", "--terrain", "mountain", "--units", "3,3")["allowed"]


def test_tracker_commands_keep_the_game_in_the_file(capsys, tmp_path):
    path = str(tmp_path / "game.agt")
    run_json(capsys, "game", "new", path, "--scenario", "historical")
    data = run_json(capsys, "cup", "turn", path, "--month", "jan", "--italian", "XXV,XXVI",
                    "--greek", "A,B,C", "--first", "XXV")
    assert len(data["cup"]) == 11 and data["drawn"] == ["Italian XXV #1"]
    data = run_json(capsys, "cup", "draw", path, "--marker", "Mussolini #1", "--event-die", "9", "--seed", "3")
    assert len(data["removed"]) == 3  # six Greek markers in Winter: half, rounded up
    data = run_json(capsys, "port", "bomb", path, "--port", "Vlore", "--bombers", "1")
    assert data["ports"]["Vlore"] == 16
    data = run_json(capsys, "game", "undo", path)
    assert data["ports"]["Vlore"] == 18
    shown = run_json(capsys, "game", "show", path)
    assert shown["turn"] == 1 and shown["month"] == "jan" and len(shown["history"]) == 2
    code, _, err = run(capsys, "cup", "draw", path, "--marker", "Greek Z #1")
    assert code == 2 and "not in the cup" in err
    code, _, err = run(capsys, "port", "build", path, "--port", "Vlore", "--points", "1")
    assert code == 0, err
