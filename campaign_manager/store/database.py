"""Where the store meets the database: every connection to a file, and every engine, is made here.

A file's path reaches SQLite only as a `file:` URI with every character of the path quoted, so
`Campaign #2.campaign`, `what?.campaign` or `other.db?y` is that file and no other (pasted into a
URI as it is, `#` and `?` end the path and SQLite opens, or makes, some other file). The mode
says what may happen: `ro` reads, `rw` writes a file that is already there; nothing here ever
makes a file (new files are built in memory and written whole: store/writing.py).

Every connection runs with `trusted_schema = OFF`, so SQL kept in a file (a trigger, a view)
cannot call a function with side effects. `file_engine` is the SQLAlchemy engine of one file; a
URL-based engine (a server shared between shops) would sit beside it.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Engine, create_engine
from sqlalchemy.pool import QueuePool, StaticPool

from campaign_manager.store import faults


def file_uri(path: Path, mode: str) -> str:
    """`path` as an SQLite URI opening exactly that file in `mode` ("ro" or "rw")."""
    absolute = Path(path).absolute()
    if sys.platform == "win32":  # file:///C:/folder/name (the drive's colon left as it is)
        return "file:///" + quote(absolute.as_posix(), safe="/:") + f"?mode={mode}"
    return "file:" + quote(os.fsencode(absolute), safe="/") + f"?mode={mode}"


def _prepared(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.execute("PRAGMA trusted_schema = OFF")
    return conn


def connect(path: Path, mode: str = "ro", timeout: float | None = None) -> sqlite3.Connection:
    """A connection to the file at `path`, read-only ("ro") or writing ("rw"); a lock held by
    another program is waited for, briefly (faults.BUSY_WAIT), then told."""
    wait = faults.BUSY_WAIT if timeout is None else timeout
    return _prepared(sqlite3.connect(file_uri(path, mode), uri=True, timeout=wait))


def memory() -> sqlite3.Connection:
    """An empty database in memory, where a new file is built before it is written whole."""
    return _prepared(sqlite3.connect(":memory:"))


def file_engine(path: Path, readonly: bool) -> Engine:
    """The SQLAlchemy engine of the file at `path` (it never makes the file)."""
    mode = "ro" if readonly else "rw"
    return create_engine("sqlite://", creator=lambda: connect(path, mode), poolclass=QueuePool)


def memory_engine(conn: sqlite3.Connection) -> Engine:
    """An engine over one database in memory (`conn`, which the caller closes)."""
    return create_engine("sqlite://", creator=lambda: conn, poolclass=StaticPool)
