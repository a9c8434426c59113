"""Where the map's legend and its turn banner stand: in a corner of the view where they cover no
area (nor a country's or a sea's name), else in room made for them at the map's side, the map
drawn a little smaller, so that neither ever hides an area of the whole map in view. An overlay
may offer several sizes (the legend in one, two or three columns): the one that leaves the map
largest is taken."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import product

from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtGui import QPainterPath

MARGIN = 8.0  # view pixels between an overlay and the view's edge
SIDES = ("left", "right", "top", "bottom")


class Corner(Enum):
    """A corner of the view, by the two sides that make it."""

    BOTTOM_LEFT = ("bottom", "left")
    BOTTOM_RIGHT = ("bottom", "right")
    TOP_LEFT = ("top", "left")
    TOP_RIGHT = ("top", "right")


@dataclass(frozen=True)
class Overlay:
    """Something that stands over the map: the sizes it may take and the corners where it may
    stand, each preferred first."""

    sizes: tuple[QSizeF, ...]
    corners: tuple[Corner, ...]


@dataclass(frozen=True)
class Fitted:
    """The map fitted in the view with its overlays: its scale, where it is drawn, and where each
    overlay stands with the index of the size it takes (view pixels)."""

    scale: float
    shown: QRectF
    places: tuple[QRectF, ...]
    sizes: tuple[int, ...]


def corner_box(room: QRectF, size: QSizeF, corner: Corner) -> QRectF:
    """An overlay of `size` in a corner of `room`, MARGIN from its edges."""
    down, across = corner.value
    left = room.left() + MARGIN if across == "left" else room.right() - MARGIN - size.width()
    top = room.top() + MARGIN if down == "top" else room.bottom() - MARGIN - size.height()
    return QRectF(left, top, size.width(), size.height())


def fit_map(map_rect: QRectF, room: QRectF, keep_clear: Sequence[QPainterPath], overlays: Sequence[Overlay]) -> Fitted:
    """The whole map (`map_rect`, scene units) as large as it can be drawn in `room` (view pixels)
    with each overlay where it covers none of `keep_clear` (scene units): in a corner of the view
    if one is clear, else in a strip kept for it along a side. Of every way (each overlay's size,
    and its corner or strip), the one that leaves the map largest; the earliest of equals."""
    picks = list(product(*(_ways(overlay) for overlay in overlays)))
    shown = [_shown(map_rect, room, _strips(overlays, pick)) for pick in picks]
    for index in sorted(range(len(picks)), key=lambda n: (-round(shown[n].width(), 2), n)):
        scale = shown[index].width() / map_rect.width()
        places = _places(overlays, picks[index], room, shown[index], scale, map_rect, keep_clear)
        if places is not None:
            return Fitted(scale, shown[index], places, tuple(size for size, _ in picks[index]))
    whole = _shown(map_rect, room, dict.fromkeys(SIDES, 0.0))  # nowhere clear (a tiny view): where they prefer
    first = tuple(corner_box(room, overlay.sizes[0], overlay.corners[0]) for overlay in overlays)
    return Fitted(whole.width() / map_rect.width(), whole, first, tuple(0 for _ in overlays))


Way = tuple[int, str | None]  # an overlay's size (its index) and the side whose strip it stands in (None: over the map)


def _ways(overlay: Overlay) -> list[Way]:
    sides = list(dict.fromkeys(side for corner in overlay.corners for side in corner.value))
    return [(size, side) for size in range(len(overlay.sizes)) for side in (None, *sides)]


def _thickness(size: QSizeF, side: str) -> float:
    return (size.width() if side in ("left", "right") else size.height()) + MARGIN


def _strips(overlays: Sequence[Overlay], pick: Sequence[Way]) -> dict[str, float]:
    """How much of the room each side keeps for the overlays standing there (one beside the other)."""
    kept = dict.fromkeys(SIDES, 0.0)
    for overlay, (size, side) in zip(overlays, pick):
        if side is not None:
            kept[side] += _thickness(overlay.sizes[size], side) + (0.0 if kept[side] else MARGIN)
    return kept


def _shown(map_rect: QRectF, room: QRectF, kept: dict[str, float]) -> QRectF:
    """Where the map is drawn: as large as it fits in `room` less the strips `kept`, centred there."""
    inner = room.adjusted(kept["left"], kept["top"], -kept["right"], -kept["bottom"])
    scale = max(0.02, min(inner.width() / map_rect.width(), inner.height() / map_rect.height()))
    wide, tall = map_rect.width() * scale, map_rect.height() * scale
    return QRectF(inner.center().x() - wide / 2, inner.center().y() - tall / 2, wide, tall)


def _places(
    overlays: Sequence[Overlay],
    pick: Sequence[Way],
    room: QRectF,
    shown: QRectF,
    scale: float,
    map_rect: QRectF,
    keep_clear: Sequence[QPainterPath],
) -> tuple[QRectF, ...] | None:
    """Where each overlay stands in this way of fitting: in its strip (after those before it
    there), or in the first corner where it is clear; None if one has nowhere to stand."""
    placed: list[QRectF] = []
    used = dict.fromkeys(SIDES, 0.0)
    for overlay, (index, side) in zip(overlays, pick):
        size = overlay.sizes[index]
        if side is None:
            boxes = [corner_box(room, size, corner) for corner in overlay.corners]
        else:
            corner = next(corner for corner in overlay.corners if side in corner.value)
            inward = {"left": (used[side], 0.0), "right": (-used[side], 0.0), "top": (0.0, used[side])}
            boxes = [corner_box(room, size, corner).translated(*inward.get(side, (0.0, -used[side])))]
            used[side] += _thickness(size, side)
        spot = next((box for box in boxes if _clear(box, room, placed, shown, scale, map_rect, keep_clear)), None)
        if spot is None:
            return None
        placed.append(spot)
    return tuple(placed)


def _clear(
    box: QRectF,
    room: QRectF,
    placed: Sequence[QRectF],
    shown: QRectF,
    scale: float,
    map_rect: QRectF,
    keep_clear: Sequence[QPainterPath],
) -> bool:
    """Whether an overlay at `box` stays in the room, off the overlays placed and off every shape."""
    if not room.contains(box) or any(box.intersects(other) for other in placed):
        return False
    if not box.intersects(shown):
        return True
    on_map = QRectF(
        map_rect.x() + (box.x() - shown.x()) / scale,
        map_rect.y() + (box.y() - shown.y()) / scale,
        box.width() / scale,
        box.height() / scale,
    )
    return not any(shape.intersects(on_map) for shape in keep_clear)
