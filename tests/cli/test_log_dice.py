"""`log --json` says of every entry which of its dice the app rolled (`rolled_by_app`, paths in
the action; typed dice are not listed), and `apply` marks the dice it was left to roll."""

from __future__ import annotations

import json

from tests.shared import FULL_CAMPAIGN, run


def _applied(tmp_path, capsys, actions: list[dict], *extra: str) -> tuple:
    campaign = tmp_path / "c.campaign"
    if not campaign.exists():
        run(capsys, "new", str(campaign))
    script = tmp_path / "a.json"
    script.write_text(json.dumps(actions))
    code, out, err = run(capsys, "apply", str(campaign), str(script), *extra)
    assert code == 0, err
    return campaign, out


def test_every_entry_of_the_full_campaign_says_which_dice_the_app_rolled(tmp_path, capsys):
    """The bundled campaign types every die: every entry carries an empty list."""
    campaign, _ = _applied(tmp_path, capsys, [a for turn in FULL_CAMPAIGN.values() for a in turn])
    log = json.loads(run(capsys, "log", str(campaign), "--json")[1])
    assert len(log) == sum(len(turn) for turn in FULL_CAMPAIGN.values())
    assert all(entry["rolled_by_app"] == [] for entry in log)


def test_dice_left_out_are_listed_and_typed_ones_are_not(tmp_path, capsys):
    battle = dict(FULL_CAMPAIGN["turn 1"][1])  # B1 → C1, the tabletop games typed
    battle.pop("destroy_dice")
    battle["mission_die"] = 4
    battle["retreat_to"] = "D1"
    campaign, out = _applied(tmp_path, capsys, [{"type": "start_turn"}, battle], "--json", "--seed", "3")
    applied = [entry["action"] for entry in json.loads(out)["applied"]]
    assert [a.get("rolled_by_app") for a in applied] == [None, ["destroy_dice.GR-INF-1"]], (
        "turn 1 has no battle-count die; the mission die was typed; the roll to destroy was left out"
    )
    _applied(tmp_path, capsys, [{"type": "note", "text": "rolled at the table"}])
    log = json.loads(run(capsys, "log", str(campaign), "--json")[1])
    assert [entry["rolled_by_app"] for entry in log] == [[], ["destroy_dice.GR-INF-1"], []]
    text = run(capsys, "log", str(campaign))[1]
    face = log[1]["destroy_dice"]["GR-INF-1"]
    assert f"Rolled by the app: the roll to destroy GR-INF-1 ({face})" in text


def test_the_mark_survives_export_and_import(tmp_path, capsys):
    battle = dict(FULL_CAMPAIGN["turn 1"][1])
    battle.pop("destroy_dice")
    battle["retreat_to"] = "D1"
    campaign, _ = _applied(tmp_path, capsys, [{"type": "start_turn"}, battle], "--seed", "3")
    exported, copy = tmp_path / "log.json", tmp_path / "copy.campaign"
    assert run(capsys, "export", str(campaign), "-o", str(exported))[0] == 0
    assert run(capsys, "import", str(exported), "-o", str(copy))[0] == 0
    first = json.loads(run(capsys, "log", str(campaign), "--json")[1])
    again = json.loads(run(capsys, "log", str(copy), "--json")[1])
    assert [e["rolled_by_app"] for e in again] == [e["rolled_by_app"] for e in first] == [[], ["destroy_dice.GR-INF-1"]]
