"""The welcome page: what a newcomer can do first, shown on the app's first start and from
Help ▸ Welcome — start a new campaign of the bundled scenario (one already under way is kept in
its own file), explore a finished one (a read-only example), start a General's Wargame, open a
file or a shared campaign, or one of the three campaigns opened last (a file, or a shared
campaign by its address)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCommandLinkButton, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.paths import APPLICATION
from campaign_manager.store.address import is_server_address, parse_address
from campaign_manager.ui import settings


@dataclass(frozen=True)
class WelcomeChoices:
    """What each of the page's buttons does (the window's own actions)."""

    start_bundled: Callable[[], object]
    explore_example: Callable[[], object]
    new_wargame: Callable[[], object]
    open_file: Callable[[], object]
    open_shared: Callable[[], object]
    open_recent: Callable[[Path | str], object]


class WelcomePage(QDialog):
    """A button for each first step; choosing one closes the page and does it."""

    def __init__(
        self, choices: WelcomeChoices, parent: QWidget | None = None, open_now: Path | str | None = None
    ) -> None:
        """`open_now`: the campaign the window has open (its file, or a shared one's address), not
        offered again among those opened lately."""
        super().__init__(parent)
        self.setObjectName("welcomePage")
        self.setWindowTitle(_("Welcome to {application}").format(application=APPLICATION))
        self.choices = choices
        self.setMinimumWidth(560)
        column = QVBoxLayout(self)
        intro = QLabel(
            _(
                "Keep a Firestorm: Greece campaign on the shop's counter: the map, the troops, every battle and "
                "its dice, and the campaign's victory points. Every action is saved as it is made."
            ),
            self,
        )
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        column.addWidget(intro)
        self.buttons: dict[str, QCommandLinkButton] = {}
        self._add(
            column,
            "start",
            _("Start a new Firestorm: Greece campaign"),
            _(
                "A new campaign from its first turn, kept in the app's own folder. A campaign already under way "
                "there is kept as it is, in its own file."
            ),
            choices.start_bundled,
        )
        self._add(
            column,
            "example",
            _("Explore a finished campaign"),
            _(
                "An example played to its end, opened read-only: the Battles tab, the map at the end of "
                "each turn, and its printed reports."
            ),
            choices.explore_example,
        )
        self._add(
            column,
            "wargame",
            _("Start a General's Wargame"),
            _("The four turns fought with dice only, by two players or against the computer."),
            choices.new_wargame,
        )
        self._add(
            column,
            "open",
            _("Open a campaign file…"),
            _("A campaign kept anywhere on this computer."),
            choices.open_file,
        )
        self._add(
            column,
            "shared",
            _("Open a shared campaign…"),
            _("A campaign kept on a PostgreSQL server, recorded into by several shops or tables at once."),
            choices.open_shared,
        )
        recent = [name for name in settings.recent_campaigns() if not _same(name, open_now)]
        recent = recent[: settings.RECENT_ON_WELCOME]
        if recent:
            heading = QLabel(_("Opened lately:"), self)
            column.addWidget(heading)
        for number, name in enumerate(recent, start=1):
            if is_server_address(name):  # whether its server answers is told on opening
                self._add(
                    column,
                    f"recent{number}",
                    _("Open the shared campaign {campaign}").format(campaign=_campaign_of(name)),
                    name,
                    partial(choices.open_recent, name),
                )
                continue
            path = Path(name)
            button = self._add(
                column,
                f"recent{number}",
                _("Open {file}").format(file=path.name),
                str(path.parent),
                partial(choices.open_recent, path),
            )
            button.setEnabled(path.exists())
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        column.addWidget(close)

    def _add(
        self, column: QVBoxLayout, key: str, text: str, description: str, do: Callable[[], object]
    ) -> QCommandLinkButton:
        button = QCommandLinkButton(text, description, self)
        button.setObjectName(f"welcome-{key}")
        button.setAccessibleName(text)
        button.setAccessibleDescription(description)
        button.clicked.connect(lambda: self._choose(do))
        column.addWidget(button)
        self.buttons[key] = button
        return button

    def _choose(self, do: Callable[[], object]) -> None:
        self.accept()
        do()


def _same(name: str, open_now: Path | str | None) -> bool:
    """Whether a recent campaign is the one open now."""
    if open_now is None:
        return False
    if is_server_address(name) or isinstance(open_now, str):
        return name == str(open_now)
    return Path(name).resolve() == open_now


def _campaign_of(address: str) -> str:
    """A shared campaign's name, from its address (the address itself if it names none)."""
    try:
        return parse_address(address).campaign or address
    except UserError:
        return address
