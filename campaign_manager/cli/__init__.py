"""The `campaign-manager` command line. With no arguments it opens the app window; with a FILE
(what a desktop file's `%f` or a double-click sends) it opens the window on that file.

Every failure the user can cause ends with a one-line message on stderr and exit code 2.
Modules are imported per command so that non-GUI commands never load Qt or reportlab. A command
whose work needs heavy modules (reportlab, SQLAlchemy, the engine) names a `load` step that
imports them before start-up is declared over (startup.py), so that they are loaded with the
garbage collector off and then frozen, not walked by every collection the command makes and again
when the program ends.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from campaign_manager import i18n, startup
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext

# argparse's own refusals, in the words argparse writes them (its gettext domain has no
# catalogues): they are ours to translate, so argparse looks them up through our catalogue.
ARGPARSE_MESSAGES = frozenset(
    (
        N_("argument %(argument_name)s: %(message)s"),
        N_("the following arguments are required: %s"),
        N_("one of the arguments %s is required"),
        N_("unrecognized arguments: %s"),
        N_("not allowed with argument %s"),
        N_("ignored explicit argument %r"),
        N_("expected one argument"),
        N_("expected at most one argument"),
        N_("expected at least one argument"),
        N_("ambiguous option: %(option)s could match %(matches)s"),
        N_("unexpected option string: %s"),
        N_("invalid %(type)s value: %(value)r"),
        N_("invalid choice: %(value)r (choose from %(choices)s)"),
        N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
        N_("can't open '%(filename)s': %(error)s"),
    )
)


def _argparse_gettext(message: str) -> str:
    """argparse's refusal `message` in the user's language (its other words as argparse has them)."""
    return _(message) if message in ARGPARSE_MESSAGES else message


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    if (singular, plural) == ("expected %s argument", "expected %s arguments"):
        return ngettext("expected %s argument", "expected %s arguments", n)
    return singular if n == 1 else plural


# argparse looks its words up at each use
argparse._ = _argparse_gettext  # type: ignore[attr-defined]
argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]

PROG = "campaign-manager"
# The commands each module registers (in the order --help lists them).
COMMANDS = {
    "campaign_commands": ("new", "show", "apply", "undo", "redo", "discard-entry", "log", "requirements"),
    "scenario_commands": ("scenario",),
    "report_commands": ("report",),
    "publish_commands": ("publish",),
    "storage_commands": ("export", "import", "backups", "backup", "push", "pending", "pull"),
    "server_commands": ("server",),
    "wargame_commands": ("wargame", "odds", "whatif"),
    "computer_commands": ("computer",),
    "league_commands": ("league", "commanders"),
}


class _Version(argparse.Action):
    """--version: the installed package's version, looked up only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from campaign_manager import __version__

        print(f"{PROG} {__version__}")
        parser.exit()


class TranslatedHelp(argparse.HelpFormatter):
    """argparse's help with its own words ("usage:") in the user's language."""

    def add_usage(self, usage, actions, groups, prefix=None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class OneLineParser(argparse.ArgumentParser):
    """A parser whose refusals are one line, like every other refusal of the command line: what
    was wrong and where the usage is to be read, not the whole usage block. Its subcommands'
    parsers are of this class too (argparse makes them of their parent's class).

    Its help is in the user's language: argparse's own headings and -h's help are ours to
    translate (argparse's gettext domain has no catalogues), so they are set here."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", TranslatedHelp)
        add_help = kwargs.get("add_help", True)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))

    def error(self, message: str):
        from campaign_manager.cli.output import printable

        words = _("{prog}: {message} (see {prog} --help)").format(prog=self.prog, message=printable(message))
        self.exit(2, words + "\n")


def build_parser(argv: list[str], open_window: Callable[..., int]) -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description=_(
            "Run Firestorm: Greece campaigns and assist tools for Greek wargames. "
            "With no command, the app window opens."
        ),
    )
    parser.add_argument("--version", action=_Version, help=_("say which version this is and exit"))
    from campaign_manager.cli.desktop_commands import register as register_desktop

    register_desktop(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    window = commands.add_parser("open", help=_("open the app window (on FILE, or the last campaign used)"))
    window.add_argument("file", nargs="?", help=_("a campaign file, or a shared campaign's address"))
    window.add_argument(
        "--screenshot", metavar="PNG", help=_("render the window at 1280x800 (no screen needed) to PNG and exit")
    )
    window.add_argument(
        "--print-to",
        metavar="PDF",
        help=_("print a document as File ▸ Print does, on Qt's PDF printer (the file PDF, no screen needed), and exit"),
    )
    from campaign_manager.reports.kinds import Paper, ReportKind

    window.add_argument(
        "--kind", choices=[kind.value for kind in ReportKind], default=ReportKind.TURN, help=_("what --print-to prints")
    )
    window.add_argument(
        "--paper", choices=[paper.value for paper in Paper], default=Paper.A4, help=_("the paper --print-to prints on")
    )
    window.set_defaults(run=lambda args: _open(args, open_window))
    import importlib

    asked = argv[0] if argv else None
    known = command_names()
    for module, names in COMMANDS.items():
        # Only the module of the command asked for loads (all of them for help or a typo).
        if asked in names or asked not in known:
            importlib.import_module(f"campaign_manager.cli.{module}").register(commands)
    assist = commands.add_parser("assist", help=_("calculators and trackers for other Greek wargames"))
    games = assist.add_subparsers(dest="game", metavar="GAME", required=True)
    if argv[:1] == ["assist"]:
        from campaign_manager.cli.assist import register as register_assist

        register_assist(games, argv[1] if len(argv) > 1 else None)
    return parser


def command_names() -> set[str]:
    return {name for names in COMMANDS.values() for name in names} | {"open", "assist"}


def _file_to_open(argv: list[str]) -> list[str]:
    """`campaign-manager FILE [--screenshot PNG]` is `open FILE ...`. A first word that is a
    command's name is always that command (a file called `show` opens as `./show`); one that is
    neither a command nor an existing file is refused."""
    first = argv[0]
    if first.startswith("-") or first in command_names():
        return argv
    from pathlib import Path

    from campaign_manager.store.address import is_server_address

    if not Path(first).exists() and not is_server_address(first):
        raise UserError(
            _("{file}: no such campaign file, and not a command (see {prog} --help)").format(file=first, prog=PROG)
        )
    return ["open", *argv]


def _deepest(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.ArgumentParser:
    """The parser of the (sub)command `argv` names, e.g. `assist opa fire`."""
    for word in argv:
        sub = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not sub:
            break
        if word in sub[0].choices:
            parser = sub[0].choices[word]
    return parser


def _open(args: argparse.Namespace, open_window: Callable[..., int]) -> int:
    """Check the campaign file before any window is made: a missing or damaged one is refused."""
    if args.print_to:
        if not args.file:
            raise UserError(_("--print-to needs a campaign FILE to print from"))
        return open_window(args.file, print_to=args.print_to, kind=args.kind, paper=args.paper)
    if args.screenshot:
        if not args.file:
            raise UserError(_("--screenshot needs a campaign FILE to show"))
        return open_window(args.file, screenshot=args.screenshot)  # it opens (and checks) the file once
    if args.file:
        from campaign_manager.store.campaign_file import CampaignFile

        CampaignFile.open(args.file, readonly=True).close()
    return open_window(args.file)


def main(argv: list[str] | None = None, open_window: Callable[..., int] | None = None) -> int:
    """Run a command; `open_window` (given by the launcher) opens the app window."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if open_window is None:

        def open_window(file: str | None, **asked) -> int:
            words = _("{prog}: the app window is opened by the campaign-manager program itself")
            print(words.format(prog=PROG), file=sys.stderr)
            return 2

    if not argv:
        return open_window(None)
    try:
        argv = _file_to_open(argv)
    except UserError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    parser = build_parser(argv, open_window)
    args, extra = parser.parse_known_args(argv)
    if extra:  # told by the command they were given to, with its usage, not the program's
        _deepest(parser, argv).error(_("unrecognized arguments: %s") % " ".join(extra))
    if args.command is None:
        parser.print_help()
        return 2
    if args.command != "open":  # the window says when its start-up is over
        if load := getattr(args, "load", None):
            load()  # the modules the command works with, loaded as part of start-up (startup.py)
        startup.settled()
    try:
        if getattr(args, "json", False) is True:  # what a program reads: the same words in every language
            with i18n.english():
                return int(args.run(args) or 0)
        return int(args.run(args) or 0)
    except UserError as exc:
        from campaign_manager.cli.output import printable, printable_lines

        # A list of faults (a scenario's) keeps its lines; any other refusal is one line.
        words = printable_lines(str(exc)) if getattr(exc, "faults", None) else printable(str(exc))
        print(f"{PROG}: {words}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("{prog}: interrupted; nothing was half-written").format(prog=PROG), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: not an error of ours, and nothing to say.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
