"""Political Index tracker rules, with dice typed in (RULES.md section 2, book 6-9, 14-17)."""

from __future__ import annotations

import pytest

from campaign_manager.assist.gcw.charts import default_charts
from campaign_manager.assist.gcw.owner_charts import OwnerCharts
from campaign_manager.assist.gcw.politics import attrition_losses, initiative, standing
from campaign_manager.assist.gcw.tracker import apply
from campaign_manager.assist.gcw.tracker_dice import prepare
from campaign_manager.assist.gcw.tracker_state import Setup, TrackerState
from campaign_manager.dice import NoRoller
from campaign_manager.errors import DieError, RuleError

RULES = default_charts().politics
NO_CHARTS = OwnerCharts((), {"government": (), "dse": ()}, ())


def play(*actions, setup: Setup = Setup(), owner: OwnerCharts = NO_CHARTS) -> TrackerState:
    state = TrackerState.start(setup, RULES)
    for action in actions:
        state = apply(state, prepare(state, action, RULES, owner, NoRoller()), RULES)
    return state


def turns(count: int) -> list[dict]:
    return [{"type": "next_turn"}] * count


# Turn 3, the Government's Mobilization Phase begun: where a resettlement is announced (16.5).
GOVERNMENT_PHASE = [
    {"type": "doctrine", "doctrine": "aggressive"},
    *turns(2),
    {"type": "mobilization", "side": "government"},
]


def test_indices_start_at_sixty_and_fifty():
    assert play().pi == {"government": 60, "dse": 50}


def test_gains_stop_at_ninety_nine():
    state = play({"type": "adjust", "side": "government", "amount": 45})
    assert state.pi["government"] == 99
    assert "cap of 99" in state.history[-1]


def test_control_points_added_or_taken_from_the_enemy():
    state = play(
        {"type": "control", "side": "dse", "points": 3, "use": "add"},
        {"type": "control", "side": "government", "points": 2, "use": "subtract"},
    )
    assert state.pi == {"government": 60, "dse": 51}


def test_sudden_death_at_zero_ends_the_game_and_refuses_more():
    state = play({"type": "adjust", "side": "dse", "amount": -50})
    assert state.game_over["winner"] == "government"
    assert (state.game_over["margin"], state.game_over["level"]) == (60, "Decisive Victory")
    with pytest.raises(RuleError, match="the game is over"):
        apply(state, {"type": "adjust", "side": "dse", "amount": 5}, RULES)


def test_an_index_of_one_is_still_alive():
    assert play({"type": "adjust", "side": "government", "amount": -59}).game_over is None


@pytest.mark.parametrize(
    "government,dse,leader,margin",
    [
        (60, 35, "government", 25),
        (60, 58, "government", 2),
        (30, 81, "dse", 51),
        (44, 44, None, 0),
    ],
)
def test_while_nobody_has_won_the_standing_says_who_leads_and_what_a_check_decides(government, dse, leader, margin):
    # 6.2: "If one player has more Political Points than the other, then that player has won."
    found = standing({"government": government, "dse": dse}, RULES)
    assert (found.leader, found.margin, found.level, found.check_winner) == (leader, margin, None, leader)
    assert ("draw" in found.words()) == (leader is None)


@pytest.mark.parametrize(
    "dse,points,level",
    [
        (25, 25, "Draw"),
        (26, 26, "Marginal Victory"),
        (50, 50, "Marginal Victory"),
        (51, 51, "Decisive Victory"),
        (75, 75, "Decisive Victory"),
        (76, 76, "Turning Point"),
        (99, 99, "Turning Point"),
    ],
)
def test_a_sudden_death_level_comes_from_the_winners_own_points(dse, points, level):
    # 6.1: "the other player checks the number of points he has to get his level of victory".
    found = standing({"government": -4, "dse": dse}, RULES)
    assert (found.leader, found.margin, found.level) == ("dse", points, level)


def test_a_victory_check_winner_is_never_called_a_draw():
    state = play({"type": "adjust", "side": "government", "amount": -8})  # 52 against 50
    for _ in range(4):
        state = apply(state, {"type": "next_turn"}, RULES)
    state = apply(state, {"type": "victory_check"}, RULES)
    assert state.game_over["winner"] == "government" and "Draw" not in state.game_over["level"]
    assert "wins with more Political Points (52 to 50, by 2)" in state.history[-1]


def test_terror_one_per_region_and_removal():
    state = play({"type": "terror", "region": "Arkadia", "placed": True})
    with pytest.raises(RuleError, match="already has a Terror marker"):
        apply(state, {"type": "terror", "region": "arkadia", "placed": True}, RULES)
    state = apply(state, {"type": "terror", "region": "Arkadia", "placed": False}, RULES)
    assert state.terror == []
    with pytest.raises(RuleError, match="no Terror marker"):
        apply(state, {"type": "terror", "region": "Arkadia", "placed": False}, RULES)


def test_terrorized_region_gives_no_control_points():
    state = play({"type": "terror", "region": "Arkadia"})
    with pytest.raises(RuleError, match="16.4"):
        apply(state, {"type": "control", "side": "dse", "region": "Arkadia", "points": 2}, RULES)


def test_resettlement_moves_a_die_of_points_and_places_terror():
    state = play(*GOVERNMENT_PHASE, {"type": "resettle", "region": "Evritania", "die": 4})
    assert state.pi == {"government": 56, "dse": 54}
    assert (state.resettled, state.terror) == (["Evritania"], ["Evritania"])
    with pytest.raises(RuleError, match="never be put back"):
        apply(state, {"type": "resettle", "region": "Evritania", "dice": [2]}, RULES)


def test_resettled_region_is_worth_one_point():
    state = play(
        *GOVERNMENT_PHASE,
        {"type": "resettle", "region": "Evritania", "die": 1},
        {"type": "terror", "region": "Evritania", "placed": False},
    )
    with pytest.raises(RuleError, match="16.5"):
        apply(state, {"type": "control", "side": "dse", "region": "Evritania", "points": 2}, RULES)
    state = play(
        *GOVERNMENT_PHASE,
        {"type": "resettle", "region": "Evritania", "die": 1},
        {"type": "terror", "region": "Evritania", "placed": False},
        {"type": "control", "side": "dse", "region": "Evritania"},
    )
    assert state.pi["dse"] == 52  # 50 + 1 resettlement + 1 control


def test_control_phase_penalties_terror_resettlement_and_no_conventional_dse_unit():
    state = play(
        *GOVERNMENT_PHASE,
        {"type": "terror", "region": "Athens"},
        {"type": "terror", "region": "Larissa"},
        {"type": "resettle", "region": "Evritania", "die": 2},  # 58 / 52
        {"type": "control_penalties", "dse_conventional_in_greece": False, "dse_dice": [3, 5]},
    )
    # Three Terror regions (Evritania's included) and one resettled: 4 from the Government.
    assert state.pi == {"government": 54, "dse": 44}
    with pytest.raises(RuleError, match="already recorded"):
        apply(state, {"type": "control_penalties"}, RULES)


def test_garrison_penalties_follow_the_doctrine():
    tight = play(
        {"type": "doctrine", "doctrine": "tight"},
        {"type": "control_penalties", "tight_ungarrisoned": 2, "tight_dice": [4, 6]},
    )
    assert tight.pi["government"] == 50
    area = play({"type": "doctrine", "doctrine": "area"}, {"type": "control_penalties", "area_empty_regions": 3})
    assert area.pi["government"] == 57
    with pytest.raises(RuleError, match="Tight Defense") as refused:
        play(
            {"type": "doctrine", "doctrine": "area"},
            {"type": "control_penalties", "tight_ungarrisoned": 1, "tight_dice": [4]},
        )
    # the app rolls the dice for the regions typed: the refusal speaks of the regions, not of dice
    assert "dice" not in str(refused.value) and "the doctrine is Area Defense" in str(refused.value)


def mobilize_on_turn_three(doctrine: str, *before: dict) -> TrackerState:
    return play(
        {"type": "doctrine", "doctrine": doctrine}, *before, *turns(2), {"type": "mobilization", "side": "government"}
    )


@pytest.mark.parametrize("doctrine,limit", [("tight", 10), ("area", 15), ("aggressive", 20)])
def test_doctrine_limits_government_spending(doctrine, limit):
    state = mobilize_on_turn_three(doctrine)
    state = apply(state, {"type": "spend", "side": "government", "amount": limit}, RULES)
    assert state.pi["government"] == 60 - limit
    with pytest.raises(RuleError, match="9.5"):
        apply(state, {"type": "spend", "side": "government", "amount": 1}, RULES)


def test_dse_spending_has_no_limit():
    state = play(*turns(2), {"type": "mobilization", "side": "dse"}, {"type": "spend", "side": "dse", "amount": 30})
    assert state.pi["dse"] == 20


def test_spending_needs_the_sides_own_mobilization_phase():
    with pytest.raises(RuleError, match="9.1"):
        play({"type": "spend", "side": "dse", "amount": 3})


@pytest.mark.parametrize("turn,allowed", [(1, False), (2, False), (3, True), (4, False), (5, True)])
def test_mobilization_only_on_odd_turns_after_the_first(turn, allowed):
    actions = [*turns(turn - 1), {"type": "mobilization", "side": "dse"}]
    if allowed:
        assert play(*actions).phase["side"] == "dse"
    else:
        with pytest.raises(RuleError, match="no Mobilization Phase"):
            play(*actions)


def test_american_aid_starts_at_government_thirty_and_adds_ten_beyond_the_limit():
    state = mobilize_on_turn_three("tight", {"type": "adjust", "side": "government", "amount": -30})
    assert state.american_aid_since == 3
    assert state.pi["government"] == 40  # 30 + 10 aid
    state = apply(state, {"type": "spend", "side": "government", "amount": 20}, RULES)  # 10 + 10
    with pytest.raises(RuleError, match="9.5"):
        apply(state, {"type": "spend", "side": "government", "amount": 1}, RULES)


def test_american_aid_starts_at_dse_seventy_in_either_sides_phase():
    state = play(
        {"type": "doctrine", "doctrine": "area"},
        {"type": "adjust", "side": "dse", "amount": 20},
        *turns(2),
        {"type": "mobilization", "side": "dse"},
    )
    assert state.american_aid_since == 3 and state.pi["government"] == 60  # aid only in Government phases
    state = apply(state, {"type": "mobilization", "side": "government"}, RULES)
    assert state.pi["government"] == 70 and state.phase["limit"] == 25


def test_no_american_aid_at_thirty_one_and_sixty_nine():
    state = mobilize_on_turn_three(
        "area", {"type": "adjust", "side": "government", "amount": -29}, {"type": "adjust", "side": "dse", "amount": 19}
    )
    assert state.american_aid_since is None and state.pi["government"] == 31


def test_government_mobilization_needs_a_doctrine():
    with pytest.raises(RuleError, match="Politics Table"):
        play(*turns(2), {"type": "mobilization", "side": "government"})


def test_initiative_higher_index_chooses_and_tie_goes_to_the_dse():
    assert initiative({"government": 60, "dse": 50}).chooser == "government"
    assert initiative({"government": 40, "dse": 50}).chooser == "dse"
    assert initiative({"government": 50, "dse": 50}).tie
    assert play({"type": "initiative", "first": "dse"}).first_player == "dse"
    with pytest.raises(RuleError, match="DSE has the initiative"):
        play({"type": "adjust", "side": "dse", "amount": 10}, {"type": "initiative", "first": "government"})


@pytest.mark.parametrize("units,reduced", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_attrition_half_rounded_up_on_even_turns(units, reduced):
    assert attrition_losses(units, 4, RULES) == reduced


def test_attrition_refused_on_odd_turns():
    with pytest.raises(RuleError, match="15.0"):
        attrition_losses(3, 5, RULES)


def test_victory_check_only_on_every_fifth_turn():
    with pytest.raises(RuleError, match="6.2"):
        play(*turns(3), {"type": "victory_check"})
    state = play(*turns(4), {"type": "adjust", "side": "dse", "amount": 20}, {"type": "victory_check"})
    assert state.game_over["winner"] == "dse" and state.game_over["turn"] == 5


def test_victory_check_with_equal_indices_is_a_draw():
    state = play(*turns(9), {"type": "adjust", "side": "dse", "amount": 10}, {"type": "victory_check"})
    assert state.game_over["winner"] is None


def test_agreed_last_turn_ends_the_game_at_its_end():
    state = play(*turns(5), setup=Setup(victory_check_turn=5))
    assert state.turn == 5 and state.game_over["winner"] == "government"
    with pytest.raises(RuleError, match="agreed last turn"):
        Setup.from_dict({"victory_check_turn": 7}, RULES)


def stalin_game(*actions: dict) -> TrackerState:
    return play({"type": "adjust", "side": "dse", "amount": 30}, *turns(2), *actions, setup=Setup(tito_stalin=True))


def test_stalin_score_grows_by_two_dice_each_dse_mobilization():
    state = stalin_game({"type": "mobilization", "side": "dse", "stalin_dice": [6, 5]})
    assert (state.stalin_score, state.dse_line) == (11, None)


@pytest.mark.parametrize(
    "break_die,line,closed,purge",
    [
        (1, "Stalinist", ["Yugoslavia"], [3, 4]),
        (4, "Stalinist", ["Yugoslavia"], [6, 6]),
        (5, "Titoist", ["Albania", "Bulgaria"], [1, 2, 3, 4]),
        (6, "Titoist", ["Albania", "Bulgaria"], [6, 6, 6, 6]),
    ],
)
def test_tito_breaks_with_stalin_at_fifty(break_die, line, closed, purge):
    state = stalin_game()
    state.stalin_score = 45  # as if several mobilizations had passed
    state = apply(
        state,
        prepare(
            state,
            {
                "type": "mobilization",
                "side": "dse",
                "stalin_dice": [2, 3],
                "break_die": [break_die],
                "purge_dice": purge,
            },
            RULES,
            NO_CHARTS,
            NoRoller(),
        ),
        RULES,
    )
    assert (state.stalin_score, state.dse_line, state.closed) == (50, line, closed)
    assert state.pi["dse"] == 80 - sum(purge)


def test_break_dice_of_the_wrong_count_are_refused():
    state = stalin_game()
    state.stalin_score = 49
    with pytest.raises(DieError, match="purge_dice"):
        apply(
            state,
            {"type": "mobilization", "side": "dse", "stalin_dice": [1, 1], "break_die": [5], "purge_dice": [1, 1]},
            RULES,
        )


def test_closed_country_gives_no_more_points():
    state = stalin_game()
    state.closed = ["Yugoslavia"]
    with pytest.raises(RuleError, match="17.1"):
        apply(state, {"type": "control", "side": "dse", "region": "Yugoslavia", "points": 2}, RULES)


def test_a_refused_action_changes_nothing():
    state = play({"type": "doctrine", "doctrine": "tight"})
    before = (dict(state.pi), list(state.history))
    with pytest.raises(RuleError):
        apply(state, {"type": "control_penalties", "area_empty_regions": 2}, RULES)
    assert (state.pi, state.history) == before


def test_standing_lists_collapsed_sides_and_the_tracker_shows_them():
    assert standing({"government": 1, "dse": 50}, RULES).collapsed == ()
    fallen = standing({"government": 0, "dse": 50}, RULES)
    assert fallen.collapsed == ("government",) and "sudden death, 6.1" in fallen.words()
    both = standing({"government": -3, "dse": -5}, RULES)
    assert (both.leader, both.margin, both.collapsed) == (None, 0, ("government", "dse"))
    state = play({"type": "adjust", "side": "dse", "amount": -50})
    summary = state.summary(RULES).standing
    assert summary.collapsed == ("dse",) and "counts as 0" in summary.words
