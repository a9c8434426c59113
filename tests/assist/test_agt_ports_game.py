"""A Greek Tragedy port capacity tracker (book 6.82-6.85, 8.743) and the assist-game file
that keeps cup and ports between evenings, with undo and redo."""

from __future__ import annotations

import pytest

from campaign_manager.assist.agt import cup, ports
from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import load_charts
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.state import apply, new_state
from campaign_manager.dice import RandomRoller
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.store.logfile import LogFile
from tests.assist.agt_turns import reach, reach_game


@pytest.fixture
def charts(tmp_path):
    return load_charts(tmp_path / "none.toml")


def in_month(charts, month, scenario="historical"):
    return reach(new_state(book(), scenario), charts, month)


def test_start_values_are_the_books():
    assert new_state(book(), "historical").ports == {
        "Durazzo": 18,
        "Vlore": 18,
        "Kerkira": 10,
        "Parga": 8,
        "Preveza": 6,
        "Argostoli": 5,
        "Igoumenitsa": 5,
    }


def test_each_bomber_cuts_two_points_down_to_zero(charts):
    state = in_month(charts, "nov")
    assert ports.change_port(state, charts, "Durazzo", "bombed", 3)["change"] == -6
    assert ports.change_port(state, charts, "argostoli", "bombed", 4)["change"] == -5  # not below 0


def test_building_starts_in_december_1940(charts):
    with pytest.raises(UserError, match="6.84.*December 1940"):
        ports.change_port(in_month(charts, "nov"), charts, "Vlore", "built", 1)
    action = ports.change_port(in_month(charts, "dec"), charts, "Vlore", "built", 2)
    assert action["change"] == 2


def test_building_stops_at_the_owner_filled_track_maximum(charts):
    charts.set("port_max", "Parga", "maximum", "10")
    state = in_month(charts, "jan")
    assert ports.change_port(state, charts, "Parga", "built", 2)["change"] == 2
    with pytest.raises(UserError, match="top of its track \\(10\\)"):
        ports.change_port(state, charts, "Parga", "built", 3)


def test_greek_units_wreck_a_port_point_per_movement_point(charts):
    assert ports.change_port(in_month(charts, "nov"), charts, "Preveza", "destroyed", 4)["change"] == -4


def test_gamers_port_event_opens_building_and_grants_three_free_points(charts):
    state = in_month(charts, "oct", "gamers")
    with pytest.raises(UserError, match="only 0 free"):
        ports.change_port(state, charts, "Kerkira", "bonus", 1)
    state = apply(state, cup.draw(state, charts, RandomRoller(1), "Mussolini #1", event_die=3, weather_die=5), book())
    assert ports.change_port(state, charts, "Kerkira", "built", 1)["change"] == 1  # October, yet open
    state = apply(state, ports.change_port(state, charts, "Kerkira", "bonus", 2), book())
    assert (state.ports["Kerkira"], state.port_bonus_left) == (12, 1)
    with pytest.raises(UserError, match="only 1 free"):
        ports.change_port(state, charts, "Vlore", "bonus", 2)


def test_unknown_port_is_refused(charts):
    with pytest.raises(UserError, match="no port 'Athens'"):
        ports.change_port(in_month(charts, "nov"), charts, "Athens", "bombed", 1)


def test_cup_and_ports_survive_closing_and_reopening_with_undo(tmp_path, charts):
    path = tmp_path / "evening.agt"
    game = AgtGame.create(path, "historical")
    reach_game(game, charts, "dec", ["XXV", "XXVI"], ["A", "B"], "XXV")
    roller = RandomRoller(5)
    for _ in range(3):
        game.record(cup.draw(game.state, charts, roller))
    game.record(ports.change_port(game.state, charts, "Durazzo", "bombed", 2))
    saved = (list(game.state.cup), list(game.state.drawn), dict(game.state.ports))
    game.close()

    game = AgtGame.open(path)
    assert (game.state.cup, game.state.drawn, game.state.ports) == saved
    assert game.state.ports["Durazzo"] == 14
    game.undo()
    assert game.state.ports["Durazzo"] == 18 and game.can_redo()
    game.close()
    game = AgtGame.open(path)
    assert game.state.ports["Durazzo"] == 18
    game.redo()
    assert game.state.ports["Durazzo"] == 14
    game.close()


def test_a_file_of_another_kind_is_refused(tmp_path):
    other = tmp_path / "gcw.agt"
    LogFile.create(other, kind="assist:gcw", document_name="x", document_source="").close()
    with pytest.raises(FileRefused, match="not an assist-game file \\(agt\\)"):
        AgtGame.open(other)


def test_a_port_passes_at_most_its_capacity_in_a_turn(charts):
    """6.81: landings and full activations move the port's marker along its capacity track; at
    the top nothing more lands or activates through that port this turn."""
    state = in_month(charts, "nov")
    state = apply(state, ports.use_port(state, charts, "Durazzo", "landing", 10), book())
    state = apply(state, ports.use_port(state, charts, "durazzo", "activation", 8), book())
    assert (state.used("Durazzo"), state.left("Durazzo"), state.left("Vlore")) == (18, 0, 18)
    with pytest.raises(UserError, match=r"Rule 6\.81: Durazzo can pass only 0 more .* landing units needs 1"):
        ports.use_port(state, charts, "Durazzo", "landing", 1)
    assert ports.use_port(state, charts, "Vlore", "air", 18)["points"] == 9  # 8.64: one point readies two


def test_a_refit_costs_two_capacity_points(charts):
    """9.11: an Italian refit action costs 2 PCP, counted against the port this turn."""
    state = in_month(charts, "nov")
    action = ports.use_port(state, charts, "Argostoli", "refit", 2)
    assert (action["amount"], action["points"]) == (2, 4)
    state = apply(state, action, book())
    assert state.left("Argostoli") == 1
    with pytest.raises(UserError, match=r"Rules 9\.11 and 6\.81: Argostoli .* 1 refit at 2 points each needs 2"):
        ports.use_port(state, charts, "Argostoli", "refit", 1)


def test_building_up_spends_the_ports_capacity_points_this_turn(charts):
    """6.84: one PCP spent per capacity point built, out of what the port passes this turn."""
    state = in_month(charts, "dec")
    state = apply(state, ports.use_port(state, charts, "Igoumenitsa", "landing", 3), book())
    state = apply(state, ports.change_port(state, charts, "Igoumenitsa", "built", 2), book())
    assert (state.ports["Igoumenitsa"], state.used("Igoumenitsa"), state.left("Igoumenitsa")) == (7, 5, 2)
    state = apply(state, ports.use_port(state, charts, "Igoumenitsa", "landing", 2), book())
    with pytest.raises(UserError, match=r"Rules 6\.84 and 6\.81: Igoumenitsa can pass only 0"):
        ports.change_port(state, charts, "Igoumenitsa", "built", 1)


def test_capacity_used_starts_again_each_turn_and_needs_a_turn(charts):
    """6.81: the capacity track counts one turn's use; a new turn starts every port unused."""
    state = new_state(book(), "historical")
    with pytest.raises(UserError, match="6.81.*start a turn first"):
        ports.use_port(state, charts, "Vlore", "landing", 1)
    state = in_month(charts, "nov")
    state = apply(state, ports.use_port(state, charts, "Vlore", "landing", 18), book())
    state = apply(state, cup.start_turn(state, charts, "dec", ["XXV"], ["A"]), book())
    assert (state.used("Vlore"), state.left("Vlore")) == (0, 18)


def test_bombed_below_what_it_passed_leaves_nothing(charts):
    """6.81 with 8.743: a port bombed after use can pass nothing more this turn, never less than 0."""
    state = in_month(charts, "nov")
    state = apply(state, ports.use_port(state, charts, "Preveza", "landing", 5), book())
    state = apply(state, ports.change_port(state, charts, "Preveza", "bombed", 1), book())
    assert (state.ports["Preveza"], state.left("Preveza")) == (4, 0)
