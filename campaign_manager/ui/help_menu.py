"""Help ▸ Keyboard shortcuts, About and Open the log folder: what a new user asks first — which
keys do what, which version this is, where the open campaign and the app's own files are kept,
which libraries it bundles under which licences — and where to look when something went wrong."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox

from campaign_manager import __version__
from campaign_manager.i18n import N_, _
from campaign_manager.paths import APPLICATION, app_data_folder
from campaign_manager.scenario.loader import user_scenarios
from campaign_manager.ui.crash import UrlOpener, current_log_folder, open_log_folder
from campaign_manager.ui.plain import message_box
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.window_services import WindowServices
from campaign_manager.ui.window_words import role_name

if TYPE_CHECKING:
    from campaign_manager.ui.about_dialog import AboutDialog
    from campaign_manager.ui.rules_view import RulesWindow

CORRECTING = N_(
    "To correct the map (names, terrain, links, VP, the fortified line): Scenario ▸ Edit this campaign's "
    "scenario, or Edit a scenario, then save it as your own. File ▸ New campaign starts campaigns from it; "
    "a campaign already started keeps the map it started with."
)
ShortcutRows = Callable[[], list[tuple[str, str, str]]]  # (menu, action, keys), as the registry lists them


def about_text(session: CampaignSession) -> str:
    if session.shared:
        where = _("The open campaign is shared on a server: {address} (your role: {role})").format(
            address=session.where, role=role_name(session.role)
        )
    elif session.path is not None:
        where = _("The open campaign: {file}").format(file=session.path.resolve())
    else:
        where = _("No campaign is open.")
    folders = _(
        "The app's own files (the campaign started with no file): {data}\n"
        "Your scenario files: {scenarios}\n"
        "The app's log (what to send when something went wrong): {log}"
    ).format(data=app_data_folder(), scenarios=user_scenarios(), log=current_log_folder())
    saved = _(
        "Every action is written to the campaign file as it is made: there is nothing to save. "
        "The command line (campaign-manager --help) reads and records the same files."
    )
    return f"{APPLICATION} {__version__}\n\n{where}\n\n{folders}\n\n{saved}"  # untranslated: paragraphs


def shortcuts_html(rows: list[tuple[str, str, str]]) -> str:
    listed = "".join(
        f"<tr><td style='padding-right:14px'><b>{escape(keys)}</b></td><td>{escape(menu)} ▸ {escape(name)}</td></tr>"
        for menu, name, keys in rows
    )
    on_the_map = _(
        "On the map: scroll to zoom, drag the background to pan; "
        "drag a counter onto an area, or right-click it. Drop a campaign file on the window to open it."
    )
    return f"<table>{listed}</table><p>{escape(on_the_map)}</p>"


class HelpActions:
    """What the Help menu's items do: a box each, not modal; the log folder in the file manager
    (through `open_url`, which tests replace)."""

    def __init__(
        self, services: WindowServices, shortcut_rows: ShortcutRows, open_url: UrlOpener = QDesktopServices.openUrl
    ) -> None:
        self.services = services
        self.shortcut_rows = shortcut_rows
        self.open_url = open_url
        self.rules: RulesWindow | None = None

    def show_rules(self) -> RulesWindow:
        """Help ▸ The rules: one window, brought to the front when asked again."""
        if self.rules is None:
            from campaign_manager.ui.rules_view import RulesWindow  # loaded when first asked for

            self.rules = RulesWindow(self.services.parent)
        self.rules.show()  # shown again, it comes to the front
        self.rules.activateWindow()
        return self.rules

    def open_log_folder(self) -> Path:
        folder = open_log_folder(self.open_url)
        self.services.tell(_("The log folder is {folder}").format(folder=folder), 8000)
        return folder

    def show_map_notice(self) -> QMessageBox:
        campaign = self.services.session.campaign
        notice = campaign.scenario.notice if campaign is not None else ""
        text = (
            (notice + "\n\n" if notice else "") + _(CORRECTING) if campaign is not None else _("No campaign is open.")
        )
        box = message_box(QMessageBox.Icon.Information, _("About the map"), text, parent=self.services.parent)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def show_shortcuts(self) -> QMessageBox:
        return self._tell(_("Keyboard shortcuts"), shortcuts_html(self.shortcut_rows()))

    def show_about(self) -> AboutDialog:
        """The app's version and folders, and the Licences page (not modal)."""
        from campaign_manager.ui.about_dialog import AboutDialog  # with the licences, loaded when first asked for

        dialog = AboutDialog(about_text(self.services.session), self.services.parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def _tell(self, title: str, text: str) -> QMessageBox:
        """A box of help in rich text, built with every name escaped."""
        box = QMessageBox(
            QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, self.services.parent
        )
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setObjectName("helpBox")
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box
