"""README's command table and the command line agree: a new user reading the table finds every
command the program has, and every command and option the table names really exists."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from campaign_manager.cli import build_parser

README = Path(__file__).resolve().parents[2] / "README.md"


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser(["assist"], lambda *args, **kwargs: 0)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


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
    """The parser of a nested command (`scenario list`), as far as the words name one."""
    for word in words:
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
