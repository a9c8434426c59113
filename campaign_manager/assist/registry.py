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


def register_cli(games, wanted: str | None) -> None:
    """Add a parser per module; only the module asked for (`wanted`) is imported and fills
    its parser through `cli.register(parser)`, so one module never slows or breaks another."""
    for module in MODULES:
        parser = games.add_parser(module.code, help=module.title)
        if module.code == wanted:
            cli = importlib.import_module(f"campaign_manager.assist.{module.package}.cli")
            cli.register(parser)
