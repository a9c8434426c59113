"""Victory levels and results in the user's language (issue #41): the bundled scenario's levels
through the catalogue where shown, the scenario's own words where What if counts by them."""

from __future__ import annotations

import pytest

from campaign_manager import i18n
from campaign_manager.engine.victory import Outcome, level_words, levels_words, result_names, result_order, result_words
from campaign_manager.scenario.loader import load_scenario


@pytest.fixture
def german():
    i18n.use("de")
    yield
    i18n.use(None)


def test_english_is_the_scenario_s_words():
    sc = load_scenario()
    assert result_words(sc, Outcome("allied", 70, "Allied operational victory", False)) == "Allied operational victory"
    assert result_words(sc, Outcome(None, 0, "draw", True)) == "draw"
    assert levels_words(sc).endswith("40+ tactical victory; under 40: draw.")
    assert level_words("a level no catalogue knows") == "a level no catalogue knows"


def test_german_says_the_levels_and_what_if_still_counts_by_the_scenario_s_words(german):
    sc = load_scenario()
    said = result_words(sc, Outcome("allied", 70, "Allied operational victory", False))
    assert said == "operativer Sieg (Alliierte)", said  # the side as the scenario names it in German
    assert result_words(sc, Outcome("axis", 20, "draw", True)) == "Unentschieden"
    assert "strategischer Sieg" in levels_words(sc)
    names = result_names(sc)
    assert set(result_order(sc)) <= set(names) and names["draw"] == "Unentschieden"
