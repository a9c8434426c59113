"""The campaign file's storage in the window: a banner when the file is read-only (recording,
undo and redo switched off there), a warning when an end-of-turn backup could not be made,
and File ▸ Restore from a backup (the backups listed with their turn and VP)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QLabel, QVBoxLayout, QWidget

from campaign_manager.errors import UserError
from campaign_manager.store.backup_list import Backup, list_backups
from campaign_manager.store.backups import restore_backup

if TYPE_CHECKING:
    from campaign_manager.ui.main_window import MainWindow

BackupChooser = Callable[[QWidget, list[Backup]], "Backup | None"]
READ_ONLY_WORDS = "Read-only: nothing can be recorded — File ▸ Save a copy to continue."


def ask_backup(parent: QWidget, found: list[Backup]) -> Backup | None:
    """Which backup to put back (newest first)."""
    words = [backup.describe() for backup in found]
    chosen, ok = QInputDialog.getItem(
        parent,
        "Restore from a backup",
        "Put the campaign back as it stood at (the campaign as it is now is kept in backups/):",
        words,
        0,
        False,
    )
    return found[words.index(chosen)] if ok and chosen in words else None


class StorageActions:
    """Read-only banner, backup warnings and File ▸ Restore from a backup, for one window."""

    def __init__(self, window: MainWindow, choose_backup: BackupChooser = ask_backup) -> None:
        self.window, self.choose_backup = window, choose_backup
        self.banner = QLabel(READ_ONLY_WORDS, objectName="readOnlyCampaignBanner", wordWrap=True)
        self.banner.setStyleSheet("background:#fff3c4; color:#3a2c00; padding:6px; border:1px solid #d8b84a")
        self.banner.hide()
        self._put_banner_above(window)
        menu = window.menus["file"]
        self.restore_action = window._action(menu, "Restore from a &backup…", self.restore)
        menu.removeAction(self.restore_action)
        menu.insertAction(window.file_menu.copy_action, self.restore_action)
        menu.removeAction(window.file_menu.copy_action)
        menu.insertAction(self.restore_action, window.file_menu.copy_action)  # Save a copy, then Restore
        window.session.changed.connect(self.refresh)  # after the menus' own refreshes
        window.session.changed.connect(self.tell_backup_problem)

    def _put_banner_above(self, window: MainWindow) -> None:
        central = window.takeCentralWidget()  # taken, not deleted, to sit under the banner
        holder = QWidget(window)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banner)
        column.addWidget(central)
        window.setCentralWidget(holder)

    def refresh(self) -> None:
        """Called after the window's own refresh: a read-only campaign records nothing."""
        session = self.window.session
        read_only = session.read_only
        self.banner.setVisible(read_only)
        self.restore_action.setEnabled(session.is_open and not read_only)
        if not read_only:
            return
        window = self.window
        for action in (
            window.undo_action,
            window.redo_action,
            window.import_action,
            window.turn_menu.start_action,
            window.turn_menu.planning_action,
            window.turn_menu.end_action,
            window.turn_menu.note_action,
            window.battle_menu.new_action,
        ):
            action.setEnabled(False)
        window.battle_menu.resolve_menu.setEnabled(False)
        window.battle_menu.abandon_menu.setEnabled(False)

    def tell_backup_problem(self) -> None:
        campaign = self.window.session.campaign
        if campaign is not None and campaign.backup_problem:
            problem, campaign.backup_problem = campaign.backup_problem, None
            self.window.report(f"The turn is recorded, but {problem}")

    def restore(self) -> None:
        session = self.window.session
        if not session.is_open or session.read_only:
            return
        path: Path = session.path
        found = list_backups(path)
        if not found:
            self.window.report("There is no backup of this campaign yet: one is made at every end of turn.")
            return
        chosen = self.choose_backup(self.window, found)
        if chosen is None:
            return
        session.close()  # the file is replaced whole: nothing may hold it open meanwhile
        try:
            kept = restore_backup(chosen.path, path)
        except UserError as exc:
            self.window.report(f"The backup was not restored: {exc}")
            kept = None
        self.window.open_campaign(path)
        if kept is not None:
            self.window.statusBar().showMessage(
                f"Restored {chosen.describe()}; the campaign as it was is kept as {kept.name}", 10000
            )


def install_storage_actions(window: MainWindow, choose_backup: BackupChooser = ask_backup) -> StorageActions:
    return StorageActions(window, choose_backup)
