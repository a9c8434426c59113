"""The campaign tab: the map on the left; beside it the campaign panel, the turn's
requirements and the log of every recorded action. All are views of the one session."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QListView, QSplitter, QTabWidget, QWidget

from campaign_manager.engine.app_dice import app_dice_words
from campaign_manager.engine.campaign import Applied
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui.campaign_panel import CampaignPanel
from campaign_manager.ui.history_view import HistoryView
from campaign_manager.ui.map.view import MapView
from campaign_manager.ui.requirements_panel import RequirementsPanel
from campaign_manager.ui.session import CampaignSession


class ActionLog(QListView):
    """Every recorded action in words, newest last."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionLog")
        self.setAccessibleName("Every recorded action")
        self.session = session
        self.lines = QStringListModel(self)
        self.setModel(self.lines)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        session.changed.connect(self.refresh)
        self.refresh()

    EMPTY = "Nothing recorded yet. Every action will be listed here as it is made, with its dice."

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.lines.rowCount() == 0:  # an empty white box says nothing: say what will come here
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(
                self.viewport().rect().adjusted(12, 12, -12, -12),
                Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                self.EMPTY,
            )
            painter.end()

    def refresh(self) -> None:
        sc = self.session.scenario if self.session.is_open else None
        authors = self.session.authors()  # a shared campaign's: who recorded each action
        pending = self.session.pending_from()
        lines = [
            f"{number}. {'; '.join(applied.events) or applied.action.type}"
            + _app_dice(sc, applied)
            + (f" — recorded by {authors[number].words}" if number in authors else "")
            + (
                " — pending: kept on this computer until the server answers"
                if pending is not None and number > pending
                else ""
            )
            for number, applied in enumerate(self.session.history(), start=1)
        ]
        self.lines.setStringList(lines)
        self.scrollToBottom()


def _app_dice(sc: Scenario | None, applied: Applied) -> str:
    """The dice the app rolled for an action, said after what it did (every other die was typed)."""
    words = app_dice_words(sc, applied.action) if sc is not None else ""
    return f" ({words})" if words else ""


class CampaignView(QSplitter):
    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("campaignView")
        self.map_view = MapView(session, self)
        self.side = QTabWidget(self)
        self.side.setObjectName("sideTabs")
        self.panel = CampaignPanel(session, self.map_view, self.side)
        self.requirements = RequirementsPanel(session, self.side)
        self.log = ActionLog(session, self.side)
        self.history = HistoryView(session, self.map_view, self.side)
        self.side.addTab(self.panel, "Campaign")
        self.side.addTab(self.requirements, "Requirements")
        self.side.addTab(self.history, "Battles")
        self.side.addTab(self.log, "Log")
        self.addWidget(self.map_view)
        self.addWidget(self.side)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.setSizes([760, 440])
