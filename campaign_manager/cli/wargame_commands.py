"""`campaign-manager wargame` and `odds`: a General's Wargame battle on its own (rule 1.7), with
dice typed in or rolled, and the exact odds of every result before a die is thrown."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from campaign_manager.i18n import _, pgettext, share

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
    totals = {
        "attacker": _("Attacker: {total} (die {die}; {factors})"),
        "defender": _("Defender: {total} (die {die}; {factors})"),
    }
    for side, die in (("attacker", result["dice"][0]), ("defender", result["dice"][1])):
        factors = "; ".join(f"{f['reason']} {f['value']:+d}" for f in result[f"{side}_factors"]) or _("no bonus")
        print(totals[side].format(total=result[f"{side}_total"], die=die, factors=factors))
    print(_winner_words(result["winner"]).format(difference=result["difference"]))
    for side in ("attacker", "defender"):
        print(_destroyed_words(side, result[f"{side}_troops_destroyed_on"], bool(battle_troops(battle, side))))
    return 0


def _winner_words(winner: str) -> str:
    if winner == "draw":
        return _("Difference {difference}: a draw")
    if winner == "attacker":
        return _("Difference {difference}: the attacker wins")
    return _("Difference {difference}: the defender wins")


def _destroyed_words(side: str, on: int | None, committed: bool) -> str:
    """What becomes of a side's troops after the battle, in one line."""
    attacker = side == "attacker"
    if not committed:
        if attacker:
            return _("The attacker committed no ground troops: nothing to roll for")
        return _("The defender committed no ground troops: nothing to roll for")
    if not on:
        return (
            _("The attacker's troops are not rolled for") if attacker else _("The defender's troops are not rolled for")
        )
    roll = f"{on}+" if on < 6 else str(on)
    if attacker:
        return _("The attacker's troops are destroyed on {roll}").format(roll=roll)
    return _("The defender's troops are destroyed on {roll}").format(roll=roll)


def battle_troops(battle, side: str) -> tuple:
    return battle.attackers if side == "attacker" else battle.defenders


def cmd_odds(args: argparse.Namespace) -> int:
    data = _battle(args).odds()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    words = _("Attacker wins {attacker}, draw {draw}, defender wins {defender}")
    print(
        words.format(
            attacker=share(data["attacker_win"], 1),
            draw=share(data["draw"], 1),
            defender=share(data["defender_win"], 1),
        )
    )
    sides = {"attacker": _("attacker"), "defender": _("defender")}
    for troop in data["troops"]:
        words = _("{side} {troop}: destroyed {share}")
        side = sides.get(troop["side"], troop["side"])
        print("  " + words.format(side=side, troop=troop["troop"], share=share(troop["destroyed"], 1)))
    return 0


def cmd_whatif(args: argparse.Namespace) -> int:

    from campaign_manager.engine import whatif
    from campaign_manager.engine.spelling import side_code
    from campaign_manager.engine.state import Phase
    from campaign_manager.errors import UserError
    from campaign_manager.store.campaign_file import CampaignFile

    if args.precision < 0 or args.precision >= 50:
        words = _("--precision is in points, from 0 (play them all) to under 50, not {given}")
        raise UserError(words.format(given=f"{args.precision:g}"))
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
    print(_playouts_words(data, state, upto, args))
    for name, interval in data.intervals.items():
        count = data.outcomes.get(name, 0)
        if count or interval.high >= 0.05:
            words = _("{result}: {count} ({share}, 95% between {low} and {high})")
            print(
                "  "
                + words.format(
                    result=name,
                    count=count,
                    share=share(count / data.playouts),
                    low=share(interval.low),
                    high=share(interval.high),
                )
            )
    for side, won in data.wins.items():
        words = _("The {side} win at any level: {count} ({share}, 95% between {low} and {high})")
        print(
            words.format(
                side=sc.side_noun(side),
                count=won.playouts,
                share=share(won.share),
                low=share(won.interval.low),
                high=share(won.interval.high),
            )
        )
    print(margin_words(data))
    changed = [f"{code} {share(part)}" for code, part in data.objectives.items() if part]
    print(_("Objectives that changed hands: {areas}").format(areas=", ".join(changed) or _("none")))
    print(_("Most battles in a turn: {count}").format(count=data.most_battles_in_a_turn))
    for arrow in data.plan.arrows if data.plan else ():
        words = _("Planned arrow {origin} → {target}: fought in {share} of the playouts")
        print(words.format(origin=arrow.origin, target=arrow.target, share=share(arrow.fought)))
    return 0


def _playouts_words(data: WhatIf, state, upto: int, args: argparse.Namespace) -> str:
    """The first line: how many playouts, from where to where, and why they stopped."""
    from campaign_manager.cli.text import phase_words

    if args.to == "end-of-turn":
        to = pgettext("what if: the playouts run from {start} to {to}", "the end of turn {turn}").format(turn=upto)
    else:
        to = pgettext("what if: the playouts run from {start} to {to}", "the end of the campaign")
    if state.turn:
        start = _("turn {turn}, {phase} phase").format(turn=state.turn, phase=phase_words(state.phase))
    else:
        start = pgettext("what if: the playouts run from {start} to {to}", "the start")
    stop = data.stopped if data.stopped in ("precise", "cancelled") else None
    if stop == "precise":
        words = _(
            "{playouts} playouts from {start} to {to} (seed {seed}), stopped once every result was known to "
            "±{precision} points:"
        )
    elif stop == "cancelled":
        words = _("{playouts} playouts from {start} to {to} (seed {seed}), cancelled early:")
    else:
        words = _("{playouts} playouts from {start} to {to} (seed {seed}):")
    precision = f"{(data.precision or 0) * 100:g}"
    return words.format(playouts=data.playouts, start=start, to=to, seed=args.seed, precision=precision)


def margin_words(data: WhatIf) -> str:
    """The VP margin's spread in one line: its middle and the ranges most playouts fall in, beside
    the margins that decide the result."""
    cut = data.percentiles
    thresholds = "/".join(str(t) for t in data.thresholds)
    words = _(
        "VP margin, {means}: median {median}; half the playouts between {q25} and {q75}, nine in ten between "
        "{p5} and {p95} (results change at ±{thresholds}; --json lists every margin)"
    )
    return words.format(
        means=data.margin_means.replace(" VP", ""),
        median=f"{cut[50]:+d}",
        q25=f"{cut[25]:+d}",
        q75=f"{cut[75]:+d}",
        p5=f"{cut[5]:+d}",
        p95=f"{cut[95]:+d}",
        thresholds=thresholds,
    )
