"""The league as a file for a spreadsheet or a web page: CSV and HTML of the same table as the
PDF's league page (engine/league.py), for `league --csv/--html` and League ▸ Export.

Numbers are written as numbers (a negative VP difference is "-8", which a spreadsheet sorts and
adds); text the users typed (names, clubs) is written so no spreadsheet takes it for a formula:
in CSV a cell beginning with = + - @ (or a tab or carriage return) gets a leading apostrophe, in
HTML every cell is escaped and marked as text for a spreadsheet that opens the page. Qt-free.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from html import escape

from campaign_manager.engine.league import ClubStanding, Standing
from campaign_manager.engine.roster import scoring_words
from campaign_manager.engine.state import DEFAULT_SCORING, Scoring
from campaign_manager.i18n import N_, _, english, pgettext
from campaign_manager.scenario.model import Scenario

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# (title, what the cell holds, text or number); the PDF's league page has the same columns. The
# CSV's titles and cells are English (a program reads them: a spreadsheet's formulas, a script);
# the web page's are in the user's language.
TEXT, NUMBER = "text", "number"
ROLES = (N_("General"), N_("retired"))
Cells = Callable[[Scenario, Scoring, Standing], "str | int"]
COLUMNS: tuple[tuple[str, Cells, str], ...] = (
    (N_("Commander"), lambda sc, sco, s: s.commander.name, TEXT),
    (N_("Side"), lambda sc, sco, s: _side(sc, s.commander.side), TEXT),
    (N_("Club"), lambda sc, sco, s: s.commander.club or "", TEXT),
    (
        N_("Role"),
        lambda sc, sco, s: "General" if s.commander.general else "retired" if s.commander.retired else "",
        TEXT,
    ),
    (N_("Points"), lambda sc, sco, s: s.points(sco), NUMBER),
    (N_("Games"), lambda sc, sco, s: s.games, NUMBER),
    (N_("Won"), lambda sc, sco, s: s.wins, NUMBER),
    (N_("Drawn"), lambda sc, sco, s: s.draws, NUMBER),
    (N_("Lost"), lambda sc, sco, s: s.losses, NUMBER),
    (N_("VP for"), lambda sc, sco, s: s.vp_for, NUMBER),
    (N_("VP against"), lambda sc, sco, s: s.vp_against, NUMBER),
    (N_("VP diff"), lambda sc, sco, s: s.vp_difference, NUMBER),
    (N_("Destroyed"), lambda sc, sco, s: s.destroyed, NUMBER),
    (N_("Areas taken"), lambda sc, sco, s: s.areas_taken, NUMBER),
)
ROLE = 3  # the column of a commander's role (General, retired) in a row of `league_rows`
CLUB_COLUMNS = (N_("Club"), N_("Commanders"), N_("Games"), N_("Points"), N_("Points per game"))


def _side(sc: Scenario, side: str) -> str:
    """A commander's side in the app's language (the CSV's: the scenario's own name)."""
    return sc.side_adjective(side) if side in sc.sides else side


def spreadsheet_safe(cell: str) -> str:
    """Text a spreadsheet would take for a formula ("=1+2", "@SUM", "-3") is written as text."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def league_rows(sc: Scenario, standings: list[Standing], scoring: Scoring = DEFAULT_SCORING) -> list[list[str | int]]:
    """The table's rows, best first: text as typed, numbers as numbers."""
    return [[cell(sc, scoring, s) for _, cell, _ in COLUMNS] for s in standings]


def league_csv(sc: Scenario, standings: list[Standing], scoring: Scoring = DEFAULT_SCORING) -> str:
    """The league as CSV: a row of titles, then a commander a row, best first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([title for title, _, _ in COLUMNS])
    with english():  # a program reads it: the scenario's own side names
        rows = league_rows(sc, standings, scoring)
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) if isinstance(cell, str) else cell for cell in row])
    return out.getvalue()


def clubs_csv(clubs: list[ClubStanding]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CLUB_COLUMNS)
    for c in clubs:
        writer.writerow([spreadsheet_safe(c.club), len(c.commanders), c.games, c.points, f"{c.points_per_game:.2f}"])
    return out.getvalue()


PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; }}
table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
th, td {{ border-bottom: 1px solid #aaa; padding: 0.2em 0.5em; }}
th {{ background: #e4e4e4; text-align: left; }}
td.number, th.number {{ text-align: right; }}
td.text {{ mso-number-format: "\\@"; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{scheme}</p>
{tables}
</body>
</html>
"""


def _cell(value: str | int | float) -> str:
    if isinstance(value, str):
        return f'<td class="text">{escape(value, quote=True)}</td>'
    return f'<td class="number">{value:.2f}</td>' if isinstance(value, float) else f'<td class="number">{value}</td>'


def _html_table(titles: list[tuple[str, str]], rows: list[list[str | int | float]]) -> str:
    head = "".join(f'<th class="{kind}">{escape(title)}</th>' for title, kind in titles)
    body = "\n".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def league_html(
    sc: Scenario,
    standings: list[Standing],
    scoring: Scoring = DEFAULT_SCORING,
    title: str | None = None,
    clubs: list[ClubStanding] | None = None,
) -> str:
    """The league as a web page: the scheme in words, the table (place first, as the PDF), and
    the club standings when given, in the user's language. Every text is escaped, never read as markup."""
    title = _("The league of commanders") if title is None else title
    titles = [("#", NUMBER), *((_(t), kind) for t, _cells, kind in COLUMNS)]
    rows: list[list[str | int | float]] = [
        [
            place,
            *(
                _(cell) if column == ROLE and isinstance(cell, str) and cell else cell
                for column, cell in enumerate(row)
            ),
        ]
        for place, row in enumerate(league_rows(sc, standings, scoring), start=1)
    ]
    tables = [_html_table(titles, rows)]
    if clubs:
        club_rows: list[list[str | int | float]] = [
            [c.club, len(c.commanders), c.games, c.points, round(c.points_per_game, 2)] for c in clubs
        ]
        kinds = [TEXT, NUMBER, NUMBER, NUMBER, NUMBER]
        tables += [
            "<h2>" + escape(_("Clubs")) + "</h2>",
            _html_table([(_(t), k) for t, k in zip(CLUB_COLUMNS, kinds)], club_rows),
        ]
    return PAGE.format(
        lang=escape(pgettext("the language's code for a web page (en, de)", "en")),
        title=escape(title),
        scheme=escape(_("Scored {scheme}.").format(scheme=scoring_words(scoring))),
        tables="\n".join(tables),
    )
