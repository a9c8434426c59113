"""`campaign-manager assist agt ...`: the calculators. The tracker commands (game, cup, port)
are in agt_tracker.py. A die left out is rolled by the app (`--seed` makes it repeatable)."""

from __future__ import annotations

import argparse
from dataclasses import asdict

from campaign_manager.assist.agt.air import anti_aircraft, mission_limits, needs_die
from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import load_charts, printed_only
from campaign_manager.assist.agt.cohesion import TESTS, cohesion_roll
from campaign_manager.assist.agt.combat import Combat, CombatSide, options_in_words, reckon_combat
from campaign_manager.assist.agt.initiative import initiative
from campaign_manager.assist.agt.odds import check_strength, odds_ratio, side_strength
from campaign_manager.assist.agt.reference import reference, topics
from campaign_manager.assist.agt.stacking import check_stack
from campaign_manager.cli.assist import agt_tracker
from campaign_manager.cli.output import emit
from campaign_manager.dice import D10, RandomRoller, roll_or_check
from campaign_manager.i18n import _, ngettext


def int_list(text: str) -> list[int]:
    """ "5,3,2" -> [5, 3, 2], for argparse."""
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("'{text}' is not a list of whole numbers such as 5,3").format(text=text)
        ) from None


def _die(args: argparse.Namespace, value: object, what: str) -> int:
    return roll_or_check(value, D10, RandomRoller(args.seed), what)


def run_odds(args: argparse.Namespace) -> int:
    defender = check_strength(args.defender, _("Rule 8.25: defending strength"))
    if args.defender_isolated:
        defender = side_strength(defender, isolated=True)
    odds = odds_ratio(args.attacker, defender)
    emit(
        {"odds": odds, "attacker": args.attacker, "defender": defender},
        args.json,
        _("{attacker} against {defender}: odds {odds}").format(attacker=args.attacker, defender=defender, odds=odds),
    )
    return 0


def run_aa(args: argparse.Namespace) -> int:
    fire = anti_aircraft(_die(args, args.die, _("Rule 8.75: anti-aircraft die")), args.strength, args.squadrons)
    emit(
        {"neutralised": fire.neutralised, "die": fire.die, "total": fire.total},
        args.json,
        ngettext(
            "Die {die} + strength {strength} = {total}: {n} squadron neutralised (escorting fighters are not affected)",
            "Die {die} + strength {strength} = {total}: {n} "
            "squadrons neutralised (escorting fighters are not affected)",
            fire.neutralised,
        ).format(die=fire.die, strength=fire.strength, total=fire.total, n=fire.neutralised),
    )
    return 0


def run_combat(args: argparse.Namespace) -> int:
    side = {
        who: CombatSide(
            getattr(args, who),
            tuple(getattr(args, f"{who}_unsupported")),
            getattr(args, f"{who}_armour"),
            getattr(args, f"{who}_artillery"),
            getattr(args, f"{who}_air"),
            who == "defender" and args.defender_isolated,
        )
        for who in ("attacker", "defender")
    }
    combat = Combat(
        side["attacker"],
        side["defender"],
        args.aggressive,
        args.stand,
        args.concentric,
        tuple(args.terrain),
        args.weather,
        args.mussolini_to_the_front,
    )
    charts = load_charts()
    reckoning = reckon_combat(combat, charts, _die(args, args.die, _("Rule 8.22: combat die")))
    data = {
        "odds": reckoning.odds,
        "attacker_strength": reckoning.attacker_strength,
        "defender_strength": reckoning.defender_strength,
        "modifiers": [{"name": m.name, "value": m.value, "rule": m.rule} for m in reckoning.modifiers],
        "drm": reckoning.total,
        "to_read": reckoning.to_read,
        "die": reckoning.die,
        "known_adjusted": reckoning.known_adjusted,
        "adjusted": reckoning.adjusted,
        "result": None if reckoning.result is None else asdict(reckoning.result),
        "notes": reckoning.notes,
    }
    lines = [
        _("Strengths {attacker} : {defender}, odds {odds}").format(
            attacker=reckoning.attacker_strength, defender=reckoning.defender_strength, odds=reckoning.odds
        )
    ]
    lines += [
        "  "
        + _("{name} (rule {rule}): {value}").format(
            name=m.name,
            rule=m.rule,
            value=_("on the printed chart, not filled in") if m.value is None else f"{m.value:+d}",
        )
        for m in reckoning.modifiers
    ]
    total = f"{reckoning.total:+d}"
    if reckoning.to_read:
        lines.append(
            _("Known modifiers total {total}; die {die}; adjusted die so far {adjusted}").format(
                total=total, die=reckoning.die, adjusted=reckoning.known_adjusted
            )
        )
        lines.append(
            _("Add the modifiers from the printed charts: {charts}").format(charts="; ".join(reckoning.to_read))
        )
        lines.append(_("Then read the result on the printed Combat Results Table."))
    else:
        lines.append(_("Known modifiers total {total}; die {die}").format(total=total, die=reckoning.die))
    if reckoning.result:
        lines.append(
            _("Adjusted die {adjusted}, {options}: attacker {attacker}, defender {defender}").format(
                adjusted=reckoning.adjusted,
                options=options_in_words(reckoning.result.options),
                attacker=reckoning.result.attacker,
                defender=reckoning.result.defender,
            )
        )
    lines += reckoning.notes
    if not reckoning.result:
        lines.append(printed_only())
    emit(data, args.json, "\n".join(lines))
    return 0


def run_cohesion(args: argparse.Namespace) -> int:
    roll = cohesion_roll(args.test, _die(args, args.die, _("cohesion die")), args.cohesion, args.modifier)
    emit(
        {"passed": roll.passed, "die": roll.die, "outcome": roll.outcome},
        args.json,
        _("Die {die}{modifier} against cohesion {cohesion}: {outcome}").format(
            die=roll.die, modifier=f"{roll.modifier:+d}", cohesion=roll.cohesion, outcome=roll.outcome
        ),
    )
    return 0


def run_initiative(args: argparse.Namespace) -> int:
    italian = greek = None
    if args.turn > 1 and not args.offensive:
        italian = _die(args, args.italian, _("Rule 4.1: Italian initiative die"))
        greek = roll_or_check(
            args.greek,
            D10,
            RandomRoller(None if args.seed is None else args.seed + 1),
            _("Rule 4.1: Greek initiative die"),
        )
    result = initiative(args.scenario, args.turn, italian, greek, args.offensive)
    emit(
        {"winner": result.winner, "italian": result.italian_total, "greek": result.greek_total},
        args.json,
        result.explanation,
    )
    return 0


def run_air_limits(args: argparse.Namespace) -> int:
    die = _die(args, args.die, _("Rule 8.73: air missions die")) if needs_die(args.weather) else None
    limits = mission_limits(args.weather, die)
    text = _("{weather}: Italian missions {italian}, Greek and British {greek}").format(
        weather=args.weather,
        italian=_("no limit") if limits.italian is None else limits.italian,
        greek=_("no limit") if limits.greek is None else limits.greek,
    )
    emit({"italian": limits.italian, "greek": limits.greek, "die": limits.die}, args.json, text)
    return 0


def run_weather(args: argparse.Namespace) -> int:
    from campaign_manager.assist.agt.weather import turn_weather

    found = turn_weather(load_charts(), args.scenario, args.month, args.die, args.first_turn, RandomRoller(args.seed))
    said = _("Weather: {weather} — {why}.").format(weather=found.weather or _("see the printed table"), why=found.why)
    emit(found.to_json(), args.json, said)
    return 0


def run_reference(args: argparse.Namespace) -> int:
    tables = book()
    chosen = [args.topic] if args.topic else list(topics(tables))
    found = [reference(tables, topic, args.scenario) for topic in chosen]
    name = tables.scenarios[args.scenario].name
    emit({"references": [r.to_json() for r in found]}, args.json, "\n\n".join(r.text(name) for r in found))
    return 0


def run_stacking(args: argparse.Namespace) -> int:
    check = check_stack(args.terrain, args.units, args.artillery)
    emit(
        {"allowed": check.allowed, "total": check.total, "limit": check.limit, "faults": check.faults},
        args.json,
        check.verdict(),
    )
    return 0


def _common(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    parser.add_argument("--seed", type=int, help=_("seed for dice the app rolls (repeatable results)"))
    return parser


def register(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="agt_command", metavar="COMMAND", required=True)
    odds = _common(commands.add_parser("odds", help=_("odds ratio of two strengths (rule 8.25)")))
    odds.add_argument("--attacker", type=int, required=True)
    odds.add_argument("--defender", type=int, required=True)
    odds.add_argument("--defender-isolated", action="store_true", help=_("halve the defender (rule 8.27)"))
    odds.set_defaults(run=run_odds)
    aa = _common(commands.add_parser("aa", help=_("anti-aircraft fire (rule 8.75)")))
    aa.add_argument("--die", help=_("the d10 rolled (0-9); left out, the app rolls"))
    aa.add_argument("--strength", type=int, required=True, help=_("combat strength of the units in the hex"))
    aa.add_argument("--squadrons", type=int, help=_("bombers on the mission (caps the result)"))
    aa.set_defaults(run=run_aa)
    _register_combat(commands)
    cohesion = _common(commands.add_parser("cohesion", help=_("cohesion, infiltration or preparedness roll")))
    cohesion.add_argument("--test", choices=TESTS, default="rd")
    cohesion.add_argument("--cohesion", type=int, required=True)
    cohesion.add_argument("--modifier", type=int, default=0, help=_("the result's +/- for an rd roll"))
    cohesion.add_argument("--die")
    cohesion.set_defaults(run=run_cohesion)
    init = _common(commands.add_parser("initiative", help=_("who chooses the initiative (rule 4.1)")))
    init.add_argument("--scenario", choices=tuple(book().scenarios), required=True)
    init.add_argument("--turn", type=int, required=True, help=_("game turn, 1 for the first"))
    init.add_argument("--italian", help=_("Italian die"))
    init.add_argument("--greek", help=_("Greek die (the +2 of the Historical scenario is added)"))
    init.add_argument("--offensive", action="store_true", help=_("Gamers': 'Mussolini to the Front' played"))
    init.set_defaults(run=run_initiative)
    air = _common(commands.add_parser("air-limits", help=_("air missions allowed by the weather (rule 8.73)")))
    air.add_argument("--weather", choices=book().weathers, required=True)
    air.add_argument("--die")
    air.set_defaults(run=run_air_limits)
    weather = _common(commands.add_parser("weather", help=_("the weather at the start of a game turn (rule 4.21)")))
    weather.add_argument("--scenario", choices=("historical", "gamers"), required=True)
    weather.add_argument("--month", required=True, help=_("oct, nov, dec, jan, feb, mar or apr"))
    weather.add_argument("--die", help=_("the d10 rolled (the app rolls it if left out)"))
    weather.add_argument("--first-turn", action="store_true", help=_("the scenario's first turn"))
    weather.set_defaults(run=run_weather)
    stack = _common(commands.add_parser("stacking", help=_("check a stack against rule 6.42")))
    stack.add_argument("--terrain", choices=tuple(book().stacking), required=True)
    stack.add_argument("--units", type=int_list, required=True, help=_("strength of each unit, e.g. 5,3"))
    stack.add_argument("--artillery", type=int, default=0)
    stack.set_defaults(run=run_stacking)
    ref = _common(
        commands.add_parser(
            "reference",
            help=_("victory conditions, reinforcements and refit points, strategic movement, readying squadrons"),
        )
    )
    ref.add_argument("--topic", choices=topics(book()), help=_("one topic (all of them if left out)"))
    ref.add_argument("--scenario", choices=tuple(book().scenarios), required=True)
    ref.set_defaults(run=run_reference)
    agt_tracker.register(commands, _common)


def _register_combat(commands) -> None:
    combat = _common(
        commands.add_parser(
            "combat",
            help=_(
                "odds, every die modifier and the adjusted die; the result once the owner "
                "has filled in the Combat Results Table"
            ),
            description=_(
                "Works out a battle (rules 8.2-8.7): strengths, odds, every die modifier and the "
                "adjusted die. {printed_only} Once they are filled in, it also gives the result."
            ).format(printed_only=printed_only()),
        )
    )
    for who in ("attacker", "defender"):
        strength = (
            _("attacker's strength (not unsupported armour)")
            if who == "attacker"
            else _("defender's strength (not unsupported armour)")
        )
        combat.add_argument(f"--{who}", type=int, required=True, help=strength)
        combat.add_argument(
            f"--{who}-unsupported",
            type=int_list,
            default=[],
            help=_("strength of each armour unit with no infantry, e.g. 4,2"),
        )
        combat.add_argument(f"--{who}-armour", type=int, default=0, help=_("armour points"))
        combat.add_argument(f"--{who}-artillery", type=int, default=0, help=_("artillery units in range"))
        combat.add_argument(f"--{who}-air", type=int, default=0, help=_("ground-support squadrons"))
    combat.add_argument("--defender-isolated", action="store_true")
    combat.add_argument(
        "--aggressive",
        action="store_true",
        help=_("aggressive attack, +1 (rule 8.23); left out, the attack is cautious"),
    )
    combat.add_argument(
        "--stand", action="store_true", help=_("stand defence, -1 (rule 8.24); left out, the defence is flexible")
    )
    combat.add_argument("--concentric", action="store_true")
    combat.add_argument("--terrain", action="append", default=[], help=_("repeat for each terrain feature"))
    combat.add_argument("--weather", choices=book().weathers, default="clear")
    combat.add_argument(
        "--mussolini-to-the-front",
        action="store_true",
        help=_(
            "Gamers' Special Event played this turn: an Italian attack, +1 (until an Italian ground unit is eliminated)"
        ),
    )
    combat.add_argument("--die")
    combat.set_defaults(run=run_combat)
