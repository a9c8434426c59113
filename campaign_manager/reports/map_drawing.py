"""The campaign map as vector graphics for the printed documents, drawn from the same layout
as the window. Made to be read on a wall and in black-and-white print: the two sides' tints
differ in lightness, each area says who holds it in words, each nation's troops in an area are
one counter with its letters and how many in big type (their kinds as small symbols under it),
and every battle of the turn carries its number and result where nothing else is written.

Where everything goes is worked out first, in layout units (`map_picture`: the words, the
counters, the marks; the same placing code as the window's, scenario/layout.py), then drawn
(`map_drawing`): the tests read the one to check the other never overlaps."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.state import CampaignState
from campaign_manager.i18n import _, pgettext
from campaign_manager.reports.page import BOLD, FONT
from campaign_manager.scenario.layout import (
    AreaShape,
    Box,
    MapLayout,
    Point2,
    arrow_places,
    clear_spot,
    grid_layout,
    leader,
    shaft,
    stack_places,
)
from campaign_manager.scenario.model import Scenario
from campaign_manager.scenario.terms import KINDS, in_language

SEA = colors.HexColor("#eef3f7")
LAND = colors.HexColor("#f4f1ea")
NOBODY_TINT = colors.HexColor("#a9a9a9")
FORTIFIED_LINK = colors.HexColor("#5a0f0a")
SEA_LINK = colors.HexColor("#2d6f9e")
PLAIN_LINK = colors.HexColor("#9a9a9a")
FOUGHT = colors.HexColor("#555555")
OPEN = colors.HexColor("#d06a00")
KIND_ORDER = KINDS

# Sizes in layout units (the map is drawn at about 0.4 point a unit on a page).
CODE, NAME, DETAIL = 30.0, 12.0, 11.0  # an area's code, its name, who holds it · VP
STACK_W, STACK_H, BELOW = 104.0, 56.0, 44.0  # a nation's counter, and how far under the label point
COUNT = 30.0  # the letters and count on a counter: read from across the shop
SYMBOL_W, SYMBOL_H = 17.0, 11.0
MARK = 22.0  # a fought battle's number and result; an open arrow's word


def open_caption() -> str:
    """The caption of a battle arrow placed, its result still to come (a short word: it sits on the arrow)."""
    return pgettext("an arrow's caption on the map: its battle is still to be fought", "open")


@dataclass(frozen=True)
class Words:
    """A line of an area's words: its text, baseline centre, size, colour and weight."""

    text: str
    at: tuple[float, float]
    size: float
    colour: colors.Color
    bold: bool

    def box(self) -> Box:
        wide = stringWidth(self.text, BOLD if self.bold else FONT, self.size)
        return (self.at[0] - wide / 2, self.at[1] - 0.76 * self.size, wide, self.size)


@dataclass(frozen=True)
class Stack:
    """One nation's troops in an area: a counter at `box` (its scale in `scale`)."""

    box: Box
    scale: float
    side: str
    letters: str
    kinds: tuple[tuple[str, int], ...]  # (kind, how many), in KIND_ORDER

    @property
    def total(self) -> int:
        return sum(count for _, count in self.kinds)


@dataclass(frozen=True)
class Mark:
    """An arrow's caption: a fought battle's "2 ✔", or "open"; with a leader line to its
    arrow (`anchor`) when it had to stand away from it."""

    box: Box
    text: str
    colour: colors.Color
    anchor: tuple[float, float] | None


@dataclass(frozen=True)
class Arrow:
    shaft: tuple[tuple[float, float], tuple[float, float]]
    colour: colors.Color


@dataclass(frozen=True)
class MapPicture:
    """Where everything on the printed map goes, in layout units (y downwards)."""

    layout: MapLayout
    words: dict[str, list[Words]]
    stacks: dict[str, list[Stack]]
    arrows: list[Arrow]
    marks: list[Mark]

    def word_boxes(self) -> list[Box]:
        return [line.box() for lines in self.words.values() for line in lines]


def nation_letters(sc: Scenario, nation: str) -> str:
    """The two letters on a nation's counters: its name's first two in the app's language ("IT"),
    unless two nations' would be the same there (German "Griechenland", "Großbritannien"): then the
    scenario's own names' letters, as every language's would be alike."""
    letters = {code: sc.nation_name(code)[:2].upper() for code in sc.nations}
    if len(set(letters.values())) < len(letters):
        return sc.nations[nation][0][:2].upper()
    return letters[nation]


def map_picture(sc: Scenario, st: CampaignState, battles: list[BattleRow]) -> MapPicture:
    """Place the areas' words, then each nation's counter in its area off those words, then each
    arrow's mark (the turn's battles in order, then the open arrows) clear of all of these and
    of each other."""
    layout = sc.layout or grid_layout(sc.areas)
    words = {code: _label_lines(sc, st, code, shape) for code, shape in layout.areas.items()}
    stacks = {
        code: _stacks(sc, st, code, shape, [line.box() for line in words[code]]) for code, shape in layout.areas.items()
    }
    taken = [line.box() for lines in words.values() for line in lines]
    counters = [stack.box for found in stacks.values() for stack in found]
    taken += counters
    places = arrow_places(
        layout, [(row.origin, row.target) for row in battles] + [(a.origin, a.target) for a in st.open_arrows]
    )
    captions = [(f"{row.order} {row.mark}", FOUGHT) for row in battles] + [
        (open_caption(), OPEN) for _arrow in st.open_arrows
    ]
    arrows, marks = [], []
    bounds = (0.0, 0.0, float(layout.width), float(layout.height))
    for place, (caption, colour) in zip(places, captions):
        drawn = shaft(place, counters)  # ends stopped short of the counters
        arrows.append(Arrow(drawn, colour))
        marks.append(_mark(drawn, place.caption_side, caption, colour, taken, bounds))
        taken.append(marks[-1].box)
    return MapPicture(layout, words, stacks, arrows, marks)


def _mark(
    drawn: tuple[tuple[float, float], tuple[float, float]],
    side: float,
    caption: str,
    colour: colors.Color,
    taken: list[Box],
    bounds: Box,
) -> Mark:
    (sx, sy), (ex, ey) = drawn
    wide, tall = stringWidth(caption, BOLD, MARK) + 14, MARK + 8
    x, y = clear_spot((sx, sy), (ex, ey), (wide, tall), taken, beside=(tall / 2 + 6) * side, bounds=bounds)
    return Mark(
        (x - wide / 2, y - tall / 2, wide, tall), caption, colour, leader(((sx, sy), (ex, ey)), (x, y), (wide, tall))
    )


def _label_lines(sc: Scenario, st: CampaignState, code: str, shape: AreaShape) -> list[Words]:
    """The area's words: its code (big), its name, and who holds it · its VP."""
    info = sc.areas[code]
    x, y = shape.label
    holder = st.control.get(code)
    lines = [
        Words(code, (x, y + 4), CODE, colors.black, True),
        Words(sc.area_name(code), (x, y + 22), NAME, colors.HexColor("#222222"), False),
    ]
    detail = []
    if holder and not info.impassable:
        detail.append(sc.side_adjective(holder))
    if info.vp:
        detail.append(_("{vp} VP").format(vp=info.vp))
    if detail:
        lines.append(Words(" · ".join(detail), (x, y + 36), DETAIL, print_ink(sc, holder), True))
    return lines


def _stacks(sc: Scenario, st: CampaignState, code: str, shape: AreaShape, words: list[Box]) -> list[Stack]:
    """One counter per nation in the area, placed inside it and off its words."""
    found: dict[str, dict[str, int]] = {}
    for troop_id in st.troops_in(code):
        member = sc.troops[troop_id]
        kinds = found.setdefault(member.nation, {})
        kinds[member.kind] = kinds.get(member.kind, 0) + 1
    nations = sorted(found, key=list(sc.nations).index)
    scale, corners = stack_places(shape, len(nations), (STACK_W, STACK_H), BELOW, 6.0, words)
    return [
        Stack(
            (x, y, STACK_W * scale, STACK_H * scale),
            scale,
            sc.side_of(nation),
            nation_letters(sc, nation),
            tuple((kind, found[nation][kind]) for kind in sorted(found[nation], key=kind_place)),
        )
        for nation, (x, y) in zip(nations, corners)
    ]


def kind_place(kind: str) -> int:
    return KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)


def map_drawing(sc: Scenario, st: CampaignState, battles: list[BattleRow], width: float, height: float) -> Drawing:
    """The map scaled to fit `width` x `height` points."""
    picture = map_picture(sc, st, battles)
    layout = picture.layout
    scale = min(width / layout.width, height / layout.height)
    drawing = Drawing(layout.width * scale, layout.height * scale)
    group, _outlines = map_group(sc, st, picture)
    # Layout units, y downwards → PDF points, y upwards.
    group.transform = (scale, 0, 0, -scale, 0, layout.height * scale)
    drawing.add(group)
    return drawing


def map_group(sc: Scenario, st: CampaignState, picture: MapPicture) -> tuple[Group, dict[str, Polygon]]:
    """The map in layout units (y downwards), and each area's outline in it by its code: the PDF
    flips it onto the page, the published page (reports/publish/svg.py) writes it as SVG."""
    layout = picture.layout
    group = Group()
    group.add(Rect(0, 0, layout.width, layout.height, fillColor=SEA, strokeColor=None))
    for land in layout.backdrop:
        group.add(Polygon(_flat(land.outline), fillColor=LAND, strokeColor=None))
    outlines = {}
    for code, shape in layout.areas.items():
        info = sc.areas[code]
        outlines[code] = Polygon(
            _flat(shape.outline),
            fillColor=print_tint(sc, st.control.get(code)),
            strokeColor=colors.HexColor("#333333"),
            strokeWidth=2.4 if not info.impassable else 1.2,
            strokeDashArray=None if not info.impassable else [6, 4],
        )
        group.add(outlines[code])
    for link in sc.links:
        a, b = layout.areas[link.a].label, layout.areas[link.b].label
        group.add(_link(a, b, link.fortified, link.sea))
    for label in layout.labels:
        country = label.kind == "country"
        # country and sea names at 4.5:1 or more on every fill they stand on (the published page is read by them)
        colour = colors.HexColor("#4a4336") if country else colors.HexColor("#3f5d7c")
        group.add(words_at(in_language(label.text, label.names), label.at, 17 if country else 15, colour, bold=country))
    for arrow in picture.arrows:
        group.add(_arrow(arrow))
    for code in layout.areas:
        for stack in picture.stacks[code]:
            group.add(counter_drawing(sc, stack))
        for line in picture.words[code]:
            group.add(words_at(line.text, line.at, line.size, line.colour, bold=line.bold))
    for mark in picture.marks:
        group.add(_mark_drawn(mark))
    return group, outlines


def _flat(points: Iterable[Point2]) -> list[float]:
    return [value for point in points for value in point]


def words_at(
    words: str, at: Point2, size: float, colour: colors.Color, bold: bool = False, anchor: str = "middle"
) -> Group:
    """Text in layout units: the group is flipped, so each string is flipped back upright."""
    holder = Group()
    holder.transform = (1, 0, 0, -1, at[0], at[1])
    holder.add(String(0, 0, words, fontName=BOLD if bold else FONT, fontSize=size, fillColor=colour, textAnchor=anchor))
    return holder


def print_tint(sc: Scenario, side: str | None) -> colors.Color:
    """The print tint of the areas `side` holds (the scenario's; grey for nobody's)."""
    return colors.HexColor(sc.side_colours[side].print_tint) if side in sc.side_colours else NOBODY_TINT


def print_ink(sc: Scenario, side: str | None) -> colors.Color:
    """The print ink of `side`'s marks and words (the scenario's; black for nobody's)."""
    return colors.HexColor(sc.side_colours[side].print_ink) if side in sc.side_colours else colors.black


def link_style(fortified: bool, sea: bool) -> tuple[colors.Color, float, list[float] | None]:
    """A link's colour, width and dashes (in layout units): the legend draws them the same."""
    if fortified:
        return FORTIFIED_LINK, 5, [10, 4, 2, 4]
    if sea:
        return SEA_LINK, 3, [8, 6]
    return PLAIN_LINK, 1.6, None


def _link(a: Point2, b: Point2, fortified: bool, sea: bool) -> Line:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    gap_x, gap_y = math.cos(angle) * 40, math.sin(angle) * 40
    line = Line(a[0] + gap_x, a[1] + gap_y, b[0] - gap_x, b[1] - gap_y)
    line.strokeColor, line.strokeWidth, line.strokeDashArray = link_style(fortified, sea)
    return line


def counter_drawing(sc: Scenario, stack: Stack) -> Group:
    """A nation's counter: a band in its side's ink, its letters and how many in big type, its
    kinds as small symbols (with a count when more than one) along the bottom."""
    x, y, width, height = stack.box
    k = stack.scale
    ink = print_ink(sc, stack.side)
    group = Group()
    group.add(Rect(x, y, width, height, rx=5 * k, ry=5 * k, fillColor=colors.white, strokeColor=ink, strokeWidth=2.6))
    group.add(Rect(x, y, 9 * k, height, fillColor=ink, strokeColor=None))
    group.add(
        words_at(f"{stack.letters} {stack.total}", (x + width / 2 + 4 * k, y + 29 * k), COUNT * k, colors.black, True)
    )
    symbols = [(kind, count) for kind, count in stack.kinds]
    step = (SYMBOL_W + (9 if any(c > 1 for _, c in symbols) else 3)) * k
    left = x + width / 2 + 4 * k - step * len(symbols) / 2
    for kind, count in symbols:
        box = (left, y + 37 * k, SYMBOL_W * k, SYMBOL_H * k)
        group.add(kind_symbol(kind, box, colors.black))
        if count > 1:
            group.add(words_at(str(count), (left + SYMBOL_W * k + 4.5 * k, y + 47 * k), 11 * k, colors.black, True))
        left += step
    return group


def kind_symbol(kind: str, box: Box, ink: colors.Color) -> Group:
    """A troop kind as map counters draw it (the window's symbols): infantry a cross, armour an
    oval, mechanised both, mountain a peak, motorcycle a wheel; in a frame."""
    x, y, w, h = box
    group = Group()
    stroke = {"strokeColor": ink, "strokeWidth": max(0.8, h / 9), "fillColor": None}
    group.add(Rect(x, y, w, h, **stroke))
    if kind in ("infantry", "mechanised"):
        group.add(Line(x, y, x + w, y + h, strokeColor=ink, strokeWidth=stroke["strokeWidth"]))
        group.add(Line(x, y + h, x + w, y, strokeColor=ink, strokeWidth=stroke["strokeWidth"]))
    if kind in ("armour", "mechanised"):
        inset = h * 0.22
        group.add(
            Rect(
                x + inset,
                y + inset,
                w - 2 * inset,
                h - 2 * inset,
                rx=(h - 2 * inset) / 2,
                ry=(h - 2 * inset) / 2,
                **stroke,
            )
        )
    if kind == "mountain":
        group.add(PolyLine([x + w * 0.2, y + h * 0.85, x + w / 2, y + h * 0.18, x + w * 0.8, y + h * 0.85], **stroke))
    if kind == "motorcycle":
        group.add(Circle(x + w / 2, y + h / 2, h * 0.3, **stroke))
    return group


def _arrow(arrow: Arrow) -> Group:
    (sx, sy), (ex, ey) = arrow.shaft
    angle = math.atan2(ey - sy, ex - sx)
    group = Group()
    group.add(Line(sx, sy, ex, ey, strokeColor=arrow.colour, strokeWidth=6, strokeLineCap=1))
    head = 20.0
    points = [ex, ey]
    for turn in (2.6, -2.6):
        points += [ex + head * math.cos(angle + turn), ey + head * math.sin(angle + turn)]
    group.add(Polygon(points, fillColor=arrow.colour, strokeColor=arrow.colour))
    return group


def _mark_drawn(mark: Mark) -> Group:
    x, y, width, height = mark.box
    group = Group()
    if mark.anchor is not None:  # stood away from its arrow: a thin line says whose it is
        group.add(Line(x + width / 2, y + height / 2, *mark.anchor, strokeColor=mark.colour, strokeWidth=1.5))
    group.add(Rect(x, y, width, height, rx=4, ry=4, fillColor=colors.white, strokeColor=mark.colour, strokeWidth=2))
    group.add(words_at(mark.text, (x + width / 2, y + height / 2 + MARK * 0.36), MARK, colors.black, bold=True))
    return group
