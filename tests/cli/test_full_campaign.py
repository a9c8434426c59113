"""A whole four-turn campaign played from a JSON script through the command line, with
control and VP checked after every turn against values worked out by hand from RULES.md."""

from __future__ import annotations

import json

import pytest

from tests.shared import FULL_CAMPAIGN, run

SCRIPT = FULL_CAMPAIGN
START = {
    "A1": "axis",
    "A4": "axis",
    "A5": "axis",
    "B1": "axis",
    "B2": "axis",
    "B3": "allied",
    "B4": "allied",
    "B5": "allied",
    "C1": "allied",
    "C2": "allied",
    "C3": None,
    "C4": "allied",
    "D1": "allied",
    "D2": "allied",
    "E1": "allied",
    "F1": "allied",
    "F2": "allied",
}
# After each turn: areas that changed hands since the start, VP, and the result if it ended now.
EXPECTED = {
    "turn 1": ({"C1": "axis"}, {"axis": 30, "allied": 100}, "Allied operational victory"),
    "turn 2": ({"B2": "allied"}, {"axis": 20, "allied": 120}, "Allied strategic victory"),
    "turn 3": ({"B2": "allied", "C1": "axis", "C2": "axis"}, {"axis": 30, "allied": 110}, "Allied operational victory"),
    "turn 4": (
        {"B2": "allied", "C1": "axis", "C2": "axis", "B3": "axis", "B4": "axis", "B5": "axis"},
        {"axis": 55, "allied": 90},
        "draw",
    ),
}


def where(view: dict, troop: str) -> str:
    for code, area in view["areas"].items():
        if any(t["id"] == troop for t in area["troops"]):
            return code
    for key in ("pools", "captured", "reinforcements"):
        for troops in view[key].values():
            if any(t["id"] == troop for t in troops):
                return key
    return "nowhere"


def test_four_turn_campaign_through_the_cli(campaign_store, tmp_path, capsys):
    campaign = campaign_store.location("greece")
    assert run(capsys, "new", str(campaign), "--name", "Shop campaign")[0] == 0
    for turn, actions in SCRIPT.items():
        script = tmp_path / f"{turn}.json"
        script.write_text(json.dumps(actions))
        code, out, err = run(capsys, "apply", str(campaign), str(script))
        assert code == 0, err
        code, out, _ = run(capsys, "show", str(campaign), "--json")
        view = json.loads(out)
        changed, vp, result = EXPECTED[turn]
        control = {code: area["controller"] for code, area in view["areas"].items()}
        assert control == {**START, **changed}, turn
        assert view["vp"] == vp, turn
        assert view["outcome"]["result"] == result, turn
        assert view["outcome"]["margin"] == abs(vp["axis"] - vp["allied"])
        # between turns (the strategic phase closes a turn, RULES.md 2 step 3) `show` says what comes next
        _, text, _ = run(capsys, "show", str(campaign))
        number = int(turn.split()[1])
        next_step = f"Turn {number} is over: apply start_turn to begin turn {number + 1}"
        assert (next_step in text) == (number < len(SCRIPT)), turn
        if turn == "turn 2":
            assert where(view, "IT-INF-4") == "A1", "the worked example's survivor retreats to Tirane"
            assert view["command_centre_wins"] == {"A1": 1}
            assert {t["id"] for t in view["pools"]["axis"]} == {
                "IT-INF-1",
                "IT-INF-3",
                "IT-ALPINI",
                "IT-INF-5",
                "IT-CARRI",
            }
        if turn == "turn 4":
            assert [t["id"] for t in view["captured"]["allied"]] == ["GR-INF-6"]
            assert where(view, "GR-INF-4") == where(view, "GR-INF-7") == "C4"
            assert view["phase"] == "finished" and view["outcome"]["final"] is True
    code, out, _ = run(capsys, "log", str(campaign), "--json")
    log = json.loads(out)
    assert len(log) == sum(len(actions) for actions in SCRIPT.values())
    assert log[0]["type"] == "start_turn" and log[0]["seq"] == 1
    example = next(entry for entry in log if entry["type"] == "battle" and entry["from"] == "C2")
    assert example["wargame"]["attacker_die"] == 5 and example["destroy_dice"] == {"IT-INF-3": 5, "IT-INF-4": 2}
    assert any(
        "totals 9–6 (attacker: die 5 +2 GR-INF-2 +2 GR-INF-8; defender: die 4 +1 IT-INF-3 +1 IT-INF-4)" in event
        for event in example["events"]
    )
    redeploys = [entry for entry in log if entry["type"] == "redeploy"]
    assert "Italian troops may no longer redeploy this turn" in redeploys[1]["events"]


def test_requirements_of_each_turn(campaign_store, tmp_path, capsys):
    campaign = campaign_store.location("c")
    run(capsys, "new", str(campaign))
    formulas = {1: "2", 2: "1D3 + 3", 3: "1D3 + 2", 4: "2D3 + 6"}
    for turn, formula in formulas.items():
        code, out, _ = run(capsys, "requirements", str(campaign), "--turn", str(turn), "--json")
        data = json.loads(out)
        assert data["battles"]["formula"] == formula
    data = json.loads(run(capsys, "requirements", str(campaign), "--turn", "4", "--json")[1])
    assert data["sorties"] == {"german": 3, "italian": 1, "british": 1}
    assert data["initiative"]["side"] == "axis" and data["initiative"]["modifier"] == 2
    assert data["missions"]["6"] == "Hold the Line"
    assert {t["id"] for t in data["reinforcements"]} >= {"GR-MECH", "BR-TANK", "DE-KRAD"}
    assert run(capsys, "requirements", str(campaign), "--turn", "5")[0] == 2


@pytest.mark.parametrize("turn", ["turn 1"])
def test_dice_left_out_are_rolled_recorded_and_replayed(campaign_store, tmp_path, capsys, turn):
    campaign = campaign_store.location("c")
    run(capsys, "new", str(campaign))
    actions = [dict(a) for a in SCRIPT[turn]]
    actions[1]["retreat_to"] = "D1"  # in case the roll leaves a Greek survivor
    for action in actions:
        action.pop("destroy_dice", None)
        if "wargame" in action:
            action["wargame"] = {}
    script = tmp_path / "a.json"
    script.write_text(json.dumps(actions))
    code, out, err = run(capsys, "apply", str(campaign), str(script), "--json", "--seed", "7")
    assert code == 0, err
    applied = json.loads(out)["applied"]
    wargame = applied[2]["action"]["wargame"]
    assert 1 <= wargame["attacker_die"] <= 6 and 1 <= wargame["defender_die"] <= 6
    log = json.loads(run(capsys, "log", str(campaign), "--json")[1])
    assert log[2]["wargame"] == wargame
    assert set(log[1]["destroy_dice"]) == {"GR-INF-1"}, "the rolled destroy die is recorded"


def test_requirements_lists_what_still_waits_once_the_turn_started(campaign_store, tmp_path, capsys):
    campaign = campaign_store.location("c")
    run(capsys, "new", str(campaign))
    script = tmp_path / "t.json"
    script.write_text(
        json.dumps(
            SCRIPT["turn 1"]
            + [{"type": "start_turn", "dice": [4]}, {"type": "place", "troop": "IT-INF-4", "area": "B2"}]
        )
    )
    assert run(capsys, "apply", str(campaign), str(script))[0] == 0
    data = json.loads(run(capsys, "requirements", str(campaign), "--json")[1])
    waiting = {t["id"]: t for t in data["reinforcements"]}
    assert set(waiting) == {"IT-INF-5", "GR-INF-8", "GR-INF-9", "GR-INF-1", "GR-INF-2"}
    assert waiting["GR-INF-1"]["from_pool"] and not waiting["GR-INF-8"]["from_pool"]
    assert waiting["IT-INF-5"]["may_go"] == ["A1", "B1", "B2"]
    assert "read each as a D3" in data["battles"]["dice_words"]


def test_piping_into_a_reader_that_stops_early_is_quiet(tmp_path):
    import subprocess
    import sys

    from tests.shared import ROOT

    campaign = tmp_path / "c.campaign"
    notes = tmp_path / "notes.json"
    notes.write_text(json.dumps([{"type": "note", "text": "x" * 200}] * 1500))  # a log far beyond a pipe's buffer
    for argv in (["new", str(campaign)], ["apply", str(campaign), str(notes)]):
        subprocess.run([sys.executable, "-m", "campaign_manager", *argv], check=True, capture_output=True, cwd=ROOT)
    done = subprocess.run(
        f"'{sys.executable}' -m campaign_manager log '{campaign}' --json | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_show_says_which_area_is_impassable(tmp_path, capsys):
    """Pindus (C3) takes no part in the campaign: `show` says so rather than leave a blank row."""
    campaign = tmp_path / "greece.campaign"
    run(capsys, "new", str(campaign))
    _, out, _ = run(capsys, "show", str(campaign), "--json")
    assert json.loads(out)["areas"]["C3"]["impassable"] is True
    _, text, _ = run(capsys, "show", str(campaign))
    pindus = next(line for line in text.splitlines() if "Pindus" in line)
    assert "impassable" in pindus
    assert "impassable" not in next(line for line in text.splitlines() if "Ioannina" in line)


def test_counts_read_in_the_right_number(tmp_path, capsys):
    """Turn 2 asks for one Greek troop in Thessaloniki: "1 Greek troop", never "troop(s)"."""
    campaign = tmp_path / "greece.campaign"
    run(capsys, "new", str(campaign))
    _, text, _ = run(capsys, "requirements", str(campaign), "--turn", "2")
    assert "at least 1 Greek troop in B4 Thessaloniki" in text
    assert "(s)" not in text


def test_the_battle_count_reads_as_a_sentence(tmp_path, capsys):
    """Once the turn has started: "2 battles required, 0 fought so far", in show and requirements."""
    campaign = tmp_path / "greece.campaign"
    run(capsys, "new", str(campaign))
    script = tmp_path / "t.json"
    script.write_text(json.dumps([{"type": "start_turn"}]))
    assert run(capsys, "apply", str(campaign), str(script))[0] == 0
    for command in ("show", "requirements"):
        _, text, _ = run(capsys, command, str(campaign))
        assert "2 battles required, 0 fought so far" in text, command
        assert "at least 2" not in text, command


def test_the_vp_breakdown_adds_up_at_every_step(tmp_path, capsys):
    """`show --json` says what each side's VP are made of (rule 1.9): after every action of the
    full campaign the parts add up to both totals; the objectives, the win at Tirane and the
    capture are each said once, under the side that scores them."""
    from campaign_manager.store.campaign_file import CampaignFile

    path = tmp_path / "greece.campaign"
    CampaignFile.create(path).close()
    steps = [action for actions in SCRIPT.values() for action in actions]
    for number, action in enumerate(steps, start=1):
        with CampaignFile.open(path) as campaign:
            campaign.apply(campaign.read_actions([action]))
        code, out, _ = run(capsys, "show", str(path), "--json")
        view = json.loads(out)
        assert set(view["vp_breakdown"]) == set(view["vp"]) == {"axis", "allied"}
        for side, parts in view["vp_breakdown"].items():
            assert sum(part["vp"] for part in parts) == view["vp"][side], (number, action, side, parts)
            assert all(set(part) == {"reason", "vp"} and part["vp"] > 0 for part in parts)
    final = view["vp_breakdown"]
    assert [part["vp"] for part in final["axis"]] == [20, 20, 10, 5]
    assert final["axis"][-1]["reason"] == "GR-INF-6 (Greek Pezikoy infantry) captured from the Allies"
    assert [part["reason"] for part in final["allied"]] == [
        "F1 Peloponnese held (objective)",
        "F2 Athens held (objective)",
        "A1 Tirane's defenders defeated in turn 2 (a command centre: never taken)",
    ]
    _, text, _ = run(capsys, "show", str(path))
    assert "Captured by the Axis: GR-INF-6 (Allied)" in text
    assert "  Allied 90: +20 F1 Peloponnese held (objective); +60 F2 Athens held (objective); +10 A1 Tirane" in text
