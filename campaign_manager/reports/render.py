"""Building a printed document: the campaign file's history read once (`report_inputs`), the
PDF made from it (`render_pdf`, on any thread) and written whole (`save_pdf`)."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.lib.pagesizes import landscape as sideways
from reportlab.platypus import SimpleDocTemplate

from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import UserError
from campaign_manager.i18n import _, pgettext
from campaign_manager.reports.data import picture
from campaign_manager.reports.documents import turn_report
from campaign_manager.reports.kinds import Paper, ReportKind
from campaign_manager.reports.page import MARGIN, PAGE_SIZES, footer_canvas
from campaign_manager.reports.slips import battle_slips
from campaign_manager.reports.status import status_sheet
from campaign_manager.scenario.model import Scenario
from campaign_manager.store import writing
from campaign_manager.store.campaign_file import CampaignFile

BUILDERS = {ReportKind.TURN: turn_report, ReportKind.STATUS: status_sheet, ReportKind.SLIPS: battle_slips}


@dataclass(frozen=True)
class ReportInputs:
    """Everything a document is made from, read from the campaign file first, so the PDF itself
    can be built anywhere (e.g. away from the window's thread)."""

    scenario: Scenario
    name: str
    history: list[Applied]
    recorded_at: list[str]
    set_up: CampaignState | None = None  # the campaign before any action (the status sheet before turn 1)
    recorded_by: tuple[str, ...] = ()  # on a server: who recorded each action ("" when unknown)


def report_inputs(campaign: CampaignFile) -> ReportInputs:
    entries = campaign.log.entries(len(campaign.records))  # up to a row it cannot use, as shown
    authors = campaign.log.authors()
    return ReportInputs(
        campaign.scenario,
        campaign.name,
        campaign.history(),
        [at for _, at, _ in entries],
        campaign.initial_state(),
        tuple(authors[seq].words if seq in authors else "" for seq, _, _ in entries) if authors else (),
    )


def _who_recorded(recorded_by: tuple[str, ...], first: int, last: int) -> tuple[str, ...]:
    """Who recorded the actions from `first` to `last` (places in the log), each named once."""
    return tuple(dict.fromkeys(name for name in recorded_by[first : last + 1] if name))


def render_pdf(
    inputs: ReportInputs,
    kind: ReportKind | str = ReportKind.TURN,
    turn: int | None = None,
    paper: Paper | str = Paper.A4,
    landscape: bool = False,
) -> bytes:
    """The document as PDF bytes, laid out for `paper` (turned sideways if `landscape`, and always
    for a kind made for it: the status sheet); the same campaign, turn, kind and paper give the
    same bytes."""
    if kind not in list(ReportKind):
        raise UserError(_("no such document '{kind}' ({choices})").format(kind=kind, choices=_choices(ReportKind)))
    if paper not in list(Paper):
        raise UserError(_("no such paper '{paper}' ({choices})").format(paper=paper, choices=_choices(Paper)))
    kind, paper = ReportKind(kind), Paper(paper)
    latest = kind is not ReportKind.TURN  # the wall and the tables want the campaign as it stands
    set_up = inputs.set_up if kind is ReportKind.STATUS else None  # the wall's sheet before turn 1 too
    pic = picture(inputs.scenario, inputs.name, inputs.history, inputs.recorded_at, turn, latest, set_up)
    pic = replace(pic, recorded_by=_who_recorded(inputs.recorded_by, pic.first_action, pic.last_action))
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=sideways(PAGE_SIZES[paper]) if landscape or kind.landscape else PAGE_SIZES[paper],
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 6,
        title=document_title(pic.name, kind, pic.turn),
        author="Firestorm Campaign Manager",
        creator="Firestorm Campaign Manager",
        subject=inputs.scenario.name,
    )
    inside = 2 * 6  # the page's frame keeps 6 points of padding on each side
    story = BUILDERS[kind](pic, doc.width - inside, doc.height - inside)
    doc.build(story, canvasmaker=footer_canvas(pic.name, pic.last_recorded))
    return out.getvalue()


def _choices(values: type[ReportKind] | type[Paper]) -> str:
    """The values a command accepts (never translated), joined by the language's "or"."""
    return pgettext("between the values a command accepts: turn or status", " or ").join(values)


def document_title(name: str, kind: ReportKind, turn: int) -> str:
    """The PDF's title: the campaign, the document and its turn."""
    if turn:
        return _("{name} — {document}, turn {turn}").format(name=name, document=kind.heading, turn=turn)
    return _("{name} — {document}, before turn 1").format(name=name, document=kind.heading)


def report_pdf(
    campaign: CampaignFile,
    kind: ReportKind | str = ReportKind.TURN,
    turn: int | None = None,
    paper: Paper | str = Paper.A4,
) -> bytes:
    return render_pdf(report_inputs(campaign), kind, turn, paper)


def save_pdf(path: Path | str, data: bytes) -> Path:
    """Write PDF bytes whole or not at all (never a partly written PDF, never through a link
    planted beside it: store/writing.py)."""
    path = Path(path)
    writing.write_document(path, data, "report")
    return path
