"""The scenario editor's map: the campaign map's own drawing (ui/map: areas, names, links) made
from the scenario being edited, each area tinted by who holds it at set-up, with its set-up
troops at its counter spot. An area's name and its counter spot can be dragged; clicking an area
selects it; with "Link areas" on, clicking two areas adds the link between them or removes it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeySequence, QMouseEvent, QPainter, QPen, QResizeEvent, QShortcut, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from campaign_manager.i18n import _
from campaign_manager.scenario.layout import MapLayout, grid_layout, stack_places
from campaign_manager.scenario.model import ScenarioFile, SideColours
from campaign_manager.ui import ink
from campaign_manager.ui.editor.document import ScenarioDocument
from campaign_manager.ui.map import style
from campaign_manager.ui.map.items import COUNTER_H, COUNTER_W, AreaItem, AreaLabel, CounterItem
from campaign_manager.ui.map.scene import draw_still_map
from campaign_manager.ui.plain import tip

BELOW = 26.0  # where counters stand under an area's name when it has no spot of its own: as on the campaign map


def layout_of(data: ScenarioFile) -> MapLayout:
    return data.layout or grid_layout(a.code for a in data.areas)


def side_colours(data: ScenarioFile) -> dict[str, SideColours]:
    return {code: side.colours for code, side in data.sides.items()}


class CounterSpot(QGraphicsItem):
    """Where an area's counters stand (its top middle is the spot): the set-up troops, or an empty
    counter's outline when none start there. Dragged to move the spot."""

    def __init__(self, code: str, groups: list[tuple[list[str], str, str]], data: ScenarioFile) -> None:
        super().__init__()
        self.code = code
        layout = layout_of(data)
        shape = layout.areas[code]
        self.setPos(*shape.counters_at(BELOW))
        colours = style.nation_colours_of({c: n.side for c, n in data.nations.items()}, side_colours(data))
        scale, corners = stack_places(shape, max(1, len(groups)), (COUNTER_W, COUNTER_H), BELOW)
        self.box = QRectF(-COUNTER_W / 2, 0, COUNTER_W, COUNTER_H)
        for (troops, kind, nation), (x, y) in zip(groups, corners):
            counter = CounterItem(troops, kind, colours.get(nation, style.NOBODY_INK), ", ".join(troops), False)
            counter.setParentItem(self)
            counter.setScale(scale)
            counter.setPos(x - self.pos().x(), y - self.pos().y())
            counter.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the spot is dragged, not the counter
            self.box = self.box.united(counter.mapRectToParent(counter.boundingRect()))
        self.empty = not groups
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
        self.setCursor(Qt.CursorShape.SizeAllCursor)
        self.setZValue(6)
        self.setToolTip(tip(_("{area}: where its counters stand. Drag to move them.").format(area=code)))

    def boundingRect(self) -> QRectF:
        return self.box.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.empty:
            pen = QPen(ink.translucent(ink.readable_on(style.NOBODY_TINT), 110), 1.0)  # faint: a place, not a counter
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.box, 4, 4)


class EditorMapScene(QGraphicsScene):
    """The scenario's map as set up, drawn again whenever the scenario changes."""

    def __init__(self, document: ScenarioDocument) -> None:
        super().__init__(document)
        self.document = document
        self.areas: dict[str, AreaItem] = {}
        self.labels: dict[str, AreaLabel] = {}
        self.spots: dict[str, CounterSpot] = {}
        self.marked: set[str] = set()
        self.redraw()
        document.changed.connect(self.redraw)

    def redraw(self) -> None:
        self.clear()
        data = self.document.data
        layout = layout_of(data)
        known = {area.code: area for area in data.areas}
        drawn = draw_still_map(self, layout, known, data.map.links)
        self.areas, self.labels = drawn.areas, drawn.labels
        for code, item in self.areas.items():
            area = known.get(code)
            if area is not None:
                brush = style.area_brush_of(side_colours(data), area.controller, area.staging, area.impassable)
                drawn.tint(code, brush, area.impassable)
                item.setToolTip(tip(f"{code} {area.name}"))
        drawn.ink_place_names()
        for code, label in self.labels.items():
            label.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
            label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
            label.setCursor(Qt.CursorShape.SizeAllCursor)
            label.setToolTip(tip(_("{area}: drag its name to move it (links are drawn from it)").format(area=code)))
        self.spots = {}
        for code in self.labels:
            spot = CounterSpot(code, self._groups(code), data)
            self.addItem(spot)
            self.spots[code] = spot
        self.mark(self.marked)

    def _groups(self, code: str) -> list[tuple[list[str], str, str]]:
        """The troops that start in the area, by nation and kind: (ids, kind, nation)."""
        data = self.document.data
        groups: dict[tuple[str, str], list[str]] = {}
        for troop in data.troops:
            kind = data.troop_types.get(troop.type_code)
            if troop.start == code and kind is not None:
                groups.setdefault((kind.nation, kind.kind), []).append(troop.id)
        return [(troops, kind, nation) for (nation, kind), troops in sorted(groups.items())]

    def mark(self, codes: set[str]) -> None:
        self.marked = set(codes)
        for code, area in self.areas.items():
            area.set_highlighted(code in self.marked)

    def area_at(self, point: QPointF) -> str | None:
        for item in self.items(point):
            if isinstance(item, AreaItem):
                return item.code
        return None


class EditorMapView(QGraphicsView):
    """The editor's map. Signals: `areaClicked(code)`; `linkRequested(a, b)` (link mode, two
    areas clicked); `pointMoved(code, which, x, y)` (a name, "label", or a counter spot,
    "counters", dragged to x, y); `linkStarted()` when the first of two areas is picked."""

    areaClicked = Signal(str)
    linkStarted = Signal()  # link mode: the first area picked (or the pick taken back)
    linkRequested = Signal(str, str)
    pointMoved = Signal(str, str, float, float)

    def __init__(self, document: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scenarioMap")
        self.setAccessibleName(_("Scenario map"))
        self.map_scene = EditorMapScene(document)
        self.setScene(self.map_scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.linking = False
        self.first: str | None = None  # the first area clicked for a link
        self._dragged: tuple[QGraphicsItem, QPointF] | None = None
        self._zoomed = False
        QShortcut(QKeySequence("Ctrl+0"), self, self.fit)

    def fit(self) -> None:
        self.fitInView(self.map_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._zoomed = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self._zoomed:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self.scale(factor, factor)
        self._zoomed = True

    def set_linking(self, on: bool) -> None:
        self.linking = on
        self.first = None
        self.map_scene.mark(set())

    def click_area(self, code: str) -> None:
        """An area clicked: selected, or in link mode the first or second end of a link."""
        if not self.linking:
            self.areaClicked.emit(code)
            return
        if self.first is None or self.first == code:
            self.first = None if self.first == code else code
            self.map_scene.mark({code} if self.first else set())
            self.linkStarted.emit()
            return
        first, self.first = self.first, None
        self.map_scene.mark(set())
        self.linkRequested.emit(first, code)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        at = event.position().toPoint()
        self._dragged = None
        if event.button() == Qt.MouseButton.LeftButton and self.linking:  # clicks pick areas: nothing moves
            code = self.map_scene.area_at(self.mapToScene(at))
            if code is not None:
                self.click_area(code)
            event.accept()
            return
        grabbed = next((i for i in self.items(at) if isinstance(i, (AreaLabel, CounterSpot))), None)
        if event.button() == Qt.MouseButton.LeftButton:
            if grabbed is not None:
                self._dragged = (grabbed, grabbed.pos())
            else:
                code = self.map_scene.area_at(self.mapToScene(at))
                if code is not None:
                    self.click_area(code)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if self._dragged is None:
            return
        item, start = self._dragged
        self._dragged = None
        code = item.code if isinstance(item, CounterSpot) else getattr(item, "code", "")
        if (item.pos() - start).manhattanLength() < 2:
            self.click_area(code)  # a name or a spot clicked, not dragged: its area
            return
        which = "counters" if isinstance(item, CounterSpot) else "label"
        self.pointMoved.emit(code, which, item.pos().x(), item.pos().y())
