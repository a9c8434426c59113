"""The Charts tab: the campaign's charts as the turn report prints them. The drawing is made once
by reports/charts.py (reportlab shapes); here its shapes (`marks`) are painted with QPainter at
the width of the window, in the same bundled font, so the screen shows what prints.

The figures are worked out when the tab is shown (and again after a change while it is shown):
loading reportlab waits until someone looks."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetricsF, QPainter, QPaintEvent, QPen, QShowEvent
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from campaign_manager.i18n import _
from campaign_manager.paths import FONTS
from campaign_manager.ui.plain import label
from campaign_manager.ui.session import CampaignSession

if TYPE_CHECKING:
    from campaign_manager.reports.charts import Mark

WIDTH = 520.0  # points: the charts' own width (about a page's), scaled to the window's
MOST = 1.5  # pixels a point at most: on a wide window the charts stop growing


@cache
def chart_font_family() -> str:
    """The bundled DejaVu Sans (the printed reports' font), loaded into Qt once."""
    family = ""
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        found = QFontDatabase.applicationFontFamilies(QFontDatabase.addApplicationFont(str(FONTS / name)))
        family = family or (found[0] if found else "")
    return family or "Sans Serif"


class ChartPicture(QWidget):
    """One chart, painted from its marks to fill the widget's width (its height follows)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.marks: list[Mark] = []
        self.size_in_points = (WIDTH, 100.0)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAutoFillBackground(False)

    def show_chart(self, name: str, words: str, width: float, height: float, marks: list[Mark]) -> None:
        self.marks, self.size_in_points = marks, (width, height)
        self.setAccessibleName(name)
        self.setAccessibleDescription(words)
        self.setToolTip("")
        self.updateGeometry()
        self.update()

    def hasHeightForWidth(self) -> bool:
        return True

    def scale_for(self, width: float) -> float:
        """Points to pixels: the chart as wide as the widget, but its words never more than
        half as large again as printed."""
        return min(width / self.size_in_points[0], MOST)

    def heightForWidth(self, width: int) -> int:
        return int(self.size_in_points[1] * self.scale_for(width)) + 1

    def sizeHint(self) -> QSize:
        w, h = self.size_in_points
        return QSize(int(w * 1.2), int(h * 1.2))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        scale = self.scale_for(self.width())
        w, h = self.size_in_points
        painter.fillRect(QRectF(0, 0, w * scale, h * scale), QColor("#ffffff"))  # a sheet: drawn in print colours
        paint_marks(painter, self.marks, h, scale)
        painter.end()


def paint_marks(painter: QPainter, marks: list[Mark], height: float, scale: float) -> None:
    """Paint a chart's marks (reports/charts.Mark), the drawing's points `scale` pixels each and
    its y axis turned downwards (`height` is the drawing's). Words are laid out at the size they
    are shown, not scaled up from a tiny font, so they take the room the printed ones take."""
    for mark in marks:
        pen = QPen(Qt.PenStyle.NoPen)
        if mark.stroke:
            pen = QPen(QColor(mark.stroke), mark.stroke_width * scale)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            if mark.dash:
                pen.setDashPattern([d / max(mark.stroke_width, 0.1) for d in mark.dash])
        painter.setPen(pen)
        painter.setBrush(QColor(mark.fill) if mark.fill and mark.kind != "text" else Qt.BrushStyle.NoBrush)
        p = [v * scale for v in mark.points]
        top = height * scale
        if mark.kind == "rect":
            painter.drawRect(QRectF(p[0], top - p[1] - p[3], p[2], p[3]))
        elif mark.kind == "line":
            painter.drawLine(QPointF(p[0], top - p[1]), QPointF(p[2], top - p[3]))
        elif mark.kind == "polyline":
            painter.drawPolyline([QPointF(p[i], top - p[i + 1]) for i in range(0, len(p), 2)])
        elif mark.kind == "circle":
            painter.drawEllipse(QPointF(p[0], top - p[1]), p[2], p[2])
        elif mark.kind == "text":
            _words(painter, mark, QPointF(p[0], top - p[1]), mark.size * scale)


def _words(painter: QPainter, mark: Mark, at: QPointF, pixels: float) -> None:
    font = QFont(chart_font_family())
    font.setPointSizeF(pixels * 72 / (painter.device().logicalDpiY() or 96))
    font.setBold(mark.bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)  # the printed widths
    painter.setFont(font)
    painter.setPen(QColor(mark.fill or "#000000"))
    if mark.anchor != "start":
        advance = QFontMetricsF(font, painter.device()).horizontalAdvance(mark.text)
        at = QPointF(at.x() - (advance if mark.anchor == "end" else advance / 2), at.y())
    painter.drawText(at, mark.text)


class ChartsView(QScrollArea):
    """The three charts of the campaign up to now, each with its sentence under it."""

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chartsView")
        self.setAccessibleName(_("Charts of the campaign"))
        self.setWidgetResizable(True)
        self.session = session
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        self.pictures = [ChartPicture(holder) for _number in range(3)]
        self.captions = [label("", holder, wordWrap=True) for _number in range(3)]
        self.empty = label(_("Open a campaign to see its charts."), holder, wordWrap=True)
        column.addWidget(self.empty)
        for picture, caption in zip(self.pictures, self.captions):
            column.addWidget(picture)
            column.addWidget(caption)
            column.addSpacing(12)
        column.addStretch(1)
        self.setWidget(holder)
        self.stale = True
        session.changed.connect(self._changed)

    def _changed(self) -> None:
        self.stale = True
        if self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.stale:
            self.refresh()

    def refresh(self) -> None:
        self.stale = False
        shown = self.session.is_open
        self.empty.setVisible(not shown)
        for widget in (*self.pictures, *self.captions):
            widget.setVisible(shown)
        if not shown:
            return
        from campaign_manager.engine.charts import campaign_charts
        from campaign_manager.reports.charts import charts, marks  # reportlab loads when the charts are first shown

        sc = self.session.scenario
        for chart, picture, caption in zip(
            charts(sc, campaign_charts(sc, self.session.history()), WIDTH), self.pictures, self.captions
        ):
            picture.show_chart(chart.name, chart.words, chart.drawing.width, chart.drawing.height, marks(chart.drawing))
            caption.setText(chart.words)
