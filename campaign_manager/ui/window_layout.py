"""The main window's size, place and split, kept from one start to the next.

The first window is sized to the screen it opens on (`first_size`), not to a fixed number of
pixels that a small screen or a scale factor of 2 cannot hold. On closing, the window's geometry
(`saveGeometry`), its state (`saveState`) and the map/panel split are saved in the settings; on
the next start they are put back, and a window saved on a screen that is no longer there (a
projector unplugged, a laptop undocked) comes back on the primary screen (`on_a_screen`). A
window opened beside another (a plan's, What if's) is fitted with its frame on that one's screen
(`on_screen`, `fit_on_screen`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QMargins, QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget

from campaign_manager.ui import settings

SHARE_OF_SCREEN = 0.85  # the first window takes this much of the screen's free area each way
LARGEST_FIRST = QSize(1600, 1000)  # and no more: a wall-sized screen gets a window, not a wall
GRIP = 48  # how much of the title bar must show on a screen for the window to be reachable
BORDER = 8  # pixels kept for a window's side and bottom borders when they cannot be measured


def first_size(available: QRect) -> QSize:
    """The first window's size on a screen whose free area (without panels and docks) is
    `available`, in the screen's own (device-independent) pixels."""
    width = min(int(available.width() * SHARE_OF_SCREEN), LARGEST_FIRST.width())
    height = min(int(available.height() * SHARE_OF_SCREEN), LARGEST_FIRST.height())
    return QSize(width, height)


def on_a_screen(frame: QRect, screens: Sequence[QRect], primary: QRect) -> QPoint | None:
    """Where to move a window whose frame is `frame` so that it can be reached: None if a strip of
    its title bar already shows on one of the `screens` (their free areas), else the top-left
    corner that centres it on the `primary` screen's free area (kept inside that area)."""
    title_bar = QRect(frame.left(), frame.top(), frame.width(), GRIP)
    for screen in screens:
        shown = title_bar.intersected(screen)
        if shown.width() >= min(GRIP, frame.width()) and shown.height() >= min(GRIP // 2, frame.height()):
            return None
    left = primary.left() + max(0, (primary.width() - frame.width()) // 2)
    top = primary.top() + max(0, (primary.height() - frame.height()) // 2)
    return QPoint(left, top)


def size_for_screen(window: QMainWindow) -> None:
    """The first window: sized to the screen it will open on, centred there."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    available = screen.availableGeometry()
    size = first_size(available)
    window.resize(size)
    window.move(
        available.left() + (available.width() - size.width()) // 2,
        available.top() + (available.height() - size.height()) // 2,
    )


def restore(window: QMainWindow, splitter: QSplitter) -> bool:
    """Put the window back as it was last closed (False if nothing was saved yet)."""
    geometry = settings.read(settings.WINDOW_GEOMETRY)
    if not geometry or not window.restoreGeometry(QByteArray(geometry)):
        return False
    state = settings.read(settings.WINDOW_STATE)
    if state:
        window.restoreState(QByteArray(state))
    split = settings.read(settings.WINDOW_SPLIT)
    if split:
        splitter.restoreState(QByteArray(split))
    keep_on_a_screen(window)
    return True


def keep_on_a_screen(window: QMainWindow) -> None:
    """A window whose title bar shows on no screen is moved to the primary one."""
    primary = QGuiApplication.primaryScreen().availableGeometry()
    screens = [screen.availableGeometry() for screen in QGuiApplication.screens()]
    frame = window.frameGeometry() if window.isVisible() else window.geometry()
    if on_a_screen(frame, screens, primary) is None:
        return
    if frame.width() > primary.width() or frame.height() > primary.height():
        window.resize(first_size(primary))
        frame = QRect(frame.topLeft(), window.frameGeometry().size())
    moved = on_a_screen(frame, [], primary)
    if moved is not None:
        window.move(moved)


def save(window: QMainWindow, splitter: QSplitter) -> None:
    settings.write(settings.WINDOW_GEOMETRY, bytes(window.saveGeometry().data()))
    settings.write(settings.WINDOW_STATE, bytes(window.saveState().data()))
    settings.write(settings.WINDOW_SPLIT, bytes(splitter.saveState().data()))


def on_screen(wanted: QRect, near: QWidget, smallest: QSize | None = None) -> QRect:
    """`wanted` (a window's inside, placed by `near`, the window it is offset from) shrunk, or if
    it cannot shrink below `smallest` moved, so the window with its frame (taken to be `near`'s:
    title bar and borders, the bottom one too) lies wholly on the screen `near` is on."""
    return fit_on_screen(wanted, frame_margins(near), near.screen().availableGeometry(), smallest or QSize())


def frame_margins(window: QWidget) -> QMargins:
    """What the window manager draws around `window`'s inside: its title bar and borders. A
    maximised window is drawn without borders; a window beside it will have them, so some room
    (`BORDER`) is kept for them."""
    frame, inside = window.frameGeometry(), window.geometry()
    drawn = QMargins(
        inside.left() - frame.left(),
        inside.top() - frame.top(),
        frame.right() - inside.right(),
        frame.bottom() - inside.bottom(),
    )
    if window.isMaximized() or window.isFullScreen():
        border = max(drawn.left(), drawn.right(), drawn.bottom(), BORDER)
        return QMargins(border, drawn.top(), border, border)
    return drawn


def fit_on_screen(wanted: QRect, frame: QMargins, screen: QRect, smallest: QSize) -> QRect:
    """`wanted` (a window's inside) kept where it is and shrunk so that with its `frame` it ends on
    the free area `screen`; only what cannot shrink below `smallest` is moved (up or left)."""
    area = screen.marginsRemoved(frame)  # where a window's inside may lie

    def span(start: int, length: int, low: int, high: int, least: int) -> tuple[int, int]:
        start = max(start, low)
        length = min(length, high - start)
        if length < least:  # too little room left of the offset: as small as it goes, moved back
            length = min(max(least, 1), high - low)
            start = max(low, high - length)
        return start, length

    left, width = span(wanted.left(), wanted.width(), area.left(), area.right() + 1, smallest.width())
    top, height = span(wanted.top(), wanted.height(), area.top(), area.bottom() + 1, smallest.height())
    return QRect(left, top, width, height)
