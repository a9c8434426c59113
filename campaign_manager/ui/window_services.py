"""What a menu may ask of the window it sits in, and no more: the window's session, a parent for
its dialogs, and three ways to speak to the user. Menus get this, never the window itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QWidget

from campaign_manager.ui.session import CampaignSession


@dataclass(frozen=True)
class WindowServices:
    """The window's services for its menus."""

    parent: QWidget  # dialogs and message boxes belong to it
    session: CampaignSession
    report: Callable[[str], None]  # something refused or failed: a box, and the status bar
    tell: Callable[[str, int], None]  # what was done: the status bar, for so many milliseconds
    open_campaign: Callable[[Path | str], bool]  # a file or a server's address; False (and said why) if refused
