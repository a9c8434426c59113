"""The VP margin of what-if playouts as a distribution a general can read: along one axis of
margins, the bands where each result lies (a draw under the first threshold, then each side's
victories, coloured by side), and over them the playouts' percentiles — the middle half as a box,
nine in ten as whiskers, the median as a line. Outliers do not stretch the scale: it runs from
the widest threshold (or the 5th/95th percentile, if beyond) on either side. Text and lines take
the palette's colours, the bands the scenario's side colours."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from campaign_manager.i18n import _
from campaign_manager.ui.plain import tip

PAD = 8.0  # pixels around the strip
Role = QPalette.ColorRole


@dataclass(frozen=True)
class MarginSpread:
    """What the strip draws: the percentiles (5, 25, 50, 75, 95 at least), the result thresholds
    (ascending) and each side's colour (the side ahead when the margin is below 0, and above)."""

    percentiles: dict[int, int]
    thresholds: list[int]
    below: QColor
    above: QColor
    below_name: str
    above_name: str


class MarginStrip(QWidget):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.spread: MarginSpread | None = None
        self.title_font = QFont("DejaVu Sans", 9, QFont.Weight.Bold)
        self.text_font = QFont("DejaVu Sans", 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(130)

    def sizeHint(self) -> QSize:
        return QSize(520, 130)

    def set_spread(self, spread: MarginSpread | None) -> None:
        self.spread = spread
        if spread is None:
            self.setToolTip("")
        else:
            cut = spread.percentiles
            self.setToolTip(
                tip(
                    _(
                        "median {median}; half the playouts between {low_half} and {high_half}; nine in ten "
                        "between {low_nine} and {high_nine}"
                    ).format(
                        median=f"{cut[50]:+d}",
                        low_half=f"{cut[25]:+d}",
                        high_half=f"{cut[75]:+d}",
                        low_nine=f"{cut[5]:+d}",
                        high_nine=f"{cut[95]:+d}",
                    )
                )
            )
        self.update()

    def scale(self) -> tuple[int, int]:
        """The margins at the strip's two ends."""
        assert self.spread is not None
        widest = max(self.spread.thresholds, default=100)
        cut = self.spread.percentiles
        low, high = min(-widest - 20, cut[5]), max(widest + 20, cut[95])
        return low, high

    def _ink(self, which: QPalette.ColorRole) -> QColor:
        """A colour of the widget's palette (a dark desktop theme stays readable)."""
        return QColor(self.palette().color(which))

    def x_of(self, margin: float) -> float:
        low, high = self.scale()
        return PAD + (self.width() - 2 * PAD) * (margin - low) / (high - low)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = QFontMetricsF(self.title_font)
        painter.setFont(self.title_font)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
        two_lines = metrics.height() * 2 + 2
        wrapped = metrics.boundingRect(QRectF(PAD, 4, self.width() - 2 * PAD, 10_000), flags, self.title).height()
        title = QRectF(PAD, 4, self.width() - 2 * PAD, max(two_lines, wrapped + 2))
        needed = math.ceil(130 + title.height() - two_lines)  # a longer language's title: the strip grows
        if needed != self.minimumHeight():
            self.setMinimumHeight(needed)
        painter.drawText(title, flags, self.title)
        painter.setFont(self.text_font)
        spread = self.spread
        if spread is None:
            painter.drawText(
                QRectF(PAD, title.bottom(), self.width(), 20), Qt.AlignmentFlag.AlignLeft, _("no playouts yet")
            )
            painter.end()
            return
        text = QFontMetricsF(self.text_font)
        top = title.bottom() + text.height() + 2
        band = QRectF(PAD, top, self.width() - 2 * PAD, 36)
        self._bands(painter, spread, band, text)
        self._percentiles(painter, spread, band)
        self._ticks(painter, spread, band, text)
        painter.end()

    def _bands(self, painter: QPainter, spread: MarginSpread, band: QRectF, text: QFontMetricsF) -> None:
        """The results' bands, paler nearer the draw, each side's in its colour."""
        low, high = self.scale()
        edges = [-t for t in reversed(spread.thresholds)] + spread.thresholds
        stops = [low, *edges, high]
        for index, (start, end) in enumerate(zip(stops, stops[1:])):
            middle = (start + end) / 2
            depth = abs(index - len(spread.thresholds))  # 0: the draw band
            colour = self._ink(Role.Midlight) if depth == 0 else QColor(spread.above if middle > 0 else spread.below)
            if depth:
                colour.setAlpha(40 + 50 * depth)
            painter.fillRect(
                QRectF(self.x_of(start), band.top(), self.x_of(end) - self.x_of(start), band.height()), colour
            )
        painter.setPen(self._ink(Role.WindowText))
        painter.drawText(
            QRectF(band.left(), band.top() - text.height() - 1, band.width() / 2, text.height()),
            Qt.AlignmentFlag.AlignLeft,
            _("◀ {side} ahead").format(side=spread.below_name),
        )
        painter.drawText(
            QRectF(band.center().x(), band.top() - text.height() - 1, band.width() / 2, text.height()),
            Qt.AlignmentFlag.AlignRight,
            _("{side} ahead ▶").format(side=spread.above_name),
        )

    def _percentiles(self, painter: QPainter, spread: MarginSpread, band: QRectF) -> None:
        """Nine in ten as whiskers, the middle half as a box, the median as a thick line."""
        cut = spread.percentiles
        middle = band.center().y()
        painter.setPen(QPen(self._ink(Role.WindowText), 1.5))
        painter.drawLine(QPointF(self.x_of(cut[5]), middle), QPointF(self.x_of(cut[95]), middle))
        for q in (5, 95):
            painter.drawLine(QPointF(self.x_of(cut[q]), middle - 7), QPointF(self.x_of(cut[q]), middle + 7))
        box = QRectF(self.x_of(cut[25]), middle - 10, max(2.0, self.x_of(cut[75]) - self.x_of(cut[25])), 20)
        ground = self._ink(Role.Base)
        ground.setAlpha(200)
        painter.fillRect(box, ground)
        painter.drawRect(box)
        painter.setPen(QPen(self._ink(Role.WindowText), 3))
        painter.drawLine(QPointF(self.x_of(cut[50]), middle - 12), QPointF(self.x_of(cut[50]), middle + 12))

    def _ticks(self, painter: QPainter, spread: MarginSpread, band: QRectF, text: QFontMetricsF) -> None:
        """The thresholds and 0 under the strip, where the results change."""
        painter.setPen(self._ink(Role.WindowText))
        marks = sorted({0, *spread.thresholds, *(-t for t in spread.thresholds)})
        width = text.horizontalAdvance("+100") + 4
        for margin in marks:
            x = self.x_of(margin)
            painter.drawLine(QPointF(x, band.bottom()), QPointF(x, band.bottom() + 4))
            painter.drawText(
                QRectF(x - width / 2, band.bottom() + 5, width, text.height()),
                Qt.AlignmentFlag.AlignHCenter,
                f"{margin:+d}" if margin else "0",
            )
