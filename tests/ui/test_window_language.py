"""The window speaks the user's language (issue #41): the one chosen in Edit ▸ Preferences, else
the desktop's; its menus, the engine's refusals it shows and Qt's own buttons all follow it."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from campaign_manager import i18n
from campaign_manager.ui import settings
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.app import speak_the_window_s_language
from campaign_manager.ui.preferences import LANGUAGE_NAMES, PreferencesDialog


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


def test_the_shell_under_the_pseudo_translation_shows_no_plain_english(open_window, qtbot):
    """The menus, the welcome page, Preferences, About and the crash box: every word they show
    went through the catalogue (a product's, a game's or the scenario's name aside)."""
    from campaign_manager.assist.registry import MODULES
    from campaign_manager.paths import APPLICATION
    from campaign_manager.ui.about_dialog import AboutDialog
    from campaign_manager.ui.crash import CrashDialog
    from tests.ui.pseudo_walk import plain_words, pseudo_language, scenario_words, unmarked_texts

    with pseudo_language():
        window = open_window(name="Zzz")
        allowed = scenario_words(window.campaign.scenario) | set(plain_words(APPLICATION))
        allowed |= {word for module in MODULES for word in plain_words(module.title)}  # each game's own title
        allowed |= {"Close", "Cancel"}  # Qt's own buttons: Qt's translations
        allowed |= set(LANGUAGE_NAMES.values())  # each language by its own name
        found = [
            text
            for action in window.menuBar().actions()
            if plain_words(action.text(), allowed)
            for text in [action.text()]
        ]
        for menu in window.menus.values():
            menu.aboutToShow.emit()  # the menus made from data filled
            found += unmarked_texts(menu, allowed)
        window.refresh()
        found += [window.windowTitle()] if plain_words(window.windowTitle(), allowed | {"shop", "campaign"}) else []
        for dialog in (
            window.show_welcome(),
            PreferencesDialog(window),
            AboutDialog("", window),
            CrashDialog("", window),
        ):
            found += unmarked_texts(dialog, allowed)
            dialog.close()
    assert not found, "\n".join(found)


def test_qt_s_own_numbers_follow(german_desktop, qtbot):
    from PySide6.QtWidgets import QDoubleSpinBox

    speak_the_window_s_language(QApplication.instance())
    box = QDoubleSpinBox(value=2.0)
    qtbot.addWidget(box)
    assert box.text() == "2,00", "a spin box writes the decimal comma of the German chosen"
