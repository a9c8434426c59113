"""A small bar chart painted with QPainter: counts per label (results of what-if playouts, or
margins grouped in bands). Plain QPainter rather than QtCharts: QtCharts lives in
PySide6-Addons, a large extra download for two bar charts."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget


class BarChart(QWidget):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.bars: list[tuple[str, int, QColor]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(150)

    def sizeHint(self) -> QSize:
        return QSize(420, 200)

    def set_bars(self, bars: list[tuple[str, int, QColor]]) -> None:
        self.bars = bars
        self.setToolTip("\n".join(f"{name}: {count}" for name, count, _ in bars))
        self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(QFont("DejaVu Sans", 9, QFont.Weight.Bold))
        painter.drawText(QRectF(0, 0, self.width(), 18), Qt.AlignmentFlag.AlignLeft, self.title)
        if not self.bars:
            painter.drawText(QRectF(0, 20, self.width(), 20), Qt.AlignmentFlag.AlignLeft, "no playouts yet")
            return
        top, bottom = 22.0, self.height() - 42.0
        most = max(count for _, count, _ in self.bars) or 1
        slot = self.width() / len(self.bars)
        painter.setFont(QFont("DejaVu Sans", 8))
        for index, (name, count, colour) in enumerate(self.bars):
            height = (bottom - top) * count / most
            x = index * slot + slot * 0.15
            painter.fillRect(QRectF(x, bottom - height, slot * 0.7, height), colour)
            painter.setPen(QColor("#222222"))
            painter.drawText(QRectF(index * slot, bottom - height - 14, slot, 14), Qt.AlignmentFlag.AlignCenter,
                             str(count))
            painter.drawText(QRectF(index * slot, bottom + 2, slot, 40),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, name)
        painter.end()
