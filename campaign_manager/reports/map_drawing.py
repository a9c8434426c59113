"""The campaign map as vector graphics for the printed documents, drawn from the same layout
as the window. Made to read in black-and-white print: the two sides' tints differ in
lightness, each area says who holds it in words, counters carry letters, not only colours."""

from __future__ import annotations

import math

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.state import CampaignState
from campaign_manager.reports.page import BOLD, FONT
from campaign_manager.scenario.layout import (
    AreaShape,
    ArrowPlace,
    Box,
    MapLayout,
    arrow_places,
    clear_spot,
    grid_layout,
    shaft,
    stack_places,
)
from campaign_manager.scenario.model import Scenario

SEA = colors.HexColor("#eef3f7")
LAND = colors.HexColor("#f4f1ea")
NOBODY_TINT = colors.HexColor("#a9a9a9")
FORTIFIED_LINK = colors.HexColor("#5a0f0a")
KIND_WORDS = {"infantry": "inf", "mountain": "mtn", "armour": "arm", "mechanised": "mech", "motorcycle": "moto"}


def _fallback(sc: Scenario) -> MapLayout:
    return grid_layout(sc.areas)


def nation_letters(sc: Scenario, nation: str) -> str:
    return sc.nation_name(nation)[:2].upper()


def map_drawing(sc: Scenario, st: CampaignState, battles: list[BattleRow], width: float, height: float) -> Drawing:
    """The map scaled to fit `width` x `height` points."""
    layout = sc.layout or _fallback(sc)
    scale = min(width / layout.width, height / layout.height)
    drawing = Drawing(layout.width * scale, layout.height * scale)
    group = Group()
    # Layout units, y downwards → PDF points, y upwards.
    group.transform = (scale, 0, 0, -scale, 0, layout.height * scale)
    group.add(Rect(0, 0, layout.width, layout.height, fillColor=SEA, strokeColor=None))
    for land in layout.backdrop:
        group.add(Polygon(_flat(land.outline), fillColor=LAND, strokeColor=None))
    for code, shape in layout.areas.items():
        info = sc.areas[code]
        fill = _tint(sc, st.control.get(code))
        group.add(
            Polygon(
                _flat(shape.outline),
                fillColor=fill,
                strokeColor=colors.HexColor("#333333"),
                strokeWidth=2.4 if not info.impassable else 1.2,
                strokeDashArray=None if not info.impassable else [6, 4],
            )
        )
    for link in sc.links:
        a, b = layout.areas[link.a].label, layout.areas[link.b].label
        group.add(_link(a, b, link.fortified, link.sea))
    for label in layout.labels:
        group.add(
            _text(
                label.text,
                label.at,
                17 if label.kind == "country" else 15,
                colors.HexColor("#8a8170") if label.kind == "country" else colors.HexColor("#6a86a3"),
                bold=label.kind == "country",
            )
        )
    places = iter(
        arrow_places(
            layout,
            [(row.origin, row.target) for row in battles] + [(arrow.origin, arrow.target) for arrow in st.open_arrows],
        )
    )
    stacks = {code: _stacks(sc, st, code, shape) for code, shape in layout.areas.items()}
    # The arrows' tags keep clear of the areas' words, the counters and each other.
    taken = [box for code, shape in layout.areas.items() for box in _label_boxes(sc, st, code, shape)]
    taken += [stack[:4] for found in stacks.values() for stack in found]
    for row in battles:
        group.add(_arrow(next(places), colors.HexColor("#555555"), _result(sc, row), taken))
    for _ in st.open_arrows:
        group.add(_arrow(next(places), colors.HexColor("#d06a00"), "open", taken))
    for code, shape in layout.areas.items():
        group.add(_area_label(sc, st, code, shape))
        group.add(_counters(sc, stacks[code]))
    drawing.add(group)
    return drawing


def _flat(points) -> list[float]:
    return [value for point in points for value in point]


def _text(words: str, at, size: float, colour, bold: bool = False, anchor: str = "middle") -> Group:
    """Text in layout units: the group is flipped, so each string is flipped back upright."""
    holder = Group()
    holder.transform = (1, 0, 0, -1, at[0], at[1])
    holder.add(String(0, 0, words, fontName=BOLD if bold else FONT, fontSize=size, fillColor=colour, textAnchor=anchor))
    return holder


def _tint(sc: Scenario, side: str | None) -> colors.Color:
    """The print tint of the areas `side` holds (the scenario's; grey for nobody's)."""
    return colors.HexColor(sc.side_colours[side].print_tint) if side in sc.side_colours else NOBODY_TINT


def _ink(sc: Scenario, side: str | None) -> colors.Color:
    """The print ink of `side`'s marks and words (the scenario's; black for nobody's)."""
    return colors.HexColor(sc.side_colours[side].print_ink) if side in sc.side_colours else colors.black


def _link(a, b, fortified: bool, sea: bool) -> Line:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    gap_x, gap_y = math.cos(angle) * 40, math.sin(angle) * 40
    line = Line(a[0] + gap_x, a[1] + gap_y, b[0] - gap_x, b[1] - gap_y)
    if fortified:
        line.strokeColor, line.strokeWidth, line.strokeDashArray = FORTIFIED_LINK, 5, [10, 4, 2, 4]
    elif sea:
        line.strokeColor, line.strokeWidth, line.strokeDashArray = colors.HexColor("#2d6f9e"), 3, [8, 6]
    else:
        line.strokeColor, line.strokeWidth = colors.HexColor("#9a9a9a"), 1.6
    return line


def _label_lines(sc: Scenario, st: CampaignState, code: str, shape: AreaShape) -> list[tuple]:
    """The area's words: (text, where, size, colour, bold) for its code, name and holder · VP."""
    info = sc.areas[code]
    x, y = shape.label
    holder = st.control.get(code)
    lines = [
        (code, (x, y - 4), 22, colors.black, True),
        (info.name, (x, y + 13), 11, colors.HexColor("#222222"), False),
    ]
    detail = []
    if holder and not info.impassable:
        detail.append(sc.sides[holder])
    if info.vp:
        detail.append(f"{info.vp} VP")
    if detail:
        lines.append((" · ".join(detail), (x, y + 27), 10, _ink(sc, holder), True))
    return lines


def _label_boxes(sc: Scenario, st: CampaignState, code: str, shape: AreaShape) -> list[Box]:
    """Where the area's words stand (left, top, width, height): kept clear of the arrows' tags."""
    boxes = []
    for text, (x, y), size, _, bold in _label_lines(sc, st, code, shape):
        wide = stringWidth(text, BOLD if bold else FONT, size)
        boxes.append((x - wide / 2, y - size * 0.8, wide, size))
    return boxes


def _area_label(sc: Scenario, st: CampaignState, code: str, shape: AreaShape) -> Group:
    group = Group()
    for text, at, size, colour, bold in _label_lines(sc, st, code, shape):
        group.add(_text(text, at, size, colour, bold=bold))
    return group


def _stacks(sc: Scenario, st: CampaignState, code: str, shape: AreaShape) -> list[tuple]:
    """The area's counters: (left, top, width, height, nation, kind, how many) each."""
    stacks: dict[tuple[str, str], int] = {}
    for troop_id in st.troops_in(code):
        member = sc.troops[troop_id]
        stacks[(member.nation, member.kind)] = stacks.get((member.nation, member.kind), 0) + 1
    scale, corners = stack_places(shape, len(stacks), (54.0, 30.0), 34)
    return [
        (x, y, 54.0 * scale, 30.0 * scale, nation, kind, count)
        for ((nation, kind), count), (x, y) in zip(sorted(stacks.items()), corners)
    ]


def _counters(sc: Scenario, stacks: list[tuple]) -> Group:
    group = Group()
    for x, y, width, height, nation, kind, count in stacks:
        side, scale = sc.side_of(nation), width / 54.0  # a crowded area's counters are set smaller
        group.add(
            Rect(x, y, width, height, rx=4, ry=4, fillColor=colors.white, strokeColor=_ink(sc, side), strokeWidth=2.2)
        )
        group.add(Rect(x, y, 8 * scale, height, fillColor=_ink(sc, side), strokeColor=None))
        label = f"{nation_letters(sc, nation)} {KIND_WORDS.get(kind, kind)}"
        group.add(_text(label, (x + 31 * scale, y + 13 * scale), 10 * scale, colors.black, bold=True))
        group.add(_text(f"×{count}", (x + 31 * scale, y + 25 * scale), 10 * scale, colors.black))
    return group


def _result(sc: Scenario, row: BattleRow) -> str:
    if row.winner is None:
        return "no result"
    if row.winner != row.attacker_side:
        return "held"
    return "taken" if row.took_area else "won"


def _arrow(place: ArrowPlace, colour, caption: str, taken: list[Box]) -> Group:
    """The arrow and its tag, the tag beside it where it hides nothing in `taken` (and is then
    added to it, so the next tag keeps clear of this one)."""
    (sx, sy), (ex, ey) = shaft(place)
    angle = math.atan2(ey - sy, ex - sx)
    group = Group()
    group.add(Line(sx, sy, ex, ey, strokeColor=colour, strokeWidth=6, strokeLineCap=1))
    head = 20.0
    points = [ex, ey]
    for turn in (2.6, -2.6):
        points += [ex + head * math.cos(angle + turn), ey + head * math.sin(angle + turn)]
    group.add(Polygon(points, fillColor=colour, strokeColor=colour))
    mid = clear_spot((sx, sy), (ex, ey), (52, 16), taken, beside=16 * place.caption_side)
    taken.append((mid[0] - 26, mid[1] - 8, 52, 16))
    group.add(Rect(mid[0] - 26, mid[1] - 8, 52, 16, rx=3, ry=3, fillColor=colors.white, strokeColor=colour))
    group.add(_text(caption, (mid[0], mid[1] + 4), 10, colors.black, bold=True))
    return group
