"""Names the filesystem allows reach SQLite as themselves: `#`, `?`, `%3F` in a file's or a
folder's name make that file and no other, nothing is written to a file not named, and a name
too long for its disk is told as that in one sentence."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from campaign_manager.store import backups
from campaign_manager.store.backup_list import list_backups
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, ROOT, run


def refused(code: int, err: str) -> None:
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


NAMES = [
    "Campaign #2.campaign",
    "what?.campaign",
    "other.db?y",
    "a%3Fb.campaign",
    "x?mode=ro&cache=shared.campaign",
    "Κέρκυρα & <night>.campaign",
]


@pytest.mark.parametrize("name", NAMES)
def test_any_name_makes_that_file_and_no_other(tmp_path, capsys, name):
    folder = tmp_path / "club #1?a=b"
    folder.mkdir()
    path = folder / name
    code, out, err = run(capsys, "new", path)
    assert (code, err) == (0, ""), err
    turn = tmp_path / "turn1.json"
    turn.write_text(json.dumps(FULL_CAMPAIGN["turn 1"]))
    for argv in (("apply", path, turn), ("undo", path), ("redo", path), ("show", path), ("log", path)):
        code, out, err = run(capsys, *argv)
        assert (code, err) == (0, ""), (argv, err)
    code, out, err = run(capsys, "backups", path)
    assert code == 0 and "the end of turn 1" in out
    assert sorted(p.name for p in folder.iterdir()) == sorted([name, "backups"])
    assert [p.name for p in backups.folder(path).iterdir()] == [f"{path.stem}.turn-1.campaign"]
    export = folder / f"{name}.json"
    assert run(capsys, "export", path, "-o", export)[0] == 0
    again = folder / f"again {name}"
    code, out, err = run(capsys, "import", export, "-o", again)
    assert (code, err) == (0, ""), err
    with CampaignFile.open(again, readonly=True) as copy:
        assert len(copy.records) == len(FULL_CAMPAIGN["turn 1"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club #1?a=b", "turn1.json"]


def test_a_query_in_the_name_never_writes_into_the_file_it_seems_to_name(tmp_path, capsys):
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE mine (x)")
    conn.close()
    before = other.read_bytes()
    code, _, err = run(capsys, "new", tmp_path / "other.db?y")
    assert (code, err) == (0, "")
    assert other.read_bytes() == before
    with CampaignFile.open(tmp_path / "other.db?y", readonly=True) as made:
        assert made.name == "other" and made.records == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db", "other.db?y"]


def _name_of_bytes(size: int, suffix: str = ".campaign") -> str:
    return "c" * (size - len(suffix)) + suffix


def test_the_longest_name_that_fits_works(tmp_path, capsys):
    path = tmp_path / _name_of_bytes(247)
    code, _, err = run(capsys, "new", path)
    assert (code, err) == (0, "")
    turn = tmp_path / "t.json"
    turn.write_text(json.dumps(FULL_CAMPAIGN["turn 1"]))
    code, _, err = run(capsys, "apply", path, turn)
    assert (code, err) == (0, "")  # its journal fits beside it, and its backup name is cut to fit
    assert len(list_backups(path)) == 1


@pytest.mark.parametrize("size", [248, 251, 255, 256, 300])
def test_a_name_too_long_for_its_disk_is_told_as_that(tmp_path, capsys, size):
    path = tmp_path / _name_of_bytes(size)
    code, _, err = run(capsys, "new", path)
    refused(code, err)
    assert "the file name is too long" in err and "disk error" not in err
    assert list(tmp_path.iterdir()) == []
    good = tmp_path / "c.campaign"
    run(capsys, "new", good)
    for argv in (("export", good, "-o", tmp_path / _name_of_bytes(size, ".json")), ("show", path)):
        code, _, err = run(capsys, *argv)
        refused(code, err)
        assert "too long" in err or "no such file" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.campaign"]


def test_a_file_named_too_long_to_record_in_opens_read_only(tmp_path, capsys):
    """A 250-byte name made elsewhere: it reads, and recording is refused in words (SQLite could
    not keep its journal beside it)."""
    short = tmp_path / "c.campaign"
    run(capsys, "new", short)
    long = tmp_path / _name_of_bytes(250)
    os.rename(short, long)
    assert run(capsys, "show", long)[0] == 0
    note = tmp_path / "n.json"
    note.write_text('[{"type": "note", "text": "x"}]')
    before = long.read_bytes()
    code, _, err = run(capsys, "apply", long, note)
    refused(code, err)
    assert "name is too long" in err
    assert long.read_bytes() == before


def test_backups_are_named_after_the_real_file_not_a_link(tmp_path, capsys):
    real = tmp_path / "real" / "spring.campaign"
    real.parent.mkdir()
    run(capsys, "new", real)
    link = tmp_path / "shortcut.campaign"
    link.symlink_to(real)
    turn = tmp_path / "t.json"
    turn.write_text(json.dumps(FULL_CAMPAIGN["turn 1"]))
    assert run(capsys, "apply", link, turn)[0] == 0
    assert [p.name for p in (real.parent / "backups").iterdir()] == ["spring.turn-1.campaign"]
    assert [b.path.name for b in list_backups(link)] == ["spring.turn-1.campaign"]


def test_show_on_a_pipe_or_a_device_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.campaign"
    os.mkfifo(fifo)
    for target in (fifo, "/dev/null", "/dev/zero"):
        done = subprocess.run(
            [sys.executable, "-m", "campaign_manager", "show", str(target)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=20,
        )
        refused(done.returncode, done.stderr)
        assert "not an ordinary file" in done.stderr
