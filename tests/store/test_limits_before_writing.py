"""Every limit a reader enforces is kept by every writer: a batch of actions that would take the
campaign past the most actions a campaign keeps, or its file past the largest the app opens, is
refused in one sentence naming the limit, from a count before anything is applied, and nothing
is written (a campaign grown past a limit would be refused for good, Undo included)."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import pytest

from campaign_manager import bounds
from campaign_manager.engine.actions import Note
from campaign_manager.store.action_log import LimitReached
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, run

NOTE = {"type": "note", "text": "n"}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "c.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"][:3]))
    return path


def test_a_batch_past_the_most_actions_is_refused_from_its_count_before_it_is_read(campaign):
    before = digest(campaign)
    batch = [NOTE] * (bounds.MAX_LOG + 1)
    with CampaignFile.open(campaign) as opened:
        started = time.perf_counter()
        with pytest.raises(LimitReached, match="past 100,000 actions"):
            opened.read_actions(batch)
        with pytest.raises(LimitReached, match="100,001 more actions"):
            opened.apply([Note("n")] * (bounds.MAX_LOG + 1))
        assert time.perf_counter() - started < 2  # a count, not a reading of every action
    assert digest(campaign) == before


def test_apply_of_a_file_of_too_many_notes_is_one_sentence_and_writes_nothing(campaign, tmp_path, capsys):
    notes = tmp_path / "notes.json"
    notes.write_text(json.dumps([NOTE] * (bounds.MAX_LOG + 1)))
    assert notes.stat().st_size < bounds.MAX_ACTIONS_FILE  # within the file's own limit
    before = digest(campaign)
    code, _, err = run(capsys, "apply", campaign, notes)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "past 100,000 actions" in err and "nothing was recorded" in err
    assert digest(campaign) == before


def test_the_last_action_the_limit_allows_is_kept_and_the_next_refused(campaign, monkeypatch):
    monkeypatch.setattr(bounds, "MAX_LOG", 6)
    with CampaignFile.open(campaign) as opened:
        with pytest.raises(LimitReached, match="4 more actions would take the campaign past 6 actions"):
            opened.apply([Note("n")] * 4)
        opened.apply([Note("n")] * 3)
        with pytest.raises(LimitReached, match="it holds 6"):
            opened.apply([Note("last")])
        assert opened.undo() is not None  # the campaign still opens and undo works
    with CampaignFile.open(campaign) as again:
        assert len(again.records) == 5


def test_another_writers_actions_are_counted_once_the_lock_is_held(campaign, monkeypatch):
    monkeypatch.setattr(bounds, "MAX_LOG", 5)
    with CampaignFile.open(campaign) as here, CampaignFile.open(campaign) as there:
        there.apply([Note("there")] * 2)  # the log is now full; `here` still holds 3
        before = digest(campaign)
        with pytest.raises(LimitReached, match="it holds 5"):
            here.apply([Note("here")])
        assert digest(campaign) == before


def test_actions_that_would_grow_the_file_past_the_largest_opened_are_refused(campaign, monkeypatch):
    size = campaign.stat().st_size
    monkeypatch.setattr(bounds, "MAX_CAMPAIGN_FILE", size + 40_000)
    before = digest(campaign)
    with CampaignFile.open(campaign) as opened:
        with pytest.raises(LimitReached, match="larger than"):
            opened.apply([Note("x" * 9_000)] * 4)
        assert digest(campaign) == before
        opened.apply([Note("x" * 9_000)])  # what fits is still recorded
    with CampaignFile.open(campaign) as again:
        assert again.records[-1]["text"] == "x" * 9_000


def test_an_import_that_would_make_a_file_too_large_to_open_makes_nothing(campaign, tmp_path, capsys, monkeypatch):
    exported = tmp_path / "c.json"
    assert run(capsys, "export", campaign, "-o", exported)[0] == 0
    monkeypatch.setattr(bounds, "MAX_CAMPAIGN_FILE", 4096)
    code, _, err = run(capsys, "import", exported, "-o", tmp_path / "back.campaign")
    assert code == 2 and "larger than 4 kB" in err, err
    assert not (tmp_path / "back.campaign").exists()


def test_sizes_are_said_as_people_say_them():
    assert bounds.size_words(bounds.MAX_CAMPAIGN_FILE) == "64 MB" and bounds.size_words(64 * 1024) == "64 kB"
    assert bounds.size_words(61_493_248) == "58.6 MB"  # a file's size, never "58.6445 MB"
    assert bounds.size_words(1536) == "1.5 kB" and bounds.size_words(900) == "900 bytes"
