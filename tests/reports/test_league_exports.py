"""The league out of the app: CSV and HTML of the same table as the PDF (text safe from formulas,
numbers as numbers), the PDF's league page with its scheme, clubs and who-played-whom matrix,
and pairing slips that keep every swap the organiser made."""

from __future__ import annotations

import csv
import io

import pytest
from pypdf import PdfReader

from campaign_manager.engine import apply_action, initial_state
from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.league import club_standings, league
from campaign_manager.engine.pairings import suggest
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.state import Scoring
from campaign_manager.reports.league_export import league_csv, league_html
from campaign_manager.reports.pairing_slips import pairing_slips_pdf
from campaign_manager.reports.render import report_pdf
from campaign_manager.store.campaign_file import CampaignFile
from tests.engine.positions import scenario
from tests.engine.test_league_scoring import twelve
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS

FORMULA = '=HYPERLINK("x")'
SCHEME = {"type": "set_scoring", "win": 3, "draw": 1, "loss": 0, "tie_breaks": ["vp_difference"]}


def pages(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture(scope="module")
def standings():
    sc = scenario()
    st, history = initial_state(sc), []
    extra = [{"type": "add_commander", "name": FORMULA, "side": "allied", "club": "@club"}]
    for action in [*extra, *(a for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values() for a in actions)]:
        applied = apply_action(sc, st, read_action(sc, action))
        history.append(applied)
        st = applied.state
    return sc, league(sc, st.roster, battle_rows(sc, initial_state(sc), history), Scoring(3, 1, 0))


def test_the_csv_writes_numbers_as_numbers_and_formulas_as_text(standings):
    sc, table = standings
    rows = list(csv.reader(io.StringIO(league_csv(sc, table, Scoring(3, 1, 0)))))
    first_number = rows[0].index("Points")
    for row in rows[1:]:
        assert all(str(int(cell)) == cell for cell in row[first_number:]), row  # each reads as a whole number
    anna = next(row for row in rows if row[0] == "Anna")
    assert anna[rows[0].index("VP diff")] == "-8" and anna[first_number] == "5"
    odd = next(row for row in rows if "HYPERLINK" in row[0])
    assert odd[0] == "'" + FORMULA and odd[2] == "'@club"


def test_the_html_escapes_every_text_and_marks_it_as_text(standings):
    sc, table = standings
    page = league_html(sc, table, Scoring(3, 1, 0), "Shop <night>", club_standings(table, Scoring(3, 1, 0)))
    assert '<td class="text">=HYPERLINK(&quot;x&quot;)</td>' in page
    assert FORMULA not in page and "<night>" not in page and "Shop &lt;night&gt;" in page
    assert "3 points a win, 1 a draw, 0 a loss" in page
    assert '<td class="number">-8</td>' in page and "<h2>Clubs</h2>" in page
    assert 'mso-number-format: "\\@"' in page  # a spreadsheet opening the page keeps text as text


def test_the_pdf_league_page_says_the_scheme_and_has_clubs_and_the_matrix(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as made:
        made.apply(
            made.read_actions([SCHEME, *(a for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values() for a in actions)])
        )
    with CampaignFile.open(path, readonly=True) as campaign:
        whole = " ".join(pages(report_pdf(campaign)))
    league = whole.split("The league of commanders", 1)[1]
    assert "Scored 3 points a win, 1 a draw, 0 a loss; ties parted by VP difference" in league
    assert "1 Marco (General) Dice Den Axis 11 6 3 2 1" in league
    clubs = league.split("Clubs", 1)[1]
    assert "Athens Wargamers 1 2 4 2.00 Dice Den 2 12 16 1.33" in clubs
    matrix = league.split("Who has played whom", 1)[1]
    assert "Axis ↓ / Allied → Anna Nikos Marco 4 · Hans 1 1 Giulia 1 2" in matrix  # Ben retired: left out


def test_a_scheme_chosen_after_the_campaign_ended_scores_its_last_league_page(tmp_path):
    """The organiser picks 3/1/0 once the last turn is over (as the window's league then shows):
    the last turn's report scores its league by it too, not by the scheme the turn ended with."""
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as made:
        made.apply(
            made.read_actions([*(a for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values() for a in actions), SCHEME])
        )
    with CampaignFile.open(path, readonly=True) as campaign:
        league = " ".join(pages(report_pdf(campaign))).split("The league of commanders", 1)[1]
    assert "Scored 3 points a win, 1 a draw, 0 a loss" in league
    assert "1 Marco (General) Dice Den Axis 11 6 3 2 1" in league


def test_every_swap_is_kept_on_the_printed_slips():
    sc = scenario()
    pairings = suggest(sc, twelve(sc), seed=3, scoring=Scoring(3, 1, 0))
    for one, other in (("F0", "F1"), ("F2", "S5"), ("S0", "S1")):
        pairings = pairings.swap(one, other)
    words = " ".join(pages(pairing_slips_pdf(sc, pairings, Scoring(3, 1, 0), "Shop night")))
    for table, pair in enumerate(pairings.pairs, start=1):
        a, b = pair.first.commander.name, pair.second.commander.name
        assert f"VP of {a} VP of {b}" in words
        assert f"Table {table}" in words
    assert pairings.pairs != suggest(sc, twelve(sc), seed=3, scoring=Scoring(3, 1, 0)).pairs


def test_the_printed_matrix_is_left_to_the_window_for_a_big_roster():
    from types import SimpleNamespace

    from reportlab.platypus import Paragraph, Table

    from campaign_manager.engine.league import Standing
    from campaign_manager.engine.state import Commander
    from campaign_manager.reports.league_pages import MATRIX_MOST, matrix_section

    sc = scenario()
    small = matrix_section(SimpleNamespace(scenario=sc, standings=twelve(sc)), 500)
    assert [type(f) for f in small].count(Table) == 1
    big = [Standing(Commander(n, f"C{n}", sc.side_ids[n % 2])) for n in range(2 * MATRIX_MOST + 2)]
    said = matrix_section(SimpleNamespace(scenario=sc, standings=big), 500)
    assert not any(isinstance(f, Table) for f in said)
    assert "matrix would fill pages of its own" in said[-1].getPlainText() and isinstance(said[-1], Paragraph)
