"""Every row read from a campaign file is checked before it is used: a damaged or foreign row,
a table or trigger another program added, or a file schema no version writes is refused in one
line naming the table and row (exit 2), and the file is never written to — redo included."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from campaign_manager.errors import FileRefused
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, run

COMMANDS = ("show", "log", "requirements", "apply", "undo", "redo", "export", "report", "backups", "whatif")


def refused(code: int, err: str) -> None:
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "c.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"][:3]))
        made.undo()  # one action waits to be redone
    return path


def sql(path: Path, *statements: str, params: tuple = ()) -> None:
    conn = sqlite3.connect(path)
    try:
        for statement in statements:
            conn.execute(statement, params if "?" in statement else ())
        conn.commit()
    finally:
        conn.close()


def every_command_refuses(tmp_path: Path, capsys, path: Path, *words: str) -> None:
    before = digest(path)
    note = tmp_path / "note.json"
    note.write_text('[{"type": "note", "text": "late"}]')
    for command in COMMANDS:
        argv: tuple = (command, path)
        if command == "apply":
            argv = (command, path, note)
        elif command in ("export", "report"):
            argv = (command, path, "-o", tmp_path / f"out.{command}")
        elif command == "whatif":
            argv = (command, path, "--playouts", "2")
        code, _, err = run(capsys, *argv)
        refused(code, err)
        for word in words:
            assert word in err, (command, err)
        assert digest(path) == before, command
    assert not (tmp_path / "out.export").exists() and not (tmp_path / "out.report").exists()


@pytest.mark.parametrize(
    "value, words",
    [
        ("'not json at all'", "not valid JSON"),
        ("'5'", "a JSON integer, not an object"),
        ("'[1, 2]'", "a JSON array, not an object"),
        ("'\"a note\"'", "a JSON text, not an object"),
        ("'null'", "a JSON null, not an object"),
        ("x'7b7d'", "blob, not JSON text"),
        ("'{\"type\": \"note\", \"text\": \"' || printf('%.140000c', 'x') || '\"}'", "larger than 128 kB"),
        ("'{\"a\":' || printf('%.40c', '[') || '1' || printf('%.40c', ']') || '}'", "nested more than 32 deep"),
        ("'{\"type\": \"start_turn\", \"dice\": [' || printf('%.5000c', '9') || ']}'", "5,000 digits"),
    ],
)
def test_a_damaged_log_row_is_refused_by_every_command(campaign, tmp_path, capsys, value, words):
    sql(campaign, f"UPDATE action SET payload = {value} WHERE seq = 2")
    every_command_refuses(tmp_path, capsys, campaign, "table action", "row 2", words)


def test_a_damaged_row_waiting_to_be_redone_is_refused_not_logged(campaign, tmp_path, capsys):
    sql(campaign, "UPDATE redo SET payload = 'junk'")
    every_command_refuses(tmp_path, capsys, campaign, "table redo", "not valid JSON")


@pytest.mark.parametrize("seq", [9_223_372_036_854_775_807, 0, -5])
def test_a_row_numbered_out_of_range_is_refused_before_anything_is_written(campaign, tmp_path, capsys, seq):
    """A redo row numbered at SQLite's largest whole number: undo would number the next one past
    it (the fuzzing found it raising, not refusing)."""
    sql(campaign, "UPDATE redo SET seq = ?", params=(seq,))
    every_command_refuses(tmp_path, capsys, campaign, "table redo", "its number is out of range")


def test_redo_of_an_action_that_no_longer_applies_writes_nothing(campaign, capsys):
    sql(campaign, """UPDATE redo SET payload = '{"type": "place", "troop": "NOBODY", "area": "B1"}'""")
    before = digest(campaign)
    code, _, err = run(capsys, "redo", campaign)
    refused(code, err)
    assert "waiting to be redone" in err and "nothing was written" in err
    assert digest(campaign) == before
    with CampaignFile.open(campaign) as opened:  # the campaign itself still opens and records
        assert len(opened.records) == 2
        opened.apply(opened.read_actions([{"type": "note", "text": "after"}]))  # a new action empties the redo stack
        assert not opened.can_redo()


@pytest.mark.parametrize(
    "value, words",
    [("'abc'", "not a count"), ("'" + "9" * 40 + "'", "not a count"), ("x'31'", "not a setting")],
)
def test_a_damaged_revision_is_refused(campaign, tmp_path, capsys, value, words):
    sql(campaign, f"UPDATE meta SET value = {value} WHERE key = 'revision'")
    every_command_refuses(tmp_path, capsys, campaign, "table meta", words)


@pytest.mark.parametrize(
    "statement, words",
    [
        ("DROP TABLE redo", 'table "redo" is missing'),
        ("DROP TABLE action", 'table "action" is missing'),
        ("ALTER TABLE action ADD COLUMN extra", 'table "action" is not shaped'),
        ("CREATE TABLE mine (x)", 'a table "mine" the app never makes'),
        ("CREATE VIEW seen AS SELECT * FROM action", 'a view "seen" the app never makes'),
        ("CREATE INDEX quick ON action (payload)", 'an index "quick"'),
        ("CREATE TRIGGER wipe AFTER UPDATE ON meta BEGIN DELETE FROM action; END", 'a trigger "wipe"'),
        ("PRAGMA user_version = 0", "file schema is 0"),
        ("DELETE FROM document", "table document holds 0 rows"),
        ("UPDATE document SET source = x'00'", "table document, row 1, is not text"),
        ("DELETE FROM meta WHERE key = 'kind'", 'no row "kind"'),
    ],
)
def test_a_file_changed_by_another_program_is_refused_untouched(campaign, tmp_path, capsys, statement, words):
    sql(campaign, statement)
    every_command_refuses(tmp_path, capsys, campaign, words)


def test_a_trigger_added_after_opening_never_runs_on_a_write(campaign):
    with CampaignFile.open(campaign) as opened:
        sql(campaign, "CREATE TRIGGER wipe AFTER UPDATE ON meta BEGIN DELETE FROM action; END")
        with pytest.raises(FileRefused, match='trigger "wipe"'):
            opened.apply(opened.read_actions([{"type": "note", "text": "late"}]))
    conn = sqlite3.connect(campaign)
    assert conn.execute("SELECT count(*) FROM action").fetchone()[0] == 2, "the trigger's work was rolled back"
    conn.close()


def test_sqlites_integrity_report_is_cut_to_one_line(campaign, tmp_path, capsys):
    with CampaignFile.open(campaign) as opened:  # a log over many pages: the report runs long
        opened.apply(opened.read_actions([{"type": "note", "text": "x" * 3000}] * 30))
    conn = sqlite3.connect(campaign)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'action'").fetchone()[0]
    conn.close()
    data = bytearray(campaign.read_bytes())
    page = 4096 * (root - 1)
    data[page + 8 : page + 4096] = bytes(range(256)) * 15 + bytes(range(136))  # the table's page scrambled
    campaign.write_bytes(bytes(data))
    code, _, err = run(capsys, "show", campaign)
    refused(code, err)
    assert "is damaged: SQLite finds it unsound (" in err and "more faults" in err and "untouched" in err


def test_a_file_of_no_schema_is_refused_for_what_it_is(campaign, tmp_path, capsys):
    sql(campaign, "PRAGMA user_version = 0")
    before = digest(campaign)
    note = tmp_path / "note.json"
    note.write_text('{"type": "note", "text": "x"}')
    code, _, err = run(capsys, "apply", campaign, note)
    refused(code, err)
    assert "file schema is 0" in err
    assert digest(campaign) == before


def test_a_file_larger_than_any_campaign_is_not_read(campaign, capsys, monkeypatch):
    from campaign_manager import bounds

    monkeypatch.setattr(bounds, "MAX_CAMPAIGN_FILE", campaign.stat().st_size - 1)
    code, _, err = run(capsys, "show", campaign)
    refused(code, err)
    assert "is larger than" in err


def test_json_in_a_row_is_read_row_by_row_when_joining_would_hide_damage(campaign, capsys):
    """Two rows that are not objects each but join into two objects are still refused."""
    sql(
        campaign,
        """UPDATE action SET payload = '{"type": "note", "text": "a"},{"type": "note"' WHERE seq = 1""",
        """UPDATE action SET payload = '"text": "b"}' WHERE seq = 2""",
    )
    code, _, err = run(capsys, "show", campaign)
    refused(code, err)
    assert "(table action), row 1" in err


def test_the_longest_note_is_kept_and_a_longer_one_refused(campaign, tmp_path, capsys):
    from campaign_manager.bounds import MAX_NOTE

    longest = tmp_path / "longest.json"
    longest.write_text(json.dumps([{"type": "note", "text": "\U0001f3b2" * MAX_NOTE}]))  # 12 bytes each, escaped
    code, _, err = run(capsys, "apply", campaign, longest)
    assert (code, err) == (0, "")
    longer = tmp_path / "longer.json"
    longer.write_text(json.dumps([{"type": "note", "text": "x" * (MAX_NOTE + 1)}]))
    before = digest(campaign)
    code, _, err = run(capsys, "apply", campaign, longer)
    refused(code, err)
    assert f"at most {MAX_NOTE:,} characters" in err
    assert digest(campaign) == before
    with CampaignFile.open(campaign, readonly=True) as opened:
        assert opened.records[-1]["text"] == "\U0001f3b2" * MAX_NOTE


NOT_UTF8 = [  # a byte 0xff set into each kind of text the file keeps
    ("UPDATE document SET source = CAST(CAST(source AS BLOB) || x'ff' AS TEXT)", "table document, row 1"),
    ("UPDATE document SET name = CAST(x'ff' AS TEXT)", "table document, row 1"),
    ("UPDATE meta SET value = CAST(x'436c7562ff' AS TEXT) WHERE key = 'name'", 'table meta, row "name"'),
    ("UPDATE meta SET key = CAST(x'6eff' AS TEXT) WHERE key = 'name'", 'table meta, row "n'),
    ("UPDATE action SET recorded_at = CAST(x'32ff' AS TEXT) WHERE seq = 2", "(table action), row 2"),
    ("UPDATE action SET kind = CAST(x'ff' AS TEXT) WHERE seq = 1", "(table action), row 1"),
    ("UPDATE action SET payload = CAST(x'7b7dff' AS TEXT) WHERE seq = 2", "(table action), row 2"),
    ("UPDATE redo SET payload = CAST(x'7b22ff227d' AS TEXT)", "(table redo), row 1"),
]


@pytest.mark.parametrize("statement, words", NOT_UTF8)
def test_text_that_is_not_utf8_is_refused_by_every_command_naming_its_row(campaign, tmp_path, capsys, statement, words):
    sql(campaign, statement)
    every_command_refuses(tmp_path, capsys, campaign, words, "not UTF-8")


def test_a_battle_being_entered_that_is_not_utf8_is_told_as_damaged(campaign):
    from campaign_manager.store.integrity import DraftDamaged

    sql(campaign, "INSERT INTO draft (id, payload, saved_at) VALUES (1, CAST(x'7bff7d' AS TEXT), 'now')")
    with CampaignFile.open(campaign) as opened, pytest.raises(DraftDamaged, match="not UTF-8"):
        opened.log.draft()


def _recreated(path: Path, table: str, extra: str) -> None:
    """Table `table` made again by another program with a constraint of its own (SQLite cannot
    add one to a table as it stands), its rows kept."""
    conn = sqlite3.connect(path)
    try:
        made = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        conn.execute(made.replace(f"CREATE TABLE {table} (", "CREATE TABLE planted (").rstrip(")") + f", {extra})")
        conn.execute(f"INSERT INTO planted SELECT * FROM {table}")
        conn.execute(f"DROP TABLE {table}")
        conn.execute(f"ALTER TABLE planted RENAME TO {table}")
        conn.commit()
    finally:
        conn.close()


@pytest.mark.parametrize(
    "table, extra",
    [
        ("action", "CHECK (seq < 3)"),
        ("document", "FOREIGN KEY (id) REFERENCES action (seq) ON DELETE CASCADE"),
        ("meta", "CHECK (length(value) < 1000)"),
    ],
)
def test_sql_hidden_in_a_tables_constraints_is_refused_before_any_write(campaign, tmp_path, capsys, table, extra):
    _recreated(campaign, table, extra)
    every_command_refuses(tmp_path, capsys, campaign, f'table "{table}" is not declared as the app declares it')
    with pytest.raises(FileRefused, match="constraints"):
        CampaignFile.open(campaign)


def test_an_index_declared_otherwise_is_refused(campaign, tmp_path, capsys):
    conn = sqlite3.connect(campaign)
    conn.execute("CREATE TABLE planted (key VARCHAR NOT NULL, value VARCHAR NOT NULL, PRIMARY KEY (key DESC))")
    conn.execute("INSERT INTO planted SELECT * FROM meta")
    conn.execute("DROP TABLE meta")
    conn.execute("ALTER TABLE planted RENAME TO meta")
    conn.commit()
    conn.close()
    code, _, err = run(capsys, "show", campaign)
    refused(code, err)
    assert 'table "meta"' in err


@pytest.mark.parametrize(
    "name", ["campaign-schema-1.campaign", "campaign-schema-2.campaign", "campaign-schema-3.campaign"]
)
def test_every_released_schema_is_the_apps_own_to_the_letter(name, tmp_path, capsys):
    copy = tmp_path / name
    copy.write_bytes((Path(__file__).parents[1] / "fixtures" / name).read_bytes())
    code, out, err = run(capsys, "show", copy)
    assert code == 0, err


def test_a_constraint_added_after_opening_never_runs_on_a_write(campaign):
    with CampaignFile.open(campaign) as opened:
        before = digest(campaign)
        _recreated(campaign, "action", "CHECK (seq < 3)")
        changed = digest(campaign)
        with pytest.raises(FileRefused, match='table "action" is not declared as the app declares it'):
            opened.apply(opened.read_actions([{"type": "note", "text": "late"}]))
        assert digest(campaign) == changed != before
