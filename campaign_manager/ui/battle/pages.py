"""The battle wizard's pages: each shows one step of a battle and says in a sentence which rule
applies. A page owns its step: `enter` fills it from the engine as the battle stands (and makes
the computer's choice when the step is the computer's), then shows what was entered on it before
(the entry kept in the battle being entered: ui/battle/draft.py); `keep` puts what it shows back
into that entry after every change; `refresh` says what the choices made so far mean, and
`leave` takes its choices into the battle, or says why the step is not done; `asks_first` asks
what Next should ask before going on. A page is a view of one of the turn driver's questions
(`draft.question`): which page comes next is the driver's to say (ui/battle/order.py).
`tab_chain` lists its boxes in the order Tab visits them (the wizard's Next follows)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QLabel, QLayout, QVBoxLayout, QWidget

from campaign_manager.engine.entry import Step
from campaign_manager.i18n import _
from campaign_manager.ui import ink
from campaign_manager.ui.battle.dice import BlankBox, DieInput
from campaign_manager.ui.battle.draft import BattleDraft

__all__ = ["MessageLine", "Page", "Refused", "Step", "chain_tabs", "empty", "named"]


@dataclass(frozen=True)
class Refused:
    """Why a page cannot be left yet, in the engine's or the page's words."""

    words: str


def named(widget: QLabel, name: str, word_wrap: bool = True, rich: bool = False) -> QLabel:
    """A label with an object name (tests and style sheets find it by it), wrapping its words,
    showing its text as plain text (names from a file are shown as they are: ui/plain.py), or as
    rich text built with `escape` when `rich`."""
    widget.setObjectName(name)
    widget.setWordWrap(word_wrap)
    widget.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    return widget


def empty(layout: QLayout) -> None:
    """Take every widget out of `layout` (they are deleted once control returns to Qt)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.deleteLater()


class MessageLine(QLabel):
    """The line under a page: what the engine refused, in red (`setText`), or a word on what to
    do next that is not a refusal, in the page's quieter ink (`inform`)."""

    INFORMATION = "color: palette(window-text); font-weight:bold"

    def setText(self, text: str) -> None:  # a refusal's colour comes with it
        self.setStyleSheet(ink.refusal_style())
        super().setText(text)

    def inform(self, text: str) -> None:
        self.setStyleSheet(self.INFORMATION)
        super().setText(text)


class Page(QWidget):
    """A titled step with its rule and a line for what the engine refused."""

    changed = Signal()
    go_on = Signal()  # the user asked for the next step from the page itself (a double click on a choice)
    step: ClassVar[Step]
    title_words: ClassVar[str]

    def __init__(self, draft: BattleDraft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.setObjectName(f"{self.step}Page")
        outer = QVBoxLayout(self)
        self.title = QLabel(f"<h3 style='margin:0'>{_(self.title_words)}</h3>")  # untranslated: markup
        self.rule = named(QLabel(), "rule")
        self.rule.setStyleSheet("font-style:italic")
        self.body = QVBoxLayout()
        self.problem = MessageLine()
        named(self.problem, "problem")
        self.problem.setText("")
        outer.addWidget(self.title)
        outer.addWidget(self.rule)
        outer.addLayout(self.body, 1)
        outer.addWidget(self.problem)

    def say(self, rule: str) -> None:
        self.rule.setText(rule)

    def enter(self) -> None:
        """Fill the page from the engine as the battle stands, then show what was entered on it."""

    def keep(self) -> None:
        """Put what the page shows into the battle's entry (after every change)."""

    def tab_chain(self) -> list[QWidget]:
        """The page's boxes in the order Tab visits them; the wizard's Next comes after the last."""
        return []

    def refresh(self) -> None:
        """Say what the choices made so far mean (the odds, the outcome), after any change."""

    def leave(self) -> Refused | None:
        """Take the page's choices into the battle being entered (None), or say why not."""
        raise NotImplementedError

    def asks_first(self) -> bool:
        """Whether the page, left with Next, asks something before the battle goes on (a question
        shown that does not block: its answer goes on, or stays). Only Next asks: a battle kept for
        later is walked again through `leave` alone, its answers given when it was entered."""
        return False

    def going_back(self) -> None:
        """Back was pressed on this page: keep what should survive the way back."""
        self.keep()

    # -- dice: each kept by its place in the battle (actions.ENTRY_DIE) -------------------------

    def keep_die(self, place: str, die: DieInput) -> None:
        self.draft.note_die(place, die.value(), die.by_app, die.thrown, die.correction)

    def show_die(self, place: str, die: DieInput) -> None:
        die.restore(*self.draft.kept_die(place))


def chain_tabs(page: Page, after: tuple[QWidget, ...], focus: bool = False) -> None:
    """Tab goes from box to box on the page, then to the wizard's buttons `after` it (the one that
    goes on first). With `focus`, the page's first field that takes input has the keyboard: a box
    to type in, a troop's tick (never left to Qt, which gave it to the attacker's sortie, where a
    stray Down spent the sortie); a list is not given it: it would choose its first line by itself."""
    chain = page.tab_chain()
    for before, following in pairwise([*chain, *after]):
        QWidget.setTabOrder(before, following)
    if focus and chain and not isinstance(chain[0], QAbstractItemView):
        first = next((field for field in chain if _takes_input(field)), None)
        if first is not None:
            first.setFocus()


def _takes_input(field: QWidget) -> bool:
    """Whether the keyboard can change this field (shown, enabled, not the app's die alone)."""
    if not field.isEnabled() or not field.isVisibleTo(field.window()):
        return False
    return not (isinstance(field, BlankBox) and field.isReadOnly())
