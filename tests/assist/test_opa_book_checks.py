"""Opa Opa: a "no" is an answer (exit 0), the close-combat notes fit the units' state, and every
count has a bound (the book prints no unit sizes: opa.toml [limits])."""

from __future__ import annotations

import json

import pytest

from campaign_manager.assist.opa.combat import CombatSide, close_combat
from campaign_manager.assist.opa.tables import shipped_tables
from campaign_manager.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["assist", "opa", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_step_5_a_routed_units_reaction_is_the_answer_no_with_exit_0(capsys):
    """Step 5's reaction roll: "no ROUT reaction" answers no; the docs say a "no" exits 0."""
    code, out, err = run(capsys, "reaction", "--class", "B", "--routed", "--json")
    data = json.loads(out)
    assert code == 0 and err == ""
    assert (data["passed"], data["die"], data["modified"]) == (False, None, None)
    assert "routed unit cannot react" in data["explanation"]


def test_step_6_a_shaken_defender_that_loses_is_not_said_to_become_shaken():
    """Step 6 (and the shaken condition): losing a combat shakes a unit; one already shaken is
    not told it "is shaken" again."""
    tables = shipped_tables()
    result = close_combat(
        tables,
        CombatSide("turkish-infantry-column", die=6),
        CombatSide("greek-infantry-line", die=1, shaken=True),
    )
    assert result.winner == "attacker"
    assert "The losing defender is shaken." not in result.notes
    assert any("already shaken" in note for note in result.notes)
    fresh = close_combat(tables, CombatSide("turkish-infantry-column", die=6), CombatSide("greek-infantry-line", die=1))
    assert "The losing defender is shaken." in fresh.notes


def test_step_6_a_shaken_one_figure_defender_still_counts_one_figure(capsys):
    """Shaken: half strength; a unit of one figure is still one figure, not 0 (no 8:0 odds)."""
    code, out, _ = run(
        capsys,
        "close-combat",
        "--attacker", "turkish-infantry-column", "--attacker-die", "3", "--attacker-figures", "8",
        "--defender", "greek-infantry-line", "--defender-die", "3", "--defender-figures", "1",
        "--defender-shaken", "--json",
    )  # fmt: skip
    data = json.loads(out)
    reasons = [f["reason"] for f in data["attacker"]["factors"]]
    assert code == 0 and "odds 4:1, 8 to 1 figures" in reasons
    assert not any("to 0 figures" in reason for reason in reasons)


@pytest.mark.parametrize(
    "argv,message",
    [
        (["fire", "--target", "line", "--stands", "100000000"], "100000000 stands are more than any unit has"),
        (["fire", "--target", "line", "--dice", ",".join(["3"] * 49)], "49 dice are more than one unit can throw"),
        (["hitcheck", "--hits", "1000", "--die", "3"], "1000 hits are more than fire can cause"),
        (
            ["close-combat", "--attacker", "cavalry-line", "--attacker-die", "3", "--attacker-figures", "100000",
             "--defender", "artillery", "--defender-die", "2", "--defender-figures", "4"],
            "at most 400 figures",
        ),
        (
            ["close-combat", "--attacker", "cavalry-line", "--attacker-die", "3", "--attacker-support", "1000",
             "--defender", "artillery", "--defender-die", "2"],
            "at most 12",
        ),
    ],
)  # fmt: skip
def test_every_count_has_a_bound(capsys, argv, message):
    """Steps 2 and 6 count stands, dice, hits, figures and supports: absurd numbers are refused."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
