"""Tables for the printed documents: a grid with a header row whose cells are paragraphs that
wrap between words and never inside one (each column is made at least as wide as its longest
word; the others give way)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Table, TableStyle

from campaign_manager.reports.page import BOLD, FONT, STYLES, lines_of, marked

Cell: TypeAlias = str | Flowable  # plain words, or a flowable drawn as it is

PADDING = 3
GRID = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e4e4")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#888888")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
    ]
)


def longest_word(words: str, font: str, size: float) -> float:
    """The width of the widest word of `words` (what a column must give it not to break it)."""
    return max((stringWidth(word, font, size) for word in words.split()), default=0.0)


def word_safe_widths(
    rows: Sequence[Sequence[Cell]], widths: list[float], fonts: tuple[tuple[str, float], ...]
) -> list[float]:
    """`widths`, changed as little as can be so that no column is narrower than its longest
    word: the columns that need more take it from the others, in proportion to their room.
    `fonts` is the header's (font, size) then the body's."""
    (head_font, head_size), (body_font, body_size) = fonts
    need = [0.0] * len(widths)
    for index, row in enumerate(rows):
        font, size = (head_font, head_size) if index == 0 else (body_font, body_size)
        for column, cell in enumerate(row):
            if isinstance(cell, str):
                need[column] = max(need[column], longest_word(cell, font, size) + 2 * PADDING + 0.5)
    wanted = [max(width, least) for width, least in zip(widths, need)]
    short = sum(wanted) - sum(widths)
    if short <= 0:
        return widths
    spare = [width - least for width, least in zip(wanted, need)]
    room = sum(spare)
    if room <= 0:
        return wanted  # nothing can give way: the words still come whole, the table runs wider
    return [width - short * free / room for width, free in zip(wanted, spare)]


def table(rows: Sequence[Sequence[Cell]], widths: list[float], size: float = 8) -> Table:
    """A grid with a header row; cells are plain words (escaped, wrapped between words) or
    flowables. Columns are widened to their longest word, the others narrowed to make room."""
    body, head = STYLES["cell"], STYLES["cellbold"]
    if size != body.fontSize:
        body = body.clone(f"cell{size}", fontSize=size, leading=size * 1.2)
        head = head.clone(f"cellbold{size}", fontSize=size, leading=size * 1.2)
    widths = word_safe_widths(rows, widths, ((BOLD, head.fontSize), (FONT, body.fontSize)))
    cells = [
        [marked(lines_of(cell), head if index == 0 else body) if isinstance(cell, str) else cell for cell in row]
        for index, row in enumerate(rows)
    ]
    grid = Table(cells, colWidths=widths, repeatRows=1, hAlign="LEFT")
    grid.setStyle(GRID)
    return grid
