"""Who played, before the battle goes on: a name in a "played by" box that is nobody's on the
roster is asked about — New commander "mar"? — naming the roster's names it may have meant (the
engine's words, as the command line's refusal says them). Yes takes it as a new commander, added
with the battle; No goes back to the box. A name typed half-way that holds one commander's name
only was put in when Tab left the box (ui/commander_choice.py): what is asked here is a name
new to the roster, or part of several names."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import QDialogButtonBox, QGridLayout, QLineEdit, QMessageBox, QWidget

from campaign_manager.i18n import _
from campaign_manager.ui.battle import keeping
from campaign_manager.ui.commander_choice import CommanderChoice

SaidYes = set[tuple[str, str]]  # (side, name as typed): the new names the user said yes to


def unasked(
    players: Sequence[tuple[CommanderChoice, CommanderChoice]], said_yes: SaidYes
) -> tuple[str, CommanderChoice] | None:
    """The first box holding a name new to the roster that nobody said yes to, with who it is
    for ("Game 1, the defender's commander"), or None."""
    for number, pair in enumerate(players, start=1):
        for whose, box in zip(
            (_("Game {number}, the attacker's commander"), _("Game {number}, the defender's commander")), pair
        ):
            typed = box.typed() if box.is_new() else None
            if typed is not None and (box.side, typed) not in said_yes:
                return whose.format(number=number), box
    return None


def ask(
    parent: QWidget,
    players: Sequence[tuple[CommanderChoice, CommanderChoice]],
    said_yes: SaidYes,
    go_on: Callable[[], object],
    clubs: dict[tuple[str, str], str] | None = None,
) -> QMessageBox | None:
    """Ask about the first new name nobody said yes to (None: there is none). Yes: it is meant,
    and the battle goes on (`go_on`, which asks about the next one); No: back to its box. When the
    name is close to a roster name, No is the default (Enter pressed twice keeps the slip out of
    the roster); a name close to nobody's takes Yes. The question has a box for the new
    commander's club or shop (if you like): said with Yes, it is kept in `clubs`, by (side, name
    casefolded), and the commander joins with it."""
    found = unasked(players, said_yes)
    if found is None:
        return None
    whose, box = found
    typed = box.typed() or ""
    near = box.may_have_meant()

    club_box: list[QLineEdit] = []

    def yes() -> None:
        said_yes.add((box.side, typed))
        club = club_box[0].text().strip() if club_box else ""
        if clubs is not None and club:
            clubs[(box.side, typed.strip().casefold())] = club
        go_on()

    def back_to_the_box() -> None:
        box.setFocus()
        line = box.lineEdit()
        if line is not None:
            line.selectAll()

    choices: list[tuple[str, QMessageBox.ButtonRole, Callable[[], object] | None, str | None]] = [
        (_("&Yes, a new commander"), QMessageBox.ButtonRole.AcceptRole, yes, None),
        (_("&No, back to the box"), QMessageBox.ButtonRole.RejectRole, back_to_the_box, None),
    ]
    if near:
        detail = _(
            '{whose}: "{name}" is nobody on the {side} roster. Did you mean {near}? Yes: "{name}" joins the {side} '
            "with the battle (not at all if the battle is not recorded). No: back to the box, to choose the name."
        )
    else:
        detail = _(
            '{whose}: "{name}" is nobody on the {side} roster. Yes: "{name}" joins the {side} with the battle '
            "(not at all if the battle is not recorded). No: back to the box."
        )
    asked = keeping.ask(
        parent,
        "newCommanderQuestion",
        _('New commander "{name}"?').format(name=typed),
        detail.format(whose=whose, name=typed, side=box.side_words, near=near),
        choices[::-1] if near else choices,
    )
    club_box.append(_club_box(asked, typed))
    return asked


def _club_box(asked: QMessageBox, typed: str) -> QLineEdit:
    """A box under the question for the new commander's club or shop (empty: none)."""
    edit = QLineEdit(asked)
    edit.setObjectName("newCommanderClub")
    edit.setPlaceholderText(_("Club or shop of {name} (if you like)").format(name=typed))
    edit.setAccessibleName(_("Club or shop of the new commander"))
    layout, buttons = asked.layout(), asked.findChild(QDialogButtonBox)
    if isinstance(layout, QGridLayout) and buttons is not None:  # above the answers: moved down a row
        position = layout.getItemPosition(layout.indexOf(buttons))  # (row, column, rows, columns)
        assert isinstance(position, tuple)
        row, column, rows, columns = (int(n) for n in position)
        layout.removeWidget(buttons)
        layout.addWidget(edit, row, column, 1, columns)
        layout.addWidget(buttons, row + 1, column, rows, columns)
    edit.show()  # the question is on screen already: a child added now is shown by hand
    asked.adjustSize()
    return edit
