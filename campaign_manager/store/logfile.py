"""A log file: one SQLite file holding a document and an append-only log of JSON actions.

Campaigns and assist-game trackers both use it. Every write is one transaction, so a crash
leaves the file at the last completed action. A file that is not ours, is damaged, or comes
from a newer version is refused before anything is written to it.

Two programs may have the same file open (the app window and the command line). Every write
first moves the file's revision on from the one this reader last saw, in the same transaction;
if someone else wrote in between, nothing is written and FileChanged says so.

The rollback journal (not WAL) keeps everything in the one .campaign file between actions, so
copying that file is a complete backup whenever no action is being recorded.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import delete, event, func, text
from sqlmodel import Session, col, create_engine, select

from campaign_manager.errors import FileChanged, FileRefused
from campaign_manager.store import faults
from campaign_manager.store.faults import ReadOnlyFile, storage_faults
from campaign_manager.store.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    Document,
    LoggedAction,
    MetaEntry,
    UndoneAction,
    metadata,
)

SQLITE_HEADER = b"SQLite format 3\x00"
KIND_LABELS = {"campaign": "a campaign file"}


def _label(kind: str) -> str:
    if kind.startswith("assist:"):
        return f"an assist-game file ({kind.split(':', 1)[1]})"
    return KIND_LABELS.get(kind, f"a '{kind}' file")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def inspect_file(path: Path) -> tuple[int, str]:
    """Check, without writing, that `path` is one of our log files; return (schema, kind).

    Raises FileRefused with a message a user can act on.
    """
    if not path.exists():
        raise FileRefused(f"{path}: no such file")
    if path.is_dir():
        raise FileRefused(f"{path}: is a folder, not a file")
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise FileRefused(f"{path}: cannot be read ({exc.strerror})") from None
    if header != SQLITE_HEADER:
        raise FileRefused(f"{path}: is not a campaign manager file (not an SQLite database)")
    _recover_interrupted_write(path)
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=faults.BUSY_WAIT)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id != APPLICATION_ID:
                raise FileRefused(f"{path}: is an SQLite database but not a campaign manager file")
            if version > SCHEMA_VERSION:
                raise FileRefused(
                    f"{path}: was written by a newer version of the app (file schema {version}, "
                    f"this app reads up to {SCHEMA_VERSION}); it was left untouched"
                )
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise FileRefused(f"{path}: is damaged ({check}); it was left untouched")
            row = conn.execute("SELECT value FROM meta WHERE key = 'kind'").fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError as exc:
        told = faults.fault_message(path, exc, "reading")
        if told is None:
            raise FileRefused(f"{path}: is damaged and cannot be read ({exc}); it was left untouched") from None
        raise faults.StorageFault(told) from None
    except sqlite3.DatabaseError as exc:
        raise FileRefused(f"{path}: is damaged and cannot be read ({exc}); it was left untouched") from None
    if row is None:
        raise FileRefused(f"{path}: is damaged (it does not say what it holds); it was left untouched")
    return version, row[0]


def _recover_interrupted_write(path: Path) -> None:
    """A journal left beside the file means a write was cut off (a crash, a power cut): SQLite
    puts the file back as it was before that write when it is opened for writing."""
    journal = path.with_name(path.name + "-journal")
    if not journal.exists() or journal.stat().st_size == 0:
        return
    try:
        conn = sqlite3.connect(path)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise FileRefused(
            f"{path}: a write to it was cut off and it could not be put back ({exc}); "
            f"keep {journal.name} beside it and ask for help"
        ) from None


class LogFile:
    """An open log file. Use `LogFile.create` or `LogFile.open`."""

    def __init__(self, path: Path, kind: str, readonly: bool) -> None:
        self.revision = 0
        self.path = Path(path)
        self.kind = kind
        self.readonly = readonly
        if readonly:
            url = f"sqlite:///file:{self.path}?mode=ro&uri=true"
        else:
            url = f"sqlite:///{self.path}"
        # a lock held by another program is waited for, briefly (faults.BUSY_WAIT), then told
        self._engine = create_engine(url, poolclass=None, connect_args={"timeout": faults.BUSY_WAIT})
        event.listen(self._engine, "connect", self._on_connect)

    @staticmethod
    def _on_connect(dbapi_conn, _record) -> None:
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def create(
        cls, path: Path, kind: str, document_name: str, document_source: str, meta: dict[str, str] | None = None
    ) -> LogFile:
        """Make a new file; refuses to overwrite anything that is already there."""
        path = Path(path)
        if path.exists():
            raise FileRefused(f"{path}: already exists; choose another name (nothing was overwritten)")
        if not path.parent.exists():
            raise FileRefused(f"{path}: the folder {path.parent} does not exist")
        try:
            with storage_faults(path, "new file"):
                conn = sqlite3.connect(path)
                try:
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    conn.commit()
                finally:
                    conn.close()
                log = cls(path, kind, readonly=False)
                try:
                    metadata.create_all(log._engine)
                    with Session(log._engine) as session:
                        entries = {
                            "kind": kind,
                            "created": _now(),
                            "schema": str(SCHEMA_VERSION),
                            "revision": "0",
                            **(meta or {}),
                        }
                        for key, value in entries.items():
                            session.add(MetaEntry(key=key, value=value))
                        session.add(Document(name=document_name, source=document_source))
                        session.commit()
                except BaseException:
                    log.close()
                    raise
        except BaseException:
            path.unlink(missing_ok=True)  # a file that could not be made whole is not left behind
            raise
        return log

    @classmethod
    def open(cls, path: Path, kind: str, readonly: bool = False) -> LogFile:
        """Open an existing file of `kind`, upgrading an older schema unless read-only."""
        path = Path(path)
        version, found_kind = inspect_file(path)
        if found_kind != kind:
            raise FileRefused(f"{path}: is {_label(found_kind)}, not {_label(kind)}")
        if not readonly and not faults.writable(path):
            raise ReadOnlyFile(faults.read_only_message(path))
        log = cls(path, kind, readonly)
        try:
            with storage_faults(path, "opening"):
                if not readonly:
                    log._prepare_for_writing(version)
                log.revision = log.file_revision()
        except BaseException:
            log.close()
            raise
        return log

    def _prepare_for_writing(self, version: int) -> None:
        """Upgrade an older schema; files of early builds lack a revision or were in WAL mode.
        Nothing is written to a file that needs none of this (so a busy file still opens)."""
        if version < SCHEMA_VERSION:
            self._migrate(version)
        with self._engine.connect() as conn:
            has_revision = conn.exec_driver_sql("SELECT 1 FROM meta WHERE key = 'revision'").fetchone()
            mode_row = conn.exec_driver_sql("PRAGMA journal_mode").fetchone()
        mode = mode_row[0] if mode_row is not None else ""
        if has_revision is None:
            with self._engine.begin() as conn:
                conn.exec_driver_sql("INSERT OR IGNORE INTO meta (key, value) VALUES ('revision', '0')")
        if str(mode).lower() == "wal":
            with self._engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA journal_mode = DELETE")

    def file_revision(self) -> int:
        """How many writes the file has seen (read from the file now)."""
        with storage_faults(self.path, "reading"), self._engine.connect() as conn:
            row = conn.exec_driver_sql("SELECT value FROM meta WHERE key = 'revision'").fetchone()
        return int(row[0]) if row else 0

    def changed_elsewhere(self) -> bool:
        return self.file_revision() != self.revision

    def _claim(self, session: Session) -> None:
        """Move the revision on, atomically, only if nobody wrote since we last read."""
        done = session.execute(
            text(
                "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) "
                "WHERE key = 'revision' AND CAST(value AS INTEGER) = :seen"
            ),
            {"seen": self.revision},
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]  # an UPDATE's result is a CursorResult
            session.rollback()
            raise FileChanged(
                f"{self.path}: was changed by another program after it was opened here; nothing was written"
            )

    def _migrate(self, version: int) -> None:
        with self._engine.begin() as conn:
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    conn.execute(text(statement))
            conn.execute(text(f"PRAGMA user_version = {SCHEMA_VERSION}"))

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> LogFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -------------------------------------------------------------------------

    def document(self) -> Document:
        with Session(self._engine) as session:
            document = session.get(Document, 1)
        if document is None:
            raise FileRefused(f"{self.path.name}: the file has no document row; it is damaged")
        return document

    def meta(self) -> dict[str, str]:
        with Session(self._engine) as session:
            return {row.key: row.value for row in session.exec(select(MetaEntry))}

    def actions(self) -> list[dict[str, Any]]:
        """Every logged action's payload, oldest first (a plain query: this is the hot path of
        opening a campaign with a long log)."""
        with self._engine.connect() as conn:
            rows = conn.exec_driver_sql("SELECT payload FROM action ORDER BY seq").fetchall()
        # One parse of the joined payloads costs far less than one call per action.
        return json.loads("[" + ",".join(payload for (payload,) in rows) + "]")

    def entries(self) -> list[tuple[int, str, dict[str, Any]]]:
        """(seq, recorded_at, payload) for every logged action, oldest first."""
        with Session(self._engine) as session:
            rows = session.exec(
                select(LoggedAction.seq, LoggedAction.recorded_at, LoggedAction.payload).order_by(col(LoggedAction.seq))
            )
            return [(seq, at, json.loads(payload)) for seq, at, payload in rows]

    def redo_count(self) -> int:
        with Session(self._engine) as session:
            return session.exec(select(func.count()).select_from(UndoneAction)).one()

    # -- writing (each call is one transaction) -------------------------------------------

    def check_writable(self) -> None:
        if self.readonly:
            raise ReadOnlyFile(f"{self.path}: is open read-only: nothing can be recorded — {faults.SAVE_A_COPY}")

    def append(self, payloads: Iterable[dict[str, Any]], recorded_at: list[str] | None = None) -> None:
        """Record completed actions, all or nothing; a new action empties the redo stack.
        `recorded_at` (one time per action) is for rebuilding a log exported earlier."""
        self.check_writable()
        with storage_faults(self.path, "action"), Session(self._engine) as session:
            self._claim(session)
            last = session.exec(select(func.max(LoggedAction.seq))).one() or 0
            now = _now()
            for offset, payload in enumerate(payloads, start=1):
                at = recorded_at[offset - 1] if recorded_at is not None else now
                session.add(
                    LoggedAction(
                        seq=last + offset,
                        kind=str(payload.get("type", "")),
                        payload=json.dumps(payload, sort_keys=True, separators=(",", ":")),
                        recorded_at=at,
                    )
                )
            session.exec(delete(UndoneAction))
            session.commit()
        self.revision += 1

    def _move_top(
        self, source: type[LoggedAction] | type[UndoneAction], target: type[LoggedAction] | type[UndoneAction]
    ) -> dict[str, Any] | None:
        """Move the newest row of `source` onto the top of `target`, in one transaction."""
        self.check_writable()
        with storage_faults(self.path, "undo" if source is LoggedAction else "redo"), Session(self._engine) as session:
            self._claim(session)
            found = session.exec(select(source).order_by(col(source.seq).desc()).limit(1)).first()
            row = cast("LoggedAction | UndoneAction | None", found)  # select() of a union of tables
            if row is None:
                session.rollback()
                return None
            top = session.exec(select(func.max(target.seq))).one() or 0
            session.add(target(seq=top + 1, kind=row.kind, payload=row.payload, recorded_at=row.recorded_at))
            session.delete(row)
            payload = json.loads(row.payload)
            session.commit()
        self.revision += 1
        return payload

    def undo(self) -> dict[str, Any] | None:
        """Take back the last action (kept for redo); None when the log is empty."""
        return self._move_top(LoggedAction, UndoneAction)

    def redo(self) -> dict[str, Any] | None:
        """Put back the action undone last; None when there is nothing to redo."""
        return self._move_top(UndoneAction, LoggedAction)
