"""File ▸ Publish… and File ▸ Publish after each battle: the campaign's folder for its players
(reports/publish/), written away from the window's thread.

The folder chosen is remembered for each campaign (by its file or its server's address); with
"Publish after each battle" ticked, the folder is written again whenever a battle is recorded or
taken back, or a turn starts or ends. A folder the app may not write into is said in a sentence
and left as it was."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, TypeAdapter, ValidationError
from PySide6.QtWidgets import QFileDialog, QWidget

from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.ui import settings
from campaign_manager.ui.action_registry import ActionSpec
from campaign_manager.ui.report_actions import Runner, thread_runner
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.window_services import WindowServices

FolderChooser = Callable[[QWidget, str, str], "Path | None"]
Moment = tuple[str, int, int, str]  # the campaign, its battles, its turn and phase: what the page shows


class PublishedTo(BaseModel):
    """Where a campaign is published, and whether after each battle (kept in the settings)."""

    folder: str = ""  # "" until one is chosen
    after_each_battle: bool = False
    names: bool = True  # the commanders' names on the page (False: left out)


REMEMBERED = TypeAdapter(dict[str, PublishedTo])  # by the campaign's file or server address


def ask_folder(parent: QWidget, title: str, suggested: str) -> Path | None:
    """A folder to publish into. The suggested one is made first (the dialog chooses only
    folders that exist: Choose would stay greyed), and taken away again if it was not chosen."""
    offered = Path(suggested)
    made = False
    if not offered.exists() and offered.parent.is_dir():
        try:
            offered.mkdir()
            made = True
        except OSError:
            pass  # the dialog opens where it can; another folder can be made in it
    name = QFileDialog.getExistingDirectory(parent, title, suggested)
    if made and (not name or Path(name) != offered):
        with contextlib.suppress(OSError):
            offered.rmdir()  # only while empty: nothing the user put there is lost
    return Path(settings.chosen(name)) if name else None


class PublishActions:
    """What File ▸ Publish… and Publish after each battle do."""

    def __init__(
        self, services: WindowServices, choose_folder: FolderChooser = ask_folder, runner: Runner = thread_runner
    ) -> None:
        self.services, self.choose_folder, self.runner = services, choose_folder, runner
        self._seen: Moment | None = None
        self._read: dict[str, PublishedTo] | None = None  # the settings, read once (this object writes them)
        # Writes run on a pool of threads and may finish out of turn (Undo then Redo, two battles in
        # quick succession): each is numbered, and one older than a write already done into its
        # folder is dropped, so the folder never goes back to an earlier moment.
        self._asked, self._writing = 0, threading.Lock()
        self._written: dict[Path, int] = {}  # by folder: the number of the last write done there
        services.session.changed.connect(self._after_change)

    # -- what is remembered, by campaign ---------------------------------------------------

    def _remembered(self) -> dict[str, PublishedTo]:
        if self._read is None:
            try:
                self._read = REMEMBERED.validate_json(settings.read(settings.PUBLISHED_FOLDERS) or "{}")
            except ValidationError:
                self._read = {}  # unreadable: as if never published
        return dict(self._read)

    def _mine(self) -> PublishedTo | None:
        where = self.services.session.where
        return None if where is None else self._remembered().get(where)

    def _remember(self, **changes: object) -> None:
        """Change what is remembered for the open campaign (folder=..., after_each_battle=..., names=...)."""
        where = self.services.session.where
        if where is None:
            return
        remembered = self._remembered()
        mine = remembered.get(where) or PublishedTo()
        remembered[where] = PublishedTo.model_validate({**mine.model_dump(), **changes})
        settings.write(settings.PUBLISHED_FOLDERS, REMEMBERED.dump_json(remembered).decode())
        self._read = remembered

    def folder(self) -> Path | None:
        """The folder the open campaign was last published to."""
        mine = self._mine()
        return None if mine is None or not mine.folder else Path(mine.folder)

    def after_each_battle(self) -> bool:
        mine = self._mine()
        return mine is not None and mine.after_each_battle

    def names_left_out(self) -> bool:
        mine = self._mine()
        return mine is not None and not mine.names

    # -- the menu's items --------------------------------------------------------------------

    def publish(self) -> None:
        """File ▸ Publish…: choose the folder (the last one offered), then write it."""
        if not self.services.session.is_open:
            return
        folder = self._choose()
        if folder is not None and self._write(folder):
            self._remember(folder=str(folder))  # a folder refused is not offered again

    def toggle_after_each_battle(self) -> None:
        """Publish after each battle: on (asking for a folder the first time, and publishing now), or off."""
        if not self.services.session.is_open:
            return
        if self.after_each_battle():
            self._remember(after_each_battle=False)
            self.services.tell(_("The campaign is no longer published after each battle"), 6000)
            return
        folder = self.folder() or self._choose()
        if folder is None or not self._write(folder):
            return  # a folder refused is neither remembered nor written after each battle
        self._remember(folder=str(folder), after_each_battle=True)
        self._seen = self._moment()

    def toggle_names(self) -> None:
        """Leave the commanders' names out of what is published (or put them back), from the next publish on."""
        if self.services.session.is_open:
            self._remember(names=self.names_left_out())
            if self.names_left_out():
                said = _("The commanders' names will be left out of what is published next")
            else:
                said = _("The commanders' names will be shown in what is published next")
            self.services.tell(said, 6000)

    def _choose(self) -> Path | None:
        where = self.services.session.path
        suggested = self.folder() or (
            where.parent / _("{campaign} for the players").format(campaign=where.stem)
            if isinstance(where, Path)
            else Path(settings.start_folder() or ".") / _("published")
        )
        return self.choose_folder(self.services.parent, _("Publish the campaign for its players"), str(suggested))

    def _moment(self) -> Moment | None:
        session = self.services.session
        if not session.is_open:
            return None
        state = session.state
        return (session.where or "", len(session.battles()), state.turn, str(state.phase))

    def _after_change(self) -> None:
        if not self.after_each_battle():
            self._seen = None  # nothing to compare with until it is turned on (it publishes then)
            return
        moment = self._moment()
        before, self._seen = self._seen, moment
        if moment is None or before is None or before[0] != moment[0] or before == moment:
            return  # nothing open, another campaign just opened, or no battle or turn changed
        folder = self.folder()
        if folder is not None:
            self._write(folder)

    def _write(self, folder: Path) -> bool:
        """Write the folder away from the window's thread; say how it went. False (said) when
        the folder is refused before anything is written."""
        from campaign_manager.reports.publish import folder_files  # reportlab and PDFium load here
        from campaign_manager.reports.publish.folder import check_folder, write_folder
        from campaign_manager.reports.render import report_inputs

        campaign = self.services.session.campaign
        if campaign is None:
            return False
        try:
            check_folder(folder)
        except UserError as exc:
            self.services.report(_("The campaign was not published: {error}").format(error=exc))
            return False
        inputs = report_inputs(campaign)  # read here, on the window's thread
        names = not self.names_left_out()

        self._asked += 1
        number = self._asked

        def work() -> bytes:
            with self._writing:
                if number > self._written.get(folder, 0):  # not overtaken by a later write there
                    write_folder(folder, folder_files(inputs, names))
                    self._written[folder] = number
            return b""

        self.runner(
            work,
            lambda _data: self.services.tell(_("Published for the players in {folder}").format(folder=folder), 8000),
            lambda message: self.services.report(_("The campaign was not published: {error}").format(error=message)),
        )
        return True


def not_a_plan(session: CampaignSession) -> bool:
    """A campaign to publish: open, and not a plan on a scratch copy (never shown to players)."""
    return session.is_open and not session.plan


def publish_specs(publishing: PublishActions) -> tuple[ActionSpec, ActionSpec, ActionSpec]:
    """File ▸ Publish…, Publish after each battle and the names left out, as the menus declare them."""
    return (
        ActionSpec(
            _("P&ublish for the players…"),
            publishing.publish,
            tip=_("Write a folder for the players (a web page, the map as a picture, status.json) to put on the web"),
            available=not_a_plan,
        ),
        ActionSpec(
            _("Publish after &each battle"),
            publishing.toggle_after_each_battle,
            tip=_("Write the players' folder again after every battle recorded (remembered for this campaign)"),
            available=not_a_plan,
            checked=publishing.after_each_battle,
        ),
        ActionSpec(
            _("Publish without the co&mmanders' names"),
            publishing.toggle_names,
            tip=_("Leave the commanders' names out of the players' folder (remembered for this campaign)"),
            available=not_a_plan,
            checked=publishing.names_left_out,
        ),
    )
