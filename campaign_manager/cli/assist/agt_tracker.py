"""`campaign-manager assist agt game|cup|port ...`: the tracker kept in an assist-game file."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from campaign_manager.assist.agt import cup, ports, weather
from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import load_charts
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.history import describe, specials_line, weather_line
from campaign_manager.assist.results import is_result, record_title, results_json, shown_lines
from campaign_manager.cli.output import emit
from campaign_manager.dice import RandomRoller
from campaign_manager.errors import UserError
from campaign_manager.i18n import _


def _names(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def state_data(game: AgtGame) -> dict[str, Any]:
    """The tracker as JSON: cup, this turn's draws, ports and the history in words."""
    state = game.state
    return {
        "scenario": game.scenario,
        "turn": state.turn,
        "month": state.month,
        "cup": state.cup,
        "drawn": state.drawn,
        "removed": state.removed,
        "ports": state.ports,
        "port_used": {name: state.used(name) for name in state.ports},
        "port_left": {name: state.left(name) for name in state.ports},
        "weather": state.weather,
        "weather_now": state.weather_now,
        "port_building_open": state.port_building_open,
        "port_bonus_left": state.port_bonus_left,
        "chits_drawn": state.chits_drawn,
        "chits_played": state.chits_played,
        "chits_this_turn": state.played_this_turn,
        "port_chit_open": ports.port_chit_open(state),
        "history": [describe(entry, game.tables, game.scenario) for entry in state.history],
        "results": results_json(state.results),
    }


def _show(game: AgtGame, args: argparse.Namespace, headline: str | None = None) -> int:
    state, tables = game.state, game.tables
    lines = [headline] if headline else []
    lines += [
        _("{scenario}, turn {turn} ({month})").format(
            scenario=tables.scenarios[game.scenario].name, turn=state.turn, month=tables.month_names[state.month]
        ),
        _("In the cup ({n}): {cup}").format(n=len(state.cup), cup=", ".join(state.cup) or _("empty")),
        _("Ports: {ports}").format(ports=", ".join(f"{name} {value}" for name, value in state.ports.items())),
    ]
    if state_weather := weather_line(state):
        lines.append(state_weather)
    if chits := specials_line(state, tables):
        lines.append(chits)
    used = [
        _("{port} {used} of {capacity} ({left} left)").format(
            port=name, used=state.used(name), capacity=capacity, left=state.left(name)
        )
        for name, capacity in state.ports.items()
        if state.used(name)
    ]
    if used:
        lines.append(_("Capacity used this turn: {ports}").format(ports=", ".join(used)))
    lines += shown_lines(state.results)
    emit(state_data(game), args.json, "\n".join(lines))
    return 0


def _with_game(work: Callable[[AgtGame, argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        game = AgtGame.open(Path(args.file))
        try:
            return work(game, args)
        finally:
            game.close()

    return run


def run_new(args: argparse.Namespace) -> int:
    game = AgtGame.create(Path(args.file), args.scenario)
    try:
        return _show(game, args, _("Created {file}").format(file=args.file))
    finally:
        game.close()


def _act(game: AgtGame, args: argparse.Namespace, action: dict[str, Any]) -> int:
    game.record(action)
    return _show(game, args, describe(game.state.history[-1], game.tables, game.scenario))


def _named(action: dict[str, Any]) -> str:
    """An action undone or redone in a few words: a result by its tool, another by its kind."""
    return record_title(action) if is_result(action) else str(action["type"])


def run_undo(game: AgtGame, args: argparse.Namespace) -> int:
    action = game.undo()
    return _show(
        game, args, _("Nothing to undo") if action is None else _("Undone: {action}").format(action=_named(action))
    )


def run_redo(game: AgtGame, args: argparse.Namespace) -> int:
    action = game.redo()
    return _show(
        game, args, _("Nothing to redo") if action is None else _("Redone: {action}").format(action=_named(action))
    )


def run_turn(game: AgtGame, args: argparse.Namespace) -> int:
    action = cup.start_turn(
        game.state, load_charts(), args.month, _names(args.italian), _names(args.greek), args.first, args.play
    )
    return _act(game, args, action)


def run_draw(game: AgtGame, args: argparse.Namespace) -> int:
    removed = _names(args.remove) if args.remove is not None else None
    action = cup.draw(
        game.state, load_charts(), RandomRoller(args.seed), args.marker, args.event_die, args.weather_die, removed
    )
    return _act(game, args, action)


def run_remove(game: AgtGame, args: argparse.Namespace) -> int:
    markers = _names(args.markers) if args.markers is not None else None
    action = cup.remove_greek(game.state, args.count, RandomRoller(args.seed), args.reason, markers)
    return _act(game, args, action)


def _port_runner(why: str, option: str | None) -> Callable[[AgtGame, argparse.Namespace], int]:
    def run(game: AgtGame, args: argparse.Namespace) -> int:
        amount = getattr(args, option) if option else None
        action = ports.change_port(game.state, load_charts(), args.port, why, amount)
        return _act(game, args, action)

    return run


def run_weather(game: AgtGame, args: argparse.Namespace) -> int:
    action = weather.record_turn_weather(game.state, load_charts(), args.die, RandomRoller(args.seed), args.read)
    return _act(game, args, action)


USE_OPTIONS = {"refit": "refits", "air": "squadrons"}  # the others take --points


def run_use(game: AgtGame, args: argparse.Namespace) -> int:
    given = USE_OPTIONS.get(args.use, "points")
    wrong = [option for option in ("points", "refits", "squadrons") if option != given and getattr(args, option)]
    if wrong or getattr(args, given) is None:
        rule, _words = ports.USES[args.use]
        if wrong:
            refusal = _("Rule {rule}: give --{given} for {use}, not --{wrong}")
        else:
            refusal = _("Rule {rule}: give --{given} for {use}")
        raise UserError(refusal.format(rule=rule, given=given, use=args.use, wrong=wrong[0] if wrong else ""))
    action = ports.use_port(game.state, load_charts(), args.port, args.use, getattr(args, given))
    return _act(game, args, action)


def register(commands, common: Callable[[argparse.ArgumentParser], argparse.ArgumentParser]) -> None:
    def sub(group, name: str, help_text: str, run) -> argparse.ArgumentParser:
        parser = common(group.add_parser(name, help=help_text))
        parser.add_argument("file", help=_("the assist-game file (.agt)"))
        parser.set_defaults(run=run)
        return parser

    game = commands.add_parser("game", help=_("create, show, undo and redo an assist-game file; the turn's weather"))
    games = game.add_subparsers(dest="agt_game", metavar="ACTION", required=True)
    new = sub(games, "new", _("start a new assist-game file"), run_new)
    new.add_argument("--scenario", choices=tuple(book().scenarios), required=True)
    sub(games, "show", _("the cup, the ports and the history"), _with_game(lambda g, a: _show(g, a)))
    turn_weather = sub(
        games, "weather", _("the weather at the start of this turn (rule 4.21)"), _with_game(run_weather)
    )
    turn_weather.add_argument("--die", help=_("the d10 rolled (the app rolls it if left out)"))
    turn_weather.add_argument(
        "--read",
        choices=book().weathers,
        help=_("the weather read on the printed Weather Table, while the owner's copy lacks that line"),
    )
    sub(games, "undo", _("take back the last action"), _with_game(run_undo))
    sub(games, "redo", _("put back the action undone last"), _with_game(run_redo))

    cups = commands.add_parser("cup", help=_("the activation cup")).add_subparsers(
        dest="agt_cup", metavar="ACTION", required=True
    )
    turn = sub(cups, "turn", _("fill the cup for a new turn"), _with_game(run_turn))
    turn.add_argument("--month", choices=book().months, required=True)
    turn.add_argument("--italian", default="", help=_("Italian commands this turn, e.g. XXV,XXVI"))
    turn.add_argument("--greek", default="", help=_("Greek and British commands this turn, e.g. A,B,C"))
    turn.add_argument("--first", help=_("command the initiative player starts the turn with"))
    turn.add_argument(
        "--play",
        action="append",
        default=[],
        choices=tuple(book().special_events),
        help=_("a Gamers' Special Event chit played as the turn starts (repeat for two)"),
    )
    draw = sub(cups, "draw", _("draw a marker (at random, or name the one drawn)"), _with_game(run_draw))
    draw.add_argument("--marker", help=_("the marker drawn from a real cup, e.g. 'Greek B #1'"))
    draw.add_argument("--event-die", help=_("Random Events die, if a Mussolini marker comes out"))
    draw.add_argument("--weather-die", help=_("weather die, when the event roll is odd"))
    draw.add_argument("--remove", help=_("Greek markers an event took out of a real cup, comma separated"))
    remove = sub(cups, "remove", _("take Greek markers out of the cup"), _with_game(run_remove))
    remove.add_argument("--count", type=int, required=True)
    remove.add_argument("--markers", help=_("the markers taken out of a real cup, comma separated"))
    remove.add_argument("--reason", default="Greek Disloyalty")

    port_group = commands.add_parser("port", help=_("Italian port capacities")).add_subparsers(
        dest="agt_port", metavar="ACTION", required=True
    )
    for name, why, option, help_text in (
        ("bomb", "bombed", "bombers", _("bombers cut the capacity (2 each)")),
        ("build", "built", "points", _("capacity points spent to build it up (from Dec 1940)")),
        ("wreck", "destroyed", "mp", _("a Greek unit spends movement points wrecking it")),
        ("bonus", "bonus", "points", _("free points from the Gamers' random event")),
        ("special", "special", None, _("the Increased Italian Port Capacity chit: 5 points to one port, once a turn")),
    ):
        parser = sub(port_group, name, help_text, _with_game(_port_runner(why, option)))
        parser.add_argument("--port", required=True)
        if option:
            parser.add_argument(f"--{option}", type=int, required=True)
    use = sub(
        port_group, "use", _("capacity points a port passes this turn (rules 6.81, 6.83, 9.11)"), _with_game(run_use)
    )
    use.add_argument("--port", required=True)
    use.add_argument(
        "--for",
        dest="use",
        choices=tuple(ports.USES),
        required=True,
        help=_(
            "landing units, full activation, refit (2 points each) or air (readying squadrons based "
            "in Albania or Greece, 1 point per 2); building up is counted by 'port build'"
        ),
    )
    use.add_argument("--points", type=int, help=_("capacity points used (landing, activation)"))
    use.add_argument("--refits", type=int, help=_("refit actions (2 capacity points each)"))
    use.add_argument("--squadrons", type=int, help=_("squadrons readied (1 capacity point per 2)"))
