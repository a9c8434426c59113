"""Carrying a campaign: export → import rebuilds the same campaign (state, history, times);
bad logs are refused with nothing left behind; a backup is made at every end of turn, the newest
ten kept, listed with turn and VP, and a restore puts one back whole."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from campaign_manager.engine.victory import victory_points
from campaign_manager.store import backup_list, backups
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, run

DATA = FULL_CAMPAIGN
TURNS = ["turn 1", "turn 2", "turn 3", "turn 4"]
NAME = "Shop <night> & Αθήνα"


@pytest.fixture
def finished(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name=NAME) as made:
        for turn in TURNS:
            made.apply(made.read_actions(DATA[turn]))
        made.apply(made.read_actions([{"type": "note", "text": "Κέρκυρα: <played> & done"}]))
        assert made.state.phase == "finished"
    return path


def _everything(path: Path):
    with CampaignFile.open(path, readonly=True) as opened:
        history = [(a.record, list(a.events)) for a in opened.history()]
        meta = {k: v for k, v in opened.log.meta().items() if k != "revision"}
        return (opened.name, opened.state, opened.log.entries(), history, opened.log.document().source, meta)


def test_export_then_import_rebuilds_the_same_campaign(finished, tmp_path, capsys):
    log = tmp_path / "mail" / "shop.json"
    log.parent.mkdir()
    code, out, err = run(capsys, "export", finished, "-o", log)
    assert (code, err) == (0, "") and "actions" in out
    exported = json.loads(log.read_text(encoding="utf-8"))
    assert exported["name"] == NAME and exported["scenario"] == "firestorm-greece"
    copy = tmp_path / "home" / "shop.campaign"
    copy.parent.mkdir()
    code, out, err = run(capsys, "import", log, "-o", copy)
    assert (code, err) == (0, "") and "turn 4 (finished)" in out
    assert _everything(copy) == _everything(finished)
    # and exporting the copy gives the same JSON again
    again = tmp_path / "again.json"
    run(capsys, "export", copy, "-o", again)
    assert again.read_bytes() == log.read_bytes()


def test_a_generals_wargame_keeps_how_it_is_played(tmp_path, capsys):
    path = tmp_path / "dice.campaign"
    with CampaignFile.create(path, name="Dice only", play="wargame", computer="axis") as made:
        assert made.dice_only and made.computer_side == "axis"
    log, copy = tmp_path / "dice.json", tmp_path / "copy.campaign"
    assert run(capsys, "export", path, "-o", log)[0] == 0
    assert run(capsys, "import", log, "-o", copy)[0] == 0
    with CampaignFile.open(copy, readonly=True) as rebuilt:
        assert rebuilt.dice_only and rebuilt.computer_side == "axis"
    assert _everything(copy) == _everything(path)


def test_import_never_overwrites_and_refuses_a_bad_log(finished, tmp_path, capsys):
    log = tmp_path / "shop.json"
    run(capsys, "export", finished, "-o", log)
    before = finished.read_bytes()
    code, _, err = run(capsys, "import", log, "-o", finished)
    assert code == 2 and "already exists" in err and len(err.splitlines()) == 1
    assert finished.read_bytes() == before

    data = json.loads(log.read_text(encoding="utf-8"))
    data["actions"][5]["action"]["area"] = "Z9"  # a placement in an area that does not exist
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    target = tmp_path / "new.campaign"
    code, _, err = run(capsys, "import", bad, "-o", target)
    assert code == 2 and "cannot be imported" in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "bad.json", "shop.campaign", "shop.json"]

    for text, words in (
        ("{", "not valid JSON"),
        ('{"format": "x"}', "not an exported campaign log"),
        (json.dumps({**data, "version": 99}), "newer version"),
    ):
        bad.write_text(text, encoding="utf-8")
        code, _, err = run(capsys, "import", bad, "-o", target)
        assert code == 2 and words in err and not target.exists()


def test_every_end_of_turn_leaves_a_backup_with_its_turn_and_vp(finished, capsys):
    found = backup_list.list_backups(finished)
    assert [b.turn for b in found] == [4, 3, 2, 1]
    assert [b.path.name for b in found][-1] == "shop.turn-1.campaign"
    assert found[0].finished and not found[1].finished
    with CampaignFile.open(found[1].path, readonly=True) as turn3:
        assert turn3.state.turn == 3 and turn3.state.phase == "strategic"
        assert found[1].vp == victory_points(turn3.scenario, turn3.state)
    code, out, _ = run(capsys, "backups", finished)
    assert code == 0 and "the end of turn 3 — VP" in out and "the campaign's end" in out


def test_the_backup_list_names_the_sides_as_the_scenario_does(finished, capsys):
    """A backup line reads like `show`: "VP Axis 30, Allied 100", not the file's side codes."""
    with CampaignFile.open(backups.backup_path(finished, 1), readonly=True) as turn1:
        vp = victory_points(turn1.scenario, turn1.state)
    code, out, _ = run(capsys, "backups", finished)
    line = next(line for line in out.splitlines() if "the end of turn 1 " in line)
    assert code == 0 and f"VP Axis {vp['axis']}, Allied {vp['allied']} (shop.turn-1.campaign)" in line


def test_only_the_newest_ten_backups_are_kept(tmp_path):
    path = tmp_path / "c.campaign"
    CampaignFile.create(path).close()
    for turn in range(1, 14):
        made = backups.make_backup(path, turn)
        os.utime(made, ns=(turn * 10**9, turn * 10**9))  # made one after another
    names = sorted(p.name for p in backups.folder(path).iterdir())
    assert len(names) == 10 and "c.turn-3.campaign" not in names and "c.turn-4.campaign" in names


def test_restore_puts_a_backup_back_and_keeps_the_campaign_as_it_was(finished):
    turn2 = backups.backup_path(finished, 2)
    as_it_was = _everything(finished)
    kept = backups.restore_backup(turn2, finished)
    with CampaignFile.open(finished) as restored:
        assert restored.state.turn == 2 and restored.state.phase == "strategic"
    assert _everything(kept) == as_it_was


def test_a_backup_that_cannot_be_made_does_not_undo_the_turn(tmp_path, capsys):
    path = tmp_path / "c.campaign"
    CampaignFile.create(path).close()
    (tmp_path / "backups").write_text("a file where the backup folder should be")
    actions = tmp_path / "turn1.json"
    actions.write_text(json.dumps(DATA["turn 1"]))
    code, _, err = run(capsys, "apply", path, actions)
    assert code == 0 and "warning: the end-of-turn backup was not made" in err
    with CampaignFile.open(path, readonly=True) as opened:
        assert len(opened.records) == len(DATA["turn 1"])


def test_an_export_to_a_place_that_cannot_be_written_says_so_in_its_own_words(tmp_path, capsys):
    from campaign_manager.cli import main
    from campaign_manager.store.campaign_file import CampaignFile

    path = tmp_path / "c.campaign"
    CampaignFile.create(path).close()
    assert main(["export", str(path), "-o", "/proc/firestorm-export.json"]) == 2
    err = capsys.readouterr().err
    assert "the export could not be written" in err and "choose another place" in err
    assert "keeps every earlier action" not in err


def test_every_restore_keeps_its_own_dated_copy_listed_with_the_backups(finished, capsys):
    """Two restores in the same second: two copies, neither overwritten; `backups` lists them."""
    from datetime import datetime

    at = datetime(2026, 3, 14, 20, 15, 33)
    first = backups.restore_backup(backups.backup_path(finished, 3), finished, now=at)
    first_bytes = first.read_bytes()
    second = backups.restore_backup(backups.backup_path(finished, 2), finished, now=at)
    assert first.name == "shop.before-restore-2026-03-14-201533.campaign"
    assert second.name == "shop.before-restore-2026-03-14-201533-2.campaign"
    assert first.read_bytes() == first_bytes
    with CampaignFile.open(first, readonly=True) as kept:
        assert kept.state.phase == "finished", "the campaign as it was before the first restore"
    with CampaignFile.open(second, readonly=True) as kept:
        assert kept.state.turn == 3, "as it was before the second: the end of turn 3 put back"
    listed = [backup.describe() for backup in backup_list.list_backups(finished)]
    assert (
        sum(words.startswith("the campaign as it was before the restore of 2026-03-14 20:15:33") for words in listed)
        == 2
    )
    code, out, _ = run(capsys, "backups", finished)
    assert code == 0 and first.name in out and second.name in out
    for turn in range(5, 17):  # end-of-turn backups are pruned to the newest ten; the copies never are
        backups.make_backup(finished, turn)
    assert len(backups.backup_files(finished)) == 10
    assert first.exists() and second.exists()
