"""Page set-up shared by every printed document: the bundled fonts (with Greek letters),
paragraph styles, paper sizes, and a footer with the campaign's name, the date of its last
recorded action and "page N of M". Output is reproducible: no clock, no random ids."""

from __future__ import annotations

import datetime
import html
from typing import Any

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from campaign_manager import i18n
from campaign_manager.i18n import _
from campaign_manager.paths import FONTS
from campaign_manager.reports.kinds import Paper

rl_config.invariant = 1  # the same campaign gives the same PDF, byte for byte
rl_config.useA85 = 0  # streams written as compressed bytes, not re-encoded as ASCII text (smaller, quicker)
PAGE_SIZES = {Paper.A4: A4, Paper.LETTER: LETTER}
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"  # two faces: each registered font costs start-up time
MARGIN = 15 * mm


def register_fonts() -> None:
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    for name in (FONT, BOLD):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


register_fonts()

STYLES = {
    "title": ParagraphStyle("title", fontName=BOLD, fontSize=18, leading=22, spaceAfter=4),
    "subtitle": ParagraphStyle(
        "subtitle", fontName=FONT, fontSize=11, leading=14, textColor=colors.HexColor("#444444"), spaceAfter=8
    ),
    "h2": ParagraphStyle("h2", fontName=BOLD, fontSize=13, leading=16, spaceBefore=10, spaceAfter=4),
    "body": ParagraphStyle("body", fontName=FONT, fontSize=9.5, leading=12.5),
    "small": ParagraphStyle("small", fontName=FONT, fontSize=8, leading=10),
    "cell": ParagraphStyle("cell", fontName=FONT, fontSize=8, leading=9.6),
    "cellbold": ParagraphStyle("cellbold", fontName=BOLD, fontSize=8, leading=9.6),
    "big": ParagraphStyle("big", fontName=BOLD, fontSize=14, leading=18),
    "huge": ParagraphStyle("huge", fontName=BOLD, fontSize=26, leading=30),
    "wall": ParagraphStyle("wall", fontName=FONT, fontSize=11, leading=14),
    "wallbold": ParagraphStyle("wallbold", fontName=BOLD, fontSize=11, leading=14),
    "wallhead": ParagraphStyle("wallhead", fontName=BOLD, fontSize=16, leading=19, spaceAfter=2),
    "tiny": ParagraphStyle("tiny", fontName=FONT, fontSize=7, leading=8.4),
}


def _escape(words: object) -> str:
    """`words` made safe inside a paragraph's markup: &, < and > written as entities."""
    return html.escape(str(words), quote=False)


def markup(template: str, **words: object) -> str:
    """The app's own markup `template` (bold, italics, line breaks) with each `{name}` filled by
    `words[name]` as plain text: the one place where words from a user or a file (every name a
    scenario gives, a campaign's, a commander's) meet reportlab's markup, escaped on the way."""
    if not words:  # markup made already (by this function), passed on whole
        return template
    return template.format(**{name: _escape(value) for name, value in words.items()})


def lines_of(words: str) -> str:
    """Plain `words` as markup, each of their lines on a line of its own."""
    return "<br/>".join(_escape(line) for line in words.split("\n"))


def _style(style: str | ParagraphStyle) -> ParagraphStyle:
    return STYLES[style] if isinstance(style, str) else style


def text(words: str, style: str | ParagraphStyle = "body") -> Paragraph:
    """A paragraph of plain words: whatever a user typed prints exactly as typed, never as markup."""
    return Paragraph(_escape(words), _style(style))


def marked(template: str, style: str | ParagraphStyle = "body", **words: object) -> Paragraph:
    """A paragraph of the app's own markup `template` filled with `words` as plain text (markup)."""
    return Paragraph(markup(template, **words), _style(style))


def recorded_day(recorded: str) -> str:
    """The day of a time the log recorded ("2026-12-03T05:40:00Z"), as the user's language writes it."""
    try:
        return i18n.day(datetime.date.fromisoformat(recorded[:10]))
    except ValueError:
        return recorded[:10]


def footer_canvas(name: str, last_recorded: str) -> type[Canvas]:
    """A canvas class that writes the footer with "page N of M" once all pages are known."""

    class FooterCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types: its Canvas is Any
        def __init__(self, *args: Any, **kwargs: Any) -> None:  # reportlab's own, passed on
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []  # each page's canvas state, drawn once the count is known

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for number, page in enumerate(self._pages, start=1):
                self.__dict__.update(page)
                self._footer(number, total)
                super().showPage()
            super().save()

        def _footer(self, number: int, total: int) -> None:
            width = self._pagesize[0]
            self.setFont(FONT, 7.5)
            self.setFillColor(colors.HexColor("#555555"))
            if last_recorded:
                left = _("{name} — last action recorded {day}").format(name=name, day=recorded_day(last_recorded))
            else:
                left = name
            self.drawString(MARGIN, 9 * mm, left)
            self.drawRightString(
                width - MARGIN, 9 * mm, _("page {number} of {total}").format(number=number, total=total)
            )

    return FooterCanvas
