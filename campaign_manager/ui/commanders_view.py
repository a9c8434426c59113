"""The Commanders tab: the roster as the league table (every commander, retired ones too, sortable
by any column), a commander's games on a click, and the roster's actions (add, rename, retire,
make General, import a sign-up sheet), each recorded through the session like any other action.
Names are the users' own words: models give them as display text (never rich text) and tooltips
go through ui/plain.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QObject,
    Qt,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QWidget,
)

from campaign_manager.engine import roster as rosters
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import (
    Action,
    AddCommander,
    RenameCommander,
    RetireCommander,
    SetGeneral,
    UnretireCommander,
)
from campaign_manager.engine.league import Standing
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _
from campaign_manager.ui.forms import Form
from campaign_manager.ui.ink import refusal_style
from campaign_manager.ui.league_extras import LeagueExtras
from campaign_manager.ui.league_models import (
    NAME,
    SORT_ROLE,
    GamesModel,
    LeagueModel,
    LeagueOrder,
    game_cells,
    side_words,
)
from campaign_manager.ui.league_panels import FileChooser, ask_file
from campaign_manager.ui.plain import tip
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.settings import chosen, start_folder

SignupChooser = Callable[[QWidget, str], "Path | None"]


def ask_signups(parent: QWidget, title: str) -> Path | None:
    kinds = _("Sign-up sheets") + " (*.csv *.txt);;" + _("All files") + " (*)"  # untranslated: file patterns
    name, _kind = QFileDialog.getOpenFileName(parent, title, start_folder(), kinds)
    return Path(chosen(name)) if name else None


class CommanderForm(Form):
    FORM = "commander_dialog"
    root: QDialog
    explanation: QLabel
    nameEdit: QLineEdit
    sideLabel: QLabel
    sideCombo: QComboBox
    clubLabel: QLabel
    clubEdit: QLineEdit
    problem: QLabel
    okButton: QPushButton
    cancelButton: QPushButton


BOXES = {
    "name": N_("the name"),
    "to": N_("the new name"),
    "club": N_("the club or shop"),
}  # the fields, as the boxes say


def said_of_boxes(refusal: str) -> str:
    """A refusal of the action's shape said of the dialog's boxes: "'add_commander' action: name:
    should not be empty" is "The name should not be empty."; a refusal by the rules is kept as it is."""
    shape = re.fullmatch(r"'\w+' action: (.*)", refusal, re.DOTALL)
    if shape is None:
        return refusal
    faults = []
    for fault in shape.group(1).split("; "):
        field, _colon, why = fault.partition(": ")
        box = BOXES.get(field)
        faults.append(fault if box is None else f"{_(box)} {why}" if why.startswith("should") else f"{_(box)}: {why}")
    said = "; ".join(faults)
    return said[:1].upper() + said[1:] + "."


class CommanderDialog:
    """Add a commander, or rename one: the action is recorded through the session when Record is
    pressed; a refusal is said in the dialog, which stays open to mend it. `recorded(name)` is
    called with the name on the roster once it is recorded."""

    def __init__(
        self, session: CampaignSession, parent: QWidget, recorded: Callable[[str], None], renaming: str | None = None
    ) -> None:
        self.session, self.recorded, self.renaming = session, recorded, renaming
        self.ui = CommanderForm(parent)
        dialog = self.ui.root
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.ui.problem.setStyleSheet(refusal_style(bold=False))
        sc = session.scenario
        for side in sc.sides:
            self.ui.sideCombo.addItem(sc.side_adjective(side), side)
        if renaming is None:
            dialog.setWindowTitle(_("Add a commander"))
            self.ui.explanation.setText(
                _("A player joins the roster: their name, the side they play for and, if you like, their club or shop.")
            )
        else:
            dialog.setWindowTitle(_("Rename a commander"))
            self.ui.explanation.setText(_("The new name of {name}. Their games stay theirs.").format(name=renaming))
            self.ui.nameEdit.setText(renaming)
            for widget in (self.ui.sideLabel, self.ui.sideCombo, self.ui.clubLabel, self.ui.clubEdit):
                widget.hide()
        self.ui.okButton.clicked.connect(self.record)
        self.ui.cancelButton.clicked.connect(dialog.reject)

    def preset_side(self, side: str) -> None:
        self.ui.sideCombo.setCurrentIndex(max(0, self.ui.sideCombo.findData(side)))

    def open(self) -> None:
        self.ui.root.open()
        self.ui.nameEdit.setFocus()
        self.ui.nameEdit.selectAll()

    def action(self) -> Action:
        """The action the boxes hold, read as typed text is read (every fault named)."""
        name = self.ui.nameEdit.text()
        if self.renaming is not None:
            return parse_action({"type": RenameCommander.type, "name": self.renaming, "to": name})
        club = self.ui.clubEdit.text().strip()
        return parse_action(
            {
                "type": AddCommander.type,
                "name": name,
                "side": self.ui.sideCombo.currentData(),
                **({"club": club} if club else {}),
            }
        )

    def record(self) -> None:
        try:
            done = self.session.record([self.action()])
        except UserError as exc:
            self.ui.problem.setText(said_of_boxes(str(exc)))
            return
        recorded = done[-1].action
        assert isinstance(recorded, (AddCommander, RenameCommander))
        self.ui.root.accept()
        self.recorded(recorded.name if isinstance(recorded, AddCommander) else recorded.to)


class CommandersForm(Form):
    FORM = "commanders"
    root: QWidget
    explanation: QLabel
    split: QSplitter
    leagueTable: QTableView
    gamesTitle: QLabel
    gamesTable: QTableView
    problem: QLabel
    addButton: QPushButton
    renameButton: QPushButton
    retireButton: QPushButton
    generalButton: QPushButton
    importButton: QPushButton
    doneRow: QWidget
    doneLabel: QLabel
    undoDoneButton: QPushButton


NOBODY_CHOSEN = N_("Click a commander to see their games.")
NOBODY_YET = N_(
    "No commanders yet: Add a commander for each player, or Import a sign-up sheet (a CSV file of "
    "name, side and club). The battle wizard can also add one when a game names a new player."
)


class CommandersView(QWidget):
    """The roster and the league of the open campaign (a view of the session)."""

    def __init__(
        self,
        session: CampaignSession,
        parent: QWidget | None = None,
        choose_signups: SignupChooser = ask_signups,
        choose_file: FileChooser = ask_file,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("commandersView")
        self.session, self.choose_signups = session, choose_signups
        self.ui = CommandersForm.filling(self)
        self.extras = LeagueExtras(self, choose_file)  # the turn shown, scoring, exports, clubs, pairings
        self.ui.problem.setStyleSheet(refusal_style(bold=False))
        self.model = LeagueModel(self)
        self.order = LeagueOrder(self)
        self.order.setSourceModel(self.model)
        self.order.setSortRole(SORT_ROLE)
        table = self.ui.leagueTable
        table.setModel(self.order)
        table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setSectionResizeMode(NAME, QHeaderView.ResizeMode.Interactive)
        table.viewport().installEventFilter(self)  # resized: the names' column fitted again (`fit_names`)
        self.games = GamesModel(self)
        self.ui.gamesTable.setModel(self.games)
        self.ui.gamesTable.verticalHeader().setVisible(False)
        self.ui.gamesTable.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.ui.gamesTable.horizontalHeader().setStretchLastSection(True)
        self.ui.split.setSizes([400, 220])
        self.chosen: int | None = None  # the commander whose games are shown (their number)
        self.dialog: CommanderDialog | None = None
        self.last_side: str | None = None  # the side of the commander added last: the next one's first offer
        table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.ui.addButton.clicked.connect(self.add)
        self.ui.renameButton.clicked.connect(self.rename)
        self.ui.retireButton.clicked.connect(self._retire_or_bring_back)
        self.ui.generalButton.clicked.connect(lambda: self._act(SetGeneral))
        self.ui.importButton.clicked.connect(self.import_signups)
        # Retire and Make General ask nothing: they say what they did, with Undo beside the words
        # for as long as the words say what the last action did
        self.undo_mark: tuple[int, str | None] | None = None
        self.ui.undoDoneButton.clicked.connect(self.undo_done)
        session.switched.connect(self._forget)
        session.changed.connect(self.refresh)
        self.refresh()

    # -- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        if self.undo_mark is not None and self._mark() != self.undo_mark:
            self._untell()  # something else was recorded or undone since: the words are stale
        sc = self.session.scenario if self.session.is_open else None
        standings, scoring = self.extras.show_league()
        self.model.set_league(sc, standings, scoring)
        self._choose_again()
        self._enable()
        self.fit_names()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.ui.leagueTable.viewport():
            self.fit_names()
        return super().eventFilter(watched, event)

    def fit_names(self) -> None:
        """The commanders' column takes the room the others leave, and never less than its longest
        name: a narrow window scrolls the table sideways rather than cut a name short (the numbers'
        columns are as wide as their titles, which a stretched name column gave way to)."""
        table = self.ui.leagueTable
        header = table.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != NAME)
        longest = max(table.sizeHintForColumn(NAME), header.sectionSizeHint(NAME))
        header.resizeSection(NAME, max(longest, table.viewport().width() - others))

    def _forget(self) -> None:
        self.extras.pairings.forget()
        self.chosen = None
        self.ui.problem.setText("")
        self._untell()

    def standing(self) -> Standing | None:
        """The chosen commander's line of the league."""
        return next((s for s in self.model.standings if s.commander.number == self.chosen), None)

    def choose(self, name: str) -> None:
        """Choose the commander called `name` (any case): their row selected, their games shown."""
        for row, s in enumerate(self.model.standings):
            if s.commander.name.casefold() == name.casefold():
                self.ui.leagueTable.selectRow(self.order.mapFromSource(self.model.index(row, 0)).row())
                return

    def _selection_changed(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        rows = self.ui.leagueTable.selectionModel().selectedRows()
        if rows:
            source = self.order.mapToSource(rows[0])
            self.chosen = self.model.standings[source.row()].commander.number
        self._show_games()
        self._enable()

    def _choose_again(self) -> None:
        standing = self.standing()
        if standing is None:
            self.chosen = None
            self.ui.leagueTable.clearSelection()
        else:
            self.choose(standing.commander.name)
        self._show_games()

    def _show_games(self) -> None:
        standing = self.standing()
        if standing is None or not self.session.is_open:
            self.games.set_games([])
            empty = self.session.is_open and not self.session.state.roster
            self.ui.gamesTitle.setText(_(NOBODY_YET if empty else NOBODY_CHOSEN))
            return
        sc, c = self.session.scenario, standing.commander
        self.games.set_games([game_cells(sc, c.side, g) for g in standing.played])
        club = f", {c.club}" if c.club else ""
        said = f"{c.name} ({side_words(sc, c.side)}{club})"
        if not standing.played:
            self.ui.gamesTitle.setText(_("{commander} has not played a tabletop game yet.").format(commander=said))
        else:
            self.ui.gamesTitle.setText(
                _("Games of {commander}: {won} won, {drawn} drawn, {lost} lost.").format(
                    commander=said, won=standing.wins, drawn=standing.draws, lost=standing.losses
                )
            )

    def _enable(self) -> None:
        session = self.session
        standing = self.standing()
        chosen = standing.commander if standing else None

        def may(kind: str) -> bool:  # a file that can be written; on a server, as the user's role allows
            return session.is_open and session.may(kind)

        self.ui.addButton.setEnabled(may(AddCommander.type))
        self.ui.importButton.setEnabled(may(AddCommander.type))
        self.ui.renameButton.setEnabled(may(RenameCommander.type) and chosen is not None)
        self.ui.retireButton.setEnabled(may(RetireCommander.type) and chosen is not None and not chosen.retired)
        self.ui.generalButton.setEnabled(
            may(SetGeneral.type) and chosen is not None and not chosen.retired and not chosen.general
        )
        self.extras.enable(chosen)

    # -- the roster's actions -----------------------------------------------------------------

    def add(self) -> None:
        self.dialog = CommanderDialog(self.session, self, self._recorded)
        if self.last_side is not None:  # a side's players are often added one after another
            self.dialog.preset_side(self.last_side)
        self.dialog.open()

    def rename(self) -> None:
        standing = self.standing()
        if standing is not None:
            self.dialog = CommanderDialog(self.session, self, self._recorded, renaming=standing.commander.name)
            self.dialog.open()

    def _recorded(self, name: str) -> None:
        self.ui.problem.setText("")
        found = rosters.find(self.session.state.roster, name)
        if found is not None:
            self.last_side = found.side
        self.choose(name)

    def _retire_or_bring_back(self) -> None:
        standing = self.standing()
        if standing is not None:
            self._act(UnretireCommander if standing.commander.retired else RetireCommander)

    def _act(self, kind: type[RetireCommander] | type[SetGeneral] | type[UnretireCommander]) -> None:
        """Retire or make General the chosen commander, at once (Undo takes it back), then say
        whom it concerned and what followed, with Undo beside the words."""
        standing = self.standing()
        if standing is None:
            return
        try:
            done = self.session.record([kind(standing.commander.name)])
        except UserError as exc:
            self.say(str(exc))
            return
        self.say(None)
        events = [event for applied in done for event in applied.events]
        self._tell(". ".join(events) + "." if events else _("Done."))

    def _mark(self) -> tuple[int, str | None]:
        return self.session.log_length(), self.session.last_action_title()

    def _tell(self, words: str) -> None:
        self.ui.doneLabel.setText(words)
        self.ui.doneLabel.setToolTip(tip(words))
        self.undo_mark = self._mark()
        self.ui.undoDoneButton.setEnabled(self.session.can_undo())
        self.ui.doneRow.show()

    def _untell(self) -> None:
        self.undo_mark = None
        self.ui.doneRow.hide()

    def undo_done(self) -> None:
        """The Undo beside the words: takes back the action they tell of, and only that one."""
        if self.undo_mark is None or self._mark() != self.undo_mark:
            self._untell()
            return
        try:
            self.session.undo()
        except UserError as exc:
            self.say(str(exc))

    def import_signups(self) -> None:
        from campaign_manager.store.signups import read_signups

        path = self.choose_signups(self, _("Import a sign-up sheet (CSV: name, side, club)"))
        if path is None:
            return
        try:
            actions = read_signups(self.session.scenario, self.session.state, path)
        except UserError as exc:
            self.say(str(exc))
            return
        self.say(self.session.try_record(actions))

    def say(self, problem: str | None) -> None:
        self.ui.problem.setText(problem or "")
