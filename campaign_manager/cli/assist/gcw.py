"""`campaign-manager assist gcw ...`: the conflict calculator and the helpers that change
nothing (attrition, standing, the owner's charts). The tracker's commands are in gcw_tracker.py."""

from __future__ import annotations

import argparse

from campaign_manager.assist.gcw.charts import default_charts
from campaign_manager.assist.gcw.conflict import AIRSTRIKES, DSE, GOVERNMENT, ConflictRequest, resolve
from campaign_manager.assist.gcw.owner_charts import TWO_DICE, default_owner_charts
from campaign_manager.assist.gcw.politics import attrition_losses, check_index, initiative, standing
from campaign_manager.cli.assist import gcw_tracker
from campaign_manager.cli.output import emit
from campaign_manager.dice import RandomRoller
from campaign_manager.i18n import _, ngettext

BUYERS = {"attacker": (True, False), "defender": (False, True), "both": (True, True)}


def register(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="gcw_command", metavar="COMMAND", required=True)
    conflict = commands.add_parser("conflict", help=_("resolve one attack on the conflict tables"))
    conflict.add_argument("--attacker", type=int, required=True, help=_("total attacking strength"))
    conflict.add_argument("--defender", type=int, required=True, help=_("total defending strength"))
    conflict.add_argument("--table", required=True, choices=("open", "infrastructure"))
    conflict.add_argument("--die", help=_("the d6 rolled (1-6); leave out to let the app roll"))
    conflict.add_argument("--airstrike", choices=AIRSTRIKES, help=_("a Government airstrike (Open table only)"))
    conflict.add_argument("--attacker-side", choices=(GOVERNMENT, DSE), help=_("who attacks (for Terror)"))
    conflict.add_argument(
        "--buy-modifier",
        choices=tuple(BUYERS),
        help=_("unconventional units paying PP for ±1 (Infrastructure table only)"),
    )
    conflict.add_argument("--attacking-units", type=int, help=_("number of attacking units"))
    conflict.add_argument("--defending-units", type=int, help=_("number of defending units"))
    conflict.add_argument("--urban", action="store_true", help=_("the region is Urban (airstrike Terror)"))
    conflict.add_argument("--seed", type=int, help=_("seed for the app's die"))
    conflict.add_argument("--json", action="store_true")
    conflict.set_defaults(run=run_conflict)

    attrition = commands.add_parser("attrition", help=_("how many units lose a level to attrition"))
    attrition.add_argument("--units", type=int, required=True, help=_("eligible units in one region"))
    attrition.add_argument("--turn", type=int, help=_("the turn (attrition is on even turns)"))
    attrition.add_argument("--json", action="store_true")
    attrition.set_defaults(run=run_attrition)

    lead = commands.add_parser(
        "standing",
        help=_("leader, victory level and initiative for two indices (an index at 0 or less has lost: 6.1)"),
    )
    lead.add_argument("--government", type=int, required=True, help=_("Government Political Index"))
    lead.add_argument("--dse", type=int, required=True, help=_("DSE Political Index"))
    lead.add_argument("--json", action="store_true")
    lead.set_defaults(run=run_standing)

    charts = commands.add_parser("charts", help=_("which owner-filled charts are filled in"))
    charts.add_argument("--json", action="store_true")
    charts.set_defaults(run=run_charts)
    gcw_tracker.register(commands)


def run_conflict(args: argparse.Namespace) -> int:
    attacker_buys, defender_buys = BUYERS.get(args.buy_modifier, (False, False))
    request = ConflictRequest(
        attacker=args.attacker,
        defender=args.defender,
        table=args.table,
        die=args.die,
        airstrike=args.airstrike,
        attacker_side=args.attacker_side,
        attacker_buys_modifier=attacker_buys,
        defender_buys_modifier=defender_buys,
        attacking_units=args.attacking_units,
        defending_units=args.defending_units,
        urban=args.urban,
    )
    outcome = resolve(request, RandomRoller(args.seed))
    result = _("Result {code}: {explanation}").format(code=outcome.result, explanation=outcome.explanation)
    text = "\n".join([*outcome.steps, result])
    emit(outcome.as_dict(), args.json, text)
    return 0


def run_attrition(args: argparse.Namespace) -> int:
    reduce = attrition_losses(args.units, args.turn, default_charts().politics)
    # "units" has its own plural; the verb agrees with the units that lose a level
    units = ngettext("{n} unit", "{n} units", args.units).format(n=args.units)
    text = ngettext(
        "{reduced} of {units} loses one level; the owner chooses which (15.1).",
        "{reduced} of {units} lose one level; the owner chooses which (15.1).",
        reduce,
    ).format(reduced=reduce, units=units)
    emit({"units": args.units, "reduced": reduce, "turn": args.turn}, args.json, text)
    return 0


def run_standing(args: argparse.Namespace) -> int:
    rules = default_charts().politics
    pi = check_index({GOVERNMENT: args.government, DSE: args.dse}, rules)
    lead, order = standing(pi, rules), initiative(pi)
    data = {
        "leader": lead.leader,
        "margin": lead.margin,
        "level": lead.level,
        "victory_check_now": lead.check_winner or "draw",
        "initiative_chooser": order.chooser,
        "tie": order.tie,
        "collapsed": list(lead.collapsed),
    }
    # 6.1: a collapsed index ends the game at once, so no turn order is left to choose.
    after = _("The game ends at once: there is no next turn.") if lead.collapsed else order.words()
    emit(data, args.json, f"{lead.words()}\n{after}")
    return 0


def run_charts(args: argparse.Namespace) -> int:
    owner = default_owner_charts()
    government, dse = len(owner.mobilization[GOVERNMENT]), len(owner.mobilization[DSE])
    data = {
        "politics_table": [row.dice for row in owner.politics],
        "mobilization_government": government,
        "mobilization_dse": dse,
        "regions": len(owner.regions),
    }
    lines = [
        _("Politics Table: {n} of {all} lines filled in").format(n=len(owner.politics), all=len(TWO_DICE)),
        ngettext(
            "Government Mobilization Chart: {n} unit", "Government Mobilization Chart: {n} units", government
        ).format(n=government),
        ngettext("DSE Mobilization Chart: {n} unit", "DSE Mobilization Chart: {n} units", dse).format(n=dse),
        _("Regions: {n} filled in").format(n=data["regions"]),
    ]
    emit(data, args.json, "\n".join(lines))
    return 0
