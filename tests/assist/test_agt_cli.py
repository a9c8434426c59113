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
    data = run_json(
        capsys,
        "combat",
        "--attacker",
        "9",
        "--defender",
        "6",
        "--aggressive",
        "--concentric",
        "--attacker-artillery",
        "1",
        "--defender-air",
        "2",
        "--terrain",
        "rough",
        "--die",
        "3",
    )
    assert data["odds"] == "1.5:1" and data["drm"] == 1 + 2 + 1 - 2 and data["die"] == 3
    assert "the Terrain Effects Chart (rough)" in data["to_read"] and data["adjusted"] is None


@pytest.mark.parametrize("spelling", ["river-hexside", "river hexside"])
def test_a_river_hexside_is_named_with_a_hyphen_or_a_space(capsys, spelling):
    data = run_json(capsys, "combat", "--attacker", "6", "--defender", "6", "--terrain", spelling, "--die", "3")
    assert "the Terrain Effects Chart (river hexside)" in data["to_read"]


def test_the_other_calculators(capsys):
    assert run_json(capsys, "cohesion", "--test", "infiltration", "--cohesion", "5", "--die", "2")["passed"]
    assert (
        run_json(capsys, "initiative", "--scenario", "historical", "--turn", "2", "--italian", "5", "--greek", "3")[
            "winner"
        ]
        is None
    )
    assert run_json(capsys, "air-limits", "--weather", "rain", "--die", "4")["italian"] == 9
    assert not run_json(capsys, "stacking", "--terrain", "mountain", "--units", "3,3")["allowed"]


def test_tracker_commands_keep_the_game_in_the_file(capsys, tmp_path):
    path = str(tmp_path / "game.agt")
    run_json(capsys, "game", "new", path, "--scenario", "historical")
    for month in ("nov", "dec"):  # the scenario starts in November, one turn a month (10.0)
        run_json(capsys, "cup", "turn", path, "--month", month, "--italian", "XXV", "--greek", "A")
    data = run_json(
        capsys, "cup", "turn", path, "--month", "jan", "--italian", "XXV,XXVI", "--greek", "A,B,C", "--first", "XXV"
    )
    assert len(data["cup"]) == 11 and data["drawn"] == ["Italian XXV #1"]
    data = run_json(capsys, "cup", "draw", path, "--marker", "Mussolini #1", "--event-die", "9", "--seed", "3")
    assert len(data["removed"]) == 3  # six Greek markers in Winter: half, rounded up
    data = run_json(capsys, "port", "bomb", path, "--port", "Vlore", "--bombers", "1")
    assert data["ports"]["Vlore"] == 16
    data = run_json(capsys, "game", "undo", path)
    assert data["ports"]["Vlore"] == 18
    shown = run_json(capsys, "game", "show", path)
    assert shown["turn"] == 3 and shown["month"] == "jan" and len(shown["history"]) == 4
    code, _, err = run(capsys, "cup", "draw", path, "--marker", "Greek Z #1")
    assert code == 2 and "not in the cup" in err
    code, _, err = run(capsys, "port", "build", path, "--port", "Vlore", "--points", "1")
    assert code == 0, err


def flat(text: str) -> str:
    """argparse wraps help text; compare it with single spaces."""
    return " ".join(text.split())


@pytest.fixture
def charts_file(tmp_path, monkeypatch):
    """The combat command reads this file instead of the shipped agt_owner.toml."""
    from campaign_manager.assist.agt import charts
    from campaign_manager.cli.assist import agt as agt_cli

    path = tmp_path / "agt_owner.toml"
    monkeypatch.setattr(agt_cli, "load_charts", lambda: charts.load_charts(path))
    return path


def test_combat_help_says_the_result_needs_the_owners_charts(capsys):
    with pytest.raises(SystemExit):
        main(["assist", "agt", "combat", "--help"])
    text = flat(capsys.readouterr().out)
    assert "printed only on the game's own charts" in text
    assert "Combat Results Table" in text and "terrain and weather charts" in text
    assert '"Charts from the map" tab' in text and "resources/assist/agt_owner.toml" in text
    assert "the odds, the die modifiers and the adjusted die, to read on the printed chart" in text
    with pytest.raises(SystemExit):
        main(["assist", "agt", "--help"])
    assert "the result once the owner has filled in the Combat Results Table" in flat(capsys.readouterr().out)


def test_combat_without_the_owners_charts_says_where_to_fill_them(capsys, charts_file):
    code, out, _ = run(capsys, "combat", "--attacker", "10", "--defender", "4", "--aggressive", "--die", "5")
    assert code == 0
    assert "Known modifiers total +1; die 5; adjusted die so far 6" in out
    assert "Add the modifiers from the printed charts: the Combat Results Table's odds row (2.5:1)" in out
    assert "Then read the result on the printed Combat Results Table." in out
    note = out.strip().splitlines()[-1]
    assert "printed only on the game's own charts" in note and "fills them in once" in note
    assert '"Charts from the map" tab' in note and "resources/assist/agt_owner.toml" in note
    assert run_json(capsys, "combat", "--attacker", "10", "--defender", "4", "--die", "5")["known_adjusted"] == 5


def test_combat_with_the_owners_charts_gives_the_result_and_no_note(capsys, charts_file):
    charts_file.write_text(
        '[odds_drm."2.5:1"]\nDRM = 2\n\n[crt."7"]\nattacker = "-"\ndefender = "rd"\n', encoding="utf-8"
    )
    code, out, _ = run(capsys, "combat", "--attacker", "10", "--defender", "4", "--die", "5")
    assert code == 0 and "Adjusted die 7, a cautious attack and a flexible defence: attacker -, defender rd" in out
    assert "printed only" not in out and "Add the modifiers" not in out


@pytest.mark.parametrize(
    "argv, first_line",
    [
        (
            ("--terrain", "mountain", "--units", "5,3,4"),
            "NOT allowed: 12 strength points in a mountain hex, the limit is 5 (or one unit) — rule 6.42",
        ),
        (
            ("--terrain", "mountain", "--units", "3,2"),
            "Allowed: 5 strength points in a mountain hex, the limit is 5 (or one unit) — rule 6.42",
        ),
        (
            ("--terrain", "mountain", "--units", "9"),
            "Allowed: a single unit of 9 strength points always fits a mountain hex, whatever the limit of 5 "
            "— rule 6.42",
        ),
        (
            ("--terrain", "rough", "--units", "5,3", "--artillery", "2"),
            "NOT allowed: 2 artillery units in one hex, only 1 may stack there — rule 6.42",
        ),
    ],
)
def test_stacking_text_starts_with_the_verdict_and_exits_0(capsys, argv, first_line):
    code, out, err = run(capsys, "stacking", *argv)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == first_line


def test_stacking_json_keeps_its_keys(capsys):
    data = run_json(capsys, "stacking", "--terrain", "mountain", "--units", "5,3,4")
    assert set(data) == {"allowed", "total", "limit", "faults"}
    assert (data["allowed"], data["total"], data["limit"]) == (False, 12, 5)
    assert data["faults"] == ["12 strength points in a mountain hex, the limit is 5 (or one unit) — rule 6.42"]


def test_port_use_counts_capacity_and_refuses_past_it_naming_rule_and_port(capsys, tmp_path):
    """6.81: `port use` counts what a port passes this turn, shows used and left, and refuses
    more than the port's capacity with one line and exit code 2; 9.11: a refit is 2 points."""
    path = str(tmp_path / "g.agt")
    run_json(capsys, "game", "new", path, "--scenario", "historical")
    run_json(capsys, "cup", "turn", path, "--month", "nov", "--italian", "XXV", "--greek", "A")
    data = run_json(capsys, "port", "use", path, "--port", "Kerkira", "--for", "refit", "--refits", "3")
    assert (data["port_used"]["Kerkira"], data["port_left"]["Kerkira"], data["port_left"]["Vlore"]) == (6, 4, 18)
    code, out, err = run(capsys, "port", "use", path, "--port", "Kerkira", "--for", "landing", "--points", "5")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "Rule 6.81: Kerkira can pass only 4 more" in err
    code, _, err = run(capsys, "port", "use", path, "--port", "Kerkira", "--for", "refit", "--points", "2")
    assert code == 2 and "give --refits for refit, not --points" in err
    code, out, _ = run(capsys, "game", "show", path)
    assert "Capacity used this turn: Kerkira 6 of 10 (4 left)" in out
