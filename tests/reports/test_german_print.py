"""The printed documents in German (FIRESTORM_LANGUAGE=de): their words are German, their dates
and numbers written the German way, and no title is broken inside a word for want of room."""

from __future__ import annotations

import datetime
import io

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth

from campaign_manager import i18n
from campaign_manager.reports.league_pages import _widths, headings
from campaign_manager.reports.page import BOLD, MARGIN, recorded_day
from campaign_manager.reports.render import report_pdf
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS as FULL


@pytest.fixture(params=["de", "en"])
def language(request):
    i18n.use(request.param)
    yield request.param
    i18n.use(None)


def test_every_title_of_the_league_table_fits_its_column(language):
    width = A4[0] - 2 * MARGIN - 12  # the turn report's frame on A4, the narrower paper
    for title, column in zip(headings(), _widths(width)):
        longest = max(stringWidth(word, BOLD, 7) for word in title.split())
        assert longest + 6 <= column, f"{title!r} is broken inside a word ({language})"


def test_the_footer_writes_the_day_as_the_language_does(language):
    assert recorded_day("2026-12-03T05:40:12+00:00") == {"de": "03.12.2026", "en": "2026-12-03"}[language]
    assert i18n.date_time(datetime.datetime(2026, 12, 3, 5, 40)) in ("03.12.2026 05:40", "2026-12-03 05:40")


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Spieleabend") as made:
        made.apply(made.read_actions(FULL["turn 1"] + FULL["turn 2"]))
    with CampaignFile.open(path, readonly=True) as opened:
        yield opened


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


def test_the_documents_are_in_german(campaign):
    i18n.use("de")
    try:
        turn, status, slips = (_text(report_pdf(campaign, kind)) for kind in ("turn", "status", "slips"))
    finally:
        i18n.use(None)
    assert "Zugbericht — Zug 2 von 4" in turn and "Die Schlachten des Zuges" in turn and "Seite 1 von" in turn
    assert "Die Liga der Kommandeure" in turn and "Punkte pro Spiel" in turn and "0,50" in turn
    assert "Lageblatt, Zug 2 von 4" in status and "Legende" in status
    assert "Schlachtzettel" in slips and "Vernichtungswurf" in slips
    for english in ("Turn report", "page 1 of", "The battles of the turn", "Who holds what", "Battle slip —"):
        assert english not in turn + status + slips
