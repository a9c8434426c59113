"""What a log file must hold before anything in it is used.

Only the app's own tables, shaped as the app makes them: a trigger, a view, an index or a table
another program added is refused, since SQL kept in a file can run by itself when the file is
written (and the app never makes any). Every row read is of the types the app writes: the
document and the settings as text, every logged action (and every action waiting to be redone)
one JSON object within the limits, every revision a count. Damage is told in one sentence naming
the table and the row; the file is left untouched.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from campaign_manager import bounds
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import N_, _, number

LOG_TABLES = ("action", "redo")
TABLE_WORDS = {"action": N_("the action log"), "redo": N_("the actions waiting to be redone")}
REVISION = re.compile(r"\d{1,18}")
MAX_SETTING = 4096  # characters of one setting (a name, a scenario's id, a time)
Shape = tuple[tuple[Any, ...], ...]  # a table's columns as PRAGMA table_xinfo lists them


def shown(name: object, limit: int = 40) -> str:
    """A name read from a file, quoted for a message: cut short, control characters escaped."""
    text = str(name)
    cut = text[:limit] + ("…" if len(text) > limit else "")
    return '"' + "".join(f"\\x{ord(c):02x}" if unicodedata.category(c)[0] == "C" else c for c in cut) + '"'


def row(seq: object) -> str:
    """A row's number for a message (a number that is not one is quoted as found)."""
    return _("row {number}").format(number=seq) if type(seq) is int else _("row {name}").format(name=shown(seq))


class Damaged(FileRefused):
    """A file whose tables or rows are not what the app writes; it was not written to. `what`:
    the damage alone, without the file's name."""

    what: str | None = None


def refuse(path: Path | str, what: str) -> Damaged:
    damaged = Damaged(_("{path}: is damaged: {what}; it was left untouched").format(path=path, what=what))
    damaged.what = what
    return damaged


def damaged_file(where: Path | str, what: object) -> Damaged:
    """A campaign whose content (its log, its scenario) cannot be used: "{where}: is damaged: {what}"."""
    damaged = Damaged(_("{where}: is damaged: {what}").format(where=where, what=what))
    damaged.what = str(what)
    return damaged


@cache
def expected_schema(version: int) -> dict[tuple[str, str], tuple[Shape, str]]:
    """(type, name) → columns and SQL of every object the app makes in a file of schema `version` (an
    older file lacks the tables later versions added, until it is first written to), built once,
    in memory."""
    from campaign_manager.store.database import memory, memory_engine
    from campaign_manager.store.schema import metadata, tables_of

    conn = memory()
    engine = memory_engine(conn)
    try:
        metadata.create_all(engine, tables=[metadata.tables[name] for name in tables_of(version)])
        return _schema_of(conn)
    finally:
        engine.dispose()
        conn.close()


def _schema_of(conn: sqlite3.Connection) -> dict[tuple[str, str], tuple[Shape, str]]:
    """(type, name) → (columns, SQL) of every object in the file: the SQL as SQLite keeps it (its
    spacing evened out) holds every constraint and foreign key, which the columns do not show."""
    found: dict[tuple[str, str], tuple[Shape, str]] = {}
    rows = conn.execute("SELECT type, name, CAST(sql AS BLOB) FROM sqlite_master").fetchall()
    for kind, name, statement in rows:
        if isinstance(name, str) and name.startswith("sqlite_stat"):
            continue  # statistics SQLite itself keeps (ANALYZE): not the app's, not harmful
        columns: Shape = ()
        if kind == "table" and isinstance(name, str):
            quoted = name.replace('"', '""')
            columns = tuple(tuple(row[1:]) for row in conn.execute(f'PRAGMA table_xinfo("{quoted}")').fetchall())
        words = statement.decode("utf-8", "replace") if isinstance(statement, bytes) else ""
        found[(str(kind), str(name))] = (columns, " ".join(words.split()))
    return found


def declared_otherwise(rows: list[Any], version: int) -> tuple[str, str] | None:
    """The first object of rows (type, name, SQL as bytes) of sqlite_master that the app does not
    make, or makes otherwise, in a file of schema `version` (looked at again before each write:
    another program may have changed a table while the file was open)."""
    expected = expected_schema(version)
    for kind, name, statement in rows:
        if isinstance(name, str) and name.startswith("sqlite_stat"):
            continue
        words = " ".join(statement.decode("utf-8", "replace").split()) if isinstance(statement, bytes) else ""
        if (kind, name) not in expected or expected[(kind, name)][1] != words:
            return str(kind), str(name)
    return None


def check_schema(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse a file holding anything the app did not make, or lacking a table it did: every
    table, index and constraint must be the app's own, to the letter of its SQL (a CHECK or a
    foreign key with ON DELETE CASCADE added to a table would run on the app's writes)."""
    expected = expected_schema(version)
    found = _schema_of(conn)
    for (kind, name), columns in found.items():
        if (kind, name) not in expected:
            if kind == "trigger":
                raise FileRefused(
                    _(
                        "{path}: holds a trigger {shown} (SQL that runs by itself when the file is written), "
                        "which the app never makes: another program changed the file, so it is refused and "
                        "was left untouched"
                    ).format(path=path, shown=shown(name))
                )
            raise FileRefused(_stranger(kind).format(path=path, kind=kind, shown=shown(name)))
        if columns[0] != expected[(kind, name)][0]:
            raise refuse(path, _("its table {shown} is not shaped as the app makes it").format(shown=shown(name)))
        if columns[1] != expected[(kind, name)][1]:
            raise refuse(
                path,
                _(
                    "its {kind} {shown} is not declared as the app declares it (another program changed "
                    "its constraints)"
                ).format(kind=kind, shown=shown(name)),
            )
    for kind, name in expected:
        if (kind, name) not in found and kind == "table":
            raise refuse(path, _("its table {shown} is missing").format(shown=shown(name)))


def _is_utf8(data: object) -> bool:
    """Whether `data` (a text's bytes, read as a blob) is UTF-8: SQLite keeps whatever bytes it
    is given in a text column, and reading others as text fails deep in the driver."""
    if not isinstance(data, bytes):
        return data is None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _name_of(data: object) -> str:
    """A row's key, read as bytes (it may not be UTF-8), for a message."""
    return shown(data.decode("utf-8", "replace") if isinstance(data, bytes) else data)


def check_rows(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse a file whose settings, document or logged actions are not what the app writes.
    Every text is first looked at as bytes: text that is not UTF-8 is damage, told here naming
    its table and row, before anything reads it as text."""
    conn.create_function("is_utf8", 1, _is_utf8, deterministic=True)
    bad = conn.execute(
        "SELECT CAST(key AS BLOB), typeof(key) = 'text' AND typeof(value) = 'text' AND length(value) <= ? FROM meta "
        "WHERE typeof(key) != 'text' OR typeof(value) != 'text' OR length(value) > ? "
        "OR NOT is_utf8(CAST(key AS BLOB)) OR NOT is_utf8(CAST(value AS BLOB)) LIMIT 1",
        (MAX_SETTING, MAX_SETTING),
    ).fetchone()
    if bad is not None:
        if bad[1]:
            words = _("its table meta, row {row}, is not UTF-8 text")
        else:
            words = _("its table meta, row {row}, is not a setting the app writes")
        raise refuse(path, words.format(row=_name_of(bad[0])))
    revision = conn.execute("SELECT value FROM meta WHERE key = 'revision'").fetchone()
    if revision is not None and not (isinstance(revision[0], str) and REVISION.fullmatch(revision[0])):
        raise refuse(
            path,
            _('its table meta, row "revision", holds {shown}, not a count of writes').format(shown=shown(revision[0])),
        )
    documents = conn.execute(
        "SELECT id, typeof(name), typeof(source), length(CAST(source AS BLOB)) FROM document"
    ).fetchall()
    if len(documents) != 1 or documents[0][0] != 1:
        raise refuse(
            path, _("its table document holds {count} rows, not the one the app writes").format(count=len(documents))
        )
    _id, name_type, source_type, size = documents[0]
    if name_type != "text" or source_type != "text":
        raise refuse(path, _("its table document, row 1, is not text"))
    if conn.execute("SELECT 1 FROM document WHERE NOT is_utf8(CAST(name || x'0a' || source AS BLOB))").fetchone():
        raise refuse(path, _("its table document, row 1, is not UTF-8 text"))
    if size > bounds.MAX_SCENARIO:
        raise refuse(
            path,
            _("its table document, row 1, is larger than {limit} (a scenario's limit)").format(
                limit=bounds.size_words(bounds.MAX_SCENARIO)
            ),
        )
    for table in LOG_TABLES:
        count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        if count > bounds.MAX_LOG:
            raise refuse(
                path,
                _("{log} (table {table}) holds {count} rows, more than the app keeps ({max_log})").format(
                    log=_(TABLE_WORDS[table]), table=table, count=number(count), max_log=number(bounds.MAX_LOG)
                ),
            )
        _check_log_rows(conn, path, table)
    # The battle being entered (table draft) is not checked here: it is no part of the campaign's
    # record, and a damaged one must not keep the campaign shut (DraftDamaged, when it is read).


class DraftDamaged(UserError):
    """The battle being entered, kept beside the log, cannot be read back whole. The campaign
    itself is sound: it opens, and the entry is offered to be thrown away (`text`: what the row
    holds, when it is text, so the dice the app rolled can still be read out of it)."""

    def __init__(self, words: str, text: str | None) -> None:
        super().__init__(words)
        self.words, self.text = words, text


def check_draft(rows: list[tuple[Any, ...]]) -> str | None:
    """The battle being entered, read from its table as rows (id, payload, time), its row 1
    (a file's only one; on a server, the user's own, read as row 1): its JSON text when there is
    one, checked against its model (engine/entry.py); DraftDamaged when it is not what the app
    writes."""
    from campaign_manager.engine.entry import BattleEntry, EntryError

    if not rows:
        return None
    try:  # a file's row is read as bytes (store/logfile.py), so text that is not UTF-8 is told here
        rows = [tuple(cell.decode("utf-8") if isinstance(cell, bytes) else cell for cell in found) for found in rows]
    except UnicodeDecodeError:
        raise DraftDamaged(_("it holds text that is not UTF-8"), None) from None
    text = rows[0][1] if len(rows[0]) > 1 and isinstance(rows[0][1], str) else None
    if len(rows) > 1:
        raise DraftDamaged(_("its table holds {count} rows, not the one the app writes").format(count=len(rows)), text)
    if rows[0][0] != 1:
        raise DraftDamaged(_("its row is {row}, not the row 1 the app writes").format(row=row(rows[0][0])), text)
    _id, payload, time = rows[0]
    if not isinstance(payload, str) or not isinstance(time, str):
        raise DraftDamaged(_("it is not text"), None)
    try:
        BattleEntry.from_text(payload)
    except EntryError as exc:
        raise DraftDamaged(str(exc).removeprefix("the battle being entered: "), payload) from None
    return str(payload)


def _check_log_rows(conn: sqlite3.Connection, path: Path, table: str) -> None:
    try:
        bad = conn.execute(
            "SELECT seq, fault FROM (SELECT seq, CASE "  # the table's name is one of ours
            "WHEN typeof(seq) != 'integer' THEN 'number' "
            "WHEN seq < 1 OR seq >= :most THEN 'range' "  # the next one must still fit
            "WHEN typeof(payload) != 'text' THEN 'text:' || typeof(payload) "
            # one look at a row's three texts (a line feed between them, so no two halves of a
            # character in two columns can pass as one)
            "WHEN NOT is_utf8(CAST(kind || x'0a' || payload || x'0a' || recorded_at AS BLOB)) THEN 'utf8' "
            "WHEN length(CAST(payload AS BLOB)) > :max THEN 'large' "
            "WHEN NOT json_valid(payload) THEN 'json' "
            "WHEN json_type(payload) != 'object' THEN 'object:' || json_type(payload) "
            "WHEN typeof(kind) != 'text' THEN 'kind' "
            "WHEN typeof(recorded_at) != 'text' OR length(recorded_at) > 64 THEN 'time' "
            f"END AS fault FROM {table}) WHERE fault IS NOT NULL ORDER BY seq LIMIT 1",
            {"max": bounds.MAX_ACTION, "most": 10**bounds.MAX_DIGITS},
        ).fetchone()
    except sqlite3.OperationalError as exc:
        if "no such function" not in str(exc):
            raise
        bad = None  # an SQLite without JSON functions: each row is checked as it is read
    if bad is not None:
        raise refuse(
            path,
            _("{log} (table {table}), {row}: {fault}").format(
                log=_(TABLE_WORDS[table]), table=table, row=row(bad[0]), fault=_row_fault(bad[1])
            ),
        )


def _row_fault(code: str) -> str:
    """What is wrong with a logged row, from the code _check_log_rows's SQL gives it."""
    code, _sep, found = str(code).partition(":")
    if code == "text":
        return _("its action is {name}, not JSON text").format(name=found)
    if code == "object":
        return _("its action is a JSON {name}, not an object").format(name=found)
    if code == "large":
        return _("its action is larger than {limit}").format(limit=bounds.size_words(bounds.MAX_ACTION))
    faults = {
        "number": _("its number is not a whole number"),
        "range": _("its number is out of range"),
        "utf8": _("it holds text that is not UTF-8"),
        "json": _("its action is not valid JSON"),
        "kind": _("its type is not text"),
        "time": _("its time is not a time"),
    }
    return faults.get(code, code)


def _stranger(kind: str) -> str:
    """The refusal of an SQL object (a table, an index, a view) the app never makes."""
    if kind == "table":
        return _(
            "{path}: holds a table {shown} the app never makes: another program changed the file, so it is "
            "refused and was left untouched"
        )
    if kind == "index":
        return _(
            "{path}: holds an index {shown} the app never makes: another program changed the file, so it is "
            "refused and was left untouched"
        )
    if kind == "view":
        return _(
            "{path}: holds a view {shown} the app never makes: another program changed the file, so it is "
            "refused and was left untouched"
        )
    return _(
        "{path}: holds an SQL object ({kind}) {shown} the app never makes: another program changed the file, "
        "so it is refused and was left untouched"
    )


def payload(path: Path | str, table: str, seq: object, text: object) -> dict[str, Any]:
    """One logged action read from its row, or Damaged naming the row."""

    def damaged(what: str) -> Damaged:
        return refuse(
            path,
            _("{log} (table {table}), {row}: {fault}").format(
                log=_(TABLE_WORDS[table]), table=table, row=row(seq), fault=what
            ),
        )

    if not isinstance(text, str):
        raise damaged(_("its action is {name}, not JSON text").format(name=type(text).__name__))
    if len(text) > bounds.MAX_ACTION:
        raise damaged(_("its action is larger than {limit}").format(limit=bounds.size_words(bounds.MAX_ACTION)))

    class RowFault(Exception):
        pass

    try:
        data = bounds.parse_json(text, "", "its action", RowFault)
    except RowFault as exc:
        raise damaged(str(exc).removeprefix(": ")) from None
    if not isinstance(data, dict):
        raise damaged(_("its action is a JSON {name}, not an object").format(name=type(data).__name__))
    return data


def payloads(path: Path | str, table: str, rows: list[tuple[Any, Any]]) -> list[dict[str, Any]]:
    """Every row's action, oldest first: one parse of the joined text (the hot path of opening a
    long log), then, only if that fails, row by row to name the damaged one. The joined parse is
    sound because every row was checked to hold one JSON object (check_rows)."""
    try:
        if all(isinstance(text, str) for _seq, text in rows):
            joined = "[" + ",".join(text for _seq, text in rows) + "]"
            data: list[Any] = bounds.parse_json(joined, path, "the action log", _Joined)  # "[...]": a list
            if len(data) == len(rows) and all(type(item) is dict for item in data):
                return data
    except _Joined:
        pass
    return [payload(path, table, seq, text) for seq, text in rows]


class _Joined(Exception):
    pass
