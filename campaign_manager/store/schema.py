"""The tables of a log file (schema version 3) and the ordered migrations to it.

A log file holds one document (the scenario or assist set-up it was made from, as text), the
append-only log of actions, the redo stack of actions taken back by undo, and (from schema 3)
the battle being entered in the window and not yet recorded.
"""

from __future__ import annotations

from sqlalchemy.dialects import sqlite
from sqlalchemy.schema import CreateTable
from sqlmodel import Field, SQLModel

APPLICATION_ID = 0x46534347  # "FSCG": marks the SQLite file as ours
# 2: the same tables; a campaign's scenario copy may be of the form with side colours and a
# fortified line (scenario/migrate.py reads the older form), which an app reading only schema 1
# would call damaged. The bump makes such an app say "newer" instead, and leave the file alone.
# 3: the table draft, the battle being entered in the window (an app reading 2 would call it foreign).
SCHEMA_VERSION = 3

metadata = SQLModel.metadata


class MetaEntry(SQLModel, table=True):
    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str


class Document(SQLModel, table=True):
    """The data the file was made from: a scenario (TOML text) or an assist game's set-up."""

    __tablename__ = "document"
    id: int = Field(default=1, primary_key=True)
    name: str
    source: str


class ActionRow(SQLModel):
    """The columns of a logged action: its place in the log, its type, the action as JSON."""

    seq: int = Field(primary_key=True)
    kind: str
    payload: str
    recorded_at: str


class LoggedAction(ActionRow, table=True):
    """One completed action, with every die it used, as JSON."""

    __tablename__ = "action"


class UndoneAction(ActionRow, table=True):
    """An action taken back by undo, kept until redo puts it back or a new action is made."""

    __tablename__ = "redo"


class DraftRow(SQLModel, table=True):
    """The battle being entered in the window and not yet recorded, as JSON (engine/entry.py), in
    one row at most. It is kept apart from the log: undo, redo, the history and the revision
    never see it, and writing it is a transaction of its own."""

    __tablename__ = "draft"
    id: int = Field(default=1, primary_key=True)
    payload: str
    saved_at: str


SINCE = {"draft": 3}  # the schema version each later table came with (the others: 1)


def tables_of(version: int) -> list[str]:
    """The tables a file of schema `version` holds."""
    return [table.name for table in metadata.sorted_tables if SINCE.get(table.name, 1) <= version]


def _create(name: str) -> str:
    """The statement making table `name` exactly as a new file has it (one declaration, not two)."""
    return str(CreateTable(metadata.tables[name]).compile(dialect=sqlite.dialect())).strip()


# Ordered migrations: MIGRATIONS[n] upgrades a file from schema n to n + 1 (SQL statements).
MIGRATIONS: dict[int, list[str]] = {
    1: ["UPDATE meta SET value = '2' WHERE key = 'schema'"],
    2: [_create("draft"), "UPDATE meta SET value = '3' WHERE key = 'schema'"],
}
