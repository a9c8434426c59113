"""A campaign on a PostgreSQL server, shared between shops: the server engine of an action log.

Each campaign's tables are the file's own (store/schema.py: meta, document, action, redo), in a
schema of its own (`campaign_NAME`), so one database holds many campaigns and the code above the
connection (store/action_log.py) is the file's. Connections go through libpq (psycopg 3) with
the campaign's schema as their search path; a write waits at most LOCK_WAIT seconds for another.

Who may do what is the server's to enforce, with PostgreSQL roles, grants and row-level security
(`server init` makes them, `server grant` gives them):

- `firestorm_organiser`: everything — new campaigns, every action, undo and redo;
- `firestorm_recorder`: records battles, placements and notes (RECORDER_ACTIONS); no undo or redo;
- `firestorm_viewer`: reads.

The app says so first, in words (`check_may`); the server refuses whatever gets past it (a
viewer's own SQL INSERT included). Every write announces the campaign's new revision on its
channel (NOTIFY, delivered when the write commits); an open window LISTENs (`ServerListener`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from campaign_manager.errors import FileRefused, UserError
from campaign_manager.store import integrity
from campaign_manager.store.action_log import ActionLog, LogContent
from campaign_manager.store.address import SCHEMA_PREFIX, ServerAddress
from campaign_manager.store.schema import SCHEMA_VERSION, metadata
from campaign_manager.store.server_faults import (
    LOCK_WAIT,
    RoleRefused,
    ServerUnreachable,
    connection_lost,
    first_line,
    server_faults,
)

if TYPE_CHECKING:
    import psycopg

ROLES = ("organiser", "recorder", "viewer")
SERVER_ROLE = {role: f"firestorm_{role}" for role in ROLES}
# What a recorder may record: the battles (and their initiative and abandoned arrows), the
# placements and redeployments, and notes; starting and ending turns is the organiser's.
RECORDER_ACTIONS = ("place", "redeploy", "battle", "initiative", "abandon", "note")
ROLE_WORDS = {
    "organiser": "the organiser (everything, undo and redo included)",
    "recorder": "a recorder (battles, placements and notes)",
    "viewer": "a viewer (read only)",
}
TABLES = {
    "meta": ("key", "value"),
    "document": ("id", "name", "source"),
    "action": ("seq", "kind", "payload", "recorded_at"),
    "redo": ("seq", "kind", "payload", "recorded_at"),
}


def quoted(name: str) -> str:
    """An SQL identifier, quoted."""
    return '"' + name.replace('"', '""') + '"'


def _connection_settings(address: ServerAddress, schema: str | None) -> dict[str, Any]:
    """What every connection adds to the address: the campaign's schema as its search path,
    how long a write waits for another, a time limit on connecting (unless the address or the
    environment gives one), and keepalives, so a lost connection is noticed."""
    from psycopg.conninfo import conninfo_to_dict

    given = conninfo_to_dict(address.conninfo)
    options = [str(given.get("options") or "")]
    if schema is not None:
        options.append(f"-c search_path={schema}")
    options += [f"-c lock_timeout={LOCK_WAIT}s", "-c idle_in_transaction_session_timeout=60s"]
    settings: dict[str, Any] = {"options": " ".join(part for part in options if part)}
    if "connect_timeout" not in given and "PGCONNECT_TIMEOUT" not in os.environ:
        settings["connect_timeout"] = 5
    if "application_name" not in given:
        settings["application_name"] = "campaign-manager"
    for key, value in (("keepalives", 1), ("keepalives_idle", 10), ("keepalives_interval", 5), ("keepalives_count", 3)):
        settings.setdefault(key, given.get(key, value))
    return settings


def connect(address: ServerAddress, schema: str | None = None, autocommit: bool = False) -> psycopg.Connection:
    """A connection to the server (libpq finds the password: ~/.pgpass, a service file, PGPASSWORD)."""
    import psycopg

    return psycopg.connect(address.conninfo, autocommit=autocommit, **_connection_settings(address, schema))


def server_engine(address: ServerAddress, schema: str | None = None) -> Engine:
    """The SQLAlchemy engine of a server database (with a campaign's schema as search path)."""
    return create_engine(
        "postgresql+psycopg://",
        creator=lambda: connect(address, schema),
        pool_pre_ping=True,  # a connection dropped by a restarted server is replaced, not used
        pool_size=2,
        max_overflow=2,
    )


class ServerLog(ActionLog):
    """A campaign's action log on a server. Use `ServerLog.create` or `ServerLog.open`."""

    def __init__(self, address: ServerAddress, kind: str, readonly: bool) -> None:
        self.address = address
        self.role: str | None = None
        super().__init__(server_engine(address, address.schema), kind, readonly)

    @property
    def where(self) -> str:
        return self.address.shown

    @property
    def user(self) -> str:
        return self.address.user or "this user"

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
                log.role = _role_of(conn, address)
                _check_campaign(conn, address, kind)
                log.revision = log._revision_in(conn)
        except BaseException:
            log.close()
            raise
        if log.role == "viewer":
            log.readonly = True
        return log

    @classmethod
    def create(cls, address: ServerAddress, content: LogContent) -> ServerLog:
        """Make a new campaign on the server, whole in one transaction (its schema, its tables,
        their grants and policies, its settings, document and actions); never over one there."""
        schema = address.schema
        engine = server_engine(address)
        try:
            with server_faults(address.shown, "new campaign"), engine.begin() as conn:
                _check_set_up(conn, address)
                if conn.execute(text("SELECT 1 FROM pg_namespace WHERE nspname = :s"), {"s": schema}).first():
                    raise FileRefused(f"{address.shown}: that campaign already exists; choose another name")
                try:
                    conn.execute(text(f"CREATE SCHEMA {quoted(schema)}"))
                except DBAPIError as exc:
                    if _refused(exc):
                        raise RoleRefused(
                            f"{address.shown}: {address.user or 'this user'} may not make campaigns in that "
                            f"database: only its organisers may (campaign-manager server grant URL USER organiser)"
                        ) from None
                    raise
                conn.execute(text(f"SET LOCAL search_path TO {quoted(schema)}"))
                metadata.create_all(conn)
                conn.execute(text(_campaign_grants(schema)))
                content.fill(conn)
        finally:
            engine.dispose()
        return cls.open(address, content.kind)

    # -- who may do what ------------------------------------------------------------------------

    def check_writable(self) -> None:
        if self.role == "viewer":
            raise RoleRefused(
                f"{self.where}: {self.user} is {ROLE_WORDS['viewer']} of this campaign: it can be read, not recorded in"
            )
        if self.readonly:
            raise RoleRefused(f"{self.where}: is open read-only here: nothing can be recorded")

    def check_may(self, doing: str, kinds: Sequence[str] = ()) -> None:
        if self.role == "organiser":
            return
        self.check_writable()
        if doing in ("undo", "redo"):
            raise RoleRefused(
                f"{self.where}: {doing} is for the campaign's organiser; {self.user} is {ROLE_WORDS['recorder']}"
            )
        for kind in kinds:
            if kind not in RECORDER_ACTIONS:
                raise RoleRefused(
                    f"{self.where}: {kind.replace('_', ' ')} is for the campaign's organiser; {self.user} is "
                    f"{ROLE_WORDS['recorder']}: nothing was recorded"
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
            raise integrity.refuse(self.where, 'its table meta has no row "revision" holding a count of writes')
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
                    f"{self.where}: the connection to the server was lost as the action was being committed "
                    f"({reason}): it is recorded whole or not at all — open the campaign again once the server is "
                    f"back to see which"
                ) from None
            if not recorded:
                raise ServerUnreachable(
                    f"{self.where}: the connection to the server was lost ({reason}), so the action was not "
                    f"recorded; the campaign keeps every earlier action — try again"
                ) from None

    def listen(self) -> ServerListener:
        """A connection of its own that hears of every write to this campaign as it commits."""
        return ServerListener(self.address)


def _refused(exc: DBAPIError) -> bool:
    import psycopg

    return isinstance(exc.orig, psycopg.errors.InsufficientPrivilege)


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
                f"{self.address.shown}: the connection to the server was lost ({first_line(str(exc))})"
            ) from None

    def close(self) -> None:
        self.conn.close()


# -- what a database must hold --------------------------------------------------------------------


def _check_set_up(conn: Connection, address: ServerAddress) -> None:
    found = conn.execute(
        text("SELECT count(*) FROM pg_roles WHERE rolname = ANY(:roles)"), {"roles": list(SERVER_ROLE.values())}
    ).scalar_one()
    ready = (
        found == len(SERVER_ROLE)
        and conn.execute(
            text("SELECT has_database_privilege(:r, current_database(), 'CREATE')"), {"r": SERVER_ROLE["organiser"]}
        ).scalar_one()
    )
    if not ready:  # the roles are the server's, the grants each database's
        raise FileRefused(
            f"{address.shown}: that server is not set up for campaigns yet — its administrator runs "
            f"campaign-manager server init {_without_campaign(address)}"
        )


def _without_campaign(address: ServerAddress) -> str:
    return address.shown.replace(f"campaign={address.campaign}", "").rstrip("?&")


def _role_of(conn: Connection, address: ServerAddress) -> str:
    """The user's role on the campaign: the schema's owner and superusers are organisers."""
    _check_set_up(conn, address)
    row = conn.execute(
        text(
            "SELECT r.rolsuper, n.nspowner = r.oid, "
            "pg_has_role(r.oid, 'firestorm_organiser', 'MEMBER'), pg_has_role(r.oid, 'firestorm_recorder', 'MEMBER'), "
            "pg_has_role(r.oid, 'firestorm_viewer', 'MEMBER') "
            "FROM pg_roles r LEFT JOIN pg_namespace n ON n.nspname = :schema WHERE r.rolname = current_user"
        ),
        {"schema": address.schema},
    ).one()
    superuser, owner, organiser, recorder, viewer = row
    if superuser or owner or organiser:
        return "organiser"
    if recorder:
        return "recorder"
    if viewer:
        return "viewer"
    raise RoleRefused(
        f"{address.shown}: {address.user or 'this user'} has no role on the campaigns of that database — its "
        f"organiser gives one: campaign-manager server grant {_without_campaign(address)} USER viewer"
    )


def _check_campaign(conn: Connection, address: ServerAddress, kind: str) -> None:
    """Refuse a campaign that is not there, not one, written by a newer version, or whose
    tables are not shaped as the app makes them."""
    schema = address.schema
    if conn.execute(text("SELECT 1 FROM pg_namespace WHERE nspname = :s"), {"s": schema}).first() is None:
        raise FileRefused(
            f"{address.shown}: there is no campaign {address.campaign!r} in that database "
            f"(campaign-manager server list {_without_campaign(address)} lists those there are)"
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
    for table, expected in TABLES.items():
        if tuple(columns.get(table, ())) != expected:
            missing = table not in columns
            raise integrity.refuse(
                address.shown,
                f"its table {table} is {'missing' if missing else 'not shaped as the app makes it'}",
            )
    found = conn.execute(text("SELECT key, value FROM meta WHERE key IN ('kind', 'schema')"))
    rows = {str(key): value for key, value in found}
    if rows.get("kind") != kind:
        raise FileRefused(f"{address.shown}: holds a {rows.get('kind')!s} log, not a campaign")
    version = rows.get("schema", "")
    if not (isinstance(version, str) and version.isdigit()):
        raise integrity.refuse(address.shown, 'its table meta, row "schema", is not a schema version')
    if int(version) > SCHEMA_VERSION:
        raise FileRefused(
            f"{address.shown}: was made by a newer version of the app (schema {version}, this app reads up to "
            f"{SCHEMA_VERSION}); it was left untouched"
        )


def _campaign_grants(schema: str) -> str:
    """The grants and row-level security of one campaign's tables: viewers read; recorders add
    actions of their kinds (and, by doing so, empty the redo stack and move the revision on);
    organisers do everything."""
    s = quoted(schema)
    viewer, recorder, organiser = (SERVER_ROLE[role] for role in ("viewer", "recorder", "organiser"))
    kinds = ", ".join(f"'{kind}'" for kind in RECORDER_ACTIONS)
    statements = [
        f"GRANT USAGE ON SCHEMA {s} TO {viewer}",
        f"GRANT SELECT ON ALL TABLES IN SCHEMA {s} TO {viewer}",
        f"GRANT INSERT ON {s}.action TO {recorder}",
        f"GRANT UPDATE ON {s}.meta TO {recorder}",
        f"GRANT DELETE ON {s}.redo TO {recorder}",
        f"GRANT INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {s} TO {organiser}",
    ]
    for table in ("action", "meta"):
        statements += [
            f"ALTER TABLE {s}.{table} ENABLE ROW LEVEL SECURITY",
            f"CREATE POLICY reading ON {s}.{table} FOR SELECT TO {viewer} USING (true)",
            f"CREATE POLICY organising ON {s}.{table} FOR ALL TO {organiser} USING (true) WITH CHECK (true)",
        ]
    statements += [
        f"CREATE POLICY recording ON {s}.action FOR INSERT TO {recorder} WITH CHECK (kind IN ({kinds}))",
        f"CREATE POLICY counting ON {s}.meta FOR UPDATE TO {recorder} USING (key = 'revision') "
        f"WITH CHECK (key = 'revision')",
    ]
    return ";\n".join(statements)


# -- setting a server up ----------------------------------------------------------------------------


@contextmanager
def _administering(address: ServerAddress, doing: str) -> Iterator[Connection]:
    engine = server_engine(address)
    try:
        with server_faults(address.shown, doing), engine.begin() as conn:
            yield conn
    except DBAPIError as exc:
        if _refused(exc):
            raise RoleRefused(
                f"{address.shown}: {address.user or 'this user'} may not {doing} ({first_line(str(exc.orig))}) — "
                f"ask the database's owner or administrator"
            ) from None
        raise
    finally:
        engine.dispose()


def init_server(address: ServerAddress) -> list[str]:
    """Make the three roles (if missing) and let them into the database: organisers may make
    campaigns in it. Run by the database's owner with the right to make roles; run again, it
    changes nothing. Returns what it did, in words."""
    done = []
    with _administering(address, "set up the server") as conn:
        database = conn.execute(text("SELECT current_database()")).scalar_one()
        for role in reversed(ROLES):
            name = SERVER_ROLE[role]
            if conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": name}).first() is None:
                conn.execute(text(f"CREATE ROLE {name} NOLOGIN"))
                done.append(f"made the role {name}")
        for lower, higher in (("viewer", "recorder"), ("recorder", "organiser")):  # each has the one below's rights
            inside = conn.execute(
                text("SELECT pg_has_role(:higher, :lower, 'MEMBER')"),
                {"higher": SERVER_ROLE[higher], "lower": SERVER_ROLE[lower]},
            ).scalar_one()
            if not inside:
                conn.execute(text(f"GRANT {SERVER_ROLE[lower]} TO {SERVER_ROLE[higher]}"))
        conn.execute(text(f"GRANT CONNECT ON DATABASE {quoted(database)} TO {SERVER_ROLE['viewer']}"))
        conn.execute(text(f"GRANT CREATE ON DATABASE {quoted(database)} TO {SERVER_ROLE['organiser']}"))
        try:  # a user who may not grant these is only warned by the server: check that they hold
            _check_set_up(conn, address)
        except FileRefused:
            raise RoleRefused(
                f"{address.shown}: {address.user or 'this user'} may not set up the server (only the database's "
                f"owner, with the right to make roles, may) — ask its administrator"
            ) from None
    return done or ["the roles were already there"]


def grant_role(address: ServerAddress, user: str, role: str) -> None:
    """Give `user` a role on every campaign of the database ("none" takes it away)."""
    if role not in (*ROLES, "none"):
        raise UserError(f"{role!r} is not a role: organiser, recorder, viewer or none")
    with _administering(address, "give roles") as conn:
        _check_set_up(conn, address)
        if conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :u"), {"u": user}).first() is None:
            raise UserError(
                f"{address.shown}: there is no user {user!r} on that server — its administrator makes one first "
                f"(e.g. createuser --pwprompt {user})"
            )
        for name in SERVER_ROLE.values():
            conn.execute(text(f"REVOKE {name} FROM {quoted(user)}"))
        if role != "none":
            conn.execute(text(f"GRANT {SERVER_ROLE[role]} TO {quoted(user)}"))


def list_campaigns(address: ServerAddress) -> list[tuple[str, str, int | None]]:
    """The campaigns in the database: (address name, campaign name, actions), the last two
    as far as this user may read them (None: not allowed)."""
    found = []
    with _administering(address, "list campaigns") as conn:
        schemas = conn.execute(
            text("SELECT nspname FROM pg_namespace WHERE starts_with(nspname, :p) ORDER BY nspname"),
            {"p": SCHEMA_PREFIX},
        ).scalars()
        for schema in list(schemas):
            name, count = "", None
            try:
                with conn.begin_nested():
                    s = quoted(schema)
                    name = conn.execute(text(f"SELECT value FROM {s}.meta WHERE key = 'name'")).scalar() or ""
                    count = conn.execute(text(f"SELECT count(*) FROM {s}.action")).scalar_one()
            except DBAPIError:
                pass  # not this user's to read
            found.append((schema.removeprefix(SCHEMA_PREFIX), str(name), count))
    return found
