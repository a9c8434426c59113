"""A battle entry kept with the campaign that cannot be read (a damaged or changed file) never
keeps the campaign shut: the window opens it, says so in a line and offers to throw the entry
away (logged as a `discard`, with the dice the app rolled that can still be read); the command
line shows the campaign with a one-line warning and `discard-entry` throws it away."""

from __future__ import annotations

import json
import sqlite3

from PySide6.QtWidgets import QMessageBox

from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import run

DAMAGED = '{"dice": {"mission_die": 5}, "rolled_by_app": ["mission_die"], "page": "nowhere"}'


def _damaged(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions([{"type": "start_turn"}]))
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO draft VALUES (1, ?, 't')", (DAMAGED,))
    conn.commit()
    conn.close()
    return path


def _question(window) -> QMessageBox:
    box = window.findChild(QMessageBox, "damagedEntryQuestion")
    assert box is not None and box.isVisible(), "a damaged entry is not offered to be thrown away"
    return box


def test_the_window_opens_a_campaign_with_a_damaged_entry_and_offers_to_throw_it_away(make_window, qtbot, tmp_path):
    path = _damaged(tmp_path)
    window = make_window(path, remember=False)
    assert window.campaign is not None and window.campaign.state.turn == 1
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "damagedEntryQuestion") is not None)
    box = _question(window)
    assert "page" in box.text() and "cannot be read" in box.text()
    assert box.escapeButton().objectName() == "not_now", "Escape must keep the entry"
    [throw] = [b for b in box.buttons() if b.objectName() == "throw_it_away"]
    throw.click()
    qtbot.waitUntil(lambda: window.campaign.records[-1]["type"] == "discard")
    discard = window.campaign.records[-1]
    assert discard["dice"] == {"mission_die": 5} and "page" in discard["damaged"]
    assert window.campaign.entry_damage() is None


def test_not_now_keeps_the_entry_and_a_new_battle_asks_again(make_window, qtbot, tmp_path):
    path = _damaged(tmp_path)
    window = make_window(path, remember=False)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "damagedEntryQuestion") is not None)
    length = len(window.campaign.records)
    _question(window).escapeButton().click()
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "damagedEntryQuestion") is None)
    assert len(window.campaign.records) == length and window.campaign.entry_damage() is not None
    assert window.battle_menu.new_battle() is None  # asked first, never the wizard over the damaged entry
    _question(window)
    assert len(window.campaign.records) == length


def test_the_command_line_shows_the_campaign_and_throws_the_entry_away(tmp_path, capsys):
    path = _damaged(tmp_path)
    code, out, err = run(capsys, "show", str(path))
    assert code == 0 and "turn 1" in out.lower()
    assert len(err.strip().splitlines()) == 1 and "cannot be read" in err and "discard-entry" in err
    code, out, err = run(capsys, "discard-entry", str(path))
    assert code == 0 and "damaged battle entry" in out and "(5)" in out
    code, out, _ = run(capsys, "log", str(path), "--json")
    assert json.loads(out)[-1]["type"] == "discard"
    code, _, err = run(capsys, "show", str(path))
    assert code == 0 and err == ""
