"""Battles in the window: the Battle menu and the battle wizard.

`install_battle_actions(window)` adds the Battle menu to the main window: a new battle (the
wizard), resolving an open arrow once its game is played, and abandoning an open arrow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Abandon
from campaign_manager.engine.lookup import label
from campaign_manager.engine.state import BATTLE, PLANNING

if TYPE_CHECKING:
    from campaign_manager.ui.battle.wizard import BattleWizard


class BattleMenu:
    """The Battle menu of `window`; it follows the window's session."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.session = window.session
        menu = window.menus["battle"] = window.menuBar().addMenu("&Battle")
        self.new_action = QAction("&New battle…", window)
        self.new_action.setShortcut(QKeySequence("Ctrl+B"))
        self.new_action.triggered.connect(self.new_battle)
        menu.addAction(self.new_action)
        self.resolve_menu = QMenu("&Resolve an open battle", menu)
        self.abandon_menu = QMenu("&Abandon an open battle", menu)
        menu.addMenu(self.resolve_menu)
        menu.addMenu(self.abandon_menu)
        self.wizard: BattleWizard | None = None
        map_view = getattr(window, "map_view", None)
        if map_view is not None:  # an open arrow on the map: double-click or its menu
            map_view.resolveArrow.connect(lambda origin, target: self._on_map(origin, target, self.resolve))
            map_view.abandonArrow.connect(lambda origin, target: self._on_map(origin, target, self.abandon))
        self.session.changed.connect(self.refresh)
        self.refresh()

    def _on_map(self, origin: str, target: str, then) -> None:
        arrow = self.session.state.open_arrow(origin, target) if self.session.is_open else None
        if arrow is not None:
            then(arrow)

    def refresh(self) -> None:
        during = self.session.is_open and self.session.state.phase in (PLANNING, BATTLE)
        self.new_action.setEnabled(during)
        self.resolve_menu.clear()
        self.abandon_menu.clear()
        arrows = self.session.state.open_arrows if self.session.is_open else ()
        for arrow in arrows:
            sc = self.session.scenario
            words = f"{label(sc, arrow.origin)} → {label(sc, arrow.target)}"
            self.resolve_menu.addAction(words, lambda a=arrow: self.resolve(a))
            self.abandon_menu.addAction(words, lambda a=arrow: self.abandon(a))
        self.resolve_menu.setEnabled(bool(arrows))
        self.abandon_menu.setEnabled(bool(arrows))

    def _open(self, wizard: BattleWizard) -> BattleWizard:
        """Show the wizard beside the map, not over it and not modal: the map stays clickable
        (choosing the arrow there) and readable while the battle is entered."""
        if self.wizard is not None and self.wizard.isVisible():
            self.wizard.close()
        self.wizard = wizard
        wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        wizard.finished.connect(lambda _: self._forget(wizard))  # deleted once closed: never asked again
        wizard.setModal(False)
        frame = self.window.frameGeometry()
        wizard.resize(min(wizard.width(), frame.width() - 32), min(wizard.height(), frame.height() - 90))
        wizard.move(max(frame.left() + 16, frame.right() - wizard.width() - 16), frame.top() + 70)
        wizard.show()
        wizard.activateWindow()  # the keyboard goes to the wizard (Escape cancels it, Enter goes on)
        return wizard

    def _forget(self, wizard: BattleWizard) -> None:
        if self.wizard is wizard:
            self.wizard = None

    def new_battle(self) -> BattleWizard | None:
        from campaign_manager.ui.battle.wizard import BattleWizard  # loaded when first needed

        if not self.session.is_open:
            return None
        computer = getattr(self.window, "computer", None)
        if computer is not None:
            computer.act(before_battle=True)  # the computer's side finishes its planning first
        refusal = legal.first_battle_refusal(self.session.scenario, self.session.state)
        if refusal is not None:  # said before any die is typed, not on the wizard's third page
            self.window.report(f"No battle can begin yet. {refusal}")
            return None
        return self._open(BattleWizard(self.session, self.window, getattr(self.window, "map_view", None)))

    def resolve(self, arrow) -> BattleWizard:
        from campaign_manager.ui.battle.wizard import BattleWizard

        return self._open(BattleWizard(self.session, self.window, getattr(self.window, "map_view", None), arrow))

    def abandon(self, arrow) -> None:
        problem = self.session.try_record([Abandon(arrow.origin, arrow.target)])
        if problem:
            self.window.report(problem)


def install_battle_actions(window: QMainWindow) -> BattleMenu:
    return BattleMenu(window)
