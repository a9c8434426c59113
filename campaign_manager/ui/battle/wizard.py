"""The battle wizard: one page per step of a battle (rules 1.4–1.8), offering only what the
engine says is legal, and recording one action through the campaign session at the end.

A new arrow runs initiative → arrow → commitments (and the suggested mission) → result →
roll to destroy → retreat (when the engine asks) → advance (when the attacker took the area) →
record. The arrow can instead be left open after the commitments while the game is played;
resolving it later starts at the result. Every die is typed in or rolled on its page, shown
before it counts, and recorded (marked when the app rolled it). Each page owns its step
(ui/battle/pages.py) and shows one of the turn driver's questions; which page follows is the
driver's to say (ui/battle/order.py); the wizard walks the pages, keeps the way back, records.

Nothing entered is lost: every change is kept in the campaign file as it is made (the battle's
entry, beside the log: engine/entry.py), Back keeps the pages ahead, closing with entries asks
whether to keep them (ui/battle/keeping.py), and a wizard opened on a kept entry walks again to
the page it was left on, every box and die as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.actions import Action
from campaign_manager.engine.entry import BattleEntry
from campaign_manager.engine.state import Arrow
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store.campaign_file import ActionRefused
from campaign_manager.ui import ink
from campaign_manager.ui.accessible import name_fields
from campaign_manager.ui.battle import keeping
from campaign_manager.ui.battle.after_pages import AdvancePage, DestroyPage, RetreatPage, SummaryPage
from campaign_manager.ui.battle.arrow_pages import ArrowPage, InitiativePage
from campaign_manager.ui.battle.commit_page import CommitPage
from campaign_manager.ui.battle.draft import BattleDraft
from campaign_manager.ui.battle.order import next_page
from campaign_manager.ui.battle.pages import Page, Refused, Step, chain_tabs, named
from campaign_manager.ui.battle.result_pages import ResultPage
from campaign_manager.ui.one_press import OnePressPerDoubleClick
from campaign_manager.ui.session import CampaignSession

if TYPE_CHECKING:
    from campaign_manager.ui.map.view import MapView

PAGES: tuple[type[Page], ...] = (
    InitiativePage,
    ArrowPage,
    CommitPage,
    ResultPage,
    DestroyPage,
    RetreatPage,
    AdvancePage,
    SummaryPage,
)


class BattleWizard(QDialog):
    """A battle from initiative to advance. Give `open_arrow` to resolve an arrow placed earlier,
    `entry` to carry on with a battle kept for later."""

    def __init__(
        self,
        session: CampaignSession,
        parent: QWidget | None = None,
        map_view: MapView | None = None,
        open_arrow: Arrow | None = None,
        entry: BattleEntry | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("battleWizard")
        self.setWindowTitle(_("Battle"))
        self.resize(640, 520)
        self.session, self.map_view, self.open_arrow = session, map_view, open_arrow
        self.draft = BattleDraft.begin(session, map_view, open_arrow, entry)
        self.stack = QStackedWidget(self)
        self.pages: dict[Step, Page] = {}
        for kind in PAGES:
            self._add(kind(self.draft))
        self.history: list[Step] = []
        self._refused: Page | None = None
        self._recorded = False  # once recorded, nothing records again (a double click's second press)
        self._entering = self._keeping = self._leaving = False  # filling a page; keeping; closing unasked
        self._blank: BattleEntry | None = None  # the entry of this wizard before anything was entered
        self._saved: BattleEntry | None = entry  # the entry as the file holds it
        self.question: QMessageBox | None = None  # keep, discard or go back, while it is asked
        self._lay_out(self._buttons())
        if map_view is not None:
            map_view.areaClicked.connect(self._area_clicked)
        self.finished.connect(self._clear_map)
        self.finished.connect(self._back_to_window)
        self._seen = self._log_mark()  # the log as the wizard last knew it (`_campaign_changed`)
        session.changed.connect(self._campaign_changed)
        session.switched.connect(self._campaign_switched)
        self._start(entry)

    def _start(self, entry: BattleEntry | None) -> None:
        """A new battle on its first page (nothing kept until something is entered), or a battle
        kept for later walked again to where it was left."""
        if entry is not None:
            self._keeping = True
            self._resume(entry)
            return
        # The first page has nothing before it: no Back (the stack's first widget is not a visit).
        self._go(self._first(), remember=False)
        self._blank = self.draft.entry
        self._keeping = True

    def _add(self, page: Page) -> None:
        self.pages[page.step] = page
        self.stack.addWidget(page)
        page.changed.connect(lambda page=page: self._kept(page))
        page.changed.connect(self._update)
        page.changed.connect(lambda page=page: self._mended(page))
        page.go_on.connect(self.next)

    def _buttons(self) -> QHBoxLayout:
        buttons = QHBoxLayout()
        # Tab never lands on Cancel or Back (Escape cancels, Alt+B goes back): typing a box, Tab,
        # then Enter goes on, and never throws the battle away.
        self.cancel_button = QPushButton(_("Cancel"), self)
        self.cancel_button.setToolTip(_("Close the battle; what was entered can be kept for later (Escape)"))
        self.back_button = QPushButton(_("< &Back"), self)
        for button in (self.cancel_button, self.back_button):
            button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.open_button = QPushButton(_("Place the arrow, result later"), self)
        self.open_button.setToolTip(_(keeping.OPEN_TIP))
        self.next_button, self.record_button = QPushButton(_("Next >"), self), QPushButton(_("Record the battle"), self)
        # Every button keeps its place from page to page, so the second press of a double click
        # never lands on a button that records: Record is always in sight (greyed until the last
        # page) beside Next (greyed there), and Place the arrow, shown on one page only, sits
        # by Cancel, where no Back or Next is pressed.
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        for button in (self.back_button, self.next_button, self.record_button):
            buttons.addWidget(button)
        self.cancel_button.clicked.connect(self.reject)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.open_button.clicked.connect(self.leave_open)
        self.record_button.clicked.connect(self.record)
        self._one_press = OnePressPerDoubleClick(self.next_button, self.back_button)
        return buttons

    def _lay_out(self, buttons: QHBoxLayout) -> None:
        # A page taller or wider than the wizard scrolls: the wizard keeps its size, inside the window.
        self.scroller = QScrollArea(self)
        self.scroller.setObjectName("pageScroll")
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setWidget(self.stack)
        # Where the entry is kept, when it is not in the file (a read-only campaign, a full disk).
        self.kept_line = named(QLabel(), "keptWhere")
        self.kept_line.setStyleSheet(ink.refusal_style(bold=False))
        self.kept_line.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroller, 1)
        layout.addWidget(self.kept_line)
        layout.addLayout(buttons)
        # As wide as its widest page in a longer language (to 900), so only a tall page scrolls.
        self.resize(max(640, min(900, self.stack.minimumSizeHint().width() + 30)), 520)

    # -- navigation ---------------------------------------------------------------------------

    @property
    def page(self) -> Page:
        return next(page for page in self.pages.values() if page is self.stack.currentWidget())

    @property
    def page_name(self) -> Step:
        return self.page.step

    def _go(self, step: Step, remember: bool = True) -> None:
        if remember and self.history[-1:] != [self.page_name]:
            self.history.append(self.page_name)
        page = self.pages[step]
        page.problem.setText("")  # before entering: what the page says on entry stays
        self._entering = True
        try:
            page.enter()
        finally:
            self._entering = False
        self.stack.setCurrentWidget(page)
        for bar in (self.scroller.verticalScrollBar(), self.scroller.horizontalScrollBar()):
            bar.setValue(0)  # each page opens at its top, never where a tall page before it was left
        name_fields(self)  # the rows laid out so far: each field named by its label
        page.keep()  # the computer's choices made on entering, and the boxes as shown
        self.draft.note(page=step, visited=tuple(self.history))
        self._update()
        self._chain_tabs(page, focus=True)
        self._save()

    def _chain_tabs(self, page: Page, focus: bool = False) -> None:
        """Tab goes from box to box on the page, then to the button that goes on (Next, or Record
        on the last page), then to Place the arrow (pages.chain_tabs)."""
        going_on = self.record_button if page.step == Step.SUMMARY else self.next_button
        chain_tabs(page, (going_on, self.open_button), focus)

    def _first(self) -> Step:
        """The page of the battle's first question (the result of an open arrow, the initiative,
        or the arrow when the attacker is known)."""
        found = next_page(self.draft, ())
        return Step.INITIATIVE if isinstance(found, Refused) else found

    def _following(self) -> Step | Refused:
        """The page after the one in sight: the turn driver's next question, given the answers
        of the pages passed on the way here and of this one."""
        return next_page(self.draft, {*self.history, self.page_name}, leaving=self.page_name)

    def back(self) -> None:
        self.page.going_back()
        if self.history:
            step = self.history.pop()
            next_page(self.draft, set(self.history))  # the question of the page gone back to, asked again
            self._go(step, remember=False)

    def _resume(self, entry: BattleEntry) -> None:
        """Walk again through the pages a kept battle went through, each filled as it was, to the
        page it was left on; where the campaign has changed so that it no longer goes the same
        way, stop there and say so."""
        steps = [*entry.visited, entry.page]
        next_page(self.draft, ())
        self._go(steps[0], remember=False)
        for wanted in steps[1:]:
            found = self.page.leave() or self._following()
            if found != wanted:
                self.page.problem.setText(
                    found.words
                    if isinstance(found, Refused)
                    else _("This battle was kept further on, but it no longer goes the same way: check this page.")
                )
                return
            self._go(found)
        if entry.log_length != self.session.log_length():
            self.page.problem.setText(
                _(
                    "The campaign changed since this battle was kept for later (another action, undo or redo): "
                    "check these choices."
                )
            )

    def next(self) -> None:
        page = self.page
        left = page.leave()
        found = self._following() if left is None and not page.asks_first() else left
        if isinstance(found, Refused):
            page.problem.setText(found.words)
            self._refused = page
        elif found is not None:
            self._go(found)

    # -- keeping what is entered ---------------------------------------------------------------

    def _kept(self, page: Page) -> None:
        """A change on a page: into the entry, and the entry into the file."""
        if self._entering or page is not self.page:
            return
        page.keep()
        self._save()

    def _save(self) -> None:
        """Keep the entry in the campaign file (a write of its own, not an action) when it
        changed; a wizard where nothing was entered keeps nothing."""
        if not self._keeping:
            return
        entry = self.draft.entry
        wanted = None if entry == self._blank else entry
        if wanted == self._saved:
            return
        problem = self.session.keep_entry(wanted)
        self._saved = wanted
        self.kept_line.setText(problem[:1].upper() + problem[1:] + "." if problem else "")
        self.kept_line.setVisible(bool(problem))

    def has_entries(self) -> bool:
        return self.draft.entry != self._blank

    def reject(self) -> None:
        """Cancel, Escape or the window's close button: with entries, ask first (Keep for later,
        Discard, Go back); Escape on that question goes back, never discards."""
        if self._leaving or not self.has_entries():
            self._leaving = True
            super().reject()
            return
        if keeping.asking(self.question):
            return
        draft = self.draft
        refused = keeping.discard_refusal(self.session, draft.entry)
        self.question = keeping.ask(
            self,
            "keepQuestion",
            _("Keep what was entered for this battle?"),
            keeping.keep_detail(refused, draft.entry),
            [
                (_("&Keep for later"), QMessageBox.ButtonRole.AcceptRole, self.keep_for_later, None),
                (_("&Discard"), QMessageBox.ButtonRole.DestructiveRole, self.discard, refused),
                (_("&Go back"), QMessageBox.ButtonRole.RejectRole, None, None),
            ],
        )

    def keep_for_later(self) -> None:
        self.page.keep()
        self._save()
        self.session.message.emit(
            _("The battle being entered is kept for later: Battle ▸ New battle offers it again.")
            if not self.kept_line.text()
            else _("The battle being entered is kept for later. {where}").format(where=self.kept_line.text())
        )
        self._leaving = True
        self.reject()

    def discard(self) -> None:
        """Throw the entry away: the dice the app rolled for it are named in the history."""
        entry = self.draft.entry
        problem = self.session.discard_entry(entry, keeping.battle_words(self.draft.sc, entry))
        if problem:
            self.page.problem.setText(problem)
            return
        self._saved = None
        self._leaving = True
        self.reject()

    def _mended(self, page: Page) -> None:
        """A refusal stands until the user changes something on its page: then it is taken down
        (Next asks the engine again). What a page says on entry is not a refusal and stays."""
        if self._refused is page:
            page.problem.setText("")
            self._refused = None

    def _update(self) -> None:
        step = self.page_name
        self.back_button.setEnabled(bool(self.history))
        self.open_button.setVisible(step == Step.COMMIT and self.draft.may_leave_open)
        self.open_button.setEnabled(not self._recorded)
        self.record_button.setEnabled(step == Step.SUMMARY and not self._recorded)
        self.record_button.setToolTip("" if step == Step.SUMMARY else _("The last page records the battle"))
        self.next_button.setEnabled(step != Step.SUMMARY)
        # Return presses the button in sight (a hidden default button would take it and do nothing).
        (self.record_button if step == Step.SUMMARY else self.next_button).setDefault(True)
        self.page.refresh()
        self._chain_tabs(self.page)  # a game added, a page filled: its boxes in order, then Next

    def _area_clicked(self, code: str) -> None:
        page = self.page
        if isinstance(page, ArrowPage):
            page.area_clicked(code)

    # -- the wizard and the window ------------------------------------------------------------

    def _back_to_window(self) -> None:
        """The keyboard goes back to the campaign window (Ctrl+B for the next battle at once)."""
        window = self.parentWidget()
        if window is not None:
            window.activateWindow()

    def _clear_map(self) -> None:
        self.session.changed.disconnect(self._campaign_changed)
        self.session.switched.disconnect(self._campaign_switched)
        if self.map_view is not None:
            self.map_view.highlight(())
            self.map_view.show_entering(None)
            self.map_view.areaClicked.disconnect(self._area_clicked)

    def _log_mark(self) -> tuple[int, dict | None]:
        """How long the campaign's log is, and its last action: what changes when anything is
        recorded, undone or redone (not when the session only redraws, e.g. a server gone away)."""
        campaign = self.session.campaign
        records = campaign.records if campaign is not None else []
        return len(records), (records[-1] if records else None)

    def _campaign_changed(self) -> None:
        """Something else was recorded (or undone) while the wizard is open: nothing here is
        recorded yet, so say so and let the user check; the engine checks again on recording."""
        seen, self._seen = self._seen, self._log_mark()
        if seen == self._seen:
            return  # the session told its views to redraw, the log is as it was
        if not self.draft.recording and self.isVisible():
            self.page.problem.setText(
                _("The campaign changed meanwhile (another action, undo or redo): check these choices.")
            )

    def _campaign_switched(self) -> None:
        """Another campaign was opened: this battle belongs to the old one (which keeps it, as it
        was typed), so the wizard closes rather than offer it against the new campaign."""
        self._keeping, self._leaving = False, True
        if self.question is not None and keeping.asking(self.question):
            self.question.close()
        self.reject()

    # -- recording ----------------------------------------------------------------------------

    def leave_open(self) -> None:
        """Place the arrow now; its result is recorded later (Battle ▸ Resolve an open battle)."""
        commit = self.pages[Step.COMMIT]
        assert isinstance(commit, CommitPage)
        unheeded = commit.unheeded_mission(_("Place the arrow"))
        if unheeded is not None:
            commit.problem.setText(unheeded.words)
            self._refused = commit
            return
        commit.computer_defends()
        self._record(commit, self.draft.new_arrow_action())

    def record(self) -> None:
        """The battle, after the commanders new to the roster who played it (all or nothing)."""
        page = self.pages[Step.SUMMARY]
        try:
            actions = self.draft.records()
        except UserError as exc:
            page.problem.setText(str(exc))
            return
        self._record(page, *actions)

    def _record(self, page: Page, *actions: Action) -> None:
        if self._recorded:
            return
        self.draft.recording = True
        try:
            self.session.record(actions)
        except ActionRefused as refused:  # said in the engine's words, as for a battle alone
            page.problem.setText(str(refused.error))
            return
        except UserError as exc:
            page.problem.setText(str(exc))
            return
        finally:
            self.draft.recording = False
        self._recorded = True
        for button in (self.record_button, self.open_button):
            button.setEnabled(False)
        self._keeping, self._leaving = False, True
        self.session.keep_entry(None)  # recorded: nothing is kept for later any more
        self.accept()
