"""The commanders and their league: `league FILE [--json|--csv]`, and `commanders FILE add|rename|
retire|general|list|import` for the roster (each change an action in the log, so undo, export
and the history cover it)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from campaign_manager.cli.campaign_commands import CAMPAIGN_HELP
from campaign_manager.i18n import N_, _, ngettext, number

LEAGUE_COLUMNS = (
    ("name", N_("Commander")),
    ("side", N_("Side")),
    ("club", N_("Club")),
    ("points", N_("Points")),
    ("games", N_("Games")),
    ("wins", N_("Won")),
    ("draws", N_("Drawn")),
    ("losses", N_("Lost")),
    ("vp_for", N_("VP for")),
    ("vp_against", N_("VP against")),
    ("vp_difference", N_("VP diff")),
    ("enemy_destroyed", N_("Destroyed")),
    ("areas_taken", N_("Areas taken")),
)
VIEWS = ("table", "pairings", "scoring")


def register(commands) -> None:
    table = commands.add_parser(
        "league",
        help=_("the league of commanders: games won, drawn and lost, VP, troops destroyed, areas taken"),
        description=_(
            "Each commander's tabletop games, best first by the league's scoring (until one is chosen "
            "with `league FILE scoring`: wins, then VP difference). Every game is judged on its own by the defeated "
            "test (rule 1.6); see rule 1.10 in docs/rules.md (in the window: Help ▸ The rules)."
        ),
    )
    table.add_argument("file", help=_(CAMPAIGN_HELP))
    table.add_argument(
        "view",
        nargs="?",
        choices=VIEWS,
        default="table",
        help=_(
            "table (the league, the default); pairings (for the next evening, from --present); "
            "scoring (the scheme, changed by --win/--draw/--loss/--per-game/--tie-breaks)"
        ),
    )
    form = table.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=_("as JSON: a list of commanders, best first"))
    form.add_argument("--csv", action="store_true", help=_("as CSV, for a spreadsheet (numbers as numbers)"))
    form.add_argument("--html", action="store_true", help=_("as a web page (the same table as the PDF)"))
    table.add_argument("--turn", type=int, metavar="N", help=_("the league as it stood at the end of turn N"))
    table.add_argument("--clubs", action="store_true", help=_("the club standings instead of the commanders"))
    from campaign_manager.cli.league_views import add_view_options

    add_view_options(table)
    table.set_defaults(run=cmd_league)

    roster = commands.add_parser("commanders", help=_("the roster of commanders: add, rename, retire, General, import"))
    roster.add_argument("file", help=_(CAMPAIGN_HELP))
    steps = roster.add_subparsers(dest="step", metavar="ACTION", required=True)
    add = steps.add_parser("add", help=_("put a commander on the roster"))
    add.add_argument("name")
    add.add_argument("--side", required=True, help=_("the side they play for (its key or name, any case)"))
    add.add_argument("--club", help=_("their club or shop"))
    add.set_defaults(run=lambda a: _record(a, "AddCommander", name=a.name, side=a.side, club=a.club))
    rename = steps.add_parser("rename", help=_("give a commander another name (their games stay theirs)"))
    rename.add_argument("name")
    rename.add_argument("to")
    rename.set_defaults(run=lambda a: _record(a, "RenameCommander", name=a.name, to=a.to))
    retire = steps.add_parser("retire", help=_("no new games for a commander (their past games stay)"))
    retire.add_argument("name")
    retire.set_defaults(run=lambda a: _record(a, "RetireCommander", name=a.name))
    general = steps.add_parser("general", help=_("make a commander their side's General"))
    general.add_argument("name")
    general.set_defaults(run=lambda a: _record(a, "SetGeneral", name=a.name))
    club = steps.add_parser("club", help=_("change a commander's club (left out: no club)"))
    club.add_argument("name")
    club.add_argument("club", nargs="?")
    club.set_defaults(run=lambda a: _record(a, "SetClub", name=a.name, club=a.club))
    side = steps.add_parser("side", help=_("move a commander to the other side (only before their first game)"))
    side.add_argument("name")
    side.add_argument("side")
    side.set_defaults(run=lambda a: _record(a, "SetSide", name=a.name, side=a.side))
    back = steps.add_parser("unretire", help=_("bring a retired commander back for new games"))
    back.add_argument("name")
    back.set_defaults(run=lambda a: _record(a, "UnretireCommander", name=a.name))
    listing = steps.add_parser("list", help=_("the roster"))
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=cmd_list)
    signups = steps.add_parser("import", help=_("add every commander of a sign-up sheet (CSV: name, side, club)"))
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
    words = ngettext("{n} commander added from {file}", "{n} commanders added from {file}", len(actions))
    emit(None, False, words.format(n=len(actions), file=args.csv.name))
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
        lines.append(f"{sc.side_noun(side)}:")
        ours = [c for c in roster if c.side == side]
        for c in ours:
            notes = [c.club or "", _("General") if c.general else "", _("retired") if c.retired else ""]
            said = ", ".join(n for n in notes if n)
            lines.append(f"  {c.name}" + (f" ({said})" if said else ""))
        if not ours:
            lines.append("  " + _("nobody yet"))
    emit(data, args.json, "\n".join(lines))
    return 0


def cmd_league(args) -> int:
    from campaign_manager.cli.league_views import check_view_options, cmd_pairings, cmd_scoring
    from campaign_manager.cli.output import emit
    from campaign_manager.engine.league import club_standings, league_at, league_json
    from campaign_manager.reports.league_export import league_csv, league_html

    check_view_options(args)
    if args.view == "scoring":
        return cmd_scoring(args)
    with _open(args.file, readonly=True) as campaign:
        sc, name = campaign.scenario, campaign.name
        standings, scoring = league_at(sc, campaign.initial_state(), campaign.history(), args.turn)
    if args.view == "pairings":
        return cmd_pairings(args, sc, name, standings, scoring)
    clubs = club_standings(standings, scoring)
    if args.html:  # the page has the clubs under the league
        sys.stdout.write(
            league_html(sc, standings, scoring, _("{name}: the league of commanders").format(name=name), clubs)
        )
        return 0
    if args.clubs:
        return _clubs(args, clubs)
    if args.csv:
        sys.stdout.write(printable_lines(league_csv(sc, standings, scoring)))
        return 0
    data: Sequence[Mapping[str, Any]] = league_json(sc, standings, scoring)  # read by column key
    emit(data, args.json, _league_text(sc, data))
    return 0


def printable_lines(text: str) -> str:
    from campaign_manager.cli.output import printable

    return "".join(printable(line) + "\n" for line in text.splitlines())


def _clubs(args, clubs) -> int:
    from campaign_manager.cli.output import emit
    from campaign_manager.engine.league import clubs_json
    from campaign_manager.reports.league_export import clubs_csv

    if args.csv:
        sys.stdout.write(printable_lines(clubs_csv(clubs)))
        return 0
    data = clubs_json(clubs)
    lines = [
        ", ".join(
            (
                ngettext("{club}: {n} commander", "{club}: {n} commanders", len(c.commanders)).format(
                    club=c.club, n=len(c.commanders)
                ),
                ngettext("{n} game", "{n} games", c.games).format(n=c.games),
                ngettext("{n} point", "{n} points", c.points).format(n=c.points),
                _("{points} points a game").format(points=number(c.points_per_game, 2)),
            )
        )
        for c in clubs
    ] or [_("No commander gives a club yet.")]
    emit(data, args.json, "\n".join(lines))
    return 0


def _cell(sc, key: str, value) -> str:
    if key == "side":
        return sc.side_adjective(value) if value in sc.sides else value
    return "" if value is None else str(value)


def _league_text(sc, data: Sequence[Mapping[str, Any]]) -> str:
    if not data:
        return _("No commanders on the roster yet: campaign-manager commanders FILE add NAME --side SIDE")
    rows = [[_(title) for _key, title in LEAGUE_COLUMNS]]
    rows += [[_cell(sc, key, entry[key]) for key, _title in LEAGUE_COLUMNS] for entry in data]
    widths = [max(len(row[i]) for row in rows) for i in range(len(LEAGUE_COLUMNS))]
    text = [
        "  ".join(cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
        for row in rows
    ]
    return "\n".join(line.rstrip() for line in text)
