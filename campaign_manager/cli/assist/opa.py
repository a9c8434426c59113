"""`campaign-manager assist opa ...`: fire, hitcheck, rally, reaction, close-combat, orders.

A die left out is rolled by the app; a die typed in is checked. Every refusal is a UserError,
which the command line prints as one line and exit code 2.
"""

from __future__ import annotations

import argparse

from campaign_manager.assist.opa.combat import CombatSide, close_combat
from campaign_manager.assist.opa.fire import bands_words, fire, hit_check
from campaign_manager.assist.opa.morale import STATES, rally, reaction
from campaign_manager.assist.opa.orders import order_cards
from campaign_manager.assist.opa.tables import shipped_tables
from campaign_manager.cli.output import emit
from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext


def _dice_list(text: str) -> list[str]:
    """'3,5,6' → ['3', '5', '6']; each value is checked against the d6 later, by position."""
    return [part.strip() for part in text.split(",")]


def run_fire(args: argparse.Namespace) -> int:
    result = fire(shipped_tables(), args.target, args.dice, args.stands, args.weapon, args.range)
    emit(result.to_json(), args.json, result.explain())
    return 0


def run_hitcheck(args: argparse.Namespace) -> int:
    result = hit_check(shipped_tables(), args.hits, args.die, args.shaken, args.artillery)
    emit(result.to_json(), args.json, result.explanation)
    return 0


def run_rally(args: argparse.Namespace) -> int:
    result = rally(
        shipped_tables(), args.unit_class, args.die, args.state, hold_card=not args.no_hold, artillery=args.artillery
    )
    emit(result.to_json(), args.json, result.explanation)
    return 0


def run_reaction(args: argparse.Namespace) -> int:
    result = reaction(shipped_tables(), args.unit_class, args.die, args.shaken, args.routed)
    emit(result.to_json(), args.json, result.explanation)
    return 0


def run_close_combat(args: argparse.Namespace) -> int:
    sides = {
        role: CombatSide(
            getattr(args, role),
            getattr(args, f"{role}_die"),
            getattr(args, f"{role}_unformed"),
            getattr(args, f"{role}_terrain"),
            getattr(args, f"{role}_support"),
            getattr(args, f"{role}_figures"),
            shaken=(role == "defender" and args.defender_shaken),
        )
        for role in ("attacker", "defender")
    }
    result = close_combat(
        shipped_tables(),
        sides["attacker"],
        sides["defender"],
        args.fanatic,
        defender_order=args.defender_order,
        attacker_nation=args.attacker_nation,
    )
    lines = []
    for side in (result.attacker, result.defender):
        parts = " ".join(f"{value:+d} ({reason})" for reason, value in side.factors)
        line = (
            _("Attacker: die {die} {factors} = {total}")
            if side.role == "attacker"
            else _("Defender: die {die} {factors} = {total}")
        )
        lines.append(line.format(die=side.die, factors=parts, total=side.total))
    winner = {"tie": _("none (tie)"), "attacker": _("attacker"), "defender": _("defender")}[result.winner]
    lines.append(_("Winner: {winner}").format(winner=winner))
    emit(result.to_json(), args.json, "\n".join(lines + list(result.notes)))
    return 0


def run_move(args: argparse.Namespace) -> int:
    from campaign_manager.assist.opa.movement import movement

    tables = shipped_tables()
    move = movement(tables, args.unit, args.card, args.road, tuple(args.penalty))
    lines = [
        ngettext("{reason}: {bands} band", "{reason}: {bands} bands", abs(value)).format(
            reason=reason, bands=f"{value:+d}"
        )
        for reason, value in move.steps
    ]
    lines.append(
        _("Moves {bands} ({inches} inches).").format(
            bands=bands_words(move.bands), inches=move.bands * tables.band_inches
        )
    )
    emit(move.to_json(tables.band_inches), args.json, "\n".join(lines + list(move.notes)))
    return 0


def run_orders(args: argparse.Namespace) -> int:
    cards = order_cards(shipped_tables(), args.card)
    emit({"cards": [c.json() for c in cards]}, args.json, "\n".join(f"{c.card}: {c.effect}" for c in cards))
    return 0


def _names(part: str) -> str:
    """Names from the table file for the help text. Parsers are built outside the CLI's error
    handling, so a broken file must not fail here: the command itself then reports it."""
    try:
        return "|".join(getattr(shipped_tables(), part))
    except UserError:
        return "NAME"


def _add(commands, name: str, help_text: str, run) -> argparse.ArgumentParser:
    parser = commands.add_parser(name, help=help_text, description=help_text)
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    parser.set_defaults(run=run)
    return parser


def _add_combat(commands) -> None:
    combat = _add(
        commands, "close-combat", _("total both sides of a close combat and name the winner"), run_close_combat
    )
    for role in ("attacker", "defender"):
        combat.add_argument(
            f"--{role}",
            required=True,
            metavar=_names("troops"),
            help=_("the attacker's line of the factor table")
            if role == "attacker"
            else _("the defender's line of the factor table"),
        )
        combat.add_argument(f"--{role}-die", help=_("its d6 (rolled if left out)"))
        combat.add_argument(f"--{role}-unformed", action="store_true", help=_("it is unformed"))
        combat.add_argument(f"--{role}-terrain", type=int, default=0, metavar="0-2", help=_("its terrain advantage"))
        combat.add_argument(f"--{role}-support", type=int, default=0, metavar="N", help=_("supporting units"))
        combat.add_argument(
            f"--{role}-figures", type=int, metavar="N", help=_("figures, for outnumbering and odds (give both sides)")
        )
    combat.add_argument("--defender-shaken", action="store_true", help=_("the defender is shaken: half strength"))
    combat.add_argument("--fanatic", action="store_true", help=_("Turkish fanatic attack on a SKIRMISH card"))
    combat.add_argument(
        "--defender-order",
        choices=("defend", "attack"),
        default="defend",
        help=_("attack: the defender played its ATTACK card and fights with its attack factor"),
    )
    combat.add_argument(
        "--attacker-nation",
        choices=("turkish", "greek"),
        help=_("whose the attacking troops are, for a line of any nation (cavalry)"),
    )


def register(parser: argparse.ArgumentParser) -> None:
    """Fill the `assist opa` parser with its subcommands."""
    commands = parser.add_subparsers(dest="opa_command", metavar="COMMAND", required=True)

    shoot = _add(commands, "fire", _("count the hits of one unit's fire"), run_fire)
    shoot.add_argument("--target", required=True, metavar=_names("targets"), help=_("what the target is doing"))
    shoot.add_argument(
        "--dice", type=_dice_list, metavar="D,D,..", help=_("the dice thrown (rolled for --stands if left out)")
    )
    shoot.add_argument("--stands", type=int, metavar="N", help=_("firing stands"))
    shoot.add_argument("--weapon", metavar=_names("weapons"), help=_("musket or battery"))
    shoot.add_argument("--range", type=int, metavar="BANDS", help=_("range in bands"))

    check = _add(commands, "hitcheck", _("check a unit hit by fire"), run_hitcheck)
    check.add_argument("--hits", type=int, required=True, help=_("total hits suffered"))
    check.add_argument("--die", help=_("the check die (rolled if left out)"))
    check.add_argument("--shaken", action="store_true", help=_("the unit was already shaken"))
    check.add_argument("--artillery", action="store_true", help=_("the unit is a battery"))

    recover = _add(commands, "rally", _("roll to rally a shaken or routed unit"), run_rally)
    recover.add_argument("--class", dest="unit_class", required=True, metavar="A..E")
    recover.add_argument("--die", help=_("the rally die (rolled if left out)"))
    recover.add_argument("--state", choices=STATES, default="shaken")
    recover.add_argument(
        "--no-hold", action="store_true", help=_("no HOLD card was played (only batteries may then rally)")
    )
    recover.add_argument("--artillery", action="store_true", help=_("a silenced battery"))

    react = _add(commands, "reaction", _("roll a defender's reaction"), run_reaction)
    react.add_argument("--class", dest="unit_class", required=True, metavar="A..E")
    react.add_argument("--die", help=_("the reaction die (rolled if left out)"))
    react.add_argument("--shaken", action="store_true", help=_("the unit is shaken (-1)"))
    react.add_argument("--routed", action="store_true", help=_("the unit is routed"))

    _add_combat(commands)
    tables = shipped_tables()
    move = _add(commands, "move", _("how many bands a unit moves on its order card"), run_move)
    move.add_argument("--unit", required=True, choices=list(tables.move_rates))
    move.add_argument("--card", required=True, type=str.upper, choices=["MARCH", "ATTACK"])
    move.add_argument("--road", action="store_true", help=_("in road column, on a road"))
    move.add_argument(
        "--penalty",
        action="append",
        default=[],
        choices=list(tables.penalties),
        help=_("a penalty taken this move (repeat for several)"),
    )

    cards = _add(commands, "orders", _("what each order card allows"), run_orders)
    cards.add_argument("--card", help=_("one card (MARCH, ATTACK, HOLD, ...)"))
