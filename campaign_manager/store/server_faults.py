"""A server's faults told in one sentence: unreachable, a sign-in refused, a role that does not
allow it, a campaign that is not there, another writer holding the campaign too long, the
connection lost mid-action. Every write is one transaction, so when one of these stops it the
server rolls it back: the campaign keeps every action recorded before, and none half-recorded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.exc import DBAPIError

from campaign_manager.errors import FileRefused
from campaign_manager.i18n import N_, _
from campaign_manager.store.faults import ReadOnlyFile, StorageFault, doing_words

LOCK_WAIT = 10  # seconds a write waits for another writer's transaction before it gives up


class ServerUnreachable(StorageFault):
    """The server could not be reached, or the connection to it was lost; nothing was written
    (or, lost while committing, the action is whole or absent: the message says which)."""


class RoleRefused(ReadOnlyFile):
    """The user's role on the campaign does not allow it: the app or the server refused it."""


_SERVER_AT = re.compile(r'^connection to server (at|on socket) "[^"]*"(, port \d+)? failed: ')


# The server's checks (store/server_checks.py) say what they refuse in English (their words are
# kept in its schema); `told` gives them in the user's language when they come back as a refusal's reason.
_TOLD = (
    (
        re.compile(r"(\w+) row (\d+): its action is missing or larger than (.+)"),
        N_("{table} row {number}: its action is missing or larger than {limit}"),
    ),
    (re.compile(r"(\w+) row (\d+): its action is not JSON"), N_("{table} row {number}: its action is not JSON")),
    (
        re.compile(r"(\w+) row (\d+): its action is not a JSON object"),
        N_("{table} row {number}: its action is not a JSON object"),
    ),
    (
        re.compile(r"(\w+) row (\d+): its kind is (.*) but its action is of type (.*)"),
        N_("{table} row {number}: its kind is {kind} but its action is of type {type}"),
    ),
    (
        re.compile(r"(\w+) row (\d+): a note holds at most (\d+) characters"),
        N_("{table} row {number}: a note holds at most {count} characters"),
    ),
    (re.compile(r"(\w+) row (\d+): its time is not a time"), N_("{table} row {number}: its time is not a time")),
    (
        re.compile(r"(\w+): the next row is number (\d+), not (.*)"),
        N_("{table}: the next row is number {number}, not {given}"),
    ),
    (
        re.compile(r"(\w+) row (\d+): a row is added with the revision moved on by one in the same write"),
        N_("{table} row {number}: a row is added with the revision moved on by one in the same write"),
    ),
    (re.compile(r"meta: the revision keeps its row"), N_("meta: the revision keeps its row")),
    (re.compile(r"meta: the revision is a count of writes"), N_("meta: the revision is a count of writes")),
    (
        re.compile(r"meta: the revision moves on by one with each write"),
        N_("meta: the revision moves on by one with each write"),
    ),
)
_TOLD_FIELDS = {
    "{table} row {number}: its kind is {kind} but its action is of type {type}": ("table", "number", "kind", "type"),
    "{table} row {number}: a note holds at most {count} characters": ("table", "number", "count"),
    "{table}: the next row is number {number}, not {given}": ("table", "number", "given"),
    "{table} row {number}: its action is missing or larger than {limit}": ("table", "number", "limit"),
}


def told(reason: str) -> str:
    """A refusal of the server's checks (`reason`, in their words) in the user's language."""
    for pattern, words in _TOLD:
        found = pattern.fullmatch(reason)
        if found is not None:
            fields = _TOLD_FIELDS.get(words, ("table", "number"))
            return _(words).format(**dict(zip(fields, found.groups(), strict=False)))
    return reason


def first_line(text: str) -> str:
    """libpq's message cut to its first line, without its preambles ('connection failed:',
    'connection to server at "HOST", port N failed:' when the server answered, 'FATAL:')."""
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    line = lines[0] if lines else _("no reason given")
    for noise in ("connection failed: ", "consuming input failed: ", "sending query and params failed: "):
        line = line.removeprefix(noise)
    answered = _SERVER_AT.sub("", line)
    if answered.startswith("FATAL:"):  # the server answered: its words alone (the address is said already)
        line = answered.removeprefix("FATAL:").strip()
    return line[:200]


def _original(exc: BaseException) -> BaseException:
    return exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc


def connection_lost(exc: BaseException) -> bool:
    """Whether `exc` says the connection is gone (or never came), not that the server refused."""
    import psycopg

    original = _original(exc)
    if isinstance(original, psycopg.errors.AdminShutdown | psycopg.errors.CannotConnectNow):
        return True
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(original, psycopg.OperationalError) and getattr(original, "sqlstate", None) is None


def fault_message(where: str, exc: BaseException, doing: str) -> tuple[type[StorageFault], str] | None:
    """The kind and one sentence for a server's fault, or None when `exc` is not one."""
    import psycopg

    original = _original(exc)
    if not isinstance(original, psycopg.Error):
        return None
    reason = first_line(str(original))
    reading = doing == "reading"
    errors = psycopg.errors
    if isinstance(original, errors.InsufficientPrivilege):
        if reading:
            words = _("{where}: the server refuses it ({reason}); nothing was read — ask the campaign's organiser")
        else:
            words = _("{where}: the server refuses it ({reason}); nothing was written — ask the campaign's organiser")
        return RoleRefused, words.format(where=where, reason=reason)
    if isinstance(original, errors.IntegrityError):  # the server's own checks (store/server_checks.py)
        reason = told(reason)
        if reading:
            words = _("{where}: the server refuses it as not well-formed ({reason}); nothing was read")
        else:
            words = _("{where}: the server refuses it as not well-formed ({reason}); nothing was written")
        return StorageFault, words.format(where=where, reason=reason)
    if isinstance(original, errors.LockNotAvailable | errors.QueryCanceled):
        if reading:
            words = _(
                "{where}: another writer held the campaign for more than {seconds} s, so nothing was read — try again"
            )
        else:
            words = _(
                "{where}: another writer held the campaign for more than {seconds} s, so nothing was written — "
                "try again"
            )
        return StorageFault, words.format(where=where, seconds=LOCK_WAIT)
    if isinstance(original, errors.InvalidSchemaName | errors.UndefinedTable):
        words = _("{where}: there is no such campaign in that database ({reason})")
        return FileRefusedFault, words.format(where=where, reason=reason)
    return _unreachable(where, exc, original, reason, doing)


def _unreachable(
    where: str, exc: BaseException, original: BaseException, reason: str, doing: str
) -> tuple[type[StorageFault], str] | None:
    """A server that cannot be signed in to, reached or kept: ServerUnreachable's sentence."""
    lowered = reason.lower()
    if "no password supplied" in lowered:
        words = _(
            "{where}: the server asks for this user's password and none was found — check the user's name "
            "in the address, and give its password in ~/.pgpass, a service file or PGPASSWORD, never in the app"
        )
        return ServerUnreachable, words.format(where=where)
    if "password" in lowered or "authentication" in lowered:
        words = _(
            "{where}: the server refused the sign-in ({reason}) — give the password in ~/.pgpass, a service "
            "file or PGPASSWORD, never in the app"
        )
        return ServerUnreachable, words.format(where=where, reason=reason)
    missing = re.search(r'database "(.*)" does not exist', reason)
    if missing:
        words = _(
            "{where}: that server has no database {database} — check the database's name in the "
            "address (the part after the port), or ask the server's administrator"
        )
        return ServerUnreachable, words.format(where=where, database=repr(missing.group(1)))
    if connection_lost(exc):
        never = str(original).lstrip().lower().startswith(("connection failed", "connection to server", "could not"))
        if never or doing in ("opening", "reading"):
            words = _(
                "{where}: the server cannot be reached ({reason}) — check that it is running and that the "
                "address is right, then try again"
            )
            return ServerUnreachable, words.format(where=where, reason=reason)
        words = _(
            "{where}: the connection to the server was lost ({reason}), so {doing} was not recorded; "
            "the campaign keeps every earlier action — try again once the server is back"
        )
        return ServerUnreachable, words.format(where=where, reason=reason, doing=doing_words(doing))
    return None


class FileRefusedFault(StorageFault, FileRefused):
    """A campaign the server does not hold (or not as the app makes it)."""


@contextmanager
def server_faults(where: str, doing: str = "action") -> Iterator[None]:
    """Turn a server's fault raised inside the block into a StorageFault (one sentence)."""
    import psycopg

    try:
        yield
    except (DBAPIError, psycopg.Error) as exc:
        told = fault_message(where, exc, doing)
        if told is None:
            raise
        kind, message = told
        raise kind(message) from None
