"""The printed documents' font (DejaVu, resources/fonts) carries every letter they may print: each
character of the German catalogue's messages and the Greek a scenario may name its areas in; and
a turn report and a status sheet made in German with the areas named in Greek show those names
(read back with pypdf, a test dependency: it runs wherever the suite does)."""

from __future__ import annotations

import dataclasses
import io
import unicodedata

import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import TTFontFile

from campaign_manager import i18n
from campaign_manager.paths import FONTS
from campaign_manager.reports.page import BOLD, FONT
from campaign_manager.reports.render import render_pdf, report_inputs
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN

# The 17 areas of Firestorm: Greece by their Greek names, as a scenario may write them.
GREEK_AREAS = {
    "A1": "Τίρανα",
    "A4": "Γιουγκοσλαβία",
    "A5": "Βουλγαρία",
    "B1": "Αυλώνας",
    "B2": "Κορυτσά",
    "B3": "Φλώρινα",
    "B4": "Θεσσαλονίκη",
    "B5": "Ανατολική Μακεδονία",
    "C1": "Ιωάννινα",
    "C2": "Καστοριά",
    "C3": "Πίνδος",
    "C4": "Όλυμπος–Αλιάκμονας",
    "D1": "Αιτωλία",
    "D2": "Θεσσαλία",
    "E1": "Θερμοπύλες",
    "F1": "Πελοπόννησος",
    "F2": "Αθήνα",
}
# Every letter of modern Greek: capitals and small, with their accents (tonos, dialytika) and final sigma.
GREEK_LETTERS = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ αβγδεζηθικλμνξοπρστυφχψως ΆΈΉΊΌΎΏ άέήίόύώ ΪΫ ϊϋΐΰ"
PO = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "campaign_manager.po"


def _german_characters() -> set[str]:
    with PO.open("rb") as file:
        catalog = read_po(file, locale="de")
    said = set()
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            said.update(char for text in strings for char in text)
    return said


def _missing(face: str, characters: set[str]) -> list[str]:
    """The characters the font lacks (spaces and line ends need no glyph)."""
    glyphs = TTFontFile(str(FONTS / f"{face}.ttf")).charToGlyph
    return sorted(
        f"{char} U+{ord(char):04X} {unicodedata.name(char, '?')}"
        for char in characters
        if not char.isspace() and ord(char) not in glyphs
    )


@pytest.mark.parametrize("face", [FONT, BOLD])
def test_the_font_has_every_character_of_the_german_catalogue(face):
    characters = _german_characters()
    assert set("äöüÄÖß—→·–") <= characters, "the German catalogue was read"
    assert not _missing(face, characters)


@pytest.mark.parametrize("face", [FONT, BOLD])
def test_the_font_has_every_greek_letter_and_area_name(face):
    characters = set(GREEK_LETTERS) | {char for name in GREEK_AREAS.values() for char in name}
    assert not _missing(face, characters)


@pytest.fixture
def german():
    i18n.use("de")
    yield
    i18n.use(None)


def _greek_inputs(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Λέσχη Αθήνας") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"]))
    with CampaignFile.open(path, readonly=True) as opened:
        inputs = report_inputs(opened)
    sc = load_scenario()
    # the names in Greek whatever the language: no German ones (`names`) to show instead
    areas = {code: area.model_copy(update={"name": GREEK_AREAS[code], "names": {}}) for code, area in sc.areas.items()}
    return dataclasses.replace(inputs, scenario=dataclasses.replace(sc, areas=areas))


def _pdf_text(pdf: bytes) -> str:
    """The document's text as a reader would copy it out (the fonts' own character maps)."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("kind", ["turn", "status"])
def test_a_german_document_shows_the_areas_greek_names(tmp_path, german, kind):
    inputs = _greek_inputs(tmp_path)
    assert {area.name for area in inputs.scenario.areas.values()} == set(GREEK_AREAS.values())
    said = _pdf_text(render_pdf(inputs, kind))
    assert "Λέσχη Αθήνας" in said
    assert ("Zugbericht" if kind == "turn" else "Lageblatt") in said, "the document is in German"
    shown = {name for name in GREEK_AREAS.values() if name in said}
    # the map names every area; the turn report's tables name them again ("C1 Ιωάννινα")
    assert shown >= {"Ιωάννινα", "Θεσσαλονίκη", "Αθήνα", "Πελοπόννησος", "Θερμοπύλες"}, sorted(shown)
    if kind == "turn":
        assert "C1 Ιωάννινα" in said and "F2 Αθήνα" in said
