"""The battle wizard: one page per step of a battle (rules 1.4–1.8), offering only what the
engine says is legal, and recording one action through the campaign session at the end.

A new arrow runs initiative → arrow → commitments (and the suggested mission) → result →
roll to destroy → retreat (when the engine asks) → advance (when the attacker took the area) →
record. The arrow can instead be left open after the commitments while the game is played;
resolving it later starts at the result. Every die is typed in or rolled on its page, shown
before it counts, and recorded. Each page owns its step (ui/battle/pages.py); the wizard walks
from page to page, keeps the way back, and records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.actions import Battle
from campaign_manager.engine.state import Arrow
from campaign_manager.errors import UserError
from campaign_manager.ui.accessible import name_fields
from campaign_manager.ui.battle.arrow_pages import ArrowPage, CommitPage, InitiativePage
from campaign_manager.ui.battle.draft import BattleDraft
from campaign_manager.ui.battle.pages import Page, Refused, Step
from campaign_manager.ui.battle.result_pages import AdvancePage, DestroyPage, ResultPage, RetreatPage, SummaryPage
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
    """A battle from initiative to advance. Give `open_arrow` to resolve an arrow placed earlier."""

    def __init__(
        self,
        session: CampaignSession,
        parent: QWidget | None = None,
        map_view: MapView | None = None,
        open_arrow: Arrow | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("battleWizard")
        self.setWindowTitle("Battle")
        self.resize(640, 520)
        self.session, self.map_view, self.open_arrow = session, map_view, open_arrow
        self.draft = BattleDraft.begin(session, map_view, open_arrow)
        self.stack = QStackedWidget(self)
        self.pages: dict[Step, Page] = {}
        for kind in PAGES:
            self._add(kind(self.draft))
        self.history: list[Step] = []
        self._refused: Page | None = None
        self._recording = False
        self._lay_out(self._buttons())
        if map_view is not None:
            map_view.areaClicked.connect(self._area_clicked)
        self.finished.connect(self._clear_map)
        self.finished.connect(self._back_to_window)
        session.changed.connect(self._campaign_changed)
        session.switched.connect(self._campaign_switched)
        # The first page has nothing before it: no Back (the stack's first widget is not a visit).
        first = Step.RESULT if open_arrow else Step.ARROW if self.draft.side else Step.INITIATIVE
        self._go(first, remember=False)

    def _add(self, page: Page) -> None:
        self.pages[page.step] = page
        self.stack.addWidget(page)
        page.changed.connect(self._update)
        page.changed.connect(lambda page=page: self._mended(page))

    def _buttons(self) -> QHBoxLayout:
        buttons = QHBoxLayout()
        self.cancel_button = QPushButton("Cancel", self)
        self.back_button = QPushButton("< Back", self)
        self.open_button = QPushButton("Place the arrow, result later", self)
        self.open_button.setToolTip(
            "Record the arrow and its troops now; enter the result when the game is over "
            "(Battle ▸ Resolve an open battle)"
        )
        self.next_button = QPushButton("Next >", self)
        self.record_button = QPushButton("Record the battle", self)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        for button in (self.back_button, self.open_button, self.next_button, self.record_button):
            buttons.addWidget(button)
        self.cancel_button.clicked.connect(self.reject)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        self.open_button.clicked.connect(self.leave_open)
        self.record_button.clicked.connect(self.record)
        return buttons

    def _lay_out(self, buttons: QHBoxLayout) -> None:
        # A page taller or wider than the wizard scrolls: the wizard keeps its size, inside the window.
        self.scroller = QScrollArea(self)
        self.scroller.setObjectName("pageScroll")
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setWidget(self.stack)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroller, 1)
        layout.addLayout(buttons)

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
        page.enter()
        self.stack.setCurrentWidget(page)
        name_fields(self)  # the rows laid out so far: each field named by its label
        self._update()

    def back(self) -> None:
        self.page.going_back()
        if self.history:
            self._go(self.history.pop(), remember=False)

    def next(self) -> None:
        page = self.page
        found = page.leave()
        if isinstance(found, Refused):
            page.problem.setText(found.words)
            self._refused = page
        else:
            self._go(found)

    def _mended(self, page: Page) -> None:
        """A refusal stands until the user changes something on its page: then it is taken down
        (Next asks the engine again). What a page says on entry is not a refusal and stays."""
        if self._refused is page:
            page.problem.setText("")
            self._refused = None

    def _update(self) -> None:
        step = self.page_name
        self.back_button.setEnabled(bool(self.history))
        self.open_button.setVisible(step == Step.COMMIT and not self.draft.dice_only)
        self.record_button.setVisible(step == Step.SUMMARY)
        self.next_button.setVisible(step != Step.SUMMARY)
        # Return presses the button in sight (a hidden default button would take it and do nothing).
        (self.record_button if step == Step.SUMMARY else self.next_button).setDefault(True)
        self.page.refresh()

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
            self.map_view.areaClicked.disconnect(self._area_clicked)

    def _campaign_changed(self) -> None:
        """Something else was recorded (or undone) while the wizard is open: nothing here is
        recorded yet, so say so and let the user check; the engine checks again on recording."""
        if not self._recording and self.isVisible():
            self.page.problem.setText(
                "The campaign changed meanwhile (another action, undo or redo): check these choices."
            )

    def _campaign_switched(self) -> None:
        """Another campaign was opened: this battle belongs to the old one and nothing of it was
        recorded, so the wizard closes rather than offer it against the new campaign."""
        self.reject()

    # -- recording ----------------------------------------------------------------------------

    def leave_open(self) -> None:
        """Place the arrow now; its result is recorded later (Battle ▸ Resolve an open battle)."""
        commit = self.pages[Step.COMMIT]
        assert isinstance(commit, CommitPage)
        commit.computer_defends()
        self._record(commit, self.draft.new_arrow_action())

    def record(self) -> None:
        self._record(self.pages[Step.SUMMARY], self.draft.final_action())

    def _record(self, page: Page, action: Battle) -> None:
        self._recording = True
        try:
            self.session.record([action])
        except UserError as exc:
            page.problem.setText(str(exc))
            return
        finally:
            self._recording = False
        self.accept()
