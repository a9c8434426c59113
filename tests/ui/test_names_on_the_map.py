"""The window names the scenario's areas and sides in the language it speaks (issue #41): under
German the map's labels and hover words say Athen, Saloniki, the side panel die Achse and die
Alliierten, as the scenario gives them; under English what they always said."""

from __future__ import annotations

import pytest

from campaign_manager import i18n
from tests.shared import FULL_CAMPAIGN


@pytest.fixture
def german():
    i18n.use("de")
    yield
    i18n.use(None)


@pytest.fixture
def english():
    i18n.use("en")
    yield
    i18n.use(None)


def test_the_map_and_the_side_panel_name_the_areas_and_sides_in_german(open_window, german):
    window = open_window(FULL_CAMPAIGN["turn 1"])
    scene = window.map_view.map_scene
    assert scene.labels["F2"].name == "Athen" and scene.labels["B4"].name == "Saloniki"
    assert scene.labels["C1"].name == "Ioannina"  # no German name given: the scenario's own
    assert "F2 Athen" in scene.areas["F2"].toolTip()
    panel = window.view.panel
    assert "Achse 30 — Alliierte 100" in panel.headline.text()
    assert "Achse" in panel.vp.toolTip() or "Achse" in panel.vp.headline()
    assert "Axis" not in panel.headline.text() + panel.off_map.text()


def test_in_english_the_names_are_as_they_were(open_window, english):
    window = open_window(FULL_CAMPAIGN["turn 1"])
    scene = window.map_view.map_scene
    assert scene.labels["F2"].name == "Athens" and scene.labels["B4"].name == "Thessaloniki"
    assert "F2 Athens" in scene.areas["F2"].toolTip()
    assert "Axis 30 — Allied 100" in window.view.panel.headline.text()


def test_the_map_s_countries_and_seas_are_written_in_german(open_window, german):
    window = open_window()
    written = {name.text() for name in window.map_view.map_scene.still.places}
    assert {"GRIECHENLAND", "JUGOSLAWIEN", "Ägäisches Meer", "Golf von Korinth"} <= written, written
    assert not written & {"GREECE", "Aegean Sea"}
