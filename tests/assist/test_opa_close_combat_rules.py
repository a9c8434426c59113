"""Opa Opa close combat (rules step 6 and the reaction phase), as the book has it: outnumbering
the defender is the attacker's factor alone; a defender who plays its ATTACK card fights with its
attacking factor; the religious fanatic attack is Turkish only, for a cavalry line too."""

from __future__ import annotations

import pytest

from campaign_manager.assist.opa.combat import CombatSide, close_combat
from campaign_manager.assist.opa.tables import shipped_tables
from campaign_manager.errors import UserError

TABLES = shipped_tables()


def _factors(side):
    return {reason: value for reason, value in side.factors}


def test_only_the_attacker_gains_by_outnumbering():
    # "Outnumber defender by 4 figures or more +1": a defender with 6 more figures gains nothing.
    result = close_combat(
        TABLES, CombatSide("greek-infantry-line", 3, figures=8), CombatSide("turkish-infantry-line", 3, figures=14)
    )
    assert not any("outnumber" in reason for reason in _factors(result.defender))
    attacking = close_combat(
        TABLES, CombatSide("turkish-infantry-line", 3, figures=14), CombatSide("greek-infantry-line", 3, figures=8)
    )
    assert _factors(attacking.attacker)["outnumbers the defender by 6 figures"] == 1


def test_a_defender_playing_attack_fights_with_its_attack_factor():
    # Greek infantry in line: 2 attacking, 3 defending against infantry.
    holding = close_combat(TABLES, CombatSide("turkish-infantry-column", 3), CombatSide("greek-infantry-line", 3))
    attacking = close_combat(
        TABLES, CombatSide("turkish-infantry-column", 3), CombatSide("greek-infantry-line", 3), defender_order="attack"
    )
    assert holding.defender.total == 3 + 3 and attacking.defender.total == 3 + 2


def test_the_fanatic_attack_is_turkish_only_even_for_cavalry():
    with pytest.raises(UserError, match="say whose they are"):
        close_combat(TABLES, CombatSide("cavalry-line", 3), CombatSide("greek-infantry-line", 3), fanatic=True)
    with pytest.raises(UserError, match="only Turkish troops"):
        close_combat(
            TABLES,
            CombatSide("cavalry-line", 3),
            CombatSide("greek-infantry-line", 3),
            fanatic=True,
            attacker_nation="greek",
        )
    turkish = close_combat(
        TABLES,
        CombatSide("cavalry-line", 3),
        CombatSide("greek-infantry-line", 3),
        fanatic=True,
        attacker_nation="turkish",
    )
    assert _factors(turkish.attacker)["Turkish fanatic attack"] == 2
    with pytest.raises(UserError, match="only Turkish troops"):
        close_combat(
            TABLES, CombatSide("greek-infantry-column", 3), CombatSide("turkish-infantry-line", 3), fanatic=True
        )
