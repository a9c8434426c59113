"""What if (engine/whatif.py, `campaign-manager whatif`): playouts fought as RULES.md 1.5 says for
a General's Wargame (no turn beyond its agreed battles), a side's plan followed in every playout,
answers with their precision (95 % Wilson intervals that shrink as playouts grow and cover the
true share), the stop at ±2 points, and the same answer for a seed on one core or two."""

from __future__ import annotations

import json
import random
from dataclasses import astuple

import pytest

from campaign_manager.cli import main
from campaign_manager.engine import Play, legal, whatif
from campaign_manager.engine.actions import Battle, Initiative
from campaign_manager.engine.campaign import apply_action, initial_state
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.general import ComputerPolicy
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.state import Commitment, Phase
from campaign_manager.engine.victory import result_order
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile

SC = load_scenario()


def _computer() -> dict:
    return {side: ComputerPolicy(1) for side in SC.sides}


def _turn(number: int, play: Play = Play.WARGAME, dice: tuple[int, ...] | None = None, records: list | None = None):
    """The start of turn `number` (its planning phase), the turns before played by the computer;
    `records`, when given, gets every action in the log's form."""
    st = initial_state(SC, play)
    driver = TurnDriver(SC, _computer(), 4)
    while st.turn < number - 1 or st.phase != Phase.STRATEGIC:
        st, done = driver.play(st, to="end-of-turn")
        if records is not None:
            records += [a.record for a in done]
    dice = dice or (3,) * SC.turn(number).battle_d3
    applied = apply_action(SC, st, read_action(SC, {"type": "start_turn", "dice": list(dice)}))
    if records is not None:
        records.append(applied.record)
    return applied.state


def _battle_phase(st, records: list | None = None):
    """The planning done by the computer, up to the first battle."""
    driver = TurnDriver(SC, _computer(), 4)
    while (found := driver.planning_step(st)) is not None:
        st = found.state
        if records is not None:
            records.append(found.record)
    return st


# -- battles per turn ---------------------------------------------------------------------------------


def test_no_playout_has_a_turn_beyond_its_agreed_battles():
    st = _turn(2)
    for extra in (0, 2):
        found = whatif.play_one(SC, st, seed=3, index=0, extra_battles=extra)
        assert [turn for turn, _, _ in found.turns] == [2, 3, 4]
        for turn, fought, ceiling in found.turns:
            assert fought <= ceiling
            if turn > 2:  # turns the playout started agree the extras it was told
                required = ceiling - extra
                assert required >= SC.turn(turn).battle_plus + SC.turn(turn).battle_d3


def test_a_tabletop_turn_with_more_battles_than_rolled_keeps_them_as_agreed():
    st = _battle_phase(_turn(2, Play.TABLETOP, dice=(1,)))  # 4 battles rolled
    st.battles_fought = 6  # the table fought two more
    start = whatif.wargame_position(st)
    assert start.play is Play.WARGAME and start.battle_ceiling == 6 and legal.turn_must_end(start)
    found = whatif.play_one(SC, st, seed=1, index=0, to="end-of-turn")
    assert found.turns == ((2, 6, 6),)


def test_most_battles_in_a_turn_is_reported_and_within_the_rolled_counts(tmp_path, capsys):
    path = tmp_path / "w.campaign"
    with CampaignFile.create(path, play="wargame") as made:
        made.apply(made.read_actions([{"type": "start_turn"}]))
    assert main(["whatif", str(path), "--playouts", "20", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    most = data["most_battles_in_a_turn"]
    assert 2 <= most <= max(t.battle_plus + 3 * t.battle_d3 for t in SC.turns)


# -- the plan ---------------------------------------------------------------------------------------


def _planned_position(records: list | None = None):
    """Turn 2, battle phase: the Allies have placed two arrows (their plan), each with its troops."""
    st = _battle_phase(_turn(2, records=records), records)
    arrows = []
    for origin, target in legal.legal_arrows(SC, st, "allied"):
        if len(arrows) == 2 or any(origin == a or target == b for a, b, _ in arrows):
            continue
        options = legal.legal_commitments(SC, st, origin, target)
        arrows.append((origin, target, Commitment(options.attacker_troops[:2])))
    assert len(arrows) == 2
    for origin, target, attack in arrows:
        action = Battle(origin, target, initiative_dice=(6, 1), attacker=attack, defender=Commitment())
        applied = apply_action(SC, st, read_action(SC, action))  # placed, no result yet: the general's plan
        st = applied.state
        if records is not None:
            records.append(applied.record)
    return st, arrows


def test_a_plan_with_my_arrows_is_followed_in_every_playout():
    st, arrows = _planned_position()
    start, plan = whatif.take_plan(SC, whatif.wargame_position(st), "allied")
    assert not start.open_arrows and plan.arrows == tuple(arrows), "the arrows leave the map and become the plan"
    assert start.sorties == st.sorties and start.battles_fought == st.battles_fought
    for index in range(12):
        driver, follower = whatif.playout_driver(SC, 500, index, plan)
        assert follower is not None
        driver.quiet = False  # the reasons, to read
        _, done = driver.play(start.copy(), to="end-of-turn")
        allied = [
            a.action for a in done if a.action.type == "battle" and _side_of(a.action.attacker.troops[0]) == "allied"
        ]
        # The Allies' arrows this turn follow the plan, in order, with its troops, while it lasts.
        expected = [arrows[i] for i in follower.fought]
        assert [(b.origin, b.target) for b in allied[: len(expected)]] == [(o, t) for o, t, _ in expected]
        for battle, (_, _, planned) in zip(allied, expected):
            assert battle.attacker.troops and set(battle.attacker.troops) <= set(planned.troops)
            assert "as planned" in (battle.reason or "")
        assert follower.fought == [0, 1], "the initiative the plan was placed with is its own: both are fought"


def _first_attackers(done: list, count: int) -> list[str]:
    """The sides that placed the first `count` arrows of a playout, in order."""
    battles = [a.action for a in done if a.action.type == "battle"]
    return [_side_of(b.attacker.troops[0]) for b in battles[:count]]


def test_a_plan_whose_initiative_was_won_keeps_it_in_every_playout():
    st, _ = _planned_position()  # each arrow placed with the initiative dice typed: 6 and 1, the Allies'
    start, plan = whatif.take_plan(SC, whatif.wargame_position(st), "allied")
    assert plan.initiatives == ((6, 1), (6, 1)), "the dice on record go with the plan"
    other_first = 0
    for index in range(60):
        driver, follower = whatif.playout_driver(SC, 9, index, plan)
        _, done = driver.play(start.copy(), to="end-of-turn")
        other_first += _first_attackers(done, 2) != ["allied", "allied"]
        assert follower is not None and follower.fought[:2] == [0, 1], "the plan's arrows in their order"
    assert other_first == 0, f"the Axis attacked first in {other_first} of 60 playouts"
    answer = whatif.playouts(SC, st, 60, seed=4, workers=1, precision=None, plan_side="allied", to="end-of-turn")
    assert [arrow.fought for arrow in answer.plan.arrows] == [1.0, 1.0]


def test_an_initiative_rolled_ahead_stays_with_its_winner_in_every_playout():
    st = _battle_phase(_turn(3))
    st = apply_action(SC, st, Initiative((("allied", 6), ("axis", 1)))).state  # typed: the Allies win
    assert st.initiative is not None and st.initiative[0] == "allied"
    for index in range(30):
        driver, _ = whatif.playout_driver(SC, 2, index)
        _, done = driver.play(whatif.wargame_position(st), to="end-of-turn")
        assert _first_attackers(done, 1) == ["allied"], index


def _side_of(troop: str) -> str:
    return SC.side_of(SC.troops[troop].nation)


def test_whatif_follows_the_plan_and_says_how_often_each_arrow_was_fought():
    st, arrows = _planned_position()
    answer = whatif.playouts(SC, st, 40, seed=2, workers=1, precision=None, plan_side="allied", to="end-of-turn")
    plan = answer.plan
    assert plan.side == "allied" and [(a.origin, a.target) for a in plan.arrows] == [(o, t) for o, t, _ in arrows]
    assert all(a.fought == 1 for a in plan.arrows), "the initiative each was placed with is kept"


# -- precision ------------------------------------------------------------------------------------------


def test_wilson_intervals_cover_the_true_share_about_95_times_in_100():
    rng = random.Random(7)
    for share in (0.05, 0.3, 0.5):
        covered = 0
        for _ in range(2000):
            count = sum(rng.random() < share for _ in range(200))
            low, high = whatif.wilson(count, 200)
            covered += low <= share <= high
        assert 0.93 <= covered / 2000 <= 0.97, (share, covered)
    assert whatif.wilson(0, 100)[0] == 0 and whatif.wilson(100, 100)[1] == 1


def test_intervals_shrink_as_playouts_grow_and_cover_the_share_of_a_long_run():
    st = _turn(4)
    short = whatif.playouts(SC, st, 100, seed=11, to="end-of-turn", workers=1, precision=None)
    longer = whatif.playouts(SC, st, 400, seed=11, to="end-of-turn", workers=1, precision=None)
    for name in result_order(SC):
        (low, high), (low2, high2) = astuple(short.intervals[name]), astuple(longer.intervals[name])
        assert high2 - low2 < high - low, name
    assert longer.widest < short.widest
    long_run = whatif.playouts(SC, st, 1600, seed=99, to="end-of-turn", precision=None)
    # Each 95 % interval misses the share now and then (one level in twenty): the long run's share,
    # within its own sampling error (its interval), is in the interval of every level but one at most.
    missed = []
    for name in result_order(SC):
        (low, high), (long_low, long_high) = astuple(longer.intervals[name]), astuple(long_run.intervals[name])
        if long_low > high or low > long_high:
            missed.append((name, low, high, long_low, long_high))
    assert len(missed) <= 1, missed


def test_playouts_stop_once_every_share_is_known_to_the_precision_asked():
    st = _turn(4)
    answer = whatif.playouts(SC, st, 5000, seed=1, to="end-of-turn", workers=1, precision=0.05)
    assert answer.stopped == "precise" and answer.playouts % whatif.CHECK_EVERY == 0
    assert answer.widest <= 0.05
    fewer = whatif.playouts(
        SC, st, answer.playouts - whatif.CHECK_EVERY, seed=1, to="end-of-turn", workers=1, precision=None
    )
    assert fewer.widest > 0.05, "it stopped at the first look that was precise enough"


def test_the_same_seed_gives_the_same_answer_on_one_core_or_two():
    st = _turn(4)
    told: list[int] = []
    on_one = whatif.playouts(SC, st, 2000, seed=5, to="end-of-turn", workers=1, precision=0.05)
    on_two = whatif.playouts(
        SC, st, 2000, seed=5, to="end-of-turn", workers=2, precision=0.05, progress=lambda n: told.append(n) or True
    )
    assert on_two == on_one and on_one.stopped == "precise"
    assert told == sorted(told) and len(told) > 1, "progress is told batch by batch"
    exact = whatif.playouts(SC, st, whatif.PARALLEL_FROM, seed=5, to="end-of-turn", workers=2, precision=None)
    assert exact == whatif.playouts(SC, st, whatif.PARALLEL_FROM, seed=5, to="end-of-turn", workers=1, precision=None)


# -- the command ---------------------------------------------------------------------------------------


def test_whatif_json_gives_intervals_objectives_and_most_battles(tmp_path, capsys):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path) as made:
        made.apply(made.read_actions([{"type": "start_turn"}]))
    before = path.read_bytes()
    assert main(["whatif", str(path), "--playouts", "12", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["playouts"] == 12 and sum(data["outcomes"].values()) == 12 and data["stopped"] == "limit"
    assert list(data["intervals"]) == list(result_order(SC))
    assert all(0 <= low <= high <= 1 for low, high in data["intervals"].values())
    assert set(data["objectives"]) == {code for code, a in SC.areas.items() if a.vp}
    assert all(0 <= share <= 1 for share in data["objectives"].values())
    assert data["thresholds"] == [40, 60, 100] and list(data["percentiles"]) == [
        "5",
        "10",
        "25",
        "50",
        "75",
        "90",
        "95",
    ]
    assert sum(count for _, count in data["margin"]) == 12
    assert path.read_bytes() == before, "the file is never written"
    assert main(["whatif", str(path), "--playouts", "12", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data, "the same seed gives the same playouts"


def test_whatif_json_gives_each_side_s_wins_at_any_level_adding_up_with_the_levels(tmp_path, capsys):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path).close()
    assert main(["whatif", str(path), "--playouts", "40", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    wins, outcomes = data["wins"], data["outcomes"]
    assert list(wins) == ["axis", "allied"]
    for side, won in wins.items():
        levels = sum(count for name, count in outcomes.items() if name.startswith(SC.sides[side] + " "))
        assert won["playouts"] == levels and won["share"] == round(levels / 40, 4), side
        assert [round(x, 4) for x in whatif.wilson(levels, 40)] == won["interval"]
        assert won["interval"][0] <= won["share"] <= won["interval"][1]
    draws = outcomes.get(SC.victory_below, 0)
    assert wins["axis"]["playouts"] + wins["allied"]["playouts"] + draws == data["playouts"] == 40
    assert main(["whatif", str(path), "--playouts", "40", "--seed", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    said = [line for line in out if "win at any level" in line]
    low, high = wins["axis"]["interval"]
    assert said[0] == (
        f"The Axis win at any level: {wins['axis']['playouts']} "
        f"({wins['axis']['share']:.0%}, 95% between {low:.0%} and {high:.0%})"
    )
    assert said[1].startswith("The Allies win at any level: ") and len(said) == 2


def test_whatif_in_words(tmp_path, capsys):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path).close()
    assert main(["whatif", str(path), "--playouts", "30", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "30 playouts from the start to the end of the campaign (seed 3):"
    order = result_order(SC)
    listed = [line.strip().split(":")[0] for line in out if line.startswith("  ")]
    assert listed == sorted(listed, key=order.__getitem__), "the Axis's best first, the Allies' best last"
    assert all("95% between" in line for line in out if line.startswith("  "))
    margin = next(line for line in out if line.startswith("VP margin"))
    assert "median" in margin and "±40/60/100" in margin
    assert any(line.startswith("Objectives that changed hands:") for line in out)
    assert any(line.startswith("Most battles in a turn:") for line in out)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--playouts", "1000000"], "at most 100,000 playouts"),
        (["--precision", "60"], "--precision is in points"),
        (["--plan", "martians"], "no side 'martians'"),
    ],
)
def test_whatif_refuses_in_one_line(tmp_path, capsys, argv, words):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path).close()
    assert main(["whatif", str(path), *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1, err


def test_a_plan_on_the_command_line(tmp_path, capsys):
    records: list = []
    _planned_position(records)
    path = tmp_path / "plan.campaign"
    with CampaignFile.create(path, play="wargame") as made:
        made.apply(made.read_actions(records))
        assert len(made.state.open_arrows) == 2
    assert main(["whatif", str(path), "--playouts", "10", "--plan", "Allied", "--to", "end-of-turn"]) == 0
    out = capsys.readouterr().out
    assert out.count("Planned arrow") == 2 and "of the playouts" in out


def test_whatif_json_is_the_answer_model_in_the_shape_scripts_read(tmp_path, capsys):
    """`whatif --json` prints the WhatIf model through `whatif_json`: every field under its own
    key, in order, the plan's arrows as from/to/fought."""
    records: list = []
    _planned_position(records)
    path = tmp_path / "plan.campaign"
    with CampaignFile.create(path, play="wargame") as made:
        made.apply(made.read_actions(records))
    argv = ["whatif", str(path), "--playouts", "10", "--seed", "2", "--plan", "Allied", "--to", "end-of-turn", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    with CampaignFile.open(path, readonly=True) as campaign:
        answer = whatif.playouts(
            campaign.scenario, campaign.state, 10, seed=2, to="end-of-turn", workers=1, plan_side="allied"
        )
    assert data == whatif.whatif_json(answer)
    assert list(data) == [
        "playouts",
        "to",
        "stopped",
        "precision",
        "widest",
        "outcomes",
        "intervals",
        "wins",
        "margin",
        "margin_means",
        "percentiles",
        "thresholds",
        "objectives",
        "held_at_start",
        "most_battles_in_a_turn",
        "plan",
    ]
    assert data["margin_means"] == "Allied VP minus Axis VP" and answer.margin_sides == ("axis", "allied")
    assert data["plan"]["side"] == "allied" and len(data["plan"]["arrows"]) == 2
    assert [list(arrow) for arrow in data["plan"]["arrows"]] == [["from", "to", "fought"]] * 2
    assert data["percentiles"] == {str(q): margin for q, margin in answer.percentiles.items()}
