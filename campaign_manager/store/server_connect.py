"""Connections to a PostgreSQL server through libpq (psycopg 3): the address as given (its libpq
parameters honoured), with a campaign's schema as the search path, a limit on waiting for another
writer, a limit on connecting, and keepalives so a lost connection is noticed."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine

from campaign_manager.store.address import ServerAddress
from campaign_manager.store.server_faults import LOCK_WAIT

if TYPE_CHECKING:
    import psycopg


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
