"""Restoring a backup onto a server as the campaign (`campaign-manager push --replace FILE URL`):
the campaign there is kept whole under a dated name (`NAME_YYMMDDHHMMSS`, a campaign of its own
that can be opened, pulled or restored in turn), and the backup is made the campaign, with the
roles given in it alone, in one transaction: on any failure the campaign stays as it was.
Only the campaign's owner (who made it) or a superuser may, as only they may rename it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, text

from campaign_manager.errors import FileRefused
from campaign_manager.i18n import _
from campaign_manager.store import integrity
from campaign_manager.store.action_log import LogContent
from campaign_manager.store.address import ServerAddress
from campaign_manager.store.campaign_roles import member_grants
from campaign_manager.store.server import make_campaign
from campaign_manager.store.server_connect import quoted, server_engine
from campaign_manager.store.server_faults import RoleRefused, server_faults
from campaign_manager.store.server_roles import ROLES, check_set_up, without_campaign

KEPT_STAMP = "%y%m%d%H%M%S"
MOST = 40  # characters of a campaign's name in an address


def kept_name(campaign: str, now: datetime) -> str:
    """The dated name the campaign is kept under: short enough to be a campaign's name itself."""
    stamp = now.strftime(KEPT_STAMP)
    return f"{campaign[: MOST - len(stamp) - 1]}_{stamp}"


def _owned(conn: Connection, address: ServerAddress) -> None:
    owner = conn.execute(
        text(
            "SELECT r.rolsuper OR n.nspowner = r.oid FROM pg_roles r JOIN pg_namespace n ON n.nspname = :s "
            "WHERE r.rolname = current_user"
        ),
        {"s": address.schema},
    ).scalar()
    if owner is None:
        raise FileRefused(
            _(
                "{shown}: there is no campaign {campaign!r} in that database to restore over (push "
                "without --replace makes it; campaign-manager server list {without_campaign} lists "
                "them)"
            ).format(shown=address.shown, campaign=address.campaign, without_campaign=without_campaign(address))
        )
    if not owner:
        words = _(
            "{campaign}: only the campaign's owner (who made it) or a superuser restores a backup over it; "
            "{user} is neither"
        )
        raise RoleRefused(words.format(campaign=address.shown, user=address.user or _("this user")))


def restore(address: ServerAddress, content: LogContent, now: datetime | None = None) -> ServerAddress:
    """Make `content` the campaign at `address`, keeping the campaign there under a dated name
    (returned, as an address). Every reader of the campaign reads it again (its revision moves
    past theirs)."""
    campaign = address.need_campaign()
    kept = address.with_campaign(kept_name(campaign, now or datetime.now()))
    engine = server_engine(address)
    try:
        with server_faults(address.shown, "restore"), engine.begin() as conn:
            check_set_up(conn, address)
            _owned(conn, address)
            if conn.execute(text("SELECT 1 FROM pg_namespace WHERE nspname = :s"), {"s": kept.schema}).first():
                raise FileRefused(_("{shown}: is there already; try again in a second").format(shown=kept.shown))
            old = quoted(address.schema)
            revision = conn.execute(text(f"SELECT value FROM {old}.meta WHERE key = 'revision'")).scalar()
            members = _members(conn, address.schema)
            conn.execute(text(f"ALTER SCHEMA {old} RENAME TO {quoted(kept.schema)}"))
            conn.execute(text(f"CREATE SCHEMA {old}"))
            make_campaign(conn, address, content)
            _keep_authors(conn, kept.schema)
            counted = isinstance(revision, str) and integrity.REVISION.fullmatch(revision)
            moved = str(int(str(revision)) + 1) if counted else "1"
            conn.execute(text("UPDATE meta SET value = :v WHERE key = 'revision'"), {"v": moved})
            conn.execute(text("UPDATE meta SET value = :v WHERE key = 'shortened'"), {"v": moved})
            for user, role in members:
                conn.execute(text("INSERT INTO member (name, role) VALUES (:u, :r)"), {"u": user, "r": role})
                for statement in member_grants(address.schema, user, role):
                    conn.execute(text(statement))
            conn.execute(text("SELECT pg_notify(:channel, :v)"), {"channel": address.channel, "v": moved})
    finally:
        engine.dispose()
    return kept


def _keep_authors(conn: Connection, kept: str) -> None:
    """Who recorded each action the backup shares with the campaign it replaces (the same number,
    time and action) is taken from that campaign: the organiser restoring did not record them."""
    found = conn.execute(
        text(
            "SELECT 1 FROM information_schema.columns WHERE table_schema = :s AND table_name = 'action' "
            "AND column_name = 'recorded_by'"
        ),
        {"s": kept},
    ).first()
    if found is None:  # an earlier version's campaign kept no authors
        return
    conn.execute(
        text(
            f"UPDATE action AS a SET recorded_by = o.recorded_by, shop = o.shop FROM {quoted(kept)}.action AS o "
            "WHERE o.seq = a.seq AND o.kind = a.kind AND o.payload = a.payload AND o.recorded_at = a.recorded_at"
        )
    )


def _members(conn: Connection, schema: str) -> list[tuple[str, str]]:
    found = conn.execute(
        text(
            "SELECT 1 FROM pg_class c JOIN pg_namespace n ON c.relnamespace = n.oid "
            "WHERE n.nspname = :s AND c.relname = 'member'"
        ),
        {"s": schema},
    ).first()
    if found is None:
        return []
    rows = conn.execute(text(f"SELECT name, role FROM {quoted(schema)}.member ORDER BY name")).all()
    return [(str(name), str(role)) for name, role in rows if role in ROLES]
