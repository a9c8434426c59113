"""The Turn menu: start the next turn, place and redeploy, end the turn, add a note, the turn's
requirements — engine actions recorded through the campaign file, with dice typed in or rolled."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QMessageBox, QSpinBox, QWidget

from campaign_manager.dice import RandomRoller, d3
from campaign_manager.engine import legal
from campaign_manager.engine.actions import Action, EndTurn, Note, StartTurn
from campaign_manager.engine.lookup import side_name
from campaign_manager.engine.requirements import default_turn, requirements
from campaign_manager.engine.state import Phase, Play
from campaign_manager.i18n import _, ngettext
from campaign_manager.ui.forms import Form
from campaign_manager.ui.planning_dialog import PlanningDialog
from campaign_manager.ui.requirements_panel import requirements_html
from campaign_manager.ui.window_services import WindowServices


class TextForm(Form):
    """A line to type in (dice, a note), with what it is for and what was wrong with it."""

    FORM = "dice_dialog"
    root: QDialog
    explanation: QLabel
    valueEdit: QLineEdit
    problem: QLabel
    buttons: QDialogButtonBox


def ask_text(
    parent: QWidget, title: str, explanation: str, placeholder: str, on_value: Callable[[str], str | None]
) -> TextForm:
    """A small non-blocking dialog; `on_value` returns a problem to show, or None to close."""
    dialog = TextForm(parent)
    dialog.root.setWindowTitle(title)
    dialog.explanation.setText(explanation)
    dialog.valueEdit.setPlaceholderText(placeholder)
    _open_asking(dialog, lambda: on_value(dialog.valueEdit.text()))
    return dialog


def _open_asking(dialog: TextForm | StartTurnForm, answer: Callable[[], str | None]) -> None:
    """Open the dialog non-blocking; OK gives `answer()` its say: a problem is shown in the dialog,
    None closes it."""

    def accept() -> None:
        problem = answer()
        if problem:
            dialog.problem.setText(problem)
            dialog.root.adjustSize()  # a refusal of several lines is shown whole, not cut at the dialog's foot
        else:
            dialog.root.done(QDialog.DialogCode.Accepted)

    dialog.buttons.accepted.connect(accept)
    dialog.buttons.rejected.connect(dialog.root.reject)
    dialog.root.open()


class StartTurnForm(Form):
    """The battle-count dice of a General's Wargame turn, and the extra battles both generals agree."""

    FORM = "start_turn_dialog"
    root: QDialog
    explanation: QLabel
    valueEdit: QLineEdit
    extraSpin: QSpinBox
    extraNote: QLabel
    problem: QLabel
    buttons: QDialogButtonBox


def ask_start_turn(
    parent: QWidget, title: str, explanation: str, note: str, on_value: Callable[[str, int], str | None]
) -> StartTurnForm:
    """Like `ask_text`, with the extra battles agreed (default none); non-blocking."""
    dialog = StartTurnForm(parent)
    dialog.root.setWindowTitle(title)
    dialog.explanation.setText(explanation)
    dialog.extraNote.setText(note)
    _open_asking(dialog, lambda: on_value(dialog.valueEdit.text(), dialog.extraSpin.value()))
    return dialog


def _turn_count(number: int, name: str, dice: int, plus: int, agree: bool) -> str:
    """The turn's battle count in a sentence (in a General's Wargame more may be agreed)."""
    if agree:
        words = _("Turn {number}, {name}: {dice}D3 + {plus} battles.")
    else:
        words = _("Turn {number}, {name}: at least {dice}D3 + {plus} battles.")
    return words.format(number=number, name=name, dice=dice, plus=plus)


def _throw(dice: int, against: str | None) -> str:
    """What to do with the battle-count dice: throw and type them, or nothing (the app's)."""
    if against:
        return _("Against the computer the app rolls the battle count when you press OK (every die is the app's).")
    reading = ", ".join(
        _("{low}–{high} counts {value}").format(low=low, high=low + 1, value=d3(low)) for low in range(1, 7, 2)
    )
    if dice == 1:
        words = _(
            "Throw one d6 and type it here: a d6 is read as a D3 ({reading}). Or leave it empty and the app rolls."
        )
    else:
        words = ngettext(
            "Throw {count} d6 (separated by commas) and type them here: a d6 is read as a D3 ({reading}). "
            "Or leave it empty and the app rolls.",
            "Throw {count} d6 (separated by commas) and type them here: a d6 is read as a D3 ({reading}). "
            "Or leave it empty and the app rolls.",
            dice,
        )
    return words.format(count=dice, reading=reading)


class TurnActions:
    """What the Turn menu's items do, recorded through the window's session."""

    def __init__(self, services: WindowServices) -> None:
        self.services = services
        self.session = services.session
        self.dialog: TextForm | None = None  # the dice or the note being typed
        self.start_dialog: StartTurnForm | None = None  # a General's Wargame turn's dice and extra battles
        self.requirements_box: QMessageBox | None = None
        self.planning: PlanningDialog | None = None

    def record(self, action: Action) -> str | None:
        """Record one action; a refusal is returned as words (nothing is recorded)."""
        return self.session.try_record([action], RandomRoller())

    def start_turn(self) -> None:
        campaign = self.session.campaign
        if campaign is None:
            return
        sc, st = campaign.scenario, campaign.state
        number = default_turn(sc, st)
        spec = sc.turn(number)
        agree = legal.extra_battles_refusal(sc, st, 1) is None and st.play is Play.WARGAME
        against = campaign.computer_side  # against the computer every die is the app's (RULES.md, dice)
        nothing_to_ask = spec.battle_d3 == 0 or against is not None
        if (nothing_to_ask and not agree) or st.phase not in (Phase.SETUP, Phase.STRATEGIC):
            problem = self.record(StartTurn())  # no dice to ask for (or the engine says why not)
            if problem:
                self.services.report(problem)
            return
        explanation = " ".join(
            (_turn_count(number, spec.title, spec.battle_d3, spec.battle_plus, agree), _throw(spec.battle_d3, against))
        )

        def on_value(text: str, extra: int = 0) -> str | None:
            text = "" if against else text.strip()  # against the computer the app rolls
            try:
                dice = tuple(int(part) for part in text.replace(" ", ",").split(",") if part) if text else None
            except ValueError:
                return _("'{text}' is not a list of dice: type numbers such as 4 or 3,5").format(text=text)
            return self.record(StartTurn(dice, extra_battles=extra))

        if not agree:
            title = _("Start turn {number}").format(number=number)
            self.dialog = ask_text(self.services.parent, title, explanation, _("empty: the app rolls"), on_value)
            return
        note = _(
            "In a General's Wargame the turn has the rolled count plus the extra battles both generals "
            "agree now (rule 1.5), and then it ends."
        )
        if against:
            computer = _("The computer ({side}) agrees to none unless you set a number here.")
            note = " ".join((note, computer.format(side=side_name(sc, against))))
        title = _("Start turn {number}").format(number=number)
        self.start_dialog = ask_start_turn(self.services.parent, title, explanation, note, on_value)
        if against:  # nothing may be typed: the app's dice, rolled on OK; greyed, so the keyboard starts
            self.start_dialog.valueEdit.setReadOnly(True)  # in the extra battles, which may be set
            self.start_dialog.valueEdit.setEnabled(False)
            self.start_dialog.valueEdit.setPlaceholderText(_("the app rolls"))
            self.start_dialog.extraSpin.setFocus()

    def plan(self) -> None:
        if not self.session.is_open:
            return
        self.planning = PlanningDialog(self.session, self.services.parent, self.record)
        self.planning.open()

    def show_requirements(self) -> None:
        """The turn's requirements (the same words as the Requirements tab), in a box of their own."""
        campaign = self.session.campaign
        if campaign is None:
            return
        st = campaign.state
        text = requirements_html(
            campaign.scenario, requirements(campaign.scenario, st), planning=st.phase == Phase.PLANNING
        )
        box = QMessageBox(
            QMessageBox.Icon.Information,
            _("This turn's requirements"),
            text,
            QMessageBox.StandardButton.Ok,
            self.services.parent,
        )
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        label = box.findChild(QLabel, "qt_msgbox_label")  # the message's own text, not the icon
        if label is not None:
            label.setMinimumWidth(560)
        self.requirements_box = box
        box.open()

    def end_turn(self) -> None:
        if not self.session.is_open:
            return
        problem = self.record(EndTurn())
        if problem:
            self.services.report(problem)

    def add_note(self) -> None:
        if not self.session.is_open:
            return

        def on_value(text: str) -> str | None:
            if not text.strip():
                return _("a note needs some words")
            return self.record(Note(text.strip()))

        self.dialog = ask_text(
            self.services.parent,
            _("Add a note"),
            _("A remark kept in the campaign's history (who played which battle, a ruling, a late result)."),
            _("the note"),
            on_value,
        )
