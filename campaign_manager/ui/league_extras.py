"""What the Commanders tab adds to its form for a shop's league: above the table, the turn the
league is shown at, Scoring… and Export as CSV / HTML; beside a commander's games, the club
standings, who has played whom and the pairings (ui/league_panels.py); and for the chosen
commander, Club and side… and Bring back (a retired commander). Every change is an action
recorded through the session."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSplitter, QTabWidget, QVBoxLayout, QWidget

from campaign_manager.engine.actions import SetClub, SetScoring, UnretireCommander
from campaign_manager.engine.league import Standing, club_standings
from campaign_manager.engine.pairings import played_matrix
from campaign_manager.engine.state import Commander, Scoring
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, pgettext
from campaign_manager.ui.league_dialogs import ClubSideDialog, ScoringDialog, open_dialog
from campaign_manager.ui.league_panels import (
    CLUB_TITLES,
    CellsModel,
    FileChooser,
    PairingsPanel,
    club_rows,
    matrix_rows,
    table_view,
)
from campaign_manager.ui.session import CampaignSession


class CommandersParts(Protocol):
    """The parts of the tab's form the extras fit into."""

    @property
    def root(self) -> QWidget: ...

    @property
    def split(self) -> QSplitter: ...

    @property
    def retireButton(self) -> QPushButton: ...  # noqa: N802 (the form's name)


class CommandersTab(Protocol):
    """What the extras need of the Commanders tab (ui/commanders_view.py) they are part of."""

    @property
    def session(self) -> CampaignSession: ...

    @property
    def ui(self) -> CommandersParts: ...

    def refresh(self) -> None: ...

    def standing(self) -> Standing | None: ...

    def say(self, problem: str | None) -> None: ...


EXPORTS = {  # the button's words, the kind of file, its patterns
    "csv": (N_("Export as &CSV…"), N_("CSV"), "*.csv"),
    "html": (N_("Export as &HTML…"), N_("Web page"), "*.html *.htm"),
}


class LeagueExtras:
    """The shop's league parts of one Commanders tab (`view`)."""

    def __init__(self, view: CommandersTab, choose_file: FileChooser) -> None:
        self.view, self.session, self.choose_file = view, view.session, choose_file
        self.turn = QComboBox()
        self.turn.setObjectName("turnCombo")
        self.turn.setAccessibleName(_("The league as it stood"))
        self.turn.currentIndexChanged.connect(lambda _: view.refresh())
        self.scoring_button = QPushButton(_("&Scoring…"))
        self.scoring_button.setObjectName("scoringButton")
        self.scoring_button.clicked.connect(self.open_scoring)
        self.scheme = QLabel()
        self.scheme.setObjectName("schemeLabel")
        self.scheme.setWordWrap(True)
        self.scheme.setTextFormat(Qt.TextFormat.PlainText)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("The league")))
        top.addWidget(self.turn)
        top.addWidget(self.scoring_button)
        self.export_buttons: dict[str, QPushButton] = {}
        for kind, (words, *_file) in EXPORTS.items():
            button = QPushButton(_(words))
            button.setObjectName(f"export{kind.title()}Button")
            button.clicked.connect(lambda _checked=False, k=kind: self.export(k))
            self.export_buttons[kind] = button
            top.addWidget(button)
        top.addStretch()
        layout = view.ui.root.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertLayout(1, top)
        layout.insertWidget(2, self.scheme)
        self.clubs = CellsModel(tuple(_(title) for title in CLUB_TITLES), view.ui.root)
        self.clubs.numeric = {1, 2, 3, 4}
        self.matrix = CellsModel(("",), view.ui.root)
        self.matrix.align = Qt.AlignmentFlag.AlignHCenter
        self.pairings = PairingsPanel(self.session, choose_file)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("leagueTabs")
        pane = view.ui.split.widget(1)
        assert pane is not None  # the form's games pane
        view.ui.split.replaceWidget(1, self.tabs)
        self.tabs.addTab(pane, _("&Games"))
        self.tabs.addTab(table_view(self.clubs, "clubsTable", _("The clubs")), _("C&lubs"))
        self.tabs.addTab(table_view(self.matrix, "matrixTable", _("Who has played whom")), _("&Who has played whom"))
        self.tabs.addTab(self.pairings, _("&Pairings"))
        self.club_button = QPushButton(_("&Club and side…"))
        self.club_button.setObjectName("clubButton")
        self.club_button.clicked.connect(self.open_club_side)
        row = view.ui.root.findChild(QHBoxLayout, "chosenRow")
        assert row is not None
        row.insertWidget(1, self.club_button)
        self.dialog: QWidget | None = None

    def shown_turn(self) -> int | None:
        data = self.turn.currentData()
        return data if isinstance(data, int) else None

    def refresh_turns(self) -> None:
        """The turns offered: now, and the end of each turn begun so far."""
        now = self.session.state.turn if self.session.is_open else 0
        wanted = self.shown_turn()
        self.turn.blockSignals(True)
        self.turn.clear()
        self.turn.addItem(_("now"), None)
        for turn in range(0, now):
            self.turn.addItem(
                _("before turn 1") if turn == 0 else _("at the end of turn {turn}").format(turn=turn), turn
            )
        self.turn.setCurrentIndex(max(0, self.turn.findData(wanted)) if wanted is not None else 0)
        self.turn.blockSignals(False)

    def show_league(self) -> tuple[list[Standing], Scoring]:
        """The league shown (now, or as it stood), after filling the clubs, the matrix and the pairings."""
        self.refresh_turns()
        session = self.session
        standings, scoring = session.league_then(self.shown_turn()) if session.is_open else ([], Scoring())
        self.clubs.set_rows(club_rows(club_standings(standings, scoring)))
        sc = session.scenario if session.is_open else None
        if sc is not None:
            titles, rows = matrix_rows(sc, played_matrix(sc, [s for s in standings if not s.commander.retired]))
            self.matrix.set_rows(rows, titles)
            self.matrix.numeric = set(range(1, len(titles)))
        else:
            self.matrix.set_rows([], ("",))
        now, now_scoring = session.league_then(None) if session.is_open else ([], Scoring())
        self.pairings.set_league(sc, now, now_scoring)
        from campaign_manager.engine.roster import scoring_words

        self.scheme.setText(_("Scored {scheme}.").format(scheme=scoring_words(scoring)) if session.is_open else "")
        return standings, scoring

    def enable(self, chosen: Commander | None) -> None:
        session = self.session

        def may(kind: str) -> bool:
            return session.is_open and session.may(kind)

        self.scoring_button.setEnabled(may(SetScoring.type))
        self.club_button.setEnabled(may(SetClub.type) and chosen is not None)
        for button in self.export_buttons.values():
            button.setEnabled(session.is_open)
        retire = self.view.ui.retireButton
        if chosen is not None and chosen.retired:
            retire.setText(_("Bring &back"))
            retire.setEnabled(may(UnretireCommander.type))
        else:
            retire.setText(_("Re&tire"))

    def open_scoring(self) -> None:
        self.dialog = open_dialog(ScoringDialog(self.session, self.view.ui.root))

    def open_club_side(self) -> None:
        standing = self.view.standing()
        if standing is not None:
            self.dialog = open_dialog(ClubSideDialog(self.session, self.view.ui.root, standing.commander))

    def export(self, kind: str) -> None:
        """The league as shown (its turn and scheme) written as CSV or a web page."""
        from campaign_manager.reports.league_export import league_csv, league_html
        from campaign_manager.store.writing import write_document

        words, file_kind, patterns = EXPORTS[kind]
        name = _("{campaign} league").format(campaign=self.session.name or _("league")) + f".{kind}"
        kinds = f"{_(file_kind)} ({patterns})"
        path = self.choose_file(self.view.ui.root, _(words).replace("&", "").rstrip("…"), kinds, name)
        if path is None:
            return
        standings, scoring = self.session.league_then(self.shown_turn())
        sc = self.session.scenario
        if kind == "csv":
            data = league_csv(sc, standings, scoring)
        else:
            title = _("{campaign}: the league of commanders").format(campaign=self.session.name)
            data = league_html(sc, standings, scoring, title, club_standings(standings, scoring))
        try:
            write_document(path, data.encode("utf-8"), pgettext("a document written to a file", "league"))
        except (UserError, OSError) as exc:
            self.view.say(_("The league was not exported: {reason}").format(reason=exc))
            return
        self.view.say(None)
        self.session.message.emit(_("The league was exported to {path}").format(path=path))
