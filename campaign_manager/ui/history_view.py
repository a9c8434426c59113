"""The campaign's history beside the map: every battle as a table row, and a choice of turn that
shows the map as it stood at the end of an earlier turn — read-only, the file untouched.

The side panel is narrow (about 450 pixels at 1280×800): the table keeps the short columns to
their contents, gives the long ones a readable width with their text wrapped on rows as tall as
it needs, and puts the result right after the arrow; every cell says its whole text on hover.
The chosen battle's record sits under the table in a box of its own that scrolls."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSplitter,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.actions import EndTurn
from campaign_manager.engine.app_dice import APP_MARK, app_legend
from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.state import CampaignState
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.ui.ink import notice_style
from campaign_manager.ui.map.view import MapView
from campaign_manager.ui.plain import tip
from campaign_manager.ui.session import CampaignSession

COLUMNS = (  # the columns' titles, in English: the names the code knows them by (shown through `_`)
    N_("Turn"),
    "#",
    N_("Battle"),
    N_("Attacker"),
    N_("Defender"),
    N_("Result"),
    N_("Mission"),
    N_("Destroy rolls"),
    N_("Destroyed"),
    N_("Captured"),
    N_("Escaped, VP"),
    N_("Advanced"),
    N_("Commanders"),
)
SAID = ("Battle", "Attacker", "Defender", "Result", "Mission")  # under the table, in this order
SHOWN_ORDER = (
    "Turn",
    "#",
    "Battle",
    "Result",
    "Mission",
    "Commanders",
    "Attacker",
    "Defender",
    "Destroyed",
    "Captured",
    "Escaped, VP",
    "Advanced",
    "Destroy rolls",
)
SHORT = {"Turn", "#", "Battle", "Result"}  # as wide as their contents; the others wrap
WIDEST = {"Destroy rolls": 200}  # pixels at most before a column's text wraps (others: 140)


def row_cells(sc: Scenario, row: BattleRow) -> tuple[str, ...]:
    """The row's cells. The result is short enough not to wrap: who won, then how (the General's
    Wargame totals and dice, or the tabletop games' VP; the attacker's first); the commanders who
    played each game, the attacker's first, as the roster named them then; the defender with the
    fortification when it took part; troops that escaped by sea and VP scored with nobody captured
    (a command centre's defenders beaten) in a column of their own."""
    how = row.score_words()
    winner = _("{side} won").format(side=sc.side_noun(row.winner)) if row.winner else _("No one defeated")
    rolls = "; ".join(row.roll_words())
    return (
        str(row.turn),
        f"{row.order} {row.mark}",  # as the map numbers and marks it
        f"{row.origin} → {row.target}",
        row.commitment_words(sc, "attacker", "—"),
        row.commitment_words(sc, "defender", "—"),
        _("{winner}, {how}").format(winner=winner, how=how),
        row.mission or _("not rolled"),
        rolls or "—",
        ", ".join(row.destroyed) or "—",
        ", ".join(row.captured) or "—",
        "; ".join(filter(None, [row.escaped_words(), *row.scored_words(sc)])) or "—",
        ", ".join(row.advanced) or "—",
        row.players_words() or "—",
    )


Index = QModelIndex | QPersistentModelIndex
DISPLAY, TOOLTIP = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole


class BattlesModel(QAbstractTableModel):
    """One row per fought battle (engine/battle_log.py)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[tuple[str, ...], str]] = []
        self._read: tuple[Scenario | None, list[BattleRow]] = (None, [])  # what `_rows` were made from

    def set_rows(self, sc: Scenario | None, rows: list[BattleRow]) -> bool:
        """Show `rows`; whether they changed. When they are the rows shown (an action that fought
        no battle, a note), the table is left as it is: a reset would measure every row's height again."""
        if sc is self._read[0] and rows == self._read[1]:
            return False
        self.beginResetModel()
        self._read = (sc, list(rows))
        self._rows = [(row_cells(sc, r), "\n".join(r.words)) for r in rows] if sc else []
        self.endResetModel()
        return True

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> str | None:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _(COLUMNS[section])
        return None

    def data(self, index: Index, role: int = DISPLAY) -> str | None:
        # Asked for every role of every cell each time the rows are measured: the roles it has no
        # answer for are let go first, before the index is read.
        if (role != DISPLAY and role != TOOLTIP) or not index.isValid():
            return None
        cells, words = self._rows[index.row()]
        if role == DISPLAY:
            return cells[index.column()]
        if role == TOOLTIP:  # the whole cell, however narrow its column
            column = _("{title}: {cell}").format(title=_(COLUMNS[index.column()]), cell=cells[index.column()])
            marked = f"\n\n({app_legend()})" if APP_MARK in cells[index.column()] else ""
            return tip(f"{column}\n\n{words}{marked}")
        return None


NO_BATTLE_CHOSEN = N_("Choose a battle to read all it did (dice, rolls to destroy, retreats, advances).")


def battle_record(sc: Scenario, row: BattleRow) -> str:
    """The chosen battle under the table: who fought, then what the battle did in the history's
    own words (the dice, each roll to destroy, retreats, captures, advances) — each said once."""
    cells = row_cells(sc, row)
    battle, attacker, defender, result, mission = (cells[COLUMNS.index(name)] for name in SAID)
    lines = [
        _("Turn {turn}, battle {order}: {battle}, {result}").format(
            turn=row.turn, order=row.order, battle=battle, result=result
        ),
        _("Attacker: {attacker}. Defender: {defender}. Mission: {mission}.").format(
            attacker=attacker, defender=defender, mission=mission
        ),
    ]
    if row.players_words():
        lines.append(_("Commanders: {commanders}.").format(commanders=cells[COLUMNS.index("Commanders")]))
    lines += row.words
    if row.app_words:
        lines.append(_("{dice} ({mark} in the table).").format(dice=row.app_words, mark=APP_MARK))
    return "\n".join(lines)


def turn_ends(history: list[Applied]) -> dict[int, CampaignState]:
    """The state at the end of each finished turn (the history already holds every state)."""
    return {applied.state.turn: applied.state for applied in history if isinstance(applied.action, EndTurn)}


class HistoryView(QWidget):
    """The battle table, and which moment the map shows: now, or the end of an earlier turn."""

    def __init__(self, session: CampaignSession, map_view: MapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyView")
        self.session, self.map_view = session, map_view
        self.model = BattlesModel(self)
        self.table = QTableView(self)
        self.table.setAccessibleName(_("Battles fought"))
        self.table.setModel(self.model)
        self.table.setWordWrap(True)
        self.table.setAlternatingRowColors(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setHorizontalScrollMode(QTableView.ScrollMode.ScrollPerPixel)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)  # wrapped text whole
        header = self.table.horizontalHeader()
        for name in SHOWN_ORDER:  # the result right after the arrow: what a reader looks for first
            header.moveSection(header.visualIndex(COLUMNS.index(name)), SHOWN_ORDER.index(name))
        for column, name in enumerate(COLUMNS):
            mode = QHeaderView.ResizeMode.ResizeToContents if name in SHORT else QHeaderView.ResizeMode.Interactive
            header.setSectionResizeMode(column, mode)
        header.setStretchLastSection(True)
        self.moment = QComboBox(self)
        self.moment.setObjectName("mapMoment")
        self.moment.setAccessibleName(_("The map shows"))
        self.moment.activated.connect(lambda _: self.show_moment())
        self.banner = QLabel(wordWrap=True)
        self.banner.setObjectName("readOnlyBanner")
        self.banner.setStyleSheet(notice_style())
        top = QHBoxLayout()
        shows = QLabel(_("The map &shows:"))
        shows.setBuddy(self.moment)
        top.addWidget(shows)
        top.addWidget(self.moment, 1)
        self.details = QLabel(wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.details.setObjectName("battleDetails")
        self.details.setText(_(NO_BATTLE_CHOSEN))
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setMargin(4)
        # A long record scrolls in its own box instead of pushing the table up.
        self.details_box = QScrollArea(self, widgetResizable=True)
        self.details_box.setObjectName("battleDetailsBox")
        self.details_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.details_box.setWidget(self.details)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.clicked.connect(lambda index: self._show_details(index, follow=True))
        self._restoring = False
        self.table.selectionModel().currentRowChanged.connect(
            lambda index, _: self._show_details(index, follow=not self._restoring)
        )
        self.split = QSplitter(Qt.Orientation.Vertical, self)
        self.split.addWidget(self.table)
        self.split.addWidget(self.details_box)
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 1)
        self.split.setChildrenCollapsible(False)
        self.split.setSizes([520, 170])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.split, 1)
        self.history: list[Applied] = []
        self.rows: list[BattleRow] = []
        self._bottom_when_shown = False  # scroll to the last battle once the table is shown
        self._sized_for: CampaignFile | None = None  # the campaign the columns were last sized for
        self.chosen: tuple[int, tuple[str, ...]] | None = None  # the battle read under the table: number, words
        session.switched.connect(self.forget_chosen)
        session.changed.connect(self.refresh)
        self.refresh()

    def forget_chosen(self) -> None:
        """Another campaign is open: nothing of the old one's battles stays under the table."""
        self.chosen = None
        self.details.setText(_(NO_BATTLE_CHOSEN))
        if self.map_view.map_scene is not None:
            self.map_view.map_scene.mark_battle(None, None)

    def refresh(self) -> None:
        if not self.session.is_open:
            self.history = []
            self.rows = []
            self.model.set_rows(None, [])
            self.forget_chosen()
            self.moment.clear()
            self.banner.hide()
            return
        sc = self.session.scenario
        self.history = self.session.history()
        self.rows = self.session.battles()
        renewed = self.model.set_rows(sc, self.rows)
        if self.rows and self._sized_for is not self.session.campaign:  # once: widths the user drags stay
            self._size_columns()
            self._sized_for = self.session.campaign
        elif self.rows and renewed:
            self._widen_to_words()  # a longer name recorded since: never cut inside a word
        self._to_bottom()
        self.moment.clear()
        self.moment.addItem(_("the campaign now"), None)
        for turn in sorted(turn_ends(self.history)):
            self.moment.addItem(_("the end of turn {turn} (read-only)").format(turn=turn), turn)
        self.banner.hide()
        self._choose_again()

    def _to_bottom(self) -> None:
        """The last battle in sight; while the table is hidden (another tab, the window not yet
        shown) that waits until it is shown, since scrolling measures every row's wrapped height."""
        self._bottom_when_shown = not self.table.isVisible()
        if not self._bottom_when_shown:
            self.table.scrollToBottom()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._bottom_when_shown:
            self._bottom_when_shown = False
            self.table.scrollToBottom()

    def _size_columns(self) -> None:
        """Long columns as wide as their text up to a readable limit (then it wraps between
        words), never narrower than their title or their widest word; the user may still drag
        them wider."""
        header, rows = self.table.horizontalHeader(), self.table.verticalHeader()
        least = self._widest_words()
        fitted = QHeaderView.ResizeMode.ResizeToContents
        # While the long columns are sized, nothing is fitted to its contents: each width set would
        # otherwise measure every row's height and every short column again. Fitted once, after.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, name in enumerate(COLUMNS):
            if name in SHORT:
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        try:
            for column, name in enumerate(COLUMNS):
                if name in SHORT:
                    continue
                wanted = min(max(self.table.sizeHintForColumn(column), 0), WIDEST.get(name, 140))
                header.resizeSection(column, max(header.sectionSizeHint(column), least[column], wanted))
        finally:
            for column, name in enumerate(COLUMNS):
                if name in SHORT:
                    header.setSectionResizeMode(column, fitted)
            rows.setSectionResizeMode(fitted)  # wrapped text whole

    def _widen_to_words(self) -> None:
        """Long columns widened where a word in them (a commander's long name) no longer fits."""
        header = self.table.horizontalHeader()
        for column, least in self._widest_words().items():
            if header.sectionSize(column) < least:
                header.resizeSection(column, least)

    def _widest_words(self) -> dict[int, int]:
        """Each long column's least width: its widest word with the cell's margins, so that its
        text wraps between words and no name is cut (the Mission column also fits every mission
        still to come)."""
        metrics = self.table.fontMetrics()
        margins = 2 * (self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 1)
        missions = {
            word for spec in self.session.scenario.turns for name in spec.mission_titles for word in name.split()
        }
        least = {}
        for column, name in enumerate(COLUMNS):
            if name in SHORT:
                continue
            cells = (str(self.model.index(row, column).data()) for row in range(self.model.rowCount()))
            words = {word for cell in cells for word in cell.split()} | (missions if name == "Mission" else set())
            widest = max((metrics.horizontalAdvance(word) for word in words), default=0)
            least[column] = widest + margins + 6  # and the grid line, with a little air
        return least

    def _show_details(self, index: QModelIndex, follow: bool = False) -> None:
        """Say the chosen battle's record under the table and mark its arrow on the map; with
        `follow` (chosen by hand), the map turns to the end of the battle's turn if it showed
        another moment, so that its arrow is there to be seen."""
        if not index.isValid() or index.row() >= len(self.rows):
            return
        row = self.rows[index.row()]
        self.chosen = (row.number, row.words)
        self.details.setText(battle_record(self.session.scenario, row))
        shown = self.moment.currentData()
        drawn = shown if shown is not None else self.session.state.turn  # the turn whose battles the map shows
        if follow and row.turn != drawn:
            self.show_turn_end(None if row.turn == self.session.state.turn else row.turn)
        if self.map_view.map_scene is not None:
            self.map_view.map_scene.mark_battle(row.turn, row.order)

    def _choose_again(self) -> None:
        """After a change the chosen battle stays chosen if it is still there as it was; undone
        (or the file rewritten by another program), it is dropped with its record."""
        found = next((index for index, row in enumerate(self.rows) if (row.number, row.words) == self.chosen), None)
        if found is None:
            self.forget_chosen()
            return
        self._restoring = True  # chosen again, not by hand: the map stays at the moment it shows
        try:
            self.table.selectRow(found)
        finally:
            self._restoring = False
        self._show_details(self.model.index(found, 0))

    def show_turn_end(self, turn: int | None) -> None:
        """Show the map at the end of `turn` (None: now); the file is not touched."""
        self.moment.setCurrentIndex(max(0, self.moment.findData(turn)))
        self.show_moment()

    def show_moment(self) -> None:
        turn = self.moment.currentData()
        if turn is None:
            self.banner.hide()
            self.map_view.refresh()
            return
        sc = self.session.scenario
        state = turn_ends(self.history)[turn]
        self.map_view.show_state(sc, state, [r for r in self.rows if r.turn == turn], read_only=True)
        self.banner.setText(
            _(
                "The map shows the end of turn {turn}, read-only: nothing can be moved or recorded "
                'there. Choose "the campaign now" to go back.'
            ).format(turn=turn)
        )
        self.banner.show()
