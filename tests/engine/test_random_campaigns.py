"""Property test: 200 seeded random legal campaigns (the random player on both sides, through the
turn driver), with invariants checked after every action."""

from __future__ import annotations

import copy

import pytest

from campaign_manager.engine import apply_action, initial_state
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.playout import random_driver
from campaign_manager.engine.spelling import read_action
from campaign_manager.engine.state import CAPTURED, OFF_MAP, WAITING
from campaign_manager.engine.victory import victory_points
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile

SC = load_scenario()
SEEDS_PER_CHUNK = 20


def recount_vp(st) -> dict[str, int]:
    """VP counted from scratch, independently of the engine's running score."""
    vp = {"axis": 0, "allied": 0}
    objectives = {"B1": 20, "B4": 20, "C1": 10, "F2": 60, "F1": 20}  # RULES.md 1.9
    for code, points in objectives.items():
        if st.control[code]:
            vp[st.control[code]] += points
    vp["allied"] += 10 * st.command_wins.get("A1", 0)
    for troop, place in st.where.items():
        if place == CAPTURED:
            owner = SC.side_of(SC.troops[troop].nation)
            vp["axis" if owner == "allied" else "allied"] += SC.troops[troop].type.capture_vp
    return vp


def check_invariants(st) -> None:
    assert set(st.where) == set(SC.troops), "every troop has exactly one place"
    for troop, place in st.where.items():
        assert place in SC.areas or place in OFF_MAP, f"{troop} stands in unknown place {place}"
        side = SC.side_of(SC.troops[troop].nation)
        if place in SC.areas:
            assert st.control[place] == side, f"{troop} stands in {place}, held by {st.control[place]}"
            assert SC.may_enter(SC.troops[troop].nation, place), f"{troop} may not be in {place}"
        assert (place == WAITING) == (troop in st.waiting_zone)
    assert victory_points(SC, st) == recount_vp(st)
    assert st.control["A1"] == "axis", "Tirane is never captured"
    assert st.control["A4"] == st.control["A5"] == "axis", "staging areas are never attacked"
    assert st.control["C3"] is None, "the impassable area is never entered"


@pytest.mark.parametrize("chunk", range(200 // SEEDS_PER_CHUNK))
def test_random_campaigns_keep_invariants(chunk):
    for seed in range(chunk * SEEDS_PER_CHUNK, (chunk + 1) * SEEDS_PER_CHUNK):
        driver, st, count = random_driver(SC, seed), initial_state(SC), 0
        while True:
            before = copy.deepcopy(st)
            applied = driver.step(st)
            if applied is None:
                break
            assert isinstance(applied, Applied), "the random player answers every question itself"
            count += 1
            assert st == before, f"seed {seed}: applying an action changed the state it was given"
            check_invariants(applied.state)
            # Undo restores `before` (it is untouched); redo replays the logged record with no roller.
            assert apply_action(SC, before, read_action(SC, applied.record)).state == applied.state, (
                f"seed {seed}, action {count}"
            )
            st = applied.state
        assert st.phase == "finished", f"seed {seed} did not finish"
        assert count > 10


@pytest.mark.parametrize("seed", [3, 11])
def test_undo_redo_through_the_campaign_file(tmp_path, seed):
    campaign = CampaignFile.create(tmp_path / "c.campaign")
    driver = random_driver(SC, seed)
    states = [campaign.state]
    while (applied := driver.step(campaign.state)) is not None:
        assert isinstance(applied, Applied)
        campaign.apply(campaign.read_actions([applied.record]))
        states.append(campaign.state)
        campaign.undo()
        assert campaign.state == states[-2]
        campaign.redo()
        assert campaign.state == states[-1]
    campaign.close()
    reopened = CampaignFile.open(tmp_path / "c.campaign")
    assert reopened.state == states[-1]
    reopened.close()
