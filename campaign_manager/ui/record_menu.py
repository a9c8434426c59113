"""The Turn menu: start the next turn, end the turn, add a note — engine actions recorded
through the campaign file, with dice typed in or rolled."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog

from campaign_manager.dice import RandomRoller, d3
from campaign_manager.engine.actions import EndTurn, Note, StartTurn
from campaign_manager.engine.requirements import default_turn
from campaign_manager.ui.forms import load_form

if TYPE_CHECKING:
    from campaign_manager.ui.main_window import MainWindow


def ask_text(
    window: MainWindow, title: str, explanation: str, placeholder: str, on_value: Callable[[str], str | None]
) -> QDialog:
    """A small non-blocking dialog; `on_value` returns a problem to show, or None to close."""
    dialog = load_form("dice_dialog", window)
    dialog.setWindowTitle(title)
    dialog.explanation.setText(explanation)
    dialog.valueEdit.setPlaceholderText(placeholder)

    def accept() -> None:
        problem = on_value(dialog.valueEdit.text())
        if problem:
            dialog.problem.setText(problem)
        else:
            dialog.done(QDialog.DialogCode.Accepted)

    dialog.buttons.accepted.connect(accept)
    dialog.buttons.rejected.connect(dialog.reject)
    dialog.open()
    return dialog


class TurnMenu:
    """Builds the Turn menu of `window` and records its actions."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        menu = window.menus["turn"] = window.menuBar().addMenu("&Turn")
        self.start_action = window._action(menu, "&Start the next turn…", self.start_turn, "Ctrl+T")
        self.planning_action = window._action(menu, "&Place and redeploy troops…", self.plan, "Ctrl+Shift+P")
        self.end_action = window._action(menu, "&End the turn", self.end_turn, "Ctrl+E")
        menu.addSeparator()
        self.note_action = window._action(menu, "Add a &note…", self.add_note, QKeySequence("Ctrl+M"))
        self.requirements_action = window._action(menu, "This turn's &requirements", self.show_requirements, "Ctrl+R")
        self.dialog: QDialog | None = None

    def set_enabled(self, has_campaign: bool) -> None:
        for action in (
            self.start_action,
            self.planning_action,
            self.end_action,
            self.note_action,
            self.requirements_action,
        ):
            action.setEnabled(has_campaign)

    def record(self, action) -> str | None:
        """Record one action; a refusal is returned as words (nothing is recorded)."""
        return self.window.session.try_record([action], RandomRoller())

    def start_turn(self) -> None:
        campaign = self.window.campaign
        if campaign is None:
            return
        sc, st = campaign.scenario, campaign.state
        number = default_turn(sc, st)
        spec = sc.turn(number)
        if spec.battle_d3 == 0 or st.phase not in ("setup", "strategic"):
            problem = self.record(StartTurn())  # no dice to ask for (or the engine says why not)
            if problem:
                self.window.report(problem)
            return
        dice_words = "one d6" if spec.battle_d3 == 1 else f"{spec.battle_d3} d6 (separated by commas)"
        reading = ", ".join(f"{low}–{low + 1} counts {d3(low)}" for low in range(1, 7, 2))
        explanation = (
            f"Turn {number}, {spec.name}: at least {spec.battle_d3}D3 + {spec.battle_plus} battles. "
            f"Throw {dice_words} and type {'it' if spec.battle_d3 == 1 else 'them'} here: a d6 is read as "
            f"a D3 ({reading}). Or leave it empty and the app rolls."
        )

        def on_value(text: str) -> str | None:
            text = text.strip()
            if not text:
                return self.record(StartTurn())
            try:
                dice = tuple(int(part) for part in text.replace(" ", ",").split(",") if part)
            except ValueError:
                return f"'{text}' is not a list of dice: type numbers such as 4 or 3,5"
            return self.record(StartTurn(dice))

        self.dialog = ask_text(self.window, f"Start turn {number}", explanation, "empty: the app rolls", on_value)

    def plan(self) -> None:
        if self.window.campaign is None:
            return
        from campaign_manager.ui.planning_dialog import PlanningDialog

        self.planning = PlanningDialog(self)
        self.planning.open()

    def show_requirements(self) -> None:
        """The turn's requirements (the same words as the Requirements tab), in a box of their own."""
        campaign = self.window.campaign
        if campaign is None:
            return
        from PySide6.QtWidgets import QLabel, QMessageBox

        from campaign_manager.engine.requirements import requirements
        from campaign_manager.ui.requirements_panel import requirements_html

        st = campaign.state
        text = requirements_html(
            campaign.scenario, requirements(campaign.scenario, st), planning=st.phase == "planning"
        )
        box = QMessageBox(
            QMessageBox.Icon.Information, "This turn's requirements", text, QMessageBox.StandardButton.Ok, self.window
        )
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        label = box.findChild(QLabel, "qt_msgbox_label")  # the message's own text, not the icon
        if label is not None:
            label.setMinimumWidth(560)
        self.dialog = box
        box.open()

    def end_turn(self) -> None:
        if self.window.campaign is None:
            return
        problem = self.record(EndTurn())
        if problem:
            self.window.report(problem)

    def add_note(self) -> None:
        if self.window.campaign is None:
            return

        def on_value(text: str) -> str | None:
            if not text.strip():
                return "a note needs some words"
            return self.record(Note(text.strip()))

        self.dialog = ask_text(
            self.window,
            "Add a note",
            "A remark kept in the campaign's history (who played which battle, a ruling, a late result).",
            "the note",
            on_value,
        )
