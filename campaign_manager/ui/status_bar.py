"""The window's status bar, where every message is read whole: Qt draws a status message on one
line and cuts it at the window's edge, so a long one ("… Marco Rossi (Axis) aga") lost its end.
Here the message is shown by a label that wraps it onto as many lines as it needs (the bar grows
for it and shrinks back), and its tooltip holds it too, whoever showed it (showMessage from any
part of the app, or a menu item's status tip)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QStyle, QStyleOption, QWidget

from campaign_manager.ui.plain import tip


class MessageLabel(QLabel):
    """The message, wrapped: as tall as its lines at the width it is given."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        width = self.width()
        self.setMinimumHeight(0)  # QLabel's heightForWidth is never below its minimum height
        lines = self.heightForWidth(width) if width > 0 and self.text() else -1
        self.setMinimumHeight(max(lines, self.fontMetrics().height()))


class StatusBar(QStatusBar):
    """A status bar whose message wraps instead of being cut off (currentMessage is as Qt's)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statusBar")
        self.words = MessageLabel(self)
        self.words.setObjectName("statusMessage")
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.PlainText)
        self.words.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.words.setAccessibleName("Status message")
        self.addPermanentWidget(self.words, 1)  # permanent: a message does not hide it
        self.messageChanged.connect(self._show)

    def _show(self, message: str) -> None:
        self.words.setText(message)
        self.words.setToolTip(tip(message))
        self.setToolTip(tip(message))
        self.words.fit()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The bar's background only: the message is the label's to show (Qt's own drawing of it
        would be cut at the edge, under the label)."""
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
