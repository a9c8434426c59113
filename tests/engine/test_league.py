"""The roster of commanders and their league (rule 1.10): roster actions, who played each game,
and the league of the bundled full campaign against a table worked out by hand."""

from __future__ import annotations

import pytest

from campaign_manager.engine import apply_action, initial_state
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import Game
from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.league import league, league_json
from campaign_manager.engine.spelling import read_action
from campaign_manager.errors import RuleError, UserError
from tests.engine.positions import scenario
from tests.shared import FULL_CAMPAIGN, FULL_CAMPAIGN_WITH_COMMANDERS


def _play(actions, st=None):
    sc = scenario()
    st = st or initial_state(sc)
    history = []
    for action in actions:
        applied = apply_action(sc, st, read_action(sc, action))
        history.append(applied)
        st = applied.state
    return st, history


def _full():
    return _play([a for actions in FULL_CAMPAIGN_WITH_COMMANDERS.values() for a in actions])


# Worked out by hand from tests/data/full_campaign.json and the players of tests/shared.py.
# Each game on its own by the defeated test (3 VP and more than the other; else a draw):
#   T1 B1→C1 5–2 Marco beats Anna; GR-INF-1 destroyed (Marco +1), C1 taken (Marco).
#   T2 C1→D1 2–4 Ben beats Giulia; IT-INF-1 destroyed (Ben +1).
#   T2 D1→C1 6–1 Anna beats Marco; IT-CARRI destroyed (Anna +1), C1 taken (Anna).
#   T2 B1→C1 3–3 Marco and Ben draw; IT-INF-5 destroyed (Ben +1).   Ben retires.
#   T3 B1→C1 7–1 Marco beats Anna, 5–2 Giulia beats Nicos (one arrow: GR-INF-1 destroyed and C1
#      taken, credited to both Marco and Giulia).
#   T3 C1→C2 4–0 Marco beats nobody named; C2 taken (Marco).   Nicos becomes Nikos.
#   T4 A5→B4 6–2 Hans beats Nikos; GR-MECH destroyed, B4 taken (Hans).
#   T4 B4→B5 5–1 Hans beats Anna; B5 taken (Hans).
#   T4 A1→B2 2–2 Giulia and Nikos draw.  C1→D1 2–1 Marco and Anna draw (2 is under 3 VP).
#   T4 C1→B2 1–2 Giulia and Anna draw.   C2→D2 0–0 nobody named.
HAND_LEAGUE = [
    # name, side, club, games, wins, draws, losses, vp_for, vp_against, enemy destroyed, areas taken
    ("Marco", "axis", "Dice Den", 6, 3, 2, 1, 22, 13, 2, 3),
    ("Hans", "axis", None, 2, 2, 0, 0, 11, 3, 1, 2),
    ("Ben", "allied", "Athens Wargamers", 2, 1, 1, 0, 7, 5, 2, 0),
    ("Giulia", "axis", None, 4, 1, 2, 1, 10, 10, 1, 1),
    ("Anna", "allied", "Dice Den", 6, 1, 2, 3, 13, 21, 1, 1),
    ("Nikos", "allied", None, 3, 0, 1, 2, 6, 13, 0, 0),
]


def test_the_league_of_the_full_campaign_is_the_one_worked_out_by_hand():
    sc = scenario()
    st, history = _full()
    table = league_json(sc, league(sc, st.roster, battle_rows(sc, initial_state(sc), history)))
    keys = ("name", "side", "club", "games", "wins", "draws", "losses", "vp_for", "vp_against")
    got = [(*(e[k] for k in keys), e["enemy_destroyed"], e["areas_taken"]) for e in table]
    assert got == HAND_LEAGUE  # sorted by wins, then VP difference (Ben +2 before Giulia 0 and Anna -8)
    assert [e["vp_difference"] for e in table] == [9, 8, 2, 0, -8, -7]
    assert {e["name"]: (e["general"], e["retired"]) for e in table if e["general"] or e["retired"]} == {
        "Marco": (True, False),
        "Anna": (True, False),
        "Ben": (False, True),
    }


def test_the_campaign_with_commanders_is_the_same_campaign():
    _, plain = _play([a for actions in FULL_CAMPAIGN.values() for a in actions])
    st, history = _full()
    assert st.control == plain[-1].state.control and st.scored == plain[-1].state.scored


def test_games_are_recorded_with_the_rosters_spelling_and_said_in_the_history():
    _, history = _full()
    battle = next(a for a in history if a.record.get("type") == "battle" and a.record["from"] == "C1")
    assert battle.record["games"] == [
        {"attacker_vp": 2, "defender_vp": 4, "attacker_commander": "Giulia", "defender_commander": "Ben"}
    ]
    assert "Game 1 (2–4 VP): Giulia (Axis) against Ben (Allies)" in battle.events


def _turn_one(*roster):
    st, _ = _play([*roster, {"type": "start_turn"}])
    return st


FIRST = {
    "type": "battle",
    "from": "B1",
    "to": "C1",
    "attacker": {"troops": ["IT-INF-1", "IT-CARRI"]},
    "defender": {"troops": ["GR-INF-1"]},
    "destroy_dice": {"GR-INF-1": 5},
    "advance": ["IT-INF-1"],
}
ROSTER = (
    {"type": "add_commander", "name": "Marco", "side": "axis"},
    {"type": "add_commander", "name": "Anna", "side": "allied"},
)


def _game(attacker=None, defender=None):
    game = {"attacker_vp": 5, "defender_vp": 2}
    if attacker:
        game["attacker_commander"] = attacker
    if defender:
        game["defender_commander"] = defender
    return {**FIRST, "games": [game]}


def test_a_game_naming_a_commander_of_the_other_side_is_refused_naming_the_rule_and_the_commander():
    sc, st = scenario(), _turn_one(*ROSTER)
    with pytest.raises(RuleError) as refused:
        apply_action(sc, st, read_action(sc, _game(attacker="Anna")))
    assert refused.value.rule == "1.10"
    assert "Anna (Allies) plays for the Allies, not for the attacker (Axis) of B1→C1" in str(refused.value)
    with pytest.raises(RuleError, match="Marco"):
        apply_action(sc, st, read_action(sc, _game(defender="marco")))
    assert st.battles_fought == 0 and st.open_arrows == ()  # nothing changed


def test_a_game_naming_someone_not_on_the_roster_is_refused():
    sc, st = scenario(), _turn_one(*ROSTER)
    with pytest.raises(RuleError, match=r"Rule 1\.10: there is no commander 'Zoe' on the roster"):
        apply_action(sc, st, read_action(sc, _game(attacker="Marco", defender="Zoe")))


def test_a_name_typed_half_way_is_refused_naming_who_it_may_have_meant():
    """'ann' for Anna: never taken as Anna, nor as a new commander; the refusal names her."""
    sc, st = scenario(), _turn_one(*ROSTER, {"type": "add_commander", "name": "mario", "side": "axis"})
    with pytest.raises(RuleError) as refused:
        apply_action(sc, st, read_action(sc, _game(attacker="mar", defender="ann")))
    assert str(refused.value) == (
        "Rule 1.10: there is no commander 'mar' on the roster (did you mean Marco or mario?): add them first"
    )
    with pytest.raises(RuleError, match=r"no commander 'ann' on the roster \(did you mean Anna\?\): add them first"):
        apply_action(sc, st, read_action(sc, _game(attacker="Marco", defender="ann")))


def test_retire_keeps_past_games_and_refuses_new_ones():
    sc = scenario()
    start = _turn_one(*ROSTER)
    applied = apply_action(sc, start, read_action(sc, _game("Marco", "Anna")))
    retired = apply_action(sc, applied.state, read_action(sc, {"type": "retire_commander", "name": "anna"}))
    assert retired.record == {"type": "retire_commander", "name": "Anna"}
    st = retired.state
    standings = league(sc, st.roster, battle_rows(sc, start, [applied, retired]))
    anna = next(s for s in standings if s.commander.name == "Anna")
    assert anna.commander.retired and (anna.games, anna.losses, anna.vp_for, anna.vp_against) == (1, 1, 2, 5)
    # a retired commander plays no new game (the open B2→C2 resolved with Anna defending)
    arrow = {"type": "battle", "from": "B2", "to": "C2"}
    st = apply_action(
        sc, st, read_action(sc, {**arrow, "attacker": {"troops": ["IT-ALPINI"]}, "defender": {"troops": ["GR-INF-2"]}})
    ).state
    game = {"attacker_vp": 1, "defender_vp": 1, "defender_commander": "Anna"}
    with pytest.raises(RuleError, match="game 1: Anna has retired and plays no new games"):
        apply_action(sc, st, read_action(sc, {**arrow, "games": [game]}))
    with pytest.raises(RuleError, match="already retired"):
        apply_action(sc, st, read_action(sc, {"type": "retire_commander", "name": "Anna"}))


def test_names_are_told_apart_without_case_and_kept_as_typed():
    sc = scenario()
    st = _turn_one({"type": "add_commander", "name": "McTavish", "side": "Allies", "club": "Kilt & Dice"})
    assert [(c.name, c.side, c.club) for c in st.roster] == [("McTavish", "allied", "Kilt & Dice")]
    with pytest.raises(RuleError, match="'MCTAVISH' is already on the roster"):
        apply_action(sc, st, read_action(sc, {"type": "add_commander", "name": "MCTAVISH", "side": "axis"}))
    renamed = apply_action(sc, st, read_action(sc, {"type": "rename_commander", "name": "mctavish", "to": "Mctavish"}))
    assert renamed.state.roster[0].name == "Mctavish" and renamed.record["name"] == "McTavish"
    with pytest.raises(RuleError, match="no side 'Romans'"):
        apply_action(sc, st, read_action(sc, {"type": "add_commander", "name": "Brutus", "side": "Romans"}))


def test_a_side_has_one_general():
    sc = scenario()
    st = _turn_one(*ROSTER, {"type": "add_commander", "name": "Giulia", "side": "axis"})
    st = apply_action(sc, st, read_action(sc, {"type": "set_general", "name": "Marco"})).state
    applied = apply_action(sc, st, read_action(sc, {"type": "set_general", "name": "giulia"}))
    assert [(c.name, c.general) for c in applied.state.roster] == [("Marco", False), ("Anna", False), ("Giulia", True)]
    assert applied.events == ("Giulia is the General of the Axis, in place of Marco",)
    retired = apply_action(sc, applied.state, read_action(sc, {"type": "retire_commander", "name": "Giulia"}))
    assert not any(c.general for c in retired.state.roster)
    assert "The Axis have no General until another is named" in retired.events


def test_roster_actions_are_taken_in_any_phase():
    sc = scenario()
    st = initial_state(sc)  # before turn 1
    for action in ROSTER:
        st = apply_action(sc, st, read_action(sc, action)).state
    _, history = _full()  # Ben retires between turns, Hans joins before turn 4 starts
    finished = history[-1].state
    assert finished.phase == "finished"
    assert (
        apply_action(sc, finished, read_action(sc, {"type": "add_commander", "name": "Late", "side": "axis"}))
        .state.roster[-1]
        .name
        == "Late"
    )


def test_a_rename_keeps_the_games_and_frees_the_old_name():
    sc = scenario()
    st, history = _full()
    nikos = next(c for c in st.roster if c.name == "Nikos")
    assert nikos.number == 5
    with pytest.raises(RuleError, match="no commander 'Nicos'"):
        apply_action(sc, st, read_action(sc, {"type": "retire_commander", "name": "Nicos"}))


def test_game_json_without_commanders_is_written_as_before():
    battle = parse_action({**FIRST, "games": [{"attacker_vp": 5, "defender_vp": 2}]})
    assert battle.games == (Game(5, 2),)
    assert battle.to_json()["games"] == [{"attacker_vp": 5, "defender_vp": 2}]


@pytest.mark.parametrize(
    "action, words",
    [
        ({"type": "add_commander", "name": "  ", "side": "axis"}, "name: should not be empty"),
        ({"type": "add_commander", "name": "A\nB", "side": "axis"}, "one line of text"),
        ({"type": "add_commander", "name": "x" * 81, "side": "axis"}, "at most 80 characters"),
        ({"type": "rename_commander", "name": "A"}, "to: is missing"),
        ({**FIRST, "games": [{"attacker_vp": 1, "defender_vp": 1, "attacker_commander": 7}]}, "attacker_commander"),
    ],
)
def test_malformed_roster_actions_are_refused(action, words):
    with pytest.raises(UserError, match=words):
        parse_action(action)
