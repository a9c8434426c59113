"""RULES.md 1.5, DECISION (battles per turn): at the tabletop the turn's count is a floor with no
ceiling; in a General's Wargame (and in what-if playouts) the turn has the rolled count plus the
extra battles both generals agreed when it started, and then it ends. Dice are entered."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign_manager.engine import Play, initial_state, legal
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import StartTurn
from campaign_manager.engine.driver import TurnDriver
from campaign_manager.engine.players import ComputerPolicy
from campaign_manager.engine.state import Phase, evolve
from campaign_manager.store.campaign_file import CampaignFile
from tests.engine.positions import END_TURN, attack, play, play_all, position, refused, scenario, start_turn


def _wargame_turn_two(extra: int = 0, die: int = 1):
    """Turn 2 of a General's Wargame begun with the battle-count d6 `die` (1: D3 1, so 1 + 3 = 4
    battles) and `extra` agreed; turn 1's two fixed battles fought by the computer."""
    sc = scenario()
    st = initial_state(sc, Play.WARGAME)
    driver = TurnDriver(sc, {side: ComputerPolicy(7) for side in sc.sides}, 7)
    st, _ = driver.play(st, to="end-of-turn")
    assert (st.turn, st.phase) == (1, Phase.STRATEGIC)
    st = play(st, {"type": "start_turn", "dice": [die], "extra_battles": extra}).state
    return driver, st


def _fight_until_the_ceiling(driver: TurnDriver, st):
    """Play the turn on with the computer on both sides until all that is left is to end it."""
    while not legal.turn_must_end(st):
        found = driver.step(st)
        assert found is not None and not isinstance(found.action, type(END_TURN)), found
        st = found.state
    return st


def test_at_the_tabletop_the_count_is_a_floor_and_no_extras_are_agreed():
    st = position(1, "strategic", sorties={})
    refused(st, {"type": "start_turn", "dice": [1], "extra_battles": 2}, "1.5", "floor with no ceiling", "2 given")
    st = play(st, start_turn(1)).state
    assert st.battle_ceiling is None and legal.battles_left(st) is None
    st.battles_fought = 9  # far beyond the rolled count: the table may go on
    st.phase = Phase.BATTLE
    assert legal.battle_refusal(scenario(), st) is None and legal.legal_arrows(scenario(), st, "allied")
    assert not legal.turn_must_end(st)


def test_a_wargame_turn_has_the_rolled_count_plus_the_extras_then_it_ends():
    sc = scenario()
    driver, st = _wargame_turn_two(extra=1, die=2)  # D3 1 + 3 = 4 rolled, 1 extra: 5 in all
    assert (st.battles_required, st.extra_battles, st.battle_ceiling) == (4, 1, 5)
    assert legal.battles_left(st) == 5
    st = _fight_until_the_ceiling(driver, st)
    assert st.battles_fought == 5 and legal.battles_left(st) == 0
    assert legal.legal_arrows(sc, st, "axis") == legal.legal_arrows(sc, st, "allied") == []
    roomier = evolve(st, extra_battles=2)  # one more agreed: an arrow that would be legal
    origin, target = legal.legal_arrows(sc, roomier, "allied")[0]
    troop = legal.legal_commitments(sc, roomier, origin, target).attacker_troops[0]
    err = refused(st, attack(origin, target, [troop], initiative=(6, 1), wargame=(3, 3)), "1.5", "turn 2", "5 battles")
    assert "1 extra agreed" in str(err) and "the turn ends" in str(err)
    refused(st, {"type": "initiative", "dice": {"axis": 1, "allied": 6}}, "1.5", "5 battles")
    assert str(legal.battle_refusal(sc, st)) == str(err)
    ended = play(st, END_TURN).state
    assert ended.phase == Phase.STRATEGIC and ended.turn == 2


def test_with_no_extras_the_turn_ends_at_the_rolled_count():
    driver, st = _wargame_turn_two(extra=0, die=6)  # D3 3 + 3 = 6
    assert st.battle_ceiling == 6
    st = _fight_until_the_ceiling(driver, st)
    assert st.battles_fought == 6
    assert driver.step(st).action.type == "end_turn", "the driver ends the turn at the ceiling"  # type: ignore[union-attr]


def test_an_open_arrow_counts_against_the_ceiling():
    sc = scenario()
    st = position(3, "battle", battles_required=3, battles_fought=2)
    st.play = Play.WARGAME
    origin, target = legal.legal_arrows(sc, st, "axis")[0]
    troop = legal.legal_commitments(sc, st, origin, target).attacker_troops[0]
    placed = play(st, attack(origin, target, [troop], initiative=(6, 1))).state  # the arrow waits for its result
    assert legal.battles_left(placed) == 0 and not legal.turn_must_end(placed), "its result must come first"
    assert "fought or under way" in str(legal.ceiling_refusal(placed))
    result = {"type": "battle", "from": origin, "to": target, "wargame": {"attacker_die": 1, "defender_die": 6}}
    done = play(placed, {**result, "destroy_dice": {troop: 1}}).state
    assert done.battles_fought == 3 and legal.turn_must_end(done)


def test_turn_one_takes_no_extra_battles():
    st = initial_state(scenario(), Play.WARGAME)
    refused(st, {"type": "start_turn", "extra_battles": 1}, "1.5", "fixed battles only")


def test_the_computer_agrees_to_no_extras_unless_told():
    sc = scenario()
    st = play_all(initial_state(sc, Play.WARGAME), start_turn())
    st, _ = TurnDriver(sc, {s: ComputerPolicy(2) for s in sc.sides}, 2).play(st, to="end-of-turn")
    told = TurnDriver(sc, {s: ComputerPolicy(2) for s in sc.sides}, 2, extra_battles=2)
    assert told.step(st).state.extra_battles == 2  # type: ignore[union-attr]
    assert TurnDriver(sc, {}, 2).step(st).state.extra_battles == 0  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", range(20))
def test_no_wargame_turn_has_more_battles_than_agreed(seed):
    sc = scenario()
    driver = TurnDriver(sc, {s: ComputerPolicy(seed + n) for n, s in enumerate(sc.sides)}, seed, extra_battles=seed % 3)
    _, done = driver.play(initial_state(sc, Play.WARGAME))
    ends = [a.state for a in done if a.action.type == "end_turn"]
    assert len(ends) == 4
    for st in ends:
        assert st.battles_fought <= st.battle_ceiling  # type: ignore[operator]


def test_extra_battles_are_written_only_when_agreed():
    assert StartTurn().to_json() == {"type": "start_turn"}
    assert StartTurn(extra_battles=2).to_json() == {"type": "start_turn", "extra_battles": 2}
    assert parse_action({"type": "start_turn", "extra_battles": 2}) == StartTurn(extra_battles=2)
    for bad in (-1, "2", 61):
        with pytest.raises(Exception, match="extra_battles"):
            parse_action({"type": "start_turn", "extra_battles": bad})
    assert replace(StartTurn(), extra_battles=0).to_json() == {"type": "start_turn"}


def test_a_wargame_file_tells_the_engine_how_it_is_fought(tmp_path):
    with CampaignFile.create(tmp_path / "w.campaign", play="wargame", computer="axis") as made:
        assert made.play is Play.WARGAME and made.state.play is Play.WARGAME
        made.apply(made.read_actions([{"type": "start_turn"}]))
        assert made.state.battle_ceiling == 2
    with CampaignFile.open(tmp_path / "w.campaign") as opened:
        assert opened.state.play is Play.WARGAME, "replayed as the settings say"
        assert opened.history()[-1].state.play is Play.WARGAME
    with CampaignFile.create(tmp_path / "t.campaign") as table:
        assert table.state.play is Play.TABLETOP
