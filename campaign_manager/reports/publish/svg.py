"""The printed map's drawing written as SVG for the published page: the same shapes the PDF
draws (reports/map_drawing.map_group, placed by the window's own placing code), each area's
outline wrapped with what a player reads when they point at it or press on it (its name, holder,
troops and VP) and `data-area` / `data-holder` attributes. The words keep the width they were
placed at (`textLength`), so a browser's font cannot push them into each other."""

from __future__ import annotations

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, PolyLine, Rect, Shape, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.state import CampaignState
from campaign_manager.engine.views import StateView
from campaign_manager.i18n import _, ngettext
from campaign_manager.reports.map_drawing import map_group, map_picture
from campaign_manager.reports.page import BOLD
from campaign_manager.reports.publish.words import attribute as quoteattr
from campaign_manager.reports.publish.words import escape
from campaign_manager.scenario.model import Scenario

FONTS = "'DejaVu Sans', Verdana, 'Segoe UI', sans-serif"
IDENTITY = (1, 0, 0, 1, 0, 0)


def map_svg(sc: Scenario, st: CampaignState, view: StateView, battles: list[BattleRow], described_by: str = "") -> str:
    """The map as an `<svg>` element that scales to the width it is given."""
    picture = map_picture(sc, st, battles)
    group, outlines = map_group(sc, st, picture)
    titles = {
        id(shape): (code, area_title(sc, view, code), view.areas[code].controller) for code, shape in outlines.items()
    }
    layout = picture.layout
    body = "".join(_node(child, titles) for child in group.getContents())
    label = _("Map of the campaign: {holders}").format(holders=holders_words(sc, view))
    described = f" aria-describedby={quoteattr(described_by)}" if described_by else ""
    return (
        f'<svg class="map" role="img" viewBox="0 0 {_n(layout.width)} {_n(layout.height)}" '
        f'xmlns="http://www.w3.org/2000/svg" aria-label={quoteattr(label)}{described} '
        f'font-family="{FONTS}">{body}</svg>'
    )


def drawing_svg(drawing: Drawing, label: str) -> str:
    """A small reportlab drawing (a legend's sample) as an inline SVG, y upwards as drawn."""
    body = "".join(_node(child, {}) for child in drawing.getContents())
    w, h = _n(drawing.width), _n(drawing.height)
    return (
        f'<svg class="sample" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
        f'aria-label={quoteattr(label)} font-family="{FONTS}"><g transform="matrix(1 0 0 -1 0 {h})">{body}</g></svg>'
    )


def area_title(sc: Scenario, view: StateView, code: str) -> str:
    """What pointing at an area says: its name, who holds it, its troops and its VP."""
    area = view.areas[code]
    if area.impassable:
        return _("{code} {name}: impassable, no one enters it").format(code=code, name=area.name)
    holder = sc.side_adjective(area.controller) if area.controller in sc.sides else _("nobody")
    troops = ", ".join(f"{t.id} ({t.name})" for t in area.troops) or _("no troops")
    words = {"code": code, "name": area.name, "holder": holder, "troops": troops, "vp": area.vp}
    if area.vp:
        return _("{code} {name}: held by {holder}; {troops}; {vp} VP as an objective").format(**words)
    return _("{code} {name}: held by {holder}; {troops}").format(**words)


def holders_words(sc: Scenario, view: StateView) -> str:
    """Who holds which areas, side by side, in a sentence (the map's text alternative)."""
    said = []
    for side in sc.sides:
        name = sc.side_adjective(side)
        held = [f"{code} {area.name}" for code, area in view.areas.items() if area.controller == side]
        if held:
            said.append(
                ngettext(
                    "the {side} hold {count} area ({areas})", "the {side} hold {count} areas ({areas})", len(held)
                ).format(side=name, count=len(held), areas=", ".join(held))
            )
        else:
            said.append(_("the {side} hold none").format(side=name))
    return "; ".join(said)


Titles = dict[int, tuple[str, str, str | None]]  # an area's outline → its code, title and holder


def _node(node: Shape, titles: Titles) -> str:
    if isinstance(node, Group):
        return _group(node, titles)
    drawn = _shape(node)
    if id(node) in titles:
        code, title, holder = titles[id(node)]
        return (
            f'<g class="area" data-area={quoteattr(code)}{_holder_attr(holder)}>'
            f"<title>{escape(title)}</title>{drawn}</g>"
        )
    return drawn


def _holder_attr(holder: str | None) -> str:
    return "" if holder is None else f" data-holder={quoteattr(holder)}"


def _group(group: Group, titles: Titles) -> str:
    contents = group.getContents()
    transform = tuple(group.transform)
    if len(contents) == 1 and isinstance(contents[0], String) and transform[:4] == (1, 0, 0, -1):
        words = contents[0]  # words_at: a string flipped upright at a point
        return _text(words, transform[4] + words.x, transform[5] - words.y)
    inner = "".join(_node(child, titles) for child in contents)
    if transform == IDENTITY:
        return f"<g>{inner}</g>"
    return f'<g transform="matrix({" ".join(_n(v) for v in transform)})">{inner}</g>'


def _shape(node: Shape) -> str:
    if isinstance(node, Rect):
        rounded = f' rx="{_n(node.rx)}" ry="{_n(node.ry)}"' if node.rx else ""
        where = f'x="{_n(node.x)}" y="{_n(node.y)}" width="{_n(node.width)}" height="{_n(node.height)}"'
        return f"<rect {where}{rounded}{_paint(node)}/>"
    if isinstance(node, Line):
        ends = f'x1="{_n(node.x1)}" y1="{_n(node.y1)}" x2="{_n(node.x2)}" y2="{_n(node.y2)}"'
        return f"<line {ends}{_paint(node, fill=False)}/>"
    if isinstance(node, Polygon):
        return f'<polygon points="{_points(node.points)}"{_paint(node)}/>'
    if isinstance(node, PolyLine):
        return f'<polyline points="{_points(node.points)}"{_paint(node, fill=False)}/>'
    if isinstance(node, Circle):
        return f'<circle cx="{_n(node.cx)}" cy="{_n(node.cy)}" r="{_n(node.r)}"{_paint(node)}/>'
    if isinstance(node, String):
        return f'<g transform="matrix(1 0 0 -1 0 0)">{_text(node, node.x, -node.y)}</g>'
    raise TypeError(f"the published map cannot draw a {type(node).__name__}")


def _text(words: String, x: float, y: float) -> str:
    bold = ' font-weight="bold"' if words.fontName == BOLD else ""
    wide = stringWidth(words.text, words.fontName, words.fontSize)
    anchor = {"middle": "middle", "end": "end"}.get(words.textAnchor, "start")
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(words.fontSize)}"'
        f'{bold} text-anchor="{anchor}" fill="{_colour(words.fillColor)}" '
        f'textLength="{_n(wide)}" lengthAdjust="spacingAndGlyphs">{escape(words.text)}</text>'
    )


def _paint(node: Shape, fill: bool = True) -> str:
    said = []
    fill_colour = getattr(node, "fillColor", None) if fill else None
    said.append(f' fill="{_colour(fill_colour)}"' if fill_colour is not None else ' fill="none"')
    stroke = getattr(node, "strokeColor", None)
    if stroke is not None:
        said.append(f' stroke="{_colour(stroke)}" stroke-width="{_n(node.strokeWidth)}"')
        dashes = getattr(node, "strokeDashArray", None)
        if dashes:
            said.append(f' stroke-dasharray="{" ".join(_n(d) for d in dashes)}"')
        if getattr(node, "strokeLineCap", 0) == 1:
            said.append(' stroke-linecap="round"')
    return "".join(said)


def _colour(colour: colors.Color) -> str:
    return "#" + str(colour.hexval())[2:].lower()


def _points(points: list[float]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in zip(points[::2], points[1::2]))


def _n(value: float) -> str:
    """A number as short as it reads: 12, 12.5, 12.33."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
