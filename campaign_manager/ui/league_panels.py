"""The league's panels beside a commander's games on the Commanders tab: the club standings, who
has played whom, and the pairings for the next evening (the commanders ticked as present, the
engine's suggestion, the organiser's swaps, printed as slips); and the league exported as CSV or
HTML (the same table as the PDF). The engine works everything out (engine/league.py,
engine/pairings.py); these only show it. Names are the users' words: display text only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.league import ClubStanding, Standing
from campaign_manager.engine.pairings import Pairings, PlayedMatrix, present_standings, suggest
from campaign_manager.engine.state import Scoring
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext, number, pgettext
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui.league_models import side_words
from campaign_manager.ui.plain import tip
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.settings import chosen, start_folder

Index = QModelIndex | QPersistentModelIndex
FileChooser = Callable[[QWidget, str, str, str], "Path | None"]  # (parent, title, filter, suggested name)


def ask_file(parent: QWidget, title: str, kinds: str, suggested: str) -> Path | None:
    name, _kind = QFileDialog.getSaveFileName(parent, title, str(Path(start_folder()) / suggested), kinds)
    return Path(chosen(name)) if name else None


class CellsModel(QAbstractTableModel):
    """A read-only table of words: titles across, a row of cells each (numbers right-aligned)."""

    def __init__(self, titles: tuple[str, ...], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.titles = titles
        self.rows: list[tuple[str, ...]] = []
        self.numeric: set[int] = set()  # the columns of numbers: aligned as `align` says
        self.align = Qt.AlignmentFlag.AlignRight

    def set_rows(self, rows: Sequence[tuple[str, ...]], titles: tuple[str, ...] | None = None) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        if titles is not None:
            self.titles = titles
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.titles)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.titles[section] if 0 <= section < len(self.titles) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows) or index.column() >= len(self.titles):
            return None
        words = self.rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return words
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(_("{title}: {cell}").format(title=self.titles[index.column()], cell=words))
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in self.numeric:
            return int(self.align | Qt.AlignmentFlag.AlignVCenter)
        return None


CLUB_TITLES = (N_("Club"), N_("Commanders"), N_("Games"), N_("Points"), N_("Points per game"))  # shown through `_`


def club_rows(clubs: list[ClubStanding]) -> list[tuple[str, ...]]:
    return [(c.club, str(len(c.commanders)), str(c.games), str(c.points), number(c.points_per_game, 2)) for c in clubs]


def matrix_rows(sc: Scenario, matrix: PlayedMatrix) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The matrix as titles (the second side's commanders) and rows (the first side's)."""
    first, second = (sc.side_adjective(side) for side in sc.side_ids)
    titles = (f"{first} ↓ / {second} →", *(c.name for c in matrix.columns))
    rows = [(r.name, *(str(n) if n else "·" for n in games)) for r, games in zip(matrix.rows, matrix.games)]
    return titles, rows


def table_view(model: QAbstractTableModel, name: str, words: str) -> QTableView:
    view = QTableView()
    view.setObjectName(name)
    view.setAccessibleName(words)
    view.setModel(model)
    view.verticalHeader().setVisible(False)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return view


def pair_titles(first: str = "", second: str = "") -> tuple[str, ...]:
    """The pairings table's titles: the table's number, a commander of each side, their games before."""
    return (pgettext("a numbered gaming table in the shop", "Table"), first, second, _("Met before"))


class PairingsPanel(QWidget):
    """The next evening: tick who is present, Suggest, swap any two, print the slips."""

    def __init__(self, session: CampaignSession, choose_file: FileChooser, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pairingsPanel")
        self.session, self.choose_file = session, choose_file
        self.standings: list[Standing] = []
        self.scoring = Scoring()
        self.pairings: Pairings | None = None
        self.swapped = False  # the organiser has swapped since the suggestion
        self.present = QListWidget()
        self.present.setObjectName("presentList")
        self.present.setAccessibleName(_("Commanders present this evening"))
        self.present.itemChanged.connect(self._ticked)
        self.seed = QSpinBox()
        self.seed.setRange(1, 9999)
        self.seed.setObjectName("seedSpin")
        self.seed.setAccessibleName(_("Seed of the pairings"))
        self.seed.setToolTip(_("The same commanders, league and number give the same pairings"))
        self.suggest_button = QPushButton(_("&Suggest pairings"))
        self.suggest_button.setObjectName("suggestButton")
        self.suggest_button.clicked.connect(self.suggest)
        self.pairs = CellsModel(pair_titles(), self)
        self.pairs.numeric = {0, 3}
        self.table = table_view(self.pairs, "pairsTable", _("The pairings, a table a row"))
        self.swap_one, self.swap_other = QComboBox(), QComboBox()
        self.swap_one.setObjectName("swapOne")
        self.swap_other.setObjectName("swapOther")
        self.swap_one.setAccessibleName(_("Swap this commander"))
        self.swap_other.setAccessibleName(_("with this commander"))
        self.swap_button = QPushButton(_("S&wap"))
        self.swap_button.setObjectName("swapButton")
        self.swap_button.clicked.connect(self.swap)
        self.print_button = QPushButton(_("&Print the slips…"))
        self.print_button.setObjectName("printSlipsButton")
        self.print_button.clicked.connect(self.print_slips)
        self.said = QLabel()
        self.said.setObjectName("pairingsSaid")
        self.said.setWordWrap(True)
        self.said.setTextFormat(Qt.TextFormat.PlainText)
        self._lay_out()
        self._enable()

    def _lay_out(self) -> None:
        left = QVBoxLayout()
        left.addWidget(QLabel(_("Present this evening:")))
        left.addWidget(self.present)
        seed = QHBoxLayout()
        seed.addWidget(QLabel(_("Seed")))
        seed.addWidget(self.seed)
        seed.addWidget(self.suggest_button)
        left.addLayout(seed)
        right = QVBoxLayout()
        right.addWidget(self.table)
        swaps = QHBoxLayout()
        swap, with_ = QLabel(pgettext("swap one commander with another", "Swap")), QLabel(_("with"))
        for widget in (swap, self.swap_one, with_, self.swap_other, self.swap_button):
            swaps.addWidget(widget)
        swaps.addStretch()
        swaps.addWidget(self.print_button)
        right.addLayout(swaps)
        right.addWidget(self.said)
        row = QHBoxLayout(self)
        row.addLayout(left, 1)
        row.addLayout(right, 3)

    def set_league(self, sc: Scenario | None, standings: list[Standing], scoring: Scoring) -> None:
        """The league now: the present list keeps who was ticked (by their number)."""
        ticked = self.ticked_numbers()
        self.standings, self.scoring = standings, scoring
        self.present.clear()
        for s in standings:
            if s.commander.retired or sc is None:
                continue
            item = QListWidgetItem(f"{s.commander.name} ({side_words(sc, s.commander.side)})")
            item.setData(Qt.ItemDataRole.UserRole, s.commander.number)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if s.commander.number in ticked else Qt.CheckState.Unchecked)
            self.present.addItem(item)
        if sc is not None:
            first, second = (sc.side_adjective(side) for side in sc.side_ids)
            self.pairs.set_rows(self.pairs.rows, pair_titles(first, second))
        if self.pairings is not None:  # the same pairs, as the league now has their commanders
            self.pairings = self.pairings.with_league(standings)
            self._show()
        self._enable()

    def forget(self) -> None:
        self.pairings = None
        self.present.clear()
        self._show()

    def ticked_numbers(self) -> set[int]:
        items = [self.present.item(row) for row in range(self.present.count())]
        return {i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked}

    def tick(self, names: list[str]) -> None:
        wanted = {n.casefold() for n in names}
        by_number = {s.commander.number: s.commander.name.casefold() for s in self.standings}
        for row in range(self.present.count()):
            item = self.present.item(row)
            mark = by_number.get(item.data(Qt.ItemDataRole.UserRole)) in wanted
            item.setCheckState(Qt.CheckState.Checked if mark else Qt.CheckState.Unchecked)

    def suggest(self) -> None:
        numbers = self.ticked_numbers()
        names = [s.commander.name for s in self.standings if s.commander.number in numbers]
        try:
            present = present_standings(self.standings, names)
        except UserError as exc:
            self.said.setText(str(exc))
            return
        self.pairings = suggest(self.session.scenario, present, self.seed.value(), self.scoring)
        self.swapped = False
        self._show()

    def swap(self) -> None:
        if self.pairings is None:
            return
        try:
            self.pairings = self.pairings.swap(self.swap_one.currentText(), self.swap_other.currentText())
        except UserError as exc:
            self.said.setText(str(exc))
            return
        self.swapped = True
        self._show()

    def _show(self) -> None:
        p = self.pairings
        rows = (
            []
            if p is None
            else [
                (str(n), x.first.commander.name, x.second.commander.name, str(x.rematch) if x.rematch else "")
                for n, x in enumerate(p.pairs, start=1)
            ]
        )
        self.pairs.set_rows(rows)
        names = [] if p is None else [s.commander.name for x in p.pairs for s in (x.first, x.second)]
        names += [] if p is None else [s.commander.name for s in p.sitting_out]
        for box in (self.swap_one, self.swap_other):
            box.clear()
            box.addItems(names)
        self.swap_other.setCurrentIndex(min(1, len(names) - 1))  # two different commanders to begin with
        self.said.setText(self._words(p))
        self._enable()

    def _ticked(self, _item: QListWidgetItem) -> None:
        self.said.setText(self._words(self.pairings))

    def _words(self, p: Pairings | None) -> str:
        """What the pairings shown are: who sits out, the rematches (unavoidable unless the
        organiser swapped into them), and a word when the ticks no longer match those paired."""
        if p is None:
            return _("Tick the commanders present, then Suggest pairings.")
        if not p.pairs:
            return _("Nobody is paired: tick commanders of both sides.")
        sitting = ", ".join(s.commander.name for s in p.sitting_out)
        said = [_("Sitting out: {names}.").format(names=sitting) if sitting else _("Everyone present plays.")]
        n = p.rematches
        if n and self.swapped:
            said.append(ngettext("Met before at {n} table.", "Met before at {n} tables.", n).format(n=n))
        elif n:
            said.append(
                ngettext(
                    "Met before at {n} table: no other pairing avoids it.",
                    "Met before at {n} tables: no other pairing avoids it.",
                    n,
                ).format(n=n)
            )
        paired = {s.commander.number for x in p.pairs for s in (x.first, x.second)}
        if self.ticked_numbers() != paired | {s.commander.number for s in p.sitting_out}:
            said.append(_("Those ticked have changed since: Suggest pairings again to pair them."))
        return " ".join(said)

    def _enable(self) -> None:
        paired = self.pairings is not None and bool(self.pairings.pairs)
        for widget in (self.swap_button, self.print_button, self.swap_one, self.swap_other):
            widget.setEnabled(paired)
        self.suggest_button.setEnabled(self.present.count() > 0)

    def print_slips(self) -> None:
        if self.pairings is None:
            return
        from campaign_manager.reports.pairing_slips import pairing_slips_pdf
        from campaign_manager.store.writing import write_document

        path = self.choose_file(self, _("Print the pairings as slips (PDF)"), "PDF (*.pdf)", _("pairings") + ".pdf")
        if path is None:
            return
        try:
            data = pairing_slips_pdf(self.session.scenario, self.pairings, self.scoring, self.session.name)
            write_document(path, data, pgettext("a document written to a file", "pairing slips"))
        except (UserError, OSError) as exc:
            self.said.setText(_("The slips were not written: {reason}").format(reason=exc))
            return
        self.said.setText(_("The slips are in {path}.").format(path=path))
