"""The window on awkward storage: a read-only campaign opens with a banner and records nothing;
File ▸ Restore from a backup puts an end-of-turn backup back; a backup that cannot be made is
told without losing the turn."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QMessageBox

from campaign_manager.engine.spelling import read_action
from campaign_manager.store import backups, faults
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN

DATA = FULL_CAMPAIGN


@pytest.fixture
def two_turns(tmp_path) -> Path:
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(DATA["turn 1"]))
        campaign.apply(campaign.read_actions(DATA["turn 2"]))
    return path


def _set_read_only(path: Path, on: bool) -> None:
    if os.geteuid() == 0:  # root ignores permission bits: the immutable flag instead
        subprocess.run(["chattr", "+i" if on else "-i", str(path)], check=True)
    else:
        path.chmod(0o444 if on else 0o644)


def test_a_read_only_campaign_opens_with_a_banner_and_records_nothing(make_window, two_turns, qtbot):
    before = two_turns.read_bytes()
    _set_read_only(two_turns, True)
    try:
        window = make_window(two_turns, remember=False)
        storage = window.storage_actions
        qtbot.waitUntil(lambda: storage.banner.isVisible(), timeout=2000)
        assert "Read-only: nothing can be recorded — File ▸ Save a copy to continue" in storage.banner.text()
        assert window.windowTitle().startswith("Shop night — shop.campaign (read-only)")
        assert "Axis" in window.view.panel.headline.text()  # the campaign is shown all the same
        for action in (
            window.menu_actions[MenuAction.UNDO],
            window.menu_actions[MenuAction.REDO],
            window.menu_actions[MenuAction.START_TURN],
            window.menu_actions[MenuAction.END_TURN],
            window.menu_actions[MenuAction.NEW_BATTLE],
            window.menu_actions[MenuAction.RESTORE_BACKUP],
        ):
            assert not action.isEnabled(), action.text()
        assert window.menu_actions[MenuAction.SAVE_COPY].isEnabled()
        roster = window.commanders.ui
        assert not roster.addButton.isEnabled() and not roster.importButton.isEnabled(), "the roster too"
        window.move_troop("GR-INF-1", "C1")  # a drop on the map is refused, the file untouched
        assert "is open read-only" in window.statusBar().currentMessage()
        window.undo()
        assert two_turns.read_bytes() == before
    finally:
        _set_read_only(two_turns, False)
    window.open_campaign(two_turns)  # writable again: the banner goes
    qtbot.waitUntil(lambda: not storage.banner.isVisible(), timeout=2000)
    assert (
        window.menu_actions[MenuAction.UNDO].isEnabled() and window.menu_actions[MenuAction.RESTORE_BACKUP].isEnabled()
    )


def _restore(window, qtbot, pick: str) -> list[str]:
    """File ▸ Restore from a backup, the first backup whose words hold `pick` chosen in the dialog
    with the keyboard and OK clicked: the words offered, newest first."""
    window.menu_actions[MenuAction.RESTORE_BACKUP].trigger()
    dialog = window.storage_actions.dialog
    qtbot.waitUntil(lambda: dialog.isVisible(), timeout=2000)
    combo = dialog.findChild(QComboBox)
    offered = [combo.itemText(i) for i in range(combo.count())]
    combo.setFocus()
    for _ in range(next(i for i, words in enumerate(offered) if pick in words)):
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert pick in combo.currentText()
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    return offered


def test_restore_from_a_backup_puts_the_end_of_turn_one_back(make_window, two_turns, qtbot):
    window = make_window(two_turns, remember=False)
    assert window.session.state.turn == 2
    offered = _restore(window, qtbot, "the end of turn 1")
    assert offered[0].startswith("the end of turn 2 — VP") and offered[1].startswith("the end of turn 1 — VP")
    qtbot.waitUntil(lambda: window.session.is_open and window.session.state.turn == 1, timeout=2000)
    said = window.statusBar().currentMessage()
    assert "Restored the end of turn 1" in said and "shop.before-restore-" in said
    [kept] = backups.before_restore_files(two_turns)
    with CampaignFile.open(kept, readonly=True) as as_it_was:
        assert as_it_was.state.turn == 2


def test_a_second_restore_keeps_the_first_copy_and_any_copy_can_be_put_back(make_window, two_turns, qtbot):
    """Restore never loses work: each restore keeps the campaign as it was in a dated copy of its own
    (two restores in the same second included), offered with the backups, newest first."""
    window = make_window(two_turns, remember=False)
    window.session.record_json([{"type": "note", "text": "work done after the end of turn 2"}])
    _restore(window, qtbot, "the end of turn 1")
    qtbot.waitUntil(lambda: window.session.is_open and window.session.state.turn == 1, timeout=2000)
    [first] = backups.before_restore_files(two_turns)
    first_bytes = first.read_bytes()
    offered = _restore(window, qtbot, "the end of turn 2")
    assert offered[0].startswith("the campaign as it was before the restore of ") and "(turn 2)" in offered[0], (
        "the copy the first restore kept is offered first"
    )
    qtbot.waitUntil(lambda: window.session.is_open and window.session.state.turn == 2, timeout=2000)
    assert window.session.campaign.records[-1]["type"] == "end_turn", "the end-of-turn backup, without the note"
    copies = backups.before_restore_files(two_turns)
    assert len(copies) == 2 and first in copies and first.read_bytes() == first_bytes, "the first copy is untouched"
    offered = _restore(window, qtbot, first.name)  # the work done after turn 2, back
    assert sum(words.startswith("the campaign as it was") for words in offered) == 2
    qtbot.waitUntil(
        lambda: window.session.is_open and window.session.campaign.records[-1].get("type") == "note", timeout=2000
    )
    assert len(backups.before_restore_files(two_turns)) == 3 and first.read_bytes() == first_bytes


def test_a_failed_backup_is_told_and_the_turn_stays_recorded(make_window, tmp_path, qtbot):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(DATA["turn 1"][:-1]))
    (tmp_path / "backups").write_text("not a folder")
    window = make_window(path, remember=False)
    assert window.session.try_record([read_action(window.session.scenario, DATA["turn 1"][-1])]) is None

    def told():
        return [
            box
            for box in window.findChildren(QMessageBox)
            if box.isVisible() and "the end-of-turn backup was not made" in box.text()
        ]

    qtbot.waitUntil(lambda: bool(told()), timeout=2000)
    assert told()[0].text().startswith("The turn is recorded, but")
    told()[0].close()
    assert window.session.state.phase == "strategic"
    with CampaignFile.open(path, readonly=True) as reread:
        assert reread.state.phase == "strategic"


def test_coming_back_to_a_locked_file_says_so_and_keeps_the_window(make_window, two_turns, monkeypatch):
    monkeypatch.setattr(faults, "BUSY_WAIT", 0.2)
    window = make_window(two_turns, remember=False)
    other = sqlite3.connect(two_turns, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        window.check_for_outside_changes()
        assert "is busy" in window.statusBar().currentMessage()
        assert window.session.is_open and window.session.state.turn == 2
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_damaged_backup_is_offered_as_damaged_and_choosing_it_puts_nothing_back(make_window, two_turns, qtbot):
    damaged = backups.backup_path(two_turns, 1)
    damaged.write_bytes(b"not a campaign at all")
    window = make_window(two_turns, remember=False)
    offered = _restore(window, qtbot, "damaged")
    assert any(words.startswith("the end of turn 1 — damaged, cannot be restored: ") for words in offered), offered
    qtbot.waitUntil(
        lambda: any(
            "The backup was not restored: it is damaged" in box.text() for box in window.findChildren(QMessageBox)
        ),
        timeout=2000,
    )
    assert window.session.is_open and window.session.state.turn == 2
    assert backups.before_restore_files(two_turns) == []
