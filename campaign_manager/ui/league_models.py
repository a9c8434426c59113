"""The league table and a commander's games as table models for the Commanders tab (ui/commanders_view.py):
the cells of each row, what each column sorts by, and tooltips in plain text (names are the users'
own words)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from campaign_manager.engine.league import PlayedGame, Standing
from campaign_manager.engine.state import DEFAULT_SCORING, Scoring
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui.plain import tip

SORT_ROLE = Qt.ItemDataRole.UserRole  # what a column sorts by: a number, or a name without case
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column:
    title: str  # in English (N_): shown through `_`
    explain: str  # the column's tooltip, likewise
    numeric: bool = True


NAME = 1  # the commanders' names: the column that takes the room the others leave
COLUMNS = (
    Column("#", N_("Place in the league: most points, then the tie-breaks of the league's scoring")),
    Column(N_("Commander"), N_("The commander's name"), numeric=False),
    Column(N_("Side"), N_("The side they play for"), numeric=False),
    Column(N_("Club"), N_("Their club or shop"), numeric=False),
    Column(N_("Role"), N_("Their side's General, or retired (no new games; their games stay)"), numeric=False),
    Column(N_("Points"), N_("League points by the league's scoring (League ▸ Scoring…)")),
    Column(N_("Games"), N_("Tabletop games played")),
    Column(N_("Won"), N_("Games won: the other side was defeated (at least 3 VP and more than it, rule 1.6)")),
    Column(N_("Drawn"), N_("Games where neither side was defeated")),
    Column(N_("Lost"), N_("Games where their side was defeated")),
    Column(N_("VP for"), N_("Victory points they scored in their games")),
    Column(N_("VP against"), N_("Victory points scored against them")),
    Column(N_("VP diff"), N_("VP for minus VP against")),
    Column(
        N_("Destroyed"), N_("Enemy troops destroyed in their battles (an arrow's, credited to each of its commanders)")
    ),
    Column(N_("Areas taken"), N_("Areas their side took in battles they attacked in")),
)


def side_words(sc: Scenario, side: str) -> str:
    """A commander's side as shown ("Allied"), in the app's language; a side the scenario lacks as written."""
    return sc.side_adjective(side) if side in sc.sides else side


def _role(standing: Standing) -> str:
    return _("General") if standing.commander.general else _("retired") if standing.commander.retired else ""


def league_cells(
    sc: Scenario, place: int, s: Standing, scoring: Scoring = DEFAULT_SCORING
) -> tuple[tuple[str, object], ...]:
    """Each column's words and what it sorts by."""
    c = s.commander
    numbers = (
        s.points(scoring),
        s.games,
        s.wins,
        s.draws,
        s.losses,
        s.vp_for,
        s.vp_against,
        s.vp_difference,
        s.destroyed,
        s.areas_taken,
    )
    return (
        (str(place), place),
        (c.name, (c.name.casefold(), c.number)),
        (side_words(sc, c.side), c.side),
        (c.club or "", (c.club or "").casefold()),
        (_role(s), _role(s)),
        *((f"{n:+d}" if index == 7 and n else str(n), n) for index, n in enumerate(numbers)),
    )


class LeagueModel(QAbstractTableModel):
    """One row per commander, in league order (engine/league.py)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.standings: list[Standing] = []
        self._cells: list[tuple[tuple[str, object], ...]] = []

    def set_league(self, sc: Scenario | None, standings: list[Standing], scoring: Scoring = DEFAULT_SCORING) -> None:
        self.beginResetModel()
        self.standings = list(standings) if sc else []
        self._cells = (
            [league_cells(sc, place, s, scoring) for place, s in enumerate(self.standings, start=1)] if sc else []
        )
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cells)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _(COLUMNS[section].title)
        if role == Qt.ItemDataRole.ToolTipRole:
            return _(COLUMNS[section].explain)
        if role == Qt.ItemDataRole.InitialSortOrderRole:  # the first click on a count puts the most first
            numbers = COLUMNS[section].numeric and section > 0
            return Qt.SortOrder.DescendingOrder if numbers else Qt.SortOrder.AscendingOrder
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._cells):
            return None
        words, key = self._cells[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return words
        if role == SORT_ROLE:
            return key if isinstance(key, (int, str)) else repr(key)
        if role == Qt.ItemDataRole.TextAlignmentRole and COLUMNS[index.column()].numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                tip(_("{title}: {cell}").format(title=_(COLUMNS[index.column()].title), cell=words)) if words else None
            )
        return None


class LeagueOrder(QSortFilterProxyModel):
    """The league sorted by the column clicked: numbers as numbers, names without regard to case,
    and an empty cell (no club given) last whichever way the column is sorted."""

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if isinstance(a, int) and isinstance(b, int):
            return a < b
        if (a == "") != (b == ""):  # one cell empty: it goes last (the sort reverses this when descending)
            ascending = self.sortOrder() == Qt.SortOrder.AscendingOrder
            return (b == "") if ascending else (a == "")
        return str(a) < str(b)


ROLES = {"attacker": N_("attacker"), "defender": N_("defender")}  # a game's role (engine/league.py), as shown
OUTCOMES = {"won": N_("won"), "drawn": N_("drawn"), "lost": N_("lost")}  # a game's outcome, as shown
GAME_COLUMNS = (N_("Turn"), N_("Battle"), N_("Played as"), N_("Against"), N_("VP"), N_("Result"))  # shown through `_`


def game_cells(sc: Scenario, side: str, game: PlayedGame) -> tuple[str, ...]:
    """A game of a commander of `side`, as the games table shows it."""
    arrow = f"{game.origin} → {game.target}"
    if game.games_on_arrow > 1:
        arrow = _("{arrow}, game {game} of {games}").format(arrow=arrow, game=game.game, games=game.games_on_arrow)
    return (
        str(game.turn),
        arrow,
        _("{role} ({side})").format(role=_(ROLES.get(game.role, game.role)), side=side_words(sc, side)),
        game.opponent.name if game.opponent else _("not named"),
        f"{game.vp_for}–{game.vp_against}",
        _(OUTCOMES.get(game.outcome, game.outcome)),
    )


class GamesModel(QAbstractTableModel):
    """The tabletop games of one commander, in the order they were played."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, ...]] = []

    def set_games(self, rows: list[tuple[str, ...]]) -> None:
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(GAME_COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 6:
            return _(GAME_COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(
                _("{title}: {cell}").format(
                    title=_(GAME_COLUMNS[index.column()]), cell=self._rows[index.row()][index.column()]
                )
            )
        return None
