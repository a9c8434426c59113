"""File ▸ Careful computer general: an on/off preference kept in the settings; the computer's next
battle is chosen by the careful general (engine/general_lookahead.py), and its planning moves too."""

from __future__ import annotations

from campaign_manager.engine.general_lookahead import CarefulPolicy
from campaign_manager.ui import settings
from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.main_window import MainWindow


def test_the_careful_general_is_a_preference_the_computer_s_next_battle_follows(qtbot, tmp_path):
    made = MainWindow(remember=False, choose_wargame=lambda parent: ("axis", tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    try:
        made.wargame_actions.new_wargame()
        item = made.menu_actions[MenuAction.CAREFUL_GENERAL]
        assert item.isCheckable() and not item.isChecked() and settings.computer_general() == "quick"
        item.trigger()
        assert item.isChecked() and settings.computer_general() == "careful", "kept in the settings"
        assert isinstance(made.computer.driver.players["axis"], CarefulPolicy)
        made.menu_actions[MenuAction.START_TURN].trigger()
        wizard = made.battle_menu.new_battle()
        assert isinstance(wizard.draft.driver.players["axis"], CarefulPolicy)
        assert wizard.pages["arrow"].chosen() is not None, "the careful general places its arrow"
        item.trigger()
        assert not item.isChecked() and settings.computer_general() == "quick"
        assert not isinstance(made.computer.driver.players["axis"], CarefulPolicy)
    finally:
        made.close()
