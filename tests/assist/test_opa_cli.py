"""`campaign-manager assist opa ...`: the exact commands, their JSON keys and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from campaign_manager.cli import main
from tests.shared import ROOT


def run(capsys, *words: str) -> tuple[int, str, str]:
    code = main(["assist", "opa", *words])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *words: str) -> dict:
    code, out, err = run(capsys, *words, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    "target, hits",
    [
        ("column", 3),
        ("square", 3),
        ("flank", 3),
        ("cavalry-column", 2),
        ("limbered", 2),
        ("line", 1),
        ("unlimbered", 1),
        ("cover", 1),
    ],
)
def test_fire_reports_hits_for_every_target(capsys, target, hits):
    assert run_json(capsys, "fire", "--target", target, "--dice", "3,2,6,4")["hits"] == hits


@pytest.mark.parametrize(
    "cls, die, passed",
    [
        ("A", 2, True),
        ("A", 1, False),
        ("B", 3, True),
        ("B", 2, False),
        ("C", 4, True),
        ("C", 3, False),
        ("D", 5, True),
        ("D", 4, False),
        ("E", 6, True),
        ("E", 5, False),
    ],
)
def test_rally_reports_passed_for_every_class(capsys, cls, die, passed):
    assert run_json(capsys, "rally", "--class", cls, "--die", str(die))["passed"] is passed


@pytest.mark.parametrize(
    "words, message",
    [
        (["rally", "--class", "A", "--die", "7"], "Rally die: a d6 cannot show 7"),
        (["rally", "--class", "G", "--die", "3"], "Unit class 'G' is not an Opa Opa class"),
        (["fire", "--target", "line", "--dice", "5,7"], "Fire die 2: a d6 cannot show 7"),
        (["fire", "--target", "wood", "--dice", "5"], "Target 'wood' is not in Opa Opa's tables"),
        (["rally", "--class", "B", "--die", "4", "--no-hold"], "HOLD card"),
    ],
)
def test_impossible_requests_exit_2_with_a_message(capsys, words, message):
    code, out, err = run(capsys, *words)
    assert code == 2 and out == ""
    assert err.startswith("campaign-manager: ") and message in err and len(err.splitlines()) == 1


def test_reaction_hitcheck_and_orders(capsys):
    reacted = run_json(capsys, "reaction", "--class", "C", "--die", "4", "--shaken")
    assert reacted["passed"] is False and reacted["modified"] == 3 and reacted["needed"] == 4
    checked = run_json(capsys, "hitcheck", "--hits", "2", "--die", "2", "--shaken")
    assert checked["outcome"] == "routed"
    assert run_json(capsys, "hitcheck", "--hits", "1", "--artillery")["outcome"] == "shaken"
    cards = run_json(capsys, "orders")["cards"]
    assert [c["card"] for c in cards] == ["MARCH", "ATTACK", "HOLD", "ARTILLERY", "SKIRMISH", "DEPLOY"]


def test_close_combat_totals_and_winner(capsys):
    result = run_json(
        capsys,
        "close-combat",
        "--attacker",
        "turkish-infantry-line",
        "--defender",
        "greek-infantry-line",
        "--attacker-die",
        "3",
        "--defender-die",
        "4",
        "--attacker-figures",
        "16",
        "--defender-figures",
        "8",
        "--defender-support",
        "1",
        "--defender-terrain",
        "2",
        "--fanatic",
    )
    # 3 + 4 (table) + 1 (outnumbers by 8) + 2 (odds 2:1) + 2 (fanatic) against 4 + 3 + 2 + 1
    assert result["attacker"]["total"] == 12 and result["defender"]["total"] == 10
    assert result["winner"] == "attacker"
    assert [f["value"] for f in result["defender"]["factors"]] == [3, 2, 1]


def test_text_output_and_the_real_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "campaign_manager", "assist", "opa", "fire", "--target", "cover", "--dice", "4,5,6"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("2 hits on any unit in cover")
