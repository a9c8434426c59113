"""A small bar chart painted with QPainter: counts per label (results of what-if playouts, or
margins grouped in bands). Plain QPainter rather than QtCharts: QtCharts lives in
PySide6-Addons, a large extra download for two bar charts.

Where everything goes is worked out from the fonts before painting (`ChartPlaces`): the title
(wrapped if the chart is narrow), then room for the tallest bar's count, the bars, and under
them room for the longest wrapped label — so no text is drawn over another."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from campaign_manager.i18n import _, number
from campaign_manager.ui.plain import tip

GAP = 4.0  # pixels between the title, the counts, the bars and their labels
MARGIN = 6.0  # above the title and under the labels: apart from whatever is next to the chart
CLEAR = 4.0  # between a bar's count and the top of its bar or its whisker's cap
LABEL_FLAGS = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
TITLE_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def signed(value: float, digits: int = 1) -> str:
    """A change with its sign (+1.5, -0.5, +0.0), as the user's language writes the number."""
    text = number(value, digits)
    return text if text.startswith("-") else f"+{text}"


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
    """Bars of counts (or shares) with their labels; `intervals`, when set, draws each bar's
    interval as a whisker and `words` says each bar's value (its count by default)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.bars: list[tuple[str, float, QColor]] = []
        self.intervals: list[tuple[float, float]] | None = None
        self.words: list[str] | None = None
        self.title_font = QFont("DejaVu Sans", 9, QFont.Weight.Bold)
        self.text_font = QFont("DejaVu Sans", 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(150)

    def sizeHint(self) -> QSize:
        return QSize(420, 200)

    def set_bars(
        self,
        bars: list[tuple[str, float, QColor]],
        intervals: list[tuple[float, float]] | None = None,
        words: list[str] | None = None,
    ) -> None:
        self.bars, self.intervals, self.words = bars, intervals, words
        said = words or [str(count) for _, count, _ in bars]
        self.setToolTip(tip("\n".join(f"{name}: {value}" for (name, _, _), value in zip(bars, said))))
        self.update()

    def _tops(self) -> list[float]:
        """Each bar's highest point: its value, or its interval's top."""
        if self.intervals:
            return [max(count, high) for (_, count, _), (_, high) in zip(self.bars, self.intervals)]
        return [count for _, count, _ in self.bars]

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
        top = title.bottom() + GAP + count_height + CLEAR  # the tallest bar's count sits under the title
        bottom = max(top, height - label_height - GAP - MARGIN)
        tops = self._tops()
        most = max(tops) or 1
        places = []
        for index, ((_name, count, _colour), highest) in enumerate(zip(self.bars, tops)):
            bar_height = (bottom - top) * count / most
            bar = QRectF(index * slot + slot * 0.15, bottom - bar_height, slot * 0.7, bar_height)
            above = bottom - (bottom - top) * highest / most  # over the bar and its whisker
            places.append(
                BarPlace(
                    bar,
                    QRectF(index * slot, above - CLEAR - count_height, slot, count_height),
                    QRectF(index * slot + 1, bottom + GAP, label_width, label_height),
                )
            )
        return ChartPlaces(title, places)

    def whisker(self, index: int) -> tuple[float, float] | None:
        """Where bar `index`'s interval runs, from its top down (pixels), when intervals are drawn."""
        if not self.intervals:
            return None
        found = self.places()
        place = found.bars[index]
        bottom, value = place.bar.bottom(), self.bars[index][1]
        scale = (place.bar.height() / value) if value else None
        if scale is None:  # a bar of nothing: scale from the tallest bar drawn
            scale = max(((p.bar.height() / v) for p, (_, v, _) in zip(found.bars, self.bars) if v), default=0.0)
        low, high = self.intervals[index]
        return bottom - high * scale, bottom - low * scale

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        found = self.places()
        painter.setFont(self.title_font)
        painter.drawText(found.title, TITLE_FLAGS, self.title)
        painter.setFont(self.text_font)
        if not self.bars:
            painter.drawText(
                QRectF(0, found.title.bottom() + GAP, self.width(), 20),
                Qt.AlignmentFlag.AlignLeft,
                _("no playouts yet"),
            )
            painter.end()
            return
        said = self.words or [str(count) for _, count, _ in self.bars]
        for index, ((name, _count, colour), place) in enumerate(zip(self.bars, found.bars)):
            painter.fillRect(place.bar, colour)
            painter.setPen(self.palette().color(self.palette().ColorRole.WindowText))
            span = self.whisker(index)
            if span is not None:
                middle, end = place.bar.center().x(), place.bar.width() / 4
                painter.drawLine(QPointF(middle, span[0]), QPointF(middle, span[1]))
                for y in span:
                    painter.drawLine(QPointF(middle - end, y), QPointF(middle + end, y))
            painter.drawText(place.count, Qt.AlignmentFlag.AlignCenter, said[index])
            painter.drawText(place.label, LABEL_FLAGS, name)
        painter.end()
