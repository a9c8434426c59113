"""Help ▸ Keyboard shortcuts lists every shortcut the menus have (read from them, never a copy);
Help ▸ About gives the version and where the open campaign and the app's files are kept."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from campaign_manager import __version__
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.help_menu import shortcuts


def _open_box(qtbot, action) -> QMessageBox:
    action.trigger()
    qtbot.waitUntil(lambda: any(isinstance(w, QMessageBox) and w.isVisible() for w in QApplication.topLevelWidgets()))
    box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
    return box


def test_the_shortcuts_list_has_every_menu_shortcut(make_window, qtbot, tmp_path):
    window = make_window(remember=False)
    listed = {(menu, name): keys for menu, name, keys in shortcuts(window)}
    assert listed[("Edit", "Undo")].startswith("Ctrl+Z")
    assert listed[("Battle", "New battle")] == "Ctrl+B"
    assert listed[("Turn", "Start the next turn")] == "Ctrl+T"
    assert listed[("Help", "Keyboard shortcuts")] == "F1", "the usual key for help"
    every = {
        k.toString()
        for a in window.findChildren(type(window.undo_action))
        if a.isVisible() and any(a in m.actions() for m in window.menus.values())
        for k in a.shortcuts()
    }
    assert every <= {k for keys in listed.values() for k in keys.split(" or ")}
    box = _open_box(qtbot, window.help_actions[0])
    assert "Ctrl+B" in box.text() and "Battle ▸ New battle" in box.text()
    box.close()


def test_about_says_the_version_and_where_the_campaign_is(make_window, qtbot, tmp_path):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Shop night").close()
    window = make_window(path, remember=False)
    box = _open_box(qtbot, window.help_actions[1])
    assert __version__ in box.text()
    assert str(Path(path).resolve()) in box.text()
    box.close()


def test_edit_undo_names_the_action_it_takes_back(make_window, tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as made:
        made.apply(
            [
                {"type": "start_turn"},
                {
                    "type": "battle",
                    "from": "B1",
                    "to": "C1",
                    "attacker": {"troops": ["IT-INF-1"]},
                    "defender": {"troops": []},
                },
            ]
        )
    window = make_window(path, remember=False)
    assert window.undo_action.text() == "&Undo battle arrow B1 → C1 (placed, no result yet)"
    messages = []
    window.session.message.connect(messages.append)
    window.undo_action.trigger()
    assert messages[-1] == "Undone: battle arrow B1 → C1 (placed, no result yet)"
    assert window.undo_action.text() == "&Undo start turn"
    window.redo_action.trigger()
    assert messages[-1] == "Redone: battle arrow B1 → C1 (placed, no result yet)"
    listed = {(menu, name) for menu, name, _ in shortcuts(window)}
    assert ("Edit", "Undo") in listed
