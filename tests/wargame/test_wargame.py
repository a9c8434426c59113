"""The General's Wargame on its own (rule 1.7, RULES.md): factors summed and shown alike, the
book's worked example, every row of the destruction table, the RAF and the Metaxas Line, exact
odds against brute force and a million simulated throws, and the commands' refusals."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from campaign_manager.engine import wargame
from campaign_manager.scenario import load_scenario
from tests.shared import run

SC = load_scenario()


def fight(capsys, *argv):
    code, out, err = run(capsys, "wargame", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_the_worked_example(capsys):
    # Turn 2, Greeks attack C2 → B2 (rough), 2 Greek against 2 Italian infantry, dice 5 and 4:
    # totals 9 and 6, difference 3: each Italian destroyed on 5+, the Greeks not rolled for.
    result = fight(
        capsys,
        "--terrain",
        "rough",
        "--turn",
        "2",
        "--attacker",
        "greek:infantry,greek:infantry",
        "--defender",
        "italian:infantry,italian:infantry",
        "--dice",
        "5,4",
    )
    assert (result["attacker_total"], result["defender_total"], result["difference"]) == (9, 6, 3)
    assert result["winner"] == "attacker"
    assert result["defender_troops_destroyed_on"] == 5 and result["attacker_troops_destroyed_on"] is None
    assert sum(f["value"] for f in result["attacker_factors"]) + 5 == result["attacker_total"], (
        "the factors shown are the factors summed"
    )


@pytest.mark.parametrize(
    ("dice", "difference", "loser_on", "winner_on"),
    [
        ((3, 3), 0, 6, 6),  # a draw: both sides' troops on 6
        ((4, 3), 1, 6, 6),
        ((5, 3), 2, 6, 6),
        ((6, 3), 3, 5, None),
        ((6, 2), 4, 5, None),
        ((6, 1), 5, 4, None),
    ],
)
def test_every_row_of_the_destruction_table(capsys, dice, difference, loser_on, winner_on):
    # Greek infantry on plain (+1) against Italian infantry on plain (+1): the difference is the dice's.
    result = fight(
        capsys,
        "--terrain",
        "plain",
        "--turn",
        "2",
        "--attacker",
        "greek:infantry",
        "--defender",
        "italian:infantry",
        "--dice",
        f"{dice[0]},{dice[1]}",
    )
    assert result["difference"] == difference
    if difference == 0:
        assert result["winner"] == "draw"
        assert result["attacker_troops_destroyed_on"] == result["defender_troops_destroyed_on"] == 6
    else:
        assert result["winner"] == "attacker"
        assert result["defender_troops_destroyed_on"] == loser_on
        assert result["attacker_troops_destroyed_on"] == winner_on


def test_a_bigger_difference_and_a_defender_win(capsys):
    result = fight(
        capsys,
        "--terrain",
        "plain",
        "--turn",
        "4",
        "--attacker",
        "greek:infantry",
        "--defender",
        "german:armour",
        "--dice",
        "1,6",
    )  # 1 + 1 against 6 + 4: 10 – 2 = 8
    assert result["winner"] == "defender" and result["difference"] == 8
    assert result["attacker_troops_destroyed_on"] == 4 and result["defender_troops_destroyed_on"] is None


def test_a_side_without_ground_troops_rolls_nothing(capsys):
    """An aircraft alone defends, or nothing does: the loser's target is in the table, but there is no
    troop to roll for, so the answer is null and the words say so (aircraft are never rolled for)."""
    for defence in (["--defender-sortie", "british"], []):
        result = fight(
            capsys, "--terrain", "plain", "--turn", "2", "--attacker", "italian:infantry", *defence, "--dice", "5,2"
        )
        assert result["winner"] == "attacker" and result["difference"] == 4
        assert result["defender_troops_destroyed_on"] is None and result["attacker_troops_destroyed_on"] is None
    code, out, _ = run(
        capsys,
        "wargame",
        "--terrain",
        "plain",
        "--turn",
        "2",
        "--attacker",
        "italian:infantry",
        "--defender-sortie",
        "british",
        "--dice",
        "5,2",
    )
    assert code == 0 and "The defender committed no ground troops: nothing to roll for" in out
    assert "defender's troops are destroyed" not in out


def test_the_raf_adds_only_against_enemy_aircraft(capsys):
    alone = fight(
        capsys,
        "--terrain",
        "rough",
        "--turn",
        "4",
        "--attacker",
        "german:infantry",
        "--defender",
        "greek:infantry",
        "--defender-sortie",
        "british",
        "--dice",
        "3,3",
    )
    assert alone["defender_total"] == 3 + 2 + 0
    assert any("adds nothing" in f["reason"] and f["value"] == 0 for f in alone["defender_factors"])
    against = fight(
        capsys,
        "--terrain",
        "rough",
        "--turn",
        "4",
        "--attacker",
        "german:infantry",
        "--attacker-sortie",
        "german",
        "--defender",
        "greek:infantry",
        "--defender-sortie",
        "british",
        "--dice",
        "3,3",
    )
    assert against["defender_total"] == 3 + 2 + 1 and against["attacker_total"] == 3 + 2 + 2


def test_the_metaxas_line_adds_only_in_rough_terrain(capsys):
    rough = fight(
        capsys,
        "--terrain",
        "rough",
        "--turn",
        "4",
        "--attacker",
        "german:infantry",
        "--defender",
        "greek:infantry",
        "--metaxas",
        "--dice",
        "3,3",
    )
    plain = fight(
        capsys,
        "--terrain",
        "plain",
        "--turn",
        "4",
        "--attacker",
        "german:infantry",
        "--defender",
        "greek:infantry",
        "--metaxas",
        "--dice",
        "3,3",
    )
    assert rough["defender_total"] == 3 + 2 + 1 and plain["defender_total"] == 3 + 1 + 0


def test_italian_armour_is_the_turns_model(capsys):
    one = fight(capsys, "--terrain", "plain", "--turn", "1", "--attacker", "italian:armour", "--dice", "1,1")
    two = fight(capsys, "--terrain", "plain", "--turn", "2", "--attacker", "italian:armour", "--dice", "1,1")
    assert one["attacker_total"] == 2 and "M11/39" in one["attacker_factors"][0]["reason"]
    assert two["attacker_total"] == 3 and "M13/40" in two["attacker_factors"][0]["reason"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--attacker", "greek:tank"], "no kind 'tank'"),
        (["--attacker", "french:infantry"], "no nation 'french'"),
        (["--attacker", "infantry"], "write NATION:KIND, e.g."),
        (["--attacker", "greek:infantry", "--dice", "7,3"], "cannot show 7"),
        (["--attacker", "greek:infantry", "--dice", "3"], "two dice"),
        (["--attacker", "greek:infantry,greek:infantry,greek:infantry"], "at most 2"),
        (
            [
                "--attacker",
                "greek:infantry",
                "--defender",
                "italian:infantry",
                "--defender-sortie",
                "italian",
                "--defender-sortie",
                "italian",
            ],
            "at most one air sortie",
        ),
        (["--attacker", "", "--attacker-sortie", "british"], "at least one ground troop"),
        (["--attacker", "greek:infantry", "--defender", "greek:infantry"], "sides differ"),
    ],
)
def test_impossible_battles_are_refused_in_one_line(capsys, argv, words):
    code, out, err = run(capsys, "wargame", "--terrain", "rough", "--turn", "2", *argv)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["wargame", "odds"])
@pytest.mark.parametrize(
    ("attacker", "defender", "words"),
    [
        ("greek:infantry", "italian:infantry", "Rule 1.3: the Metaxas Line holds off only the Axis"),
        (
            "german:infantry",
            "british:infantry",
            "at least one Greek troop defends behind it (the defenders here: British)",
        ),
        ("german:infantry", "", "at least one Greek troop defends behind it (the defenders here: nobody)"),
    ],
)
def test_impossible_fortified_line_cases_are_refused_in_one_line(capsys, command, attacker, defender, words):
    """RULES.md 1.3, DECISION (fortified line): it counts only when at least one troop of the
    line's nation (the scenario's data: Greek here) defends, against the side it holds off."""
    argv = [command, "--terrain", "rough", "--turn", "4", "--attacker", attacker, "--defender", defender, "--metaxas"]
    code, out, err = run(capsys, *argv)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert not out
    code, out, err = run(
        capsys,
        command,
        "--terrain",
        "rough",
        "--turn",
        "4",
        "--attacker",
        "german:infantry",
        "--defender",
        "british:infantry,greek:infantry",
        "--metaxas",
        "--json",
    )
    assert code == 0, "a Greek troop beside the British: the line counts"


def brute_force(attacker_bonus: int, defender_bonus: int) -> tuple[Fraction, Fraction, Fraction]:
    results = Counter()
    for a in range(1, 7):
        for d in range(1, 7):
            results[
                "a"
                if a + attacker_bonus > d + defender_bonus
                else "d"
                if d + defender_bonus > a + attacker_bonus
                else "="
            ] += 1
    return Fraction(results["a"], 36), Fraction(results["="], 36), Fraction(results["d"], 36)


@pytest.mark.parametrize(("attacker_bonus", "defender_bonus"), [(4, 2), (0, 0), (1, 7), (6, 0)])
def test_exact_odds_equal_a_brute_force_enumeration(attacker_bonus, defender_bonus):
    found = wargame.odds(SC, attacker_bonus, defender_bonus)
    assert (found.attacker_win, found.draw, found.defender_win) == brute_force(attacker_bonus, defender_bonus)
    assert found.attacker_win + found.draw + found.defender_win == 1


def test_a_million_simulated_throws_land_within_a_fifth_of_a_percent():
    found = wargame.odds(SC, 4, 2)
    rng = random.Random(2026)
    attackers = rng.choices(range(1, 7), k=1_000_000)
    defenders = rng.choices(range(1, 7), k=1_000_000)
    wins = sum(1 for a, d in zip(attackers, defenders) if a + 4 > d + 2)
    draws = sum(1 for a, d in zip(attackers, defenders) if a + 4 == d + 2)
    assert abs(wins / 1_000_000 - float(found.attacker_win)) < 0.002
    assert abs(draws / 1_000_000 - float(found.draw)) < 0.002


def test_destruction_chances_follow_the_table():
    # Bonuses 4 and 2: enumerate by hand what each troop's chance of destruction is.
    expected_a = expected_d = Fraction(0)
    for a in range(1, 7):
        for d in range(1, 7):
            result = wargame.outcome(SC, a + 4, d + 2)
            expected_a += Fraction(1, 36) * (Fraction(7 - result.vs_attacker, 6) if result.vs_attacker else 0)
            expected_d += Fraction(1, 36) * (Fraction(7 - result.vs_defender, 6) if result.vs_defender else 0)
    found = wargame.odds(SC, 4, 2)
    assert (found.attacker_destroyed, found.defender_destroyed) == (expected_a, expected_d)


def test_the_odds_command(capsys):
    code, out, err = run(
        capsys,
        "odds",
        "--terrain",
        "rough",
        "--turn",
        "2",
        "--attacker",
        "greek:infantry,greek:infantry",
        "--defender",
        "italian:infantry,italian:infantry",
        "--json",
    )
    data = json.loads(out)
    assert code == 0
    assert abs(data["attacker_win"] + data["draw"] + data["defender_win"] - 1) < 1e-12
    assert data["attacker_win"] == float(Fraction(26, 36))  # 4 against 2: the attacker needs a + 2 > d
    assert [t["side"] for t in data["troops"]] == ["attacker", "attacker", "defender", "defender"]
