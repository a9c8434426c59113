"""Checked scenarios are kept between runs: the same text comes back from the cache as the same
scenario; a damaged entry, a changed text or a cache that cannot be written only costs the check."""

from __future__ import annotations

import pytest

from campaign_manager.scenario import cache, load_scenario
from campaign_manager.scenario.loader import ScenarioError, parse_scenario, scenario_path


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("FIRESTORM_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "scenarios"


def test_a_scenario_read_twice_comes_back_from_the_cache_the_same(folder):
    text = scenario_path("firestorm-greece").read_text(encoding="utf-8")
    first = parse_scenario(text)
    assert len(list(folder.glob("*.pickle"))) == 1
    again = cache.read(text)
    assert again is not None and again is not first
    assert again == first and again.troops_of("greek") == first.troops_of("greek")
    assert parse_scenario(text) == first


def test_a_damaged_entry_is_ignored_and_replaced(folder):
    text = scenario_path("firestorm-greece").read_text(encoding="utf-8")
    parse_scenario(text)
    entry = next(folder.glob("*.pickle"))
    entry.write_bytes(b"not a pickle")
    assert cache.read(text) is None
    assert parse_scenario(text).name == load_scenario().name
    assert cache.read(text) is not None, "the entry is written again"


def test_a_changed_text_is_checked_again_and_its_faults_still_reported(folder):
    text = scenario_path("firestorm-greece").read_text(encoding="utf-8")
    parse_scenario(text)
    broken = text.replace("max_committed = 2", "max_committed = -2", 1)
    assert broken != text
    with pytest.raises(ScenarioError):
        parse_scenario(broken, "broken.toml")
    assert len(list(folder.glob("*.pickle"))) == 1, "nothing kept for a refused scenario"


def test_a_cache_that_is_a_file_costs_nothing_but_time(tmp_path, monkeypatch):
    blocker = tmp_path / "cache-is-a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("FIRESTORM_CACHE_DIR", str(blocker))
    assert load_scenario().name
    assert blocker.read_text() == "in the way"
