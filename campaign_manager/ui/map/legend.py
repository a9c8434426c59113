"""The map's legend (View ▸ Show the legend): what the tints, counters, symbols, links and arrows
mean, drawn with the map's own colours and symbols over the corner of the view."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

from campaign_manager.engine.battle_log import RESULT_MARKS
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario
from campaign_manager.scenario.terms import KIND_WORDS
from campaign_manager.ui import ink
from campaign_manager.ui.map import style
from campaign_manager.ui.plain import tip

# The words of other modules' tables the legend shows through `_` (scenario/model.py's KIND_WORDS,
# engine/battle_log.py's RESULT_MARKS), written here as well so that the catalogue has them.
SHOWN_WORDS = (
    N_("infantry"),
    N_("mountain troops"),
    N_("armour"),
    N_("mechanised"),
    N_("motorcycle troops"),
    N_("the attacker won"),
    N_("the defender held"),
    N_("no one was defeated"),
)
ROW = 20  # a line of the legend
SWATCH = QSize(26, 14)


class MapLegend(QWidget):
    """Paints the key of the scenario's map; hidden until asked for."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("mapLegend")
        self.setAccessibleName(_("Map legend"))
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.scenario: Scenario | None = None
        self.columns = 1
        self.hide()

    def set_scenario(self, sc: Scenario | None) -> None:
        self.scenario = sc
        self.resize(self.sizeHint())
        self.setToolTip(tip("\n".join(words for _mark, words in self.rows())))  # names from the scenario: plain
        self.update()

    def rows(self) -> list[tuple[str, str]]:
        """(what is drawn, its words), one a line."""
        sc = self.scenario
        if sc is None:
            return []
        rows = [("tint:" + side, _("held by the {side}").format(side=sc.side_noun(side))) for side in sc.sides]
        if any(area.impassable for area in sc.areas.values()):
            rows.append(("hatch:impassable", _("impassable: no one enters it")))
        rows += [("counter:" + code, _("{nation} troops").format(nation=sc.nation_name(code))) for code in sc.nations]
        kinds = sorted({troop.kind for troop in sc.troops.values()}, key=list(KIND_WORDS).index)
        rows += [("kind:" + kind, _(KIND_WORDS[kind])) for kind in kinds]
        if any(link.fortified for link in sc.links):
            rows.append(("line:fortified", sc.fortification.title if sc.fortification else _("the fortified line")))
        if any(link.sea for link in sc.links):
            rows.append(("line:sea", _("across the sea")))
        rows += [("arrow:open", _("an open battle")), ("arrow:fought", _("a battle fought this turn"))]
        rows += [  # a fought battle's badge: its number in the turn and its result
            (f"badge:{n} {mark}", _("battle {n} of the turn: {result}").format(n=n, result=_(words)))
            for n, (mark, words) in enumerate(RESULT_MARKS, start=1)
        ]
        return rows

    def set_columns(self, columns: int) -> None:
        """Its lines in `columns` columns (the map's view takes the shape that leaves the map largest)."""
        if columns != self.columns:
            self.columns = columns
            self.update()

    def _column_width(self) -> int:
        metrics = QFontMetrics(self.font())
        return SWATCH.width() + max((metrics.horizontalAdvance(words) for _mark, words in self.rows()), default=0) + 26

    def size_for(self, columns: int) -> QSize:
        """Its size with its lines in `columns` columns."""
        return QSize(self._column_width() * columns, -(-len(self.rows()) // columns) * ROW + 12)

    def sizeHint(self) -> QSize:
        return self.size_for(self.columns)

    def paintEvent(self, event: QPaintEvent) -> None:
        sc = self.scenario
        if sc is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.setBrush(palette.color(QPalette.ColorRole.Window))  # solid: its words read on it alone
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        counters = style.nation_colours(sc)
        rows = self.rows()
        per_column, column_width = -(-len(rows) // self.columns), self._column_width()
        for line, (mark, words) in enumerate(rows):
            left, top = 8 + (line // per_column) * column_width, 6 + (line % per_column) * ROW
            swatch = QRectF(left, top + (ROW - SWATCH.height()) / 2, SWATCH.width(), SWATCH.height())
            what, key = mark.split(":", 1)
            painter.setPen(QPen(palette.color(QPalette.ColorRole.WindowText), 1))
            if what == "tint":
                painter.setBrush(style.area_brush(sc, key, False, False))
                painter.drawRect(swatch)
            elif what == "hatch":  # as the map draws an impassable area
                painter.setBrush(style.IMPASSABLE_TINT)
                painter.drawRect(swatch)
                painter.setBrush(QBrush(style.hatch(style.IMPASSABLE_TINT), Qt.BrushStyle.BDiagPattern))
                painter.drawRect(swatch)
            elif what == "counter":
                painter.setBrush(counters[key])
                painter.drawRoundedRect(swatch, 3, 3)
            elif what == "kind":
                plate = palette.color(QPalette.ColorRole.Dark)
                painter.setBrush(plate)
                painter.drawRoundedRect(swatch, 3, 3)
                style.draw_kind(painter, key, swatch.adjusted(5, 2, -5, -2), plate)
            elif what == "badge":
                plate = ink.role(ink.Role.Mid)
                painter.setBrush(plate)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawRoundedRect(swatch, swatch.height() / 2, swatch.height() / 2)
                painter.setPen(ink.readable_on(plate))
                painter.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold))
                painter.drawText(swatch, Qt.AlignmentFlag.AlignCenter, key)
            else:  # a line as the map draws it: over an area's tint
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(style.NOBODY_TINT)
                painter.drawRect(swatch)
                painter.setPen(self._line_pen(what, key))
                middle = swatch.center().y()
                painter.drawLine(QPointF(swatch.left(), middle), QPointF(swatch.right(), middle))
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            painter.setFont(self.font())
            painter.drawText(QRectF(swatch.right() + 8, top, column_width, ROW), Qt.AlignmentFlag.AlignVCenter, words)
        painter.end()

    @staticmethod
    def _line_pen(what: str, key: str) -> QPen:
        if what == "line":
            pen = QPen(style.signal(style.FORTIFIED_LINK if key == "fortified" else style.SEA_LINK), 3)
            pen.setStyle(Qt.PenStyle.DashDotLine if key == "fortified" else Qt.PenStyle.DashLine)
            return pen
        return QPen(style.signal(style.OPEN_ARROW) if key == "open" else style.fought_arrow(), 4)
