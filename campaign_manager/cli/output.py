"""Printing results: JSON for scripts, plain lines for people."""

from __future__ import annotations

import json
import sys
from typing import Any


def emit(data: Any, as_json: bool, text: str | None = None) -> None:
    """Print `data` as JSON when asked, otherwise `text` (or the JSON, indented)."""
    if as_json or text is None:
        json.dump(data, sys.stdout, indent=None if as_json else 2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text.rstrip("\n") + "\n")
