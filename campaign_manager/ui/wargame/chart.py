"""A small bar chart painted with QPainter: counts per label (results of what-if playouts, or
margins grouped in bands). Plain QPainter rather than QtCharts: QtCharts lives in
PySide6-Addons, a large extra download for two bar charts.

Where everything goes is worked out from the fonts before painting (`ChartPlaces`): the title
(wrapped if the chart is narrow), then room for the tallest bar's count, the bars, and under
them room for the longest wrapped label — so no text is drawn over another."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from campaign_manager.ui.plain import tip

GAP = 4.0  # pixels between the title, the counts, the bars and their labels
MARGIN = 6.0  # above the title and under the labels: apart from whatever is next to the chart
LABEL_FLAGS = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
TITLE_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


@dataclass(frozen=True)
class BarPlace:
    """One bar and its two texts: the count above it and the label under the axis."""

    bar: QRectF
    count: QRectF
    label: QRectF


@dataclass(frozen=True)
class ChartPlaces:
    title: QRectF
    bars: list[BarPlace]


class BarChart(QWidget):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.bars: list[tuple[str, int, QColor]] = []
        self.title_font = QFont("DejaVu Sans", 9, QFont.Weight.Bold)
        self.text_font = QFont("DejaVu Sans", 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(150)

    def sizeHint(self) -> QSize:
        return QSize(420, 200)

    def set_bars(self, bars: list[tuple[str, int, QColor]]) -> None:
        self.bars = bars
        self.setToolTip(tip("\n".join(f"{name}: {count}" for name, count, _ in bars)))
        self.update()

    def places(self) -> ChartPlaces:
        """Where the title, each bar, its count and its label go at the chart's present size."""
        width, height = float(self.width()), float(self.height())
        title_metrics, text_metrics = QFontMetricsF(self.title_font), QFontMetricsF(self.text_font)
        title = title_metrics.boundingRect(QRectF(0, MARGIN, width, height), TITLE_FLAGS, self.title)
        title = QRectF(0, MARGIN, width, title.height())
        if not self.bars:
            return ChartPlaces(title, [])
        slot = width / len(self.bars)
        label_width = max(slot - 2, 1.0)
        label_height = max(
            text_metrics.boundingRect(QRectF(0, 0, label_width, height), LABEL_FLAGS, name).height()
            for name, _, _ in self.bars
        )
        count_height = text_metrics.height()
        top = title.bottom() + GAP + count_height  # the tallest bar's count sits under the title
        bottom = max(top, height - label_height - GAP - MARGIN)
        most = max(count for _, count, _ in self.bars) or 1
        places = []
        for index, (_, count, _) in enumerate(self.bars):
            bar_height = (bottom - top) * count / most
            bar = QRectF(index * slot + slot * 0.15, bottom - bar_height, slot * 0.7, bar_height)
            places.append(
                BarPlace(
                    bar,
                    QRectF(index * slot, bar.top() - count_height, slot, count_height),
                    QRectF(index * slot + 1, bottom + GAP, label_width, label_height),
                )
            )
        return ChartPlaces(title, places)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        found = self.places()
        painter.setFont(self.title_font)
        painter.drawText(found.title, TITLE_FLAGS, self.title)
        painter.setFont(self.text_font)
        if not self.bars:
            painter.drawText(
                QRectF(0, found.title.bottom() + GAP, self.width(), 20), Qt.AlignmentFlag.AlignLeft, "no playouts yet"
            )
            painter.end()
            return
        for (name, count, colour), place in zip(self.bars, found.bars):
            painter.fillRect(place.bar, colour)
            painter.setPen(self.palette().color(self.palette().ColorRole.WindowText))
            painter.drawText(place.count, Qt.AlignmentFlag.AlignCenter, str(count))
            painter.drawText(place.label, LABEL_FLAGS, name)
        painter.end()
