"""Files of actions written by hand or by another program (JSON), read for the command line
and the window alike; a file that cannot be used is refused in one sentence."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from campaign_manager.errors import UserError


def read_actions(source: str) -> list:
    """The actions in a JSON file (a list, or one action); "-" reads standard input."""
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{source}: cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{source}: is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise UserError(f"{source}: should hold a list of actions")
    return data
