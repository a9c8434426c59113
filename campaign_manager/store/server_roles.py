"""Who may do what on a server holding shared campaigns, and setting one up: the three roles
(PostgreSQL roles: `firestorm_organiser`, `firestorm_recorder`, `firestorm_viewer`), the grants
and row-level security of each campaign's tables, `server init`, `server grant` and `server list`.

The server enforces them (a viewer's own SQL is refused there); the app says them first, in words.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from campaign_manager.engine.actions import Abandon, Battle, Discard, Initiative, Note, Place, Redeploy
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import N_, _
from campaign_manager.store.address import SCHEMA_PREFIX, ServerAddress
from campaign_manager.store.server_connect import quoted, server_engine
from campaign_manager.store.server_faults import RoleRefused, first_line, server_faults

ROLES = ("organiser", "recorder", "viewer")
SERVER_ROLE = {role: f"firestorm_{role}" for role in ROLES}
# What a recorder may record: the battles (and their initiative and abandoned arrows, and the
# dice the app rolled for a battle being entered that was thrown away), the placements and
# redeployments, and notes; starting and ending turns is the organiser's.
RECORDER_ACTIONS = tuple(kind.type for kind in (Place, Redeploy, Battle, Initiative, Abandon, Discard, Note))
SHOP_TABLE = "firestorm.shop"  # each server user's display name (made by `server init`)
MAX_SHOP = 80  # characters of a shop's display name
ROLE_WORDS = {  # translated where shown: _(ROLE_WORDS[role])
    "organiser": N_("the organiser (everything, undo and redo included)"),
    "recorder": N_("a recorder (battles, placements and notes)"),
    "viewer": N_("a viewer (read only)"),
}
ROLE_LIMITS = {  # what each role leaves to another, said after its words (the organiser's is empty: never _())
    "organiser": "",
    "recorder": N_(": starting and ending turns, the roster, undo and redo are the organiser's"),
    "viewer": N_(": recording is for the campaign's recorders and organiser"),
}
# What administering() was doing, as "{user} may not {doing}" says it.
ADMINISTERING_WORDS = {
    "give roles in this campaign": N_("give roles in this campaign"),
    "give roles": N_("give roles"),
    "list campaigns": N_("list campaigns"),
    "name a shop": N_("name a shop"),
    "set up the server": N_("set up the server"),
}


def refused(exc: DBAPIError) -> bool:
    import psycopg

    return isinstance(exc.orig, psycopg.errors.InsufficientPrivilege)


def check_set_up(conn: Connection, address: ServerAddress) -> None:
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
            _(
                "{shown}: that server is not set up for campaigns yet — its administrator runs "
                "campaign-manager server init {without_campaign}"
            ).format(shown=address.shown, without_campaign=without_campaign(address))
        )


def without_campaign(address: ServerAddress) -> str:
    return address.shown.replace(f"campaign={address.campaign}", "").rstrip("?&")


def role_of(conn: Connection, address: ServerAddress) -> str:
    """The user's role on the campaign: the schema's owner and superusers are organisers."""
    check_set_up(conn, address)
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
    here = member_role(conn, address.schema)  # a role given in this campaign only
    if superuser or owner or organiser or here == "organiser":
        return "organiser"
    if recorder or here == "recorder":
        return "recorder"
    if viewer or here == "viewer":
        return "viewer"
    if address.user:
        words = _(
            "{campaign}: {user} has no role in this campaign, nor on every campaign of that database — its "
            "organiser gives one: campaign-manager server grant {server} USER viewer"
        )
    else:
        words = _(
            "{campaign}: this user has no role in this campaign, nor on every campaign of that database — its "
            "organiser gives one: campaign-manager server grant {server} USER viewer"
        )
    raise RoleRefused(words.format(campaign=address.shown, user=address.user, server=without_campaign(address)))


def member_role(conn: Connection, schema: str) -> str | None:
    """The role the signed-in user was given in this campaign only (None: none, or an earlier
    version's campaign)."""
    readable = conn.execute(
        text(
            "SELECT has_schema_privilege(n.oid, 'USAGE') FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid "
            "WHERE n.nspname = :s AND c.relname = 'member'"
        ),
        {"s": schema},
    ).scalar()
    if not readable:
        return None
    found = conn.execute(text(f"SELECT role FROM {quoted(schema)}.member WHERE name = current_user")).scalar()
    return found if found in ROLES else None


def campaign_grants(schema: str) -> str:
    """The grants and row-level security of one campaign's tables: viewers read; recorders add
    actions of their kinds (and, by doing so, empty the redo stack and move the revision on);
    organisers do everything; recorders and organisers keep each their own battle being entered."""
    s = quoted(schema)
    viewer, recorder, organiser = (SERVER_ROLE[role] for role in ("viewer", "recorder", "organiser"))
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
        recording_policy(schema),
        f"CREATE POLICY counting ON {s}.meta FOR UPDATE TO {recorder} USING (key = 'revision') "
        f"WITH CHECK (key = 'revision')",
        *draft_grants(schema),
    ]
    return ";\n".join(statements)


def recording_policy(schema: str) -> str:
    """What a recorder may add to the log: actions of the recorder's kinds."""
    kinds = ", ".join(f"'{kind}'" for kind in RECORDER_ACTIONS)
    return (
        f"CREATE POLICY recording ON {quoted(schema)}.action FOR INSERT TO {SERVER_ROLE['recorder']} "
        f"WITH CHECK (kind IN ({kinds}))"
    )


def draft_grants(schema: str) -> list[str]:
    """Table draft (the battle being entered, one row for each user): recorders and organisers
    (who are recorders too) read and write their own row only; a viewer keeps none."""
    s = quoted(schema)
    recorder = SERVER_ROLE["recorder"]
    return [
        f"GRANT SELECT ON {s}.draft TO {SERVER_ROLE['viewer']}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON {s}.draft TO {recorder}",
        f"ALTER TABLE {s}.draft ENABLE ROW LEVEL SECURITY",
        f"CREATE POLICY own_entry ON {s}.draft FOR ALL TO {recorder} "
        f"USING (owner = current_user) WITH CHECK (owner = current_user)",
    ]


# -- setting a server up ----------------------------------------------------------------------------


@contextmanager
def administering(address: ServerAddress, doing: str) -> Iterator[Connection]:
    engine = server_engine(address)
    try:
        with server_faults(address.shown, doing), engine.begin() as conn:
            yield conn
    except DBAPIError as exc:
        if refused(exc):
            if address.user:
                words = _("{server}: {user} may not {doing} ({reason}) — ask the database's owner or administrator")
            else:
                words = _("{server}: this user may not {doing} ({reason}) — ask the database's owner or administrator")
            what = _(ADMINISTERING_WORDS[doing]) if doing in ADMINISTERING_WORDS else doing
            reason = first_line(str(exc.orig))
            raise RoleRefused(
                words.format(server=address.shown, user=address.user, doing=what, reason=reason)
            ) from None
        raise
    finally:
        engine.dispose()


def init_server(address: ServerAddress) -> list[str]:
    """Make the three roles (if missing) and let them into the database: organisers may make
    campaigns in it. Run by the database's owner with the right to make roles; run again, it
    changes nothing. Returns what it did, in words."""
    done = []
    with administering(address, "set up the server") as conn:
        database = conn.execute(text("SELECT current_database()")).scalar_one()
        for role in reversed(ROLES):
            name = SERVER_ROLE[role]
            if conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": name}).first() is None:
                conn.execute(text(f"CREATE ROLE {name} NOLOGIN"))
                done.append(_("made the role {role}").format(role=name))
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
            check_set_up(conn, address)
        except FileRefused:
            if address.user:
                words = _(
                    "{server}: {user} may not set up the server (only the database's owner, with the right to make "
                    "roles, may) — ask its administrator"
                )
            else:
                words = _(
                    "{server}: this user may not set up the server (only the database's owner, with the right to "
                    "make roles, may) — ask its administrator"
                )
            raise RoleRefused(words.format(server=address.shown, user=address.user)) from None
        for statement in shop_table():  # each user's display name
            conn.execute(text(statement))
    return done or [_("the roles were already there")]


def grant_role(address: ServerAddress, user: str, role: str) -> None:
    """Give `user` a role on every campaign of the database ("none" takes it away)."""
    if role not in (*ROLES, "none"):
        raise UserError(_("{role!r} is not a role: organiser, recorder, viewer or none").format(role=role))
    with administering(address, "give roles") as conn:
        check_set_up(conn, address)
        if conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :u"), {"u": user}).first() is None:
            raise UserError(
                _(
                    "{shown}: there is no user {user!r} on that server — its administrator makes one "
                    "first (e.g. createuser --pwprompt {user})"
                ).format(shown=address.shown, user=user)
            )
        for name in SERVER_ROLE.values():
            conn.execute(text(f"REVOKE {name} FROM {quoted(user)}"))
        if role != "none":
            conn.execute(text(f"GRANT {SERVER_ROLE[role]} TO {quoted(user)}"))


def list_campaigns(address: ServerAddress) -> list[tuple[str, str, int | None]]:
    """The campaigns in the database: (address name, campaign name, actions), the last two
    as far as this user may read them (None: not allowed)."""
    found = []
    with administering(address, "list campaigns") as conn:
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


def shop_table() -> list[str]:
    """Each server user's display name (one row each, written by that user alone): made once in
    a database by `server init`."""
    return [
        "CREATE SCHEMA IF NOT EXISTS firestorm",
        "GRANT USAGE ON SCHEMA firestorm TO PUBLIC",
        f"CREATE TABLE IF NOT EXISTS {SHOP_TABLE} (username VARCHAR PRIMARY KEY DEFAULT current_user, "
        f"name VARCHAR NOT NULL CHECK (length(name) BETWEEN 1 AND {MAX_SHOP}))",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON {SHOP_TABLE} TO PUBLIC",
        f"ALTER TABLE {SHOP_TABLE} ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS reading ON {SHOP_TABLE}",
        f"CREATE POLICY reading ON {SHOP_TABLE} FOR SELECT TO PUBLIC USING (true)",
        f"DROP POLICY IF EXISTS own_name ON {SHOP_TABLE}",
        f"CREATE POLICY own_name ON {SHOP_TABLE} FOR ALL TO PUBLIC USING (username = current_user) "
        f"WITH CHECK (username = current_user)",
    ]


def name_shop(address: ServerAddress, name: str) -> None:
    """The display name the signed-in user's shop goes by on this server ("" takes it away):
    each action that user records from now on is kept with it."""
    name = name.strip()
    if len(name) > MAX_SHOP or any(not char.isprintable() for char in name):
        raise UserError(
            _("a shop's name has at most {max_shop} printable characters (this one has {count})").format(
                max_shop=MAX_SHOP, count=len(name)
            )
        )
    with administering(address, "name a shop") as conn:
        if conn.execute(text("SELECT to_regclass(:t)"), {"t": SHOP_TABLE}).scalar() is None:
            raise FileRefused(
                _(
                    "{shown}: that server was set up by an earlier version of the app and keeps no shop "
                    "names yet — its administrator runs campaign-manager server init {without_campaign} "
                    "again"
                ).format(shown=address.shown, without_campaign=without_campaign(address))
            )
        conn.execute(text(f"DELETE FROM {SHOP_TABLE} WHERE username = current_user"))
        if name:
            conn.execute(text(f"INSERT INTO {SHOP_TABLE} (username, name) VALUES (current_user, :n)"), {"n": name})
