"""How the map looks: tints, counter colours and kind symbols. The sides' colours are the
scenario's (each side's tint, ink and its nations' counters, in the order the file lists them);
the rest (sea, land, links, arrows) is the same for every scenario."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from campaign_manager.scenario.model import Scenario

SEA = QColor("#c6dbea")
LAND = QColor("#e9e4d6")
BORDER = QColor("#4a4a4a")
NOBODY_TINT = QColor("#bdbdbd")
NOBODY_INK = QColor("#444444")
FORTIFIED_LINK = QColor("#8c1d18")
SEA_LINK = QColor("#2d6f9e")
LINK = QColor(60, 60, 60, 110)
OPEN_ARROW = QColor("#e07b00")
FOUGHT_ARROW = QColor(70, 70, 70, 140)
HIGHLIGHT = QColor("#ffb000")


def nation_colours(sc: Scenario) -> dict[str, QColor]:
    """Each nation's counter colour: its side's counter colours, taken in the order the nations
    are listed (round again if a side has more nations than colours)."""
    colours: dict[str, QColor] = {}
    used = dict.fromkeys(sc.sides, 0)
    for code, (_, side) in sc.nations.items():
        palette = sc.side_colours[side].counters
        colours[code] = QColor(palette[used[side] % len(palette)])
        used[side] += 1
    return colours


def side_tint(sc: Scenario, side: str | None) -> QColor:
    return QColor(sc.side_colours[side].tint) if side in sc.side_colours else NOBODY_TINT


def side_ink(sc: Scenario, side: str | None) -> QColor:
    return QColor(sc.side_colours[side].ink) if side in sc.side_colours else NOBODY_INK


def area_brush(sc: Scenario, controller: str | None, staging: bool, impassable: bool) -> QBrush:
    if impassable:
        return QBrush(NOBODY_TINT, Qt.BrushStyle.Dense5Pattern)
    colour = side_tint(sc, controller)
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


def result_badge(sc: Scenario, attacker_side: str, winner: str | None) -> tuple[str, QColor]:
    """A fought arrow's mark: ✔ the attacker won, ✘ the defender held, = nobody defeated; in the
    winner's colour."""
    if winner is None:
        return "=", QColor("#6b6b6b")
    return ("✔" if winner == attacker_side else "✘"), side_ink(sc, winner)
