"""Roles given in one campaign only (`campaign-manager server grant URL?campaign=NAME USER ROLE`).

A role given on the database (store/server_roles.py) holds in every campaign of it; one given in
a campaign holds there alone: the user is written in the campaign's table `member`, and given
the table privileges of that role on the campaign's tables only. The row-level security the
campaign's owner made (store/server_checks.py, `member_policies`) lets each member do what the
role allows there; in any other campaign the server refuses them, as it refuses anyone without
a role. Only the campaign's owner (who made it) or a superuser gives roles in it.
"""

from __future__ import annotations

from sqlalchemy import Connection, text

from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import _
from campaign_manager.store.address import ServerAddress
from campaign_manager.store.server_checks import SERVER_SCHEMA
from campaign_manager.store.server_connect import quoted
from campaign_manager.store.server_faults import RoleRefused
from campaign_manager.store.server_roles import ROLES, administering, check_set_up, without_campaign


def member_grants(schema: str, user: str, role: str) -> list[str]:
    """The table privileges of `role` in one campaign, given to `user` (each role has the one
    below's)."""
    s, u = quoted(schema), quoted(user)
    statements = [f"GRANT USAGE ON SCHEMA {s} TO {u}", f"GRANT SELECT ON ALL TABLES IN SCHEMA {s} TO {u}"]
    if role in ("recorder", "organiser"):
        statements += [
            f"GRANT INSERT ON {s}.action TO {u}",
            f"GRANT UPDATE ON {s}.meta TO {u}",
            f"GRANT DELETE ON {s}.redo TO {u}",
            f"GRANT INSERT, UPDATE, DELETE ON {s}.draft TO {u}",
        ]
    if role == "organiser":
        statements.append(f"GRANT INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {s} TO {u}")
    return statements


def _check_owner(conn: Connection, address: ServerAddress) -> None:
    schema = address.schema
    owner = conn.execute(
        text(
            "SELECT r.rolsuper OR n.nspowner = r.oid FROM pg_roles r JOIN pg_namespace n ON n.nspname = :s "
            "WHERE r.rolname = current_user"
        ),
        {"s": schema},
    ).scalar()
    if owner is None:
        raise FileRefused(
            _(
                "{shown}: there is no campaign {campaign!r} in that database (campaign-manager server "
                "list {without_campaign} lists those there are)"
            ).format(shown=address.shown, campaign=address.campaign, without_campaign=without_campaign(address))
        )
    if not owner:
        words = _(
            "{campaign}: only the campaign's owner (who made it) or a superuser gives roles in it; {user} is neither"
        )
        raise RoleRefused(words.format(campaign=address.shown, user=address.user or _("this user")))
    members = conn.execute(
        text(
            "SELECT 1 FROM pg_class c JOIN pg_namespace n ON c.relnamespace = n.oid "
            "WHERE n.nspname = :s AND c.relname = 'member'"
        ),
        {"s": schema},
    ).first()
    if members is None:
        raise UserError(
            _(
                "{shown}: was made by an earlier version of the app (before schema {server_schema}): "
                "its owner opens it once to record, which brings it up to date, then gives roles in it"
            ).format(shown=address.shown, server_schema=SERVER_SCHEMA)
        )


def grant_in_campaign(address: ServerAddress, user: str, role: str) -> None:
    """Give `user` a role in the campaign of `address` only ("none" takes it away)."""
    if role not in (*ROLES, "none"):
        raise UserError(_("{role!r} is not a role: organiser, recorder, viewer or none").format(role=role))
    schema = address.schema
    with administering(address, "give roles in this campaign") as conn:
        check_set_up(conn, address)
        if conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :u"), {"u": user}).first() is None:
            raise UserError(
                _(
                    "{shown}: there is no user {user!r} on that server — its administrator makes one "
                    "first (e.g. createuser --pwprompt {user})"
                ).format(shown=address.shown, user=user)
            )
        _check_owner(conn, address)
        s, u = quoted(schema), quoted(user)
        conn.execute(text(f"REVOKE ALL ON ALL TABLES IN SCHEMA {s} FROM {u}"))
        conn.execute(text(f"REVOKE USAGE ON SCHEMA {s} FROM {u}"))
        conn.execute(text(f"DELETE FROM {s}.member WHERE name = :u"), {"u": user})
        if role != "none":
            conn.execute(text(f"INSERT INTO {s}.member (name, role) VALUES (:u, :r)"), {"u": user, "r": role})
            for statement in member_grants(schema, user, role):
                conn.execute(text(statement))
