"""The Greek Civil War: what the book forbids is refused, every count has the book's bound, and
a tracker action with an unknown or mistyped field is refused in one line naming it (exit 2)."""

from __future__ import annotations

import json

import pytest

from campaign_manager.assist.gcw.charts import default_charts
from campaign_manager.assist.gcw.conflict import ConflictRequest, resolve
from campaign_manager.assist.gcw.owner_charts import OwnerCharts
from campaign_manager.assist.gcw.tracker import apply
from campaign_manager.assist.gcw.tracker_dice import prepare
from campaign_manager.assist.gcw.tracker_state import Setup, TrackerState
from campaign_manager.cli import main
from campaign_manager.dice import NoRoller
from campaign_manager.errors import RuleError, UserError

RULES = default_charts().politics
NO_CHARTS = OwnerCharts((), {"government": (), "dse": ()}, ())
TO_TURN_3 = [{"type": "doctrine", "doctrine": "tight"}, {"type": "next_turn"}, {"type": "next_turn"}]
GOVERNMENT_PHASE = [*TO_TURN_3, {"type": "mobilization", "side": "government"}]


def play(*actions: dict, setup: Setup = Setup()) -> TrackerState:
    state = TrackerState.start(setup, RULES)
    for action in actions:
        state = apply(state, prepare(state, action, RULES, NO_CHARTS, NoRoller()), RULES)
    return state


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["assist", "gcw", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("campaign-manager: "), err
    return err


# -- 7.2: a Political Index stops at 99 ---------------------------------------------------------


def test_rule_7_2_standing_refuses_an_index_above_99(capsys):
    code, out, err = run(capsys, "standing", "--government", "150", "--dse", "20")
    assert code == 2 and out == ""
    assert "Rule 7.2: a Political Index stops at 99: the Government's cannot be 150" in one_line(err)
    assert run(capsys, "standing", "--government", "99", "--dse", "20")[0] == 0


def test_rule_7_2_a_correction_larger_than_the_track_is_refused():
    with pytest.raises(RuleError, match="7.2"):
        play({"type": "adjust", "side": "dse", "amount": 1000})
    with pytest.raises(RuleError, match="7.2"):
        play({"type": "control", "side": "dse", "points": 100})


# -- 16.5: resettlement ------------------------------------------------------------------------


def test_rule_16_5_resettlement_only_at_the_start_of_the_governments_mobilization_phase(capsys, tmp_path):
    path = str(tmp_path / "game.gcw")
    run(capsys, "tracker", "new", path)
    code, _, err = run(capsys, "tracker", "apply", path, '{"type": "resettle", "region": "Evritania", "dice": [3]}')
    assert code == 2 and "Rule 16.5" in one_line(err) and "Mobilization Phase" in err
    with pytest.raises(RuleError, match="16.5"):  # the DSE's phase is not the Government's
        play(*TO_TURN_3, {"type": "mobilization", "side": "dse"}, {"type": "resettle", "region": "Evritania", "die": 2})
    with pytest.raises(RuleError, match="before any PP is spent"):
        play(
            *GOVERNMENT_PHASE,
            {"type": "spend", "side": "government", "amount": 2},
            {"type": "resettle", "region": "Evritania", "die": 2},
        )
    assert play(*GOVERNMENT_PHASE, {"type": "resettle", "region": "Evritania", "die": 2}).resettled == ["Evritania"]


@pytest.mark.parametrize(
    "region,kind", [("Athens", "an Urban region"), ("thessalonika", "an Urban region"), ("Albania", "a foreign area")]
)
def test_rule_16_5_only_rural_regions_are_resettled(region, kind):
    """10.4 names the two Urban regions; 2.6 the foreign areas; every other region is Rural."""
    with pytest.raises(RuleError, match=f"only Rural regions can be resettled; {region} is {kind}"):
        play(*GOVERNMENT_PHASE, {"type": "resettle", "region": region, "die": 2})


# -- 12.2, 16.2: Terror --------------------------------------------------------------------------


def test_rule_12_2_a_dse_attack_never_removes_terror():
    state = play({"type": "terror", "region": "Larissa"})
    with pytest.raises(RuleError, match="12.2.*only a Government attack removes"):
        apply(state, {"type": "conflict", "region": "Larissa", "attacker": "dse", "terror": "removed"}, RULES)


def test_rule_12_2_the_conflicts_terror_is_null_placed_or_removed_never_a_sentence(capsys):
    code, out, _ = run(
        capsys, "conflict", "--attacker", "5", "--defender", "2", "--table", "open", "--die", "5", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["result"] == "EA" and data["terror"] is None
    assert "If the Government attacked" in data["explanation"]


def test_rule_16_2_an_effective_action_with_an_urban_airstrike_says_one_thing():
    outcome = resolve(ConflictRequest(4, 2, "open", die=5, airstrike="attack", urban=True))
    assert (outcome.result, outcome.terror) == ("EA", "placed")
    assert "remove the region's Terror marker" not in outcome.explanation
    assert "place a Terror marker there (16.2)" in outcome.explanation


# -- 14.4, 14.6, 16.3: the Control Phase ---------------------------------------------------------


@pytest.mark.parametrize("area", ["Albania", "Yugoslavia", "bulgaria"])
def test_rule_14_4_the_government_never_controls_a_foreign_area(area):
    with pytest.raises(RuleError, match="14.4.*the DSE always controls it"):
        play({"type": "control", "side": "government", "region": area, "points": 2})
    assert play({"type": "control", "side": "dse", "region": area, "points": 2}).pi["dse"] == 52


def test_rule_14_6_yes_and_no_must_be_true_or_false(capsys, tmp_path):
    path = str(tmp_path / "game.gcw")
    run(capsys, "tracker", "new", path)
    action = '{"type": "control_penalties", "dse_conventional_in_greece": "no"}'
    code, _, err = run(capsys, "tracker", "apply", path, action)
    assert code == 2
    assert "'control_penalties' action: dse_conventional_in_greece: should be true or false, not \"no\"" in one_line(
        err
    )
    with pytest.raises(UserError, match="placed: should be true or false"):
        play({"type": "terror", "region": "Arkadia", "placed": 0})


def test_rule_16_3_only_four_regions_need_a_tight_defense_garrison():
    with pytest.raises(RuleError, match="16.3.*at most 4, not 5"):
        play({"type": "doctrine", "doctrine": "tight"}, {"type": "control_penalties", "tight_ungarrisoned": 5})
    state = play(
        {"type": "doctrine", "doctrine": "tight"},
        {"type": "control_penalties", "tight_ungarrisoned": 4, "tight_dice": [1, 1, 1, 1]},
    )
    assert state.pi["government"] == 56


# -- 17.1: one die written bare -------------------------------------------------------------------


def test_rule_17_1_the_break_die_may_be_a_bare_number():
    start = TrackerState.start(Setup(tito_stalin=True), RULES)
    start.stalin_score, start.turn = 45, 3
    action = {"type": "mobilization", "side": "dse", "stalin_dice": [3, 3], "break_die": 5, "purge_dice": [1, 1, 1, 1]}
    recorded = prepare(start, action, RULES, NO_CHARTS, NoRoller())
    state = apply(start, recorded, RULES)
    assert recorded["break_die"] == [5] and state.dse_line == "Titoist" and state.pi["dse"] == 46


# -- 6.1, 6.2: a finished game -------------------------------------------------------------------


def test_rule_6_2_a_finished_games_show_names_no_turn_order(capsys, tmp_path):
    path = str(tmp_path / "game.gcw")
    run(capsys, "tracker", "new", path)
    run(capsys, "tracker", "apply", path, '{"type": "adjust", "side": "dse", "amount": -50}')
    code, out, _ = run(capsys, "tracker", "show", path)
    assert code == 0 and "GAME OVER" in out
    assert "chooses who goes first" not in out and "has the initiative" not in out


# -- every count bounded; every field known --------------------------------------------------------


def test_rule_9_4_a_strength_beyond_the_counter_mix_is_refused(capsys):
    code, _, err = run(
        capsys, "conflict", "--attacker", str(10**21), "--defender", "3", "--table", "open", "--die", "2"
    )
    assert code == 2 and "Rule 9.4" in one_line(err)
    code, _, err = run(
        capsys,
        "conflict",
        "--attacker",
        "9",
        "--defender",
        "3",
        "--table",
        "open",
        "--die",
        "2",
        "--attacking-units",
        "100000",
    )
    assert code == 2 and "Rule 9.4" in one_line(err)
    code, _, err = run(capsys, "attrition", "--units", "100000")
    assert code == 2 and "Rule 9.4" in one_line(err)


def test_rule_11_6_a_modifier_costs_at_most_five_points():
    with pytest.raises(RuleError, match="11.6.*at most 5 PP, not 6"):
        play({"type": "conflict", "region": "Athens", "attacker": "dse", "political_points": {"attacker": 6}})


@pytest.mark.parametrize(
    "action,field",
    [
        ('{"type": "conflict", "region": "Larissa", "attacker": "government", "terrorr": "placed"}', "terrorr"),
        ('{"type": "adjust", "side": "dse", "amount": 2, "why": "x"}', "why"),
        ('{"type": "next_turn", "turn": 2}', "turn"),
        (
            '{"type": "conflict", "region": "L", "attacker": "dse", "political_points": {"attacker": 1, "x": 2}}',
            "political_points.x",
        ),
    ],
)
def test_a_tracker_action_refuses_a_field_it_does_not_know(capsys, tmp_path, action, field):
    """Conflict (12.2), correction, turn (5.0): a field the action does not have is refused in one
    line naming it, exit 2, and nothing is recorded."""
    path = str(tmp_path / "game.gcw")
    run(capsys, "tracker", "new", path)
    code, _, err = run(capsys, "tracker", "apply", path, action)
    assert code == 2 and f"{field}: unknown key" in one_line(err)
    assert "Turn 1" not in run(capsys, "tracker", "show", path)[1].split("\n\n")[-1]  # nothing recorded


def test_rule_16_3_a_doctrine_actions_faults_name_its_own_fields():
    """The action type "doctrine" has a field "doctrine": a fault is still named by its field."""
    with pytest.raises(UserError, match="'doctrine' action: from_table: should be true or false"):
        play({"type": "doctrine", "doctrine": "tight", "from_table": "yes"})


def test_a_tracker_files_set_up_refuses_unknown_keys_and_non_booleans():
    """The set-up a tracker file keeps (17.1 Tito-Stalin, 5.0 agreed last turn) is read strictly."""
    with pytest.raises(UserError, match="colour: unknown key"):
        Setup.from_dict({"colour": "red"}, RULES)
    with pytest.raises(UserError, match="tito_stalin: should be true or false"):
        Setup.from_dict({"tito_stalin": "yes"}, RULES)
