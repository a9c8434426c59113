"""The whole main window under the pseudo-translation (issue #41): the map and its legend, the
side panel's tabs, the Commanders and Charts tabs and the menus — every text is marked for
translation; only the scenario's own texts (areas, troops, nations, sides, turn titles) and the
campaign's data (commanders, clubs) may stay as they are."""

from __future__ import annotations

from campaign_manager.assist.registry import MODULES
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS as FULL
from tests.ui.pseudo_walk import plain_words, pseudo_language, scenario_phrases, unmarked_texts

# Names, not sentences: the product and the assist games' own titles.
NAMES = {"Firestorm", "Greece", "Close", "Tab"} | {word for module in MODULES for word in plain_words(module.title)}


def _data(window) -> tuple[str, ...]:
    roster = window.session.state.roster
    names = (c.name for c in roster)
    return scenario_phrases(window.campaign.scenario, window.campaign.name, *names, *(c.club or "" for c in roster))


def test_the_main_window_and_its_tabs_show_no_unmarked_english(open_window):
    with pseudo_language():
        window = open_window(FULL["turn 1"] + FULL["turn 2"][:7])
        phrases = _data(window)
        found = []
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)
            found += unmarked_texts(window, NAMES, phrases)
        for menu in window.menus.values():
            found += unmarked_texts(menu, NAMES, phrases)
    assert not sorted(set(found)), "\n".join(sorted(set(found)))
