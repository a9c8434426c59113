"""An action log on a database: one store interface over two engines, a campaign file (SQLite,
store/logfile.py) and a campaign on a server shared between shops (PostgreSQL, store/server.py).

Everything above the connection is here, written once: the document the log was made from, its
settings, the append-only log of JSON actions, the redo stack, how writers take turns, and the
battle being entered in the window (table draft, beside the log and never in it). The engines add
how a connection is made, what a fault is called, who may write, and whose battle being entered
a row of table draft is (a file's one row; on a server, each user's own).

Every write is one transaction that first takes the write lock by moving the log's revision on
(an UPDATE of its row in meta: SQLite's write lock, PostgreSQL's row lock), then checks the
revision it read against the one this reader last saw. When another writer moved the log on
meanwhile, the writer is shown what changed (`Changes`) and may re-validate its actions against
it (`revise`) and record them, or refuse; without `revise` nothing is written and FileChanged
says so. Writers never overwrite each other and never record an action twice.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar, cast

from sqlalchemy import Connection, Engine, delete, func, text
from sqlmodel import Session, col, select

from campaign_manager import bounds
from campaign_manager.errors import FileChanged, UserError
from campaign_manager.i18n import _, ngettext, number
from campaign_manager.store import integrity
from campaign_manager.store.schema import (
    SCHEMA_VERSION,
    Document,
    LoggedAction,
    MetaEntry,
    UndoneAction,
    tables_of,
)

Record = dict[str, Any]
# The settings every log keeps for itself (never a setting of the document it holds): what it
# holds, its schema, its count of writes, and the count at which its log last lost an action.
OWN_KEYS = frozenset({"kind", "schema", "revision", "shortened"})
READ_TRIES = 20  # consistent reads tried while writers keep moving the log on


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Changes:
    """What other writers did to a log since a reader last saw it (at its revision).

    `appended` holds the actions added after the ones the reader has (the log only grew);
    when the log lost actions meanwhile (undo), `appended` is None and `everything` is the whole
    log. `times` go with the actions given, one each."""

    revision: int
    appended: list[Record] | None
    everything: list[Record] | None
    times: list[str]

    @property
    def count(self) -> int:
        """How many actions are given (new ones, or the whole log)."""
        return len(self.appended if self.appended is not None else self.everything or [])


Revise = Callable[[Changes], list[Record]]


class LimitReached(UserError):
    """Actions that would take a log past a limit its readers enforce; nothing was written."""


def counted_actions(count: int) -> str:
    return ngettext("{n} more action", "{n} more actions", count).format(n=number(count))


@dataclass(frozen=True)
class Author:
    """Who recorded a row on a server: the server's user and the display name of their shop."""

    user: str | None
    shop: str | None

    @property
    def words(self) -> str:
        """'Corinth Games (bob)', 'bob', or 'someone unknown' (a row older than the server's checks)."""
        if self.user and self.shop:
            return f"{self.shop} ({self.user})"
        return self.shop or self.user or _("someone unknown")

    @property
    def name(self) -> str:
        """The shop's display name, else the server's user: 'Corinth Games'."""
        return self.shop or self.user or _("someone unknown")

    def to_json(self) -> dict[str, str | None]:
        return {"user": self.user, "shop": self.shop}


@dataclass(frozen=True)
class LogContent:
    """What a new log is made with: what it holds (`kind`), its document, its settings beside
    the ones every log has, and its actions (with the times they were recorded, when rebuilding
    a log exported earlier)."""

    kind: str
    document_name: str
    document_source: str
    meta: dict[str, str] = field(default_factory=dict)
    payloads: list[Record] = field(default_factory=list)
    recorded_at: list[str] | None = None

    def fill(self, bind: Engine | Connection) -> None:
        """Fill a new log's empty tables with it, in one transaction (the caller's, if any)."""
        given = {key: value for key, value in self.meta.items() if key not in OWN_KEYS}
        entries = {
            "kind": self.kind,
            "created": now(),
            "schema": str(SCHEMA_VERSION),
            "revision": "0",
            "shortened": "0",
        }
        written = ActionLog._encoded(self.payloads)
        stamp = now()
        with Session(bind) as session:
            for key, value in {**entries, **given}.items():
                session.add(MetaEntry(key=key, value=value))
            session.add(Document(name=self.document_name, source=self.document_source))
            for seq, (kind, words) in enumerate(written, start=1):
                at = self.recorded_at[seq - 1] if self.recorded_at is not None else stamp
                session.add(LoggedAction(seq=seq, kind=kind, payload=words, recorded_at=at))
            session.commit()


@dataclass
class _Write:
    """A write under way: its session (holding the write lock) and the revision it started at."""

    session: Session
    before: int
    cancelled: bool = False
    landed: Callable[[Connection], bool] | None = None  # whether it was committed, asked afresh


class ActionLog(ABC):
    """An open action log, whatever engine holds it. `revision` is the count of writes this
    reader last saw; `times` when each action it holds was recorded (kept with them); `schema`
    the log's schema (an older one opened read-only keeps its own, and its tables)."""

    # This reader's battle being entered in table draft: read as rows (1, JSON text, time),
    # cleared, and written (`payload`, `at`).
    _DRAFT_READ: ClassVar[str]
    _DRAFT_CLEAR: ClassVar[str]
    _DRAFT_WRITE: ClassVar[str]

    def __init__(self, engine: Engine, kind: str, readonly: bool) -> None:
        self.kind = kind
        self.readonly = readonly
        self.revision = 0
        self.schema = SCHEMA_VERSION
        self.times: list[str] = []
        self._document: Document | None = None
        self._meta: dict[str, str] | None = None
        self._engine = engine

    # -- what an engine says --------------------------------------------------------------------

    @property
    @abstractmethod
    def where(self) -> str:
        """Where the log is, as messages name it (a file's path, a server campaign's address)."""

    @abstractmethod
    def _faults(self, doing: str) -> AbstractContextManager[None]:
        """A block whose storage faults (a full disk, a server gone) are told in one sentence."""

    @abstractmethod
    def check_writable(self) -> None:
        """Refuse, before any rule is asked, a log that cannot be written here."""

    def check_still_there(self) -> None:
        """Refuse to go on with a log that is no longer where it was opened (a file replaced)."""
        return None

    def check_may(self, doing: str, kinds: Sequence[str] = ()) -> None:
        """Refuse what this reader's role does not allow: `doing` is "record" (actions of
        `kinds`), "undo" or "redo". Only a server has roles."""
        return None

    def check_room(self, adding: int, held: int | None = None) -> None:
        """Refuse, from a count alone and before anything is read or applied, `adding` actions
        that would take the log (of `held` actions; by default the ones this reader holds) past
        the most a reader opens: a log grown past it would be refused for good, Undo included."""
        held = len(self.times) if held is None else held
        if held + adding > bounds.MAX_LOG:
            raise LimitReached(
                _(
                    "{where}: {actions} would take the campaign past {max_log} actions, the "
                    "most a campaign keeps (it holds {held}); nothing was recorded"
                ).format(
                    where=self.where, actions=counted_actions(adding), max_log=number(bounds.MAX_LOG), held=number(held)
                )
            )

    def check_size(self, written: list[tuple[str, str]]) -> None:
        """Refuse actions that would make the log larger than a reader opens (a file's size)."""
        return None

    def _locked(self, session: Session) -> None:
        """Checks made once the write lock is held (a file checks that nothing was planted in it)."""
        return None

    def _lock(self, session: Session) -> int:
        """Take the write lock by moving the revision on; returns the new revision."""
        session.execute(text("UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'revision'"))
        return self._revision_in(session)

    def _announce(self, session: Session, revision: int) -> None:
        """Tell other readers that the log moved on, when the write commits (a server notifies)."""
        return None

    def _carry_author(self, session: Session, source: tuple[str, int], target: tuple[str, int]) -> None:
        """An action moved by undo or redo keeps who recorded it (a server keeps that)."""
        return None

    def _commit(self, session: Session, landed: Callable[[Connection], bool] | None) -> None:
        """Commit a write; `landed` tells afterwards, on a connection of its own, whether it
        was committed (a server's connection can be lost while committing)."""
        session.commit()

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> ActionLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading --------------------------------------------------------------------------------

    def stored_revision(self) -> int:
        """How many writes the log has seen (read from the database now)."""
        self.check_still_there()
        with self._faults("reading"), self._engine.connect() as conn:
            return self._revision_in(conn)

    def _revision_in(self, conn: Connection | Session) -> int:
        row = conn.execute(text("SELECT value FROM meta WHERE key = 'revision'")).first()
        if row is None:
            return 0
        if not (isinstance(row[0], str) and integrity.REVISION.fullmatch(row[0])):
            raise integrity.refuse(
                self.where,
                _('its table meta, row "revision", holds {shown}, not a count of writes').format(
                    shown=integrity.shown(row[0])
                ),
            )
        return int(row[0])

    def changed_elsewhere(self) -> bool:
        return self.stored_revision() != self.revision

    def document(self) -> Document:
        """The document the log was made from (read once, then kept)."""
        if self._document is None:
            with Session(self._engine) as session:
                document = session.get(Document, 1)
            if document is None or not isinstance(document.source, str) or not isinstance(document.name, str):
                raise integrity.refuse(self.where, _("its table document has no row 1 of text"))
            self._document = document
        return self._document

    def meta(self) -> dict[str, str]:
        """The log's settings (read once, then kept; the revision is `stored_revision`)."""
        if self._meta is None:
            with Session(self._engine) as session:
                rows = {row.key: row.value for row in session.exec(select(MetaEntry))}
            if not all(isinstance(key, str) and isinstance(value, str) for key, value in rows.items()):
                raise integrity.refuse(self.where, _("its table meta holds a setting that is not text"))
            self._meta = rows
        return dict(self._meta)

    def actions(self) -> list[Record]:
        """Every logged action's payload, oldest first, each checked to be one JSON object within
        the limits (a plain query: this is the hot path of opening a campaign with a long log).
        The time each was recorded is kept in `times`."""
        self.check_still_there()
        with self._engine.connect() as conn:
            records, times = self._rows_after(conn, 0)
        self.times = times
        return records

    def _rows_after(self, conn: Connection | Session, held: int) -> tuple[list[Record], list[str]]:
        """The actions after the first `held` ones, and their times (plain queries: hot path)."""
        rows = conn.execute(
            text("SELECT seq, recorded_at, payload FROM action WHERE seq > :held ORDER BY seq"), {"held": held}
        ).all()
        if held + len(rows) > bounds.MAX_LOG:
            raise integrity.refuse(
                self.where, _("the action log holds more than {max_log} actions").format(max_log=number(bounds.MAX_LOG))
            )
        records = integrity.payloads(self.where, "action", [(seq, payload) for seq, _at, payload in rows])
        return records, [at if isinstance(at, str) else "" for _seq, at, _payload in rows]

    def authors(self, after: int = 0) -> dict[int, Author]:
        """Who recorded each logged action after the first `after`, by its number: kept only by a
        campaign on a server (a file has one recorder)."""
        return {}

    def entries(self, count: int | None = None) -> list[tuple[int, str, Record]]:
        """(seq, recorded_at, payload) for every logged action, oldest first; the first `count`
        only when given (a campaign open up to a row it cannot use reads none beyond it)."""
        with Session(self._engine) as session:
            query = select(LoggedAction.seq, LoggedAction.recorded_at, LoggedAction.payload)
            rows = session.exec(query.order_by(col(LoggedAction.seq)).limit(count)).all()
        return [(seq, at, integrity.payload(self.where, "action", seq, payload)) for seq, at, payload in rows]

    def redo_count(self) -> int:
        with Session(self._engine) as session:
            return session.exec(select(func.count()).select_from(UndoneAction)).one()

    def next_redo(self) -> Record | None:
        """The action redo would put back (the one undone last), read and not moved; None when
        nothing waits to be redone."""
        with Session(self._engine) as session:
            row = session.exec(select(UndoneAction).order_by(col(UndoneAction.seq).desc()).limit(1)).first()
        return None if row is None else integrity.payload(self.where, "redo", row.seq, row.payload)

    # -- the battle being entered (beside the log, never in it) ---------------------------------

    @property
    def keeps_drafts(self) -> bool:
        """Whether the log has a table for the battle being entered (an older schema has not,
        until it is upgraded)."""
        return "draft" in tables_of(self.schema)

    def draft(self) -> str | None:
        """The battle being entered kept here for this reader (its JSON text, checked against its
        model), or None."""
        if not self.keeps_drafts:
            return None
        self.check_still_there()
        with self._faults("reading"), self._engine.connect() as conn:
            rows = conn.execute(text(self._DRAFT_READ)).all()
        return integrity.check_draft([tuple(row) for row in rows])

    def keep_draft(self, payload: str | None) -> None:
        """Keep the battle being entered (its JSON text), or none: a transaction of its own that
        never touches the log, the redo stack or the revision (it is not an action, and other
        readers are not told of it)."""
        self.check_writable()
        if not self.keeps_drafts:
            raise UserError(
                _(
                    "{where}: was made by an earlier version of the app and has no place yet for the "
                    "battle being entered"
                ).format(where=self.where)
            )
        with self._faults("keeping the battle being entered"), Session(self._engine) as session:
            self._locked(session)
            session.execute(text(self._DRAFT_CLEAR))
            if payload is not None:
                session.execute(text(self._DRAFT_WRITE), {"payload": payload, "at": now()})
            session.commit()

    def changes(self) -> Changes | None:
        """What other writers did since this reader last saw the log (None: nothing). Read
        consistently: a read overtaken by a write is read again."""
        self.check_still_there()
        with self._faults("reading"), self._engine.connect() as conn:
            for _try in range(READ_TRIES):
                before = self._revision_in(conn)
                if before == self.revision:
                    return None
                changes = self._changes_in(conn, before)
                if self._revision_in(conn) == before:
                    return changes
                conn.rollback()  # a writer came in between: read again
        raise FileChanged(
            _("{where}: other writers kept moving it on; it could not be read whole — try again").format(
                where=self.where
            )
        )

    def _changes_in(self, conn: Connection | Session, revision: int) -> Changes:
        """The log at `revision` as changes from what this reader holds: just the actions added
        when none was taken back since it read the log, else the whole log."""
        held = len(self.times)
        row = conn.execute(text("SELECT value FROM meta WHERE key = 'shortened'")).first()
        shortened = int(row[0]) if row is not None and integrity.REVISION.fullmatch(str(row[0])) else None
        if shortened is not None and shortened <= self.revision:
            count = conn.execute(text("SELECT count(*) FROM action")).scalar_one()
            if count >= held:
                appended, times = self._rows_after(conn, held)
                if held + len(appended) == count:
                    return Changes(revision, appended, None, times)
        everything, times = self._rows_after(conn, 0)
        return Changes(revision, None, everything, times)

    # -- writing (each call is one transaction) -------------------------------------------------

    @contextmanager
    def _write(self, doing: str) -> Iterator[_Write]:
        """One write: a session holding the write lock, and the revision the log was at. The
        block commits (after `_announce`) unless it is cancelled or raises; this reader's
        revision moves on with it."""
        self.check_writable()
        with self._faults(doing), Session(self._engine) as session:
            write = _Write(session, self._lock(session) - 1)
            self._locked(session)
            yield write
            if write.cancelled:
                session.rollback()
                return
            self._announce(session, write.before + 1)
            self._commit(session, write.landed)
        self.revision = write.before + 1

    def _moved(self, before: int) -> FileChanged:
        return FileChanged(
            _("{where}: was changed by another program after it was read here; nothing was written").format(
                where=self.where
            )
        )

    def append(
        self, payloads: Iterable[Record], recorded_at: list[str] | None = None, revise: Revise | None = None
    ) -> list[Record]:
        """Record completed actions, all or nothing; a new action empties the redo stack.
        `recorded_at` (one time per action) is for rebuilding a log exported earlier. When
        another writer moved the log on since this reader saw it, `revise` is given the changes
        and returns the actions to record now (or raises to record nothing); without it nothing
        is written (FileChanged). Returns the actions recorded."""
        records = list(payloads)
        self.check_may("record", [str(record.get("type", "")) for record in records])
        self.check_room(len(records))
        self.check_size(self._encoded(records))  # refused before anything is locked
        if revise is not None:  # taken in before the lock is taken: writers hold it for less
            changes = self.changes()
            if changes is not None:
                records = revise(changes)
        with self._write("action") as write:
            session, before = write.session, write.before
            if before != self.revision:
                if revise is None:
                    raise self._moved(before)
                records = revise(self._changes_in(session, before))
                self.check_may("record", [str(record.get("type", "")) for record in records])
            written = self._encoded(records)
            last = session.exec(select(func.max(LoggedAction.seq))).one() or 0
            self.check_room(len(written), session.exec(select(func.count()).select_from(LoggedAction)).one())
            self.check_size(written)
            stamp = now()
            times = [recorded_at[index] if recorded_at is not None else stamp for index in range(len(written))]
            for offset, ((kind, words), at) in enumerate(zip(written, times, strict=True), start=1):
                session.add(LoggedAction(seq=last + offset, kind=kind, payload=words, recorded_at=at))
            session.exec(delete(UndoneAction))
            if written:
                top = (last + len(written), written[-1][1], times[-1])
                write.landed = lambda conn: (
                    tuple(
                        conn.execute(
                            text("SELECT seq, payload, recorded_at FROM action WHERE seq = :seq"), {"seq": top[0]}
                        ).first()
                        or ()
                    )
                    == top
                )
        self.times.extend(times)
        return records

    @staticmethod
    def _encoded(records: list[Record]) -> list[tuple[str, str]]:
        written = []
        for index, payload in enumerate(records, start=1):
            words = json.dumps(payload, sort_keys=True, separators=(",", ":"))
            if len(words) > bounds.MAX_ACTION:
                words = _(
                    "action {number} ({kind}) is larger than {limit} as JSON, more than any action needs; "
                    "nothing was recorded"
                )
                kind = integrity.shown(payload.get("type", "?"))
                raise UserError(words.format(number=index, kind=kind, limit=bounds.size_words(bounds.MAX_ACTION)))
            written.append((str(payload.get("type", "")), words))
        return written

    def _move_top(
        self,
        source: type[LoggedAction] | type[UndoneAction],
        target: type[LoggedAction] | type[UndoneAction],
        check: Callable[[Record], object] | None = None,
    ) -> Record | None:
        """Move the newest row of `source` onto the top of `target`, in one transaction; the
        row is read and `check`ed (which raises to refuse it) before anything is written. A log
        moved on by another writer since this reader saw it is not touched (FileChanged): what
        would be taken back is not what this reader was shown."""
        undoing = source is LoggedAction
        table = "action" if undoing else "redo"
        self.check_may("undo" if undoing else "redo")
        with self._write("undo" if undoing else "redo") as write:
            session, before = write.session, write.before
            if before != self.revision:
                raise self._moved(before)
            found = session.exec(select(source).order_by(col(source.seq).desc()).limit(1)).first()
            row = cast("LoggedAction | UndoneAction | None", found)  # select() of a union of tables
            if row is None:
                write.cancelled = True
                return None
            payload = integrity.payload(self.where, table, row.seq, row.payload)
            if not isinstance(row.recorded_at, str) or not isinstance(row.kind, str):
                words = _("{log} (table {table}), {row}: {fault}").format(
                    log=_(integrity.TABLE_WORDS[table]),
                    table=table,
                    row=integrity.row(row.seq),
                    fault=_("it is not text"),
                )
                raise integrity.refuse(self.where, words)
            if check is not None:
                check(payload)
            top = session.exec(select(func.max(target.seq))).one() or 0
            session.add(target(seq=top + 1, kind=row.kind, payload=row.payload, recorded_at=row.recorded_at))
            session.flush()
            self._carry_author(session, (table, row.seq), ("redo" if undoing else "action", top + 1))
            session.delete(row)
            if undoing:  # readers catching up must read the whole log again, not just what was added
                session.flush()
                session.execute(
                    text(
                        "INSERT INTO meta (key, value) VALUES ('shortened', :at) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                    ),
                    {"at": str(before + 1)},
                )
        if undoing:
            self.times = self.times[:-1]
        else:
            self.times.append(row.recorded_at)
        return payload

    def undo(self) -> Record | None:
        """Take back the last action (kept for redo); None when the log is empty."""
        return self._move_top(LoggedAction, UndoneAction)

    def redo(self, check: Callable[[Record], object] | None = None) -> Record | None:
        """Put back the action undone last; None when there is nothing to redo. `check` is
        given the action first and raises to refuse it: then nothing is written."""
        return self._move_top(UndoneAction, LoggedAction, check)
