"""README's command table and the command line agree: a new user reading the table finds every
command the program has, and every command and option the table names really exists."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from campaign_manager.cli import build_parser

README = Path(__file__).resolve().parents[2] / "README.md"


def _commands() -> dict[str, argparse.ArgumentParser]:
    """Every command, as `--help` builds them, with the assist games (built when asked for)."""
    found: dict[str, argparse.ArgumentParser] = {}
    for argv in (["--help"], ["assist"]):
        parser = build_parser(argv, lambda *args, **kwargs: 0)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        found.update({name: p for name, p in sub.choices.items() if name not in found or name == "assist"})
    return found


def _table_rows() -> list[list[str]]:
    """The backticked commands of each row of the table under "## The command line"."""
    section = README.read_text().split("## The command line", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if line.startswith("| `"):
            first_cell = re.split(r"(?<!\\)\|", line)[1]
            rows.append(re.findall(r"`([^`]+)`", first_cell))
    return rows


def _named(segment: str) -> str | None:
    words = segment.replace("campaign-manager", "").split()
    return words[0] if words and not words[0].startswith(("-", "(")) else None


def _deepest(parser: argparse.ArgumentParser, words: list[str]) -> argparse.ArgumentParser:
    """The parser of a nested command (`scenario list`, `commanders FILE add`), as far as the
    words name one (a placeholder such as FILE before the subcommand is passed over)."""
    for word in words:
        if word.isupper():
            continue
        sub = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not sub or word not in sub[0].choices:
            break
        parser = sub[0].choices[word]
    return parser


def test_every_command_is_in_the_readme_table():
    listed = {_named(segment) for row in _table_rows() for segment in row} - {None}
    assert set(_commands()) - listed == set()


def test_every_command_and_option_in_the_table_exists():
    commands = _commands()
    for row in _table_rows():
        for segment in row:
            name = _named(segment)
            if name is None:
                continue
            assert name in commands, segment
            parser = _deepest(commands[name], segment.replace("campaign-manager", "").split()[1:])
            options = {o for a in parser._actions for o in a.option_strings}
            for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", segment):
                assert option in options, f"{segment}: {option}"


def _command_words(segment: str) -> tuple[str, ...]:
    """The words naming a command, subcommand included: `scenario list [--json]` → scenario, list."""
    named: list[str] = []
    for word in segment.replace("campaign-manager", "").split():
        if not re.fullmatch(r"[a-z][a-z|-]*", word):
            break
        named.append(word)
    return tuple(named)


def test_each_command_has_one_row_in_the_readme_table():
    """A command listed twice reads as two different things; its details live in one place."""
    seen: dict[tuple[str, ...], int] = {}
    for number, row in enumerate(_table_rows(), start=1):
        for words in {_command_words(segment) for segment in row} - {()}:
            assert words not in seen, f"{' '.join(words)} is in rows {seen[words]} and {number} of the command table"
            seen[words] = number
