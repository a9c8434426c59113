"""Who played, before the battle goes on: a name in a "played by" box that is nobody's on the
roster is asked about — New commander "mar"? — naming the roster's names it may have meant (the
engine's words, as the command line's refusal says them). Yes takes it as a new commander, added
with the battle; No goes back to the box. A name typed half-way that holds one commander's name
only was put in when Tab left the box (ui/commander_choice.py): what is asked here is a name
new to the roster, or part of several names."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import QDialogButtonBox, QGridLayout, QLineEdit, QMessageBox, QWidget

from campaign_manager.ui.battle import keeping
from campaign_manager.ui.commander_choice import CommanderChoice

SaidYes = set[tuple[str, str]]  # (side, name as typed): the new names the user said yes to


def unasked(
    players: Sequence[tuple[CommanderChoice, CommanderChoice]], said_yes: SaidYes
) -> tuple[str, CommanderChoice] | None:
    """The first box holding a name new to the roster that nobody said yes to, with who it is
    for ("Game 1, the defender's commander"), or None."""
    for number, pair in enumerate(players, start=1):
        for role, box in zip(("attacker", "defender"), pair):
            typed = box.typed() if box.is_new() else None
            if typed is not None and (box.side, typed) not in said_yes:
                return f"Game {number}, the {role}'s commander", box
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
        ("&Yes, a new commander", QMessageBox.ButtonRole.AcceptRole, yes, None),
        ("&No, back to the box", QMessageBox.ButtonRole.RejectRole, back_to_the_box, None),
    ]
    asked = keeping.ask(
        parent,
        "newCommanderQuestion",
        f'New commander "{typed}"?',
        f'{whose}: "{typed}" is nobody on the {box.side_words} roster.'
        + (f" Did you mean {near}?" if near else "")
        + f' Yes: "{typed}" joins the {box.side_words} with the battle (not at all if the battle is not '
        "recorded). No: back to the box" + (", to choose the name." if near else "."),
        choices[::-1] if near else choices,
    )
    club_box.append(_club_box(asked, typed))
    return asked


def _club_box(asked: QMessageBox, typed: str) -> QLineEdit:
    """A box under the question for the new commander's club or shop (empty: none)."""
    edit = QLineEdit(asked)
    edit.setObjectName("newCommanderClub")
    edit.setPlaceholderText(f"Club or shop of {typed} (if you like)")
    edit.setAccessibleName("Club or shop of the new commander")
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
