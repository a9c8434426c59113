"""Text from a campaign (its name, the commanders', a scenario's areas) as the published files
write it: markup escaped, and every control or format character (a bidirectional override that
would turn the rest of a line around, a line separator) shown as an escape (\\u202e), as the
command line shows them, so what a shared file holds never rearranges the page."""

from __future__ import annotations

import html
import unicodedata
from xml.sax.saxutils import quoteattr

HIDDEN = ("Cc", "Cf", "Zl", "Zp")  # control, format (bidirectional overrides), line and paragraph breaks


def visible(text: str) -> str:
    """`text` with every control and format character written as an escape."""
    if text.isprintable():
        return text
    return "".join(
        (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}") if unicodedata.category(c) in HIDDEN else c
        for c in text
    )


def escape(text: str) -> str:
    """`text` for an HTML or XML page: visible, its markup escaped."""
    return html.escape(visible(text))


def attribute(text: str) -> str:
    """`text` as a quoted attribute value."""
    return quoteattr(visible(text))
