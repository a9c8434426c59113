"""A real PostgreSQL server for the tests and benchmarks, started here in a temporary folder on a
free loopback port: initdb and pg_ctl from the distribution's package (on PATH, or in
/usr/lib/postgresql/*/bin). initdb refuses to run as root, so as root the server runs as the
unprivileged `postgres` user (made if missing), its folder handed to it.

Every user signs in with a password (scram-sha-256, as on a real server), read by libpq from a
password file (PGPASSFILE) the way a shop's copy of the app would: never from the app's settings.
No test is skipped for want of a server: one that cannot start fails the tests that need it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

SUPERUSER = "postgres"
DATABASE = "shops"
SERVICE_USER = "postgres"  # the system user the server runs as when the tests run as root
PASSWORDS = {
    SUPERUSER: "super-secret",
    "alice": "alice-pw",
    "bob": "bob-pw",
    "carol": "carol-pw",
    "dave": "dave-pw",
    "keeper": "keeper-pw",
    "erin": "erin-pw",  # given roles in single campaigns only (a role given on a database is the whole server's)
}


class ServerMissing(RuntimeError):
    pass


def program(name: str) -> str:
    """A PostgreSQL program: on PATH, else the newest in the distribution's folders."""
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True):
        candidate = Path(folder) / name
        if candidate.exists():
            return str(candidate)
    raise ServerMissing(
        f"{name} was not found (on PATH or in /usr/lib/postgresql/*/bin): install the postgresql package "
        f"(installer/bootstrap.py test does so on Debian)"
    )


def _version(folder: str) -> int:
    try:
        return int(Path(folder).parent.name.split(".")[0])
    except ValueError:
        return 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def campaign_name(prefix: str) -> str:
    """A campaign name no other test on this server has used (a free port can come round again;
    two tests on one server must never meet in one campaign)."""
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


class PgServer:
    """One PostgreSQL server in its own folder, on 127.0.0.1:`port`, with a database `shops`."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="firestorm-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.port = free_port()
        self.passfile = self.folder / "pgpass"
        self.as_root = os.geteuid() == 0
        self.started = False

    # -- running programs as the server's owner ------------------------------------------------

    def _run(self, *argv: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        command = list(argv)
        if self.as_root:
            command = ["runuser", "-u", SERVICE_USER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=self.folder)
        if check and done.returncode:
            raise ServerMissing(f"{' '.join(argv[:2])} failed: {(done.stderr or done.stdout).strip()[-800:]}")
        return done

    def _hand_over(self) -> None:
        if not self.as_root:
            return
        try:
            pwd.getpwnam(SERVICE_USER)
        except KeyError:
            subprocess.run(["useradd", "--system", "--no-create-home", SERVICE_USER], check=True, capture_output=True)
        shutil.chown(self.folder, SERVICE_USER)
        self.folder.chmod(0o700)

    # -- the server ----------------------------------------------------------------------------

    def init(self, durable: bool = False) -> PgServer:
        """initdb; `durable`: every commit flushed to the disk, as on a real server (the tests
        run without, for speed: a stopped or killed server loses nothing either way)."""
        self._hand_over()
        secret = self.folder / "superuser-password"
        secret.write_text(PASSWORDS[SUPERUSER] + "\n")
        if self.as_root:
            shutil.chown(secret, SERVICE_USER)
        self._run(
            program("initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--pwfile",
            str(secret),
            "--auth=scram-sha-256",
            "--encoding=UTF8",
            "--locale=C",
            *([] if durable else ["--no-sync"]),
        )
        secret.unlink()
        settings = [
            "listen_addresses = '127.0.0.1'",
            f"port = {self.port}",
            f"unix_socket_directories = '{self.folder}'",
            "max_connections = 120",
            "shared_buffers = 32MB",
        ]
        if not durable:
            # speed for tests: a stop (even -m immediate) loses nothing the kernel holds; only a
            # power cut would, and the tests make none
            settings += ["fsync = off", "full_page_writes = off"]
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n" + "\n".join(settings) + "\n")
        self.passfile.write_text(
            "".join(f"127.0.0.1:{self.port}:*:{user}:{password}\n" for user, password in PASSWORDS.items())
        )
        self.passfile.chmod(0o600)
        return self

    def start(self) -> PgServer:
        self._run(program("pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "start")
        self.started = True
        return self

    def stop(self, mode: str = "fast") -> None:
        self._run(program("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop", check=False)
        self.started = False

    def remove(self) -> None:
        if self.started:
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- addresses and set-up -------------------------------------------------------------------

    def url(self, user: str = SUPERUSER, campaign: str | None = None, database: str = DATABASE) -> str:
        """A campaign's address as a shop would type it (the password comes from PGPASSFILE)."""
        address = f"postgresql://{user}@127.0.0.1:{self.port}/{database}"
        return address + (f"?campaign={campaign}" if campaign else "")

    def environment(self) -> dict[str, str]:
        """What libpq reads to find the passwords: set for the tests and their programs."""
        return {"PGPASSFILE": str(self.passfile), "PGCONNECT_TIMEOUT": "5"}

    def sql(self, statement: str, database: str = DATABASE, user: str = SUPERUSER) -> None:
        import psycopg

        with psycopg.connect(self.url(user, database=database), autocommit=True) as conn:
            conn.execute(statement)  # type: ignore[arg-type]

    def prepare(self) -> PgServer:
        """The shops' database and the users the tests sign in as (no role given yet)."""
        self.sql(f"CREATE DATABASE {DATABASE}", database="postgres")
        for user, password in PASSWORDS.items():
            if user != SUPERUSER:
                self.sql(f"CREATE ROLE {user} LOGIN PASSWORD '{password}'")
        return self


def before_server_checks(schema: str, version: int = 3) -> list[str]:
    """SQL (for the superuser) that takes a campaign back to the shape an earlier version made
    (schema 3 or 2: no authors, no roles of its own, none of the server's checks)."""
    dropped = [
        f"DROP FUNCTION {schema}.{name}() CASCADE" for name in ("well_formed", "counted", "announced", "member_role")
    ]
    return [
        *dropped,
        f"DROP FUNCTION {schema}.organising()",
        f"DROP TABLE {schema}.member, {schema}.repaired",
        *(f"ALTER TABLE {schema}.{table} DROP COLUMN recorded_by, DROP COLUMN shop" for table in ("action", "redo")),
        f"UPDATE {schema}.meta SET value = '{version}' WHERE key = 'schema'",
    ]


@contextlib.contextmanager
def running_server(durable: bool = False):
    """A server started for the block (environment set for libpq), stopped and removed after."""
    server = PgServer()
    saved = {key: os.environ.get(key) for key in server.environment()}
    try:
        server.init(durable).start()
        os.environ.update(server.environment())
        server.prepare()
        yield server
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        server.remove()
