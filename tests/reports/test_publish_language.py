"""The published folder in the organiser's language: the page, its map's words and the feed are
German under a German catalogue, the page's `lang` says so, its times are written the German way;
status.json, which programs read, is the same in every language. The league's web page too."""

from __future__ import annotations

import pytest

from campaign_manager import i18n
from campaign_manager.engine.league import club_standings, league
from campaign_manager.reports.league_export import league_csv, league_html
from campaign_manager.reports.publish import folder_files
from campaign_manager.reports.render import report_inputs
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN_WITH_COMMANDERS as DATA


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    path = tmp_path_factory.mktemp("language") / "shop.campaign"
    with CampaignFile.create(path, name="Spieleabend") as made:
        made.apply(made.read_actions(DATA["turn 1"] + DATA["turn 2"] + DATA["turn 3"][:3]))
    with CampaignFile.open(path, readonly=True) as opened:
        return report_inputs(opened)


def _in(language: str | None, make):
    i18n.use(language)
    try:
        return make()
    finally:
        i18n.use(None)


def test_status_json_is_the_same_in_every_language(inputs, monkeypatch):
    english = _in("en", lambda: folder_files(inputs))
    german = _in("de", lambda: folder_files(inputs))
    monkeypatch.setenv(i18n.PSEUDO_VARIABLE, "1")
    pseudo = _in(None, lambda: folder_files(inputs))
    assert english["status.json"] == german["status.json"] == pseudo["status.json"]
    assert english["index.html"] != german["index.html"] != pseudo["index.html"]


def test_the_page_and_the_feed_are_german(inputs):
    files = _in("de", lambda: folder_files(inputs))
    page, feed = files["index.html"].decode(), files["feed.xml"].decode()
    assert '<html lang="de">' in page
    for german in ("Siegpunkte", "Die Karte", "Legende", "Schlachten", "Als Nächstes: Zug 4", "Zuletzt eingetragen"):
        assert german in page, german
    for english in ("Victory points", "The map", "Next: turn", "Last recorded", "Published by", "The turn"):
        assert english not in page, english
    assert "Zug 2, Schlacht 1" in feed and "Turn 2, battle 1" not in feed
    english = _in("en", lambda: folder_files(inputs))["index.html"].decode()
    assert '<html lang="en">' in english and "Next: turn 4" in english


def test_the_pages_time_is_written_as_the_language_writes_it(inputs):
    recorded = inputs.recorded_at[-1]  # e.g. 2024-03-22T21:36:00
    day, minute = recorded[:10].split("-"), recorded[11:16]
    german = _in("de", lambda: folder_files(inputs))["index.html"].decode()
    english = _in("en", lambda: folder_files(inputs))["index.html"].decode()
    assert f"Zuletzt eingetragen am {day[2]}.{day[1]}.{day[0]} {minute} (UTC)." in german
    assert f"Last recorded {recorded[:10]} {minute} (UTC)." in english


def test_the_league_web_page_follows_the_language_and_its_csv_does_not(inputs):
    sc, state = inputs.scenario, inputs.history[-1].state
    from campaign_manager.engine.battle_log import battle_rows
    from campaign_manager.engine.campaign import initial_state

    standings = league(sc, state.roster, battle_rows(sc, initial_state(sc), inputs.history), state.scoring)
    clubs = club_standings(standings, state.scoring)
    page = _in("de", lambda: league_html(sc, standings, state.scoring, clubs=clubs))
    assert '<html lang="de">' in page and "Die Liga der Kommandeure" in page and "Vereine" in page
    assert "Kommandeur" in page and ">Commander<" not in page
    assert _in("de", lambda: league_csv(sc, standings, state.scoring)) == league_csv(sc, standings, state.scoring)
