"""The map view: zoom, pan, hover explanations, clicking an area, and dragging troops.

A view of the campaign session: it redraws on `session.changed`. Dropping a troop on an area
(or choosing one from a counter's menu) emits `troopDropped(troop, area)`; whoever records
actions turns that into a placement or redeployment, and the engine decides if it is legal.
Dragging a counter that may not move emits `moveRefused(words)` with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QMimeData, QPoint, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QLabel, QMenu, QWidget

from campaign_manager.engine import legal
from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.lookup import label
from campaign_manager.engine.state import CampaignState, Phase
from campaign_manager.i18n import _, ngettext
from campaign_manager.scenario.model import Scenario
from campaign_manager.ui.ink import notice_style
from campaign_manager.ui.map.items import ArrowItem, ArrowMark, CounterItem
from campaign_manager.ui.map.legend import MapLegend
from campaign_manager.ui.map.overlays import Corner, Overlay, corner_box, fit_map
from campaign_manager.ui.map.scene import MapScene
from campaign_manager.ui.session import CampaignSession

TROOP_MIME = "application/x-firestorm-troop"
LEGEND_COLUMNS = (1, 2, 3)
LEGEND_CORNERS = (Corner.BOTTOM_LEFT, Corner.BOTTOM_RIGHT, Corner.TOP_LEFT, Corner.TOP_RIGHT)
BANNER_CORNERS = (Corner.TOP_LEFT, Corner.TOP_RIGHT, Corner.BOTTOM_LEFT, Corner.BOTTOM_RIGHT)


def this_turns_battles(session: CampaignSession) -> list[BattleRow]:
    turn = session.state.turn
    return [row for row in session.battles() if row.turn == turn]


class MapView(QGraphicsView):
    """The campaign map. Signals: `areaClicked(code)`, `troopDropped(troop, area)`,
    `moveRefused(words)` (a counter that may not move was dragged: why, for the status bar), and
    for an open battle arrow `resolveArrow(from, to)` / `abandonArrow(from, to)` (double-click or menu)."""

    areaClicked = Signal(str)
    troopDropped = Signal(str, str)
    moveRefused = Signal(str)
    resolveArrow = Signal(str, str)
    abandonArrow = Signal(str, str)

    def __init__(self, session: CampaignSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mapView")
        self.session = session
        self.map_scene: MapScene | None = None
        self.read_only = False
        self._zoomed = False
        self._covered = 0  # pixels of the map's right side a window beside it covers
        self._press: tuple[QPoint, CounterItem] | None = None
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setAcceptDrops(True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.legend = MapLegend(self.viewport())
        self.banner = QLabel(self.viewport())
        self.banner.setObjectName("mapBanner")
        self.banner.setStyleSheet(notice_style(bold=True))
        self.banner.hide()
        self._shown: tuple[Scenario, CampaignState, list[BattleRow], bool] | None = None  # show_state's last
        session.changed.connect(self.refresh)
        self.refresh()

    # -- drawing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's campaign as it stands now."""
        if not self.session.is_open:
            self.setScene(None)
            self.map_scene, self._shown = None, None
            self.legend.set_scenario(None)
            return
        sc, st = self.session.scenario, self.session.state
        self.read_only = False
        self.show_state(sc, st, this_turns_battles(self.session))

    def show_state(self, sc: Scenario, st: CampaignState, fought: list[BattleRow], read_only: bool = False) -> None:
        """Draw `st` (the present, or an earlier turn shown read-only)."""
        self._shown = (sc, st, fought, read_only)
        if self.map_scene is None or self.map_scene.scenario is not sc:
            self.map_scene = MapScene(sc, self)
            self.setScene(self.map_scene)
            self.legend.set_scenario(sc)
            self._zoomed = False
            self.fit()
        self.read_only = read_only
        self.map_scene.show_state(
            st, fought, planning=st.phase == Phase.PLANNING and not read_only, computer_side=self._computer_side()
        )
        banner = (
            _("The end of turn {turn}, as it stood — read-only").format(turn=st.turn)
            if read_only
            else self._pending_words()
        )
        if banner != ("" if self.banner.isHidden() else self.banner.text()):
            self.banner.setText(banner)
            self.banner.adjustSize()
            self.banner.setVisible(bool(banner))
            self._arrange()

    def _pending_words(self) -> str:
        """The map as shown holds actions recorded while the server is away, not on it yet."""
        pending = self.session.pending_from()
        if pending is None:
            return ""
        waiting = self.session.log_length() - pending
        return ngettext(
            "Pending: {n} action shown here, not yet on the server",
            "Pending: {n} actions shown here, not yet on the server",
            waiting,
        ).format(n=waiting)

    def changeEvent(self, event: QEvent) -> None:
        """A new palette (the desktop turned dark, or light): the map drawn again in its colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.map_scene is not None and self._shown is not None:
            self.banner.setStyleSheet(notice_style(bold=True))
            entering, self.map_scene = self.map_scene.entering, None
            self.show_state(*self._shown)
            self.show_entering(entering)

    def fit(self) -> None:
        """The whole map in view (in the part a window beside it leaves uncovered: keep_clear),
        the legend and the banner where they hide no area (map/overlays.py)."""
        if self.map_scene is None:
            return
        self._zoomed = False
        room = QRectF(self.viewport().rect().adjusted(0, 0, -self._covered, 0))
        standing = self._overlays()
        fitted = fit_map(
            self.map_scene.sceneRect(), room, self.map_scene.still.shapes(), [overlay for _widget, overlay in standing]
        )
        scale, scene = fitted.scale, self.map_scene.sceneRect()
        self.setTransform(QTransform.fromScale(scale, scale))
        # The view's own scene rect is the viewport less half a pixel all round (no scroll bars for
        # a rounding), centred in it: the map is drawn exactly at `shown`.
        view = self.viewport().rect()
        left, top = scene.x() - (fitted.shown.x() - 0.5) / scale, scene.y() - (fitted.shown.y() - 0.5) / scale
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSceneRect(QRectF(left, top, (view.width() - 1) / scale, (view.height() - 1) / scale))
        for (widget, _corner), place, size in zip(standing, fitted.places, fitted.sizes):
            if widget is self.legend:
                self.legend.set_columns(size + 1)
            widget.setGeometry(place.toRect())

    def keep_clear(self, pixels: int) -> None:
        """A window covers the right `pixels` of the map (0: none does): draw the whole map in
        the part left uncovered, so that no area is hidden under it — unless that part is under a
        third of the view: a map drawn in a sliver cannot be read or clicked, so it stays whole,
        partly under the window, until the window is moved off it."""
        width = self.viewport().width()
        covered = max(0, min(pixels, width - 80))
        self._covered = 0 if width - covered < width / 3 else covered
        self.fit()

    def zoom(self, factor: float) -> None:
        """Closer (factor > 1) or further; the map then keeps its scale when the window is resized."""
        if self.map_scene is not None:
            self.scale(factor, factor)
            self._zoomed = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)

    def show_legend(self, shown: bool) -> None:
        self.legend.setVisible(shown)
        self._arrange()

    def legend_shown(self) -> bool:
        return not self.legend.isHidden()

    def _overlays(self) -> list[tuple[QWidget, Overlay]]:
        """What stands over the map now: the legend (in one to three columns) and the banner."""
        standing: list[tuple[QWidget, Overlay]] = []
        if not self.legend.isHidden():
            sizes = tuple(QSizeF(self.legend.size_for(columns)) for columns in LEGEND_COLUMNS)
            standing.append((self.legend, Overlay(sizes, LEGEND_CORNERS)))
        if not self.banner.isHidden():
            standing.append((self.banner, Overlay((QSizeF(self.banner.size()),), BANNER_CORNERS)))
        return standing

    def _arrange(self) -> None:
        """The map fitted with its legend and banner; zoomed in, the map stays as it is and they
        stand in their first corners (over it: it can be scrolled from under them)."""
        if not self._zoomed:
            self.fit()
            return
        room = QRectF(self.viewport().rect())
        for widget, overlay in self._overlays():
            widget.setGeometry(corner_box(room, overlay.sizes[0], overlay.corners[0]).toRect())

    def highlight(self, codes: Iterable[str]) -> None:
        """Mark these areas (e.g. the legal targets of a battle arrow); an empty list clears."""
        if self.map_scene is not None:
            self.map_scene.highlight(codes)

    def show_entering(self, pair: tuple[str, str] | None) -> None:
        """Draw the arrow of the battle being entered, dashed (None: none is)."""
        if self.map_scene is not None:
            self.map_scene.show_entering(pair)

    # -- clicking and dragging ----------------------------------------------------------------

    def _counter_at(self, pos: QPoint) -> CounterItem | None:
        for item in self.items(pos):
            if isinstance(item, CounterItem):
                return item
        return None

    def _open_arrow_at(self, pos: QPoint) -> tuple[str, str] | None:
        for item in self.items(pos):
            while item is not None and not isinstance(item, ArrowItem):
                item = item.arrow if isinstance(item, ArrowMark) else item.parentItem()  # its caption's words
            if item is not None and item.open_pair is not None:
                return item.open_pair
        return None

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        pair = self._open_arrow_at(event.position().toPoint())
        if pair is not None and event.button() == Qt.MouseButton.LeftButton and not self.read_only:
            self.resolveArrow.emit(*pair)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        counter = self._counter_at(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and counter is not None and self.session.is_open:
            self._press = (event.position().toPoint(), counter)  # a drag, or a refusal saying why
            event.accept()
            return
        self._press = None
        if event.button() == Qt.MouseButton.LeftButton and self.map_scene is not None and counter is None:
            code = self.map_scene.area_at(self.mapToScene(event.position().toPoint()))
            if code is not None:
                self.areaClicked.emit(code)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None:
            start, counter = self._press
            if (event.position().toPoint() - start).manhattanLength() > 6:
                self._press = None
                if counter.movable and not self.read_only:
                    self._drag(counter)
                else:
                    self.moveRefused.emit(self.why_not_moved(counter.troops[0]))
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton and self.map_scene is not None:
            # A counter pressed and let go without a drag: a click on the area it stands in.
            code = self.map_scene.area_at(self.mapToScene(event.position().toPoint()))
            if code is not None:
                self.areaClicked.emit(code)
        self._press = None
        super().mouseReleaseEvent(event)

    def _drag(self, counter: CounterItem) -> None:
        troop = next((t for t in counter.troops if self._targets(t)), counter.troops[0])
        self.start_troop_drag(troop, self)

    def start_troop_drag(self, troop: str, source: QWidget) -> None:
        """Drag one troop (from the map or from the list of troops waiting to be placed)."""
        data = QMimeData()
        data.setData(TROOP_MIME, troop.encode())
        drag = QDrag(source)
        drag.setMimeData(data)
        self.highlight(self._targets(troop))
        drag.exec(Qt.DropAction.MoveAction)
        self.highlight(())

    def _computer_side(self) -> str | None:
        campaign = self.session.campaign
        return campaign.computer_side if campaign is not None else None

    def _computer_s(self, troop: str) -> bool:
        """Whether the troop is the computer's (against the computer): it moves its own troops."""
        side = self._computer_side()
        sc = self.session.scenario
        return side is not None and sc.side_of(sc.troops[troop].nation) == side

    def why_not_moved(self, troop: str) -> str:
        """Why this troop's counter does not move: the map shows an earlier turn, or the engine's
        own refusal (the rule, the troop and what stops it)."""
        if self.read_only:
            return _(
                'The map shows the end of an earlier turn, read-only: choose "the campaign now" on the '
                "Battles tab to move troops."
            )
        if self._computer_s(troop):
            return _("{troop} is the computer's: it places and redeploys its own troops.").format(troop=troop)
        sc, st = self.session.scenario, self.session.state
        return legal.redeploy_refusal(sc, st, troop) or _(
            "{troop} may be moved: drag it onto a highlighted area."
        ).format(troop=troop)

    def _targets(self, troop: str) -> list[str]:
        if self._computer_s(troop):
            return []
        sc, st = self.session.scenario, self.session.state
        return legal.placement_targets(sc, st, troop) or legal.redeploy_targets(sc, st, troop)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(TROOP_MIME) and not self.read_only:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(TROOP_MIME) and self.map_scene is not None:
            inside = self.map_scene.area_at(self.mapToScene(event.position().toPoint())) is not None
            event.setAccepted(inside)
            if inside:
                event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.map_scene is None or not event.mimeData().hasFormat(TROOP_MIME):
            event.ignore()
            return
        code = self.map_scene.area_at(self.mapToScene(event.position().toPoint()))
        troop = bytes(event.mimeData().data(TROOP_MIME).data()).decode()
        if code is None or troop not in self.session.scenario.troops:
            event.ignore()
            return
        if self._computer_s(troop):  # dragged from the list of troops waiting to be placed
            event.ignore()
            self.moveRefused.emit(self.why_not_moved(troop))
            return
        event.acceptProposedAction()
        self.troopDropped.emit(troop, code)

    # -- the counter's menu -------------------------------------------------------------------

    def troop_menu(self, troops: list[str], parent: QWidget | None = None) -> QMenu:
        """A menu of the legal moves of these troops: placing or redeploying, area by area."""
        sc, st = self.session.scenario, self.session.state
        menu = QMenu(parent or self)
        for troop in troops:
            placing = bool(legal.placement_targets(sc, st, troop))
            targets = self._targets(troop)
            sub = menu.addMenu(
                _("Place {troop} in").format(troop=troop) if placing else _("Redeploy {troop} to").format(troop=troop)
            )
            sub.setEnabled(bool(targets) and not self.read_only)
            for code in targets:
                action = sub.addAction(label(sc, code))
                action.triggered.connect(lambda _checked=False, t=troop, c=code: self.troopDropped.emit(t, c))
            if not sub.isEnabled() and (troop not in st.waiting_zone or self._computer_s(troop)):
                menu.addAction(self.why_not_moved(troop)).setEnabled(False)  # said, not just greyed out
        return menu

    def arrow_menu(self, pair: tuple[str, str], parent: QWidget | None = None) -> QMenu:
        """Record the result of an open battle arrow, or take it off the map."""
        sc = self.session.scenario
        words = f"{label(sc, pair[0])} → {label(sc, pair[1])}"
        menu = QMenu(parent or self)
        resolve = menu.addAction(
            _("Record the result of {arrow}…").format(arrow=words), lambda: self.resolveArrow.emit(*pair)
        )
        abandon = menu.addAction(
            _("Abandon the arrow {arrow}").format(arrow=words), lambda: self.abandonArrow.emit(*pair)
        )
        for action in (resolve, abandon):
            action.setEnabled(not self.read_only)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if not self.session.is_open:
            super().contextMenuEvent(event)
            return
        counter = self._counter_at(event.pos())
        pair = self._open_arrow_at(event.pos()) if counter is None else None
        if counter is not None:
            self.troop_menu(counter.troops).popup(event.globalPos())
        elif pair is not None:
            self.arrow_menu(pair).popup(event.globalPos())
        else:
            super().contextMenuEvent(event)
