"""The File menu's items for the documents: Export (PDF), Print and Print preview of each kind,
declared for `ui/actions.py` under the keys it gives."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import partial
from typing import TypeVar

from campaign_manager.reports import ReportKind
from campaign_manager.ui.action_conditions import turn_started, with_campaign
from campaign_manager.ui.action_registry import ActionSpec, Shortcut
from campaign_manager.ui.report_actions import ReportActions

Key = TypeVar("Key", bound=Hashable)


def document_specs(
    reports: ReportActions,
    *,
    exports: Mapping[Key, ReportKind],
    prints: Mapping[Key, ReportKind],
    previews: Mapping[Key, ReportKind],
    shortcuts: Mapping[Key, Shortcut],
    mnemonics: Mapping[Key, str],
) -> dict[Key, ActionSpec]:
    """Export, Print and Print preview of each document, under the keys given; `shortcuts` and
    `mnemonics` give some of them keys and their access letters."""
    declared: dict[Key, ActionSpec] = {
        key: ActionSpec(
            f"Export {kind.words} (PDF)…",
            partial(reports.export, kind),
            tip=f"Save the {kind.words} of the campaign as a PDF",
            available=with_campaign if kind is ReportKind.STATUS else turn_started,  # the set-up's sheet too
        )
        for key, kind in exports.items()
    }
    for key, kind in (*prints.items(), *previews.items()):
        # the paper and orientation chosen there: the status sheet is laid out landscape
        way = "A4 or Letter, landscape or turned to fit" if kind.landscape else "A4 or Letter, either way up"
        if key in prints:
            declared[key] = ActionSpec(
                f"{mnemonics.get(key, 'Print')} the {kind.words}…",
                partial(reports.print_document, kind),
                shortcuts.get(key),
                f"Print the {kind.words} on the printer and paper chosen ({way})",
                turn_started,
            )
        else:
            declared[key] = ActionSpec(
                f"{mnemonics.get(key, 'Print preview')} of the {kind.words}…",
                partial(reports.preview, kind),
                shortcuts.get(key),
                f"The {kind.words}, shown as printed on the paper chosen there ({way})",
                turn_started,
            )
    return declared
