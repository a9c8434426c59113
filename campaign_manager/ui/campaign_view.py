"""The campaign tab: the map on the left; beside it the campaign panel, the turn's
requirements and the log of every recorded action. All are views of the one session."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QListView, QSplitter, QTabWidget, QWidget

from campaign_manager.engine.app_dice import app_dice_words
from campaign_manager.engine.campaign import Applied
from campaign_manager.i18n import N_, _
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
        self.setAccessibleName(_("Every recorded action"))
        self.session = session
        self.lines = QStringListModel(self)
        self.setModel(self.lines)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        session.changed.connect(self.refresh)
        self.refresh()

    EMPTY = N_("Nothing recorded yet. Every action will be listed here as it is made, with its dice.")

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.lines.rowCount() == 0:  # an empty white box says nothing: say what will come here
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(
                self.viewport().rect().adjusted(12, 12, -12, -12),
                Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                _(self.EMPTY),
            )
            painter.end()

    def refresh(self) -> None:
        sc = self.session.scenario if self.session.is_open else None
        authors = self.session.authors()  # a shared campaign's: who recorded each action
        pending = self.session.pending_from()
        lines: list[str] = []
        for number, applied in enumerate(self.session.history(), start=1):
            line = _log_line(number, applied, sc)
            if number in authors:
                line = _("{line} — recorded by {who}").format(line=line, who=authors[number].words)
            if pending is not None and number > pending:
                line = _("{line} — pending: kept on this computer until the server answers").format(line=line)
            lines.append(line)
        self.lines.setStringList(lines)
        self.scrollToBottom()


def _log_line(number: int, applied: Applied, sc: Scenario | None) -> str:
    """An action's line: its number, what it did, and the dice the app rolled for it, said after
    what it did (every other die was typed)."""
    did = "; ".join(applied.events) or applied.action.type  # untranslated: an action's type, the file's word
    words = app_dice_words(sc, applied.action) if sc is not None else ""
    if words:
        return _("{number}. {did} ({dice})").format(number=number, did=did, dice=words)
    return _("{number}. {did}").format(number=number, did=did)


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
        self.side.addTab(self.panel, _("Campaign"))
        self.side.addTab(self.requirements, _("Requirements"))
        self.side.addTab(self.history, _("Battles"))
        self.side.addTab(self.log, _("Log"))
        self.addWidget(self.map_view)
        self.addWidget(self.side)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.setSizes([760, 440])
