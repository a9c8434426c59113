"""The window on hostile files: a campaign file deleted or replaced while it is open is told as
that (not as "read-only"), and File ▸ Save a copy writes the campaign the window holds; a file of
actions that are not actions, or a damaged campaign, is refused in a dialog, never a traceback;
a backup cut off earlier is made again on opening, and said so."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from campaign_manager.engine.actions import Note
from campaign_manager.store import backups
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN


@pytest.fixture
def shop(tmp_path) -> Path:
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"][:4]))
    return path


def told(window, words: str) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox) if box.isVisible() and words in box.text()]


def test_a_file_deleted_under_the_window_is_told_and_a_copy_saved_from_what_it_holds(
    make_window, shop, tmp_path, qtbot
):
    copy = tmp_path / "rescued.campaign"
    window = make_window(
        shop,
        remember=False,
        choose_new=lambda _parent, _title, _suggested=None: copy,
        choose_name=lambda _parent, _title, _suggested, then: then("Shop night"),
    )
    held = list(window.session.campaign.records)
    shop.unlink()
    window.session.try_record([Note("late")])
    window.turn_menu.end_turn()
    qtbot.waitUntil(lambda: bool(told(window, "deleted or moved away while it was open here")), timeout=2000)
    assert not told(window, "read-only")
    window.check_for_outside_changes()  # coming back to the window: said again, nothing breaks
    assert "deleted or moved away" in window.statusBar().currentMessage()
    window.menu_actions[MenuAction.SAVE_COPY].trigger()
    assert "A copy of the campaign was saved as" in window.statusBar().currentMessage()
    with CampaignFile.open(copy, readonly=True) as rescued:
        assert rescued.records == held and rescued.name == "Shop night"


def test_a_file_replaced_under_the_window_is_told_as_that(make_window, shop, tmp_path, qtbot):
    window = make_window(shop, remember=False)
    other = tmp_path / "other.campaign"
    CampaignFile.create(other, name="Another shop").close()
    os.replace(other, shop)
    before = shop.read_bytes()
    window.move_troop("GR-INF-1", "C1")
    qtbot.waitUntil(lambda: bool(told(window, "was replaced by another file")), timeout=2000)
    assert shop.read_bytes() == before


@pytest.mark.parametrize(
    "text, words",
    [("[1]", "item 1 should be an action"), ("[null]", "item 1 should be an action"), ('["x"]', "item 1")],
)
def test_recording_actions_from_a_file_that_holds_no_actions_is_refused_in_a_dialog(
    make_window, shop, tmp_path, qtbot, text, words
):
    actions = tmp_path / "a.json"
    actions.write_text(text)
    window = make_window(shop, remember=False, choose_actions=lambda _parent, _title: actions)
    before = shop.read_bytes()
    window.menu_actions[MenuAction.RECORD_ACTIONS].trigger()
    qtbot.waitUntil(lambda: bool(told(window, words)), timeout=2000)
    assert shop.read_bytes() == before


def test_a_damaged_campaign_is_refused_in_a_dialog_and_left_untouched(make_window, shop, qtbot):
    import sqlite3

    conn = sqlite3.connect(shop)
    conn.execute("UPDATE action SET payload = '[1]' WHERE seq = 2")
    conn.commit()
    conn.close()
    before = shop.read_bytes()
    window = make_window(None, remember=False)
    assert not window.open_campaign(shop)
    qtbot.waitUntil(lambda: bool(told(window, "(table action), row 2")), timeout=2000)
    assert shop.read_bytes() == before and not window.session.is_open


def test_a_backup_cut_off_is_made_again_when_the_window_opens_the_campaign(make_window, shop, tmp_path, qtbot):
    with CampaignFile.open(shop) as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"][4:]))
    made = backups.backup_path(shop, 1)
    made.rename(Path(f"{made}.partial"))  # as a crash in the middle of writing it leaves it
    window = make_window(shop, remember=False)
    qtbot.waitUntil(lambda: bool(told(window, "cut off last time was made again")), timeout=2000)
    assert made.is_file() and not Path(f"{made}.partial").exists()
    assert json.dumps(window.session.campaign.records)  # the campaign itself is open as ever


def test_a_campaign_name_that_is_not_utf8_is_refused_in_a_dialog(make_window, shop, qtbot):
    import sqlite3

    conn = sqlite3.connect(shop)
    conn.execute("UPDATE meta SET value = CAST(x'53686f70ff' AS TEXT) WHERE key = 'name'")
    conn.commit()
    conn.close()
    before = shop.read_bytes()
    window = make_window(shop, remember=False)  # given on the command line: the window still shows
    qtbot.waitUntil(lambda: bool(told(window, 'row "name", is not UTF-8 text')), timeout=2000)
    assert shop.read_bytes() == before and not window.session.is_open


def test_a_batch_past_the_most_actions_is_refused_in_the_window_and_nothing_written(
    make_window, shop, qtbot, monkeypatch
):
    from campaign_manager import bounds

    window = make_window(shop, remember=False)
    held = len(window.session.campaign.records)
    monkeypatch.setattr(bounds, "MAX_LOG", held + 1)
    before = shop.read_bytes()
    said = window.session.try_record([Note("one"), Note("two")])
    assert said is not None and f"2 more actions would take the campaign past {held + 1:,} actions" in said
    assert shop.read_bytes() == before and len(window.session.campaign.records) == held
