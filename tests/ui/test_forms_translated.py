"""The Designer forms are translated on loading, one way for all (ui/forms.py): every text of
every form is in the catalogue, and a form loaded in another language shows no English left."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from campaign_manager import i18n
from campaign_manager.paths import FORMS
from campaign_manager.ui.forms import load_form
from tests.ui.pseudo_walk import pseudo_language, unmarked_texts

ROOT = Path(__file__).resolve().parents[2]
FORM_NAMES = sorted(path.stem for path in FORMS.glob("*.ui"))
# Qt's own words (a button box's standard buttons): translated by Qt's .qm files, not the catalogue
QT_S_OWN = {"Cancel", "Close", "Apply", "Reset", "Help", "Save", "Open", "Yes", "No"}


def _form_strings(path: Path) -> set[str]:
    return {e.text for e in ElementTree.parse(path).iter("string") if e.text and e.get("notr") != "true"}


def test_every_text_of_every_form_is_in_the_catalogue():
    with (ROOT / "campaign_manager/locale/campaign_manager.pot").open("rb") as file:
        catalogue = {message.id for message in read_po(file) if message.id}
    missing = {f"{name}.ui: {text!r}" for name in FORM_NAMES for text in _form_strings(FORMS / f"{name}.ui")}
    missing = {entry for entry in missing if entry.split(": ", 1)[1] not in {repr(m) for m in catalogue}}
    assert not missing, "run installer/translations.py update"


def test_the_extraction_reads_the_forms():
    sys.path.insert(0, str(ROOT / "installer"))
    try:
        import translations
    finally:
        sys.path.remove(str(ROOT / "installer"))
    found = {message for message, _line, _comments in translations.form_strings(FORMS / "planning_dialog.ui")}
    assert found == _form_strings(FORMS / "planning_dialog.ui") and found
    assert "color: #a00000;" not in found, "a style sheet is marked notr and left out"


@pytest.mark.parametrize("name", FORM_NAMES)
def test_a_form_loaded_in_another_language_shows_no_english(name, qtbot):
    with pseudo_language():
        form = load_form(name)
        qtbot.addWidget(form)
        assert not unmarked_texts(form, allowed=QT_S_OWN)


def test_a_form_speaks_german(monkeypatch, qtbot):
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "de")
    i18n.use(None)
    try:
        form = load_form("commander_dialog")
        qtbot.addWidget(form)
    finally:
        monkeypatch.undo()
        i18n.use(None)
    assert form.windowTitle() == "Ein Kommandeur"
