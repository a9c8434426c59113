"""`campaign-manager assist GAME ...`: one module of commands per assist game, named by its code
in `campaign_manager.assist.registry.MODULES` (`gcw.py`, `agt.py`, `opa.py`)."""

from __future__ import annotations

import importlib

from campaign_manager.assist.registry import MODULES
from campaign_manager.i18n import _


def register(games, wanted: str | None) -> None:
    """Add a parser per module; only the module asked for (`wanted`) is imported and fills
    its parser through `register(parser)`, so one module never slows or breaks another."""
    for module in MODULES:
        parser = games.add_parser(module.code, help=_(module.title))
        if module.code == wanted:
            commands = importlib.import_module(f"campaign_manager.cli.assist.{module.code}")
            commands.register(parser)
