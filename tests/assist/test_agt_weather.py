"""A Greek Tragedy's start-of-turn weather roll (rule 4.21): a d10 on the scenario's Weather
Table against the month, with the Gamers' -2; fixed months need no roll (January snow, the
Gamers' October clear); the Historical scenario starts with rain."""

from __future__ import annotations

import json

import pytest

from campaign_manager.assist.agt.charts import load_charts
from campaign_manager.assist.agt.weather import turn_weather
from campaign_manager.cli import main
from campaign_manager.errors import UserError


@pytest.fixture
def charts(tmp_path):
    return load_charts(tmp_path / "none.toml")


def test_the_historical_game_starts_with_rain(charts):
    found = turn_weather(charts, "historical", "nov", first_turn=True)
    assert (found.weather, found.die) == ("rain", None)
    with pytest.raises(UserError, match="starts with rain"):
        turn_weather(charts, "historical", "nov", die=5, first_turn=True)


def test_fixed_months_need_no_roll(charts):
    assert turn_weather(charts, "historical", "jan").weather == "snow"
    assert turn_weather(charts, "gamers", "oct", first_turn=True).weather == "clear"


def test_a_roll_reads_the_owners_weather_table_with_the_scenarios_modifier(charts):
    before = turn_weather(charts, "gamers", "nov", die=4)
    assert (before.weather, before.modified) == (None, 2) and "Gamers' Weather Table" in before.why
    charts.set("weather_gamers", "2", "nov", "rain")
    assert turn_weather(charts, "gamers", "nov", die=4).weather == "rain"
    charts.set("weather_historical", "4", "dec", "snow")
    assert turn_weather(charts, "historical", "dec", die=4).weather == "snow"
    with pytest.raises(UserError, match="cannot show 10"):
        turn_weather(charts, "historical", "dec", die=10)


def test_the_weather_command(capsys):
    assert main(["assist", "agt", "weather", "--scenario", "historical", "--month", "nov", "--first-turn",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["weather"] == "rain"
