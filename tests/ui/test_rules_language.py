"""Help ▸ The rules in the language the window speaks (issue #41): the German pages under German,
the English ones under English, and the German pages the same rules as the English (the same
sections, tables, numbers and code words), shipped beside them."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from campaign_manager import i18n
from campaign_manager.paths import RULES
from campaign_manager.ui.rules_view import PAGES, RulesWindow, rules_folder


@pytest.fixture
def speak(monkeypatch):
    """Speak the language given (FIRESTORM_LANGUAGE, read again); English again afterwards."""

    def set_language(code: str) -> None:
        monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, code)
        i18n.use(None)

    yield set_language
    monkeypatch.undo()
    i18n.use(None)


def _shown(qtbot) -> RulesWindow:
    window = RulesWindow()
    qtbot.addWidget(window)
    return window


def test_under_german_the_rules_are_the_german_pages(qtbot, speak):
    speak("de_DE.UTF-8")
    assert rules_folder() == RULES / "de"
    window = _shown(qtbot)
    rules = window.pages["rules.md"].toPlainText()
    assert "Die Regeln, die die App durchsetzt" in rules and "1.1 Zugablauf" in rules
    assert "Regelentscheidungen der App" in window.pages["rules-decisions.md"].toPlainText()
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Die Regeln",
        "Entscheidungen, wo das Regelbuch schweigt",
    ]
    assert window.windowTitle() == "Die Regeln, die die App durchsetzt"


def test_under_english_the_rules_are_the_english_pages(qtbot, speak):
    speak("en")
    assert rules_folder() == RULES
    window = _shown(qtbot)
    rules = window.pages["rules.md"].toPlainText()
    assert "The rules the app enforces" in rules and "1.1 Turn sequence" in rules
    assert window.tabs.tabText(0) == "The rules"


def test_a_language_whose_rules_are_not_written_reads_them_in_english(qtbot, speak):
    speak("fr_FR.UTF-8")  # no French catalogue, no French pages
    assert rules_folder() == RULES
    speak("de")
    assert rules_folder(RULES / "de") == RULES / "de", "a folder without a 'de' of its own is English"


def test_a_link_in_the_german_page_turns_to_the_other_german_tab(qtbot, speak):
    from PySide6.QtCore import QUrl

    speak("de")
    window = _shown(qtbot)
    window.follow(QUrl("rules-decisions.md"))
    assert window.tabs.currentWidget() is window.pages["rules-decisions.md"]


@pytest.mark.parametrize("name", [name for name, _title in PAGES])
def test_the_german_page_is_the_english_one_translated(name):
    """A faithful translation: the same headings (numbered alike), the same tables, list items,
    numbers and code words (`set_scoring`, `retreat_to`), so a rule says the same in both."""
    english = (RULES / name).read_text(encoding="utf-8")
    german = (RULES / "de" / name).read_text(encoding="utf-8")

    def shape(text: str) -> tuple:
        headings = [re.match(r"#+ ([\d.]*)", line).group(1) for line in re.findall(r"^#+ .*", text, re.M)]
        return (
            [len(h) for h in re.findall(r"^#+", text, re.M)],
            headings,
            len(re.findall(r"^\s*\|", text, re.M)),
            len(re.findall(r"^\s*(?:-|\d+\.) ", text, re.M)),
            Counter(re.findall(r"\d+", text)),
            Counter(re.findall(r"`[^`]+`", text)),
        )

    assert shape(german) == shape(english)


def test_the_german_rules_are_shipped_beside_the_english():
    """resources/rules/de/ is data of the package like resources/rules/ (setup.py ships every
    folder of resources/, the one-folder build collects the package's data; the wheel's test lists
    every file of resources/)."""
    assert {p.name for p in (RULES / "de").glob("*.md")} == {name for name, _title in PAGES}
