"""`campaign-manager assist gcw tracker ...`: the Political Index tracker in a game file."""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path
from typing import Any

from campaign_manager import bounds
from campaign_manager.assist.gcw.game_file import TrackerGame
from campaign_manager.assist.gcw.tracker import REDUCERS
from campaign_manager.assist.gcw.tracker_summary import TrackerSummary, summary_json
from campaign_manager.assist.results import results_json, shown_lines
from campaign_manager.cli.output import emit
from campaign_manager.dice import RandomRoller
from campaign_manager.errors import UserError
from campaign_manager.i18n import _

DOCS = "docs/assist.md, 'The Greek Civil War' > 'Tracker actions'"


class RawTranslatedHelp(argparse.RawDescriptionHelpFormatter):
    """The description as written (its lines kept), argparse's own words in the user's language
    as everywhere else on the command line (cli.TranslatedHelp)."""

    def add_usage(self, usage, actions, groups, prefix=None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


def register(commands: Any) -> None:
    tracker = commands.add_parser("tracker", help=_("the Political Index tracker, kept in a game file"))
    steps = tracker.add_subparsers(dest="tracker_command", metavar="STEP", required=True)
    new = steps.add_parser("new", help=_("start a tracker in a new file"))
    new.add_argument("file", type=Path)
    new.add_argument("--tito-stalin", action="store_true", help=_("play optional rule 17.1"))
    new.add_argument("--end-after-turn", type=int, help=_("agreed last turn: 5, 10, 15, 20, 25 or 30"))
    new.add_argument("--json", action="store_true")
    new.set_defaults(run=run_new)

    record = steps.add_parser(
        "apply",
        help=_("record one action (a JSON file, '-' for stdin, or JSON text)"),
        formatter_class=RawTranslatedHelp,
        description=_(
            "Record one action in the tracker file. The action is a JSON object with a\n"
            '"type"; dice left out are rolled by the app and written into the file.'
        )
        + "\n"
        + textwrap.fill(_("Types: {types}.").format(types=", ".join(REDUCERS)), 78),
        epilog=_("Every action type, its fields and a JSON example:\n  {docs}\nExample:\n  {example}").format(
            docs=DOCS,
            example="campaign-manager assist gcw tracker apply game.gcw "
            """'{"type": "adjust", "side": "dse", "amount": 3}'""",
        ),
    )
    record.add_argument("file", type=Path)
    record.add_argument("action", help=_("ACTION.json, '-' or '{{\"type\": ...}}'").format())
    record.add_argument("--seed", type=int, help=_("seed for the dice the app rolls"))
    record.add_argument("--json", action="store_true")
    record.set_defaults(run=run_apply)

    for step, helptext, run in (
        ("show", _("show the tracker"), run_show),
        ("undo", _("take back the last action"), run_undo),
        ("redo", _("put back the action undone last"), run_redo),
    ):
        parser = steps.add_parser(step, help=helptext)
        parser.add_argument("file", type=Path)
        parser.add_argument("--json", action="store_true")
        parser.set_defaults(run=run)


def _text(path: Path, summary: TrackerSummary) -> str:
    doctrine = summary.doctrine or _("not set")
    limit = summary.mobilization_limit or "-"
    lines = [
        _("{path} — turn {turn}").format(path=path, turn=summary.turn),
        f"Government {summary.government_pi}   DSE {summary.dse_pi}",
        (
            _("Doctrine: {doctrine}; limit {limit} PP; American Aid active")
            if summary.american_aid
            else _("Doctrine: {doctrine}; limit {limit} PP; American Aid not yet")
        ).format(doctrine=doctrine, limit=limit),
        _("Terror: {terror}; resettled: {resettled}").format(
            terror=", ".join(summary.terror_regions) or _("none"),
            resettled=", ".join(summary.resettled_regions) or _("none"),
        ),
        summary.standing.words,
        summary.initiative.words,
    ]
    if summary.game_over:
        lines.append(_("GAME OVER: {reason}").format(reason=summary.game_over.reason))
    lines += ["", *summary.history[-10:]]
    return "\n".join(lines)


def _show(game: TrackerGame, as_json: bool, extra: dict[str, Any] | None = None) -> int:
    summary = game.summary()
    results = game.state.results
    data = {"file": str(game.path), **summary_json(summary), "results": results_json(results), **(extra or {})}
    emit(data, as_json, "\n".join([_text(game.path, summary), *shown_lines(results)]))
    return 0


def run_new(args: argparse.Namespace) -> int:
    setup = {"tito_stalin": args.tito_stalin, "victory_check_turn": args.end_after_turn}
    game = TrackerGame.new(args.file, setup)
    try:
        return _show(game, args.json)
    finally:
        game.close()


def _read_action(text: str) -> dict[str, Any]:
    """The action given inline (`{...}`), in a file, or on standard input (`-`), read within the
    limits of a file of actions (a FIFO, a device or a folder refused at once: bounds.py)."""
    if text.lstrip().startswith("{"):
        source = text
    else:
        name = _("standard input") if text == "-" else text
        raw = bounds.read_bounded(text, bounds.MAX_ACTIONS_FILE, _("an action"), UserError)
        source = bounds.decode(raw, name, _("an action"), UserError)
    try:
        action = json.loads(source)
    except ValueError as exc:  # not JSON, or a number too long for Python to read
        raise UserError(_("the action is not valid JSON ({reason})").format(reason=exc)) from None
    except RecursionError:
        raise UserError(_("the action is nested more than {depth} deep").format(depth=bounds.MAX_DEPTH)) from None
    if not isinstance(action, dict):
        raise UserError(_("the action must be a JSON object with a 'type'"))
    return action


def run_apply(args: argparse.Namespace) -> int:
    action = _read_action(args.action)
    game = TrackerGame.open(args.file, roller=RandomRoller(args.seed))
    try:
        recorded = game.record(action)
        return _show(game, args.json, {"recorded": recorded})
    finally:
        game.close()


def run_show(args: argparse.Namespace) -> int:
    game = TrackerGame.open(args.file)
    try:
        return _show(game, args.json)
    finally:
        game.close()


def _step(args: argparse.Namespace, undo: bool) -> int:
    game = TrackerGame.open(args.file)
    try:
        moved = game.undo() if undo else game.redo()
        if moved is None:
            refusal = _("{file}: nothing to undo") if undo else _("{file}: nothing to redo")
            raise UserError(refusal.format(file=args.file))
        return _show(game, args.json, {"undone" if undo else "redone": moved})
    finally:
        game.close()


def run_undo(args: argparse.Namespace) -> int:
    return _step(args, undo=True)


def run_redo(args: argparse.Namespace) -> int:
    return _step(args, undo=False)
