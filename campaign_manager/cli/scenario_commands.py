"""Scenario subcommands: `scenario validate PATH` and `scenario list`."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from campaign_manager.i18n import _, ngettext


def register(commands: Any) -> None:
    scenario = commands.add_parser("scenario", help=_("check scenario files; list the scenarios the app knows"))
    actions = scenario.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    validate = actions.add_parser("validate", help=_("check a scenario file; every fault is listed (exit 2)"))
    validate.add_argument("path", help=_("a scenario file (TOML), or the name of a known scenario"))
    validate.set_defaults(run=cmd_validate)
    listing = actions.add_parser("list", help=_("the bundled scenarios and those in your scenario folder"))
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=cmd_list)


def cmd_validate(args: argparse.Namespace) -> int:
    from campaign_manager.scenario import load_scenario

    sc = load_scenario(args.path)  # ScenarioError (every fault) → exit 2
    turns = len(sc.turns)
    counts = ", ".join(
        (
            ngettext("{n} area", "{n} areas", len(sc.areas)).format(n=len(sc.areas)),
            ngettext("{n} link", "{n} links", len(sc.links)).format(n=len(sc.links)),
            ngettext("{n} troop", "{n} troops", len(sc.troops)).format(n=len(sc.troops)),
            ngettext("{n} turn", "{n} turns", turns).format(n=turns),
        )
    )
    if sc.layout:
        words = _("{file}: sound — {scenario}: {counts}, with a map drawing")
    else:
        words = _("{file}: sound — {scenario}: {counts}")
    print(words.format(file=Path(args.path).name, scenario=sc.name, counts=counts))
    if sc.read_as:
        print("  " + _("written in an earlier form, read as today's: {changes}").format(changes="; ".join(sc.read_as)))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from campaign_manager.scenario.loader import bundled_scenarios, known_scenarios, user_scenarios

    bundled = bundled_scenarios()
    rows = [
        {"name": name, "path": str(path), "where": "bundled" if name in bundled else "yours"}
        for name, path in known_scenarios().items()
    ]
    if args.json:
        print(json.dumps({"scenarios": rows, "user_folder": str(user_scenarios())}, indent=2))
        return 0
    where = {"bundled": _("bundled"), "yours": _("yours")}
    for row in rows:
        print(f"{row['name']:<24} {where[row['where']]:<8} {row['path']}")
    print(_("(your scenario folder: {folder})").format(folder=user_scenarios()))
    return 0
