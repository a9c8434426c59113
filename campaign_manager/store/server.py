"""A campaign on a PostgreSQL server, shared between shops: the server engine of an action log.

Each campaign's tables are the file's own (store/schema.py: meta, document, action, redo), in a
schema of its own (`campaign_NAME`), so one database holds many campaigns and the code above the
connection (store/action_log.py) is the file's. Its table draft holds the battle being entered
in the window by each user (a row of each one's own, `owner`; a file has one row): every shop
at its own table. Connections go through libpq (psycopg 3) with the campaign's schema as their
search path; a write waits at most LOCK_WAIT seconds for another.

A campaign made by an earlier version (schema 2: no table draft) opens as it is; opened by its
owner (who made it) to record, it is upgraded first (`_upgrade`), as a file is when written.

Who may do what is the server's to enforce (store/server_roles.py: organiser, recorder, viewer);
the app says so first, in words (`check_may`). Every write announces the campaign's new revision on its
channel (NOTIFY, delivered when the write commits); an open window LISTENs (`ServerListener`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from campaign_manager.errors import FileRefused
from campaign_manager.i18n import _
from campaign_manager.store import integrity, server_repair
from campaign_manager.store.action_log import ActionLog, Author, Changes, LogContent, Record
from campaign_manager.store.address import ServerAddress
from campaign_manager.store.schema import metadata, tables_of
from campaign_manager.store.server_checks import AUTHOR_COLUMNS, SERVER_SCHEMA, checks
from campaign_manager.store.server_connect import connect, quoted, server_engine
from campaign_manager.store.server_faults import (
    RoleRefused,
    ServerUnreachable,
    connection_lost,
    first_line,
    server_faults,
)
from campaign_manager.store.server_repair import Replay, WrongRow
from campaign_manager.store.server_roles import (
    RECORDER_ACTIONS,
    ROLE_WORDS,
    campaign_grants,
    check_set_up,
    draft_grants,
    recording_policy,
    refused,
    role_of,
    without_campaign,
)

TABLES = {
    "meta": ("key", "value"),
    "document": ("id", "name", "source"),
    "action": ("seq", "kind", "payload", "recorded_at"),
    "redo": ("seq", "kind", "payload", "recorded_at"),
    "draft": ("owner", "payload", "saved_at"),  # from schema 3
}
AUTHORED = ("action", "redo")  # from schema 4 (on a server only): who recorded each row


def columns_of(table: str, version: int) -> tuple[str, ...]:
    """The columns of a campaign's table on a server of schema `version`."""
    return TABLES[table] + (AUTHOR_COLUMNS if table in AUTHORED and version >= SERVER_SCHEMA else ())


# The battle being entered: one row for each user, made and read by the server's own user.
DRAFT_TABLE = (
    "CREATE TABLE {schema}.draft (owner VARCHAR PRIMARY KEY DEFAULT current_user, "
    "payload VARCHAR NOT NULL, saved_at VARCHAR NOT NULL)"
)


class ServerLog(ActionLog):
    """A campaign's action log on a server. Use `ServerLog.create` or `ServerLog.open`."""

    # The battle being entered: this user's own row of table draft (read as row 1).
    _DRAFT_READ = "SELECT 1, payload, saved_at FROM draft WHERE owner = current_user"
    _DRAFT_CLEAR = "DELETE FROM draft WHERE owner = current_user"
    _DRAFT_WRITE = "INSERT INTO draft (owner, payload, saved_at) VALUES (current_user, :payload, :at)"

    def __init__(self, address: ServerAddress, kind: str, readonly: bool) -> None:
        self.address = address
        self.role: str | None = None
        self.wrong: WrongRow | None = None  # the first row the app cannot use (then: read-only, up to it)
        super().__init__(server_engine(address, address.schema), kind, readonly)

    @property
    def where(self) -> str:
        return self.address.shown

    @property
    def user(self) -> str:
        return self.address.user or _("this user")

    def _faults(self, doing: str) -> AbstractContextManager[None]:
        return server_faults(self.where, doing)

    # -- making and opening ---------------------------------------------------------------------

    @classmethod
    def open(cls, address: ServerAddress, kind: str, readonly: bool = False) -> ServerLog:
        """Open a campaign on a server: refused in one sentence when the server cannot be
        reached, the campaign is not there, or the user has no role on it. A viewer's campaign
        opens read-only."""
        address.need_campaign()
        log = cls(address, kind, readonly)
        try:
            with server_faults(address.shown, "opening"), log._engine.connect() as conn:
                log.role = role_of(conn, address)
                log.schema = _check_campaign(conn, address, kind)
                log._read_revision(conn)
            if log.role == "viewer":
                log.readonly = True
            if log.schema < SERVER_SCHEMA and not log.readonly:
                log._upgrade()
        except BaseException:
            log.close()
            raise
        return log

    def _upgrade(self) -> None:
        """Bring a campaign made by an earlier version to today's schema, in one transaction
        (the table for the battle being entered, and what recorders may record), when this user
        may (its owner, who made it; a superuser). Anyone else records in it as it is: the battle
        being entered is then kept only while the app is open, until its owner opens it."""
        schema = quoted(self.address.schema)
        with server_faults(self.where, "opening"), self._engine.begin() as conn:
            owner = conn.execute(
                text(
                    "SELECT r.rolsuper OR n.nspowner = r.oid FROM pg_roles r JOIN pg_namespace n ON n.nspname = :s "
                    "WHERE r.rolname = current_user"
                ),
                {"s": self.address.schema},
            ).scalar()
            if not owner:
                return
            found = conn.execute(text("SELECT value FROM meta WHERE key = 'schema' FOR UPDATE")).scalar()
            version = int(found) if isinstance(found, str) and found.isdigit() else SERVER_SCHEMA
            if "draft" not in tables_of(version):  # not upgraded by another program meanwhile
                conn.execute(text(DRAFT_TABLE.format(schema=schema)))
                for statement in draft_grants(self.address.schema):
                    conn.execute(text(statement))
                conn.execute(text(f"DROP POLICY IF EXISTS recording ON {schema}.action"))
                conn.execute(text(recording_policy(self.address.schema)))
            if version < SERVER_SCHEMA:
                for statement in checks(self.address.schema):
                    conn.execute(text(statement))
                conn.execute(text("UPDATE meta SET value = :v WHERE key = 'schema'"), {"v": str(SERVER_SCHEMA)})
        self.schema = SERVER_SCHEMA

    @classmethod
    def create(cls, address: ServerAddress, content: LogContent) -> ServerLog:
        """Make a new campaign on the server, whole in one transaction (its schema, its tables,
        their grants and policies, its settings, document and actions); never over one there."""
        schema = address.schema
        engine = server_engine(address)
        try:
            with server_faults(address.shown, "new campaign"), engine.begin() as conn:
                check_set_up(conn, address)
                if conn.execute(text("SELECT 1 FROM pg_namespace WHERE nspname = :s"), {"s": schema}).first():
                    raise FileRefused(
                        _("{shown}: that campaign already exists; choose another name").format(shown=address.shown)
                    )
                try:
                    conn.execute(text(f"CREATE SCHEMA {quoted(schema)}"))
                except DBAPIError as exc:
                    if refused(exc):
                        words = _(
                            "{server}: {user} may not make campaigns in that database: only its organisers may "
                            "(campaign-manager server grant URL USER organiser)"
                        )
                        raise RoleRefused(
                            words.format(server=address.shown, user=address.user or _("this user"))
                        ) from None
                    raise
                make_campaign(conn, address, content)
        finally:
            engine.dispose()
        return cls.open(address, content.kind)

    def _read_revision(self, conn: Connection) -> None:
        try:
            self.revision = self._revision_in(conn)
        except integrity.Damaged as exc:
            why = (exc.what or str(exc)).split("holds ", 1)[-1]
            self.wrong, self.readonly, self.revision = WrongRow(0, Author(None, None), why), True, -1

    def readable_actions(self, replay: Replay) -> list[Record]:
        """The logged actions up to the first row the app cannot use (`replay` tells which the
        rules refuse); with such a row the campaign is open read-only here and `wrong` names it."""
        with self._faults("reading"), self._engine.connect() as conn:
            if self.schema < SERVER_SCHEMA:
                rows = [(seq, payload, None, at, None, None) for seq, at, payload in self._plain_rows(conn)]
                kept, wrong = server_repair.readable_rows(rows, replay)
            else:
                kept, wrong = server_repair.readable(conn, replay)
        if wrong is not None and self.wrong is None:  # (a revision that is not a count is named first)
            self.wrong, self.readonly = wrong, True
        self.times = [at if isinstance(at, str) else "" for _seq, _payload, _kind, at, *_who in kept]
        return [integrity.payload(self.where, "action", row[0], row[1]) for row in kept]

    def _plain_rows(self, conn: Connection) -> list[tuple[object, object, object]]:
        return [tuple(row) for row in conn.execute(text("SELECT seq, recorded_at, payload FROM action ORDER BY seq"))]

    def authors(self, after: int = 0) -> dict[int, Author]:
        """Who recorded each logged action after the first `after` (by its number)."""
        if self.schema < SERVER_SCHEMA:
            return {}
        with self._faults("reading"), self._engine.connect() as conn:
            found = conn.execute(
                text("SELECT seq, recorded_by, shop FROM action WHERE seq > :after ORDER BY seq"), {"after": after}
            ).all()
        return {int(seq): Author(user, shop) for seq, user, shop in found}

    def changes(self) -> Changes | None:
        return None if self.wrong is not None else super().changes()

    def stored_revision(self) -> int:
        return self.revision if self.wrong is not None else super().stored_revision()

    # -- who may do what ------------------------------------------------------------------------

    def check_writable(self) -> None:
        if self.role == "viewer":
            words = _("{campaign}: {user} is {role} of this campaign: it can be read, not recorded in")
            raise RoleRefused(words.format(campaign=self.where, user=self.user, role=_(ROLE_WORDS["viewer"])))
        if self.readonly:
            raise RoleRefused(
                _("{campaign}: is open read-only here: nothing can be recorded").format(campaign=self.where)
            )

    def check_may(self, doing: str, kinds: Sequence[str] = ()) -> None:
        if self.role == "organiser":
            return
        self.check_writable()
        if doing in ("undo", "redo"):
            if doing == "undo":
                words = _("{campaign}: undo is for the campaign's organiser; {user} is {role}")
            else:
                words = _("{campaign}: redo is for the campaign's organiser; {user} is {role}")
            raise RoleRefused(words.format(campaign=self.where, user=self.user, role=_(ROLE_WORDS["recorder"])))
        for kind in kinds:
            if kind not in RECORDER_ACTIONS:
                words = _(
                    "{campaign}: {action} is for the campaign's organiser; {user} is {role}: nothing was recorded"
                )
                action = kind.replace("_", " ")
                raise RoleRefused(
                    words.format(campaign=self.where, action=action, user=self.user, role=_(ROLE_WORDS["recorder"]))
                )

    def may(self, kind: str) -> bool:
        """Whether this user may record an action of `kind` (undo and redo: "undo", "redo")."""
        if self.role == "organiser":
            return True
        if self.role == "recorder":
            return kind in RECORDER_ACTIONS
        return False

    # -- writing --------------------------------------------------------------------------------

    def _lock(self, session: Session) -> int:
        """Take the write lock and announce the new revision on the campaign's channel in one
        statement (the server sends the announcement only if the write commits)."""
        moved = session.execute(
            text(
                "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'revision' "
                "RETURNING value, pg_notify(:channel, value)"
            ),
            {"channel": self.address.channel},
        ).first()
        if moved is None or not integrity.REVISION.fullmatch(str(moved[0])):
            raise integrity.refuse(self.where, _('its table meta has no row "revision" holding a count of writes'))
        return int(moved[0])

    def _commit(self, session: Session, landed: Callable[[Connection], bool] | None) -> None:
        """Commit; a connection lost while committing leaves the action whole or absent on the
        server: asked again (when it can be) which, so that nothing is said twice or lost."""
        try:
            session.commit()
        except DBAPIError as exc:
            if not connection_lost(exc):
                raise
            reason = first_line(str(exc.orig or exc))
            try:
                with self._engine.connect() as conn:
                    recorded = landed is not None and landed(conn)
            except DBAPIError:
                raise ServerUnreachable(
                    _(
                        "{where}: the connection to the server was lost as the action was being committed "
                        "({reason}): it is recorded whole or not at all — open the campaign again once the "
                        "server is back to see which"
                    ).format(where=self.where, reason=reason)
                ) from None
            if not recorded:
                raise ServerUnreachable(
                    _(
                        "{where}: the connection to the server was lost ({reason}), so the action was not "
                        "recorded; the campaign keeps every earlier action — try again"
                    ).format(where=self.where, reason=reason)
                ) from None

    def _carry_author(self, session: Session, source: tuple[str, int], target: tuple[str, int]) -> None:
        if self.schema < SERVER_SCHEMA:
            return
        (moved_from, seq), (moved_to, top) = source, target  # table names of our own: action, redo
        session.execute(
            text(
                f"UPDATE {moved_to} SET recorded_by = s.recorded_by, shop = s.shop FROM {moved_from} s "
                f"WHERE s.seq = :seq AND {moved_to}.seq = :top"
            ),
            {"seq": seq, "top": top},
        )

    def listen(self) -> ServerListener:
        """A connection of its own that hears of every write to this campaign as it commits."""
        return ServerListener(self.address)


class ServerListener:
    """LISTENs on a campaign's channel. `fileno` is its socket, to be watched (a Qt socket
    notifier); `heard` says whether another write was announced, and raises ServerUnreachable
    once the connection is gone."""

    def __init__(self, address: ServerAddress) -> None:
        self.address = address
        self._told = False  # an announcement psycopg read while the socket was probed
        with server_faults(address.shown, "opening"):
            self.conn = connect(address, autocommit=True)
            self.conn.add_notify_handler(self._tell)
            self.conn.execute(f"LISTEN {quoted(address.channel)}".encode())

    def _tell(self, _notify: object) -> None:
        self._told = True

    def fileno(self) -> int:
        return self.conn.fileno()

    def heard(self) -> bool:
        """Take in what the server sent: True when a write was announced. A socket that is
        readable with nothing announced is probed (a server gone closes it)."""
        import psycopg

        try:
            pgconn = self.conn.pgconn
            pgconn.consume_input()
            announced, self._told = self._told, False
            while pgconn.notifies() is not None:
                announced = True
            if not announced:
                self.conn.execute(b"SELECT 1")
                announced, self._told = self._told, False
            return announced
        except psycopg.Error as exc:
            raise ServerUnreachable(
                _("{campaign}: the connection to the server was lost ({reason})").format(
                    campaign=self.address.shown, reason=first_line(str(exc))
                )
            ) from None

    def close(self) -> None:
        self.conn.close()


def repair_campaign(address: ServerAddress) -> list[str]:
    """`campaign-manager server repair URL`: the organiser takes out of a server campaign every
    row the app cannot use (see `repair`); returns what was done, in words."""
    from campaign_manager.engine import Play, replay
    from campaign_manager.scenario import ScenarioError, parse_scenario

    log = ServerLog.open(address, "campaign")
    try:
        server_repair.check_organiser(log.role, log.where, log.user)
        document, settings = log.document(), log.meta()
        try:
            sc = parse_scenario(document.source, _("the scenario stored in {name}").format(name=log.where))
        except ScenarioError as exc:
            raise integrity.damaged_file(log.where, exc) from None
        play = Play.WARGAME if settings.get("play") == "wargame" else Play.TABLETOP
        with log._faults("repair"), log._engine.begin() as conn:
            return server_repair.repair(conn, lambda records: replay(sc, records, play=play))
    finally:
        log.close()


# -- what a database must hold --------------------------------------------------------------------


def make_campaign(conn: Connection, address: ServerAddress, content: LogContent) -> None:
    """Make the campaign's tables in its new schema (made already), with their grants, policies
    and checks, and fill them with `content`; in the caller's transaction."""
    schema = address.schema
    conn.execute(text(f"SET LOCAL search_path TO {quoted(schema)}"))
    metadata.create_all(conn, tables=[metadata.tables[name] for name in TABLES if name != "draft"])
    conn.execute(text(DRAFT_TABLE.format(schema=quoted(schema))))
    conn.execute(text(campaign_grants(schema)))
    for statement in checks(schema):
        conn.execute(text(statement))
    content.fill(conn)
    conn.execute(text("UPDATE meta SET value = :v WHERE key = 'schema'"), {"v": str(SERVER_SCHEMA)})


def _check_campaign(conn: Connection, address: ServerAddress, kind: str) -> int:
    """Refuse a campaign that is not there, not one, written by a newer version, or whose
    tables are not shaped as the app makes them (those of its schema); returns its schema."""
    schema = address.schema
    if conn.execute(text("SELECT 1 FROM pg_namespace WHERE nspname = :s"), {"s": schema}).first() is None:
        raise FileRefused(
            _(
                "{shown}: there is no campaign {campaign!r} in that database (campaign-manager server "
                "list {without_campaign} lists those there are)"
            ).format(shown=address.shown, campaign=address.campaign, without_campaign=without_campaign(address))
        )
    columns: dict[str, list[str]] = {}
    for table, column in conn.execute(
        text(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = :s "
            "ORDER BY table_name, ordinal_position"
        ),
        {"s": schema},
    ):
        columns.setdefault(str(table), []).append(str(column))
    _check_tables(address, columns, [table for table in TABLES if table in tables_of(1) and table not in AUTHORED])
    found = conn.execute(text("SELECT key, value FROM meta WHERE key IN ('kind', 'schema')"))
    rows = {str(key): value for key, value in found}
    if rows.get("kind") != kind:
        words = _("{campaign}: holds a {kind} log, not a campaign")
        raise FileRefused(words.format(campaign=address.shown, kind=rows.get("kind")))
    version = rows.get("schema", "")
    if not (isinstance(version, str) and version.isdigit()):
        raise integrity.refuse(address.shown, _('its table meta, row "schema", is not a schema version'))
    if int(version) > SERVER_SCHEMA:
        raise FileRefused(
            _(
                "{shown}: was made by a newer version of the app (schema {version}, this app reads up "
                "to {server_schema}); it was left untouched"
            ).format(shown=address.shown, version=version, server_schema=SERVER_SCHEMA)
        )
    _check_tables(address, columns, [table for table in TABLES if table in tables_of(int(version))], int(version))
    return int(version)


def _check_tables(
    address: ServerAddress, columns: dict[str, list[str]], tables: list[str], version: int = SERVER_SCHEMA
) -> None:
    for table in tables:
        if tuple(columns.get(table, ())) != columns_of(table, version):
            missing = table not in columns
            raise integrity.refuse(
                address.shown,
                (
                    _("its table {table} is missing")
                    if missing
                    else _("its table {table} is not shaped as the app makes it")
                ).format(table=table),
            )
