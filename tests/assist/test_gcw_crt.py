"""Every cell of both Greek Civil War conflict tables, checked against RULES.md section 2.

The expected tables are typed in here from RULES.md, not read from the data file, so a typo
in resources/assist/gcw.toml fails these tests.
"""

from __future__ import annotations

import pytest

from campaign_manager.assist.gcw.conflict import ConflictRequest, resolve
from campaign_manager.errors import DieError, RuleError

COLUMNS = ["<1:1", "1:1", "2:1", "3:1", "4:1"]

# RULES.md section 2, "Open table (rows = die 1-6, columns <1:1, 1:1, 2:1, 3:1, 4:1)".
OPEN = """
1: MD, 50%A(-2), 50%D(+2), 50%A(-1), 50%D(-1)
2: 50%D(+2), 100%D(+1), 50%A(-1), 100%D(-1), 100%A(+1)
3: 100%A(-1), 50%A(-1), 50%D(-1), 50%A(+1), 50%D(-2)
4: 100%D(+2), 50%D(-1), 50%A(+1), 100%D(-2), 50%A(+2)
5: 50%A(+1), 100%A(+1), EA, EA, EA
6: 100%D(-1), EA, OK, OK, VE
"""

# RULES.md section 2, "Infrastructure table".
INFRASTRUCTURE = """
1: MD, MD, 100%A(-2), 50%A(-2), 50%A(-2)
2: MD, 100%D(+2), 100%D(+2), 100%D(+1), 100%D(+1)
3: 100%D(+2), 100%A(-1), 50%A(-2), 50%A(-1), 50%A(+1)
4: 50%A(-2), 50%D(+1), 50%D(+2), 50%D(-1), 50%D(-1)
5: 50%D(+2), 50%A(-1), 50%A(+1), 100%A(+1), EA
6: 50%A(+1), 50%D(-1), 100%D(-1), OK, OK
"""

# Strengths that land on each column without any shift: attacker against a defender of 2.
STRENGTHS = {"<1:1": (1, 2), "1:1": (3, 2), "2:1": (5, 2), "3:1": (7, 2), "4:1": (9, 2)}


def cells(text: str) -> list[tuple[int, str, str]]:
    found = []
    for line in text.strip().splitlines():
        die, codes = line.split(":", 1)
        for column, code in zip(COLUMNS, (c.strip() for c in codes.split(",")), strict=True):
            found.append((int(die), column, code))
    return found


OPEN_CELLS = cells(OPEN)
INFRASTRUCTURE_CELLS = cells(INFRASTRUCTURE)


def test_the_typed_tables_have_sixty_cells():
    assert len(OPEN_CELLS) + len(INFRASTRUCTURE_CELLS) == 60


@pytest.mark.parametrize("die,column,code", OPEN_CELLS)
def test_open_table_cell(die, column, code):
    attacker, defender = STRENGTHS[column]
    outcome = resolve(ConflictRequest(attacker, defender, "open", die=die))
    assert (outcome.column, outcome.result) == (column, code)


@pytest.mark.parametrize("die,column,code", INFRASTRUCTURE_CELLS)
def test_infrastructure_table_cell(die, column, code):
    attacker, defender = STRENGTHS[column]
    outcome = resolve(ConflictRequest(attacker, defender, "infrastructure", die=die))
    assert (outcome.column, outcome.result) == (column, code)


def test_book_example_nine_against_six_is_one_to_one():
    assert resolve(ConflictRequest(9, 6, "open", die=3)).column == "1:1"


def test_book_example_three_against_four_is_below_one_to_one():
    assert resolve(ConflictRequest(3, 4, "open", die=3)).column == "<1:1"


@pytest.mark.parametrize(
    "attacker,defender,column",
    [
        (1, 9, "<1:1"),
        (5, 5, "1:1"),
        (11, 5, "2:1"),
        (12, 4, "3:1"),
        (19, 5, "3:1"),
        (20, 5, "4:1"),
        (99, 2, "4:1"),
    ],
)
def test_odds_drop_the_fraction_and_stop_at_the_edges(attacker, defender, column):
    assert resolve(ConflictRequest(attacker, defender, "open", die=1)).column == column


@pytest.mark.parametrize(
    "attacker,defender,airstrike,column",
    [
        (9, 6, "attack", "2:1"),
        (9, 6, "defend", "<1:1"),
        (3, 4, "attack", "1:1"),
        (3, 4, "defend", "<1:1"),
        (20, 4, "attack", "4:1"),
        (20, 4, "defend", "3:1"),
    ],
)
def test_airstrike_moves_one_column_on_the_open_table(attacker, defender, airstrike, column):
    outcome = resolve(ConflictRequest(attacker, defender, "open", die=2, airstrike=airstrike))
    assert outcome.column == column


def test_airstrike_on_the_infrastructure_table_is_refused():
    with pytest.raises(RuleError, match="airstrike cannot be used on the Infrastructure table"):
        resolve(ConflictRequest(9, 6, "infrastructure", die=2, airstrike="attack"))


@pytest.mark.parametrize("die", [0, 7, "x", -1])
def test_die_outside_a_d6_is_refused(die):
    with pytest.raises(DieError, match="d6"):
        resolve(ConflictRequest(9, 6, "open", die=die))
