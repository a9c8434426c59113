"""Edit ▸ Preferences: the window's language (the desktop's, or one the app has a catalogue for),
kept in the settings and used from the next start (ui/app.py reads it before any window is built)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from campaign_manager import i18n
from campaign_manager.ui import settings

# Each language by its own name, as its speakers look for it in a list (never translated).
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}  # untranslated: each language's own name


def offered_languages() -> list[str]:
    """The languages the window can speak: English (the code's words) and each catalogue's."""
    found = sorted(path.name for path in i18n.LOCALE_DIR.iterdir() if (path / "LC_MESSAGES").is_dir())
    return ["en", *(code for code in found if code != "en")]


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)


class PreferencesDialog(QDialog):
    """The preferences, written to the settings when OK is pressed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(i18n._("Preferences"))
        column = QVBoxLayout(self)
        form = QFormLayout()
        self.language = QComboBox(self)
        self.language.setObjectName("languageChoice")
        self.language.addItem(i18n._("Desktop's language (default)"), "")
        for code in offered_languages():
            self.language.addItem(language_name(code), code)
        chosen = self.language.findData(settings.read(settings.LANGUAGE))
        self.language.setCurrentIndex(max(chosen, 0))
        form.addRow(i18n._("&Language:"), self.language)
        column.addLayout(form)
        note = QLabel(i18n._("A new language is used from the next start of the app."), self)
        note.setObjectName("languageNote")
        note.setWordWrap(True)
        column.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)

    def accept(self) -> None:
        settings.write(settings.LANGUAGE, str(self.language.currentData() or ""))
        super().accept()


def show_preferences(parent: QWidget) -> PreferencesDialog:
    """Edit ▸ Preferences: the dialog, not modal, gone once closed."""
    dialog = PreferencesDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
