"""The whole main window under the pseudo-translation (issue #41): the map and its legend, the
side panel's tabs, the Commanders and Charts tabs, the menus and the assist games' panels — every
text is marked for translation; only the scenario's own texts (areas, troops, nations, sides, turn
titles), the campaign's data (its name, commanders, clubs) and the assist games' printed words
(their books' charts, units and cards, resources/assist/*.toml) may stay as they are."""

from __future__ import annotations

import tomllib

import pytest

from campaign_manager.assist.gcw.politics import SIDE_NAMES
from campaign_manager.assist.registry import MODULES
from tests.shared import CROWDED, ROOT
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS as FULL
from tests.ui.pseudo_walk import plain_words, pseudo_language, scenario_phrases, strings_in, unmarked_texts

# Names, not sentences: the product and the assist games' own titles and sides.
NAMES = {"Firestorm", "Greece", "Close", "Tab"} | {word for module in MODULES for word in plain_words(module.title)}
ASSIST_NAMES = NAMES | {word for name in SIDE_NAMES.values() for word in plain_words(name)}
ASSIST_DATA = ROOT / "resources" / "assist"

STATES = {  # the campaign at moments that show different panels
    "turn 2 planning": FULL["turn 1"] + FULL["turn 2"][:7],
    "turn 4, arrows open": CROWDED,
    "the campaign over": [action for turn in FULL.values() for action in turn],
}


def _data(window, *more: str) -> tuple[str, ...]:
    roster = window.session.state.roster
    names = (c.name for c in roster)
    clubs = (c.club or "" for c in roster)
    return scenario_phrases(window.campaign.scenario, window.campaign.name, *names, *clubs, *more)


def _walk(window, names: set[str], phrases: tuple[str, ...]) -> list[str]:
    found = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        found += unmarked_texts(window, names, phrases)
    return found


@pytest.mark.parametrize("moment", list(STATES))
def test_the_main_window_and_its_tabs_show_no_unmarked_english(open_window, moment):
    with pseudo_language():
        window = open_window(STATES[moment])
        found = _walk(window, NAMES, _data(window))
        for menu in window.menus.values():
            found += unmarked_texts(menu, NAMES, _data(window))
    assert not sorted(set(found)), "\n".join(sorted(set(found)))


def test_the_assist_panels_show_no_unmarked_english(open_window):
    printed = set()  # the assist games' books' words, and where their files are (a panel names its charts file)
    for book in ASSIST_DATA.glob("*.toml"):
        printed |= strings_in(tomllib.loads(book.read_text(encoding="utf-8")))
        printed.add(str(book.resolve()))
    with pseudo_language():
        window = open_window(STATES["the campaign over"])
        for code in ("agt", "gcw", "opa"):
            window.open_assist(code)
        found = _walk(window, ASSIST_NAMES, _data(window, *printed))
    assert not sorted(set(found)), "\n".join(sorted(set(found)))
