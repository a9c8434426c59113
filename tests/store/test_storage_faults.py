"""Storage faults on real storage: a read-only file and folder, a full disk, a lock held by
another program. Each: a one-line message, exit code 2, the file byte-identical, every action
recorded before still there — and reading still works where the medium allows it."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import contextmanager
from pathlib import Path

import pytest

from campaign_manager.store import faults
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, ROOT, run

DATA = FULL_CAMPAIGN
ROOT_USER = os.geteuid() == 0


@pytest.fixture
def campaign(tmp_path):
    folder = tmp_path / "shared"
    folder.mkdir()
    path = folder / "c.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(DATA["turn 1"]))
    (tmp_path / "next.json").write_text(json.dumps([{"type": "start_turn"}]))
    return path


@contextmanager
def read_only(path: Path):
    """Make `path` (a file or a folder) read-only for real: root ignores permission bits, so
    there the immutable flag is set instead."""
    if ROOT_USER:
        subprocess.run(["chattr", "+i", str(path)], check=True)
    else:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        assert not faults.writable(path if path.is_file() else path / "x")
        yield
    finally:
        if ROOT_USER:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(mode)


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_campaign_reads_but_refuses_to_record(campaign, what, capsys, tmp_path):
    before = campaign.read_bytes()
    with read_only(campaign if what == "file" else campaign.parent):
        for command in ("show", "log", "requirements", "backups"):
            code, out, err = run(capsys, command, campaign)
            assert (code, err) == (0, ""), command
        code, out, err = run(capsys, "report", campaign, "-o", tmp_path / "r.pdf")
        assert code == 0
        for argv in (("apply", campaign, tmp_path / "next.json"), ("undo", campaign), ("redo", campaign)):
            code, out, err = run(capsys, *argv)
            assert code == 2 and len(err.strip().splitlines()) == 1, argv
            assert "is read-only" in err and "Save a copy" in err
        assert campaign.read_bytes() == before
    assert sorted(p.name for p in campaign.parent.iterdir()) == ["backups", "c.campaign"]
    with CampaignFile.open(campaign) as opened:  # writable again: it opens normally
        assert len(opened.records) == len(DATA["turn 1"])


FILL_UP = textwrap.dedent("""
    import resource, signal, sys
    from pathlib import Path
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails with EFBIG
    limit = Path(sys.argv[1]).stat().st_size + 2048
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    from campaign_manager.cli import main
    sys.exit(main(["apply", sys.argv[1], sys.argv[2]]))
""")


@contextmanager
def small_disk(tmp_path: Path):
    """A real 256 kB filesystem (tmpfs) where mounting is allowed, else None."""
    mount = tmp_path / "stick"
    mount.mkdir()
    made = (
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)], capture_output=True)
        if ROOT_USER
        else None
    )
    if made is None or made.returncode != 0:
        yield None
        return
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def _fill(folder: Path) -> Path:
    filler = folder / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(handle, b"\0" * 4096):
            pass
    except OSError:
        pass  # no space left: that is the point
    finally:
        os.close(handle)
    return filler


def test_a_full_disk_refuses_the_action_and_keeps_the_file(tmp_path, capsys):
    note = tmp_path / "note.json"
    notes = [{"type": "note", "text": "Κέρκυρα " * 500}] * 4  # each note within its limit, more than the disk holds
    note.write_text(json.dumps(notes), encoding="utf-8")
    with small_disk(tmp_path) as stick:
        if stick is None:  # no mounting here: a file-size limit stands in for the full disk
            return _file_size_limit(tmp_path, note)
        path = stick / "c.campaign"
        with CampaignFile.create(path, name="Club") as made:
            made.apply(made.read_actions(DATA["turn 1"]))
        filler = _fill(stick)
        before = path.read_bytes()
        code, _, err = run(capsys, "apply", path, note)
        assert code == 2 and len(err.strip().splitlines()) == 1
        assert "the disk is full" in err and "keeps every earlier action" in err
        assert path.read_bytes() == before
        filler.unlink()
        with CampaignFile.open(path) as opened:  # the next start opens it normally
            assert len(opened.records) == len(DATA["turn 1"])
            opened.apply(opened.read_actions([{"type": "note", "text": "space again"}]))


FILL_UP = textwrap.dedent("""
    import resource, signal, sys
    from pathlib import Path
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails with EFBIG
    limit = Path(sys.argv[1]).stat().st_size + 2048
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    from campaign_manager.cli import main
    sys.exit(main(["apply", sys.argv[1], sys.argv[2]]))
""")


def _file_size_limit(tmp_path: Path, note: Path) -> None:
    path = tmp_path / "c.campaign"
    with CampaignFile.create(path, name="Club") as made:
        made.apply(made.read_actions(DATA["turn 1"]))
    before = path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", FILL_UP, str(path), str(note)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert "could not be written; the file keeps every earlier action" in done.stderr
    assert path.read_bytes() == before
    with CampaignFile.open(path) as opened:
        assert len(opened.records) == len(DATA["turn 1"])


def test_a_file_size_limit_is_told_like_a_disk_fault(tmp_path):
    note = tmp_path / "note.json"
    note.write_text(json.dumps([{"type": "note", "text": "Κέρκυρα " * 500}] * 40), encoding="utf-8")
    _file_size_limit(tmp_path, note)


def test_a_lock_held_elsewhere_is_waited_for_then_told(campaign, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(faults, "BUSY_WAIT", 0.3)
    before = campaign.read_bytes()
    other = sqlite3.connect(campaign, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        for argv in (("apply", campaign, tmp_path / "next.json"), ("undo", campaign), ("show", campaign)):
            code, _, err = run(capsys, *argv)
            assert code == 2 and len(err.strip().splitlines()) == 1, argv
            assert "is busy" in err and "0.3 s" in err
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert campaign.read_bytes() == before
    code, _, err = run(capsys, "apply", campaign, tmp_path / "next.json")
    assert (code, err) == (0, "")


def test_a_lock_taken_after_opening_refuses_the_write(campaign, monkeypatch):
    monkeypatch.setattr(faults, "BUSY_WAIT", 0.3)
    with CampaignFile.open(campaign) as opened:
        other = sqlite3.connect(campaign, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(faults.StorageFault, match="is busy"):
                opened.apply(opened.read_actions([{"type": "note", "text": "late"}]))
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert len(opened.records) == len(DATA["turn 1"])
        opened.apply(opened.read_actions([{"type": "note", "text": "late"}]))
    with CampaignFile.open(campaign, readonly=True) as again:
        assert len(again.records) == len(DATA["turn 1"]) + 1
