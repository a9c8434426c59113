"""The Opa Opa data file: shipped tables load, broken ones are refused by name, the engine
stays Qt-free, and the order-card reference holds all six cards."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from campaign_manager.assist.opa.orders import order_cards
from campaign_manager.assist.opa.tables import TABLE_FILE, read_tables, shipped_tables
from campaign_manager.errors import FileRefused, UserError
from tests.shared import ROOT

BOOK_CARDS = ["MARCH", "ATTACK", "HOLD", "ARTILLERY", "SKIRMISH", "DEPLOY"]


def broken_copy(tmp_path, old: str, new: str):
    text = TABLE_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "opa.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_shipped_file_matches_the_books_ranges():
    tables = shipped_tables()
    assert tables.band_inches == 4 and tables.grapeshot_bands == 2
    assert {code: w.range_bands for code, w in tables.weapons.items()} == {
        "musket": 1,
        "light-battery": 4,
        "medium-battery": 5,
        "heavy-battery": 6,
    }
    assert tables.bonus.odds == ((4, 4), (3, 3), (2, 2))


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("hit_on = 3\n", "hit_on = 7\n", "opa.toml: fire.targets.column.hit_on: should be at most 6, not 7 (line 46)"),
        ("hit_on = 4\n", "", "opa.toml: fire.targets.cavalry-column.hit_on: is missing"),
        (
            "vs_infantry = [2, 3]",
            "vs_infantry = [2]",
            "opa.toml: close_combat.troops.greek-infantry-line.vs_infantry: has too few items",
        ),
        ("C = 4\nD = 5\nE = 6", 'C = "four"\nD = 5\nE = 6', 'opa.toml: rally.C: should be a whole number, not "four"'),
        (
            'nation = "greek"',
            'nation = "french"',
            'opa.toml: close_combat.troops.greek-infantry-line.nation: "french" is not one of: turkish, greek, any',
        ),
        ("ratio = 4", "ratio = 1", "opa.toml: close_combat.odds[0].ratio: should be at least 2, not 1"),
        ("[[close_combat.odds]]\nratio = 4", "[[close_combat.odds]]\nratio = 2", "close_combat.odds: list the steps"),
        ("band_inches = 4", "band_inches = 4\nbands = 2", "opa.toml: bands: unknown key"),
    ],
)
def test_a_broken_file_is_refused_naming_file_entry_and_fault(tmp_path, old, new, message):
    with pytest.raises(FileRefused) as refused:
        read_tables(broken_copy(tmp_path, old, new))
    assert message in str(refused.value)


def test_unreadable_or_missing_file_is_refused(tmp_path):
    bad = tmp_path / "opa.toml"
    bad.write_text("band_inches = = 4", encoding="utf-8")
    with pytest.raises(FileRefused, match="opa.toml: is not valid TOML"):
        read_tables(bad)
    with pytest.raises(FileRefused, match="none.toml: the data file is missing"):
        read_tables(tmp_path / "none.toml")


def test_order_card_reference_has_the_six_cards_in_the_books_order():
    cards = order_cards(shipped_tables())
    assert [c.card for c in cards] == BOOK_CARDS
    assert "rally" in order_cards(shipped_tables(), "hold")[0].effect
    assert "fanatic" in order_cards(shipped_tables(), "SKIRMISH")[0].effect
    with pytest.raises(UserError, match="'RETREAT' is not an Opa Opa card"):
        order_cards(shipped_tables(), "RETREAT")


def test_engine_and_cli_import_with_qt_blocked():
    script = textwrap.dedent("""
        import importlib, pkgutil, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split('.')[0] in ('PySide6', 'reportlab', 'shiboken6'):
                    raise ImportError('blocked: ' + name)
        sys.meta_path.insert(0, Block())
        import campaign_manager.assist.opa as opa
        for info in pkgutil.walk_packages(opa.__path__, opa.__name__ + '.'):
            importlib.import_module(info.name)
        print('ok')
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
