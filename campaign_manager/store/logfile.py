"""A log file: one SQLite file holding a document and an append-only log of JSON actions.

Campaigns and assist-game trackers both use it. Every write is one transaction, so a crash
leaves the file at the last completed action. A file that is not ours, is damaged, comes from a
newer version, or holds anything the app did not make (a trigger, a view, a table: see
store/integrity.py) is refused before anything is written to it, and so is one that is not an
ordinary file (a pipe would make reading wait for ever). Every row is checked before it is used.
A new file is built in memory and written whole (store/writing.py).

Two programs may have the same file open (the app window and the command line). Every write
first moves the file's revision on from the one this reader last saw, in the same transaction;
if someone else wrote in between, nothing is written and FileChanged says so.

The rollback journal (not WAL) keeps everything in the one .campaign file between actions, so
copying that file is a complete backup whenever no action is being recorded.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Engine, delete, event, func, text
from sqlmodel import Session, col, select

from campaign_manager import bounds
from campaign_manager.errors import FileChanged, FileRefused, UserError
from campaign_manager.store import database, faults, integrity, writing
from campaign_manager.store.faults import ReadOnlyFile, StorageFault, storage_faults
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
OLDEST_SCHEMA = min(MIGRATIONS, default=SCHEMA_VERSION)  # the oldest file schema the app upgrades
QUICK_CHECK_FAULTS = 20  # SQLite's integrity report stops after this many faults


def _label(kind: str) -> str:
    if kind.startswith("assist:"):
        return f"an assist-game file ({kind.split(':', 1)[1]})"
    return KIND_LABELS.get(kind, f"a '{kind}' file")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


Identity = tuple[int, int]  # (device, inode): the file itself, whatever its name


def _regular_file(path: Path) -> tuple[bytes, Identity]:
    """The first bytes of `path` and which file it is; refuses a missing file, a folder, or
    anything that is not an ordinary file (a FIFO would make reading wait for ever)."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        raise FileRefused(f"{path}: no such file") from None
    except OSError as exc:
        told = faults.fault_message(path, exc, "reading")
        raise FileRefused(told or f"{path}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(found.st_mode):
        raise FileRefused(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(found.st_mode):
        raise FileRefused(f"{path}: is not an ordinary file (a pipe, a device or a socket), so not a campaign file")
    if found.st_size > bounds.MAX_CAMPAIGN_FILE:
        raise FileRefused(
            f"{path}: is larger than {bounds.size_words(bounds.MAX_CAMPAIGN_FILE)}, far more than any campaign "
            f"needs, so it is not read (it was left untouched)"
        )
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            opened = os.fstat(handle)
            if not stat.S_ISREG(opened.st_mode):
                raise FileRefused(f"{path}: is not an ordinary file, so not a campaign file")
            header = os.read(handle, len(SQLITE_HEADER))
        finally:
            os.close(handle)
    except OSError as exc:
        raise FileRefused(f"{path}: cannot be read ({exc.strerror or exc})") from None
    return header, (opened.st_dev, opened.st_ino)


def _first_fault(rows: list[tuple[Any, ...]]) -> str:
    """SQLite's integrity report cut to one line: its first fault, and how many more."""
    lines = [line.strip() for (row,) in rows for line in str(row).splitlines()]
    faults_found = [line for line in lines if line and not line.startswith("***")]
    first = faults_found[0] if faults_found else "unreadable"
    first = first if len(first) <= 100 else first[:100] + "…"
    more = len(faults_found) - 1
    if len(rows) >= QUICK_CHECK_FAULTS:
        return first + ", and more faults"
    return first + (f", and {more} more fault{'s' if more > 1 else ''}" if more > 0 else "")


def inspect_file(path: Path) -> tuple[int, str, Identity]:
    """Check, without writing, that `path` is one of our log files; return (schema, kind, identity).

    Raises FileRefused with a message a user can act on.
    """
    header, identity = _regular_file(path)
    if header != SQLITE_HEADER:
        raise FileRefused(f"{path}: is not a campaign manager file (not an SQLite database)")
    _recover_interrupted_write(path)
    try:
        conn = database.connect(path, "ro")
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
            if version < OLDEST_SCHEMA:
                raise integrity.refuse(
                    path,
                    f"its file schema is {version}, which no version of the app writes (it reads {OLDEST_SCHEMA} "
                    f"to {SCHEMA_VERSION})",
                )
            check = conn.execute(f"PRAGMA quick_check({QUICK_CHECK_FAULTS})").fetchall()
            if not check or check[0][0] != "ok":
                raise integrity.refuse(path, f"SQLite finds it unsound ({_first_fault(check)})")
            integrity.check_schema(conn, path)
            integrity.check_rows(conn, path)
            row = conn.execute("SELECT value FROM meta WHERE key = 'kind'").fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError as exc:
        told = faults.fault_message(path, exc, "reading")
        if told is None:
            raise integrity.refuse(path, f"it cannot be read ({_first_fault([(str(exc),)])})") from None
        raise faults.StorageFault(told) from None
    except sqlite3.DatabaseError as exc:
        raise integrity.refuse(path, f"it cannot be read ({_first_fault([(str(exc),)])})") from None
    if row is None:
        raise integrity.refuse(path, 'it does not say what it holds (table meta has no row "kind")')
    return version, row[0], identity


def _recover_interrupted_write(path: Path) -> None:
    """A journal left beside the file means a write was cut off (a crash, a power cut): SQLite
    puts the file back as it was before that write when it is opened for writing."""
    journal = path.with_name(path.name + "-journal")
    try:
        if not journal.exists() or journal.stat().st_size == 0:
            return
    except OSError:
        return  # a journal that cannot even be looked at: SQLite says what it makes of it
    try:
        conn = database.connect(path, "rw")
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

    def __init__(self, path: Path, kind: str, readonly: bool, engine: Engine | None = None) -> None:
        self.revision = 0
        self.path = Path(path)
        self.kind = kind
        self.readonly = readonly
        self.identity: Identity | None = None  # the file opened (None: one in memory)
        self.times: list[str] = []  # when each logged action was recorded (kept with `actions`)
        self._document: Document | None = None
        self._meta: dict[str, str] | None = None
        self._engine = engine if engine is not None else database.file_engine(self.path, readonly)
        event.listen(self._engine, "connect", self._on_connect)

    @staticmethod
    def _on_connect(dbapi_conn, _record) -> None:
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA cell_size_check = ON")
        cursor.close()

    # -- making and opening ----------------------------------------------------------------

    @classmethod
    def build(
        cls,
        kind: str,
        document_name: str,
        document_source: str,
        meta: dict[str, str] | None = None,
        payloads: Iterable[dict[str, Any]] = (),
        recorded_at: list[str] | None = None,
    ) -> bytes:
        """A new file's whole content, built in memory: its settings (`meta`, beside the ones
        every file has), its document, and a log already holding `payloads`."""
        conn = database.memory()
        try:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.commit()
            log = cls(Path(":memory:"), kind, readonly=False, engine=database.memory_engine(conn))
            try:
                metadata.create_all(log._engine)
                with Session(log._engine) as session:
                    given = {
                        key: value for key, value in (meta or {}).items() if key not in ("kind", "schema", "revision")
                    }
                    entries = {"kind": kind, "created": _now(), "schema": str(SCHEMA_VERSION), "revision": "0", **given}
                    for key, value in entries.items():
                        session.add(MetaEntry(key=key, value=value))
                    session.add(Document(name=document_name, source=document_source))
                    session.commit()
                payloads = list(payloads)
                if payloads:
                    log.append(payloads, recorded_at)
                return conn.serialize()
            finally:
                log.close()  # the engine's pool closes `conn` with it
        finally:
            conn.close()

    @classmethod
    def create(
        cls, path: Path, kind: str, document_name: str, document_source: str, meta: dict[str, str] | None = None
    ) -> LogFile:
        """Make a new file; refuses to overwrite anything that is already there. It is built in
        memory and written whole: a crash leaves either no file or the complete new one."""
        path = Path(path)
        writing.check_new(path)
        writing.write_whole(path, cls.build(kind, document_name, document_source, meta), "new file", new=True)
        return cls.open(path, kind)

    @classmethod
    def open(cls, path: Path, kind: str, readonly: bool = False) -> LogFile:
        """Open an existing file of `kind`, upgrading an older schema unless read-only."""
        path = Path(path)
        version, found_kind, identity = inspect_file(path)
        if found_kind != kind:
            raise FileRefused(f"{path}: is {_label(found_kind)}, not {_label(kind)}")
        if not readonly and not faults.writable(path):
            raise ReadOnlyFile(faults.read_only_message(path))
        if not readonly and len(os.fsencode(path.name)) > writing.longest_name(path.parent):
            raise ReadOnlyFile(
                f"{path}: its name is too long for SQLite to keep its journal beside it, so nothing can be "
                f"recorded — rename it shorter, or {faults.SAVE_A_COPY}"
            )
        log = cls(path, kind, readonly)
        log.identity = identity
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
        self.check_same_file()
        with storage_faults(self.path, "reading"), self._engine.connect() as conn:
            row = conn.exec_driver_sql("SELECT value FROM meta WHERE key = 'revision'").fetchone()
        if row is None:
            return 0
        if not (isinstance(row[0], str) and integrity.REVISION.fullmatch(row[0])):
            raise integrity.refuse(
                self.path, f'its table meta, row "revision", holds {integrity.shown(row[0])}, not a count of writes'
            )
        return int(row[0])

    def changed_elsewhere(self) -> bool:
        return self.file_revision() != self.revision

    def check_same_file(self) -> None:
        """Refuse to go on when the file opened here was deleted, moved away or replaced by
        another one meanwhile (SQLite would call it read-only, or write to the file that is gone)."""
        if self.identity is None:
            return
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            raise FileGone(
                f"{self.path}: the file was deleted or moved away while it was open here, so nothing more can "
                f"be recorded in it — File ▸ Save a copy writes the campaign as it stands here to a new file"
            ) from None
        except OSError:
            return  # the medium's own fault is told by the read or write that meets it
        if (found.st_dev, found.st_ino) != self.identity:
            raise FileGone(
                f"{self.path}: was replaced by another file while it was open here, so nothing more is recorded "
                f"in it — open it again to see what it holds now, or File ▸ Save a copy to keep the campaign as it "
                f"stands here"
            )

    def _claim(self, session: Session) -> None:
        """Move the revision on, atomically, only if nobody wrote since we last read; refuse (and
        roll back whatever it did) a file that gained a trigger or a view since it was opened."""
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
        planted = session.execute(text("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')"))
        found = planted.first()
        if found is not None:
            session.rollback()
            raise FileRefused(
                f"{self.path}: another program added a {found[0]} {integrity.shown(found[1])} to it, so nothing "
                f"was written (the app never runs SQL kept in a file)"
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
        """The document the file was made from (read once, then kept)."""
        if self._document is None:
            with Session(self._engine) as session:
                document = session.get(Document, 1)
            if document is None or not isinstance(document.source, str) or not isinstance(document.name, str):
                raise integrity.refuse(self.path, "its table document has no row 1 of text")
            self._document = document
        return self._document

    def meta(self) -> dict[str, str]:
        """The file's settings (read once, then kept; the revision is `file_revision`)."""
        if self._meta is None:
            with Session(self._engine) as session:
                rows = {row.key: row.value for row in session.exec(select(MetaEntry))}
            if not all(isinstance(key, str) and isinstance(value, str) for key, value in rows.items()):
                raise integrity.refuse(self.path, "its table meta holds a setting that is not text")
            self._meta = rows
        return dict(self._meta)

    def actions(self) -> list[dict[str, Any]]:
        """Every logged action's payload, oldest first, each checked to be one JSON object within
        the limits (a plain query: this is the hot path of opening a campaign with a long log).
        The time each was recorded is kept in `times`."""
        self.check_same_file()
        with self._engine.connect() as conn:
            rows = conn.exec_driver_sql("SELECT seq, recorded_at, payload FROM action ORDER BY seq").fetchall()
        if len(rows) > bounds.MAX_LOG:
            raise integrity.refuse(self.path, f"the action log holds more than {bounds.MAX_LOG:,} actions")
        records = integrity.payloads(self.path, "action", [(seq, payload) for seq, _at, payload in rows])
        self.times = [at if isinstance(at, str) else "" for _seq, at, _payload in rows]
        return records

    def entries(self) -> list[tuple[int, str, dict[str, Any]]]:
        """(seq, recorded_at, payload) for every logged action, oldest first."""
        with Session(self._engine) as session:
            rows = session.exec(
                select(LoggedAction.seq, LoggedAction.recorded_at, LoggedAction.payload).order_by(col(LoggedAction.seq))
            ).all()
        return [(seq, at, integrity.payload(self.path, "action", seq, payload)) for seq, at, payload in rows]

    def redo_count(self) -> int:
        with Session(self._engine) as session:
            return session.exec(select(func.count()).select_from(UndoneAction)).one()

    # -- writing (each call is one transaction) -------------------------------------------

    def check_writable(self) -> None:
        if self.readonly:
            raise ReadOnlyFile(f"{self.path}: is open read-only: nothing can be recorded — {faults.SAVE_A_COPY}")
        self.check_same_file()

    def append(self, payloads: Iterable[dict[str, Any]], recorded_at: list[str] | None = None) -> None:
        """Record completed actions, all or nothing; a new action empties the redo stack.
        `recorded_at` (one time per action) is for rebuilding a log exported earlier."""
        self.check_writable()
        written = []
        for number, payload in enumerate(payloads, start=1):
            words = json.dumps(payload, sort_keys=True, separators=(",", ":"))
            if len(words) > bounds.MAX_ACTION:
                raise UserError(
                    f"action {number} ({integrity.shown(payload.get('type', '?'))}) is larger than "
                    f"{bounds.size_words(bounds.MAX_ACTION)} as JSON, more than any action needs; nothing was recorded"
                )
            written.append((str(payload.get("type", "")), words))
        times = []
        with self._writing("action"), Session(self._engine) as session:
            self._claim(session)
            last = session.exec(select(func.max(LoggedAction.seq))).one() or 0
            now = _now()
            for offset, (kind, words) in enumerate(written, start=1):
                at = recorded_at[offset - 1] if recorded_at is not None else now
                times.append(at)
                session.add(LoggedAction(seq=last + offset, kind=kind, payload=words, recorded_at=at))
            session.exec(delete(UndoneAction))
            session.commit()
        self.revision += 1
        self.times.extend(times)

    @contextmanager
    def _writing(self, doing: str) -> Iterator[None]:
        """Storage faults told in one sentence; a read-only refusal from a file that is gone or
        replaced is told as that (SQLite calls a deleted file read-only)."""
        try:
            with storage_faults(self.path, doing):
                yield
        except StorageFault:
            self.check_same_file()
            raise

    def _move_top(
        self,
        source: type[LoggedAction] | type[UndoneAction],
        target: type[LoggedAction] | type[UndoneAction],
        check: Callable[[dict[str, Any]], object] | None = None,
    ) -> dict[str, Any] | None:
        """Move the newest row of `source` onto the top of `target`, in one transaction; the
        row is read and `check`ed (which raises to refuse it) before anything is written."""
        self.check_writable()
        table = "action" if source is LoggedAction else "redo"
        with self._writing("undo" if source is LoggedAction else "redo"), Session(self._engine) as session:
            self._claim(session)
            found = session.exec(select(source).order_by(col(source.seq).desc()).limit(1)).first()
            row = cast("LoggedAction | UndoneAction | None", found)  # select() of a union of tables
            if row is None:
                session.rollback()
                return None
            try:
                payload = integrity.payload(self.path, table, row.seq, row.payload)
                if not isinstance(row.recorded_at, str) or not isinstance(row.kind, str):
                    raise integrity.refuse(
                        self.path,
                        f"{integrity.TABLE_WORDS[table]} (table {table}), {integrity.row(row.seq)}: it is not text",
                    )
                if check is not None:
                    check(payload)
            except BaseException:
                session.rollback()
                raise
            top = session.exec(select(func.max(target.seq))).one() or 0
            session.add(target(seq=top + 1, kind=row.kind, payload=row.payload, recorded_at=row.recorded_at))
            session.delete(row)
            session.commit()
        self.revision += 1
        if source is LoggedAction:
            self.times = self.times[:-1]
        else:
            self.times.append(row.recorded_at)
        return payload

    def undo(self) -> dict[str, Any] | None:
        """Take back the last action (kept for redo); None when the log is empty."""
        return self._move_top(LoggedAction, UndoneAction)

    def redo(self, check: Callable[[dict[str, Any]], object] | None = None) -> dict[str, Any] | None:
        """Put back the action undone last; None when there is nothing to redo. `check` is
        given the action first and raises to refuse it: then nothing is written."""
        return self._move_top(UndoneAction, LoggedAction, check)


class FileGone(StorageFault):
    """The file opened was deleted, moved away or replaced meanwhile; nothing was written."""
