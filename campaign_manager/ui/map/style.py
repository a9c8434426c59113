"""How the map looks: tints, counter colours and kind symbols. Colours are chosen per side and
per nation's place in the scenario, so any scenario gets a legible map without new code."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from campaign_manager.scenario.model import Scenario

SEA = QColor("#c6dbea")
LAND = QColor("#e9e4d6")
BORDER = QColor("#4a4a4a")
SIDE_TINT = {"axis": QColor("#f0cfc4"), "allied": QColor("#cddff2")}
NOBODY_TINT = QColor("#bdbdbd")
# Counter colours by side, one per nation in the order the scenario lists them.
NATION_PALETTES = {"axis": ("#4f7a3a", "#555b62", "#7a4a2f"), "allied": ("#2f5fa6", "#9c7b3f", "#5b3f8c")}
METAXAS = QColor("#8c1d18")
SEA_LINK = QColor("#2d6f9e")
LINK = QColor(60, 60, 60, 110)
OPEN_ARROW = QColor("#e07b00")
FOUGHT_ARROW = QColor(70, 70, 70, 140)
HIGHLIGHT = QColor("#ffb000")


def nation_colours(scenario: Scenario) -> dict[str, QColor]:
    colours: dict[str, QColor] = {}
    used = {side: 0 for side in NATION_PALETTES}
    for code, (_, side) in scenario.nations.items():
        palette = NATION_PALETTES.get(side, ("#666666",))
        colours[code] = QColor(palette[used.get(side, 0) % len(palette)])
        used[side] = used.get(side, 0) + 1
    return colours


def area_brush(controller: str | None, staging: bool, impassable: bool) -> QBrush:
    if impassable:
        return QBrush(NOBODY_TINT, Qt.BrushStyle.Dense5Pattern)
    colour = SIDE_TINT.get(controller or "", NOBODY_TINT)
    if staging:
        return QBrush(colour.darker(112))
    return QBrush(colour)


def draw_kind(painter: QPainter, kind: str, box: QRectF) -> None:
    """A small unit symbol in the style of map counters: infantry a cross, armour an oval,
    mechanised both, mountain a peak, motorcycle a wheel."""
    painter.setPen(QPen(Qt.GlobalColor.white, 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(box)
    inner = box.adjusted(3, 3, -3, -3)
    if kind in ("infantry", "mechanised"):
        painter.drawLine(box.topLeft(), box.bottomRight())
        painter.drawLine(box.bottomLeft(), box.topRight())
    if kind in ("armour", "mechanised"):
        painter.drawRoundedRect(inner, inner.height() / 2, inner.height() / 2)
    if kind == "mountain":
        path = QPainterPath(QPointF(inner.left(), inner.bottom()))
        path.lineTo(QPointF(inner.center().x(), inner.top()))
        path.lineTo(QPointF(inner.right(), inner.bottom()))
        painter.drawPath(path)
    if kind == "motorcycle":
        radius = inner.height() / 2.2
        painter.drawEllipse(inner.center(), radius, radius)


SIDE_INK = {"axis": QColor("#9c2f1c"), "allied": QColor("#1f4f8f")}


def result_badge(attacker_side: str, winner: str | None) -> tuple[str, QColor]:
    """A fought arrow's mark: ✔ the attacker won, ✘ the defender held, = nobody defeated; in the
    winner's colour."""
    if winner is None:
        return "=", QColor("#6b6b6b")
    return ("✔" if winner == attacker_side else "✘"), SIDE_INK.get(winner, QColor("#444444"))
