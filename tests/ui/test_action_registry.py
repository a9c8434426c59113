"""The menus are built from one declaration of every action: each stands in one menu, has words
for the status bar, and is switched off when the campaign does not allow it (a read-only file
switches off exactly the actions that write to it)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMenu, QWidget

from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.action_registry import SEPARATOR, ActionRegistry, ActionSpec, MenuSpec
from campaign_manager.ui.actions import MENUS, MenuAction
from campaign_manager.ui.session import CampaignSession


def _items(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions()]


def test_the_menus_are_laid_out_as_declared(make_window):
    window = make_window(remember=False)
    assert list(window.menus) == ["File", "Edit", "View", "Turn", "Battle", "Scenario", "League", "Assist", "Help"]
    assert _items(window.menus["League"]) == [
        "&Scoring…",
        "Export as &CSV…",
        "Export as &HTML…",
        "&Pairings for the next evening",
    ]
    assert _items(window.menus["Scenario"]) == [
        "&Edit a scenario…",
        "Edit a scenario &file…",
        "",
        "Edit this &campaign's scenario…",
    ]
    assert _items(window.menus["Turn"]) == [
        "&Start the next turn…",
        "&Place and redeploy troops…",
        "&End the turn",
        "",
        "Add a &note…",
        "This turn's &requirements",
    ]
    file_items = _items(window.menus["File"])
    assert file_items.index("Restore from a &backup…") == file_items.index("Save a &copy…") + 1
    assert file_items[-1] == "&Quit"
    assert _items(window.menus["Assist"]) == ["The Greek Civil War", "A Greek Tragedy", "Opa Opa"]


def test_every_declared_action_has_a_status_tip(make_window):
    window = make_window(remember=False)
    for key in MenuAction:
        if key is not MenuAction.ASSIST:  # a menu of the bar: its items speak for themselves
            assert window.menu_actions[key].statusTip(), key


def test_an_action_left_out_of_the_menus_is_refused(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    session = CampaignSession(parent)
    declared = {MenuAction.UNDO: ActionSpec("&Undo", lambda: None), MenuAction.REDO: ActionSpec("&Redo", lambda: None)}
    with pytest.raises(ValueError, match="exactly one menu"):
        ActionRegistry(parent, session, declared, [MenuSpec("&Edit", (MenuAction.UNDO,))])
    with pytest.raises(ValueError, match="exactly one menu"):
        ActionRegistry(
            parent, session, declared, [MenuSpec("&Edit", (MenuAction.UNDO, MenuAction.REDO, SEPARATOR))] * 2
        )


def test_read_only_switches_off_exactly_what_writes_to_the_file(make_window, tmp_path, monkeypatch):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as campaign:
        campaign.apply(campaign.read_actions([{"type": "start_turn"}]))
    window = make_window(path, remember=False)
    writable = {key: window.menu_actions[key].isEnabled() for key in MenuAction}
    monkeypatch.setattr(CampaignSession, "read_only", property(lambda self: True))
    window.menu_actions.refresh()
    for key, spec in window.menu_actions.declared.items():
        expected = writable[key] and not spec.records
        assert window.menu_actions[key].isEnabled() == expected, key
    assert writable[MenuAction.UNDO] and writable[MenuAction.START_TURN] and writable[MenuAction.SAVE_COPY]
    assert window.menu_actions[MenuAction.SAVE_COPY].isEnabled(), "a copy is how to carry on"


def test_the_layout_places_each_action_once():
    placed = [
        item
        for menu in MENUS
        for item in (menu.items if isinstance(menu, MenuSpec) else (menu,))
        if item is not SEPARATOR
    ]
    assert sorted(placed) == sorted(MenuAction)
