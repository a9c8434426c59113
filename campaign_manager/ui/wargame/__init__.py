"""The General's Wargame in the window: a new wargame, try a plan on a scratch copy, "what if"
playouts and the computer general's preference, quick or careful (File menu items, declared with
the others in `ui/actions.py`).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QSizePolicy, QWidget

from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.paths import APPLICATION
from campaign_manager.scenario import load_scenario
from campaign_manager.scenario.model import Scenario
from campaign_manager.store.copies import save_copy
from campaign_manager.ui import settings
from campaign_manager.ui.ink import notice_style
from campaign_manager.ui.plain import label
from campaign_manager.ui.window_layout import on_screen
from campaign_manager.ui.window_services import WindowServices

if TYPE_CHECKING:
    from campaign_manager.ui.wargame.whatif_dialog import WhatIfDialog

CAREFUL_TIP = N_(  # File ▸ Careful computer general's tip, translated where it is shown (ui/actions.py)
    "The computer general plays the best few choices of each battle, and of each advance, out a few times "
    "to the end of the campaign before it chooses: slower, and it weighs the whole campaign"
)
WargameChooser = Callable[[QWidget], "tuple[str | None, Path] | None"]
WindowOpener = Callable[[Path, str], QMainWindow]  # a window on a campaign file, titled so


class WargameActions:
    """What File ▸ New General's Wargame, Try a plan and What if do. `open_window` opens another
    main window (the plan's, on a scratch copy) without this module knowing the window's class."""

    def __init__(
        self, services: WindowServices, open_window: WindowOpener, choose_wargame: WargameChooser | None = None
    ) -> None:
        self.services = services
        self.open_window = open_window
        self.choose_wargame: WargameChooser = choose_wargame or ask_wargame
        self.scratch: list[QMainWindow] = []
        self.dialog: WhatIfDialog | None = None

    def careful(self) -> bool:
        """Whether the computer general is the careful one (File ▸ Careful computer general)."""
        return settings.computer_general() == "careful"

    def toggle_careful(self) -> None:
        settings.toggle_careful_general()  # the next battle's general is made so (ui/battle/draft.py)

    def new_wargame(self) -> None:
        """A new campaign fought with dice only: two players at one screen, or one against the
        computer (which then plays the other side)."""
        chosen = self.choose_wargame(self.services.parent)
        if chosen is None:
            return
        computer, path = chosen
        try:
            from campaign_manager.store.campaign_file import CampaignFile

            sc = load_scenario()  # the bundled scenario, which a new game is made from
            CampaignFile.create(path, name=wargame_name(sc, computer), play="wargame", computer=computer).close()
        except UserError as exc:
            self.services.report(_("Could not create the game: {problem}").format(problem=exc))
            return
        self.services.open_campaign(path)

    def try_a_plan(self) -> QMainWindow | None:
        """A window on a copy of the campaign made with SQLite's backup API: anything may be
        recorded there; the real file is never touched and the copy is thrown away on closing."""
        session = self.services.session
        if not session.is_open:
            return None
        folder = Path(tempfile.mkdtemp(prefix="firestorm-plan-"))
        stem = session.path.stem if session.path is not None else "shared campaign"  # untranslated: a file name
        path = folder / f"{stem} (plan).campaign"
        try:
            if session.path is not None:
                save_copy(session.path, path)
            else:  # a shared campaign: the copy is made from what the window holds
                session.save_copy(path)
        except UserError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            self.services.report(str(exc))
            return None
        # the real campaign's name, not the scratch file's
        where = session.path.name if session.path is not None else _("shared")
        plan_title = _("PLAN (scratch copy) — {campaign} — {where} — {application}").format(
            campaign=session.name, where=where, application=APPLICATION
        )
        scratch = self.open_window(path, plan_title)
        scratch.session.plan = True  # type: ignore[attr-defined]  # arrows may wait there as a plan, results later
        # said in place of "Opened" and the scratch file's temporary path, which means nothing to anyone
        scratch.statusBar().showMessage(
            _("A plan on a scratch copy of “{campaign}”: the real campaign is untouched").format(campaign=session.name),
            8000,
        )
        scratch.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        banner = label(
            _(
                "A PLAN on a scratch copy of “{campaign}”: record, undo and fight freely — nothing here touches "
                "the real campaign. Close this window to throw the plan away."
            ).format(campaign=session.name)
        )
        banner.setObjectName("planBanner")
        banner.setWordWrap(True)
        banner.setStyleSheet(notice_style(bold=True))
        banner.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)  # the window's width
        banner.setMaximumHeight(2 * banner.fontMetrics().lineSpacing() + 16)  # two lines, not a narrow column's four
        bar = scratch.addToolBar(_("Plan"))
        bar.setMovable(False)
        bar.addWidget(banner)
        scratch.destroyed.connect(lambda: shutil.rmtree(folder, ignore_errors=True))
        window = self.services.parent
        scratch.setGeometry(on_screen(window.geometry().translated(40, 40), window, scratch.minimumSizeHint()))
        scratch.show()
        self.scratch.append(scratch)
        return scratch

    def what_if(self) -> WhatIfDialog | None:
        from campaign_manager.ui.wargame.whatif_dialog import WhatIfDialog

        if not self.services.session.is_open:
            return None
        if self.dialog is None:
            self.dialog = WhatIfDialog(self.services.session, self.services.parent)
        self.dialog.show()
        return self.dialog


def wargame_name(sc: Scenario, computer: str | None) -> str:
    """The game's name, saying who the computer plays (shown in the title and the side panel)."""
    if computer is None:
        return _("General's Wargame (two players)")
    return _("General's Wargame — the computer plays the {side}").format(side=sc.side_noun(computer))


def ask_wargame(parent: QWidget) -> tuple[str | None, Path] | None:
    """Who plays (two players, or the computer as one side), then where the game is kept."""
    from PySide6.QtWidgets import QInputDialog

    from campaign_manager.ui.file_menu import ask_save

    sc = load_scenario()
    me = _("Against the computer: I play the {side}")
    against = {me.format(side=sc.side_noun(side)): sc.enemy_of(side) for side in sc.sides}
    choices = [_("Two players at one screen"), *against]
    picked, ok = QInputDialog.getItem(parent, _("New General's Wargame"), _("Who plays?"), choices, 0, False)
    if not ok:
        return None
    computer = against.get(picked)
    path = ask_save(parent, _("Keep the game in"), "wargame.campaign")
    return None if path is None else (computer, path)
