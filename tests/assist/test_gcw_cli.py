"""`campaign-manager assist gcw ...`: exact command names, JSON keys and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from campaign_manager.cli import main
from tests.shared import ROOT


def run(capsys, *argv: str) -> tuple[int, dict | str, str]:
    code = main(["assist", "gcw", *argv])
    out, err = capsys.readouterr()
    try:
        return code, json.loads(out), err
    except json.JSONDecodeError:
        return code, out, err


def test_conflict_command_as_the_issue_spells_it():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "campaign_manager",
            "assist",
            "gcw",
            "conflict",
            "--attacker",
            "9",
            "--defender",
            "6",
            "--table",
            "open",
            "--die",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["column"], data["result"]) == ("1:1", "50%A(-2)")


@pytest.mark.parametrize(
    "argv,column,result",
    [
        (["--attacker", "3", "--defender", "4", "--table", "open", "--die", "6"], "<1:1", "100%D(-1)"),
        (["--attacker", "9", "--defender", "6", "--table", "open", "--die", "5", "--airstrike", "attack"], "2:1", "EA"),
        (
            ["--attacker", "9", "--defender", "6", "--table", "open", "--die", "3", "--airstrike", "defend"],
            "<1:1",
            "100%A(-1)",
        ),
        (["--attacker", "8", "--defender", "2", "--table", "infrastructure", "--die", "2"], "4:1", "100%D(+1)"),
    ],
)
def test_conflict_json_keys(capsys, argv, column, result):
    code, data, _ = run(capsys, "conflict", *argv, "--json")
    assert code == 0 and (data["column"], data["result"]) == (column, result)


def test_conflict_counts_units_and_pp(capsys):
    code, data, _ = run(
        capsys,
        "conflict",
        "--attacker",
        "7",
        "--defender",
        "2",
        "--table",
        "infrastructure",
        "--die",
        "5",
        "--buy-modifier",
        "attacker",
        "--defending-units",
        "3",
        "--json",
    )
    assert (data["modified_die"], data["result"], data["units_affected"]) == (6, "OK", 3)
    assert data["political_points"] == {"attacker": 2, "defender": 0} and data["terror"] == "placed"


@pytest.mark.parametrize(
    "extra,message",
    [
        (
            ["--table", "infrastructure", "--die", "3", "--airstrike", "attack"],
            "Airstrike cannot be used on the Infrastructure",
        ),
        (["--table", "open", "--die", "7"], "a d6 cannot show 7"),
    ],
)
def test_impossible_conflicts_exit_2_with_a_message(capsys, extra, message):
    code, _, err = run(capsys, "conflict", "--attacker", "9", "--defender", "6", *extra, "--json")
    assert code == 2 and message.lower() in err.lower()


def test_conflict_text_explains_the_result(capsys):
    code, out, _ = run(
        capsys,
        "conflict",
        "--attacker",
        "3",
        "--defender",
        "4",
        "--table",
        "open",
        "--die",
        "1",
        "--attacking-units",
        "3",
    )
    assert code == 0 and "Result MD" in out and "2 of 3" in out


def test_attrition_and_standing(capsys):
    assert run(capsys, "attrition", "--units", "3", "--turn", "2", "--json")[1]["reduced"] == 2
    assert run(capsys, "attrition", "--units", "3", "--turn", "3")[0] == 2
    code, data, _ = run(capsys, "standing", "--government", "50", "--dse", "50", "--json")
    assert data["tie"] and data["level"] is None and data["victory_check_now"] == "draw"
    code, data, _ = run(capsys, "standing", "--government", "62", "--dse", "60", "--json")
    # 6.2: more Political Points win a victory check; no "margin level" while nobody has won.
    assert (data["leader"], data["victory_check_now"], data["level"]) == ("government", "government", None)


def test_tracker_new_apply_show_undo_redo(capsys, tmp_path):
    path = str(tmp_path / "game.gcw")
    code, data, _ = run(capsys, "tracker", "new", path, "--end-after-turn", "10", "--json")
    assert code == 0 and (data["government_pi"], data["dse_pi"]) == (60, 50)
    for step in ('{"type": "doctrine", "doctrine": "area"}', '{"type": "next_turn"}', '{"type": "next_turn"}'):
        run(capsys, "tracker", "apply", path, step)
    run(capsys, "tracker", "apply", path, '{"type": "mobilization", "side": "government"}')
    action = tmp_path / "resettle.json"
    action.write_text('{"type": "resettle", "region": "Evritania", "die": 3}', encoding="utf-8")
    code, data, _ = run(capsys, "tracker", "apply", path, str(action), "--json")
    assert (data["government_pi"], data["dse_pi"], data["terror_regions"]) == (57, 53, ["Evritania"])
    code, data, _ = run(capsys, "tracker", "apply", path, '{"type": "control_penalties"}', "--json")
    assert data["government_pi"] == 55  # one Terror region and one resettled
    assert run(capsys, "tracker", "undo", path, "--json")[1]["government_pi"] == 57
    assert run(capsys, "tracker", "redo", path, "--json")[1]["government_pi"] == 55
    code, out, _ = run(capsys, "tracker", "show", path)
    assert code == 0 and "Government 55" in out and "Evritania" in out


def test_tracker_refusals_exit_2(capsys, tmp_path):
    path = str(tmp_path / "game.gcw")
    run(capsys, "tracker", "new", path)
    code, _, err = run(capsys, "tracker", "apply", path, '{"type": "mobilization", "side": "dse"}')
    assert code == 2 and "Rule 5.0" in err
    code, _, err = run(capsys, "tracker", "apply", path, '{"type": "resettle", "region": "X", "die": 9}')
    assert code == 2 and "'resettle' action: die: should be at most 6, not 9" in err
    code, _, err = run(capsys, "tracker", "undo", path)
    assert code == 2 and "nothing to undo" in err


def test_standing_says_a_collapsed_index_counts_as_0_and_has_lost(capsys):
    code, out, _ = run(capsys, "standing", "--government", "-3", "--dse", "80")
    assert code == 0
    assert out.startswith(
        "Government's index is at 0 or less (it counts as 0): the Government has lost at once "
        "and the DSE wins (sudden death, 6.1) with 80 points: a Turning Point (6.1)."
    )
    assert "no next turn" in out and "chooses who goes first" not in out
    code, data, _ = run(capsys, "standing", "--government", "-3", "--dse", "80", "--json")
    assert data["collapsed"] == ["government"] and (data["leader"], data["margin"]) == ("dse", 80)
    code, data, _ = run(capsys, "standing", "--government", "60", "--dse", "50", "--json")
    assert data["collapsed"] == []


def test_standing_with_both_indices_collapsed_names_no_winner(capsys):
    code, data, _ = run(capsys, "standing", "--government", "-3", "--dse", "-5", "--json")
    assert code == 0 and data["collapsed"] == ["government", "dse"]
    assert (data["leader"], data["margin"], data["level"]) == (None, 0, "Draw")
    code, out, _ = run(capsys, "standing", "--government", "-3", "--dse", "-5")
    assert "Both indices are at 0 or less" in out


def test_tracker_apply_help_names_the_action_types_and_the_docs(capsys):
    with pytest.raises(SystemExit):
        main(["assist", "gcw", "tracker", "apply", "--help"])
    out = capsys.readouterr().out
    assert "docs/assist.md" in out
    for kind in (
        "adjust",
        "control",
        "terror",
        "resettle",
        "control_penalties",
        "doctrine",
        "mobilization",
        "spend",
        "initiative",
        "next_turn",
        "victory_check",
    ):
        assert kind in out


def test_a_tracker_action_file_that_is_not_one_is_refused_in_one_line(capsys, tmp_path):
    """The action given as a file is read as every input is: a FIFO with no writer, a device or
    bytes that are not UTF-8 are one sentence each, at once (a FIFO once hung the command)."""
    import os
    import signal

    path = str(tmp_path / "game.gcw")
    run(capsys, "tracker", "new", path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"type": "terror", "region": "Ath\xe8nes"}')
    long_number = tmp_path / "long.json"
    long_number.write_text('{"type": "terror", "n": ' + "9" * 5000 + "}")
    cases = [(fifo, "named pipe"), (os.devnull, "is a device"), (latin, "not UTF-8"), (long_number, "not valid JSON")]
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError("still waiting")))
    try:
        for given, words in cases:
            signal.alarm(5)
            code, _, err = run(capsys, "tracker", "apply", path, str(given))
            signal.alarm(0)
            assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
