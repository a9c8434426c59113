"""What if: seeded playouts of the rest of the turn or of the campaign (engine/whatif.py) from the
campaign as it stands — or from a plan on a scratch copy (File ▸ Try a plan) — with the computer
general on both sides, or one side following the arrows its general placed this turn. The answer
is drawn with its precision: each result's share with its 95 % interval, the VP margin's spread
against the margins that decide the result, and how often each objective changed hands. The
playouts run on a worker thread with a progress bar and Cancel; the window stays usable and the
campaign file is never touched. Until the first answer the charts take no room: a line says what
Run will do, and the window grows to the charts' height (on its screen) when they come."""

from __future__ import annotations

from PySide6.QtCore import QThread, Signal
from PySide6.QtGui import QCloseEvent, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.lookup import side_name
from campaign_manager.engine.state import CampaignState
from campaign_manager.engine.victory import result_names
from campaign_manager.engine.whatif import LIMIT, MOST, PRECISION, WhatIf, playouts
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext, number, percent
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui import ink
from campaign_manager.ui.accessible import name_fields
from campaign_manager.ui.plain import label as plain_label
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.wargame.chart import BarChart
from campaign_manager.ui.wargame.margin_strip import MarginSpread, MarginStrip
from campaign_manager.ui.wargame.whatif_words import (
    margin_words,
    objective_words,
    points,
    share_words,
    summary_words,
    wins_words,
)
from campaign_manager.ui.window_layout import frame_margins

PHASE_WORDS = {  # where the playouts start, in a turn
    "setup": N_("turn {turn}, setup phase"),
    "planning": N_("turn {turn}, planning phase"),
    "battle": N_("turn {turn}, battle phase"),
    "strategic": N_("turn {turn}, strategic phase"),
    "finished": N_("turn {turn}, finished phase"),
}


class PlayoutWorker(QThread):
    progressed = Signal(int)
    answered = Signal(object)  # the WhatIf answer
    failed = Signal(str)

    def __init__(
        self,
        sc: Scenario,
        st: CampaignState,
        limit: int,
        seed: int,
        to: str,
        precision: float | None,
        plan_side: str | None,
        extra_battles: int,
    ) -> None:
        super().__init__()
        self.sc, self.st, self.limit, self.seed, self.to = sc, st, limit, seed, to
        self.precision, self.plan_side, self.extra_battles = precision, plan_side, extra_battles
        self.cancelled = False

    def run(self) -> None:
        def tell(done: int) -> bool:
            self.progressed.emit(done)
            return not self.cancelled

        try:
            answer = playouts(
                self.sc,
                self.st,
                self.limit,
                self.seed,
                self.to,
                tell,
                precision=self.precision,
                plan_side=self.plan_side,
                extra_battles=self.extra_battles,
            )
        except UserError as exc:
            self.failed.emit(str(exc))
        else:
            self.answered.emit(answer)


class WhatIfDialog(QDialog):
    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("whatIfDialog")
        self.setWindowTitle(_("What if — playouts by the computer general"))
        self.session = session
        self.worker: PlayoutWorker | None = None
        self.stale: PlayoutWorker | None = None  # playouts of a campaign no longer open
        self.answer: WhatIf | None = None
        self.origin = plain_label("")
        self.origin.setObjectName("origin")
        self.origin.setWordWrap(True)
        self.who = QComboBox(self)
        self.who.setObjectName("who")
        self.count = QSpinBox(self, minimum=1, maximum=MOST, value=LIMIT)
        self.precision = QDoubleSpinBox(self, minimum=0.0, maximum=20.0, value=PRECISION * 100, singleStep=0.5)
        self.precision.setSuffix(" " + _("points"))
        self.precision.setSpecialValueText(_("play them all"))
        self.seed = QSpinBox(self, minimum=0, maximum=10**9, value=0)
        self.to = QComboBox(self)
        self.to.addItem(_("the end of the campaign"), "end")
        self.to.addItem(_("the end of this turn"), "end-of-turn")
        self.extra = QSpinBox(self, minimum=0, maximum=20, value=0)
        form = QFormLayout()
        form.addRow(_("From:"), self.origin)
        form.addRow(_("Who plays:"), self.who)
        form.addRow(_("Stop once every result is known to ±"), self.precision)
        form.addRow(_("or after at most (playouts):"), self.count)
        form.addRow(_("Play on to:"), self.to)
        form.addRow(_("Extra battles agreed in later turns:"), self.extra)
        form.addRow(_("Seed (the same seed, the same playouts):"), self.seed)
        self.progress = QProgressBar(self)
        self.run_button = QPushButton(_("Run"), self)
        self.cancel_button = QPushButton(_("Cancel"), self)
        self.cancel_button.setEnabled(False)
        self.run_button.clicked.connect(lambda: self.run())  # not run(checked): that would run on this thread
        self.cancel_button.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        self.results = BarChart(
            _("Results: each one's share of the playouts, with its {share} interval").format(share=percent(95)), self
        )
        self.wins = plain_label("")  # each side's chance at any level, under its levels' bars
        self.wins.setObjectName("wins")
        self.wins.setWordWrap(True)
        self.margins = MarginStrip(_("VP margin"), self)
        self.objectives = plain_label("")
        self.objectives.setObjectName("objectives")
        self.objectives.setWordWrap(True)
        self.summary = plain_label("")
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.before = plain_label("")  # where the charts will be: what Run does, until it has
        self.before.setObjectName("beforeRun")
        self.before.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.before)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.wins)
        layout.addWidget(self.margins)
        layout.addWidget(self.objectives)
        layout.addWidget(self.summary)
        layout.addStretch(0)  # takes the spare height while the charts are hidden (theirs once shown)
        self._show_charts(False)
        self.summary.hide()  # shown once it has something to say
        name_fields(self)
        session.switched.connect(self.forget_answer)
        session.changed.connect(self.read_position)
        for box in (self.who, self.to):
            box.currentIndexChanged.connect(self._say_before)
        self.read_position()
        self._say_before()
        self.resize(620, self.height_at(620))  # no tall empty chart areas before the first run

    # -- the position and who plays ---------------------------------------------------------

    def read_position(self) -> None:
        """Say where the playouts start and offer each side whose arrows wait on the map as a plan."""
        if not self.session.is_open:
            return
        sc, st = self.session.scenario, self.session.state
        plan = self.session.plan
        turn = _(PHASE_WORDS[st.phase]).format(turn=st.turn) if st.turn else _("the start")
        where = _("This plan (a scratch copy): {turn}.") if plan else _("The campaign as it stands: {turn}.")
        self.origin.setText(where.format(turn=turn))
        chosen = self.who.currentData()
        self.who.clear()
        self.who.addItem(_("The computer general plays both sides"), None)
        for side in sc.sides:
            arrows = [a for a in st.open_arrows if a.attacker_side == side]
            if arrows:
                follow = ngettext(
                    "The {side} follow the arrow on the map this turn; the computer plays the {enemy}",
                    "The {side} follow the {count} arrows on the map this turn; the computer plays the {enemy}",
                    len(arrows),
                )
                enemy = side_name(sc, sc.enemy_of(side))
                self.who.addItem(follow.format(side=side_name(sc, side), count=len(arrows), enemy=enemy), side)
        found = self.who.findData(chosen)
        self.who.setCurrentIndex(max(0, found))
        self.who.setToolTip(
            _(
                "Place arrows with their troops (Battle ▸ New battle, then “Place the arrow, result later”, "
                "in a plan: File ▸ Try a plan): in every playout that side attacks along them in order, "
                "each time it places an arrow this turn, as long as they stay legal."
            )
        )

    def _say_before(self) -> None:
        """What Run will do, in the window's present choices, said where its charts will be."""
        who = (
            _("the computer general choosing for both sides")
            if self.who.currentData() is None
            else self.who.currentText()[0].lower() + self.who.currentText()[1:]
        )
        self.before.setText(
            _(
                "Run plays on to {end}, many times over, with dice the app rolls ({who}); the campaign itself is "
                "never touched. Then how often each result came up, how the VP margin spread and how often each "
                "objective changed hands are drawn here."
            ).format(end=self.to.currentText(), who=who)
        )

    def height_at(self, width: int) -> int:
        """The height the window's contents take at `width` (wrapped words counted at that width)."""
        found = self.heightForWidth(width)
        return found if found > 0 else self.sizeHint().height()

    def _show_charts(self, shown: bool) -> None:
        """The charts take room once there is something to draw; until then a line says what Run does."""
        for widget in (self.results, self.wins, self.margins, self.objectives):
            widget.setVisible(shown)
        self.before.setVisible(not shown)

    def _room_for_charts(self) -> None:
        """Grow the window to the charts' height, as far as its screen allows, moved up if need be
        so that it stays wholly on the screen (its width is kept: the charts' titles wrap to it)."""
        wanted = self.height_at(self.width())
        if wanted <= self.height():
            return
        screen, frame = self.screen().availableGeometry(), frame_margins(self)
        height = min(wanted, screen.height() - frame.top() - frame.bottom())
        top = min(self.y(), screen.bottom() + 1 - frame.bottom() - height)
        self.setGeometry(self.x(), max(top, screen.top() + frame.top()), self.width(), height)

    def forget_answer(self) -> None:
        """Another campaign is open: the playouts of the old one are stopped, their charts cleared,
        and whatever they still send is not shown."""
        self.cancel()
        self.stale = self.worker
        self._clear("")

    def _clear(self, words: str) -> None:
        self.answer = None
        self.progress.setValue(0)
        self.results.set_bars([])
        self.margins.set_spread(None)
        self.objectives.setText("")
        self.wins.setText("")
        self.summary.setText(words)
        self.summary.setVisible(bool(words))
        self._show_charts(False)
        self._say_before()
        self.before.setVisible(not words)  # while playouts run, the line under Run says so

    # -- running ----------------------------------------------------------------------------

    def run(self, threaded: bool = True) -> None:
        if not self.session.is_open or (self.worker is not None and self.worker.isRunning()):
            return
        sc, st = self.session.scenario, self.session.state.copy()
        precision = self.precision.value() / 100 or None
        limit = self.count.value()
        self._clear(  # the last run's charts go: nothing old is read as this run's
            ngettext(
                "Playing up to {count} playout, until every result is known to ±{points} points …",
                "Playing up to {count} playouts, until every result is known to ±{points} points …",
                limit,
            ).format(count=number(limit), points=points(self.precision.value()))
            if precision
            else ngettext("Playing up to {count} playout …", "Playing up to {count} playouts …", limit).format(
                count=number(limit)
            )
        )
        self.progress.setRange(0, limit)
        self.worker = PlayoutWorker(
            sc,
            st,
            limit,
            self.seed.value(),
            self.to.currentData(),
            precision,
            self.who.currentData(),
            self.extra.value(),
        )
        self.worker.progressed.connect(self.progress.setValue)
        self.worker.answered.connect(self.show_answer)
        self.worker.failed.connect(self._failed)
        self.worker.finished.connect(self._stopped)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        if threaded:
            self.worker.start()
        else:
            self.worker.run()
            self._stopped()

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancelled = True

    def _stopped(self) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _failed(self, words: str) -> None:
        if self.worker is not self.stale:
            self.summary.setText(words)
            self.summary.show()

    # -- the answer -------------------------------------------------------------------------

    def show_answer(self, answer: WhatIf) -> None:
        if self.worker is self.stale:
            return
        self.answer = answer
        sc = self.session.scenario
        self.progress.setValue(self.progress.maximum() if answer.stopped == "precise" else answer.playouts)
        self._results(sc, answer)
        self.wins.setText(wins_words(sc, answer))
        if answer.percentiles:
            self.margins.title = _(
                "VP margin ({margin}): the middle half of the playouts in the box, nine in ten between the "
                "whiskers, the median as the thick line; the results change at ±{thresholds}"
            ).format(margin=margin_words(sc, answer), thresholds="/".join(map(str, answer.thresholds)))
            below, above = answer.margin_sides
            self.margins.set_spread(
                MarginSpread(
                    dict(answer.percentiles),
                    list(answer.thresholds),
                    QColor(sc.side_colours[below].ink),
                    QColor(sc.side_colours[above].ink),
                    sc.side_adjective(below),
                    sc.side_adjective(above),
                )
            )
        self.objectives.setText(objective_words(sc, answer))
        self.summary.setText(summary_words(sc, answer))
        self.summary.show()
        self._show_charts(True)
        self._room_for_charts()

    def _results(self, sc: Scenario, answer: WhatIf) -> None:
        palette = {sc.sides[side]: QColor(sc.side_colours[side].ink) for side in sc.sides}  # a result names its side
        shown = [  # every result in order, as margins run: the first side's best first
            name for name, interval in answer.intervals.items() if answer.outcomes.get(name) or interval.high >= 0.05
        ]
        said = result_names(sc)  # the results' names in the user's language
        self.results.set_bars(
            [
                (
                    said.get(name, name),
                    answer.share(name),
                    next((c for k, c in palette.items() if name.startswith(k)), ink.role(ink.Role.Mid)),
                )
                for name in shown
            ],
            intervals=[(answer.intervals[name].low, answer.intervals[name].high) for name in shown],
            words=[share_words(answer, name) for name in shown],
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel()
        if self.worker is not None:
            self.worker.wait(5000)
        super().closeEvent(event)
