"""A battle entered and not yet recorded is kept, never lost by a slip of the hand: closing the
wizard with entries asks "Keep for later / Discard / Go back" (Escape is Go back), and opening it
again offers the battle kept. Throwing an entry away leaves the dice the app rolled for it in the
history (session.discard_entry); against the computer those dice are final, so an entry holding
them is kept, not thrown away, while the campaign is as it was when they were rolled."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

from campaign_manager.engine.entry import BattleEntry, Step
from campaign_manager.engine.lookup import label
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui.plain import escape
from campaign_manager.ui.session import CampaignSession

PAGE_WORDS = {  # where a kept battle was left: "…, at {page}"
    Step.INITIATIVE: N_("the initiative"),
    Step.ARROW: N_("the battle arrow"),
    Step.COMMIT: N_("the choice of troops"),
    Step.RESULT: N_("the result"),
    Step.DESTROY: N_("the rolls to destroy"),
    Step.RETREAT: N_("the retreat"),
    Step.ADVANCE: N_("the advance"),
    Step.SUMMARY: N_("recording the battle"),
}
FINAL_AGAINST_THE_COMPUTER = N_(
    "Against the computer the dice the app rolled are final: this battle can be kept and carried on, not thrown away."
)

OPEN_TIP = N_(  # the wizard's Place the arrow, result later
    "Record the arrow and its troops now; enter the result when the game is over (Battle ▸ Resolve an open battle)"
)


def keep_detail(refused: str | None, entry: BattleEntry) -> str:
    """What Keep for later, Discard and Go back do, when the wizard is closed with entries."""
    keep = _("Keep for later: Battle ▸ New battle offers it again, every box and die as it is now.")
    if refused:
        return keep + " " + _("{refusal} Go back: carry on here.").format(refusal=refused)
    discard = _("Discard: it is thrown away.{on_record} Go back: carry on here.")
    return keep + " " + discard.format(on_record=on_record(entry))


def entry_words(sc: Scenario, entry: BattleEntry) -> str:
    """The kept battle in a line: its arrow, the page it was left on, and its dice ("…, at the
    rolls to destroy, with 3 dice (2 rolled by the app)")."""
    ends = entry.open_arrow or entry.arrow
    what = f"{label(sc, ends[0])} → {label(sc, ends[1])}" if ends else _("A new battle")
    dice, app = len(entry.dice), len(entry.app_dice())
    page = _(PAGE_WORDS[entry.page])
    if not dice:
        return _("{battle}, at {page}").format(battle=what, page=page)
    if not app:
        said = ngettext("{battle}, at {page}, with {n} die", "{battle}, at {page}, with {n} dice", dice)
        return said.format(battle=what, page=page, n=dice)
    said = ngettext(
        "{battle}, at {page}, with {n} die ({app} rolled by the app)",
        "{battle}, at {page}, with {n} dice ({app} rolled by the app)",
        dice,
    )
    return said.format(battle=what, page=page, n=dice, app=app)


def on_record(entry: BattleEntry) -> str:
    """What throwing the entry away keeps, in a sentence (" The 2 dice the app rolled stay on
    record in the history."), or "" when the app rolled none of its dice."""
    count = len(entry.app_dice())
    if count == 0:
        return ""
    said = ngettext(
        "The die the app rolled stays on record in the history.",
        "The {count} dice the app rolled stay on record in the history.",
        count,
    )
    return " " + said.format(count=count)


def battle_words(sc: Scenario, entry: BattleEntry) -> str:
    """The battle an entry is for, for the history ("" before its arrow is chosen)."""
    ends = entry.open_arrow or entry.arrow
    return f"{label(sc, ends[0])} → {label(sc, ends[1])}" if ends else ""


def discard_refusal(session: CampaignSession, entry: BattleEntry) -> str | None:
    """Why this entry may not be thrown away (None: it may)."""
    campaign = session.campaign
    computer = campaign.computer_side if campaign is not None else None
    if computer and entry.app_dice() and entry.log_length == session.log_length():
        return _(FINAL_AGAINST_THE_COMPUTER)
    return None


def asking(box: QMessageBox | None) -> bool:
    """Whether a question from `ask` is still on screen (once answered, Qt deletes it)."""
    return box is not None and shiboken6.isValid(box) and box.isVisible()


def ask(
    parent: QWidget,
    name: str,
    text: str,
    detail: str,
    choices: list[tuple[str, QMessageBox.ButtonRole, Callable[[], object] | None, str | None]],
) -> QMessageBox:
    """A question that does not block: each choice is (words, role, what it does, why it is not
    offered or None). The first choice is the default; the one with RejectRole is Escape, and
    Tab never lands on a choice that throws anything away (it is clicked or its key pressed)."""
    box = QMessageBox(QMessageBox.Icon.Question, _("Battle"), escape(text), parent=parent)
    box.setObjectName(name)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setInformativeText(escape(detail))
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    done: dict[QAbstractButton, Callable[[], object] | None] = {}
    for index, (words, role, action, refused) in enumerate(choices):
        button = box.addButton(words, role)
        button.setObjectName(words.replace("&", "").replace(" ", "_").lower())
        button.setAccessibleName(words.replace("&", ""))
        if refused:
            button.setEnabled(False)
            button.setToolTip(refused)
        if role == QMessageBox.ButtonRole.DestructiveRole:  # Tab then Enter never throws anything away
            button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        done[button] = action
        if index == 0:
            box.setDefaultButton(button)
        if role == QMessageBox.ButtonRole.RejectRole:
            box.setEscapeButton(button)

    def answered(button: QAbstractButton) -> None:
        action = done.get(button)
        if action is not None:
            action()

    box.buttonClicked.connect(answered)
    box.open()
    return box
