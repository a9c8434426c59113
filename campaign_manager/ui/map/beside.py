"""Where a window that asks about the map goes (the battle wizard): beside the map, on the
screen, never over the areas it asks you to click. When there is room beside the map it goes
there; when there is not, it covers the map's far side and the map is drawn whole in the part
left uncovered (`MapView.keep_clear`), wherever the window is then moved; where that part would be
a sliver, the map stays whole under the window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QWidget

GAP = 8  # pixels between the map and the window beside it


def beside(size: QSize, map_rect: QRect, bounds: QRect) -> QRect:
    """Where a window of `size` goes next to the map at `map_rect` (global pixels), inside
    `bounds` (the screen's free area): to the right of the map if it fits there, else to its
    left, else against the right edge of `bounds` (over the map's right side), and as high as
    the map's top. Smaller than `size` only where `bounds` is."""
    width, height = min(size.width(), bounds.width()), min(size.height(), bounds.height())
    top = min(max(map_rect.top(), bounds.top()), bounds.bottom() + 1 - height)
    if map_rect.right() + GAP + width <= bounds.right() + 1:
        left = map_rect.right() + 1 + GAP
    elif map_rect.left() - GAP - width >= bounds.left():
        left = map_rect.left() - GAP - width
    else:
        left = bounds.right() + 1 - width
    return QRect(QPoint(left, top), QSize(width, height))


def free_area(window: QWidget) -> QRect:
    """The screen's free area the window stands on; the window's own frame if the window runs
    off that screen (so what opens beside it stays in sight of it)."""
    frame = window.frameGeometry()
    screen = window.screen()
    area = screen.availableGeometry() if screen is not None else frame
    return area if area.contains(frame) else frame


def covered_width(placed: QRect, map_rect: QRect) -> int:
    """How much of the map's width, from its right edge, a window at `placed` covers."""
    if not placed.intersects(map_rect):
        return 0
    return max(0, map_rect.right() + 1 - placed.left())
