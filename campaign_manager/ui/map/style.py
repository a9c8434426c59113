"""How the map looks: tints, counter colours and kind symbols. The sides' colours are the
scenario's (each side's tint, ink and its nations' counters, in the order the file lists them);
the rest (sea, land, links, arrows) is the same for every scenario."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.scenario.model import Scenario, SideColours
from campaign_manager.ui import ink

NOBODY_TINT = QColor("#bdbdbd")
NOBODY_INK = QColor("#444444")
IMPASSABLE_TINT = QColor("#c4c4c4")  # solid, so the words over it read on it in any theme; hatched (hatch())
# A line's own colour, kept visible over the areas it crosses (signal()).
FORTIFIED_LINK = QColor("#8c1d18")
SEA_LINK = QColor("#2d6f9e")
OPEN_ARROW = QColor("#e07b00")
SIGNAL_CONTRAST = 1.5  # a thick coloured line need only stand apart from the tints it crosses

# The sea, the land and the lines on them come from the palette (tinted towards blue and sand),
# so the map sits in a dark theme as in a light one; the sides' tints are the scenario's, and
# words over them take the ink that reads there (ui/ink.py).


def sea() -> QColor:
    return ink.blend(ink.role(ink.Role.Base), QColor("#5b8fc7"), 0.35)


def land() -> QColor:
    return ink.blend(ink.role(ink.Role.Window), QColor("#c9b98f"), 0.3)


def border(tint: QColor) -> QColor:
    """An area's outline, in the ink that reads on its own tint."""
    return ink.translucent(ink.readable_on(tint), 185)


def link() -> QColor:
    """A link between areas: drawn over the areas' (light) tints, in the ink that reads there."""
    return ink.translucent(ink.readable_on(NOBODY_TINT), 110)


def fought_arrow() -> QColor:
    """A battle fought this turn, faded: drawn over the areas' tints like the links."""
    return ink.translucent(ink.readable_on(NOBODY_TINT), 140)


def highlight() -> QColor:
    return ink.role(ink.Role.Highlight)


def hatch(tint: QColor) -> QColor:
    """The lines across an impassable area: a shade of its tint, so that its words, chosen to read
    on the tint, read on the lines too."""
    return tint.darker(125)


def place_name_ink(grounds: Sequence[QColor]) -> QColor:
    """A country's or a sea's name: quieter than the areas' words (their ink drawn towards the
    ground), yet reading at ink.TEXT_CONTRAST on every ground it is written over (the sea, the
    land, an area's tint)."""
    quiet = [ink.legible(ink.blend(ink.readable_on(ground), ground, 0.45), ground) for ground in grounds]
    choices = [*quiet, *(ink.readable_on(ground) for ground in grounds)]
    for choice in choices:
        if all(ink.contrast(choice, ground) >= ink.TEXT_CONTRAST for ground in grounds):
            return choice
    return max(choices, key=lambda choice: min(ink.contrast(choice, ground) for ground in grounds))


def signal(colour: QColor) -> QColor:
    """A line's own colour (an open arrow, the fortified line, a sea link) kept visible on the
    areas it is drawn over: at least SIGNAL_CONTRAST against an area's tint."""
    return ink.legible(colour, NOBODY_TINT, SIGNAL_CONTRAST)


def nation_colours(sc: Scenario) -> dict[str, QColor]:
    """Each nation's counter colour: its side's counter colours, taken in the order the nations
    are listed (round again if a side has more nations than colours)."""
    return nation_colours_of({code: side for code, (_, side) in sc.nations.items()}, sc.side_colours)


def nation_colours_of(nations: Mapping[str, str], colours: Mapping[str, SideColours]) -> dict[str, QColor]:
    """`nation_colours` from a nation → side table and the sides' colours (the scenario editor's,
    whose scenario is still being made)."""
    found: dict[str, QColor] = {}
    used: dict[str, int] = {}
    for code, side in nations.items():
        palette = colours[side].counters if side in colours else (NOBODY_INK.name(),)
        found[code] = QColor(palette[used.get(side, 0) % len(palette)])
        used[side] = used.get(side, 0) + 1
    return found


def side_tint(sc: Scenario, side: str | None) -> QColor:
    return tint_of(sc.side_colours, side)


def tint_of(colours: Mapping[str, SideColours], side: str | None) -> QColor:
    found = colours.get(side or "")
    return QColor(found.tint) if found is not None else NOBODY_TINT


def side_ink(sc: Scenario, side: str | None) -> QColor:
    return QColor(sc.side_colours[side].ink) if side in sc.side_colours else NOBODY_INK


def area_brush(sc: Scenario, controller: str | None, staging: bool, impassable: bool) -> QBrush:
    return area_brush_of(sc.side_colours, controller, staging, impassable)


def area_brush_of(
    colours: Mapping[str, SideColours], controller: str | None, staging: bool, impassable: bool
) -> QBrush:
    """An area's tint from the sides' colours: who holds it, a staging area darker, an impassable one
    grey (its hatching is drawn over it: AreaItem)."""
    if impassable:
        return QBrush(IMPASSABLE_TINT)
    colour = tint_of(colours, controller)
    if staging:
        return QBrush(colour.darker(112))
    return QBrush(colour)


def draw_kind(painter: QPainter, kind: str, box: QRectF, on: QColor) -> None:
    """A small unit symbol in the style of map counters: infantry a cross, armour an oval,
    mechanised both, mountain a peak, motorcycle a wheel; in the ink that reads on `on`."""
    painter.setPen(QPen(ink.readable_on(on), 1.6))
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


def result_badge(sc: Scenario, row: BattleRow) -> tuple[str, QColor]:
    """A fought arrow's mark: its number in the turn and its result (RESULT_MARKS: ✔ the attacker
    won, ✘ the defender held, = nobody defeated), in the winner's colour."""
    colour = ink.role(ink.Role.Mid) if row.winner is None else side_ink(sc, row.winner)
    return f"{row.order} {row.mark}", colour
