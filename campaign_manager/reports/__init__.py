"""Printed documents (PDF, with reportlab): the turn report, the one-page status sheet for the
shop wall, and battle slips for the tables. Qt-free; the only package that imports reportlab.

    pdf = report_pdf(campaign, kind="turn", turn=None, paper="a4")   # bytes
    write_report(path, campaign, ...)                                  # never half-written
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from reportlab.platypus import SimpleDocTemplate

from campaign_manager.errors import UserError
from campaign_manager.reports.data import picture
from campaign_manager.reports.documents import status_sheet, turn_report
from campaign_manager.reports.page import MARGIN, PAPERS, footer_canvas
from campaign_manager.reports.slips import battle_slips
from campaign_manager.store.campaign_file import CampaignFile

KINDS = {"turn": ("Turn report", turn_report), "status": ("Campaign status", status_sheet),
         "slips": ("Battle slips", battle_slips)}


def report_pdf(campaign: CampaignFile, kind: str = "turn", turn: int | None = None, paper: str = "a4") -> bytes:
    """The document as PDF bytes; the same campaign, turn and kind give the same bytes."""
    if kind not in KINDS:
        raise UserError(f"no such document '{kind}' (turn, status or slips)")
    if paper not in PAPERS:
        raise UserError(f"no such paper '{paper}' (a4 or letter)")
    recorded = [at for _, at, _ in campaign.log.entries()]
    pic = picture(campaign.scenario, campaign.name, campaign.history(), recorded, turn)
    title, build = KINDS[kind]
    out = io.BytesIO()
    size = PAPERS[paper]
    doc = SimpleDocTemplate(out, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN + 6, title=f"{pic.name} — {title}, turn {pic.turn}",
                            author="Firestorm Campaign Manager", creator="Firestorm Campaign Manager",
                            subject=campaign.scenario.name)
    width, height = doc.width, doc.height
    doc.build(build(pic, width, height), canvasmaker=footer_canvas(pic.name, pic.last_recorded))
    return out.getvalue()


def write_report(path: Path | str, campaign: CampaignFile, kind: str = "turn", turn: int | None = None,
                 paper: str = "a4") -> Path:
    """Write the document to `path`: built in memory, written beside it, then moved into place,
    so a failure never leaves a partly written PDF."""
    path = Path(path)
    data = report_pdf(campaign, kind, turn, paper)
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise UserError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    return path
