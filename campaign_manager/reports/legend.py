"""The printed map's legend: every mark the map draws, drawn the same way beside its words, each
sample inside its own box (so none runs out of the legend's column, over the map beside it)."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, Shape
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Table, TableStyle

from campaign_manager.engine.battle_log import RESULT_MARKS
from campaign_manager.i18n import _
from campaign_manager.reports import map_drawing as drawn
from campaign_manager.reports.page import BOLD, marked, markup
from campaign_manager.reports.tables import Cell
from campaign_manager.scenario.model import Scenario
from campaign_manager.scenario.terms import KIND_WORDS

SAMPLE_W, SAMPLE_H = 46.0, 20.0  # points: each sample's box
STYLE = TableStyle(
    [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
)


def _sample(*shapes: Shape) -> Drawing:
    """A sample in the legend, drawn in layout-like units flipped upright (y downwards)."""
    drawing = Drawing(SAMPLE_W, SAMPLE_H)
    group = Group(*shapes)
    group.transform = (1, 0, 0, -1, 0, SAMPLE_H)
    drawing.add(group)
    return drawing


def _swatch(fill: colors.Color, dashed: bool = False) -> Drawing:
    return _sample(
        Rect(
            2,
            3,
            SAMPLE_W - 4,
            SAMPLE_H - 6,
            fillColor=fill,
            strokeColor=colors.HexColor("#333333"),
            strokeWidth=0.8,
            strokeDashArray=[3, 2] if dashed else None,
        )
    )


def _line(fortified: bool, sea: bool) -> Drawing:
    colour, width, dashes = drawn.link_style(fortified, sea)
    scale = 0.45  # the map's lines at about the map's size on the page
    line = Line(3, SAMPLE_H / 2, SAMPLE_W - 3, SAMPLE_H / 2, strokeColor=colour, strokeWidth=width * scale)
    line.strokeDashArray = [d * scale for d in dashes] if dashes else None
    return _sample(line)


def _arrow(colour: colors.Color, caption: str) -> Drawing:
    shaft = Line(2, SAMPLE_H / 2, SAMPLE_W - 4, SAMPLE_H / 2, strokeColor=colour, strokeWidth=2.6)
    head = Polygon(
        [SAMPLE_W - 1, SAMPLE_H / 2, SAMPLE_W - 8, SAMPLE_H / 2 - 4, SAMPLE_W - 8, SAMPLE_H / 2 + 4],
        fillColor=colour,
        strokeColor=colour,
    )
    size = 8.5
    wide = stringWidth(caption, BOLD, size) + 6
    box = Rect(
        SAMPLE_W / 2 - wide / 2 - 3, 3, wide, SAMPLE_H - 6, rx=2, ry=2, fillColor=colors.white, strokeColor=colour
    )
    words = drawn.words_at(caption, (SAMPLE_W / 2 - 3, SAMPLE_H / 2 + size * 0.36), size, colors.black, bold=True)
    return _sample(shaft, head, box, words)


def _counter(sc: Scenario) -> Drawing:
    """A counter as the map draws it, for the first nation with more than one kind of troop."""
    nation = next(
        (n for n in sc.nations if len({sc.troops[t].kind for t in sc.troops_of(n)}) > 1),
        next(iter(sc.nations)),
    )
    kinds: dict[str, int] = {}
    for troop in sc.troops_of(nation):
        kinds[sc.troops[troop].kind] = min(2, kinds.get(sc.troops[troop].kind, 0) + 1)
    shown = tuple(sorted(kinds.items(), key=lambda item: drawn.kind_place(item[0])))[:2]
    scale = (SAMPLE_H - 3) / drawn.STACK_H  # its outline's width inside the sample too
    stack = drawn.Stack(
        (2.5, 1.5, drawn.STACK_W * scale, SAMPLE_H - 3),
        scale,
        sc.side_of(nation),
        drawn.nation_letters(sc, nation),
        shown,
    )
    return _sample(drawn.counter_drawing(sc, stack))


def _kind(kind: str) -> Drawing:
    return _sample(drawn.kind_symbol(kind, (SAMPLE_W / 2 - 10, SAMPLE_H / 2 - 6.5, 20, 13), colors.black))


def legend_rows(sc: Scenario) -> list[tuple[Drawing, str]]:
    """(a sample, its words in the app's markup) for every mark the map draws."""
    rows: list[tuple[Drawing, str]] = [
        (_swatch(drawn.print_tint(sc, side)), markup(_("an area the {noun} hold"), noun=sc.side_noun(side)))
        for side in sc.sides
    ]
    if any(area.impassable for area in sc.areas.values()):
        rows.append((_swatch(drawn.NOBODY_TINT, dashed=True), _("impassable: no one enters it")))
    letters = ", ".join(f"{drawn.nation_letters(sc, n)} {sc.nation_name(n)}" for n in sc.nations)
    rows.append(
        (
            _counter(sc),
            markup(
                _(
                    "a nation's troops in the area: its letters ({letters}) and how many; under them each "
                    "kind, with how many when more than one"
                ),
                letters=letters,
            ),
        )
    )
    kinds = sorted({troop.kind for troop in sc.troops.values()}, key=drawn.kind_place)
    rows += [
        (_kind(kind), _(KIND_WORDS[kind]) if kind in KIND_WORDS else markup("{kind}", kind=kind)) for kind in kinds
    ]
    rows.append((_line(False, False), _("the areas touch")))
    if sc.fortification is not None and any(link.fortified for link in sc.links):
        rows.append((_line(True, False), markup(_("the link crosses the {line}"), line=sc.fortification.line_name)))
    if any(link.sea for link in sc.links):
        rows.append((_line(False, True), _("the areas touch across the sea")))
    results = "; ".join(f"{mark} {_(words)}" for mark, words in RESULT_MARKS)
    rows.append(
        (
            _arrow(drawn.FOUGHT, "2 ✔"),
            markup(_("a battle of the turn, numbered in the order fought (2: the second); {results}"), results=results),
        )
    )
    rows.append((_arrow(drawn.OPEN, drawn.open_caption()), _("a battle arrow placed, its result still to come")))
    rows.append((_words_sample(sc), _("under an area's name: who holds it · its VP as an objective")))
    return rows


def _words_sample(sc: Scenario) -> Drawing:
    """The words under an area's name, set smaller if need be to stay in the sample's box (a long
    side name ran out of it, over the map beside the legend)."""
    side = next(iter(sc.sides))
    text = _("{side} · {vp} VP").format(side=sc.side_adjective(side), vp=20)
    size = min(7.0, (SAMPLE_W - 4) / stringWidth(text, BOLD, 1))
    words = drawn.words_at(text, (SAMPLE_W / 2, SAMPLE_H / 2 + size * 0.36), size, drawn.print_ink(sc, side), True)
    return _sample(words)


def map_legend(sc: Scenario, width: float, columns: int = 1, style: str = "small") -> Table:
    """The legend as a table of `columns` pairs of sample and words, `width` points wide."""
    rows = legend_rows(sc)
    per_column = -(-len(rows) // columns)
    cells = []
    for line in range(per_column):
        cell_row: list[Cell] = []
        for column in range(columns):
            index = column * per_column + line
            sample, words = rows[index] if index < len(rows) else ("", "")
            cell_row += [sample, marked(words, style) if words else ""]
        cells.append(cell_row)
    words_width = width / columns - SAMPLE_W - 6
    table = Table(cells, colWidths=[SAMPLE_W + 6, words_width] * columns, hAlign="LEFT")
    table.setStyle(STYLE)
    return table
