"""A Greek Tragedy activation cup: filling, seeded and scripted draws, Mussolini markers and
the Random Events tables, the last-marker rule, and Greek markers removed with the season's
rounding (RULES.md section 3; book 4.1, 5.2 and the scenarios' Mussolini Factor)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.agt import cup
from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import load_charts
from campaign_manager.assist.agt.state import apply, new_state
from campaign_manager.dice import NoRoller, RandomRoller, ScriptedRoller
from campaign_manager.errors import DieError, UserError
from tests.assist.agt_turns import reach


@pytest.fixture
def charts(tmp_path):
    return load_charts(tmp_path / "none.toml")


def turn(
    charts, scenario="historical", month=None, italian=("XXV", "XXVI"), greek=("A", "B", "C"), first=None, state=None
):
    """The game at `month` (the scenario's first by default), every earlier turn played."""
    state = state or new_state(book(), scenario)
    month = month or book().scenario_months(scenario)[0]
    return reach(state, charts, month, italian, greek, first)


def draw(state, charts, roller=None, **kwargs):
    action = cup.draw(state, charts, roller or NoRoller(), **kwargs)
    return apply(state, action, book()), action


def test_two_markers_per_command_plus_two_mussolini(charts):
    state = turn(charts)
    assert len(state.cup) == 5 * 2 + 2
    assert state.cup[:3] == ["Italian XXV #1", "Italian XXV #2", "Italian XXVI #1"]
    assert state.cup[-2:] == ["Mussolini #1", "Mussolini #2"]


def test_initiative_player_starts_with_a_marker_kept_out_of_the_cup(charts):
    state = turn(charts, month="dec", first="B")
    assert state.drawn == ["Greek B #1"] and "Greek B #1" not in state.cup and len(state.cup) == 11
    with pytest.raises(UserError, match="4.1"):
        cup.start_turn(new_state(book(), "historical"), charts, "nov", ["XXV"], ["A"], "XXX")


def test_turns_go_forward_and_stay_in_the_scenario(charts):
    historical = new_state(book(), "historical")
    with pytest.raises(UserError, match="starts with the November 1940 turn, not October 1940"):
        cup.start_turn(historical, charts, "oct", ["XXV"], ["A"])  # the Historical scenario starts in November
    state = turn(charts, month="dec")
    with pytest.raises(UserError, match="cannot follow"):
        cup.start_turn(state, charts, "nov", ["XXV"], ["A"])


def test_a_scripted_draw_takes_that_marker(charts):
    state, action = draw(turn(charts), charts, ScriptedRoller([4]))
    assert action["marker"] == "Italian XXVI #2" and action["how"] == "rolled"
    assert "Italian XXVI #2" not in state.cup and state.drawn == ["Italian XXVI #2"]


def test_seeded_draws_empty_the_cup_and_repeat_with_the_same_seed(charts):
    def play(seed):
        state, roller, order = turn(charts, month="dec"), RandomRoller(seed), []
        while state.cup:
            state, action = draw(state, charts, roller)
            order.append(action["marker"])
        return state, order

    state, order = play(11)
    assert play(11)[1] == order
    assert sorted(state.drawn + state.removed) == sorted(state.markers)  # each marker out once
    with pytest.raises(UserError, match="cup is empty"):
        cup.draw(state, charts, RandomRoller(1))


def test_a_physical_draw_is_recorded_as_named(charts):
    state, action = draw(turn(charts), charts, marker="Greek C #2")
    assert action["how"] == "typed" and state.drawn == ["Greek C #2"]
    with pytest.raises(UserError, match="not in the cup"):
        cup.draw(state, charts, NoRoller(), marker="Greek C #2")


def test_mussolini_marker_rolls_on_the_scenario_table(charts):
    state, action = draw(turn(charts), charts, marker="Mussolini #1", event_die=0)
    assert action["event"]["code"] == "duce-demands-results"  # Historical 0-1
    state, action = draw(turn(charts, scenario="gamers", month="oct"), charts, marker="Mussolini #2", event_die=2)
    assert action["event"]["code"] == "more-lorries"  # Gamers' 2


def test_a_mussolini_marker_last_in_the_cup_is_ignored(charts):
    state = turn(charts, italian=(), greek=("A",))
    state, _ = draw(state, charts, marker="Greek A #1")
    state, _ = draw(state, charts, marker="Mussolini #2", event_die=0)
    state, _ = draw(state, charts, marker="Greek A #2")
    state, action = draw(state, charts, NoRoller(), marker="Mussolini #1")  # no die may be rolled
    assert action["ignored"] and action["event"] is None and state.cup == []


def test_odd_event_rolls_bring_a_weather_roll_from_the_owner_table(charts):
    charts.set("weather_historical", "4", "dec", "snow")
    state = turn(charts, month="dec")
    _, action = draw(state, charts, ScriptedRoller([4]), marker="Mussolini #1", event_die=7)
    assert (action["event"]["weather_die"], action["event"]["weather"]) == (4, "snow")
    _, action = draw(state, charts, marker="Mussolini #1", event_die=6)
    assert action["event"]["weather_die"] is None  # even: no weather roll
    _, action = draw(state, charts, marker="Mussolini #1", event_die=7, weather_die=5)
    assert action["event"]["weather"] is None  # not filled in: says where to read it
    assert action["event"]["weather_read"] == "read the Historical Weather Table: December 1940, die 5"


def test_gamers_weather_die_loses_two_and_fixed_months_need_no_roll(charts):
    charts.set("weather_gamers", "3", "nov", "rain")
    state = turn(charts, scenario="gamers", month="nov")
    _, action = draw(state, charts, marker="Mussolini #1", event_die=1, weather_die=5, removed=["Greek A #1"])
    assert (action["event"]["weather_modified"], action["event"]["weather"]) == (3, "rain")
    january = turn(charts, scenario="historical", month="jan")
    _, action = draw(january, charts, NoRoller(), marker="Mussolini #1", event_die=7)
    assert action["event"]["weather"] == "snow" and action["event"]["weather_die"] is None


@pytest.mark.parametrize("month, removed", [("nov", 2), ("dec", 2), ("jan", 3), ("feb", 3), ("mar", 2), ("apr", 2)])
def test_greek_supply_problems_take_half_with_the_season_rounding(charts, month, removed):
    # six Greek markers, one drawn: five left; Fall and Spring round down, Winter up
    state, _ = draw(turn(charts, month=month), charts, marker="Greek A #1")
    roller = ScriptedRoller([1] * removed)
    state, action = draw(state, charts, roller, marker="Mussolini #1", event_die=9, weather_die=0)
    assert action["event"]["removed"] == ["Greek A #2", "Greek B #1", "Greek B #2"][:removed]
    assert len(state.in_cup("greek")) == 5 - removed
    assert len(state.in_cup("italian")) == 4  # Italian markers stay


def test_bombing_greek_cities_takes_one_greek_marker(charts):
    state, action = draw(turn(charts), charts, ScriptedRoller([6]), marker="Mussolini #1", event_die=4)
    assert action["event"]["removed"] == ["Greek C #2"] and state.removed == ["Greek C #2"]


def test_markers_taken_from_a_real_cup_are_checked(charts):
    state = turn(charts, month="jan")
    with pytest.raises(UserError, match="3 different Greek markers"):
        cup.draw(state, charts, NoRoller(), marker="Mussolini #1", event_die=9, removed=["Greek A #1"])
    with pytest.raises(UserError, match="not a Greek marker"):
        cup.draw(
            state,
            charts,
            NoRoller(),
            marker="Mussolini #1",
            event_die=9,
            removed=["Italian XXV #1", "Greek A #1", "Greek A #2"],
        )
    with pytest.raises(UserError, match="takes no marker"):
        cup.draw(state, charts, NoRoller(), marker="Mussolini #1", event_die=0, removed=["Greek A #1"])
    state, action = draw(
        state, charts, marker="Mussolini #1", event_die=9, removed=["Greek C #1", "Greek A #1", "Greek B #2"]
    )
    assert action["event"]["removed_how"] == "typed" and len(state.in_cup("greek")) == 3


def test_once_a_game_events_become_no_event_and_repeats_are_flagged(charts):
    state, first = draw(turn(charts), charts, marker="Mussolini #1", event_die=2)
    assert not first["event"]["no_event"] and state.once_seen == ["italian-air-returns"]
    state, again = draw(state, charts, marker="Mussolini #2", event_die=3, weather_die=1)
    assert again["event"]["no_event"] and not again["event"]["repeat"]
    later = turn(charts, month="dec", state=state)
    _, repeat = draw(later, charts, marker="Mussolini #1", event_die=2)
    assert repeat["event"]["no_event"] and not repeat["event"]["repeat"]  # new turn, new rolls
    same_turn, _ = draw(later, charts, marker="Mussolini #1", event_die=8)
    _, twice = draw(same_turn, charts, marker="Mussolini #2", event_die=8)
    assert twice["event"]["repeat"]


def test_gamers_special_event_chits_and_port_event(charts):
    state = turn(charts, scenario="gamers", month="oct")
    _, zero = draw(state, charts, marker="Mussolini #1", event_die=0)
    _, nine = draw(state, charts, marker="Mussolini #1", event_die=9)  # October: weather fixed clear
    assert zero["event"]["special_event_chit"] and nine["event"]["special_event_chit"]
    after, _ = draw(state, charts, marker="Mussolini #1", event_die=4)
    assert after.port_building_open and after.port_bonus_left == 3


def test_the_random_events_die_is_checked(charts):
    with pytest.raises(DieError, match="cannot show 10"):
        cup.draw(turn(charts), charts, NoRoller(), marker="Mussolini #1", event_die=10)


def test_greek_disloyalty_takes_two_greek_markers(charts):
    state = turn(charts)
    action = cup.remove_greek(state, 2, ScriptedRoller([1, 5]), "Greek Disloyalty")
    assert action["markers"] == ["Greek A #1", "Greek C #2"]
    state = apply(state, action, book())
    assert len(state.in_cup("greek")) == 4
    with pytest.raises(UserError, match="Only 4 Greek markers"):
        cup.remove_greek(state, 5, RandomRoller(1), "Greek Disloyalty")


def test_a_command_typed_in_another_case_is_the_books(charts):
    # 'xxv' typed at the table was a command of its own beside XXV (markers 'Italian xxv #1')
    action = cup.start_turn(new_state(book(), "historical"), charts, "nov", ["xxv", " XXVI"], ["a", "House"], "Xxv")
    assert action["italian"] == ["XXV", "XXVI"] and action["greek"] == ["A", "House"]  # another name as typed
    assert action["first"] == "Italian XXV #1"
    with pytest.raises(UserError, match="listed twice"):
        cup.start_turn(new_state(book(), "historical"), charts, "nov", ["XXV", "xxv"], ["A"])
