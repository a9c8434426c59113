"""The league's dialogs on the Commanders tab: the Scoring dialog (points for a game won, drawn
and lost, a bonus a game, the tie-breaks in order) and Club and side (a commander's club, and
their side while they have played no game). Each records one roster action through the session
when Record is pressed (undo takes it back); a refusal is said in the dialog, which stays open."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import Action, SetClub, SetScoring, SetSide
from campaign_manager.engine.roster import TIE_BREAK_WORDS, has_played
from campaign_manager.engine.state import TIE_BREAKS, Commander, Scoring
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.ui.accessible import name_fields
from campaign_manager.ui.ink import refusal_style
from campaign_manager.ui.session import CampaignSession

# The tie-breaks' words (engine/roster.py's TIE_BREAK_WORDS), shown through `_`: written here as
# well so that the catalogue has them.
TIE_BREAK_SHOWN = (N_("VP difference"), N_("VP scored"), N_("enemy troops destroyed"), N_("head-to-head"))
SCORES = (
    ("win", N_("Points for a game &won")),
    ("draw", N_("Points for a game &drawn")),
    ("loss", N_("Points for a game &lost")),
)
PRESETS = ((N_("The first scheme (a point a win)"), Scoring()), (N_("3 a win, 1 a draw, 0 a loss"), Scoring(3, 1, 0)))


class RecordingDialog(QDialog):
    """A dialog whose Record button records its actions through the session: closed when they
    are recorded, kept open with the refusal said when not."""

    def __init__(self, session: CampaignSession, parent: QWidget, title: str, words: str) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.layout_ = QVBoxLayout(self)
        explanation = QLabel(words)
        explanation.setWordWrap(True)
        explanation.setTextFormat(Qt.TextFormat.PlainText)
        self.layout_.addWidget(explanation)
        self.form = QFormLayout()
        self.layout_.addLayout(self.form)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setStyleSheet(refusal_style(bold=False))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.addButton(_("&Record"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok.setObjectName("okButton")
        self.buttons.accepted.connect(self.record)
        self.buttons.rejected.connect(self.reject)

    def finish(self) -> None:
        name_fields(self)
        self.layout_.addWidget(self.problem)
        self.layout_.addWidget(self.buttons)

    def wanted(self) -> list[Action]:
        raise NotImplementedError

    def record(self) -> None:
        try:
            self.session.record(self.wanted())
        except UserError as exc:
            self.problem.setText(str(exc))
            return
        self.accept()


class ScoringDialog(RecordingDialog):
    """Scoring: how the league scores every game (past ones too), recorded as `set_scoring`."""

    def __init__(self, session: CampaignSession, parent: QWidget) -> None:
        super().__init__(
            session,
            parent,
            _("League scoring"),
            _(
                "How the league scores its commanders: points for each game won, drawn and lost, a bonus for every "
                "game played, and what parts commanders level on points, in order (ticked ones only). Every game "
                "is scored again by it, past games too; Undo brings the scheme before back."
            ),
        )
        self.setObjectName("scoringDialog")
        scoring = session.scoring()
        self.preset = QComboBox()
        self.preset.addItem(_("Choose a common scheme…"))
        for words, _scheme in PRESETS:
            self.preset.addItem(_(words))
        self.preset.activated.connect(self._use_preset)
        self.form.addRow(_("&Start from"), self.preset)
        self.spins: dict[str, QSpinBox] = {}
        for key, words in (*SCORES, ("per_game", N_("&Bonus for every game played"))):
            spin = QSpinBox()
            spin.setRange(-100, 100)
            spin.setObjectName(f"{key}Spin")
            self.spins[key] = spin
            self.form.addRow(_(words), spin)
        self.breaks = QListWidget()
        self.breaks.setObjectName("tieBreaks")
        self.breaks.setAccessibleName(_("Tie-breaks, in order"))
        up, down = QPushButton(_("&Up")), QPushButton(_("Do&wn"))
        up.clicked.connect(lambda: self._move(-1))
        down.clicked.connect(lambda: self._move(1))
        moves = QHBoxLayout()
        moves.addWidget(up)
        moves.addWidget(down)
        moves.addStretch()
        self.form.addRow(_("&Tie-breaks"), self.breaks)
        self.form.addRow("", moves)
        self.show_scoring(scoring)
        self.finish()

    def show_scoring(self, scoring: Scoring) -> None:
        for key, spin in self.spins.items():
            spin.setValue(getattr(scoring, key))
        self.breaks.clear()
        for rule in (*scoring.tie_breaks, *(b for b in TIE_BREAKS if b not in scoring.tie_breaks)):
            item = QListWidgetItem(_(TIE_BREAK_WORDS[rule]))
            item.setData(Qt.ItemDataRole.UserRole, rule)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if rule in scoring.tie_breaks else Qt.CheckState.Unchecked)
            self.breaks.addItem(item)

    def _use_preset(self, index: int) -> None:
        if index > 0:
            self.show_scoring(PRESETS[index - 1][1])

    def _move(self, step: int) -> None:
        row = self.breaks.currentRow()
        if row < 0 or not 0 <= row + step < self.breaks.count():
            return
        item = self.breaks.takeItem(row)
        self.breaks.insertItem(row + step, item)
        self.breaks.setCurrentRow(row + step)

    def tie_breaks(self) -> list[str]:
        items = [self.breaks.item(row) for row in range(self.breaks.count())]
        return [i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked]

    def wanted(self) -> list[Action]:
        values = {key: spin.value() for key, spin in self.spins.items()}
        return [parse_action({"type": SetScoring.type, **values, "tie_breaks": self.tie_breaks()})]


class ClubSideDialog(RecordingDialog):
    """Club and side: a commander's club (empty: none) and, while no game names them, their side."""

    def __init__(self, session: CampaignSession, parent: QWidget, commander: Commander) -> None:
        played = has_played(session.state, commander)
        super().__init__(
            session,
            parent,
            _("Club and side"),
            (
                _("The club or shop of {name}, and the side they play for (kept: they have played for it already).")
                if played
                else _("The club or shop of {name}, and the side they play for.")
            ).format(name=commander.name),
        )
        self.setObjectName("clubSideDialog")
        self.commander = commander
        self.club = QLineEdit(commander.club or "")
        self.club.setObjectName("clubEdit")
        self.side = QComboBox()
        self.side.setObjectName("sideCombo")
        for side in session.scenario.sides:
            self.side.addItem(session.scenario.side_adjective(side), side)
        self.side.setCurrentIndex(max(0, self.side.findData(commander.side)))
        self.side.setEnabled(not played)
        self.form.addRow(_("&Club or shop"), self.club)
        self.form.addRow(_("&Side"), self.side)
        self.finish()

    def wanted(self) -> list[Action]:
        wanted: list[Action] = []
        club = self.club.text().strip()
        if club != (self.commander.club or ""):
            data: dict[str, object] = {"type": SetClub.type, "name": self.commander.name}
            wanted.append(parse_action({**data, **({"club": club} if club else {})}))
        side = self.side.currentData()
        if side != self.commander.side:
            wanted.append(parse_action({"type": SetSide.type, "name": self.commander.name, "side": side}))
        if not wanted:
            raise UserError(_("Nothing is changed: give another club or side, or Cancel."))
        return wanted


def open_dialog(dialog: QDialog, then: Callable[[], None] | None = None) -> QDialog:
    """Show a dialog without blocking (never exec() under test); `then` after it is accepted."""
    if then is not None:
        dialog.accepted.connect(then)
    dialog.open()
    return dialog
