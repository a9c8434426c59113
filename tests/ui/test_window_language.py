"""The window speaks one language: until its own words are translated (issue #41), the engine's
refusals it shows are in English too, though the command line speaks the desktop's language."""

from __future__ import annotations

from campaign_manager import i18n
from campaign_manager.ui.app import speak_the_window_s_language


def test_the_window_keeps_the_engine_s_words_in_english_on_a_german_desktop(monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_VARIABLE, "de_DE.UTF-8")
    i18n.use(None)
    try:
        assert i18n._("Rule {rule}: {message}") == "Regel {rule}: {message}", "the command line's German"
        speak_the_window_s_language()
        assert i18n._("Rule {rule}: {message}") == "Rule {rule}: {message}"
    finally:
        monkeypatch.undo()
        i18n.use(None)
