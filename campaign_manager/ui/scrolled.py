"""A page that scrolls only where the window is smaller than the page needs.

QScrollArea's own resizing gives a page whose labels wrap its preferred height, not its least,
so the assist panels scrolled in a window they fit; this sizes the page to the viewport, never
below the page's minimum: a scroll bar shows only where the page truly does not fit.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class ScrolledPage(QScrollArea):
    def __init__(self, page: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(False)
        self.setWidget(page)
        page.installEventFilter(self)  # its least size changes (a tracker opened): fit again

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.fit()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        page = self.widget()
        if page is None:
            return
        need = page.minimumSizeHint().expandedTo(page.minimumSize())
        room = self.maximumViewportSize()
        bar_w = self.verticalScrollBar().sizeHint().width() if need.height() > room.height() else 0
        bar_h = self.horizontalScrollBar().sizeHint().height() if need.width() > room.width() else 0
        page.resize(max(need.width(), room.width() - bar_w), max(need.height(), room.height() - bar_h))
