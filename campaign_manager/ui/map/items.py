"""The map's graphics items: areas, their labels, troop counters, links and battle arrows."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from campaign_manager.i18n import _
from campaign_manager.scenario.arrow_marks import Caption, spots_at
from campaign_manager.scenario.layout import ArrowPlace, Box, clear_spot, leader, shaft
from campaign_manager.ui import ink
from campaign_manager.ui.map import style
from campaign_manager.ui.map.words import versus
from campaign_manager.ui.plain import tip

COUNTER_W, COUNTER_H = 58.0, 40.0


class AreaItem(QGraphicsPolygonItem):
    """One area of the map; its tint says who holds it, hatching over it that it is impassable."""

    def __init__(self, code: str, outline: Sequence[tuple[float, float]]) -> None:
        super().__init__(QPolygonF([QPointF(x, y) for x, y in outline]))
        self.code = code
        self.setPen(QPen(style.border(style.NOBODY_TINT), 2.2))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # pixels kept until tint or outline change
        self.setAcceptHoverEvents(True)
        self.setZValue(1)
        self._highlighted = False
        self.hatching: QColor | None = None  # the colour of the lines across an impassable area

    def set_tint(self, brush: QBrush, hatched: bool = False) -> None:
        """Who holds it (its tint, solid), hatched if impassable, with an outline that reads on it."""
        if brush == self.brush() and hatched == (self.hatching is not None):
            return
        self.setBrush(brush)
        self.hatching = style.hatch(brush.color()) if hatched else None
        self.set_highlighted(self._highlighted)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        if self.hatching is not None:  # over the solid tint: the words on it read on both
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(self.hatching, Qt.BrushStyle.BDiagPattern))
            painter.drawPolygon(self.polygon())

    def set_highlighted(self, on: bool) -> None:
        self._highlighted = on
        self.setPen(QPen(style.highlight(), 6) if on else QPen(style.border(self.brush().color()), 2.2))
        self.setZValue(2 if on else 1)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if not self._highlighted:
            self.setPen(QPen(style.border(self.brush().color()), 3.5))
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.set_highlighted(self._highlighted)
        super().hoverLeaveEvent(event)


class AreaLabel(QGraphicsItem):
    """Code, name and VP of an area, centred on its label point. The words carry a pale halo so
    links and borders under them do not cut them; a name wider than `room` (the area's width at
    the name's line) is set smaller until it fits, down to a readable floor."""

    NAME_SIZE, SMALLEST_NAME = 12.0, 10.0
    CODE_BOX, NAME_BOX = QRectF(-95, -30, 190, 30), QRectF(-95, 0, 190, 20)

    def __init__(self, code: str, name: str, vp: int, at: tuple[float, float], room: float = 190.0) -> None:
        super().__init__()
        # Drawn once into a pixmap at the view's scale and kept: its halo costs ten texts a label,
        # and a redraw after an action changes few labels (a new ground or zoom draws it again).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.code, self.name, self.vp = code, name, vp
        self.setPos(*at)
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._code_font = QFont("DejaVu Sans", 22, QFont.Weight.Bold)
        self._name_font = QFont("DejaVu Sans")
        self._name_font.setPointSizeF(self.NAME_SIZE)
        wide = QFontMetricsF(self._name_font).horizontalAdvance(name)
        fits = max(0.0, room - 8)  # a little margin inside the borders
        if wide > fits:
            self._name_font.setPointSizeF(max(self.SMALLEST_NAME, self.NAME_SIZE * fits / wide))
        self.name_size = self._name_font.pointSizeF()
        self.name_width = QFontMetricsF(self._name_font).horizontalAdvance(name)
        self.set_ground(style.land())  # what the words stand on: the area's tint once it is shown

    def set_ground(self, colour: QColor) -> None:
        """The area's tint under the words: their ink (and halo) is chosen to read on it."""
        if getattr(self, "ground", None) == colour:
            return  # unchanged since the last state shown: its ink stands (a new palette draws a new scene)
        self.ground = QColor(colour)
        self.ink = ink.readable_on(self.ground)
        self.update()

    def vp_inks(self) -> tuple[QColor, QColor]:
        """The VP badge's words and the plate they are written on (the palette's tooltip colours)."""
        plate = ink.role(ink.Role.ToolTipBase)
        return ink.legible(ink.role(ink.Role.ToolTipText), plate), plate

    def boundingRect(self) -> QRectF:
        return QRectF(-95, -30, 190, 52)

    def text_boxes(self) -> list[QRectF]:
        """Where the code, the name and the VP badge are drawn, in scene coordinates (tight to the
        words, not the whole boxes they are centred in)."""
        code_width = QFontMetricsF(self._code_font).horizontalAdvance(self.code)
        boxes = [QRectF(-code_width / 2, -28, code_width, 27), QRectF(-self.name_width / 2, 2, self.name_width, 17)]
        if self.vp:
            boxes.append(self._badge()[0])
        return [box.translated(self.pos()) for box in boxes]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        words = self.ink
        halo = ink.translucent(ink.readable_on(words), 120)  # the opposite of the words, faint
        shown = ((self._code_font, self.CODE_BOX, self.code), (self._name_font, self.NAME_BOX, self.name))
        for font, box, text in shown:
            painter.setFont(font)
            painter.setPen(halo)  # the words drawn a little to each side first: cheap, and glyphs are cached
            for dx, dy in ((-1.2, 0), (1.2, 0), (0, -1.2), (0, 1.2)):
                painter.drawText(box.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, text)
            painter.setPen(words)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        if self.vp:
            badge, font, text = self._badge()
            words, plate = self.vp_inks()
            painter.setBrush(plate)
            painter.setPen(QPen(ink.role(ink.Role.Mid), 1))
            painter.drawRoundedRect(badge, 4, 4)
            painter.setPen(words)
            painter.setFont(font)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)

    def _badge(self) -> tuple[QRectF, QFont, str]:
        """The VP badge: as wide as its words in the language (46 to 65 points, inside the
        label's bounds), its font smaller when even that is too narrow for them."""
        text = _("{vp} VP").format(vp=self.vp)
        font = QFont("DejaVu Sans", 10, QFont.Weight.Bold)
        width = QFontMetricsF(font).horizontalAdvance(text) + 8
        if width > 65:
            font.setPointSizeF(max(6.0, 10 * 57 / (width - 8)))
        return QRectF(30, -25, min(65.0, max(46.0, width)), 21), font, text


class CounterItem(QGraphicsItem):
    """A stack of troops of one nation and kind in one area (or waiting off the map)."""

    def __init__(self, troops: list[str], kind: str, colour: QColor, tooltip: str, movable: bool) -> None:
        super().__init__()
        self.troops = troops
        self.kind = kind
        self.colour = colour
        self.movable = movable
        self.setToolTip(tip(tooltip))
        self.setZValue(6)
        self.setCursor(Qt.CursorShape.OpenHandCursor if movable else Qt.CursorShape.ArrowCursor)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, COUNTER_W, COUNTER_H)

    def count_ink(self) -> QColor:
        """The ink of how many troops the counter holds: the one that reads on its colour."""
        return ink.readable_on(self.colour)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(ink.role(ink.Role.Shadow), 1.4))
        painter.setBrush(self.colour)
        painter.drawRoundedRect(QRectF(1, 1, COUNTER_W - 2, COUNTER_H - 2), 4, 4)
        style.draw_kind(painter, self.kind, QRectF(8, 9, 28, 22), self.colour)
        if len(self.troops) > 1:
            painter.setPen(self.count_ink())
            painter.setFont(QFont("DejaVu Sans", 14, QFont.Weight.Bold))
            painter.drawText(QRectF(37, 0, 20, COUNTER_H), Qt.AlignmentFlag.AlignCenter, str(len(self.troops)))
        if self.movable:
            painter.setPen(QPen(style.highlight(), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(0, 0, COUNTER_W, COUNTER_H), 5, 5)


class LinkItem(QGraphicsPathItem):
    """A link between two areas: plain, across the scenario's fortified line, or across the sea."""

    def __init__(self, a: tuple[float, float], b: tuple[float, float], fortified: bool, sea: bool) -> None:
        angle = math.atan2(b[1] - a[1], b[0] - a[0])
        gap_x, gap_y = math.cos(angle) * 40, math.sin(angle) * 40
        path = QPainterPath(QPointF(a[0] + gap_x, a[1] + gap_y))
        path.lineTo(QPointF(b[0] - gap_x, b[1] - gap_y))
        super().__init__(path)
        if fortified:
            pen = QPen(style.signal(style.FORTIFIED_LINK), 5)
            pen.setStyle(Qt.PenStyle.DashDotLine)
        elif sea:
            pen = QPen(style.signal(style.SEA_LINK), 3)
            pen.setStyle(Qt.PenStyle.DashLine)
        else:
            pen = QPen(style.link(), 2)
        self.setPen(pen)
        self.setZValue(3)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


BADGE_H = 26.0  # a result badge's height (its width fits its number and mark)
CAPTION_WIDE = 170.0  # an open arrow's caption wider than this is set on two lines


def caption_item(caption: str, parent: QGraphicsItem | None = None) -> QGraphicsSimpleTextItem:
    """An open arrow's caption as written on the map: on two lines when long (the defence on the second)."""
    font = QFont("DejaVu Sans", 10, QFont.Weight.Bold)
    if QFontMetricsF(font).horizontalAdvance(caption) > CAPTION_WIDE:
        between = versus()
        caption = caption.replace(between, "\n" + between.lstrip(), 1)
    text = QGraphicsSimpleTextItem(caption, parent)
    text.setFont(font)
    return text


def caption_size(caption: str) -> tuple[float, float]:
    """The size of an open arrow's caption with its plate, in scene units."""
    inner = caption_item(caption).boundingRect()
    return inner.width() + 6, inner.height() + 2


MARK_Z = 7.5  # an arrow's caption or badge: over every arrow's shaft, not only its own


class ArrowMark(QGraphicsPathItem):
    """An arrow's caption or result badge: a rounded plate at `box` with its words as a child. Not
    a child of its arrow, so that no other arrow's shaft is drawn over it; it knows its `arrow`
    (a click on it is a click on the arrow) and shows the arrow's tooltip."""

    def __init__(self, arrow: ArrowItem, box: QRectF, radius: float) -> None:
        super().__init__()
        rounded = QPainterPath()
        rounded.addRoundedRect(box, radius, radius)
        self.setPath(rounded)
        self.arrow = arrow
        self.setZValue(MARK_Z)
        self.setToolTip(arrow.toolTip())


class ArrowItem(QGraphicsPathItem):
    """A battle arrow from one area to another. An open arrow carries its troops as a caption;
    a fought one a small badge with its number in the turn and its result (`badge`: text and
    colour), the words on hover. Either is placed where it covers nothing in `avoid` (the areas'
    words, the counters, the marks placed before it) and stays inside `bounds` (the map); one
    that had to stand away from its arrow is tied to it by a thin line."""

    def __init__(
        self,
        start: tuple[float, float],
        end: tuple[float, float],
        colour: QColor,
        caption: str,
        tooltip: str,
        width: float = 7,
        badge: tuple[str, QColor] | None = None,
        caption_side: float = 1.0,
        avoid: Sequence[QRectF | Box] = (),
        bounds: QRectF | None = None,
        counters: Sequence[QRectF] = (),
        dashed: bool = False,
        caption_at: tuple[float, float] | None = None,
    ) -> None:
        """`caption_side`: 1 puts the caption on the arrow's left (looking along it), -1 on its right;
        `counters`: the troops' counters, which its ends stop short of (scenario/layout.shaft);
        `dashed`: drawn in dashes (the battle being entered, not yet on record); `caption_at`:
        the caption's centre, found for all the open arrows together (scenario/arrow_marks.py);
        `avoid` may hold the layout's boxes (left, top, width, height) in place of rectangles."""
        super().__init__()
        self.dashed = dashed
        self.caption = caption
        self.open_pair: tuple[str, str] | None = None  # (from, to) of an open arrow, set by the scene
        self.fought: tuple[int, int] | None = None  # (turn, its number in the turn) of a fought one, likewise
        stacks = [(box.x(), box.y(), box.width(), box.height()) for box in counters]
        (sx, sy), (ex, ey) = shaft(ArrowPlace(start, end, caption_side), stacks)
        self.shaft = ((sx, sy), (ex, ey))
        angle = math.atan2(ey - sy, ex - sx)
        path = QPainterPath(QPointF(sx, sy))
        path.lineTo(QPointF(ex, ey))
        head = 18.0
        for turn in (2.6, -2.6):
            path.moveTo(QPointF(ex, ey))
            path.lineTo(QPointF(ex + head * math.cos(angle + turn), ey + head * math.sin(angle + turn)))
        self.setPath(path)
        self.colour, self.width = colour, width
        self._pen(False)
        self.setZValue(7)
        self.setToolTip(tip(tooltip))
        boxes = [box if isinstance(box, tuple) else (box.x(), box.y(), box.width(), box.height()) for box in avoid]
        limits = None if bounds is None else (bounds.x(), bounds.y(), bounds.width(), bounds.height())
        self.badge_box = self.caption_box = QRectF()
        self.mark: ArrowMark | None = None  # its caption or badge, added to the scene beside it (parts())
        if badge is not None:
            self.badge_box = self._badge(badge[0], badge[1], boxes, limits)
        else:
            self.caption_box = self._caption(caption, colour, caption_side, boxes, limits, caption_at)

    def _pen(self, marked: bool) -> None:
        pen = QPen(style.highlight() if marked else self.colour, self.width + (5 if marked else 0))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if self.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)

    def set_marked(self, on: bool) -> None:
        """Stand out (the battle chosen in the Battles table), or not."""
        self._pen(on)
        self.setZValue(8 if on else 7)
        if self.mark is not None:
            self.mark.setZValue(MARK_Z + (1 if on else 0))

    def parts(self) -> list[QGraphicsItem]:
        """What the scene shows of it: the arrow, and its caption or badge (drawn over every arrow)."""
        return [self] if self.mark is None else [self, self.mark]

    def _spot(
        self,
        size: tuple[float, float],
        beside: float,
        boxes: list[Box],
        limits: Box | None,
        at: tuple[float, float] | None = None,
    ) -> QRectF:
        """Where a mark of `size` goes: `at`, else where scene/layout.clear_spot finds room, with a
        line to the arrow if it had to stand away from it."""
        (sx, sy), (ex, ey) = self.shaft
        x, y = at or clear_spot((sx, sy), (ex, ey), size, boxes, beside=beside, bounds=limits)
        box = QRectF(x - size[0] / 2, y - size[1] / 2, *size)
        tied = leader(self.shaft, (x, y), size)
        if tied is not None:
            line = QPainterPath(QPointF(x, y))
            line.lineTo(QPointF(*tied))
            drawn = QGraphicsPathItem(line, self)
            drawn.setPen(QPen(self.colour, 1.5))
            drawn.setZValue(-1)
        return box

    def _badge(self, text: str, colour: QColor, boxes: list[Box], limits: Box | None) -> QRectF:
        font = QFont("DejaVu Sans", 12, QFont.Weight.Bold)
        wide = max(BADGE_H, QFontMetricsF(font).horizontalAdvance(text) + 12)
        box = self._spot((wide, BADGE_H), 0.0, boxes, limits)
        self.mark = ArrowMark(self, box, BADGE_H / 2)
        self.mark.setBrush(colour)
        mark_ink = ink.readable_on(colour)
        self.mark.setPen(QPen(mark_ink, 2))
        mark = QGraphicsSimpleTextItem(text, self.mark)
        mark.setFont(font)
        mark.setBrush(QBrush(mark_ink))
        inner = mark.boundingRect()
        mark.setPos(box.center().x() - inner.width() / 2, box.center().y() - inner.height() / 2)
        return box

    def _caption(
        self,
        caption: str,
        colour: QColor,
        on_side: float,
        boxes: list[Box],
        limits: Box | None,
        at: tuple[float, float] | None,
    ) -> QRectF:
        text = caption_item(caption)
        plate = ink.role(ink.Role.Base)  # a backing in the palette's own ground, solid: the words read on it alone
        text.setBrush(QBrush(ink.legible(colour, plate)))
        inner = text.boundingRect()
        size = (inner.width() + 6, inner.height() + 2)
        if at is None:  # placed alone (the battle being entered): at the arrow if there is room
            spots = spots_at(Caption(self.shaft, size, on_side), boxes, limits)
            at = spots[0] if spots else None
        box = self._spot(size, (16 + inner.height() / 2) * on_side, boxes, limits, at)
        self.mark = ArrowMark(self, box, 4)
        self.mark.setBrush(plate)
        self.mark.setPen(QPen(colour, 1))
        text.setParentItem(self.mark)
        text.setPos(box.x() + 3, box.y() + 1)
        return box
