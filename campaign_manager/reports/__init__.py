"""Printed documents (PDF, with reportlab): the turn report, the one-page status sheet for the
shop wall, and battle slips for the tables. Qt-free; the only package that imports reportlab.

    pdf = report_pdf(campaign, kind="turn", turn=None, paper="a4")   # bytes
    write_report(path, campaign, ...)                                  # never half-written
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from reportlab.platypus import SimpleDocTemplate

from campaign_manager.engine.campaign import Applied
from campaign_manager.errors import UserError
from campaign_manager.reports.data import picture
from campaign_manager.reports.documents import status_sheet, turn_report
from campaign_manager.reports.page import MARGIN, PAPERS, footer_canvas
from campaign_manager.reports.slips import battle_slips
from campaign_manager.scenario.model import Scenario
from campaign_manager.store import writing
from campaign_manager.store.campaign_file import CampaignFile

KINDS = {
    "turn": ("Turn report", turn_report),
    "status": ("Campaign status", status_sheet),
    "slips": ("Battle slips", battle_slips),
}


@dataclass(frozen=True)
class ReportInputs:
    """Everything a document is made from, read from the campaign file first, so the PDF itself
    can be built anywhere (e.g. away from the window's thread)."""

    scenario: Scenario
    name: str
    history: list[Applied]
    recorded_at: list[str]


def report_inputs(campaign: CampaignFile) -> ReportInputs:
    return ReportInputs(
        campaign.scenario, campaign.name, campaign.history(), [at for _, at, _ in campaign.log.entries()]
    )


def render_pdf(inputs: ReportInputs, kind: str = "turn", turn: int | None = None, paper: str = "a4") -> bytes:
    """The document as PDF bytes; the same campaign, turn and kind give the same bytes."""
    if kind not in KINDS:
        raise UserError(f"no such document '{kind}' (turn, status or slips)")
    if paper not in PAPERS:
        raise UserError(f"no such paper '{paper}' (a4 or letter)")
    pic = picture(inputs.scenario, inputs.name, inputs.history, inputs.recorded_at, turn)
    title, build = KINDS[kind]
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=PAPERS[paper],
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 6,
        title=f"{pic.name} — {title}, turn {pic.turn}",
        author="Firestorm Campaign Manager",
        creator="Firestorm Campaign Manager",
        subject=inputs.scenario.name,
    )
    doc.build(build(pic, doc.width, doc.height), canvasmaker=footer_canvas(pic.name, pic.last_recorded))
    return out.getvalue()


def report_pdf(campaign: CampaignFile, kind: str = "turn", turn: int | None = None, paper: str = "a4") -> bytes:
    return render_pdf(report_inputs(campaign), kind, turn, paper)


def save_pdf(path: Path | str, data: bytes) -> Path:
    """Write PDF bytes whole or not at all (never a partly written PDF, never through a link
    planted beside it: store/writing.py)."""
    path = Path(path)
    writing.write_whole(path, data, "report")
    return path


def write_report(
    path: Path | str, campaign: CampaignFile, kind: str = "turn", turn: int | None = None, paper: str = "a4"
) -> Path:
    """Build the document and write it to `path` (never half-written)."""
    return save_pdf(path, report_pdf(campaign, kind, turn, paper))
