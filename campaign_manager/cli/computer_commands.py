"""`campaign-manager computer`: in a General's Wargame, the computer general makes its moves
(engine/computer_moves.py) until a person must decide or the campaign ends, each recorded with
the history's words and its reason; then it says what the person decides next and how. A
person's part in a battle is given with `--reply`, in the battle action's own words (docs/actions.md)."""

from __future__ import annotations

import argparse
import json

from campaign_manager.cli.campaign_commands import CAMPAIGN_HELP, _tell_backups, load_campaigns
from campaign_manager.i18n import _

BOTH = "both"
ATTACK_FIELDS = ("from", "to", "attacker", "advance")
DEFENCE_FIELDS = ("defender", "retreat_to")


def register(commands) -> None:
    computer = commands.add_parser(
        "computer",
        help=_("in a General's Wargame, the computer makes its moves until a person must decide (saying why)"),
        description=_(
            "The computer general makes its moves in a General's Wargame (made with new --wargame), "
            "each recorded with its reason, until a person must decide or the campaign ends; then it says what "
            "is to be decided and how: a placement or a redeployment with `apply`, your part in a battle with --reply."
        ),
    )
    computer.add_argument("file", help=_(CAMPAIGN_HELP))
    computer.add_argument(
        "--side",
        metavar="SIDE",
        help=_(
            "the side the computer plays this time: axis, allied or both (default: the side the campaign was made "
            "with, new --computer); with both, it plays the rest of the campaign by itself"
        ),
    )
    computer.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=_("seed for the app's dice: the same seed from the same campaign, the same game (default: unpredictable)"),
    )
    how = computer.add_mutually_exclusive_group()
    how.add_argument(
        "--careful",
        dest="how",
        action="store_const",
        const="careful",
        help=_(
            "the computer plays each battle's best few choices, and each advance's, out a few times and keeps "
            "the best (slower)"
        ),
    )
    how.add_argument(
        "--quick",
        dest="how",
        action="store_const",
        const="quick",
        help=_("the computer chooses by its rules of thumb alone (the default)"),
    )
    computer.add_argument(
        "--redeployed",
        action="store_true",
        help=_("your side has finished redeploying this turn: the computer goes on past it"),
    )
    computer.add_argument(
        "--reply",
        metavar="JSON",
        help=_(
            'your side\'s part in the battle asked: attacking, {"from": .., "to": .., "attacker": {"troops": [..], '
            '"sortie": ..}, "advance": [..]} or none (no more battles this turn); defending, {"defender": {"troops": '
            '[..]}, "retreat_to": ..}'
        ),
    )
    computer.add_argument(
        "--json",
        action="store_true",
        help=_("as JSON: the moves made with their reasons, and the next decision (docs/computer.schema.json)"),
    )
    computer.set_defaults(run=cmd_computer, load=load_campaigns)


def cmd_computer(args: argparse.Namespace) -> int:
    import secrets

    from campaign_manager.engine.computer_moves import computer_driver, play_on
    from campaign_manager.errors import UserError
    from campaign_manager.store.campaign_file import CampaignFile

    with CampaignFile.open(args.file) as campaign:
        sc, st = campaign.scenario, campaign.state
        if not campaign.dice_only:
            words = _(
                "{file} is fought at the tabletop: the computer plays only a General's Wargame "
                "(made with new --wargame)"
            )
            raise UserError(words.format(file=args.file))
        sides = _sides(campaign, args.side)
        if campaign.kept_entry() is not None:
            raise UserError(
                _("a battle being entered is kept with this campaign: record or discard it in the window first")
            )
        seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
        how = args.how or "quick"
        orders = None if args.reply is None else _orders(sc, st, computer_driver(sc, sides, seed, how), args)
        moves = play_on(computer_driver(sc, sides, seed, how), st, orders, args.redeployed)
        first = len(campaign.records) + 1
        if moves.done:
            campaign.apply([applied.action for applied in moves.done])
        _say(sc, campaign.state, moves, first, args.file, args.json)
        _tell_backups(campaign)
    return 0


def _sides(campaign, asked: str | None) -> tuple[str, ...]:
    """The sides the computer plays this time."""
    from campaign_manager.engine.spelling import side_code
    from campaign_manager.errors import UserError

    sc = campaign.scenario
    if asked is None:
        if campaign.computer_side is None:
            words = _(
                "this General's Wargame is between two people: give --side {sides} or both for the computer to play"
            )
            raise UserError(words.format(sides=", ".join(sc.sides)))
        return (campaign.computer_side,)
    if asked.strip().casefold() == BOTH:
        return tuple(sc.sides)
    side = side_code(sc, asked)
    if side not in sc.sides:
        raise UserError(
            _("--side: no side '{side}' (sides: {sides}, or both)").format(side=asked, sides=", ".join(sc.sides))
        )
    return (side,)


def _orders(sc, st, driver, args: argparse.Namespace):
    """The person's reply to the battle question put to their side now, read and checked before any
    die is thrown."""
    from campaign_manager.engine.driver import ChooseAttack, CommitDefence
    from campaign_manager.errors import UserError

    question = driver.step(st, args.redeployed)
    if not isinstance(question, ChooseAttack | CommitDefence) or driver.seated(question.side):
        words = _(
            "--reply answers the battle question put to a person's side, and none is asked now: run "
            "'computer {file}' without it to see what comes next"
        )
        raise UserError(words.format(file=args.file))
    try:
        given = json.loads(args.reply) if args.reply.strip().casefold() != "none" else None
    except ValueError as exc:
        raise UserError(_("--reply is not JSON ({problem}): see computer --help").format(problem=exc)) from None
    if isinstance(question, ChooseAttack):
        return _attack_orders(sc, question, given)
    return _defence_orders(sc, st, question, given)


def _attack_orders(sc, question, given):
    from campaign_manager.engine.computer_moves import Orders
    from campaign_manager.engine.lookup import side_name
    from campaign_manager.errors import UserError

    if given is None:
        if question.required:
            words = _("the turn's battles are not all fought: the {side} must place an arrow")
            raise UserError(words.format(side=side_name(sc, question.side)))
        return Orders(None)
    battle = _battle(sc, given, ATTACK_FIELDS, {})
    if battle.attacker is None:
        raise UserError(_('--reply: name the troops that attack: "attacker": {"troops": [..]}'))
    return Orders((battle.origin, battle.target, battle.attacker), advance=battle.advance)


def _defence_orders(sc, st, question, given):
    from campaign_manager.engine.computer_moves import Orders, retreat_choice
    from campaign_manager.engine.state import Commitment
    from campaign_manager.errors import UserError

    if given is None:
        raise UserError(_('--reply: a defence is given as {"defender": {"troops": [..]}} (no troops: [])'))
    battle = _battle(sc, given, DEFENCE_FIELDS, {"from": question.origin, "to": question.target})
    choice = retreat_choice(sc, st, question)
    if choice and battle.retreat_to is None:
        where = "; ".join(
            _("{troop}: {areas}").format(troop=troop, areas=_(" or ").join(areas)) for troop, areas in choice.items()
        )
        words = _(
            '--reply: say where your troops retreat if defeated, before the dice: "retreat_to": an area, or a map '
            "of troop to area ({choices})"
        )
        raise UserError(words.format(choices=where))
    return Orders(battle.defender or Commitment(), retreat=battle.retreat_to)


def _battle(sc, given, fields: tuple[str, ...], arrow: dict):
    """The reply read as a battle action's fields (friendly spellings allowed, every fault named)."""
    from campaign_manager.engine.action_reading import parse_action
    from campaign_manager.engine.actions import Battle
    from campaign_manager.engine.spelling import canonical
    from campaign_manager.errors import UserError

    if not isinstance(given, dict):
        raise UserError(
            _("--reply is a JSON object with {fields} (see computer --help)").format(fields=", ".join(fields))
        )
    stray = sorted(set(given) - set(fields))
    if stray:
        words = _("--reply gives only your side's part ({fields}), not {stray}")
        raise UserError(words.format(fields=", ".join(fields), stray=", ".join(stray)))
    battle = parse_action(canonical(sc, {"type": "battle", **arrow, **given}))
    assert isinstance(battle, Battle)
    return battle


def _say(sc, st, moves, first: int, where: str, as_json: bool = False) -> None:
    """What the computer did, in the history's words, then what a person decides next (as JSON:
    engine/computer_answer.py)."""
    from campaign_manager.cli import computer_questions
    from campaign_manager.cli.output import emit

    if as_json:
        from campaign_manager.engine.computer_answer import computer_answer

        words = computer_questions.words(sc, st, moves.question, where)
        emit(computer_answer(sc, st, moves, first, words).model_dump(mode="json"), True)
        return
    lines = []
    for number, applied in enumerate(moves.done, start=first):
        lines.append(_("log entry {number} ({kind}):").format(number=number, kind=applied.action.type))
        lines.extend(f"   {event}" for event in applied.events)
    if not moves.done:
        lines.append(_("The computer has no move to make now."))
    lines += moves.chosen_for_them
    lines.append(computer_questions.words(sc, st, moves.question, where))
    emit(None, False, "\n".join(lines))
