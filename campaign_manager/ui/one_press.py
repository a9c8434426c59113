"""A double click where one click was meant: the second press of a mouse double click on a button
that turns a page (Next, Back) is let go without a click, so it never turns a second page, passing
by a choice made for the user (the first retreat offered, say). Two separate clicks, however
quick, still turn two pages: only the press the window system marks as a double click is taken."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractButton


class OnePressPerDoubleClick(QObject):
    def __init__(self, *buttons: QAbstractButton) -> None:
        super().__init__(buttons[0])
        self._second: set[QObject] = set()  # buttons whose press now down is a double click's second
        for button in buttons:
            button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonDblClick:  # after the second press: its release clicks nothing
            self._second.add(watched)
            return True
        if kind == QEvent.Type.MouseButtonRelease and watched in self._second:
            self._second.discard(watched)
            if isinstance(watched, QAbstractButton):
                watched.setDown(False)
            return True
        return False
