"""Printing results: JSON for scripts, plain lines for people. Control characters that came from
a file or an argument (a line break inside a name, a terminal's escape sequence) are printed as
escapes: a line stays one line, and what a shared file holds never drives the terminal."""

from __future__ import annotations

import json
import sys
import unicodedata
from typing import Any

HIDDEN = ("Cc", "Cf", "Zl", "Zp")  # control, format (bidirectional overrides), line and paragraph breaks


def printable(line: str) -> str:
    """`line` with every control character shown as an escape (\\x1b, \\u2028)."""
    if line.isprintable():
        return line
    return "".join(
        (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}") if unicodedata.category(c) in HIDDEN else c
        for c in line
    )


def printable_lines(text: str) -> str:
    """`text`'s own lines kept, each made printable."""
    return "\n".join(printable(line) for line in text.split("\n"))


def emit(data: Any, as_json: bool, text: str | None = None) -> None:
    """Print `data` as JSON when asked, otherwise `text` (or the JSON, indented)."""
    if as_json or text is None:
        json.dump(data, sys.stdout, indent=None if as_json else 2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(printable_lines(text.rstrip("\n")) + "\n")
