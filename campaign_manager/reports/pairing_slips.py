"""Pairing slips for the league's next evening: one slip a table, with both commanders as the
organiser left them (every swap kept), their sides, clubs, points and games, whether they have
met before, and boxes for the VP of the game; who sits out is said at the end. Names print
exactly as typed (escaped, never read as markup)."""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, SimpleDocTemplate, Spacer, Table, TableStyle

from campaign_manager.engine.league import Standing
from campaign_manager.engine.pairings import Pairings
from campaign_manager.engine.roster import scoring_words
from campaign_manager.engine.state import DEFAULT_SCORING, Scoring
from campaign_manager.i18n import _, ngettext
from campaign_manager.reports.kinds import Paper
from campaign_manager.reports.page import BOLD, MARGIN, PAGE_SIZES, footer_canvas, marked, markup, text
from campaign_manager.scenario.model import Scenario

SLIP = TableStyle(
    [
        ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ("GRID", (0, 2), (-1, -1), 0.6, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e4e4")),
        ("FONT", (0, 2), (-1, 2), BOLD, 8),
        ("SPAN", (0, 0), (-1, 0)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 3), (-1, 3), 14),
    ]
)


def _commander(sc: Scenario, s: Standing, scoring: Scoring) -> str:
    c = s.commander
    club = markup("<br/><font size=8 color='#555555'>{club}</font>", club=c.club) if c.club else ""
    return (
        markup(
            "<b>{name}</b> ({side})",
            name=c.name,
            side=sc.side_adjective(c.side) if c.side in sc.sides else c.side,
        )
        + club
        + markup(
            _("<br/><font size=8>{points}, {games} played</font>"),
            points=ngettext("{n} point", "{n} points", s.points(scoring)).format(n=s.points(scoring)),
            games=ngettext("{n} game", "{n} games", s.games).format(n=s.games),
        )
    )


def slip(
    sc: Scenario, table: int, first: Standing, second: Standing, met: int, scoring: Scoring, width: float
) -> Table:
    """One table's slip: the two commanders side by side and boxes for their VP."""
    if met:
        head = marked(
            ngettext(
                "<b>Table {table}</b>; they have met {n} time before",
                "<b>Table {table}</b>; they have met {n} times before",
                met,
            ),
            "body",
            table=table,
            n=met,
        )
    else:
        head = marked(_("<b>Table {table}</b>"), "body", table=table)
    rows = [
        [head, ""],
        [marked(_commander(sc, first, scoring), "body"), marked(_commander(sc, second, scoring), "body")],
        [
            _("VP of {name}").format(name=first.commander.name)[:60],
            _("VP of {name}").format(name=second.commander.name)[:60],
        ],
        ["", ""],
    ]
    grid = Table(rows, colWidths=[width / 2] * 2)
    grid.setStyle(SLIP)
    return grid


def slips_story(sc: Scenario, pairings: Pairings, scoring: Scoring, width: float, title: str) -> list[Flowable]:
    story: list[Flowable] = [
        text(title, "title"),
        text(
            _("Suggested pairings, as the organiser left them. Scored {scheme}.").format(scheme=scoring_words(scoring)),
            "small",
        ),
        Spacer(1, 8),
    ]
    for number, pair in enumerate(pairings.pairs, start=1):
        story += [
            KeepTogether([slip(sc, number, pair.first, pair.second, pair.rematch, scoring, width)]),
            Spacer(1, 12),
        ]
    if pairings.sitting_out:
        names = ", ".join(s.commander.name for s in pairings.sitting_out)
        story.append(text(_("Sitting out this evening: {names}.").format(names=names), "body"))
    if not pairings.pairs:
        story.append(text(_("Nobody is paired: tick commanders of both sides as present."), "body"))
    return story


def pairing_slips_pdf(
    sc: Scenario,
    pairings: Pairings,
    scoring: Scoring = DEFAULT_SCORING,
    name: str | None = None,
    paper: Paper | str = Paper.A4,
) -> bytes:
    """The slips as PDF bytes (the same pairings give the same bytes)."""
    name = _("League") if name is None else name
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out,
        pagesize=PAGE_SIZES[Paper(paper)],
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 6,
        title=_("{name} — pairings").format(name=name),
        author="Firestorm Campaign Manager",
        creator="Firestorm Campaign Manager",
        subject=sc.name,
    )
    story = slips_story(sc, pairings, scoring, doc.width - 12, _("{name}: pairings for the evening").format(name=name))
    doc.build(story, canvasmaker=footer_canvas(name, ""))
    return out.getvalue()
