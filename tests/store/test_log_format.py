"""The log's format did not change when actions became typed models: logs written before
replay to the very same state, and every record reads back and writes out byte for byte.

The digests were taken with the code before the models (the state as sorted JSON, SHA-256):
the committed schema-1 campaign file, and a legal 10,000-action log from the benchmark's
generator (tests/fixtures/long-log-10000.jsonl.gz)."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import shutil
from pathlib import Path

from campaign_manager.engine import parse_action, replay
from campaign_manager.engine.state import CampaignState
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile

FIXTURES = Path(__file__).parent.parent / "fixtures"
# Digests of the replayed state. They changed once, when the state began to keep each win against a
# command centre with its turn and each open arrow its mission die: the state put back in its earlier
# form (wins counted per area, no mission die) still gave the earlier digests (0f673e4a…, 2c8a03da…).
SCHEMA_1_STATE = "8c688ccc79805e8643cb955e675694dacc967c3b2ab15fe89a269bb9d5ac99ae"
LONG_LOG_STATE = "59078f7af6481de4e6d72573ec00a7e1e706982393f0cbd63919728563ccde05"


LATER_FIELDS = {
    "play": "tabletop",
    "extra_battles": 0,
    "roster": (),
    "scoring": {"win": 1, "draw": 0, "loss": 0, "per_game": 0, "tie_breaks": ("vp_difference", "vp_for")},
    "played_by": frozenset(),
}  # added to the state since schema 1, as it replays


def digest(state: CampaignState) -> str:
    fields = dataclasses.asdict(state)
    assert {name: fields.pop(name) for name in LATER_FIELDS} == LATER_FIELDS
    # added later too: the turn's battles fought so far (for the computer general's memory of its
    # long shots), one arrow for each battle the turn has counted
    assert len(fields.pop("fought")) == fields["battles_fought"]
    return hashlib.sha256(json.dumps(fields, sort_keys=True, default=list).encode()).hexdigest()


def logged(record: dict) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"))  # as store/logfile.py writes it


def test_the_schema_1_fixture_replays_to_the_same_state(tmp_path):
    copy = tmp_path / "old.campaign"
    shutil.copy(FIXTURES / "campaign-schema-1.campaign", copy)
    with CampaignFile.open(copy, readonly=True) as opened:
        assert digest(opened.state) == SCHEMA_1_STATE
        for record in opened.records:
            assert logged(parse_action(record).to_json()) == logged(record)


def test_a_10000_action_log_replays_to_the_same_state():
    with gzip.open(FIXTURES / "long-log-10000.jsonl.gz", "rt", encoding="utf-8") as source:
        lines = source.read().splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == 10_000
    assert digest(replay(load_scenario(), records)) == LONG_LOG_STATE
    assert [logged(parse_action(record).to_json()) for record in records] == lines
