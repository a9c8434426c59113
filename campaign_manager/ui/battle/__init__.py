"""Battles in the window: what the Battle menu does, and the battle wizard.

`BattleActions` starts a new battle (the wizard), resolves an open arrow once its game is played
(the wizard on its result page), and abandons an open arrow; the map's open arrows offer the same.
A battle entered earlier and kept for later is offered first: carried on, or thrown away (its
dice the app rolled named in the history), or neither.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from campaign_manager.engine import legal
from campaign_manager.engine.actions import Abandon
from campaign_manager.engine.entry import BattleEntry
from campaign_manager.engine.lookup import label
from campaign_manager.engine.state import Arrow
from campaign_manager.i18n import _
from campaign_manager.ui.battle import keeping
from campaign_manager.ui.map.beside import beside, covered_width, free_area
from campaign_manager.ui.map.view import MapView
from campaign_manager.ui.wargame.computer import ComputerSide
from campaign_manager.ui.window_services import WindowServices

if TYPE_CHECKING:
    from campaign_manager.ui.battle.wizard import BattleWizard


class BattleActions:
    """What the Battle menu does; the wizard it opens stands beside the window, not over it."""

    def __init__(self, services: WindowServices, map_view: MapView, computer: ComputerSide) -> None:
        self.services = services
        self.session = services.session
        self.map_view = map_view
        self.computer = computer
        self.wizard: BattleWizard | None = None
        self.question: QMessageBox | None = None  # a kept battle offered, while it is asked
        self.closing: QMessageBox | None = None  # closing the window with a battle in hand, while it is asked
        self.close_agreed = False
        map_view.resolveArrow.connect(self._resolve_on_map)  # an open arrow on the map: double-click
        map_view.abandonArrow.connect(self._abandon_on_map)  # or its menu
        self.session.switched.connect(lambda: QTimer.singleShot(0, self.offer_to_discard_damaged))

    def offer_to_discard_damaged(self, then: Callable[[], object] | None = None) -> bool:
        """A kept battle entry that cannot be read keeps nothing shut: said in a line, and offered
        to be thrown away (logged, with the dice the app rolled that can still be read). Returns
        whether it was offered; `then` follows once it is thrown away."""
        damage = self.session.entry_damage() if self.session.is_open else None
        if damage is None or keeping.asking(self.question):
            return damage is not None

        def discard() -> None:
            problem = self.session.discard_damaged_entry()
            if problem:
                self.services.report(problem)
            elif then is not None:
                then()

        self.services.tell(
            _("The campaign is open, but the battle being entered kept with it cannot be read ({problem}).").format(
                problem=damage
            ),
            10000,
        )
        self.question = keeping.ask(
            self.services.parent,
            "damagedEntryQuestion",
            _("The battle being entered that was kept with this campaign cannot be read ({problem}).").format(
                problem=damage
            ),
            _(
                "The campaign itself is whole. Throw the entry away? The history will say so, with every die the "
                "app had rolled for it that can still be read. Not now: it stays as it is, and Battle ▸ New battle "
                "asks again."
            ),
            [
                (_("&Not now"), QMessageBox.ButtonRole.RejectRole, None, None),
                (_("&Throw it away"), QMessageBox.ButtonRole.DestructiveRole, discard, None),
            ],
        )
        return True

    def _resolve_on_map(self, origin: str, target: str) -> None:
        arrow = self._arrow(origin, target)
        if arrow is not None:
            self.resolve(arrow)

    def _abandon_on_map(self, origin: str, target: str) -> None:
        arrow = self._arrow(origin, target)
        if arrow is not None:
            self.abandon(arrow)

    def _arrow(self, origin: str, target: str) -> Arrow | None:
        return self.session.state.open_arrow(origin, target) if self.session.is_open else None

    def fill_resolve(self, menu: QMenu) -> None:
        """Battle ▸ Resolve an open battle: one item per open arrow."""
        for arrow, words in self._open_arrows():
            menu.addAction(words, partial(self.resolve, arrow))

    def fill_abandon(self, menu: QMenu) -> None:
        """Battle ▸ Abandon an open battle: one item per open arrow."""
        for arrow, words in self._open_arrows():
            menu.addAction(words, partial(self.abandon, arrow))

    def _open_arrows(self) -> list[tuple[Arrow, str]]:
        if not self.session.is_open:
            return []
        sc = self.session.scenario
        return [(a, f"{label(sc, a.origin)} → {label(sc, a.target)}") for a in self.session.state.open_arrows]

    def _open(self, wizard: BattleWizard) -> BattleWizard:
        """Show the wizard beside the map, not over it and not modal: the map stays clickable
        (choosing the arrow there) and readable while the battle is entered."""
        self.wizard = wizard
        wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        wizard.finished.connect(lambda _: self._forget(wizard))  # deleted once closed: never asked again
        wizard.setModal(False)
        wizard.show()
        self._place(wizard)  # shown first: its frame (title bar, borders) is known then
        wizard.activateWindow()  # the keyboard goes to the wizard (Escape cancels it, Enter goes on)
        return wizard

    def _place(self, wizard: BattleWizard) -> None:
        """Beside the map and on the screen (ui/map/beside.py); where that covers part of the
        map, the map is drawn whole in the rest until the wizard closes."""
        view = self.map_view
        map_rect = QRect(view.mapToGlobal(QPoint(0, 0)), view.size())
        frame_extra = wizard.frameGeometry().size() - wizard.geometry().size()  # title bar and borders
        placed = beside(wizard.size() + frame_extra, map_rect, free_area(self.services.parent))
        wizard.resize(placed.size() - frame_extra)
        wizard.move(placed.topLeft())
        view.keep_clear(covered_width(placed, map_rect))
        wizard.installEventFilter(_KeepingClear(wizard, view))  # moved by the user: the map follows
        wizard.finished.connect(lambda _: view.keep_clear(0))

    def ask_before_closing(self, close: Callable[[], object]) -> bool:
        """The window is closed by hand while a battle is being entered: say what becomes of it
        (nothing recorded; kept as typed and offered again, or lost where the file could not keep
        it) and `close` once that is answered. Returns whether the close waits for the answer."""
        wizard = self.wizard
        if self.close_agreed or wizard is None or not wizard.isVisible() or not wizard.has_entries():
            return False
        if keeping.asking(self.closing):
            return True

        def agreed() -> None:
            self.close_agreed = True
            close()

        lost = wizard.kept_line.text()
        Choice = tuple[str, QMessageBox.ButtonRole, Callable[[], object] | None, str | None]
        go_back: Choice = (_("&Go back"), QMessageBox.ButtonRole.RejectRole, None, None)
        choices: list[Choice]
        if lost:
            detail = _("Nothing of it is recorded yet. {where} Closing now loses it.").format(where=lost)
            choices = [go_back, (_("&Close and lose it"), QMessageBox.ButtonRole.DestructiveRole, agreed, None)]
        else:
            detail = _(
                "Nothing of it is recorded yet. It is kept in the campaign file as typed: open this "
                "campaign again and Battle ▸ New battle offers it back."
            )
            choices = [(_("&Close the window"), QMessageBox.ButtonRole.AcceptRole, agreed, None), go_back]
        words = keeping.entry_words(self.session.scenario, wizard.draft.entry)
        self.closing = keeping.ask(
            self.services.parent,
            "closeQuestion",
            _("A battle is being entered: {battle}.").format(battle=words),
            detail,
            choices,
        )
        return True

    def _forget(self, wizard: BattleWizard) -> None:
        if self.wizard is wizard:
            self.wizard = None

    def _in_hand(self) -> BattleWizard | None:
        """The wizard already open (brought to the front: one battle is entered at a time)."""
        if self.wizard is not None and self.wizard.isVisible():
            self.wizard.raise_()
            self.wizard.activateWindow()
            self.services.tell(_("A battle is being entered: finish it, or Cancel it first."), 6000)
            return self.wizard
        return None

    def new_battle(self) -> BattleWizard | None:
        """The wizard on a new battle, or first the question on a battle kept for later (then None:
        the answer opens the wizard)."""
        from campaign_manager.ui.battle.wizard import BattleWizard  # loaded when first needed

        if not self.session.is_open:
            return None
        if (open_now := self._in_hand()) is not None:
            return open_now
        if self.offer_to_discard_damaged(then=self.new_battle):
            return None
        self.computer.act(before_battle=True)  # the computer's side finishes its planning first
        kept = self.session.kept_entry()
        if kept is not None:
            self._offer(kept, _("a new battle"), self.new_battle)
            return None
        refusal = legal.battle_refusal(self.session.scenario, self.session.state)
        if refusal is not None:  # said before any die is typed, not on the wizard's third page
            self.services.report(_("No battle can begin now. {refusal}").format(refusal=refusal))
            return None
        return self._open(BattleWizard(self.session, self.services.parent, self.map_view))

    def resolve(self, arrow: Arrow) -> BattleWizard | None:
        """The wizard on an open arrow's result, or first the question on a battle kept for later."""
        from campaign_manager.ui.battle.wizard import BattleWizard

        if (open_now := self._in_hand()) is not None:
            return open_now
        if self._offer_abandon(arrow) or self.offer_to_discard_damaged(then=partial(self.resolve, arrow)):
            return None
        kept = self.session.kept_entry()
        if kept is not None:
            sc = self.session.scenario
            self._offer(kept, f"{label(sc, arrow.origin)} → {label(sc, arrow.target)}", partial(self.resolve, arrow))
            return None
        return self._open(BattleWizard(self.session, self.services.parent, self.map_view, arrow))

    def _offer_abandon(self, arrow: Arrow, kept: BattleEntry | None = None) -> bool:
        """An open arrow gone stale (RULES.md 1.4: its attacker lost the area it comes from, or
        every troop committed there) cannot be fought: say why and offer to abandon it (and to
        throw away the result kept for it). Returns whether it was stale."""
        sc = self.session.scenario
        refusal = legal.stale_arrow_refusal(sc, self.session.state, arrow)
        if refusal is None:
            return False
        words = f"{label(sc, arrow.origin)} → {label(sc, arrow.target)}"

        def abandon() -> None:
            if kept is not None and (problem := self.session.discard_entry(kept, keeping.battle_words(sc, kept))):
                self.services.report(problem)
                return
            self.abandon(arrow)

        self.question = keeping.ask(
            self.services.parent,
            "staleArrowQuestion",
            _("The arrow {arrow} cannot be fought any more.").format(arrow=words),
            _(
                "{refusal} It is abandoned: no result, no VP and no roll to destroy; its troops and any "
                "sortie are free again."
            ).format(refusal=refusal),
            [
                (_("&Abandon the arrow"), QMessageBox.ButtonRole.AcceptRole, abandon, None),
                (_("&Go back"), QMessageBox.ButtonRole.RejectRole, None, None),
            ],
        )
        return True

    def carry_on(self, kept: BattleEntry) -> BattleWizard | None:
        """The wizard on a battle kept for later, walked again to the page it was left on."""
        from campaign_manager.ui.battle.wizard import BattleWizard

        arrow = None
        if kept.open_arrow is not None:
            arrow = self.session.state.open_arrow(*kept.open_arrow)
            if arrow is None:  # resolved or abandoned meanwhile: nothing to carry on with
                self.services.report(
                    _(
                        "The battle kept for later was the result of {arrow}, which is no longer an open arrow: "
                        "discard it (Battle ▸ New battle offers it)."
                    ).format(arrow=" → ".join(kept.open_arrow))
                )
                return None
            if self._offer_abandon(arrow, kept):
                return None
        return self._open(BattleWizard(self.session, self.services.parent, self.map_view, arrow, kept))

    def _offer(self, kept: BattleEntry, asked: str, afresh: Callable[[], object]) -> None:
        """Offer the battle kept for later before `asked` (what was asked for): carry on with it,
        throw it away and start `asked` afresh, or go back."""
        sc = self.session.scenario
        refused = keeping.discard_refusal(self.session, kept)

        def discard() -> None:
            problem = self.session.discard_entry(kept, keeping.battle_words(sc, kept))
            if problem:
                self.services.report(problem)
                return
            afresh()

        self.question = keeping.ask(
            self.services.parent,
            "keptBattleQuestion",
            _("A battle was kept for later: {battle}.").format(battle=keeping.entry_words(sc, kept)),
            _("Carry on with it. {refusal}").format(refusal=refused)
            if refused
            else _("Carry on with it, or discard it and start {asked}.").format(asked=asked) + keeping.on_record(kept),
            [
                (_("&Carry on with it"), QMessageBox.ButtonRole.AcceptRole, partial(self.carry_on, kept), None),
                (_("&Discard it"), QMessageBox.ButtonRole.DestructiveRole, discard, refused),
                (_("&Go back"), QMessageBox.ButtonRole.RejectRole, None, None),
            ],
        )

    def abandon(self, arrow: Arrow) -> None:
        problem = self.session.try_record([Abandon(arrow.origin, arrow.target)])
        if problem:
            self.services.report(problem)


class _KeepingClear(QObject):
    """Watches the wizard: wherever it is moved (or resized), the map is drawn whole in the part
    of the map it leaves uncovered (all of it once the wizard is moved off the map)."""

    def __init__(self, wizard: QWidget, view: MapView) -> None:
        super().__init__(wizard)
        self.view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        moved = event.type() in (QEvent.Type.Move, QEvent.Type.Resize)
        if moved and isinstance(watched, QWidget) and watched.isVisible():
            view = self.view
            map_rect = QRect(view.mapToGlobal(QPoint(0, 0)), view.size())
            view.keep_clear(covered_width(watched.frameGeometry(), map_rect))
        return False
