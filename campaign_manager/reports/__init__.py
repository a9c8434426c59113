"""Printed documents (PDF, with reportlab): the turn report, the one-page status sheet for the
shop wall, and battle slips for the tables. Qt-free; the only package that imports reportlab,
and only when a document is made (reports/render.py): the command line and the window read the
kinds of document and paper here without loading it.

    write_report(path, campaign, ReportKind.TURN, turn=None, paper=Paper.A4)   # never half-written
    render.render_pdf(render.report_inputs(campaign), ReportKind.SLIPS)        # bytes
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from campaign_manager.reports.kinds import Paper, ReportKind

if TYPE_CHECKING:
    from campaign_manager.store.campaign_file import CampaignFile

__all__ = ["Paper", "ReportKind", "load", "write_report"]


def write_report(
    path: Path | str,
    campaign: CampaignFile,
    kind: ReportKind | str = ReportKind.TURN,
    turn: int | None = None,
    paper: Paper | str = Paper.A4,
) -> Path:
    """Build the document and write it to `path` (never half-written)."""
    from campaign_manager.reports.render import report_pdf, save_pdf  # reportlab loads here

    return save_pdf(path, report_pdf(campaign, kind, turn, paper))


def load() -> None:
    """Load reportlab and the documents (all that `write_report` uses) without making one yet:
    the command line does it while it starts (cli/report_commands.py)."""
    from campaign_manager.reports import render  # noqa: F401
