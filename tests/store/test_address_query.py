"""A server address's query reaches libpq as it was written: libpq reads `%20` as a space and
`+` as a plus, so the address handed on writes a space as `%20` (never `+`, which libpq would
take for a plus) and keeps a plus a plus. No server is needed: this is the address alone."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from campaign_manager.store.address import parse_address


def _libpq_reads(conninfo: str) -> dict[str, str]:
    """The query's settings as libpq decodes a URI's: only %XX, a + left as it is."""
    return {unquote(k): unquote(v) for k, _, v in (p.partition("=") for p in urlsplit(conninfo).query.split("&") if p)}


def test_a_space_written_percent_20_reaches_libpq_as_a_space():
    address = parse_address("postgresql://u@h/db?options=-c%20search_path%3Dx&campaign=greece")
    assert "+" not in address.conninfo and "%20" in address.conninfo
    assert _libpq_reads(address.conninfo) == {"options": "-c search_path=x"}
    assert "options=-c%20search_path%3Dx" in address.shown and address.campaign == "greece"


def test_a_plus_stays_a_plus_and_survives_another_campaign():
    address = parse_address("postgresql://u:p%20w@h/db?application_name=a+b&campaign=greece")
    assert _libpq_reads(address.conninfo) == {"application_name": "a+b"}
    other = address.with_campaign("crete")
    assert _libpq_reads(other.conninfo) == {"application_name": "a+b"} and other.campaign == "crete"
    assert unquote(urlsplit(other.conninfo).password or "") == "p w"
