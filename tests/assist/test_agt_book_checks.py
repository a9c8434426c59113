"""A Greek Tragedy: what the book forbids is refused, combat always gives a result, the Gamers'
Special Event chits are kept, the table references are there, and every count is bounded."""

from __future__ import annotations

import json

import pytest

from campaign_manager.assist.agt import cup, ports
from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.charts import OwnerCharts, load_charts
from campaign_manager.assist.agt.cohesion import cohesion_roll
from campaign_manager.assist.agt.combat import Combat, CombatResult, CombatSide, reckon_combat
from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.agt.history import describe
from campaign_manager.assist.agt.initiative import initiative
from campaign_manager.assist.agt.state import apply, new_state
from campaign_manager.cli import main
from campaign_manager.dice import NoRoller
from campaign_manager.errors import UserError
from tests.assist.agt_turns import reach


@pytest.fixture
def charts(tmp_path) -> OwnerCharts:
    return load_charts(tmp_path / "none.toml")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["assist", "agt", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("campaign-manager: "), err
    return err


# -- 8.3: the Combat Results Table always gives a result ---------------------------------------


def fill_crt_ends(charts: OwnerCharts) -> None:
    for row, attacker, defender in (("15", "-", "e"), ("-6", "e", "-")):
        charts.set("crt", row, "aggressive/stand attacker", attacker)
        charts.set("crt", row, "aggressive/stand defender", defender)
    charts.set("odds_drm", "6:1", "DRM", "6")
    charts.set("odds_drm", "1:4", "DRM", "-5")


def test_rule_8_3_an_adjusted_die_above_the_chart_is_read_on_its_top_line(charts):
    fill_crt_ends(charts)
    combat = Combat(
        CombatSide(60, artillery=6, aircraft=8), CombatSide(5), aggressive=True, stand=True, concentric=True
    )
    reckoning = reckon_combat(combat, charts, die=9)
    assert reckoning.adjusted == 31  # 9 + 6 (odds 12:1, read as 6:1) + 1 - 1 + 2 + 6 + 8
    assert reckoning.result == CombatResult("-", "e", "aggressive/stand")
    assert any("beyond the Combat Results Table" in note and "top line, 15" in note for note in reckoning.notes)


def test_rule_8_3_an_adjusted_die_below_the_chart_is_read_on_its_bottom_line(charts):
    fill_crt_ends(charts)
    combat = Combat(CombatSide(1), CombatSide(15, artillery=6, aircraft=8), aggressive=True, stand=True)
    reckoning = reckon_combat(combat, charts, die=0)
    assert reckoning.adjusted == -19
    assert reckoning.result == CombatResult("e", "-", "aggressive/stand")
    assert any("bottom line, -6" in note for note in reckoning.notes)


def test_rule_8_27_an_isolated_defenders_artillery_is_not_counted(charts):
    reckoning = reckon_combat(Combat(CombatSide(6), CombatSide(6, artillery=2, isolated=True)), charts, die=5)
    assert not any("Defender artillery" in m.name for m in reckoning.modifiers)
    assert any("armour points and artillery are not used" in note for note in reckoning.notes)


# -- 4.1, 10.0, 11.0: the first turn and the calendar -------------------------------------------


def test_rule_4_1_the_italians_have_the_initiative_on_game_turn_1(capsys, tmp_path):
    path = str(tmp_path / "g.agt")
    run(capsys, "game", "new", path, "--scenario", "historical")
    code, _, err = run(
        capsys, "cup", "turn", path, "--month", "nov", "--italian", "XXV", "--greek", "A", "--first", "A"
    )
    assert code == 2 and "Rule 4.1: the Italians have the initiative on game turn 1" in one_line(err)
    assert (
        run(capsys, "cup", "turn", path, "--month", "nov", "--italian", "XXV", "--greek", "A", "--first", "XXV")[0] == 0
    )
    code, _, err = run(
        capsys, "cup", "turn", path, "--month", "dec", "--italian", "XXV", "--greek", "A", "--first", "A"
    )
    assert code == 0, err  # from turn 2 the initiative is rolled for


@pytest.mark.parametrize(
    "scenario,month,words",
    [
        ("historical", "oct", "starts with the November 1940 turn, not October 1940"),
        ("historical", "dec", "starts with the November 1940 turn, not December 1940"),
        ("gamers", "nov", "starts with the October 1940 turn, not November 1940"),
    ],
)
def test_rules_10_0_and_11_0_a_game_starts_in_its_scenarios_month(charts, scenario, month, words):
    with pytest.raises(UserError, match=words):
        cup.start_turn(new_state(book(), scenario), charts, month, ["XXV"], ["A"])


def test_rule_10_0_each_turn_is_the_next_month_up_to_april(charts):
    state = reach(new_state(book(), "historical"), charts, "nov")
    with pytest.raises(UserError, match="the next is December 1940"):
        cup.start_turn(state, charts, "jan", ["XXV"], ["A"])
    state = reach(state, charts, "apr")
    with pytest.raises(UserError, match="ends with the April 1941 turn"):
        cup.start_turn(state, charts, "apr", ["XXV"], ["A"])


def test_rules_4_21_and_10_0_the_first_turns_weather_belongs_to_the_first_month(capsys):
    code, _, err = run(capsys, "weather", "--scenario", "historical", "--month", "dec", "--first-turn")
    assert code == 2 and "the Historical scenario's first turn is November 1940, not December 1940" in one_line(err)
    code, _, err = run(capsys, "weather", "--scenario", "historical", "--month", "oct", "--die", "3")
    assert code == 2 and "has no October 1940 turn" in one_line(err)
    assert run(capsys, "weather", "--scenario", "gamers", "--month", "oct", "--first-turn")[0] == 0


@pytest.mark.parametrize("scenario,last", [("historical", 6), ("gamers", 7)])
def test_rule_4_1_initiative_only_on_the_scenarios_turns(capsys, scenario, last):
    assert initiative(scenario, last, 8, 3).winner is not None
    code, _, err = run(capsys, "initiative", "--scenario", scenario, "--turn", str(last + 1), "--italian", "8",
                       "--greek", "3")  # fmt: skip
    assert code == 2 and f"turns 1 to {last}" in one_line(err)


# -- 11.0: the Gamers' Special Event chits ---------------------------------------------------------


def gamers_with_a_chit(charts):
    """The Gamers' October turn, a 9 on the Random Events table: one Special Event chit drawn."""
    state = reach(new_state(book(), "gamers"), charts, "oct", ("XXV", "XXVI"), ("A", "B"))
    action = cup.draw(state, charts, NoRoller(), marker="Mussolini #1", event_die=9)
    return apply(state, action, book())


def test_rule_11_0_increased_italian_port_capacity_adds_five_to_one_port_each_turn(charts):
    state = gamers_with_a_chit(charts)
    with pytest.raises(UserError, match="has not been played"):
        ports.change_port(state, charts, "Vlore", "special")
    state = reach(state, charts, "nov", play=("port-capacity",))
    charts.set("port_max", "Vlore", "maximum", "21")
    action = ports.change_port(state, charts, "Vlore", "special")
    assert (action["amount"], action["change"]) == (5, 3)  # up to the top of the track
    state = apply(state, action, book())
    assert state.ports["Vlore"] == 21
    with pytest.raises(UserError, match="one port a turn"):
        ports.change_port(state, charts, "Durazzo", "special")
    state = reach(state, charts, "dec")  # and again the next turn
    assert apply(state, ports.change_port(state, charts, "Durazzo", "special"), book()).ports["Durazzo"] == 23
    with pytest.raises(UserError, match="already been played"):
        reach(state, charts, "jan", play=("port-capacity",))


def test_rule_11_0_a_chit_must_have_been_drawn_and_belongs_to_the_gamers_scenario(charts):
    with pytest.raises(UserError, match="has drawn 0 Special Event chit"):
        cup.start_turn(new_state(book(), "gamers"), charts, "oct", ["XXV"], ["A"], "XXV", ["port-capacity"])
    with pytest.raises(UserError, match="Gamers' scenario only"):
        cup.start_turn(new_state(book(), "historical"), charts, "nov", ["XXV"], ["A"], "XXV", ["port-capacity"])


def test_rule_11_0_mussolini_to_the_front_gives_the_initiative_and_plus_one_to_italian_attacks(charts):
    state = gamers_with_a_chit(charts)
    with pytest.raises(UserError, match="gives the Italians the initiative"):
        cup.start_turn(state, charts, "nov", ["XXV"], ["A"], "A", ["mussolini-to-the-front"])
    with pytest.raises(UserError, match="picks the marker that starts the turn"):
        cup.start_turn(state, charts, "nov", ["XXV"], ["A"], None, ["mussolini-to-the-front"])
    state = reach(state, charts, "nov", first="XXV", play=("mussolini-to-the-front",))
    assert state.played_this_turn == ["mussolini-to-the-front"] and state.drawn == ["Italian XXV #1"]
    assert "played: Mussolini to the Front" in describe(state.history[-1], book(), "gamers")
    plain = reckon_combat(Combat(CombatSide(6), CombatSide(6)), charts, die=4)
    duce = reckon_combat(Combat(CombatSide(6), CombatSide(6), mussolini_to_the_front=True), charts, die=4)
    assert duce.total == plain.total + 1


def test_rule_11_0_the_combat_command_takes_mussolini_to_the_front(capsys):
    code, out, _ = run(capsys, "combat", "--attacker", "6", "--defender", "6", "--die", "4",
                       "--mussolini-to-the-front", "--json")  # fmt: skip
    modifiers = {m["name"]: m["value"] for m in json.loads(out)["modifiers"]}
    assert code == 0 and modifiers["Mussolini to the Front: Italian Offensive (Italian attack)"] == 1


# -- 6.82, 6.84, 6.85, 8.743: port capacity --------------------------------------------------------


def test_rule_6_84_a_rise_above_the_start_with_no_track_top_is_recorded_with_a_warning(charts):
    state = reach(new_state(book(), "historical"), charts, "dec")
    action = ports.change_port(state, charts, "Vlore", "built", 2)
    assert "above its start of 18" in action["warning"] and "could not check it" in action["warning"]
    state = apply(state, action, book())
    assert "warning: Vlore is now 20" in describe(state.history[-1], book(), "historical")
    charts.set("port_max", "Vlore", "maximum", "25")
    assert "warning" not in ports.change_port(state, charts, "Vlore", "built", 2)


def test_rule_6_85_a_port_at_0_cannot_be_wrecked_or_bombed_again(charts):
    state = reach(new_state(book(), "historical"), charts, "nov")
    state = apply(state, ports.change_port(state, charts, "Argostoli", "destroyed", 5), book())
    assert state.ports["Argostoli"] == 0
    for why in ("destroyed", "bombed"):
        with pytest.raises(UserError, match="already 0; there is nothing left to cut"):
            ports.change_port(state, charts, "Argostoli", why, 1)
    with pytest.raises(UserError, match="at most 8"):  # no more MP than capacity to wreck
        ports.change_port(state, charts, "Parga", "destroyed", 9)


def test_rule_8_64_one_capacity_point_readies_two_squadrons(charts):
    state = reach(new_state(book(), "historical"), charts, "nov")
    assert [ports.use_port(state, charts, "Vlore", "air", n)["points"] for n in (1, 2, 3, 4)] == [1, 1, 2, 2]


# -- the references a player wants at the table ---------------------------------------------------


def test_the_reinforcement_schedule_gives_every_turns_arrivals_and_refit_points(capsys):
    """6.6, 6.7, 9.11 and the scenarios' schedules: 14 Greek refit points in the Historical
    scenario, one more (October) in the Gamers'; the Italians' by season."""
    code, out, _ = run(capsys, "reference", "--scenario", "historical", "--topic", "reinforcements", "--json")
    sections = json.loads(out)["references"][0]["sections"]
    assert code == 0 and [s["heading"] for s in sections][0] == "November 1940" and len(sections) == 6
    assert "Greek refit points: 2 (14 received so far)" in sections[-1]["lines"]
    assert any("Sforzesca" in line for line in sections[2]["lines"])  # January: the Winter divisions
    gamers = json.loads(run(capsys, "reference", "--scenario", "gamers", "--topic", "reinforcements", "--json")[1])
    october = gamers["references"][0]["sections"][0]
    assert october["heading"] == "October 1940" and "Greek refit points: 1 (1 received so far)" in october["lines"]


@pytest.mark.parametrize(
    "topic,scenario,words",
    [
        ("victory", "historical", "leaves the map through hex 3422"),
        ("victory", "gamers", "Chit 4, Greater Albania"),
        ("strategic-movement", "historical", "four times its printed allowance"),
        ("air-readying", "gamers", "One port capacity point readies two"),
    ],
)
def test_the_references_victory_strategic_movement_and_air_readying(capsys, topic, scenario, words):
    """10.0/11.0 victory, 6.13-6.14 strategic movement, 8.64-8.65 readying squadrons."""
    code, out, _ = run(capsys, "reference", "--scenario", scenario, "--topic", topic)
    assert code == 0 and words in out


def test_a_victory_reference_is_the_scenarios_own(capsys):
    """10.0's conditions for the Historical scenario; 11.0's chits only for the Gamers'."""
    historical = run(capsys, "reference", "--scenario", "historical", "--topic", "victory")[1]
    assert "Chit 1" not in historical and "Tirana (1400)" in historical


# -- every count bounded; every record's fields known -----------------------------------------------


@pytest.mark.parametrize(
    "argv,words",
    [
        (["odds", "--attacker", str(10**21), "--defender", "3"], "can be at most 90"),
        (["odds", "--attacker", "9", "--defender", "16"], "can be at most 15"),
        (["combat", "--attacker", "9", "--defender", "3", "--attacker-artillery", "1000", "--die", "3"], "at most 12"),
        (["aa", "--die", "3", "--strength", "1000"], "at most 16"),  # 15 and the artillery unit (6.42)
        (["aa", "--die", "3", "--strength", "5", "--squadrons", "500"], "at most 20"),
        (["stacking", "--terrain", "city", "--units", ",".join(["1"] * 31)], "at most 30"),
        (["cohesion", "--cohesion", "200", "--die", "3"], "at most 10"),
        (["cohesion", "--cohesion", "5", "--modifier", "50", "--die", "3"], "from -9 to +9"),
    ],
)
def test_every_count_has_a_bound_from_the_book(capsys, argv, words):
    """6.42 (stacking), 8.26 (six hexes around a defender), 8.75, 8.3: absurd numbers refused."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in one_line(err)


def test_rule_6_92_an_infiltration_roll_takes_no_modifier(capsys):
    with pytest.raises(UserError, match="6.92: this roll takes no modifier"):
        cohesion_roll("infiltration", 3, 5, 2)
    code, _, err = run(capsys, "cohesion", "--test", "infiltration", "--cohesion", "5", "--modifier", "2", "--die", "3")
    assert code == 2 and "takes no modifier" in one_line(err)


def test_a_logged_action_refuses_a_field_it_does_not_know(tmp_path, charts):
    """The tracker's records (a turn, 4.1; the weather, 4.21) refuse an unknown field and a
    yes/no that is not true or false, naming the field; nothing is recorded."""
    game = AgtGame.create(tmp_path / "g.agt", "historical")
    try:
        action = dict(cup.start_turn(game.state, charts, "nov", ["XXV"], ["A"]), colour="red")
        with pytest.raises(UserError, match="'turn' action: colour: unknown key"):
            game.record(action)
        weather = {"type": "weather", "weather": "rain", "die": None, "modified_die": None, "how": None,
                   "read": "no", "why": "x"}  # fmt: skip
        with pytest.raises(UserError, match="read: should be true or false"):
            game.record(weather)
        assert game.state.history == []
    finally:
        game.close()
