"""Every page the help points to is there: each path under docs/ that a command's --help names,
and each file the README and the docs link to or name, exists in the checkout; and the rules
page in docs/ is the one the app shows (Help ▸ The rules reads the copy shipped with the package)."""

from __future__ import annotations

import argparse
import re

from campaign_manager.cli import build_parser
from tests.shared import ROOT

# A path in the checkout, as the help and the pages write one: docs/rules.md, resources/rules/...
NAMED_PATH = re.compile(r"(?<![\w/.-])((?:docs|resources|installer|forms|tests|benchmarks)/[\w./@-]*\w)")
LINK = re.compile(r"\]\(([^)\s]+)\)|<img src=\"([^\"]+)\"")


def _parsers() -> list[argparse.ArgumentParser]:
    """Every command and subcommand, as --help builds them (the assist games' too)."""
    found: list[argparse.ArgumentParser] = []
    for argv in (["--help"], ["assist"]):
        waiting = [build_parser(argv, lambda *args, **kwargs: 0)]
        while waiting:
            parser = waiting.pop()
            found.append(parser)
            for action in parser._actions:
                if isinstance(action, argparse._SubParsersAction):
                    waiting.extend(action.choices.values())
    return found


def _named_in(text: str) -> set[str]:
    return {match.rstrip(".") for match in NAMED_PATH.findall(text)}


def test_every_docs_path_the_command_line_help_names_exists():
    named = set()
    for parser in _parsers():
        named |= _named_in(parser.format_help())
    assert "docs/rules.md" in named, "league --help points to the rules (rule 1.10)"
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert missing == [], f"--help names pages that are not there: {missing}"


def test_every_file_the_readme_and_the_docs_name_exists():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    missing = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for link in (a or b for a, b in LINK.findall(text)):
            target = link.split("#", 1)[0]
            if target and not re.match(r"[a-z]+:", target) and not (page.parent / target).exists():
                missing.append(f"{page.name}: {link}")
        missing += [f"{page.name}: {path}" for path in _named_in(text) if not (ROOT / path).exists()]
    assert missing == [], f"pages name files that are not there: {missing}"


def test_the_rules_page_in_docs_is_the_one_the_app_shows():
    """docs/rules.md is the page people read and edit; the app ships resources/rules/rules.md,
    which must be the same page (copy it over after an edit)."""
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert (ROOT / "resources" / "rules" / "rules.md").read_text(encoding="utf-8") == docs, (
        "resources/rules/rules.md (what Help ▸ The rules shows) differs from docs/rules.md: copy docs/rules.md over it"
    )
