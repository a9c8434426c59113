"""Opa Opa close combat: the book's factor table cell by cell, the additional factors, and
the winner (RULES.md 4)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.opa.combat import CombatSide, close_combat
from campaign_manager.assist.opa.tables import shipped_tables
from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import DieError, UserError

# The book's table: (attacker, defender) vs infantry, the same unformed, vs cavalry, unformed.
BOOK_FACTORS = {
    "turkish-infantry-line": ((4, 4), (2, 2), 1, 0),
    "turkish-infantry-column": ((3, 3), (2, 2), 3, 0),
    "greek-infantry-line": ((2, 3), (2, 2), 1, 0),
    "greek-infantry-column": ((3, 3), (2, 2), 2, 0),
    "cavalry-column": ((2, 2), (2, 2), 2, 2),
    "cavalry-line": ((4, 3), (3, 3), 4, 2),
    "artillery": ((3, 3), (0, 0), 2, 0),
}
INFANTRY, CAVALRY = "greek-infantry-column", "cavalry-column"


@pytest.fixture(scope="module")
def tables():
    return shipped_tables()


def fight(tables, attacker: CombatSide, defender: CombatSide, fanatic=False):
    return close_combat(tables, attacker, defender, fanatic)


def test_every_line_of_the_book_table_is_there(tables):
    assert set(tables.troops) == set(BOOK_FACTORS)


@pytest.mark.parametrize("troop", BOOK_FACTORS)
@pytest.mark.parametrize("unformed", [False, True])
def test_table_factor_for_each_troop_role_and_enemy(tables, troop, unformed):
    vs_inf, vs_inf_unformed, vs_cav, vs_cav_unformed = BOOK_FACTORS[troop]
    inf = vs_inf_unformed if unformed else vs_inf
    cav = vs_cav_unformed if unformed else vs_cav
    me = CombatSide(troop, 1, unformed=unformed)
    attacking_inf = fight(tables, me, CombatSide(INFANTRY, 1)).attacker
    defending_inf = fight(tables, CombatSide(INFANTRY, 1), me).defender
    attacking_cav = fight(tables, me, CombatSide(CAVALRY, 1)).attacker
    defending_cav = fight(tables, CombatSide(CAVALRY, 1), me).defender
    assert [s.factors[0][1] for s in (attacking_inf, defending_inf, attacking_cav, defending_cav)] == [
        inf[0],
        inf[1],
        cav,
        cav,
    ]
    assert attacking_inf.total == 1 + inf[0]


def test_terrain_supports_and_the_winner(tables):
    result = fight(
        tables, CombatSide("turkish-infantry-line", 3), CombatSide("greek-infantry-line", 2, terrain=2, supports=2)
    )
    assert result.attacker.total == 3 + 4
    assert result.defender.total == 2 + 3 + 2 + 2
    assert result.winner == "defender"


@pytest.mark.parametrize(
    "mine, theirs, bonus",
    [(8, 5, 0), (9, 5, 1), (10, 5, 1 + 2), (15, 5, 1 + 3), (20, 5, 1 + 4), (40, 5, 1 + 4), (6, 3, 2), (12, 4, 1 + 3)],
)
def test_outnumbering_and_odds_from_figures(tables, mine, theirs, bonus):
    result = fight(
        tables,
        CombatSide("turkish-infantry-line", 1, figures=mine),
        CombatSide("greek-infantry-line", 1, figures=theirs),
    )
    assert result.attacker.total == 1 + 4 + bonus
    assert result.defender.total == 1 + 3
    # a defender with the larger side counts the odds, but outnumbering is the attacker's alone
    reverse = fight(
        tables,
        CombatSide("greek-infantry-line", 1, figures=theirs),
        CombatSide("turkish-infantry-line", 1, figures=mine),
    )
    assert reverse.attacker.total == 1 + 2
    outnumbering = 1 if mine - theirs >= 4 else 0
    assert reverse.defender.total == 1 + 4 + bonus - outnumbering


def test_shaken_defender_counts_half_its_figures(tables):
    result = fight(
        tables,
        CombatSide("greek-infantry-column", 4, figures=8),
        CombatSide("turkish-infantry-column", 4, figures=16, shaken=True),
    )
    assert result.defender.total == 4 + 3  # 16 figures count as 8: no odds, no outnumbering
    assert result.attacker.total == 4 + 3 and result.winner == "tie"
    assert any("half strength" in note for note in result.notes)


def test_turkish_fanatic_attack_adds_two_and_doubles_attacker_losses(tables):
    result = fight(tables, CombatSide("turkish-infantry-column", 2), CombatSide("greek-infantry-line", 6), fanatic=True)
    assert result.attacker.total == 2 + 3 + 2 and result.defender.total == 6 + 3
    assert result.winner == "defender"
    assert any("losses are doubled" in note for note in result.notes)
    with pytest.raises(UserError, match="only Turkish troops make a fanatic attack"):
        fight(tables, CombatSide("greek-infantry-line", 2), CombatSide(INFANTRY, 2), fanatic=True)


def test_impossible_combats_are_refused(tables):
    with pytest.raises(UserError, match="terrain advantage for the defender is \\+1 or \\+2, not 3"):
        fight(tables, CombatSide(INFANTRY, 1), CombatSide(INFANTRY, 1, terrain=3))
    with pytest.raises(UserError, match="shaken unit cannot start"):
        fight(tables, CombatSide(INFANTRY, 1, shaken=True), CombatSide(INFANTRY, 1))
    with pytest.raises(UserError, match="figures of both sides"):
        fight(tables, CombatSide(INFANTRY, 1, figures=8), CombatSide(INFANTRY, 1))
    with pytest.raises(UserError, match="'hussars' is not a line"):
        fight(tables, CombatSide("hussars", 1), CombatSide(INFANTRY, 1))
    with pytest.raises(DieError, match="Defender die: a d6 cannot show 7"):
        fight(tables, CombatSide(INFANTRY, 1), CombatSide(INFANTRY, 7))


def test_dice_left_out_are_rolled_attacker_first(tables):
    result = close_combat(tables, CombatSide("cavalry-line"), CombatSide("artillery"), roller=ScriptedRoller([5, 2]))
    assert (result.attacker.die, result.defender.die) == (5, 2)
    assert result.attacker.total == 5 + 4 and result.defender.total == 2 + 2
    assert result.winner == "attacker"
