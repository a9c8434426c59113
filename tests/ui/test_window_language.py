"""The window speaks the user's language (issue #41): the one chosen in Edit ▸ Preferences, else
the desktop's; its menus, the engine's refusals it shows and Qt's own buttons all follow it."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from campaign_manager import i18n
from campaign_manager.ui import settings
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.app import speak_the_window_s_language
from campaign_manager.ui.preferences import PreferencesDialog


@pytest.fixture
def german_desktop(monkeypatch):
    """A desktop in German, no language forced for the app (the tests' own English set aside)."""
    for variable in (i18n.LANGUAGE_VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    yield
    monkeypatch.undo()
    speak_the_window_s_language(QApplication.instance())  # back to English, Qt's words too
    i18n.use(None)


def _titles(window) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_a_german_desktop_gets_german_menus(german_desktop, open_window):
    assert speak_the_window_s_language(QApplication.instance()) == "de_DE.UTF-8"
    window = open_window()
    titles = _titles(window)
    assert titles[:3] == ["&Datei", "&Bearbeiten", "&Ansicht"], titles
    assert window.menu_actions[MenuAction.QUIT].text() == "&Beenden"
    assert "File" in window.menus, "the menus are kept by their English titles, whatever the language"


def test_qt_s_own_buttons_follow(german_desktop, qtbot):
    speak_the_window_s_language(QApplication.instance())
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text().replace("&", "") == "Abbrechen"


def test_english_chosen_in_preferences_overrides_the_desktop(german_desktop, open_window):
    settings.write(settings.LANGUAGE, "en")
    assert speak_the_window_s_language(QApplication.instance()) == "en"
    window = open_window()
    assert _titles(window)[:3] == ["&File", "&Edit", "&View"]
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text().replace("&", "") == "Cancel"
    box.deleteLater()


def test_the_engine_s_refusal_in_the_window_follows(german_desktop, open_window):
    speak_the_window_s_language(QApplication.instance())
    window = open_window()
    window.move_troop("GR-INF-1", "B1")  # refused by the engine: said in the status bar and a box
    said = window.statusBar().currentMessage()
    assert said.startswith("Regel "), said
    settings.write(settings.LANGUAGE, "en")
    speak_the_window_s_language(QApplication.instance())
    english = open_window()
    english.move_troop("GR-INF-1", "B1")
    assert english.statusBar().currentMessage().startswith("Rule "), english.statusBar().currentMessage()


def test_preferences_offer_the_catalogues_languages_and_keep_the_choice(qtbot):
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    offered = [dialog.language.itemText(i) for i in range(dialog.language.count())]
    assert offered == ["Desktop's language (default)", "English", "Deutsch"]
    assert "next start" in dialog.findChild(QLabel, "languageNote").text()
    dialog.language.setCurrentIndex(2)
    dialog.accept()
    assert settings.read(settings.LANGUAGE) == "de"
    again = PreferencesDialog()
    qtbot.addWidget(again)
    assert again.language.currentText() == "Deutsch"
    again.language.setCurrentIndex(0)
    again.accept()
    assert settings.read(settings.LANGUAGE) == ""
