"""The commanders in print: the league page and the charts of the turn report, and the top
commanders of each side on the status sheet. Names print exactly as typed (escaped, never read
as markup)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Spacer, Table, TableStyle

from campaign_manager.engine.charts import CampaignCharts
from campaign_manager.engine.league import Standing, top_of_side
from campaign_manager.reports.charts import charts
from campaign_manager.reports.page import BOLD, FONT, marked, text
from campaign_manager.scenario.model import Scenario

HEADINGS = (
    "#",
    "Commander (club)",
    "Side",
    "Games",
    "Won",
    "Drawn",
    "Lost",
    "VP for",
    "VP against",
    "Diff",
    "Destroyed",
    "Areas",
)
STYLE = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("FONT", (0, 0), (-1, 0), BOLD, 7),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e4e4")),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#aaaaaa")),
        ("BOX", (0, 0), (-1, -1), 0.4, colors.HexColor("#888888")),
        ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
)


NO_ROSTER = (
    "No commander is on the roster yet: add them in the window's Commanders tab, or with "
    "campaign-manager commanders FILE add NAME --side SIDE."
)


def _who(s: Standing) -> str:
    c = s.commander
    role = " (General)" if c.general else " (retired)" if c.retired else ""
    return c.name + role


def _widths(width: float) -> list[float]:
    """The number columns as wide as their titles' longest word; the names have the rest."""
    numbers = [max(stringWidth(word, BOLD, 7) for word in title.split()) + 7 for title in HEADINGS[3:]]
    side = max(stringWidth(title, FONT, 8) for title in ("Allied", "Side")) + 7
    return [18, width - sum(numbers) - side - 18, side, *numbers]


def league_table(sc: Scenario, standings: list[Standing], width: float) -> Table:
    rows: list[list] = [[marked(f"<font size=7>{escape(h)}</font>", "cellbold") for h in HEADINGS]]
    for place, s in enumerate(standings, start=1):
        c = s.commander
        numbers = (s.games, s.wins, s.draws, s.losses, s.vp_for, s.vp_against)
        club = f"<br/><font size=6.5 color='#555555'>{escape(c.club)}</font>" if c.club else ""
        rows.append(
            [str(place), marked(escape(_who(s)) + club, "cell"), sc.sides.get(c.side, c.side)]
            + [str(n) for n in numbers]
            + [f"{s.vp_difference:+d}" if s.vp_difference else "0", str(s.destroyed), str(s.areas_taken)]
        )
    grid = Table(rows, colWidths=_widths(width), repeatRows=1)
    grid.setStyle(STYLE)
    return grid


def league_page(sc: Scenario, standings: list[Standing], width: float) -> list:
    """The league of commanders on a page of its own (after the turn's pages)."""
    story: list = [PageBreak(), text("The league of commanders", "h2")]
    if not standings:
        story.append(text(NO_ROSTER))
        return story
    story.append(
        text(
            "Every tabletop game counts on its own: won when the other side was defeated (at least 3 VP and "
            "more than it), otherwise drawn; sorted by games won, then VP difference. "
            "Destroyed: enemy troops destroyed in their battles; Areas: areas taken attacking "
            "(an arrow's, credited to each of its commanders).",
            "small",
        )
    )
    story += [Spacer(1, 4), league_table(sc, standings, width)]
    return story


def charts_page(sc: Scenario, data: CampaignCharts, width: float) -> list:
    """The campaign in charts, each kept whole on its page."""
    story: list = [CondPageBreak(260), text("The campaign in charts", "h2")]
    for chart in charts(sc, data, width):
        story.append(KeepTogether([chart.drawing, Spacer(1, 2), text(chart.words, "small"), Spacer(1, 8)]))
    return story


def top_commanders(sc: Scenario, standings: list[Standing], width: float, count: int = 3) -> list:
    """Each side's best commanders so far, side by side, for the status sheet."""
    columns = []
    for side in sc.sides:
        best = top_of_side(standings, side, count)
        lines = [f"<b>{escape(sc.side_nouns[side])}</b>"]
        lines += [
            f"{place}. {escape(_who(s))} — {s.wins} won, {s.draws} drawn, {s.losses} lost, VP {s.vp_for}–{s.vp_against}"
            for place, s in enumerate(best, start=1)
        ] or ["nobody has played yet"]
        columns.append(marked("<br/>".join(lines), "small"))
    grid = Table([columns], colWidths=[width / len(columns)] * len(columns))
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return [marked("<b>Top commanders</b> (games won, then VP difference)", "small"), grid]
