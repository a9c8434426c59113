"""Help ▸ The rules: the rules the app enforces (docs/rules.md, numbered as in its refusals; the
package ships it as resources/rules/rules.md, the same page) and the further decisions the engine
takes (rules-decisions.md), shown in the app as the Markdown they are written in; a link from one
to the other turns to its tab, whatever folder the link names.

The pages are shown in the language the window speaks when they are written in it
(resources/rules/<code>/, e.g. de/), else in English."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QTextBrowser, QVBoxLayout, QWidget

from campaign_manager.i18n import N_, _, pgettext
from campaign_manager.paths import RULES

PAGES = (("rules.md", N_("The rules")), ("rules-decisions.md", N_("Decisions where the book is silent")))


def rules_folder(folder: Path = RULES) -> Path:
    """The folder of the rule pages in the language the window speaks: `folder/<code>/` when both
    pages are written in it, else `folder` (English). The code is the catalogue's own word, so the
    pages follow the window's words however its language was chosen (the desktop's, the
    FIRESTORM_LANGUAGE variable or a choice the window makes with i18n.use)."""
    # i18n: the name of your language's folder under resources/rules/ ("de"), or "en" while it has none
    code = pgettext("the language's code, as the folder of the rules in it is named: resources/rules/<code>/", "en")
    translated = folder / code
    if re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", code) and code != "en":
        if all((translated / name).is_file() for name, _title in PAGES):
            return translated
    return folder


class RulesWindow(QDialog):
    """The two rule documents, a tab each (not modal: the campaign stays usable beside it)."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        folder = rules_folder() if folder is None else folder
        self.setObjectName("rulesWindow")
        self.setWindowTitle(_("The rules the app enforces"))
        self.tabs = QTabWidget(self)
        self.pages: dict[str, QTextBrowser] = {}
        for name, title in PAGES:
            page = QTextBrowser(self.tabs)
            page.setObjectName(f"rulesPage-{name.removesuffix('.md')}")
            page.setAccessibleName(_(title))
            page.setOpenLinks(False)
            page.anchorClicked.connect(self.follow)
            page.setMarkdown((folder / name).read_text(encoding="utf-8"))
            self.pages[name] = page
            self.tabs.addTab(page, _(title))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addWidget(self.tabs)
        column.addWidget(buttons)
        self.resize(860, 680)

    def follow(self, url: QUrl) -> None:
        """A link to the other document turns to its tab; a web address opens in the browser."""
        name = Path(url.path()).name
        if name in self.pages:
            self.tabs.setCurrentWidget(self.pages[name])
            if url.fragment():
                self.pages[name].scrollToAnchor(url.fragment())
        elif url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)
