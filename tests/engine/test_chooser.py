"""A player at the table (engine/resolve.py `Chooser`) answers the questions the rules ask after
the dice — where defeated troops retreat, who advances — so a battle is fought once; and the quiet
fast path of what-if playouts ends where the full, recorded one does."""

from __future__ import annotations

from campaign_manager.engine import apply_action
from campaign_manager.engine.campaign import initial_state, replay
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.players import ComputerPolicy, RandomPolicy
from campaign_manager.engine.spelling import read_action
from tests.engine.positions import attack, mixed_axis_group_in_thessaloniki, scenario

GREEK = (6, 1)  # an Allied attack wins the initiative on turn 4 (6 against 1 + 2)


# 10 against 7: the Greeks win; the Germans survive their rolls (4 and 2 against 5+).
GREEKS_TAKE_B4 = attack(
    "C4",
    "B4",
    ["GR-INF-4", "GR-INF-5"],
    ["DE-INF-1", "DE-PZ-1"],
    initiative=GREEK,
    wargame=(6, 1, 2, 0),
    destroy={"DE-INF-1": 4, "DE-PZ-1": 2},
)


class Scripted:
    """Answers as told, and remembers what it was asked."""

    def __init__(self, retreat: str, advances: list[list[str]]) -> None:
        self.answer, self.advances, self.asked = retreat, advances, []

    def retreat(self, sc, st, choice):
        self.asked.append(("retreat", choice.options))
        return self.answer

    def advance(self, sc, st, target, survivors, candidates):
        self.asked.append(("advance", target, survivors))
        return self.advances


def test_the_defenders_player_chooses_the_retreat_and_it_is_recorded():
    chooser = Scripted("A4", [[]])
    applied = apply_action(
        scenario(), mixed_axis_group_in_thessaloniki(), read_action(scenario(), GREEKS_TAKE_B4), chooser=chooser
    )
    assert chooser.asked[0] == ("retreat", ["A4", "A5"])  # both take the Germans; the Italians are captured
    assert applied.state.where["DE-INF-1"] == applied.state.where["DE-PZ-1"] == "A4"
    assert applied.record["retreat_to"] == "A4"
    assert "advance" not in applied.record  # an empty choice: nobody advances


def test_the_attackers_player_chooses_who_advances_and_a_refused_choice_falls_to_the_next():
    # DE-INF-1 is the defender's: the rules refuse it (1.8), so the next choice is made.
    chooser = Scripted("A5", [["DE-INF-1"], ["GR-INF-5"], ["GR-INF-4"]])
    applied = apply_action(
        scenario(), mixed_axis_group_in_thessaloniki(), read_action(scenario(), GREEKS_TAKE_B4), chooser=chooser
    )
    assert chooser.asked[1] == ("advance", "B4", ["GR-INF-4", "GR-INF-5"])
    assert applied.state.where["GR-INF-5"] == "B4" and applied.state.where["GR-INF-4"] == "C4"
    assert applied.record["advance"] == ["GR-INF-5"]
    # The same battle given with those answers ends in the same place.
    again = apply_action(scenario(), mixed_axis_group_in_thessaloniki(), read_action(scenario(), applied.record))
    assert again.state.where == applied.state.where and again.state.control == applied.state.control


def test_an_answer_given_in_the_action_wins_over_the_chooser():
    chooser = Scripted("A4", [["GR-INF-4"]])
    applied = apply_action(
        scenario(),
        mixed_axis_group_in_thessaloniki(),
        read_action(scenario(), dict(GREEKS_TAKE_B4, retreat_to="A5")),
        chooser=chooser,
    )
    assert applied.state.where["DE-INF-1"] == "A5"
    assert [q[0] for q in chooser.asked] == ["advance"]


def test_a_quiet_action_ends_where_the_recorded_one_does_and_keeps_no_words():
    loud = apply_action(
        scenario(), mixed_axis_group_in_thessaloniki(), read_action(scenario(), dict(GREEKS_TAKE_B4, retreat_to="A5"))
    )
    quiet = apply_action(
        scenario(),
        mixed_axis_group_in_thessaloniki(),
        read_action(scenario(), dict(GREEKS_TAKE_B4, retreat_to="A5")),
        quiet=True,
    )
    assert quiet.state.where == loud.state.where and quiet.state.scored == loud.state.scored
    assert quiet.record == {} and quiet.events == () and loud.events


def _players(seed: int):
    return {"axis": ComputerPolicy(seed), "allied": RandomPolicy(seed + 1)}


def test_quiet_matches_end_where_recorded_ones_do_and_the_records_replay_to_it():
    sc = scenario()
    for seed in range(8):
        recorded, done = TurnDriver(sc, _players(seed), seed).play(initial_state(sc))
        quiet, _ = TurnDriver(sc, _players(seed), seed, quiet=True).play(initial_state(sc))
        replayed = replay(sc, [applied.record for applied in done])
        for st in (quiet, replayed):
            assert (st.turn, st.phase) == (recorded.turn, recorded.phase) == (4, "finished")
            assert st.where == recorded.where and st.control == recorded.control and st.scored == recorded.scored
