"""The battle being entered is kept in the campaign file as it is typed (table draft, schema 3),
apart from the log: writing it never touches the actions, the redo stack or the revision. A file
of schema 1 opens as it is read-only and gains the table when first written; a read-only file
keeps the entry only in memory and says so; a draft row the app did not write is refused."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from campaign_manager.engine.entry import BattleEntry, EntryError, Step
from campaign_manager.engine.state import Commitment
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.schema import SCHEMA_VERSION
from tests.shared import FULL_CAMPAIGN

FIXTURES = Path(__file__).parent.parent / "fixtures"
ENTRY = BattleEntry(
    log_length=1,
    page=Step.DESTROY,
    visited=(Step.ARROW, Step.COMMIT, Step.RESULT),
    side="axis",
    arrow=("B1", "C1"),
    committed_on=("B1", "C1"),
    attacker=Commitment(("IT-INF-1",)),
    defender=Commitment(("GR-INF-1",)),
    games=((5, 2), (None, 3)),
    players=(("Marco", None), (None, "Zoë, new")),  # who played, as typed (a new name included)
    dice={"destroy_dice.GR-INF-1": 4, "mission_die": 2},
    rolled_by_app=("destroy_dice.GR-INF-1",),
    thrown=("destroy_dice.GR-INF-1", "mission_die"),
)


def _user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "c.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"][:1]))
    return path


@pytest.fixture
def stored(campaign_store):
    """The same campaign in a file or on the test server (made by alice, an organiser)."""
    location = campaign_store.location("club")
    with CampaignFile.create(location, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"][:1]))
    return location


def test_an_entry_is_kept_and_read_back_whole(stored):
    campaign = stored
    with CampaignFile.open(campaign) as opened:
        assert opened.kept_entry() is None
        assert opened.keep_entry(ENTRY) is None
    with CampaignFile.open(campaign, readonly=True) as again:
        assert again.kept_entry() == ENTRY
    with CampaignFile.open(campaign) as again:
        assert again.keep_entry(None) is None
    with CampaignFile.open(campaign, readonly=True) as again:
        assert again.kept_entry() is None


def test_keeping_an_entry_is_not_an_action(stored):
    """The log, the redo stack and the revision stay as they were: undo and redo are unaffected."""
    campaign = stored
    with CampaignFile.open(campaign) as opened:
        opened.apply(opened.read_actions([{"type": "note", "text": "first"}]))
        opened.undo()
        revision, records = opened.log.stored_revision(), list(opened.records)
        opened.keep_entry(ENTRY)
        opened.keep_entry(ENTRY.model_copy(update={"page": Step.RETREAT}))
        assert opened.log.stored_revision() == revision and opened.records == records
        assert opened.can_redo() and opened.redo() == {"type": "note", "text": "first"}
        assert opened.kept_entry().page == Step.RETREAT
    with CampaignFile.open(campaign, readonly=True) as again:
        assert [r["type"] for r in again.records] == ["start_turn", "note"]
        assert [entry[2]["type"] for entry in again.log.entries()] == ["start_turn", "note"]


def test_a_read_only_file_keeps_the_entry_in_memory_and_says_so(campaign):
    before = campaign.read_bytes()
    with CampaignFile.open(campaign, readonly=True) as opened:
        said = opened.keep_entry(ENTRY)
        assert said is not None and "read-only" in said and "only while the app is open" in said
        assert opened.kept_entry() == ENTRY
    assert campaign.read_bytes() == before


def test_a_schema_1_file_opens_read_only_as_it_is_and_gains_the_table_when_written(tmp_path):
    copy = tmp_path / "old.campaign"
    shutil.copy(FIXTURES / "campaign-schema-1.campaign", copy)
    before = copy.read_bytes()
    with CampaignFile.open(copy, readonly=True) as opened:
        assert opened.kept_entry() is None
        assert "read-only" in opened.keep_entry(ENTRY)
    assert copy.read_bytes() == before and _user_version(copy) == 1
    with CampaignFile.open(copy) as opened:
        assert opened.kept_entry() is None
        assert opened.keep_entry(ENTRY) is None
    assert _user_version(copy) == SCHEMA_VERSION == 3
    with CampaignFile.open(copy, readonly=True) as opened:
        assert opened.kept_entry() == ENTRY and len(opened.records) == 4


def test_the_schema_3_fixture_holds_a_battle_being_entered(tmp_path):
    copy = tmp_path / "kept.campaign"
    shutil.copy(FIXTURES / "campaign-schema-3.campaign", copy)
    with CampaignFile.open(copy, readonly=True) as opened:
        entry = opened.kept_entry()
        assert opened.name == "Schema 3 fixture" and len(opened.records) == 1
    assert entry is not None and entry.page == Step.RESULT and entry.arrow == ("B1", "C1")
    assert entry.games == ((5, None),) and entry.app_dice() == {"mission_die": 3}
    assert entry.attacker == Commitment(("IT-INF-1", "IT-CARRI"))


@pytest.mark.parametrize(
    ("statement", "words"),
    [
        ("INSERT INTO draft VALUES (1, 'not json', 't')", "not valid JSON"),
        ("INSERT INTO draft VALUES (1, '{\"page\": \"nowhere\"}', 't')", "page"),
        ("INSERT INTO draft VALUES (1, '{\"dice\": {\"mission_die\": 9}}', 't')", "dice.mission_die"),
        ("INSERT INTO draft VALUES (1, '{\"spell\": 1}', 't')", "spell"),
        (
            'INSERT INTO draft VALUES (1, \'{"players": [["' + "x" * 81 + "\", null]]}', 't')",
            "players[0][0]: should have at most 80",
        ),
        ("INSERT INTO draft VALUES (1, x'00', 't')", "is not text"),
        ("INSERT INTO draft VALUES (2, '{}', 't')", "row 2, not the row 1"),
        ("INSERT INTO draft VALUES (1, '{}', 't'), (2, '{}', 't')", "holds 2 rows"),
    ],
)
def test_a_damaged_draft_never_shuts_the_campaign_and_is_offered_to_be_thrown_away(campaign, statement, words):
    """The battle being entered is no part of the record: a damaged one is said in one line, the
    campaign opens untouched, and throwing the entry away is logged (a `discard` saying why)."""
    conn = sqlite3.connect(campaign)
    conn.execute(statement)
    conn.commit()
    conn.close()
    before = campaign.read_bytes()
    with CampaignFile.open(campaign, readonly=True) as opened:
        damage = opened.entry_damage()
        records = len(opened.records)
    assert damage is not None and words in damage and len(damage.splitlines()) == 1
    assert campaign.read_bytes() == before, "opening changed the file"
    with CampaignFile.open(campaign) as opened:
        done = opened.discard_damaged_entry()
        assert done is not None and opened.records[-1]["type"] == "discard"
        assert opened.records[-1]["damaged"] and "damaged" in done.events[0]
        assert len(opened.records) == records + 1
    with CampaignFile.open(campaign) as again:
        assert again.entry_damage() is None and again.kept_entry() is None


def test_the_app_dice_of_a_damaged_draft_are_read_out_and_logged_when_it_is_thrown_away(campaign):
    conn = sqlite3.connect(campaign)
    damaged = '{"dice": {"mission_die": 4, "wargame.attacker_die": 6}, "rolled_by_app": ["mission_die"], "page": "x"}'
    conn.execute("INSERT INTO draft VALUES (1, ?, 't')", (damaged,))
    conn.commit()
    conn.close()
    with CampaignFile.open(campaign) as opened:
        assert "page" in (opened.entry_damage() or "")
        done = opened.discard_damaged_entry()
    assert done is not None and done.record["dice"] == {"mission_die": 4}  # the typed die was not the app's
    assert "the suggested-mission die (4)" in done.events[0]


def test_an_entry_too_large_or_too_deep_is_refused():
    with pytest.raises(EntryError, match="larger than"):
        BattleEntry.from_text('{"advance": [' + ",".join(['"IT-INF-1"'] * 20000) + "]}")
    with pytest.raises(EntryError, match="nested more than"):
        BattleEntry.from_text("[" * 40 + "]" * 40)


def test_an_entry_that_would_not_read_back_is_not_written(campaign):
    """The file is only ever given an entry that reads back whole (else it would be refused on
    opening): a die placed nowhere is kept in memory, and said so."""
    odd = ENTRY.model_copy(update={"dice": {"somewhere": 3}})  # model_copy does not check
    with CampaignFile.open(campaign) as opened:
        said = opened.keep_entry(odd)
        assert said is not None and "could not be kept in the file" in said and opened.kept_entry() == odd
    with CampaignFile.open(campaign, readonly=True) as again:
        assert again.kept_entry() is None
