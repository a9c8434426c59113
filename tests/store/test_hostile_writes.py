"""Files the app writes are written whole, exclusively, and only where named: a link planted at
`OUT.partial` is never written through, a crash while making a campaign leaves none half-made,
a full disk or a failing disk is told in one sentence fit for what was being written; each end of
turn gets its own backup, and one cut off is made again; a file gone from under an open campaign
is told as that, and a copy can still be saved from what is held."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from campaign_manager.errors import UserError
from campaign_manager.store import backups, writing
from campaign_manager.store.backup_list import list_backups
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.logfile import FileGone
from tests.shared import FULL_CAMPAIGN, ROOT, run

TURNS = ["turn 1", "turn 2", "turn 3", "turn 4"]


def refused(code: int, err: str) -> None:
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def campaign(tmp_path):
    path = tmp_path / "c.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"]))
    return path


@pytest.mark.parametrize("command", ["export", "report"])
def test_a_link_planted_at_the_partial_is_never_written_through(campaign, tmp_path, capsys, command):
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    out = tmp_path / f"out.{command}"
    Path(f"{out}.partial").symlink_to(victim)
    code, _, err = run(capsys, command, campaign, "-o", out)
    assert (code, err) == (0, "")
    assert victim.read_text() == "keep me"
    assert out.is_file() and not out.is_symlink() and not Path(f"{out}.partial").exists()


@pytest.mark.parametrize("command", ["export", "report"])
def test_a_folder_given_as_the_output_is_told_as_that_not_as_a_disk_error(campaign, tmp_path, capsys, command):
    folder = tmp_path / "out"
    folder.mkdir()
    code, _, err = run(capsys, command, campaign, "-o", folder)
    refused(code, err)
    assert "is a folder; give a file's name" in err and "disk" not in err, err
    assert list(folder.iterdir()) == [] and not Path(f"{folder}.partial").exists()


def test_a_link_planted_at_a_backups_partial_is_never_written_through(campaign, tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    target = backups.backup_path(campaign, 2)
    Path(f"{target}.partial").symlink_to(victim)
    backups.make_backup(campaign, 2)
    assert victim.read_text() == "keep me" and target.is_file()


CRASH_IN_NEW = textwrap.dedent("""
    import os, sys
    from campaign_manager.store import writing
    real_replace, real_link = os.replace, os.link
    def crash(*args, **kwargs):
        os._exit(9)  # the partial is written, the campaign not yet in place
    writing.os.link = crash
    writing.os.replace = crash
    from campaign_manager.cli import main
    sys.exit(main(["new", sys.argv[1]]))
""")


def test_a_crash_while_making_a_campaign_leaves_none_half_made(tmp_path, capsys):
    path = tmp_path / "night.campaign"
    done = subprocess.run([sys.executable, "-c", CRASH_IN_NEW, str(path)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 9, done.stderr
    assert not path.exists()
    code, _, err = run(capsys, "new", path)  # the same name is free: the leftover is cleared away
    assert (code, err) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.campaign"]
    with CampaignFile.open(path) as made:
        assert made.records == []


FULL_DISK = textwrap.dedent("""
    import resource, signal, sys
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails with EFBIG
    from campaign_manager.cli import main
    limit = int(sys.argv[1])
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    sys.exit(main(sys.argv[2:]))
""")


@pytest.mark.parametrize("command", ["new", "export", "import", "report"])
def test_a_full_disk_refuses_a_new_file_in_its_own_words(campaign, tmp_path, capsys, command):
    log = tmp_path / "c.json"
    run(capsys, "export", campaign, "-o", log)
    target = tmp_path / f"made.{command}"
    argv = {
        "new": ["new", str(target)],
        "export": ["export", str(campaign), "-o", str(target)],
        "import": ["import", str(log), "-o", str(target)],
        "report": ["report", str(campaign), "-o", str(target)],
    }[command]
    done = subprocess.run([sys.executable, "-c", FULL_DISK, "2048", *argv], cwd=ROOT, capture_output=True, text=True)
    refused(done.returncode, done.stderr)
    assert "the disk is full" in done.stderr and "nothing was left half-written" in done.stderr
    assert "keeps every earlier action" not in done.stderr
    assert not target.exists() and not Path(f"{target}.partial").exists()


@pytest.mark.parametrize("command", ["export", "import"])
def test_a_disk_error_while_clearing_a_partial_is_one_sentence(campaign, tmp_path, capsys, monkeypatch, command):
    log = tmp_path / "c.json"
    run(capsys, "export", campaign, "-o", log)
    target = tmp_path / "again.out"
    Path(f"{target}.partial").write_text("left by a crash")
    real_unlink = os.unlink

    def failing(path, *args, **kwargs):
        if str(path).endswith(".partial"):
            raise OSError(errno.EIO, "Input/output error", str(path))
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", failing)
    argv = ("export", campaign, "-o", target) if command == "export" else ("import", log, "-o", target)
    code, _, err = run(capsys, *argv)
    refused(code, err)
    assert "cannot be removed" in err and "Input/output error" in err
    assert not target.exists()


@pytest.mark.parametrize("damage", ["action", "scenario"])
def test_import_errors_never_name_the_internal_partial(campaign, tmp_path, capsys, damage):
    log = tmp_path / "c.json"
    run(capsys, "export", campaign, "-o", log)
    data = json.loads(log.read_text(encoding="utf-8"))
    if damage == "action":
        data["actions"][2]["action"]["area"] = "Z9"
    else:
        data["scenario_source"] = data["scenario_source"].replace("[[areas]]", "[[areas]", 1)
    log.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "import", log, "-o", tmp_path / "new.campaign")
    refused(code, err)
    assert "cannot be imported" in err and ".partial" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "c.campaign", "c.json"]


@pytest.mark.parametrize(
    "change, words",
    [
        ({"version": "1"}, 'version: should be a whole number, not "1"'),
        ({"version": 1.0}, "version: should be a whole number"),
        ({"name": 5}, "name: should be a text"),
        ({"actions": [1]}, "actions[0]: should be a table"),
        ({"actions": [{"recorded_at": 5, "action": {}}]}, "actions[0].recorded_at: should be a text"),
        ({"settings": {"play": 1}}, "settings.play: should be a text"),
        ({"scenario_source": 7}, "scenario_source: should be a text"),
    ],
)
def test_an_export_of_the_wrong_shape_is_refused_as_that(campaign, tmp_path, capsys, change, words):
    log = tmp_path / "c.json"
    run(capsys, "export", campaign, "-o", log)
    data = {**json.loads(log.read_text(encoding="utf-8")), **change}
    log.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "import", log, "-o", tmp_path / "new.campaign")
    refused(code, err)
    assert words in err and "newer version" not in err
    assert not (tmp_path / "new.campaign").exists()


def test_each_end_of_turn_in_a_batch_gets_its_own_backup(tmp_path, capsys):
    path = tmp_path / "batch.campaign"
    run(capsys, "new", path)
    batch = tmp_path / "three-turns.json"
    batch.write_text(json.dumps([action for turn in TURNS[:3] for action in FULL_CAMPAIGN[turn]]))
    code, _, err = run(capsys, "apply", path, batch)
    assert (code, err) == (0, "")
    found = sorted(list_backups(path), key=lambda b: b.turn)
    assert [b.turn for b in found] == [1, 2, 3]
    for backup, turn in zip(found, TURNS, strict=False):
        with CampaignFile.open(backup.path, readonly=True) as kept:
            assert kept.state.turn == backup.turn and kept.state.phase == "strategic"
            assert kept.records[-1]["type"] == "end_turn"
            assert not kept.can_redo()
        assert backup.path.name == f"batch.turn-{backup.turn}.campaign", turn


CRASH_IN_BACKUP = textwrap.dedent("""
    import os, sys, json
    from campaign_manager.store import writing
    real = os.replace
    def crash(source, target):
        if "backups" in str(target):
            os._exit(9)  # the turn is recorded; its backup is written but not yet in place
        return real(source, target)
    writing.os.replace = crash
    from campaign_manager.cli import main
    sys.exit(main(["apply", sys.argv[1], sys.argv[2]]))
""")


def test_a_backup_cut_off_is_made_again_the_next_time_and_said_so(tmp_path, capsys):
    path = tmp_path / "cut.campaign"
    run(capsys, "new", path)
    turn = tmp_path / "turn1.json"
    turn.write_text(json.dumps(FULL_CAMPAIGN["turn 1"]))
    done = subprocess.run(
        [sys.executable, "-c", CRASH_IN_BACKUP, str(path), str(turn)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 9, done.stderr
    assert [p.name for p in backups.folder(path).iterdir()] == ["cut.turn-1.campaign.partial"]
    assert list_backups(path) == []
    code, _, err = run(capsys, "undo", path)  # any command that opens the file for recording
    assert code == 0 and "cut off last time was made again: cut.turn-1.campaign" in err
    assert [p.name for p in backups.folder(path).iterdir()] == ["cut.turn-1.campaign"]
    with CampaignFile.open(backups.backup_path(path, 1), readonly=True) as kept:
        assert kept.state.turn == 1 and kept.records[-1]["type"] == "end_turn"


def test_a_file_deleted_under_an_open_campaign_is_told_and_a_copy_saved_from_what_is_held(campaign, tmp_path):
    opened = CampaignFile.open(campaign)
    try:
        held = list(opened.records)
        campaign.unlink()
        with pytest.raises(FileGone, match="deleted or moved away while it was open here") as gone:
            opened.apply(opened.read_actions([{"type": "note", "text": "late"}]))
        assert "read-only" not in str(gone.value) and "Save a copy" in str(gone.value)
        copy = tmp_path / "rescued.campaign"
        writing.write_whole(copy, opened.image(), "copy", new=True)
    finally:
        opened.close()
    with CampaignFile.open(copy, readonly=True) as rescued:
        assert rescued.records == held and rescued.name == "Club"
        assert rescued.log.times == opened.log.times


def test_a_file_replaced_under_an_open_campaign_is_told_as_that(campaign, tmp_path):
    opened = CampaignFile.open(campaign)
    try:
        other = tmp_path / "other.campaign"
        CampaignFile.create(other, name="Other").close()
        os.replace(other, campaign)
        before = digest(campaign)
        with pytest.raises(FileGone, match="was replaced by another file"):
            opened.apply(opened.read_actions([{"type": "note", "text": "late"}]))
        with pytest.raises(UserError, match="was replaced by another file"):
            opened.undo()
        assert digest(campaign) == before
    finally:
        opened.close()


def test_an_end_of_turn_backup_lost_to_a_crash_before_it_began_is_made_on_the_next_open(tmp_path, capsys):
    """A kill just after the end of turn was committed, before its backup was begun, leaves no
    `.partial` to tell of it: the backup of the last turn ended is made whenever it is missing."""
    path = tmp_path / "lost.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:3]))
    backups.backup_path(path, 1).unlink()  # as a crash before the backup began leaves it
    assert run(capsys, "show", path)[0] == 0 and not backups.backup_path(path, 1).exists()  # read-only
    note = tmp_path / "note.json"
    note.write_text('{"type": "note", "text": "later"}')
    code, _, err = run(capsys, "apply", path, note)
    assert code == 0 and "backup" not in err, err  # made without a word
    with CampaignFile.open(backups.backup_path(path, 1), readonly=True) as kept:
        assert kept.state.turn == 1 and kept.records[-1]["type"] == "end_turn"
    made = backups.backup_path(path, 1).stat().st_mtime_ns
    assert run(capsys, "apply", path, note)[0] == 0  # made once: not again
    assert backups.backup_path(path, 1).stat().st_mtime_ns == made


def test_a_damaged_backup_is_listed_as_damaged_with_why_and_never_put_back(tmp_path, capsys):
    path = tmp_path / "kept.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"]))
    damaged = backups.backup_path(path, 1)
    damaged.write_bytes(damaged.read_bytes()[:2000])  # cut short
    found = {backup.turn: backup for backup in list_backups(path)}
    assert sorted(found) == [1, 2] and found[2].damage is None and found[1].damage is not None
    code, out, err = run(capsys, "backups", path)
    assert code == 0, err
    line = [line for line in out.splitlines() if damaged.name in line]
    assert line and line[0].startswith("the end of turn 1 — damaged, cannot be restored: "), out
    before = digest(path)
    with pytest.raises(UserError, match="kept.turn-1.campaign"):
        backups.restore_backup(damaged, path)
    assert digest(path) == before and backups.before_restore_files(path) == []


def test_backups_that_are_links_leading_nowhere_or_in_a_loop_are_listed_as_damaged(tmp_path, capsys):
    path = tmp_path / "linked.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(FULL_CAMPAIGN["turn 1"]))
    backups.backup_path(path, 4).symlink_to(tmp_path / "nowhere")
    backups.backup_path(path, 6).symlink_to(backups.backup_path(path, 7).name)
    backups.backup_path(path, 7).symlink_to(backups.backup_path(path, 6).name)
    code, out, err = run(capsys, "backups", path)
    assert code == 0 and err == "", err
    listed = {line.rsplit("(", 1)[1].rstrip(")"): line for line in out.splitlines()}
    assert sorted(listed) == [f"linked.turn-{turn}.campaign" for turn in (1, 4, 6, 7)], out
    assert "damaged" not in listed["linked.turn-1.campaign"]
    assert all("— damaged, cannot be restored: " in listed[f"linked.turn-{turn}.campaign"] for turn in (4, 6, 7))
