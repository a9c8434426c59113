"""The assist modules, by short name: the command line (`campaign_manager.cli.assist`) and the
Assist menu both read this list."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AssistModule:
    code: str  # `campaign-manager assist CODE ...`, campaign_manager.assist.<code>, ui/assist/<code>_panel.py
    title: str  # menu title


MODULES = (
    AssistModule("gcw", "The Greek Civil War"),
    AssistModule("agt", "A Greek Tragedy"),
    AssistModule("opa", "Opa Opa"),
)
