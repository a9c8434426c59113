"""The File menu's items for the documents: Export (PDF), Print and Print preview of each kind,
declared for `ui/actions.py` under the keys it gives."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import partial
from typing import TypeVar

from campaign_manager.i18n import N_, _
from campaign_manager.reports import ReportKind
from campaign_manager.ui.action_conditions import turn_started, with_campaign
from campaign_manager.ui.action_registry import ActionSpec, Shortcut
from campaign_manager.ui.report_actions import ReportActions

Key = TypeVar("Key", bound=Hashable)

# Each document's items in whole sentences (the turn report's print items carry the menu's access letters)
EXPORT_TEXT = {
    ReportKind.TURN: N_("Export turn report (PDF)…"),
    ReportKind.STATUS: N_("Export status sheet (PDF)…"),
    ReportKind.SLIPS: N_("Export battle slips (PDF)…"),
}
EXPORT_TIP = {
    ReportKind.TURN: N_("Save the turn report of the campaign as a PDF"),
    ReportKind.STATUS: N_("Save the status sheet of the campaign as a PDF"),
    ReportKind.SLIPS: N_("Save the battle slips of the campaign as a PDF"),
}
PRINT_TEXT = {
    ReportKind.TURN: N_("&Print the turn report…"),
    ReportKind.STATUS: N_("Print the status sheet…"),
    ReportKind.SLIPS: N_("Print the battle slips…"),
}
# the paper and orientation chosen there: the status sheet is laid out landscape
PRINT_TIP = {
    ReportKind.TURN: N_("Print the turn report on the printer and paper chosen (A4 or Letter, either way up)"),
    ReportKind.STATUS: N_(
        "Print the status sheet on the printer and paper chosen (A4 or Letter, landscape or turned to fit)"
    ),
    ReportKind.SLIPS: N_("Print the battle slips on the printer and paper chosen (A4 or Letter, either way up)"),
}
PREVIEW_TEXT = {
    ReportKind.TURN: N_("Print pre&view of the turn report…"),
    ReportKind.STATUS: N_("Print preview of the status sheet…"),
    ReportKind.SLIPS: N_("Print preview of the battle slips…"),
}
PREVIEW_TIP = {
    ReportKind.TURN: N_("The turn report, shown as printed on the paper chosen there (A4 or Letter, either way up)"),
    ReportKind.STATUS: N_(
        "The status sheet, shown as printed on the paper chosen there (A4 or Letter, landscape or turned to fit)"
    ),
    ReportKind.SLIPS: N_("The battle slips, shown as printed on the paper chosen there (A4 or Letter, either way up)"),
}


def document_specs(
    reports: ReportActions,
    *,
    exports: Mapping[Key, ReportKind],
    prints: Mapping[Key, ReportKind],
    previews: Mapping[Key, ReportKind],
    shortcuts: Mapping[Key, Shortcut],
) -> dict[Key, ActionSpec]:
    """Export, Print and Print preview of each document, under the keys given; `shortcuts` gives
    some of them keys."""
    declared: dict[Key, ActionSpec] = {
        key: ActionSpec(
            _(EXPORT_TEXT[kind]),
            partial(reports.export, kind),
            tip=_(EXPORT_TIP[kind]),
            available=with_campaign if kind is ReportKind.STATUS else turn_started,  # the set-up's sheet too
        )
        for key, kind in exports.items()
    }
    for key, kind in prints.items():
        declared[key] = ActionSpec(
            _(PRINT_TEXT[kind]),
            partial(reports.print_document, kind),
            shortcuts.get(key),
            _(PRINT_TIP[kind]),
            turn_started,
        )
    for key, kind in previews.items():
        declared[key] = ActionSpec(
            _(PREVIEW_TEXT[kind]),
            partial(reports.preview, kind),
            shortcuts.get(key),
            _(PREVIEW_TIP[kind]),
            turn_started,
        )
    return declared
