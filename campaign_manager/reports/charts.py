"""The campaign's charts, drawn once for paper and screen: each chart is a reportlab Drawing,
laid out here from the figures of engine/charts.py. The PDF places the Drawing itself; the
window paints the same shapes (`marks`: plain lines, boxes and words, with the bundled font) with
QPainter. One drawing, so the screen shows what prints; reportlab's own vector shapes, so the
print is sharp and the window scales them to any size without a second layout.

Each side is drawn in its print ink and tint (scenario data); the second side's line is dashed
and its points square, so the charts read in black and white too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, PolyLine, Rect, Shape, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from campaign_manager.engine.charts import CampaignCharts
from campaign_manager.engine.victory import level_words as level_said
from campaign_manager.i18n import _, ngettext
from campaign_manager.reports.page import BOLD, FONT
from campaign_manager.scenario.model import Scenario

INK = colors.HexColor("#222222")
GRID = colors.HexColor("#cccccc")
LEVEL = colors.HexColor("#777777")
FOUGHT = colors.HexColor("#b8b8b8")
CHANGED = colors.HexColor("#8a8a8a")
TITLE, LABEL, SMALL = 10, 7.5, 6.5  # font sizes
PAD = 4.0


@dataclass(frozen=True)
class Chart:
    """One chart: its name (for the window's tabs and for screen readers), a sentence saying
    what it shows, and the drawing."""

    name: str
    words: str
    drawing: Drawing


def charts(sc: Scenario, data: CampaignCharts, width: float, height: float = 190) -> list[Chart]:
    """The three charts, each `width` points wide."""
    return [
        Chart(_("Victory points"), vp_words(sc, data), vp_chart(sc, data, width, height)),
        Chart(_("Battles"), battles_words(sc, data), battles_chart(sc, data, width, height * 0.85)),
        Chart(_("Areas"), changes_words(sc, data), changes_chart(sc, data, width)),
    ]


# -- shared pieces -----------------------------------------------------------------------------


def _text(
    x: float,
    y: float,
    words: str,
    size: float = LABEL,
    anchor: str = "start",
    bold: bool = False,
    colour: colors.Color = INK,
) -> String:
    return String(x, y, words, fontName=BOLD if bold else FONT, fontSize=size, fillColor=colour, textAnchor=anchor)


def _width(words: str, size: float = LABEL, bold: bool = False) -> float:
    width: float = stringWidth(words, BOLD if bold else FONT, size)
    return width


def _ink(sc: Scenario, side: str) -> colors.Color:
    return colors.HexColor(sc.side_colours[side].print_ink)


def _tint(sc: Scenario, side: str) -> colors.Color:
    return colors.HexColor(sc.side_colours[side].print_tint)


def _step(top: float) -> int:
    """A round step for the axis up to `top`: about five lines."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if top / step <= 6:
            return step
    return 1000


def _axis(group: Group, left: float, bottom: float, right: float, top: float, most: int) -> tuple[int, float]:
    """Horizontal grid lines and their values up the left; returns the axis's top value and the
    points per unit."""
    step = _step(max(most, 1))
    high = max(step, -(-max(most, 1) // step) * step)
    scale = (top - bottom) / high
    for value in range(0, high + 1, step):
        y = bottom + value * scale
        group.add(Line(left, y, right, y, strokeColor=GRID if value else INK, strokeWidth=0.5 if value else 0.8))
        group.add(_text(left - 3, y - LABEL / 3, str(value), anchor="end"))
    return high, scale


@dataclass(frozen=True)
class Key:
    """One entry of a chart's key: a sample and its words. `kind`: "line" (a side's line and
    round points), "dashed" (the other side's: dashed, square points), "box" (a bar's fill),
    "level" (a victory level's dashed line)."""

    words: str
    colour: colors.Color
    kind: str


def _legend(group: Group, x: float, y: float, keys: list[Key]) -> float:
    """The keys in a row from (x, y); returns where the row ends."""
    for key in keys:
        if key.kind == "box":
            group.add(Rect(x, y, 9, 6, fillColor=key.colour, strokeColor=INK, strokeWidth=0.4))
            x += 12
        else:
            dash = [4, 2] if key.kind in ("dashed", "level") else None
            width = 1.4 if key.kind != "level" else 0.7
            group.add(Line(x, y + 3, x + 14, y + 3, strokeColor=key.colour, strokeWidth=width, strokeDashArray=dash))
            if key.kind != "level":
                group.add(_marker(x + 7, y + 3, key.colour, key.kind == "dashed"))
            x += 18
        group.add(_text(x, y, key.words))
        x += _width(key.words) + 12
    return x


def _marker(x: float, y: float, colour: colors.Color, square: bool) -> Shape:
    if square:
        return Rect(x - 2.2, y - 2.2, 4.4, 4.4, fillColor=colour, strokeColor=colour)
    return Circle(x, y, 2.3, fillColor=colour, strokeColor=colour)


def _turn_label(turn: int, now: bool = False) -> str:
    """A turn under the axis or in a sentence: "Set-up", "Turn 2", "Turn 3 (now)"."""
    if turn == 0:
        return _("Set-up (now)") if now else _("Set-up")
    return (_("Turn {turn} (now)") if now else _("Turn {turn}")).format(turn=turn)


# -- victory points ----------------------------------------------------------------------------


def vp_chart(sc: Scenario, data: CampaignCharts, width: float, height: float) -> Drawing:
    drawing = Drawing(width, height)
    group = Group()
    group.add(_text(0, height - TITLE, _("Victory points at the end of each turn"), TITLE, bold=True))
    first, second = data.sides[0], data.sides[1]
    keys = [
        Key(sc.side_adjective(first), _ink(sc, first), "line"),
        Key(sc.side_adjective(second), _ink(sc, second), "dashed"),
    ]
    keys += [
        Key(_("the lead, in its leader's tint"), colors.HexColor("#eeeeee"), "box"),
        Key(_("victory levels"), LEVEL, "level"),
    ]
    _legend(group, 0, height - TITLE - 14, keys)
    level_words = [f"{margin} {level_said(name).split()[0]}" for margin, name in data.levels]
    right_room = max((_width(w, SMALL) for w in level_words), default=0) + PAD * 2
    left, bottom = 26.0, 16.0
    right, top = width - right_room, height - TITLE - 26
    most = max([max(t.vp.values()) for t in data.vp] + [data.levels[0][0] if data.levels else 0])
    high, scale = _axis(group, left, bottom, right, top, most)
    slot = (right - left) / (data.turns + 1)
    xs = {turn: left + slot * (turn + 0.5) for turn in range(data.turns + 1)}
    for turn, x in xs.items():
        now = any(t.turn == turn and not t.ended for t in data.vp)
        group.add(_text(x, bottom - 10, _turn_label(turn, now), anchor="middle"))
    for t in data.vp:  # the lead, as a bar in its leader's tint, its size at its foot
        if t.leader and t.margin:
            x, tint, ink = xs[t.turn] - slot * 0.18, _tint(sc, t.leader), _ink(sc, t.leader)
            group.add(Rect(x, bottom, slot * 0.36, t.margin * scale, fillColor=tint, strokeColor=ink, strokeWidth=0.5))
            group.add(
                _text(
                    xs[t.turn],
                    bottom + 3,
                    _("lead {margin}").format(margin=t.margin),
                    SMALL,
                    anchor="middle",
                    colour=ink,
                )
            )
    for (margin, _name), words in zip(data.levels, level_words):
        if margin <= high:
            y = bottom + margin * scale
            group.add(Line(left, y, right, y, strokeColor=LEVEL, strokeWidth=0.7, strokeDashArray=[4, 2]))
            group.add(_text(right + PAD, y - SMALL / 3, words, SMALL, colour=LEVEL))
    for index, side in enumerate(data.sides[:2]):
        points = [(xs[t.turn], bottom + t.vp[side] * scale) for t in data.vp]
        colour, dashed = _ink(sc, side), index == 1
        if len(points) > 1:
            line = PolyLine([c for p in points for c in p], strokeColor=colour, strokeWidth=1.6)
            line.strokeDashArray = [4, 2] if dashed else None
            group.add(line)
        for (x, y), t in zip(points, data.vp):
            group.add(_marker(x, y, colour, dashed))
            # The higher side's figure centred over its point, the lower's under it (over it when
            # that would reach the lead's words at the foot): clear of the lines leaving the point.
            other = t.vp[data.sides[1 - index]]
            above = t.vp[side] >= other if index == 0 else t.vp[side] > other
            if not above and y - 4 - SMALL < bottom + 3 + SMALL:
                above = True
            group.add(_text(x, y + 4 if above else y - 4 - SMALL, str(t.vp[side]), SMALL, "middle", colour=colour))
    drawing.add(group)
    return drawing


def vp_words(sc: Scenario, data: CampaignCharts) -> str:
    said = [
        f"{_turn_label(t.turn, not t.ended)}: "
        + ", ".join(f"{sc.side_adjective(side)} {t.vp[side]}" for side in data.sides)
        for t in data.vp
    ]
    each = _("{level} from a lead of {margin}")
    levels = ", ".join(each.format(level=level_said(name), margin=margin) for margin, name in data.levels)
    return _("Victory points at the end of each turn. {turns}. Victory levels: {levels}.").format(
        turns="; ".join(said), levels=levels
    )


# -- battles -----------------------------------------------------------------------------------


def battles_chart(sc: Scenario, data: CampaignCharts, width: float, height: float) -> Drawing:
    drawing = Drawing(width, height)
    group = Group()
    group.add(_text(0, height - TITLE, _("Battles fought and won, turn by turn"), TITLE, bold=True))
    keys = [Key(_("fought"), FOUGHT, "box")] + [
        Key(_("won by the {side}").format(side=sc.side_noun(s)), _tint(sc, s), "box") for s in data.sides
    ]
    end = _legend(group, 0, height - TITLE - 14, keys)
    group.add(_text(end, height - TITLE - 14, _("(the others: nobody defeated)"), SMALL, colour=LEVEL))
    left, bottom, right, top = 26.0, 16.0, width - PAD, height - TITLE - 26
    most = max((t.fought for t in data.battles), default=0)
    scale = _axis(group, left, bottom, right, top, most)[1]
    slot = (right - left) / data.turns
    bar = slot / (len(data.sides) + 2)
    for turn in range(1, data.turns + 1):
        x0 = left + slot * (turn - 1)
        group.add(_text(x0 + slot / 2, bottom - 10, _turn_label(turn), anchor="middle"))
        found = next((t for t in data.battles if t.turn == turn), None)
        if found is None:
            continue
        bars = [(found.fought, FOUGHT, INK)] + [(found.won[s], _tint(sc, s), _ink(sc, s)) for s in data.sides]
        for index, (count, fill, stroke) in enumerate(bars):
            x = x0 + bar * (index + 1)
            if count:
                group.add(
                    Rect(x, bottom, bar * 0.9, count * scale, fillColor=fill, strokeColor=stroke, strokeWidth=0.5)
                )
            group.add(_text(x + bar * 0.45, bottom + count * scale + 2, str(count), SMALL, anchor="middle"))
    drawing.add(group)
    return drawing


def battles_words(sc: Scenario, data: CampaignCharts) -> str:
    if not data.battles:
        return _("Battles fought and won: no turn has begun.")
    said = []
    for t in data.battles:
        won = ", ".join(
            _("{count} won by the {side}").format(count=t.won[side], side=sc.side_noun(side)) for side in data.sides
        )
        if t.drawn:
            said.append(
                _("turn {turn}: {fought} fought, {won}, {drawn} with nobody defeated").format(
                    turn=t.turn, fought=t.fought, won=won, drawn=t.drawn
                )
            )
        else:
            said.append(_("turn {turn}: {fought} fought, {won}").format(turn=t.turn, fought=t.fought, won=won))
    return _("Battles fought and won: {turns}.").format(turns="; ".join(said))


# -- areas changing hands ----------------------------------------------------------------------

ROW = 13.0  # points per area


def changes_chart(sc: Scenario, data: CampaignCharts, width: float) -> Drawing:
    rows = max(len(data.changes), 1)
    height = TITLE + 14 + rows * ROW + 14
    drawing = Drawing(width, height)
    group = Group()
    group.add(_text(0, height - TITLE, _("How often each area changed hands"), TITLE, bold=True))
    names = [sc.area_label(code) for code, _ in data.changes]
    left = max((_width(n) for n in names), default=0) + PAD * 2
    right = width - 24
    most = max((count for _, count in data.changes), default=1)
    per = (right - left) / most
    y = height - TITLE - 10 - ROW
    for name, (_code, count) in zip(names, data.changes):
        group.add(_text(left - PAD, y + 2.5, name, anchor="end"))
        group.add(Rect(left, y, count * per, ROW * 0.7, fillColor=CHANGED, strokeColor=None))
        group.add(_text(left + count * per + 3, y + 2.5, str(count)))
        y -= ROW
    if not data.changes:
        group.add(_text(0, y + 2.5, _("No area has changed hands yet.")))
        y -= ROW
    if data.never_changed and data.changes:
        group.add(
            _text(
                0,
                y + 4,
                _("{count} other areas that could change hands never did.").format(count=data.never_changed),
                SMALL,
                colour=LEVEL,
            )
        )
    drawing.add(group)
    return drawing


def changes_words(sc: Scenario, data: CampaignCharts) -> str:
    if not data.changes:
        return _("No area has changed hands yet.")
    said = ", ".join(
        ngettext("{area} {count} time", "{area} {count} times", count).format(area=sc.area_label(code), count=count)
        for code, count in data.changes
    )
    return _("Areas that changed hands: {areas}; {count} others never did.").format(
        areas=said, count=data.never_changed
    )


# -- the same shapes for the window ------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """One shape of a chart in plain terms, for a painter other than reportlab's (the window):
    `points` in the drawing's own coordinates (origin bottom left, points up); colours
    "#rrggbb" or None; text with its font ("bold" or not), size and anchor."""

    kind: str  # "rect" (x, y, width, height), "line", "polyline", "circle" (x, y, radius), "text" (x, y)
    points: tuple[float, ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    dash: tuple[float, ...] | None = None
    text: str = ""
    bold: bool = False
    size: float = LABEL
    anchor: str = "start"


class Stroke(TypedDict):
    """A shape's outline, as `Mark` takes it."""

    stroke: str | None
    stroke_width: float
    dash: tuple[float, ...] | None


def marks(drawing: Drawing) -> list[Mark]:
    """The drawing's shapes, in drawing order (groups of the charts above are never moved)."""
    found: list[Mark] = []
    for shape in drawing.getContents():
        _walk(shape, found)
    return found


def _words_mark(shape: String) -> Mark:
    return Mark(
        "text",
        (shape.x, shape.y),
        _hex(shape.fillColor),
        text=shape.text,
        bold=shape.fontName == BOLD,
        size=float(shape.fontSize),
        anchor=shape.textAnchor,
    )


def _hex(colour: colors.Color | None) -> str | None:
    return None if colour is None else "#" + colour.hexval()[2:].lower()[-6:]


def _stroke(shape: Shape) -> Stroke:
    dash = getattr(shape, "strokeDashArray", None)
    return {
        "stroke": _hex(shape.strokeColor),
        "stroke_width": float(shape.strokeWidth),
        "dash": tuple(dash) if dash else None,
    }


def _walk(shape: Shape, found: list[Mark]) -> None:
    if isinstance(shape, Group):
        assert tuple(shape.transform) == (1, 0, 0, 1, 0, 0), "the charts' groups are never moved"
        for inner in shape.contents:
            _walk(inner, found)
    elif isinstance(shape, Rect):
        found.append(
            Mark("rect", (shape.x, shape.y, shape.width, shape.height), _hex(shape.fillColor), **_stroke(shape))
        )
    elif isinstance(shape, Line):
        found.append(Mark("line", (shape.x1, shape.y1, shape.x2, shape.y2), **_stroke(shape)))
    elif isinstance(shape, PolyLine):
        found.append(Mark("polyline", tuple(shape.points), **_stroke(shape)))
    elif isinstance(shape, Circle):
        found.append(Mark("circle", (shape.cx, shape.cy, shape.r), _hex(shape.fillColor), **_stroke(shape)))
    elif isinstance(shape, String):
        found.append(_words_mark(shape))
    else:
        raise TypeError(f"a chart shape the window cannot paint: {type(shape).__name__}")
