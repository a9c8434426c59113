"""A sign-up sheet of commanders (CSV: name, side, club), read into roster actions for the
command line and the window alike. Every row is checked against the roster as it would stand,
and every fault is refused naming its row, in one line: the sheet is imported whole or not at
all.

A row naming a commander who was on the roster before the import, of the same side, is passed
over: a sheet that grew during the evening is imported again for its new names.

The columns are name, side and club (optional), in that order, or in any order under a header
row naming them ("name", "side", "club" or "shop"). Commas, semicolons or tabs separate them
(a spreadsheet saved as CSV in any language); a UTF-8 byte-order mark is skipped.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from campaign_manager import bounds
from campaign_manager.engine import roster as rosters
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import ActionFormatError, AddCommander
from campaign_manager.engine.campaign import apply_action
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario

WHAT = N_("a sign-up sheet (CSV)")
HEADINGS = {"name": "name", "commander": "name", "player": "name", "side": "side", "club": "club", "shop": "club"}
MAX_FAULTS = 10  # faults named before the rest are counted


def read_signups(sc: Scenario, st: CampaignState, source: Path | str) -> list[AddCommander]:
    """The sheet's commanders as actions that add them, each row checked as if the rows before
    it were already on the roster; any fault refuses the whole sheet, naming every bad row."""
    name = Path(source).name
    raw = bounds.read_bounded(source, bounds.MAX_SIGNUPS_FILE, _(WHAT), UserError)
    text = bounds.decode(raw, name, _(WHAT), UserError).removeprefix("\ufeff")
    rows = list(_rows(text, name))
    columns, first = _columns(rows)
    actions: list[AddCommander] = []
    faults: list[str] = []
    state = st
    known = 0  # rows of commanders on the roster already, of the same side: passed over
    for number, row in enumerate(rows[first:], start=first + 1):
        if not any(cell.strip() for cell in row):
            continue
        data = {"type": AddCommander.type, **{key: row[i].strip() for key, i in columns.items() if i < len(row)}}
        if not data.get("club"):
            data.pop("club", None)
        extra = [cell for i, cell in enumerate(row) if i not in columns.values() and cell.strip()]
        try:
            if extra:
                raise UserError(_("more columns than name, side and club ({cell})").format(cell=repr(extra[0])))
            action = parse_action(data)
            assert isinstance(action, AddCommander)
            there = rosters.find(st.roster, action.name)
            if there is not None and there.side.casefold() == action.side.strip().casefold():
                known += 1
                continue
            applied = apply_action(sc, state, action)
        except ActionFormatError as exc:
            fault = str(exc).removeprefix(repr("add_commander") + " action: ")
            faults.append(_("row {number}: {fault}").format(number=number, fault=fault))
            continue
        except UserError as exc:
            faults.append(_("row {number}: {fault}").format(number=number, fault=exc))
            continue
        state = applied.state
        assert isinstance(applied.action, AddCommander)
        actions.append(applied.action)
    if faults:
        listed = "; ".join(faults[:MAX_FAULTS])
        if len(faults) > MAX_FAULTS:
            words = _("{name}: {faults}; and {more} more; nothing was imported")
        else:
            words = _("{name}: {faults}; nothing was imported")
        raise UserError(words.format(name=name, faults=listed, more=len(faults) - MAX_FAULTS))
    if not actions and known:
        raise UserError(_("{name}: everyone on it is on the roster already; nothing new to import").format(name=name))
    if not actions:
        raise UserError(_("{name}: holds no commanders (each row: name, side, club)").format(name=name))
    return actions


def _rows(text: str, name: str) -> list[list[str]]:
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
        delimiter = dialect.delimiter
    except csv.Error:
        delimiter = ","
    try:
        return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    except csv.Error as exc:
        raise UserError(_("{name}: is not {what} ({exc})").format(name=name, what=_(WHAT), exc=exc)) from None


def _columns(rows: list[list[str]]) -> tuple[dict[str, int], int]:
    """Which column holds what, and the first row of commanders (0, or 1 after a header)."""
    if rows:
        heading = [HEADINGS.get(cell.strip().casefold()) for cell in rows[0]]
        if "name" in heading and "side" in heading:
            return {key: heading.index(key) for key in ("name", "side", "club") if key in heading}, 1
    return {"name": 0, "side": 1, "club": 2}, 0
