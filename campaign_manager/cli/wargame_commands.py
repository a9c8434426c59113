"""`campaign-manager wargame` and `odds`: a General's Wargame battle on its own (rule 1.7), with
dice typed in or rolled, and the exact odds of every result before a die is thrown."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from campaign_manager.i18n import _

if TYPE_CHECKING:
    from campaign_manager.engine.whatif import WhatIf


def register(commands) -> None:
    for name, helptext in (
        ("wargame", _("fight a General's Wargame battle on its own (dice typed or rolled)")),
        ("odds", _("the exact odds of a General's Wargame battle, before any die")),
    ):
        sub = commands.add_parser(name, help=helptext)
        sub.add_argument("--scenario", default="firestorm-greece", help=_("a bundled scenario or a scenario file"))
        sub.add_argument("--terrain", required=True, help=_("the terrain of the area attacked (plain, rough)"))
        sub.add_argument("--turn", type=int, required=True, help=_("the campaign turn (troop models change)"))
        sub.add_argument(
            "--attacker", required=True, metavar="NATION:KIND,..", help=_("e.g. greek:infantry,greek:infantry")
        )
        sub.add_argument("--defender", default="", metavar="NATION:KIND,..", help=_("may be empty"))
        sortie_help = {
            "attacker": _("the nation whose aircraft fly a sortie for the attacker, e.g. italian"),
            "defender": _("the nation whose aircraft fly a sortie for the defender, e.g. italian"),
        }
        for side in ("attacker", "defender"):
            sub.add_argument(
                f"--{side}-sortie",
                action="append",
                metavar="NATION",
                default=[],
                help=sortie_help[side],
            )
        sub.add_argument(
            "--metaxas",  # the name the bundled scenario gives its fortified line
            dest="fortified",
            action="store_true",
            help=_("the defenders hold the scenario's fortified line (its fortification adds to them)"),
        )
        sub.add_argument("--json", action="store_true", help=_("print JSON"))
        if name == "wargame":
            sub.add_argument("--dice", metavar="A,D", help=_("the two dice thrown (left out: the app rolls)"))
            sub.add_argument("--seed", type=int, help=_("seed for dice the app rolls"))
        sub.set_defaults(run=cmd_wargame if name == "wargame" else cmd_odds, load=load_battle)
    whatif = commands.add_parser(
        "whatif",
        help=_("seeded playouts of the rest of the turn or campaign by the computer general: how it may end"),
    )
    whatif.add_argument("file", help=_("the campaign file, or a shared campaign's address (never written to)"))
    whatif.add_argument(
        "--playouts", type=int, default=None, help=_("at most this many playouts (default: until precise enough)")
    )
    whatif.add_argument(
        "--precision",
        type=float,
        default=2.0,
        metavar="POINTS",
        help=_("stop once every result's share is known to ± this many points (95%% interval); 0: play them all"),
    )
    whatif.add_argument("--seed", type=int, default=0)
    whatif.add_argument("--to", choices=("end-of-turn", "end"), default="end")
    whatif.add_argument(
        "--plan",
        metavar="SIDE",
        help=_(
            "this side attacks along its arrows placed on the map (in order, as the initiative allows) "
            "for the rest of this turn; the computer plays the other side, and both later"
        ),
    )
    whatif.add_argument(
        "--extra-battles",
        type=int,
        default=0,
        metavar="N",
        help=_("extra battles both generals agree each later turn (rule 1.5; default none)"),
    )
    whatif.add_argument("--json", action="store_true", help=_("print JSON"))
    whatif.set_defaults(run=cmd_whatif)


def load_battle() -> None:
    """The rules engine and the scenario's model, loaded as part of start-up (cli/__init__.py):
    imported with the garbage collector off, as `odds` is meant to answer within 5 ms of the
    engine's own import (benchmarks/bench_wargame.py)."""
    from campaign_manager.engine import wargame_battle  # noqa: F401
    from campaign_manager.scenario import loader  # noqa: F401


def _battle(args: argparse.Namespace):
    from campaign_manager.engine.wargame_battle import StandaloneBattle
    from campaign_manager.scenario import load_scenario

    sc = load_scenario(args.scenario)
    return StandaloneBattle.from_words(
        sc,
        args.terrain,
        args.turn,
        args.attacker,
        args.defender,
        args.attacker_sortie,
        args.defender_sortie,
        args.fortified,
    )


def cmd_wargame(args: argparse.Namespace) -> int:
    from campaign_manager.dice import RandomRoller

    battle = _battle(args)
    result = battle.fight(args.dice, RandomRoller(args.seed))
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    for side, die in (("attacker", result["dice"][0]), ("defender", result["dice"][1])):
        factors = "; ".join(f"{f['reason']} {f['value']:+d}" for f in result[f"{side}_factors"]) or "no bonus"
        print(f"{side.title()}: {result[f'{side}_total']} (die {die}; {factors})")
    winner = result["winner"]
    print(f"Difference {result['difference']}: " + ("a draw" if winner == "draw" else f"the {winner} wins"))
    for side in ("attacker", "defender"):
        on = result[f"{side}_troops_destroyed_on"]
        if not battle_troops(battle, side):
            print(f"The {side} committed no ground troops: nothing to roll for")
            continue
        print(f"The {side}'s troops are " + (f"destroyed on {on}{'+' if on < 6 else ''}" if on else "not rolled for"))
    return 0


def battle_troops(battle, side: str) -> tuple:
    return battle.attackers if side == "attacker" else battle.defenders


def cmd_odds(args: argparse.Namespace) -> int:
    data = _battle(args).odds()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    print(
        f"Attacker wins {data['attacker_win']:.1%}, draw {data['draw']:.1%}, defender wins {data['defender_win']:.1%}"
    )
    for troop in data["troops"]:
        print(f"  {troop['side']} {troop['troop']}: destroyed {troop['destroyed']:.1%}")
    return 0


def cmd_whatif(args: argparse.Namespace) -> int:

    from campaign_manager.engine import whatif
    from campaign_manager.engine.spelling import side_code
    from campaign_manager.engine.state import Phase
    from campaign_manager.errors import UserError
    from campaign_manager.store.campaign_file import CampaignFile

    if args.precision < 0 or args.precision >= 50:
        raise UserError(f"--precision is in points, from 0 (play them all) to under 50, not {args.precision:g}")
    precision = args.precision / 100 or None
    limit = args.playouts if args.playouts is not None else (whatif.LIMIT if precision else 200)
    with CampaignFile.open(args.file, readonly=True) as campaign:
        state, sc = campaign.state, campaign.scenario
        plan = side_code(sc, args.plan) if args.plan else None
        data = whatif.playouts(
            sc, state, limit, args.seed, args.to, precision=precision, plan_side=plan, extra_battles=args.extra_battles
        )
    if args.json:
        print(json.dumps(whatif.whatif_json(data), indent=2, ensure_ascii=False))
        return 0
    under_way = state.phase in (Phase.PLANNING, Phase.BATTLE)
    upto = state.turn if under_way else state.turn + 1  # the turn a playout to the end of the turn plays
    to = f"the end of turn {upto}" if args.to == "end-of-turn" else "the end of the campaign"
    start = f"turn {state.turn}, {state.phase} phase" if state.turn else "the start"
    print(f"{data.playouts} playouts from {start} to {to} (seed {args.seed}){stop_words(data)}:")
    for name, interval in data.intervals.items():
        count = data.outcomes.get(name, 0)
        if count or interval.high >= 0.05:
            print(
                f"  {name}: {count} ({count / data.playouts:.0%}, "
                f"95% between {interval.low:.0%} and {interval.high:.0%})"
            )
    for side, won in data.wins.items():
        low, high = won.interval.low, won.interval.high
        print(
            f"The {sc.side_nouns[side]} win at any level: {won.playouts} "
            f"({won.share:.0%}, 95% between {low:.0%} and {high:.0%})"
        )
    print(margin_words(data))
    changed = [f"{code} {share:.0%}" for code, share in data.objectives.items() if share]
    print("Objectives that changed hands: " + (", ".join(changed) or "none"))
    print(f"Most battles in a turn: {data.most_battles_in_a_turn}")
    for arrow in data.plan.arrows if data.plan else ():
        print(f"Planned arrow {arrow.origin} → {arrow.target}: fought in {arrow.fought:.0%} of the playouts")
    return 0


def stop_words(data: WhatIf) -> str:
    """Why the playouts stopped, when it was not the limit given."""
    if data.stopped == "precise":
        return f", stopped once every result was known to ±{(data.precision or 0) * 100:g} points"
    if data.stopped == "cancelled":
        return ", cancelled early"
    return ""


def margin_words(data: WhatIf) -> str:
    """The VP margin's spread in one line: its middle and the ranges most playouts fall in, beside
    the margins that decide the result."""
    cut = data.percentiles
    thresholds = "/".join(str(t) for t in data.thresholds)
    return (
        f"VP margin, {data.margin_means.replace(' VP', '')}: median {cut[50]:+d}; half the playouts between "
        f"{cut[25]:+d} and {cut[75]:+d}, nine in ten between {cut[5]:+d} and {cut[95]:+d} "
        f"(results change at ±{thresholds}; --json lists every margin)"
    )
