"""A second battle after the first wizard has closed and Qt has deleted it (as in the running
app, where deferred deletes happen between clicks)."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QCoreApplication, QEvent

from campaign_manager.ui.actions import MenuAction
from campaign_manager.ui.main_window import MainWindow


def test_a_new_battle_opens_after_the_last_wizard_was_closed_and_deleted(qtbot, tmp_path):
    made = MainWindow(remember=False, choose_wargame=lambda parent: (None, tmp_path / "game.campaign"))
    qtbot.addWidget(made)
    made.show()
    try:
        made.wargame_actions.new_wargame()
        made.menu_actions[MenuAction.START_TURN].trigger()
        for close in ("reject", "accept"):
            first = made.battle_menu.new_battle()
            gone: list[bool] = []

            def went(*_: object, gone: list[bool] = gone) -> None:
                gone.append(True)

            first.destroyed.connect(went)
            getattr(first, close)()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
            qtbot.waitUntil(partial(bool, gone), timeout=5000)
            second = made.battle_menu.new_battle()
            assert second is not None and second.isVisible()
            second.reject()
    finally:
        made.close()
