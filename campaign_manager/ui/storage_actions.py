"""The campaign file's storage in the window: a banner when the file is read-only (recording,
undo and redo switched off there), a warning when an end-of-turn backup could not be made,
and File ▸ Restore from a backup (the backups listed with their turn and VP)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QLabel, QWidget

from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.store.backup_list import Backup, list_backups
from campaign_manager.store.backups import restore_backup
from campaign_manager.ui.ink import notice_style
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.window_services import WindowServices

READ_ONLY_WORDS = N_("Read-only: nothing can be recorded — File ▸ Save a copy to continue.")


def backup_dialog(parent: QWidget, found: list[Backup], chosen: Callable[[Backup], None]) -> QInputDialog:
    """Which backup to put back (newest first), asked without blocking: `chosen` is called with
    the one picked when OK is pressed."""
    words = [backup.describe() for backup in found]
    dialog = QInputDialog(parent)
    dialog.setObjectName("restoreBackup")
    dialog.setWindowTitle(_("Restore from a backup"))
    dialog.setLabelText(
        _(
            "Put the campaign back as it stood at (the campaign as it is now is kept in backups/, in a copy of its "
            "own listed here next time):"
        )
    )
    dialog.setComboBoxItems(words)
    dialog.setComboBoxEditable(False)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.textValueSelected.connect(lambda text: chosen(found[words.index(text)]) if text in words else None)
    dialog.open()
    return dialog


def banner_words(session: CampaignSession) -> str:
    """Why nothing can be recorded in the open campaign, in a line."""
    if session.offline is not None and not session.read_only:
        return _(
            "The server cannot be reached: what you record is kept on this computer, marked pending, and sent "
            "to the server in order once it answers (the window tries every few seconds)."
        )
    if session.offline is not None:
        return _(
            "The server cannot be reached: the campaign is shown as it stood, read-only. The window tries again "
            "every few seconds and carries on by itself once the server answers."
        )
    wrong = session.campaign.wrong_row if session.campaign is not None else None
    if wrong is not None:  # a row the app cannot use, named: the campaign is shown up to it
        return _("This campaign is read-only here: {problem}.").format(problem=wrong)
    if session.role == "viewer":
        return _("You are a viewer of this shared campaign: you see every action as it is recorded, and record none.")
    return _(READ_ONLY_WORDS)


class StorageActions:
    """The read-only banner (the window places it above everything), backup warnings, and what
    File ▸ Restore from a backup does."""

    def __init__(self, services: WindowServices) -> None:
        self.services = services
        self.dialog: QInputDialog | None = None  # the backup being chosen
        self.banner = QLabel(_(READ_ONLY_WORDS), wordWrap=True)
        self.banner.setObjectName("readOnlyCampaignBanner")
        self.banner.setTextFormat(Qt.TextFormat.PlainText)  # it may quote what a row holds
        self.banner.setStyleSheet(notice_style())
        self.banner.hide()
        services.session.changed.connect(self.refresh)
        services.session.changed.connect(self.tell_backup_problem)

    def refresh(self) -> None:
        session = self.services.session
        self.banner.setText(banner_words(session))
        self.banner.setVisible(session.read_only or session.offline is not None)

    def tell_backup_problem(self) -> None:
        campaign = self.services.session.campaign
        if campaign is not None and campaign.backup_notice:
            notice, campaign.backup_notice = campaign.backup_notice, None
            self.services.report(notice[:1].upper() + notice[1:] + ".")
        if campaign is not None and campaign.backup_problem:
            problem, campaign.backup_problem = campaign.backup_problem, None
            self.services.report(_("The turn is recorded, but {problem}").format(problem=problem))

    def restore(self) -> None:
        session = self.services.session
        path = session.path
        if path is None or session.read_only:
            return
        found = list_backups(path)
        if not found:
            self.services.report(_("There is no backup of this campaign yet: one is made at every end of turn."))
            return
        self.dialog = backup_dialog(self.services.parent, found, self.put_back)

    def put_back(self, chosen: Backup) -> None:
        """Put the chosen backup in place of the open campaign (kept first in a dated copy)."""
        self.dialog = None
        session = self.services.session
        path = session.path
        if path is None or session.read_only:
            return
        if chosen.damage is not None:  # listed to be seen, never put back
            self.services.report(
                _("The backup was not restored: it is damaged: {damage}.").format(damage=chosen.damage)
            )
            return
        session.close()  # the file is replaced whole: nothing may hold it open meanwhile
        try:
            kept = restore_backup(chosen.path, path)
        except UserError as exc:
            self.services.report(_("The backup was not restored: {error}").format(error=exc))
            kept = None
        self.services.open_campaign(path)
        if kept is not None:
            self.services.tell(
                _("Restored {backup}; the campaign as it was is kept as {file}").format(
                    backup=chosen.describe(), file=kept.name
                ),
                10000,
            )
