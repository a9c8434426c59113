"""File ▸ Publish… and Publish after each battle in the window: the folder is written (off the
window's thread, swapped here for a synchronous runner), remembered for the campaign, written
again when a battle is recorded, refused in a sentence when it holds others' files, and never
offered in a plan on a scratch copy."""

from __future__ import annotations

import json

import pytest

from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.publish_actions import PublishActions
from tests.shared import FULL_CAMPAIGN
from tests.ui.test_report_actions import synchronous

TURN_TWO = FULL_CAMPAIGN["turn 2"]
FIRST_BATTLE = next(i for i, a in enumerate(TURN_TWO) if a["type"] == "battle")


@pytest.fixture
def window(open_window):
    made = open_window(FULL_CAMPAIGN["turn 1"] + TURN_TWO[:FIRST_BATTLE])
    made.publish_actions.runner = synchronous
    return made


def _fought(folder) -> int:
    return json.loads((folder / "status.json").read_text(encoding="utf-8"))["battles"]["fought"]


def test_publish_writes_the_folder_chosen_and_remembers_it(window, tmp_path):
    folder = tmp_path / "site"
    offered = []
    window.publish_actions.choose_folder = lambda parent, title, suggested: offered.append(suggested) or folder
    window.menu_actions[MenuAction.PUBLISH].trigger()
    assert (folder / "index.html").exists() and _fought(folder) == 0
    assert "Published" in window.statusBar().currentMessage()
    window.menu_actions[MenuAction.PUBLISH].trigger()
    assert offered[-1] == str(folder), "the folder is offered again"
    again = PublishActions(window.publish_actions.services)
    assert again.folder() == folder


def test_after_each_battle_the_folder_is_written_again(window, tmp_path):
    folder = tmp_path / "site"
    window.publish_actions.choose_folder = lambda parent, title, suggested: folder
    item = window.menu_actions[MenuAction.PUBLISH_AFTER_EACH_BATTLE]
    assert item.isCheckable() and not item.isChecked()
    item.trigger()
    assert _fought(folder) == 0 and window.publish_actions.after_each_battle()
    window.session.record(window.campaign.read_actions([TURN_TWO[FIRST_BATTLE]]))
    assert _fought(folder) == 1
    window.menu_actions[MenuAction.UNDO].trigger()
    assert _fought(folder) == 0, "a battle taken back leaves the page too"
    item.trigger()
    assert not window.publish_actions.after_each_battle()
    window.session.record(window.campaign.read_actions([TURN_TWO[FIRST_BATTLE]]))
    assert _fought(folder) == 0, "no longer published after each battle"


def test_a_folder_holding_others_files_is_refused_in_a_sentence(window, tmp_path):
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "photo.jpg").write_bytes(b"the shop's")
    window.publish_actions.choose_folder = lambda parent, title, suggested: folder
    window.menu_actions[MenuAction.PUBLISH].trigger()
    assert "did not write" in window.statusBar().currentMessage()
    assert [p.name for p in folder.iterdir()] == ["photo.jpg"]
    assert window.publish_actions.folder() is None, "a folder refused is not offered again"
    window.menu_actions[MenuAction.PUBLISH_AFTER_EACH_BATTLE].trigger()
    assert not window.publish_actions.after_each_battle(), "nor written after each battle"


def test_a_plan_on_a_scratch_copy_is_never_published(window):
    window.session.plan = True
    window.session.changed.emit()
    assert not window.menu_actions[MenuAction.PUBLISH].isEnabled()
    assert not window.menu_actions[MenuAction.PUBLISH_AFTER_EACH_BATTLE].isEnabled()


def test_the_names_can_be_left_out_and_that_is_remembered(window, tmp_path):
    folder = tmp_path / "site"
    window.publish_actions.choose_folder = lambda parent, title, suggested: folder
    item = window.menu_actions[MenuAction.PUBLISH_NO_NAMES]
    assert item.isCheckable() and not window.publish_actions.names_left_out()
    item.trigger()
    assert window.publish_actions.names_left_out()
    window.menu_actions[MenuAction.PUBLISH].trigger()
    status = json.loads((folder / "status.json").read_text(encoding="utf-8"))
    assert status["names_shown"] is False
    assert PublishActions(window.publish_actions.services).names_left_out(), "remembered for the campaign"


def test_no_two_items_of_a_menu_share_an_access_key(window):
    """The publishing items took letters already taken (b, n) before: each menu's keys differ."""
    import re

    for top in window.menuBar().actions():
        keys = [m.group(1).lower() for a in top.menu().actions() if (m := re.search(r"&([^&])", a.text()))]
        assert len(keys) == len(set(keys)), (top.text(), sorted(keys))


def test_a_cancelled_folder_choice_leaves_publish_after_each_battle_unticked(window):
    window.publish_actions.choose_folder = lambda parent, title, suggested: None  # Esc in the dialog
    item = window.menu_actions[MenuAction.PUBLISH_AFTER_EACH_BATTLE]
    item.trigger()
    assert not window.publish_actions.after_each_battle()
    assert not item.isChecked(), "the menu says what is so: not published after each battle"


def test_the_folder_offered_first_is_beside_the_campaign_and_chosen_at_once(window, monkeypatch):
    """The dialog chooses only folders that exist: the one suggested is made for it, and taken
    away again (while empty) when another is chosen or the dialog is cancelled."""
    from campaign_manager.ui import publish_actions

    seen = []

    def dialog(parent, title, suggested):
        seen.append((suggested, publish_actions.Path(suggested).is_dir()))
        return "" if len(seen) == 1 else suggested

    monkeypatch.setattr(publish_actions.QFileDialog, "getExistingDirectory", dialog)
    window.publish_actions.choose_folder = publish_actions.ask_folder
    campaign = window.session.path
    expected = campaign.parent / f"{campaign.stem} for the players"
    window.menu_actions[MenuAction.PUBLISH].trigger()
    assert seen == [(str(expected), True)] and not expected.exists(), "cancelled: the empty folder is gone"
    window.menu_actions[MenuAction.PUBLISH].trigger()
    assert (expected / "index.html").exists()


def test_writes_finishing_out_of_turn_never_take_the_folder_back(window, tmp_path):
    """Two writes on the thread pool (turned on, then a battle at once): the older one, run last, is dropped."""
    folder = tmp_path / "site"
    window.publish_actions.choose_folder = lambda parent, title, suggested: folder
    waiting = []
    window.publish_actions.runner = lambda work, done, failed: waiting.append((work, done))
    window.menu_actions[MenuAction.PUBLISH_AFTER_EACH_BATTLE].trigger()  # the battle not yet fought
    window.session.record(window.campaign.read_actions([TURN_TWO[FIRST_BATTLE]]))  # fought
    assert len(waiting) == 2
    for work, done in reversed(waiting):  # the later write finishes first
        done(work())
    assert _fought(folder) == 1, "the page shows the battle, not the moment before it"
