"""The window's status bar, where every message is read whole and nothing moves for it.

Qt draws a status message on one line and cuts it at the window's edge, so a long one ("… Marco
Rossi (Axis) aga") lost its end. A bar that grew for the lines moved the map instead: the map is
fitted to the room left to it, so it shifted by a line or three each time a long message came and
went, and a click aimed at an area between two others landed on another. So the bar keeps one
line in the window's layout, always; a message longer than that line is shown whole, wrapped, in
a panel over the bottom of the window (`MessagePanel`), for as long as the message shows. The
panel lets every click through to what is under it. The bar's tooltip holds the message too,
whoever showed it (showMessage from any part of the app, or a menu item's status tip).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QStatusBar, QStyle, QStyleOption, QWidget

from campaign_manager.i18n import _
from campaign_manager.ui.plain import tip


class MessagePanel(QLabel):
    """A long message, wrapped, laid over the bottom of the window (never in its layout): it
    takes no room from the map and no click."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("statusMessageWhole")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # the map under it still takes clicks
        self.setFrameShape(QFrame.Shape.Box)
        self.setMargin(3)
        self.setAutoFillBackground(True)  # read over the map, not through it
        self.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        self.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self.setAccessibleName(_("Status message, whole"))
        self.hide()

    def cover(self, bottom_strip: QRect) -> None:
        """Lie over `bottom_strip` (the bar, in the parent's coordinates) and upwards
        as far as the wrapped lines need (never above the parent's top)."""
        height = min(max(self.heightForWidth(bottom_strip.width()), bottom_strip.height()), bottom_strip.bottom() + 1)
        self.setGeometry(bottom_strip.left(), bottom_strip.bottom() + 1 - height, bottom_strip.width(), height)
        self.raise_()


class StatusBar(QStatusBar):
    """A status bar one line high whose long messages are shown whole over the window's bottom
    (currentMessage is as Qt's)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("statusBar")
        self.words = QLabel(self)  # the message on the bar's one line
        self.words.setObjectName("statusMessage")
        self.words.setTextFormat(Qt.TextFormat.PlainText)
        self.words.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.words.setAccessibleName(_("Status message"))
        self.addPermanentWidget(self.words, 1)  # permanent: a message does not hide it
        self.holder = parent  # the window: the panel lies over its bottom
        self.whole = MessagePanel(parent)
        for moving in (self, self.words):  # the window resized: the panel follows the bar
            moving.installEventFilter(self)
        self.messageChanged.connect(self._show)

    def _show(self, message: str) -> None:
        self.words.setText(message)
        self.words.setToolTip(tip(message))
        self.setToolTip(tip(message))
        self.whole.setText(message)
        self._place()

    def fits_one_line(self) -> bool:
        """The message can be read whole on the bar's line."""
        text, line = self.words.text(), self.words.contentsRect().width()
        return "\n" not in text and self.words.fontMetrics().horizontalAdvance(text) <= line

    def _place(self) -> None:
        """The whole message over the window's bottom while it does not fit on the bar's line."""
        if not self.words.text() or not self.isVisible() or self.fits_one_line():
            self.whole.hide()
            return
        self.whole.cover(QRect(self.mapTo(self.holder, QPoint(0, 0)), self.size()))
        self.whole.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The bar or its message moved or resized with the window: the panel follows."""
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show, QEvent.Type.Hide):
            self._place()
        return False

    def paintEvent(self, event: QPaintEvent) -> None:
        """The bar's background only: the message is the label's to show (Qt's own drawing of it
        would be cut at the edge, under the label)."""
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
