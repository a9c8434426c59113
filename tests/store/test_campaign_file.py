"""The campaign file: refusal of foreign, damaged and newer files; one transaction per action;
old schemas still open."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from campaign_manager.engine import legal
from campaign_manager.errors import FileRefused
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import ActionRefused, CampaignFile
from campaign_manager.store.logfile import LogFile
from campaign_manager.store.schema import SCHEMA_VERSION
from tests.shared import ROOT

FIXTURES = Path(__file__).parent.parent / "fixtures"
TURN_ONE = [{"type": "start_turn"}, {"type": "note", "text": "first evening"}]


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "c.campaign"
    CampaignFile.create(path, name="Test").close()
    return path


@pytest.fixture
def anywhere(campaign_store):
    """A new campaign in a file or on a server: the tests of what both engines do alike."""
    location = campaign_store.location("c")
    CampaignFile.create(location, name="Test").close()
    return location


def test_schema_1_fixture_opens_with_its_turn_one(tmp_path):
    copy = tmp_path / "old.campaign"
    shutil.copy(FIXTURES / "campaign-schema-1.campaign", copy)
    with CampaignFile.open(copy) as opened:
        assert opened.name == "Schema 1 fixture"
        assert opened.state.turn == 1 and opened.state.phase == "strategic"
        assert opened.state.control["C1"] == "axis"
        assert len(opened.records) == 4
        # Its scenario is of the earlier form (links marked `metaxas`, no side colours): read as today's.
        sc, bundled = opened.scenario, load_scenario()
        assert sc.read_as and sc.source != bundled.source
        assert {(link.a, link.b) for link in sc.links if link.fortified} == {("A5", "B4"), ("A5", "B5")}
        assert sc.side_colours == bundled.side_colours
        assert legal.fortification_name(sc, opened.state, "A5", "B5", "axis") == "Metaxas Line fortification"


def test_schema_1_file_is_upgraded_to_today_s_schema_when_written(tmp_path):
    """Opened to record, an older file is upgraded in place (its log untouched); read-only, it is
    left exactly as it was."""
    copy = tmp_path / "old.campaign"
    shutil.copy(FIXTURES / "campaign-schema-1.campaign", copy)
    with CampaignFile.open(copy, readonly=True):
        pass
    assert copy.read_bytes() == (FIXTURES / "campaign-schema-1.campaign").read_bytes()
    with CampaignFile.open(copy) as opened:
        records = list(opened.records)
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(SCHEMA_VERSION)
    conn.close()
    with CampaignFile.open(copy, readonly=True) as reopened:
        assert list(reopened.records) == records


def test_schema_2_fixture_opens_with_its_scenario_of_today_s_form(tmp_path):
    """Schema 2 files carry the scenario with side colours and a fortified line; the committed
    fixture of that schema opens, and its scenario needs no reading as an older form."""
    copy = tmp_path / "two.campaign"
    shutil.copy(FIXTURES / "campaign-schema-2.campaign", copy)
    with CampaignFile.open(copy) as opened:
        assert opened.name == "Schema 2 fixture"
        assert opened.state.turn == 1
        assert not opened.scenario.read_as
        assert opened.scenario.side_colours == load_scenario().side_colours


def test_not_sqlite_is_refused_untouched(tmp_path):
    path = tmp_path / "letter.campaign"
    path.write_bytes(b"Dear organiser, " * 100)
    with pytest.raises(FileRefused, match="not a campaign manager file"):
        CampaignFile.open(path)
    assert path.read_bytes() == b"Dear organiser, " * 100


def test_foreign_sqlite_is_refused_untouched(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    before = path.read_bytes()
    with pytest.raises(FileRefused, match="not a campaign manager file"):
        CampaignFile.open(path)
    assert path.read_bytes() == before


def test_newer_schema_is_refused_untouched(campaign):
    conn = sqlite3.connect(campaign)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = campaign.read_bytes()
    with pytest.raises(FileRefused, match="newer version"):
        CampaignFile.open(campaign)
    assert campaign.read_bytes() == before


def test_damaged_file_is_refused_untouched(campaign):
    data = bytearray(campaign.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # wreck a page after the header
    campaign.write_bytes(bytes(data))
    before = campaign.read_bytes()
    with pytest.raises(FileRefused, match="damaged"):
        CampaignFile.open(campaign)
    assert campaign.read_bytes() == before


def test_damaged_log_entry_is_refused(campaign):
    with CampaignFile.open(campaign) as opened:
        opened.apply(opened.read_actions(TURN_ONE))
    conn = sqlite3.connect(campaign)
    conn.execute('UPDATE action SET payload = \'{"type": "place", "troop": "XX", "area": "B1"}\' WHERE seq = 2')
    conn.commit()
    conn.close()
    with pytest.raises(FileRefused, match="cannot be replayed at action 2"):
        CampaignFile.open(campaign)


def test_assist_file_is_not_a_campaign(tmp_path):
    path = tmp_path / "gcw.assist"
    LogFile.create(path, "assist:gcw", "set-up", "{}").close()
    with pytest.raises(FileRefused, match="assist-game file"):
        CampaignFile.open(path)


def test_refused_batch_records_nothing(anywhere):
    with CampaignFile.open(anywhere) as opened:
        with pytest.raises(ActionRefused) as refused:
            opened.apply(opened.read_actions([*TURN_ONE, {"type": "end_turn"}]))
        assert refused.value.index == 3 and "Rule 1.5" in str(refused.value)
        assert opened.records == [] and opened.state.turn == 0
    with CampaignFile.open(anywhere) as reopened:
        assert reopened.records == []


def test_crash_inside_a_transaction_leaves_the_last_completed_action(campaign):
    with CampaignFile.open(campaign) as opened:
        opened.apply(opened.read_actions(TURN_ONE[:1]))
    crash = textwrap.dedent(f"""
        import os
        from campaign_manager.store import logfile
        from campaign_manager.store.campaign_file import CampaignFile
        original = logfile.Session.commit
        def crash(self):
            self.flush()
            os._exit(9)  # the process dies with the insert written but not committed
        logfile.Session.commit = crash
        c = CampaignFile.open({str(campaign)!r})
        c.apply(c.read_actions([{{"type": "note", "text": "lost"}}]))
    """)
    done = subprocess.run([sys.executable, "-c", crash], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 9, done.stderr
    with CampaignFile.open(campaign) as reopened:
        assert [r["type"] for r in reopened.records] == ["start_turn"]
        assert reopened.state.turn == 1


def test_every_action_is_on_disk_when_apply_returns(anywhere):
    opened = CampaignFile.open(anywhere)
    opened.apply(opened.read_actions(TURN_ONE))
    # A second, independent reader sees both actions without the first being closed.
    with CampaignFile.open(anywhere, readonly=True) as reader:
        assert [r["type"] for r in reader.records] == ["start_turn", "note"]
    opened.close()


def test_read_only_open_never_writes(campaign):
    before = campaign.read_bytes()
    with CampaignFile.open(campaign, readonly=True) as reader:
        with pytest.raises(FileRefused):
            reader.apply(reader.read_actions(TURN_ONE))
    assert campaign.read_bytes() == before


def test_history_stays_in_step_with_apply_undo_and_redo(anywhere):
    with CampaignFile.open(anywhere) as opened:
        assert opened.history() == []
        opened.apply(opened.read_actions(TURN_ONE))
        assert [a.record["type"] for a in opened.history()] == ["start_turn", "note"]
        opened.undo()
        assert [a.record["type"] for a in opened.history()] == ["start_turn"]
        opened.redo()
        assert [a.record["type"] for a in opened.history()] == ["start_turn", "note"]
        assert opened.history()[-1].state == opened.state


def test_a_second_writer_is_taken_in_and_the_action_checked_again(anywhere):
    window = CampaignFile.open(anywhere)  # e.g. the app window
    with CampaignFile.open(anywhere) as command_line:
        command_line.apply(command_line.read_actions(TURN_ONE))
    from campaign_manager.errors import FileChanged

    with pytest.raises(ActionRefused, match="Rule 1.1: turn 1 is still under way.*2 actions were recorded elsewhere"):
        window.apply(window.read_actions([{"type": "start_turn"}]))  # legal only in the window's stale view
    assert [r["type"] for r in window.records] == ["start_turn", "note"], "the window took in the other's actions"
    with CampaignFile.open(anywhere, readonly=True) as reader:
        assert window.state == reader.state
    with CampaignFile.open(anywhere) as command_line:
        command_line.apply(command_line.read_actions([{"type": "note", "text": "from the command line"}]))
    window.apply(window.read_actions([{"type": "note", "text": "still legal: recorded after the other's"}]))
    texts = [r.get("text") for r in window.records[2:]]
    assert texts == ["from the command line", "still legal: recorded after the other's"]
    with CampaignFile.open(anywhere) as command_line:
        assert command_line.records == window.records
        command_line.undo()
    with pytest.raises(FileChanged, match="changed by another program"):
        window.undo()  # what it would take back is not what the window showed: nothing is written
    assert len(window.records) == 3, "the window shows the campaign as it stands"
    with CampaignFile.open(anywhere, readonly=True) as reader:
        assert reader.records == window.records and reader.state == window.state
    window.close()


def test_the_campaign_file_alone_is_complete_between_actions(campaign, tmp_path):
    opened = CampaignFile.open(campaign)
    opened.apply(opened.read_actions(TURN_ONE))
    backup = tmp_path / "usb-stick.campaign"
    shutil.copy(campaign, backup)  # the file only, while the campaign is still open
    with CampaignFile.open(backup, readonly=True) as copy:
        assert len(copy.records) == 2
    opened.close()
    leftovers = sorted(p.name for p in campaign.parent.iterdir() if p.name.startswith(campaign.name + "-"))
    assert leftovers == [], f"journal files left beside the campaign: {leftovers}"


def test_a_crash_in_the_middle_of_writing_is_put_back(campaign):
    with CampaignFile.open(campaign) as opened:
        opened.apply(opened.read_actions(TURN_ONE))
    # A writer dies after SQLite has started changing the file itself (pages spilled to disk,
    # the journal left behind): the next open must put the file back, not call it damaged.
    crash = textwrap.dedent(f"""
        import os, sqlite3
        conn = sqlite3.connect({str(campaign)!r}, isolation_level=None)
        conn.execute("PRAGMA cache_size = 1")
        conn.execute("BEGIN")
        for i in range(3000):
            conn.execute("INSERT INTO action (seq, kind, payload, recorded_at) VALUES (?, 'note', ?, 'x')",
                         (100 + i, '{{"type": "note", "text": "%s"}}' % ("y" * 300)))
        assert os.path.getsize({str(campaign)!r} + "-journal") > 0
        os._exit(9)
    """)
    done = subprocess.run([sys.executable, "-c", crash], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 9, done.stderr
    with CampaignFile.open(campaign, readonly=True) as reopened:
        assert [r["type"] for r in reopened.records] == ["start_turn", "note"]


def test_catching_up_applies_just_the_new_actions(anywhere, monkeypatch):
    from campaign_manager.store import campaign_file

    window = CampaignFile.open(anywhere)
    window.apply(window.read_actions(TURN_ONE))
    history = window.history()
    with CampaignFile.open(anywhere) as other:
        other.apply(
            other.read_actions(
                [{"type": "note", "text": "from the other shop"}, {"type": "note", "text": "and another"}]
            )
        )

    def no_replay(*args, **kwargs):
        raise AssertionError("the whole log was replayed")

    monkeypatch.setattr(campaign_file, "replay", no_replay)
    changes = window.catch_up()
    assert changes is not None and changes.count == 2 and changes.appended is not None
    assert [r.get("text") for r in window.records[2:]] == ["from the other shop", "and another"]
    assert window.history()[:2] == history and len(window.history()) == 4
    assert window.catch_up() is None, "nothing new: nothing read"
    monkeypatch.undo()
    with CampaignFile.open(anywhere, readonly=True) as reader:
        assert reader.state == window.state and reader.log.times == window.log.times
    with CampaignFile.open(anywhere) as other:
        other.undo()  # something taken back: the whole log is read again
    changes = window.catch_up()
    assert changes is not None and changes.appended is None and len(window.records) == 3
    window.close()
