"""The commanders and the charts in print: the turn report gains the league of commanders (up to
the turn reported, names exactly as typed) and the campaign in charts; the status sheet's side
column gains each side's top commanders. A campaign that keeps no roster prints no league and
no top commanders (its status sheet is as it was), but its charts all the same."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from campaign_manager.reports.render import report_pdf
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, FULL_CAMPAIGN_WITH_COMMANDERS

ODD = 'Zoë <b>"K"</b> & co'  # a name typed with markup in it: printed as typed


def pages(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def _file(tmp_path, turns: dict[str, list[dict]], name: str, extra: list[dict] = ()) -> CampaignFile:
    path = tmp_path / f"{name}.campaign"
    with CampaignFile.create(path, name="Shop night") as made:
        made.apply(made.read_actions([*extra, *(a for actions in turns.values() for a in actions)]))
    return CampaignFile.open(path, readonly=True)


@pytest.fixture(scope="module")
def with_commanders(tmp_path_factory):
    opened = _file(
        tmp_path_factory.mktemp("league"),
        FULL_CAMPAIGN_WITH_COMMANDERS,
        "league",
        [{"type": "add_commander", "name": ODD, "side": "allied", "club": "<i>Club</i>"}],
    )
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def without(tmp_path_factory):
    opened = _file(tmp_path_factory.mktemp("plain"), FULL_CAMPAIGN, "plain")
    yield opened
    opened.close()


def _after(text: str, heading: str) -> str:
    assert heading in text, heading
    return text.split(heading, 1)[1]


def test_the_turn_report_has_the_league_and_the_charts(with_commanders):
    whole = " ".join(pages(report_pdf(with_commanders)))
    league = _after(whole, "The league of commanders").split("The campaign in charts")[0]
    # The league of tests/engine/test_league.py, by games won, then VP difference: Marco 3 won,
    # Hans 2, Ben 1 (+2), Giulia 1 (0), Anna 1 (-8); then no win: the newcomer (0), Nikos (-7).
    rows = [
        "1 Marco (General) Dice Den Axis 3 6 3 2 1 22 13 +9 2 3",
        "2 Hans Axis 2 2 2 0 0 11 3 +8 1 2",
        "3 Ben (retired) Athens Wargamers Allied 1 2 1 1 0 7 5 +2 2 0",
        "4 Giulia Axis 1 4 1 2 1 10 10 0 1 1",
        "5 Anna (General) Dice Den Allied 1 6 1 2 3 13 21 -8 1 1",
        f"6 {ODD} <i>Club</i> Allied 0 0 0 0 0 0 0 0 0 0",
        "7 Nikos Allied 0 3 0 1 2 6 13 -7 0 0",
    ]
    at = 0
    for row in rows:
        found = league.find(row, at)
        assert found >= at, f"{row!r} not in order in {league!r}"
        at = found + len(row)
    charts = _after(whole, "The campaign in charts")
    for heading in ("Victory points at the end of each turn", "Battles fought and won", "How often each area changed"):
        assert heading in charts
    assert "Turn 4: Axis 55, Allied 90" in charts and "C1 Ioannina 3 times" in charts


def test_the_turn_report_s_battles_say_who_played_each_game(with_commanders, without):
    battles = _after(" ".join(pages(report_pdf(with_commanders, turn=3))), "The battles of the turn")
    assert "played by Marco v Anna; Giulia v Nicos" in battles, "two games on B1 → C1, the names as they were then"
    assert "played by Marco v ?" in battles, "a game naming one side's commander only"
    assert "played by" not in " ".join(pages(report_pdf(without, turn=3))), "nobody named: nothing said"


def test_an_earlier_turn_s_report_has_the_league_as_it_stood_then(with_commanders):
    league = _after(" ".join(pages(report_pdf(with_commanders, turn=1))), "The league of commanders")
    assert "1 Marco (General) Dice Den Axis 1 1 1 0 0" in league, "turn 1: Marco beat Anna at B1→C1"
    assert "Hans" not in league.split("The campaign in charts")[0], "Hans joined before turn 4"
    charts = _after(league, "The campaign in charts")
    assert "Turn 1: Axis 30, Allied 100" in charts and "Turn 2:" not in charts


def test_the_status_sheet_shows_each_side_s_top_commanders(with_commanders):
    [sheet] = pages(report_pdf(with_commanders, kind="status"))
    top = _after(sheet, "Top commanders")
    axis, allied = _after(top, "Axis commanders"), _after(top, "Allied commanders")
    assert "1. Marco (General) 3–2–1, VP +9" in axis.replace("Allied commanders", "")
    assert "2. Hans 2–0–0, VP +8" in top and "3. Giulia 1–2–1, VP 0" in top
    assert "1. Ben (retired) 1–1–0, VP +2" in allied and "3. Nikos 0–1–2, VP -7" in allied
    assert ODD not in sheet, "three a side, and only those who have played"


def test_a_campaign_without_a_roster_prints_no_league_but_its_charts(without):
    whole = " ".join(pages(report_pdf(without)))
    assert "league" not in whole.lower() and "The campaign in charts" in whole
    [sheet] = pages(report_pdf(without, kind="status"))
    assert "commander" not in sheet.lower()


@pytest.mark.parametrize("turn", [1, 2, 3, 4])
@pytest.mark.parametrize("roster", ["with_commanders", "without"])
def test_the_charts_share_one_page_and_none_stands_alone(request, roster, turn):
    """The three charts print together under their heading, so the last is never a page's only
    content (with no roster the turn 3 report once ended on a page holding one chart)."""
    printed = pages(report_pdf(request.getfixturevalue(roster), turn=turn))
    [page] = [p for p in printed if "The campaign in charts" in p]
    for title in ("Victory points at the end of each turn", "Battles fought and won", "How often each area"):
        assert title in page, (title, turn)
