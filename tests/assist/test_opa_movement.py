"""Opa Opa movement (rules step 4): bands per unit and order card, the road bonus, the
penalties and the cards they need; the turn sequence in the data for the reference tab."""

from __future__ import annotations

import json

import pytest

from campaign_manager.assist.opa.movement import movement
from campaign_manager.assist.opa.tables import shipped_tables
from campaign_manager.cli import main
from campaign_manager.errors import UserError

TABLES = shipped_tables()


@pytest.mark.parametrize(
    ("unit", "attack", "march"),
    [
        ("infantry-column", 2, 4),
        ("infantry-line", 2, 2),
        ("cavalry", 3, 4),
        ("general", 3, 4),
        ("artillery", 1, 2),
    ],
)
def test_the_movement_table(unit, attack, march):
    assert movement(TABLES, unit, "ATTACK").bands == attack
    assert movement(TABLES, unit, "march").bands == march


def test_road_bonus_and_penalties():
    assert movement(TABLES, "infantry-column", "MARCH", road=True).bands == 5  # +1 band on a road
    assert movement(TABLES, "infantry-column", "ATTACK", road=True).bands == 2  # none on ATTACK
    assert movement(TABLES, "infantry-column", "MARCH", penalties=("change-formation",)).bands == 2
    assert movement(TABLES, "cavalry", "ATTACK", penalties=("rough",)).bands == 2
    assert movement(TABLES, "artillery", "ATTACK", penalties=("limber", "rough")).bands == 0
    with pytest.raises(UserError, match="needs a MARCH card, not ATTACK"):
        movement(TABLES, "infantry-line", "ATTACK", penalties=("change-facing",))
    with pytest.raises(UserError, match="only a MARCH or an ATTACK card"):
        movement(TABLES, "cavalry", "HOLD")


def test_the_move_command(capsys):
    assert main(["assist", "opa", "move", "--unit", "cavalry", "--card", "march", "--road", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["bands"], data["inches"]) == (5, 20)


def test_the_turn_sequence_has_the_six_steps():
    assert len(TABLES.turn_sequence) == 6 and TABLES.turn_sequence[3].startswith("Move units")
