"""Files of actions written by hand or by another program (JSON), read for the command line
and the window alike, within the limits of campaign_manager/bounds.py; a file that cannot be
used is refused in one sentence."""

from __future__ import annotations

from typing import Any

from campaign_manager import bounds
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _

WHAT = N_("a file of actions")


def read_actions(source: str) -> list[dict[str, Any]]:
    """The actions in a JSON file (a list, or one action); "-" reads standard input."""
    name = _("standard input") if source == "-" else source
    raw = bounds.read_bounded(source, bounds.MAX_ACTIONS_FILE, _(WHAT), UserError)
    data = bounds.parse_json(bounds.decode(raw, name, _(WHAT), UserError), name, _("the file of actions"), UserError)
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise UserError(_("{name}: should hold a list of actions").format(name=name))
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise UserError(
                _("{name}: item {number} should be an action, a JSON object such as {example}, not {shown}").format(
                    name=name, number=number, example='{"type": "note", "text": "…"}', shown=_shown(item)
                )
            )
    return data


def _shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _('the text "{text}"').format(text=value[:30] + ("…" if len(value) > 30 else ""))
    if isinstance(value, list):
        return _("a list")
    return str(value)[:30]
