"""The assist modules, by short name: the command line (`campaign_manager.cli.assist`) and the
Assist menu both read this list."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.i18n import N_


@dataclass(frozen=True)
class AssistModule:
    code: str  # `campaign-manager assist CODE ...`, campaign_manager.assist.<code>, ui/assist/<code>_panel.py
    title: str  # menu title


MODULES = (
    AssistModule("gcw", N_("The Greek Civil War")),  # the games' own names: the catalogue keeps them
    AssistModule("agt", N_("A Greek Tragedy")),
    AssistModule("opa", N_("Opa Opa")),
)
