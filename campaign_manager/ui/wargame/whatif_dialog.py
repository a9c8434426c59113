"""What if: seeded playouts of the rest of the turn or of the campaign (both sides played by the
computer opponent) from the campaign as it stands, drawn as charts of results and VP margins.
The playouts run on a worker thread with a progress bar and Cancel; the window stays usable and
the campaign file is never touched."""

from __future__ import annotations

from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtGui import QCloseEvent, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from campaign_manager.engine.state import CampaignState
from campaign_manager.engine.victory import result_order
from campaign_manager.engine.whatif import playouts
from campaign_manager.errors import UserError
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui import ink
from campaign_manager.ui.accessible import name_fields
from campaign_manager.ui.session import CampaignSession
from campaign_manager.ui.wargame.chart import BarChart

BAND = 20  # VP margins are grouped in bands this wide


def margin_words(sc: Scenario) -> str:
    """How the playouts' margin is counted (engine/whatif.py), in the scenario's names."""
    return f"{sc.sides['allied']} minus {sc.sides['axis']}"


class PlayoutWorker(QThread):
    progressed = Signal(int)
    answered = Signal(dict)
    failed = Signal(str)

    def __init__(self, sc: Scenario, st: CampaignState, count: int, seed: int, to: str) -> None:
        super().__init__()
        self.sc, self.st, self.count, self.seed, self.to = sc, st, count, seed, to
        self.cancelled = False

    def run(self) -> None:
        def tell(done: int) -> bool:
            self.progressed.emit(done)
            return not self.cancelled

        try:
            self.answered.emit(playouts(self.sc, self.st, self.count, self.seed, self.to, tell))
        except UserError as exc:
            self.failed.emit(str(exc))


class WhatIfDialog(QDialog):
    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("whatIfDialog")
        self.setWindowTitle("What if — playouts by the computer")
        self.session = session
        self.worker: PlayoutWorker | None = None
        self.stale: PlayoutWorker | None = None  # playouts of a campaign no longer open
        self.answer: dict | None = None
        form = QFormLayout()
        self.count = QSpinBox(self, minimum=1, maximum=100000, value=200)
        self.seed = QSpinBox(self, minimum=0, maximum=10**9, value=0)
        self.to = QComboBox(self)
        self.to.addItem("the end of the campaign", "end")
        self.to.addItem("the end of this turn", "end-of-turn")
        form.addRow("Playouts:", self.count)
        form.addRow("Seed (the same seed, the same playouts):", self.seed)
        form.addRow("Play on to:", self.to)
        self.note = QLabel(
            "Both sides are played by the computer opponent with dice only; nothing is recorded.", wordWrap=True
        )
        self.progress = QProgressBar(self)
        self.run_button = QPushButton("Run", self)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setEnabled(False)
        self.run_button.clicked.connect(lambda: self.run())  # not run(checked): that would run on this thread
        self.cancel_button.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        self.results = BarChart("Results", self)
        self.margins = BarChart(
            f"VP margin ({margin_words(session.scenario)})" if session.is_open else "VP margin", self
        )
        self.summary = QLabel(wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.summary.setObjectName("summary")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.margins, 1)
        layout.addWidget(self.summary)
        self.resize(560, 620)
        name_fields(self)
        session.switched.connect(self.forget_answer)

    def forget_answer(self) -> None:
        """Another campaign is open: the playouts of the old one are stopped, their charts cleared,
        and whatever they still send is not shown."""
        self.cancel()
        self.stale = self.worker
        self.answer = None
        self.progress.setValue(0)
        self.results.set_bars([])
        self.margins.set_bars([])
        self.summary.setText("")

    def run(self, threaded: bool = True) -> None:
        if not self.session.is_open or (self.worker is not None and self.worker.isRunning()):
            return
        sc, st = self.session.scenario, self.session.state.copy()
        self.answer = None
        self.results.set_bars([])  # the last run's charts go: nothing old is read as this run's
        self.margins.set_bars([])
        self.summary.setText(f"Playing {self.count.value()} playouts …")
        self.progress.setRange(0, self.count.value())
        self.progress.setValue(0)
        self.worker = PlayoutWorker(sc, st, self.count.value(), self.seed.value(), self.to.currentData())
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

    def show_answer(self, answer: dict) -> None:
        if self.worker is self.stale:
            return
        self.answer = answer
        sc = self.session.scenario
        palette = {sc.sides[side]: QColor(sc.side_colours[side].ink) for side in sc.sides}  # a result names its side
        order = result_order(sc)
        outcomes = sorted(answer["outcomes"].items(), key=lambda item: order.get(item[0], len(order)))
        self.results.set_bars(
            [
                (name, count, next((c for k, c in palette.items() if name.startswith(k)), ink.role(ink.Role.Mid)))
                for name, count in outcomes
            ]
        )
        margins = [m for m, _ in answer["margin"]]
        band = BAND * max(1, -(-(max(margins) - min(margins) + 1) // (BAND * 12)))  # at most about 12 bars
        low_band, high_band = (min(margins) // band) * band, (max(margins) // band) * band
        bands = dict.fromkeys(range(low_band, high_band + 1, band), 0)  # empty bands too: an even scale
        for margin, count in answer["margin"]:
            bands[(margin // band) * band] += count
        self.margins.title = f"VP margin, {margin_words(sc)} (bars of {band} VP, from the value shown)"
        ahead = {True: QColor(sc.side_colours["allied"].ink), False: QColor(sc.side_colours["axis"].ink)}
        self.margins.set_bars([(f"{low:+d}", count, ahead[low >= 0]) for low, count in sorted(bands.items())])
        stopped = " (cancelled early)" if answer["playouts"] < self.count.value() else ""
        self.summary.setText(
            f"{answer['playouts']} playouts{stopped}. Most likely: "
            f"{max(answer['outcomes'], key=answer['outcomes'].get)}."
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel()
        if self.worker is not None:
            self.worker.wait(5000)
        super().closeEvent(event)
