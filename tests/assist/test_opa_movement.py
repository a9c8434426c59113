"""Opa Opa movement (rules step 4): bands per unit and order card, the road bonus, the
penalties and the cards they need; the turn sequence in the data for the reference tab."""

from __future__ import annotations

import json

import pytest

from campaign_manager.assist.opa.movement import movement, road_allowed
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


def test_only_a_unit_in_road_column_takes_the_road_bonus():
    # the book's table: "Road Bonus (in road column) 0 / +1"; infantry in line moves 2 on MARCH
    assert movement(TABLES, "infantry-line", "MARCH").bands == 2
    with pytest.raises(UserError, match="not in road column"):
        movement(TABLES, "infantry-line", "MARCH", road=True)
    assert not road_allowed(TABLES, "infantry-line") and road_allowed(TABLES, "infantry-column")


def test_a_formation_change_already_includes_the_facing_change(capsys):
    # change formation/facing −2, change facing only −1: never both (−3) on one move
    assert movement(TABLES, "infantry-column", "MARCH", penalties=("change-facing",)).bands == 3
    with pytest.raises(UserError, match="already includes change facing only"):
        movement(TABLES, "infantry-column", "MARCH", penalties=("change-formation", "change-facing"))
    both = ["--penalty", "change-facing", "--penalty", "change-formation"]
    assert main(["assist", "opa", "move", "--unit", "infantry-line", "--card", "march", *both]) == 2
    assert "not both" in capsys.readouterr().err


def test_the_move_command(capsys):
    assert main(["assist", "opa", "move", "--unit", "cavalry", "--card", "march", "--road", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["bands"], data["inches"]) == (5, 20)


def test_the_turn_sequence_has_the_six_steps():
    assert len(TABLES.turn_sequence) == 6 and TABLES.turn_sequence[3].startswith("Move units")
