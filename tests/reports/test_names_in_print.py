"""The printed documents name the scenario's areas and sides in the language the app speaks (issue
#41): a German status sheet says Athen, Saloniki, Achse, Alliierte (the map's labels and the
tables alike); an English one what it always said."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from campaign_manager import i18n
from campaign_manager.reports.map_drawing import nation_letters
from campaign_manager.reports.render import render_pdf, report_inputs
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    path = tmp_path_factory.mktemp("names") / "shop.campaign"
    with CampaignFile.create(path, name="Spieleabend") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"]))
    with CampaignFile.open(path, readonly=True) as opened:
        return report_inputs(opened)


def _text(inputs, language: str, kind: str = "status") -> str:
    i18n.use(language)
    try:
        pdf = render_pdf(inputs, kind)
    finally:
        i18n.use(None)
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def test_a_german_status_sheet_names_the_areas_and_sides_in_german(inputs):
    said = _text(inputs, "de")
    assert "Lageblatt" in said, "the document is in German"
    for german in ("Athen", "Saloniki", "Ostmakedonien", "Achse", "Alliierte"):
        assert german in said, german
    for english in ("Athens", "Thessaloniki", "Eastern Macedonia"):
        assert english not in said, english


def test_an_english_status_sheet_is_as_it_was(inputs):
    said = _text(inputs, "en")
    for english in ("Athens", "Thessaloniki", "Eastern Macedonia", "Axis", "Allied"):
        assert english in said, english
    assert "Saloniki" not in said and "Achse" not in said


def test_a_german_turn_report_names_the_battles_areas_in_german(inputs):
    said = _text(inputs, "de", "turn")
    assert "C2 Kastoria → B2 Korça (Koritza)" in said and "C1 Ioannina → D1 Ätolien" in said
    assert "F2 Athen" in said and "Athens" not in said


def test_the_counters_letters_stay_apart_in_every_language(inputs):
    """German "Griechenland" and "Großbritannien" begin alike: the counters keep the scenario's letters."""
    sc = inputs.scenario
    for language in ("en", "de", "el"):
        i18n.use(language)
        try:
            letters = [nation_letters(sc, nation) for nation in sc.nations]
        finally:
            i18n.use(None)
        assert len(set(letters)) == len(letters), (language, letters)
    legend = _text(inputs, "de", "turn")
    assert "GR Griechenland" in legend and "BR Großbritannien" in legend
