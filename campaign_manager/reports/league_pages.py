"""The commanders and the charts in print, as parts of a document (functions of the turn's
picture and a width, as reports/sections.py): the league page and the charts of the turn report,
and the top commanders of each side in the status sheet's side column. A campaign with nobody on
its roster prints neither the league nor the top commanders. Names print exactly as typed
(escaped, never read as markup)."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Spacer, Table, TableStyle

from campaign_manager import i18n
from campaign_manager.engine.league import ClubStanding, Standing, club_standings, top_of_side
from campaign_manager.engine.pairings import played_matrix
from campaign_manager.engine.roster import scoring_words
from campaign_manager.engine.state import DEFAULT_SCORING, Scoring
from campaign_manager.i18n import N_, _, pgettext
from campaign_manager.reports.charts import charts
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.page import BOLD, FONT, marked, markup, text
from campaign_manager.reports.sections import PADS
from campaign_manager.reports.tables import Cell
from campaign_manager.scenario.model import Scenario


def headings() -> tuple[str, ...]:
    """The league table's column titles, in the user's language (short: the columns are narrow)."""
    return (
        "#",
        pgettext("league table column", "Commander (club)"),
        pgettext("league table column", "Side"),
        pgettext("league table column", "Points"),
        pgettext("league table column", "Games"),
        pgettext("league table column", "Won"),
        pgettext("league table column", "Drawn"),
        pgettext("league table column", "Lost"),
        pgettext("league table column", "VP for"),
        pgettext("league table column", "VP against"),
        pgettext("league table column", "Diff"),
        pgettext("league table column", "Destroyed"),
        pgettext("league table column", "Areas"),
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


def _who(s: Standing) -> str:
    c = s.commander
    if c.general:
        return _("{name} (General)").format(name=c.name)
    return _("{name} (retired)").format(name=c.name) if c.retired else c.name


CHART_HEIGHT = 170  # points: the three charts and their words fit a page, with room for the end of the turn's
HEAD = ParagraphStyle("leaguehead", fontName=BOLD, fontSize=7, leading=8.4)
HEAD_RIGHT = ParagraphStyle("leagueheadright", parent=HEAD, alignment=TA_RIGHT)  # over a column of numbers


def _difference(s: Standing) -> str:
    return f"{s.vp_difference:+d}" if s.vp_difference else "0"


def _widths(width: float) -> list[float]:
    """The number columns as wide as their titles' longest word (room for three figures at
    least); the names have the rest, and never less than their title's longest word or a fifth of
    the width: long titles (a language's) give way first, down to the room for three figures."""
    titles = headings()
    least = stringWidth("-99", FONT, 8) + 9
    numbers = [max(max(stringWidth(word, BOLD, 7) for word in title.split()) + 9, least) for title in titles[3:]]
    side = max(stringWidth(title, FONT, 8) for title in ("Allied", titles[2])) + 7
    names = max(width * 0.2, max(stringWidth(word, BOLD, 7) for word in titles[1].split()) + 9)
    short = sum(numbers) - (width - names - side - 18)
    if short > 0:
        spare = sum(n - least for n in numbers)
        numbers = [n - (n - least) * min(1.0, short / spare) for n in numbers] if spare else numbers
    return [18, width - sum(numbers) - side - 18, side, *numbers]


def league_table(sc: Scenario, standings: list[Standing], width: float, scoring: Scoring = DEFAULT_SCORING) -> Table:
    rows: list[list[Cell]] = [
        [marked("{h}", HEAD if column in (1, 2) else HEAD_RIGHT, h=h) for column, h in enumerate(headings())]
    ]
    for place, s in enumerate(standings, start=1):
        c = s.commander
        numbers = (s.points(scoring), s.games, s.wins, s.draws, s.losses, s.vp_for, s.vp_against)
        club = markup("<br/><font size=6.5 color='#555555'>{club}</font>", club=c.club) if c.club else ""
        rows.append(
            [
                str(place),
                marked(markup("{who}", who=_who(s)) + club, "cell"),
                sc.side_adjective(c.side) if c.side in sc.sides else c.side,
            ]
            + [str(n) for n in numbers]
            + [_difference(s), str(s.destroyed), str(s.areas_taken)]
        )
    grid = Table(rows, colWidths=_widths(width), repeatRows=1)
    grid.setStyle(STYLE)
    return grid


def league_page(pic: TurnPicture, width: float) -> list[Flowable]:
    """The league of commanders up to the turn's end, after the turn's pages (on a new page
    unless the heading, the words and a few rows fit on this one; a long league goes on over
    pages, its titles repeated); nothing when nobody is on the roster (a campaign that does not
    keep one)."""
    sc, standings, scoring = pic.scenario, pic.standings, pic.scoring
    if not standings:
        return []
    return [
        CondPageBreak(160),
        text(_("The league of commanders"), "h2"),
        text(
            _(
                "Every tabletop game counts on its own: won when the other side was defeated (at least "
                "{vp} VP and more than it), otherwise drawn. Scored {scheme}. "
                "Destroyed: enemy troops destroyed in their battles; Areas: areas taken "
                "attacking (an arrow's, credited to each of its commanders)."
            ).format(vp=sc.defeat_min_vp, scheme=scoring_words(scoring)),
            "small",
        ),
        Spacer(1, 4),
        league_table(sc, standings, width, scoring),
        *club_section(club_standings(standings, scoring), width),
        *matrix_section(pic, width),
    ]


CLUB_HEADINGS = (N_("Club"), N_("Commanders"), N_("Games"), N_("Points"), N_("Points per game"))


def club_table(clubs: list[ClubStanding], width: float) -> Table:
    """Each club's commanders, games, points and points per game, best first."""
    rows: list[list[Cell]] = [
        [marked("{h}", HEAD if column == 0 else HEAD_RIGHT, h=_(h)) for column, h in enumerate(CLUB_HEADINGS)]
    ]
    for c in clubs:
        rows.append(
            [
                marked("{club}", "cell", club=c.club),
                str(len(c.commanders)),
                str(c.games),
                str(c.points),
                i18n.number(c.points_per_game, 2),
            ]
        )
    numbers = [max(stringWidth(w, BOLD, 7) for w in _(h).split()) + 14 for h in CLUB_HEADINGS[1:]]
    grid = Table(rows, colWidths=[width - sum(numbers), *numbers], repeatRows=1, hAlign="LEFT")
    grid.setStyle(STYLE)
    grid.setStyle(TableStyle([("ALIGN", (1, 1), (-1, -1), "RIGHT")]))
    return grid


def club_section(clubs: list[ClubStanding], width: float) -> list[Flowable]:
    """The club standings under the league (nothing when no commander gives a club)."""
    if not clubs:
        return []
    return [
        CondPageBreak(90),
        Spacer(1, 8),
        text(_("Clubs"), "h2"),
        text(
            _(
                "Each club's commanders together, best first by points per game, so a small club is not lost "
                "behind a big one; commanders of no club are left out."
            ),
            "small",
        ),
        Spacer(1, 4),
        club_table(clubs, width),
    ]


MATRIX_CELL = 28.0  # points: the widest a column of the matrix is; never narrower than MATRIX_NARROWEST
MATRIX_NARROWEST = 20.0
MATRIX_MOST = 40  # commanders on a side the printed matrix holds (more: it is left to the window)


def matrix_section(pic: TurnPicture, width: float) -> list[Flowable]:
    """Who has played whom: the first side's commanders down, the second's across (retired ones
    left out), as many columns to a table as fit the width (a big roster: several tables, each
    with every row); nothing when a side has nobody."""
    sc = pic.scenario
    matrix = played_matrix(sc, [s for s in pic.standings if not s.commander.retired])
    if not matrix.rows or not matrix.columns:
        return []
    first, second = (sc.side_adjective(side) for side in sc.side_ids)
    story: list[Flowable] = [CondPageBreak(120), Spacer(1, 8), text(_("Who has played whom"), "h2")]
    if max(len(matrix.rows), len(matrix.columns)) > MATRIX_MOST:
        count = len(matrix.rows) + len(matrix.columns)
        return story + [
            text(
                _(
                    "With {count} commanders, the matrix would fill pages of its own: it is on the Commanders "
                    "tab (Who has played whom), and the pairings for an evening avoid rematches for you."
                ).format(count=count),
                "small",
            )
        ]
    name_width = min(width * 0.3, max(stringWidth(c.name, FONT, 8) for c in matrix.rows) + 8)
    room = int((width - name_width) // MATRIX_NARROWEST)
    story.append(text(_("The games each two commanders have played against each other (· none yet)."), "small"))
    for start in range(0, len(matrix.columns), room):
        columns = range(start, min(start + room, len(matrix.columns)))
        cell = min(MATRIX_CELL, (width - name_width) / len(columns))
        head = ParagraphStyle("matrixhead", fontName=BOLD, fontSize=6, leading=7)
        rows: list[list[Cell]] = [[marked("{first} ↓ / {second} →", head, first=first, second=second)]]
        rows[0] += [marked("{name}", head, name=matrix.columns[c].name) for c in columns]
        for commander, games in zip(matrix.rows, matrix.games):
            rows.append(
                [marked("{name}", "cell", name=commander.name), *(str(games[c]) if games[c] else "·" for c in columns)]
            )
        grid = Table(rows, colWidths=[name_width, *[cell] * len(columns)], repeatRows=1, hAlign="LEFT")
        grid.setStyle(MATRIX_STYLE)
        story += [Spacer(1, 4), grid]
    return story


MATRIX_STYLE = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), FONT, 7),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e4e4")),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#aaaaaa")),
        ("ALIGN", (1, 1), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
)


def charts_page(pic: TurnPicture, width: float) -> list[Flowable]:
    """The campaign in charts up to the turn's end, kept together on one page (they fit one), so
    the last never stands alone on a page of its own."""
    story: list[Flowable] = [text(_("The campaign in charts"), "h2")]
    for chart in charts(pic.scenario, pic.charts, width, height=CHART_HEIGHT):
        story += [chart.drawing, Spacer(1, 2), text(chart.words, "small"), Spacer(1, 8)]
    return [KeepTogether(story)]


def top_commanders(pic: TurnPicture, width: float, count: int = 3, size: float = 8.5) -> list[Flowable]:
    """Each side's best commanders so far, one column a side, for the status sheet; nothing
    when nobody is on the roster."""
    sc, standings = pic.scenario, pic.standings
    if not standings:
        return []
    style = ParagraphStyle("top", fontName=FONT, fontSize=size, leading=size * 1.2)
    columns = []
    for side in sc.sides:
        best = top_of_side(standings, side, count)
        lines = [markup(_("<b>{side} commanders</b>"), side=sc.side_adjective(side))]
        lines += [
            markup(
                _("{place}. <b>{who}</b>\u00a0 {won}–{drawn}–{lost}, VP\u00a0{vp}"),
                place=place,
                who=_who(s),
                won=s.wins,
                drawn=s.draws,
                lost=s.losses,
                vp=_difference(s),
            )
            for place, s in enumerate(best, start=1)
        ] or [_("nobody has played yet")]
        columns.append([marked(line, style) for line in lines])
    grid = Table([columns], colWidths=[width / len(columns)] * len(columns), hAlign="LEFT")
    grid.setStyle(
        TableStyle(
            [("VALIGN", (0, 0), (-1, -1), "TOP"), *((pad, (0, 0), (-1, -1), 0) for pad in PADS)]
            + [("RIGHTPADDING", (0, 0), (-2, -1), 6)]
        )
    )
    return [
        marked(
            _("<b>Top commanders</b> <font size=8.5>(games won–drawn–lost; VP scored less VP conceded)</font>"), "wall"
        ),
        grid,
    ]
