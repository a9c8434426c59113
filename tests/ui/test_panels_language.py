"""The panels beside the map, the map's legend and its hover words in the organiser's language
(issue #41): German under German, the words of the scenario (areas, nations, sides) as it gives them."""

from __future__ import annotations

import pytest

from campaign_manager import i18n
from campaign_manager.engine.battle_log import RESULT_MARKS
from campaign_manager.scenario.terms import KIND_WORDS
from campaign_manager.ui.map.legend import SHOWN_WORDS
from tests.shared import FULL_CAMPAIGN


@pytest.fixture
def german():
    i18n.use("de")
    yield
    i18n.use(None)


def test_the_panels_and_the_map_speak_german(open_window, german):
    window = open_window(FULL_CAMPAIGN["turn 1"])
    side = window.view.side
    assert [side.tabText(i) for i in range(side.count())] == ["Feldzug", "Vorgaben", "Schlachten", "Protokoll"]
    panel = window.view.panel
    assert "<b>Siegpunkte</b>: Achse 30 — Alliierte 100" in panel.headline.text()
    assert "Gefangen (endgültig verloren)" in panel.off_map.text()
    assert panel.vp.headline().startswith("Wenn es jetzt endete: ")
    legend = window.map_view.legend.toolTip()
    assert "gehalten von: Achse" in legend and "Gebirgstruppen" in legend and "der Angreifer hat gewonnen" in legend
    assert "C1 Ioannina wird gehalten von: Achse" in window.map_view.map_scene.areas["C1"].toolTip()
    from PySide6.QtCore import Qt

    titles = [window.view.history.model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)]
    assert titles == ["Zug", "#", "Schlacht"]


def test_the_legend_s_borrowed_words_are_in_the_catalogue():
    """The legend shows the troop kinds and the results in words other modules keep: each of them
    is written in SHOWN_WORDS too, so the catalogue has it."""
    assert {*KIND_WORDS.values(), *(words for _mark, words in RESULT_MARKS)} <= set(SHOWN_WORDS)


def test_the_tie_breaks_words_are_in_the_catalogue():
    from campaign_manager.engine.roster import TIE_BREAK_WORDS
    from campaign_manager.ui.league_dialogs import TIE_BREAK_SHOWN

    assert set(TIE_BREAK_WORDS.values()) <= set(TIE_BREAK_SHOWN)
