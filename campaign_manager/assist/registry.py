"""The assist modules, by short name: the CLI and the Assist menu both read this list."""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class AssistModule:
    code: str  # CLI name: `campaign-manager assist CODE ...`
    title: str  # menu title
    package: str  # campaign_manager.assist.<package>


MODULES = (
    AssistModule("gcw", "The Greek Civil War", "gcw"),
    AssistModule("agt", "A Greek Tragedy", "agt"),
    AssistModule("opa", "Opa Opa", "opa"),
)


def register_cli(games) -> None:
    """Add each module's subcommands; its `cli.register(parser)` adds them to its parser."""
    for module in MODULES:
        cli = importlib.import_module(f"campaign_manager.assist.{module.package}.cli")
        parser = games.add_parser(module.code, help=module.title)
        cli.register(parser)
