"""The commanders and their league: `league FILE [--json|--csv]`, and `commanders FILE add|rename|
retire|general|list|import` for the roster (each change an action in the log, so undo, export
and the history cover it)."""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from campaign_manager.cli.campaign_commands import CAMPAIGN_HELP

LEAGUE_COLUMNS = (
    ("name", "Commander"),
    ("side", "Side"),
    ("club", "Club"),
    ("games", "Games"),
    ("wins", "Won"),
    ("draws", "Drawn"),
    ("losses", "Lost"),
    ("vp_for", "VP for"),
    ("vp_against", "VP against"),
    ("vp_difference", "VP diff"),
    ("enemy_destroyed", "Destroyed"),
    ("areas_taken", "Areas taken"),
)


def register(commands) -> None:
    table = commands.add_parser(
        "league",
        help="the league of commanders: games won, drawn and lost, VP, troops destroyed, areas taken",
        description="Each commander's tabletop games, best first (by wins, then VP difference). Every game is "
        "judged on its own by the defeated test (rule 1.6); see rule 1.10 in docs/rules.md (in the window: "
        "Help ▸ The rules).",
    )
    table.add_argument("file", help=CAMPAIGN_HELP)
    form = table.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="as JSON: a list of commanders, best first")
    form.add_argument("--csv", action="store_true", help="as CSV, for a spreadsheet")
    table.set_defaults(run=cmd_league)

    roster = commands.add_parser("commanders", help="the roster of commanders: add, rename, retire, General, import")
    roster.add_argument("file", help=CAMPAIGN_HELP)
    steps = roster.add_subparsers(dest="step", metavar="ACTION", required=True)
    add = steps.add_parser("add", help="put a commander on the roster")
    add.add_argument("name")
    add.add_argument("--side", required=True, help="the side they play for (its key or name, any case)")
    add.add_argument("--club", help="their club or shop")
    add.set_defaults(run=lambda a: _record(a, "AddCommander", name=a.name, side=a.side, club=a.club))
    rename = steps.add_parser("rename", help="give a commander another name (their games stay theirs)")
    rename.add_argument("name")
    rename.add_argument("to")
    rename.set_defaults(run=lambda a: _record(a, "RenameCommander", name=a.name, to=a.to))
    retire = steps.add_parser("retire", help="no new games for a commander (their past games stay)")
    retire.add_argument("name")
    retire.set_defaults(run=lambda a: _record(a, "RetireCommander", name=a.name))
    general = steps.add_parser("general", help="make a commander their side's General")
    general.add_argument("name")
    general.set_defaults(run=lambda a: _record(a, "SetGeneral", name=a.name))
    listing = steps.add_parser("list", help="the roster")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=cmd_list)
    signups = steps.add_parser("import", help="add every commander of a sign-up sheet (CSV: name, side, club)")
    signups.add_argument("csv", type=Path, metavar="CSV")
    signups.set_defaults(run=cmd_import)


def _open(where: str, readonly: bool = False):
    from campaign_manager.store.campaign_file import CampaignFile

    return CampaignFile.open(where, readonly=readonly)


def _record(args, kind: str, **fields: Any) -> int:
    """Record one roster action: `kind` names its class in engine/actions.py (its "type" is read
    from there, once it is needed); `fields` are as typed on the command line."""
    from campaign_manager.cli.output import emit
    from campaign_manager.engine import actions
    from campaign_manager.store.campaign_file import ActionRefused

    action = {"type": getattr(actions, kind).type, **{key: value for key, value in fields.items() if value is not None}}
    with _open(args.file) as campaign:
        try:
            done = campaign.apply(campaign.read_actions([action]))
        except ActionRefused as refused:  # one action: the rule's own words
            raise refused.error from None
    emit(None, False, "\n".join(event for applied in done for event in applied.events))
    return 0


def cmd_import(args) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.store.signups import read_signups

    with _open(args.file) as campaign:
        actions = read_signups(campaign.scenario, campaign.state, args.csv)
        campaign.apply(actions)
    emit(None, False, f"{len(actions)} commander{'s' if len(actions) != 1 else ''} added from {args.csv.name}")
    return 0


def cmd_list(args) -> int:
    from campaign_manager.cli.output import emit

    with _open(args.file, readonly=True) as campaign:
        sc, roster = campaign.scenario, campaign.state.roster
    data = [
        {"name": c.name, "side": c.side, "club": c.club, "general": c.general, "retired": c.retired} for c in roster
    ]
    lines = []
    for side in sc.sides:
        lines.append(f"{sc.side_nouns[side]}:")
        ours = [c for c in roster if c.side == side]
        for c in ours:
            notes = [c.club or "", "General" if c.general else "", "retired" if c.retired else ""]
            said = ", ".join(n for n in notes if n)
            lines.append(f"  {c.name}" + (f" ({said})" if said else ""))
        if not ours:
            lines.append("  nobody yet")
    emit(data, args.json, "\n".join(lines))
    return 0


def cmd_league(args) -> int:
    from campaign_manager.cli.output import emit, printable
    from campaign_manager.engine.battle_log import battle_rows
    from campaign_manager.engine.campaign import initial_state
    from campaign_manager.engine.league import league, league_json

    with _open(args.file, readonly=True) as campaign:
        sc = campaign.scenario
        standings = league(sc, campaign.state.roster, battle_rows(sc, initial_state(sc), campaign.history()))
    data: Sequence[Mapping[str, Any]] = league_json(sc, standings)  # read by column key
    if args.csv:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([title for _, title in LEAGUE_COLUMNS])
        for entry in data:
            writer.writerow([_spreadsheet_safe(printable(_cell(sc, key, entry[key]))) for key, _ in LEAGUE_COLUMNS])
        sys.stdout.write(out.getvalue())
        return 0
    emit(data, args.json, _league_text(sc, data))
    return 0


def _cell(sc, key: str, value) -> str:
    if key == "side":
        return sc.sides.get(value, value)
    return "" if value is None else str(value)


def _spreadsheet_safe(cell: str) -> str:
    """A name a spreadsheet would take for a formula ("=1+2", "@SUM") is written as text."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") else cell


def _league_text(sc, data: Sequence[Mapping[str, Any]]) -> str:
    if not data:
        return "No commanders on the roster yet: campaign-manager commanders FILE add NAME --side SIDE"
    rows = [[title for _, title in LEAGUE_COLUMNS]]
    rows += [[_cell(sc, key, entry[key]) for key, _ in LEAGUE_COLUMNS] for entry in data]
    widths = [max(len(row[i]) for row in rows) for i in range(len(LEAGUE_COLUMNS))]
    text = [
        "  ".join(cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
        for row in rows
    ]
    return "\n".join(line.rstrip() for line in text)
