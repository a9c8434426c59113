"""The campaign state's troop places keep an index of who stands where (engine/state.py
`Places`): every way of moving a troop must drop it, or the rules would read a stale map."""

from __future__ import annotations

import pickle

from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.state import CampaignState, Places
from tests.engine.positions import scenario


def test_every_change_of_place_is_seen_by_troops_in():
    st = CampaignState(turn=1, phase="planning", control={}, where={"a": "C1", "b": "C1", "c": "D1"})
    assert type(st.where) is Places
    assert st.troops_in("C1") == ["a", "b"]
    st.where["a"] = "D1"
    assert st.troops_in("C1") == ["b"] and st.troops_in("D1") == ["a", "c"]
    st.where.update({"b": "D1"})
    assert st.troops_in("C1") == [] and st.troops_in("D1") == ["a", "b", "c"]
    st.where |= {"c": "pool"}
    assert st.troops_in("pool") == ["c"]
    st.where.setdefault("d", "C1")
    assert st.troops_in("C1") == ["d"]
    st.where.pop("d")
    del st.where["a"]
    assert st.troops_in("C1") == [] and st.troops_in("D1") == ["b"]


def test_a_copy_moves_on_its_own_and_the_list_given_is_the_callers():
    st = initial_state(scenario())
    before = st.troops_in("C1")
    trial = st.copy()
    trial.where[before[0]] = "pool"
    assert st.troops_in("C1") == before and trial.troops_in("C1") == before[1:]
    st.troops_in("C1").clear()
    assert st.troops_in("C1") == before


def test_places_travel_to_worker_processes():
    st = initial_state(scenario())
    st.troops_in("C1")
    back = pickle.loads(pickle.dumps(st))
    assert back.where == st.where and back.troops_in("C1") == st.troops_in("C1")
    back.where[st.troops_in("C1")[0]] = "pool"
    assert back.troops_in("C1") == st.troops_in("C1")[1:]


def test_standing_reads_the_same_index_and_follows_every_change():
    st = CampaignState(turn=1, phase="planning", control={}, where={"a": "C1", "b": "C1", "c": "D1"})
    assert st.where.standing("C1") == ["a", "b"] and st.where.standing("B9") == []
    st.where["a"] = "D1"
    assert st.where.standing("C1") == ["b"] and st.where.standing("D1") == ["a", "c"]
    trial = st.copy()
    trial.where["b"] = "D1"
    assert st.where.standing("C1") == ["b"] and trial.where.standing("C1") == []


def test_a_copy_shares_the_index_until_either_moves():
    st = CampaignState(turn=1, phase="planning", control={}, where={"a": "C1", "b": "C1", "c": "D1"})
    st.where.standing("C1")
    trial = st.copy()
    assert type(trial.where) is Places and trial.where == st.where
    assert trial.where.standing("C1") is st.where.standing("C1")  # not built again
    trial.where["a"] = "D1"
    assert trial.where.standing("C1") == ["b"] and trial.where.standing("D1") == ["a", "c"]
    assert st.where.standing("C1") == ["a", "b"] and st.where.standing("D1") == ["c"]
    st.where["c"] = "pool"
    assert trial.where.standing("D1") == ["a", "c"] and st.where.standing("pool") == ["c"]
