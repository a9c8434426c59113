"""A Greek Tragedy's start-of-turn weather roll (rule 4.21): a d10 on the scenario's Weather
Table against the month, with the Gamers' -2; fixed months need no roll (January snow, the
Gamers' October clear); the Historical scenario starts with rain. The tracker records it with
the turn, die and all."""

from __future__ import annotations

import json

import pytest

from campaign_manager.assist.agt import cup
from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import load_charts
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.history import describe
from campaign_manager.assist.agt.state import apply, new_state
from campaign_manager.assist.agt.weather import record_turn_weather, turn_weather
from campaign_manager.cli import main
from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import UserError
from tests.assist.agt_turns import reach, reach_game


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
    assert (
        main(["assist", "agt", "weather", "--scenario", "historical", "--month", "nov", "--first-turn", "--json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["weather"] == "rain"


# -- the weather step of the tracker (rule 4.21, phase A/2 of the turn) ------------------------


def in_turn(charts, month, scenario="historical"):
    return reach(new_state(book(), scenario), charts, month)


def test_the_tracker_records_the_turns_weather_with_its_die(charts):
    """4.21: at the start of each turn a d10 is read on the scenario's Weather Table for the
    month; the tracker keeps the weather and the die with the turn, typed or rolled."""
    charts.set("weather_historical", "4", "dec", "rain")
    state = in_turn(charts, "dec")
    typed = record_turn_weather(state, charts, die="4")
    assert (typed["weather"], typed["die"], typed["how"]) == ("rain", 4, "typed")
    rolled = record_turn_weather(state, charts, roller=ScriptedRoller([4]))
    assert (rolled["weather"], rolled["die"], rolled["how"]) == ("rain", 4, "rolled")
    state = apply(state, typed, book())
    assert state.weather["die"] == 4 and state.weather_now == "rain"
    assert describe(state.history[-1], book(), "historical").startswith("Weather at the start of the turn: rain")


def test_the_tracked_historical_game_starts_with_rain_without_a_die(charts):
    """Historical scenario special rule: the game starts with rain, so its first turn has no
    weather roll; the next turn rolls as usual."""
    state = in_turn(charts, "nov")
    with pytest.raises(UserError, match="starts with rain"):
        record_turn_weather(state, charts, die=3)
    action = record_turn_weather(state, charts, roller=ScriptedRoller([]))
    assert (action["weather"], action["die"], action["how"]) == ("rain", None, None)
    state = apply(state, action, book())
    state = apply(state, cup.start_turn(state, charts, "dec", ["XXV"], ["A"]), book())
    assert state.weather is None and state.weather_now is None  # a new turn checks it again
    assert record_turn_weather(state, charts, roller=ScriptedRoller([7]))["die"] == 7


def test_the_turns_weather_is_recorded_once_and_only_in_a_turn(charts):
    """4.21: one weather check at the start of each turn."""
    with pytest.raises(UserError, match="4.21.*start a turn first"):
        record_turn_weather(new_state(book(), "gamers"), charts, die=1)
    state = in_turn(charts, "oct", "gamers")
    state = apply(state, record_turn_weather(state, charts), book())  # the Gamers' October is clear
    assert state.weather["weather"] == "clear"
    with pytest.raises(UserError, match="already recorded \\(clear\\); undo it"):
        record_turn_weather(state, charts, die=2)


def test_weather_read_on_the_printed_table_only_while_the_owners_copy_lacks_it(charts):
    """4.21: the Weather Table is printed on the game's charts; until the owner copies a line,
    the players may record what they read there, and a copied line is not contradicted."""
    state = in_turn(charts, "feb")
    action = record_turn_weather(state, charts, die=2, read="Snow")
    assert (action["weather"], action["read"]) == ("snow", True)
    with pytest.raises(UserError, match="one of clear, rain, snow, not 'fog'"):
        record_turn_weather(state, charts, die=2, read="fog")
    charts.set("weather_historical", "2", "feb", "rain")
    with pytest.raises(UserError, match="Weather Table for February 1941: rain, not snow"):
        record_turn_weather(state, charts, die=2, read="snow")
    assert record_turn_weather(state, charts, die=2)["read"] is False


def test_a_random_events_weather_roll_changes_the_weather_now(charts):
    """4.21/4.22: random events may change the weather during the turn; the start-of-turn
    weather stays recorded, and one recorded late does not undo the event's roll."""
    charts.set("weather_historical", "4", "dec", "rain")
    charts.set("weather_historical", "8", "dec", "snow")
    state = in_turn(charts, "dec")
    state = apply(
        state, cup.draw(state, charts, ScriptedRoller([]), "Mussolini #1", event_die=3, weather_die=8), book()
    )
    state = apply(state, record_turn_weather(state, charts, die=4), book())
    assert (state.weather["weather"], state.weather_now, state.weather_by_event) == ("rain", "snow", True)


def test_the_recorded_weather_replays_from_the_file_without_rolling(tmp_path, charts):
    """4.21: the die is kept with the action, so reopening the file gives the same weather."""
    path = tmp_path / "evening.agt"
    game = AgtGame.create(path, "gamers")
    reach_game(game, charts, "nov")  # October first: the Gamers' scenario starts then
    game.record(record_turn_weather(game.state, charts, roller=ScriptedRoller([6])))
    game.close()
    game = AgtGame.open(path)
    assert (game.state.weather["die"], game.state.weather["modified_die"], game.state.weather["how"]) == (
        6,
        4,
        "rolled",
    )
    game.close()


def test_the_game_weather_command(capsys, tmp_path):
    """4.21 from the command line: exit code 2 and one line for a refusal, the weather in JSON."""
    path = str(tmp_path / "g.agt")
    assert main(["assist", "agt", "game", "new", path, "--scenario", "historical"]) == 0
    assert main(["assist", "agt", "game", "weather", path]) == 2
    assert "start a turn first" in capsys.readouterr().err
    assert main(["assist", "agt", "cup", "turn", path, "--month", "nov", "--italian", "XXV", "--greek", "A"]) == 0
    capsys.readouterr()
    assert main(["assist", "agt", "game", "weather", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["weather"]["weather"] == data["weather_now"] == "rain"
    assert main(["assist", "agt", "game", "weather", path, "--die", "4"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
