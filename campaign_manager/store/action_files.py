"""Files of actions written by hand or by another program (JSON), read for the command line
and the window alike, within the limits of campaign_manager/bounds.py; a file that cannot be
used is refused in one sentence."""

from __future__ import annotations

from typing import Any

from campaign_manager import bounds
from campaign_manager.errors import UserError

WHAT = "a file of actions"


def read_actions(source: str) -> list[dict[str, Any]]:
    """The actions in a JSON file (a list, or one action); "-" reads standard input."""
    name = "standard input" if source == "-" else source
    raw = bounds.read_bounded(source, bounds.MAX_ACTIONS_FILE, WHAT, UserError)
    data = bounds.parse_json(bounds.decode(raw, name, WHAT, UserError), name, "the file of actions", UserError)
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise UserError(f"{name}: should hold a list of actions")
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise UserError(
                f'{name}: item {number} should be an action, a JSON object such as {{"type": "note", "text": "…"}}, '
                f"not {_shown(item)}"
            )
    return data


def _shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'the text "{value[:30]}{"…" if len(value) > 30 else ""}"'
    if isinstance(value, list):
        return "a list"
    return str(value)[:30]
