"""Where a campaign is: a file's path, or the address of a campaign shared on a PostgreSQL server,
`postgresql://USER@HOST:PORT/DATABASE?campaign=NAME`.

The app takes `campaign` out of the address and gives the rest to libpq as it is, so every libpq
parameter works there (`sslmode=require`, `service=shops`, `connect_timeout=10`, ...). Passwords
are libpq's business (`~/.pgpass`, a service file, PGPASSWORD): one written into an address is
used for that connection but never shown, and never kept in the app's settings (`shown`).
Nothing here connects: this module imports no database driver.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote, urlencode, urlsplit, urlunsplit

from campaign_manager.errors import UserError
from campaign_manager.i18n import _

SCHEMES = ("postgresql", "postgres")
CAMPAIGN_NAME = re.compile(r"[a-z0-9_]{1,40}")
SCHEMA_PREFIX = "campaign_"  # each campaign's tables are in a schema of its own: campaign_NAME


class AddressRefused(UserError):
    """An address that is not one the app can use; nothing was connected to."""


def is_server_address(text: str | Path) -> bool:
    """Whether `text` is a server's address (a URL), not a file's path."""
    return isinstance(text, str) and text.split("://", 1)[0].lower() in SCHEMES and "://" in text


@dataclass(frozen=True)
class ServerAddress:
    """A server campaign's address: what libpq connects to (`conninfo`), the campaign's name,
    and the address as the app shows and remembers it (`shown`: never with a password)."""

    conninfo: str
    campaign: str | None
    shown: str
    user: str | None

    @property
    def schema(self) -> str:
        """The schema holding the campaign's tables."""
        return SCHEMA_PREFIX + self.need_campaign()

    @property
    def channel(self) -> str:
        """The channel other writers' actions are announced on (LISTEN/NOTIFY)."""
        return self.schema

    def need_campaign(self) -> str:
        if self.campaign is None:
            raise AddressRefused(
                _("{shown}: names no campaign — add ?campaign=NAME to the address").format(shown=self.shown)
            )
        return self.campaign

    def with_campaign(self, campaign: str) -> ServerAddress:
        return parse_address(_replace_campaign(self.shown, campaign), password_from=self)

    def __str__(self) -> str:
        return self.shown


def parse_address(text: str, password_from: ServerAddress | None = None) -> ServerAddress:
    """Read a server campaign's address; refuses in one sentence what libpq could not use."""
    try:
        parts = urlsplit(text)
        netloc_password = unquote(parts.password) if parts.password is not None else None
        user = unquote(parts.username) if parts.username else None
        port = parts.port  # a port that is not a number is refused here
    except ValueError as exc:
        raise AddressRefused(
            _("{address}: is not a server address the app can read ({exc})").format(address=_safe(text), exc=exc)
        ) from None
    if parts.scheme.lower() not in SCHEMES:
        raise AddressRefused(_("{address}: a server address begins with postgresql://").format(address=_safe(text)))
    if parts.fragment:
        raise AddressRefused(_("{address}: a server address has no #part").format(address=_safe(text)))
    query = _query(parts.query)
    names = [value for key, value in query if key == "campaign"]
    if len(names) > 1:
        raise AddressRefused(_("{address}: names more than one campaign").format(address=_safe(text)))
    campaign = names[0].lower() if names else None
    if campaign is not None and not CAMPAIGN_NAME.fullmatch(campaign):
        raise AddressRefused(
            _("{address}: a campaign's name in an address has 1 to 40 letters, digits or _ (e.g. greece_1941)").format(
                address=_safe(text)
            )
        )
    rest = [(key, value) for key, value in query if key != "campaign"]
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    login = quote(user, safe="") + "@" if user else ""
    place = f"{login}{host}" + (f":{port}" if port is not None else "")
    shown_query = urlencode([*rest, *([("campaign", campaign)] if campaign else [])], quote_via=quote)
    shown = urlunsplit((parts.scheme, place, parts.path, shown_query, ""))
    password = netloc_password if netloc_password is not None else None
    if password is None and password_from is not None:
        password = _password_of(password_from)
    secret_place = place
    if password is not None:
        secret_place = f"{quote(user or '', safe='')}:{quote(password, safe='')}@" + place.split("@", 1)[-1]
    conninfo = urlunsplit((parts.scheme, secret_place, parts.path, urlencode(rest, quote_via=quote), ""))
    return ServerAddress(conninfo=conninfo, campaign=campaign, shown=shown, user=user)


def _password_of(address: ServerAddress) -> str | None:
    password = urlsplit(address.conninfo).password
    return unquote(password) if password is not None else None


def _replace_campaign(shown: str, campaign: str) -> str:
    parts = urlsplit(shown)
    query = [(key, value) for key, value in _query(parts.query) if key != "campaign"]
    return urlunsplit(
        (parts.scheme, parts.netloc, parts.path, urlencode([*query, ("campaign", campaign)], quote_via=quote), "")
    )


def _query(text: str) -> list[tuple[str, str]]:
    """An address's query read as libpq reads it: `%XX` is a byte, `+` is a plus (not a space,
    as a web form's query would have it), written back with %20 for a space (quote_via=quote)."""
    pairs = []
    for part in text.split("&"):
        if part:
            key, _sep, value = part.partition("=")
            pairs.append((unquote(key), unquote(value)))
    return pairs


def _safe(text: str) -> str:
    """An address as it may be shown in a message: any password replaced."""
    return re.sub(r"(://[^/@:?#]*):[^@/?#]*@", r"\1:…@", text)[:300]


Location = Path | ServerAddress


def locate(where: str | Path | ServerAddress) -> Location:
    """A campaign's location from what a user gave: a server's address, or a file's path."""
    if isinstance(where, ServerAddress | Path):
        return where
    return parse_address(where) if is_server_address(where) else Path(where)


def shown(where: str | Path | ServerAddress) -> str:
    """A location as the app shows and remembers it (a server's address without password)."""
    if isinstance(where, ServerAddress):
        return where.shown
    if isinstance(where, str) and is_server_address(where):
        try:
            return parse_address(where).shown
        except AddressRefused:
            return _safe(where)
    return str(where)
