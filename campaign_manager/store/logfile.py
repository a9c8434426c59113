"""A log file: one SQLite file holding a document and an append-only log of JSON actions.

Campaigns and assist-game trackers both use it. Every write is one transaction, so a crash
leaves the file at the last completed action. A file that is not ours, is damaged, comes from a
newer version, or holds anything the app did not make (a trigger, a view, a table: see
store/integrity.py) is refused before anything is written to it, and so is one that is not an
ordinary file (a pipe would make reading wait for ever). Every row is checked before it is used.
A new file is built in memory and written whole (store/writing.py).

Two programs may have the same file open (the app window and the command line): writers take
turns as store/action_log.py says (the code above the connection, shared with a campaign on a
server).

The rollback journal (not WAL) keeps everything in the one .campaign file between actions, so
copying that file is a complete backup whenever no action is being recorded.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, event, text
from sqlmodel import Session

from campaign_manager import bounds
from campaign_manager.errors import FileRefused
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.store import database, faults, integrity, writing
from campaign_manager.store.action_log import ActionLog, LimitReached, LogContent, counted_actions
from campaign_manager.store.faults import ReadOnlyFile, StorageFault, storage_faults
from campaign_manager.store.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    metadata,
)

if TYPE_CHECKING:
    from sqlalchemy.engine.interfaces import DBAPIConnection
    from sqlalchemy.pool import ConnectionPoolEntry

SQLITE_HEADER = b"SQLite format 3\x00"
KIND_LABELS = {"campaign": N_("a campaign file")}
OLDEST_SCHEMA = min(MIGRATIONS, default=SCHEMA_VERSION)  # the oldest file schema the app upgrades
QUICK_CHECK_FAULTS = 20  # SQLite's integrity report stops after this many faults


def _label(kind: str) -> str:
    if kind.startswith("assist:"):
        return _("an assist-game file ({game})").format(game=kind.split(":", 1)[1])
    if kind in KIND_LABELS:
        return _(KIND_LABELS[kind])
    return _("a '{kind}' file").format(kind=kind)


Identity = tuple[int, int]  # (device, inode): the file itself, whatever its name


def _regular_file(path: Path) -> tuple[bytes, Identity]:
    """The first bytes of `path` and which file it is; refuses a missing file, a folder, or
    anything that is not an ordinary file (a FIFO would make reading wait for ever)."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        raise FileRefused(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        told = faults.fault_message(path, exc, "reading")
        raise FileRefused(
            told or _("{path}: cannot be read ({problem})").format(path=path, problem=exc.strerror or exc)
        ) from None
    if stat.S_ISDIR(found.st_mode):
        raise FileRefused(_("{path}: is a folder, not a file").format(path=path))
    if not stat.S_ISREG(found.st_mode):
        raise FileRefused(
            _("{path}: is not an ordinary file (a pipe, a device or a socket), so not a campaign file").format(
                path=path
            )
        )
    if found.st_size > bounds.MAX_CAMPAIGN_FILE:
        raise FileRefused(
            _(
                "{path}: is larger than {limit}, far more than any campaign needs, so it is not "
                "read (it was left untouched)"
            ).format(path=path, limit=bounds.size_words(bounds.MAX_CAMPAIGN_FILE))
        )
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            opened = os.fstat(handle)
            if not stat.S_ISREG(opened.st_mode):
                raise FileRefused(_("{path}: is not an ordinary file, so not a campaign file").format(path=path))
            header = os.read(handle, len(SQLITE_HEADER))
        finally:
            os.close(handle)
    except OSError as exc:
        raise FileRefused(
            _("{path}: cannot be read ({problem})").format(path=path, problem=exc.strerror or exc)
        ) from None
    return header, (opened.st_dev, opened.st_ino)


def _first_fault(rows: list[tuple[Any, ...]]) -> str:
    """SQLite's integrity report cut to one line: its first fault, and how many more."""
    lines = [line.strip() for (row,) in rows for line in str(row).splitlines()]
    faults_found = [line for line in lines if line and not line.startswith("***")]
    first = faults_found[0] if faults_found else _("unreadable")
    first = first if len(first) <= 100 else first[:100] + "…"
    more = len(faults_found) - 1
    if len(rows) >= QUICK_CHECK_FAULTS:
        return _("{fault}, and more faults").format(fault=first)
    if more > 0:
        return ngettext("{fault}, and {n} more fault", "{fault}, and {n} more faults", more).format(fault=first, n=more)
    return first


def inspect_file(path: Path) -> tuple[int, str, Identity]:
    """Check, without writing, that `path` is one of our log files; return (schema, kind, identity).

    Raises FileRefused with a message a user can act on.
    """
    header, identity = _regular_file(path)
    if header != SQLITE_HEADER:
        raise FileRefused(_("{path}: is not a campaign manager file (not an SQLite database)").format(path=path))
    _recover_interrupted_write(path)
    try:
        conn = database.connect(path, "ro")
        # Whatever the file holds is read leniently here (SQLite's report may quote a damaged
        # name): every text the app uses is checked to be UTF-8 by check_rows, naming its row.
        conn.text_factory = _lenient
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id != APPLICATION_ID:
                raise FileRefused(_("{path}: is an SQLite database but not a campaign manager file").format(path=path))
            if version > SCHEMA_VERSION:
                raise FileRefused(
                    _(
                        "{path}: was written by a newer version of the app (file schema {version}, this app "
                        "reads up to {schema_version}); it was left untouched"
                    ).format(path=path, version=version, schema_version=SCHEMA_VERSION)
                )
            if version < OLDEST_SCHEMA:
                raise integrity.refuse(
                    path,
                    _(
                        "its file schema is {version}, which no version of the app writes (it reads "
                        "{oldest_schema} to {schema_version})"
                    ).format(version=version, oldest_schema=OLDEST_SCHEMA, schema_version=SCHEMA_VERSION),
                )
            check = conn.execute(f"PRAGMA quick_check({QUICK_CHECK_FAULTS})").fetchall()
            if not check or check[0][0] != "ok":
                raise integrity.refuse(path, _("SQLite finds it unsound ({fault})").format(fault=_first_fault(check)))
            integrity.check_schema(conn, path, version)
            integrity.check_rows(conn, path, version)
            row = conn.execute("SELECT value FROM meta WHERE key = 'kind'").fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError as exc:
        told = faults.fault_message(path, exc, "reading")
        if told is None:
            raise integrity.refuse(
                path, _("it cannot be read ({fault})").format(fault=_first_fault([(str(exc),)]))
            ) from None
        raise faults.StorageFault(told) from None
    except sqlite3.DatabaseError as exc:
        raise integrity.refuse(
            path, _("it cannot be read ({fault})").format(fault=_first_fault([(str(exc),)]))
        ) from None
    except UnicodeDecodeError:  # SQLite's own message quoted damaged bytes of the file
        raise integrity.refuse(path, _("SQLite finds it unsound (its report quotes bytes that are not text)")) from None
    if row is None:
        raise integrity.refuse(path, _('it does not say what it holds (table meta has no row "kind")'))
    return version, row[0], identity


def _lenient(data: bytes) -> str:
    return data.decode("utf-8", "replace")


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
            _(
                "{path}: a write to it was cut off and it could not be put back ({exc}); keep {name} "
                "beside it and ask for help"
            ).format(path=path, exc=exc, name=journal.name)
        ) from None


class LogFile(ActionLog):
    """An open log file (the SQLite engine of an action log). Use `LogFile.create` or `LogFile.open`."""

    # The battle being entered: the file's one row of table draft (another row is damage, refused).
    # Texts read as bytes (anything else as 0, which is not text) and decoded by check_draft.
    _DRAFT_READ = (
        "SELECT id, CASE typeof(payload) WHEN 'text' THEN CAST(payload AS BLOB) ELSE 0 END, "
        "CASE typeof(saved_at) WHEN 'text' THEN CAST(saved_at AS BLOB) ELSE 0 END FROM draft"
    )
    _DRAFT_CLEAR = "DELETE FROM draft"
    _DRAFT_WRITE = "INSERT INTO draft (id, payload, saved_at) VALUES (1, :payload, :at)"

    def __init__(self, path: Path, kind: str, readonly: bool, engine: Engine | None = None) -> None:
        self.path = Path(path)
        self.identity: Identity | None = None  # the file opened (None: one in memory)
        super().__init__(engine if engine is not None else database.file_engine(self.path, readonly), kind, readonly)
        event.listen(self._engine, "connect", self._on_connect)

    @staticmethod
    def _on_connect(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA cell_size_check = ON")
        cursor.close()

    @property
    def where(self) -> str:
        return str(self.path)

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
                LogContent(kind, document_name, document_source, meta or {}, list(payloads), recorded_at).fill(
                    log._engine
                )
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
            raise FileRefused(
                _("{path}: is {found}, not {expected}").format(
                    path=path, found=_label(found_kind), expected=_label(kind)
                )
            )
        if not readonly and not faults.writable(path):
            raise ReadOnlyFile(faults.read_only_message(path))
        if not readonly and len(os.fsencode(path.name)) > writing.longest_name(path.parent):
            raise ReadOnlyFile(
                _(
                    "{path}: its name is too long for SQLite to keep its journal beside it, so nothing "
                    "can be recorded — rename it shorter, or {save_a_copy}"
                ).format(path=path, save_a_copy=_(faults.SAVE_A_COPY))
            )
        log = cls(path, kind, readonly)
        log.identity = identity
        log.schema = version
        try:
            with storage_faults(path, "opening"):
                if not readonly:
                    log._prepare_for_writing(version)
                log.revision = log.stored_revision()
        except BaseException:
            log.close()
            raise
        return log

    def _prepare_for_writing(self, version: int) -> None:
        """Upgrade an older schema; files of early builds lack a revision or were in WAL mode.
        Nothing is written to a file that needs none of this (so a busy file still opens)."""
        if version < SCHEMA_VERSION:
            self._migrate(version)
            self.schema = SCHEMA_VERSION
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

    def check_still_there(self) -> None:
        """Refuse to go on when the file opened here was deleted, moved away or replaced by
        another one meanwhile (SQLite would call it read-only, or write to the file that is gone)."""
        if self.identity is None:
            return
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            raise FileGone(
                _(
                    "{path}: the file was deleted or moved away while it was open here, so nothing more "
                    "can be recorded in it — File ▸ Save a copy writes the campaign as it stands here to "
                    "a new file"
                ).format(path=self.path)
            ) from None
        except OSError:
            return  # the medium's own fault is told by the read or write that meets it
        if (found.st_dev, found.st_ino) != self.identity:
            raise FileGone(
                _(
                    "{path}: was replaced by another file while it was open here, so nothing more is "
                    "recorded in it — open it again to see what it holds now, or File ▸ Save a copy to "
                    "keep the campaign as it stands here"
                ).format(path=self.path)
            )

    check_same_file = check_still_there

    def _locked(self, session: Session) -> None:
        """Refuse (and roll back whatever the write did) a file that gained a trigger or a view
        since it was opened: the app never runs SQL kept in a file."""
        planted = session.execute(text("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')"))
        found = planted.first()
        if found is not None:
            raise FileRefused(
                _(
                    "{path}: another program added a {kind} {name} to it, so nothing was written (the "
                    "app never runs SQL kept in a file)"
                ).format(path=self.path, kind=found[0], name=integrity.shown(found[1]))
            )
        declared = session.execute(text("SELECT type, name, CAST(sql AS BLOB) FROM sqlite_master")).all()
        changed = integrity.declared_otherwise(list(declared), self.schema)
        if changed is not None:
            raise FileRefused(
                _(
                    "{path}: another program changed it (its {kind} {name} is not declared as the app "
                    "declares it), so nothing was written (the app never runs SQL kept in a file)"
                ).format(path=self.path, kind=changed[0], name=integrity.shown(changed[1]))
            )

    def _migrate(self, version: int) -> None:
        with self._engine.begin() as conn:
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    conn.execute(text(statement))
            conn.execute(text(f"PRAGMA user_version = {SCHEMA_VERSION}"))

    def __enter__(self) -> LogFile:
        return self

    # -- writing ---------------------------------------------------------------------------------

    # What a row costs the file beyond its text (SQLite's cell and page overhead, generously).
    ROW_OVERHEAD = 128
    GROWTH = 1.25

    def check_size(self, written: list[tuple[str, str]]) -> None:
        """Refuse actions that would grow the file past the largest one the app opens, from an
        estimate kept on the safe side (a file grown past it would be refused for good)."""
        if self.identity is None:
            return
        try:
            size = os.stat(self.path).st_size
        except OSError:
            return  # the write that meets the fault tells it
        adding = sum(len(kind) + len(words.encode()) + self.ROW_OVERHEAD for kind, words in written)
        if size + adding * self.GROWTH > bounds.MAX_CAMPAIGN_FILE:
            raise LimitReached(
                _(
                    "{path}: {actions} would make the campaign file larger than {limit}, the "
                    "largest the app opens (it is {size}); nothing was recorded"
                ).format(
                    path=self.path,
                    actions=counted_actions(len(written)),
                    limit=bounds.size_words(bounds.MAX_CAMPAIGN_FILE),
                    size=bounds.size_words(size),
                )
            )

    def check_writable(self) -> None:
        if self.readonly:
            raise ReadOnlyFile(
                _("{path}: is open read-only: nothing can be recorded — {save_a_copy}").format(
                    path=self.path, save_a_copy=_(faults.SAVE_A_COPY)
                )
            )
        self.check_still_there()

    @contextmanager
    def _faults(self, doing: str) -> Iterator[None]:
        """Storage faults told in one sentence; a read-only refusal from a file that is gone or
        replaced is told as that (SQLite calls a deleted file read-only)."""
        try:
            with storage_faults(self.path, doing):
                yield
        except StorageFault:
            if doing != "reading":
                self.check_still_there()
            raise


class FileGone(StorageFault):
    """The file opened was deleted, moved away or replaced meanwhile; nothing was written."""
