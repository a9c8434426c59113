"""The General's Wargame from the command line: `new --wargame [--computer SIDE]` and `computer FILE`,
which lets the computer make its moves until a person must decide, saying why and what is asked.
Two computers play a whole campaign, the same one again from the same seed; a person plays one
against the computer by following what each stop says; bad arguments are refused in one line."""

from __future__ import annotations

import json
import random
import re
import shlex

import jsonschema
import pytest

from campaign_manager.engine.mending import fixing_move
from campaign_manager.engine.state import Phase
from campaign_manager.schemas import DOCS
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import run


def _log_without_times(capsys, path) -> list[dict]:
    code, out, _ = run(capsys, "log", path, "--json")
    assert code == 0
    entries = json.loads(out)
    for entry in entries:
        entry.pop("recorded_at")
    return entries


def _two_computers(capsys, path, seed: int, *how: str) -> list[dict]:
    assert run(capsys, "new", path, "--wargame")[0] == 0
    code, out, err = run(capsys, "computer", path, "--side", "both", "--seed", seed, *how)
    assert code == 0, err
    assert out.splitlines()[-1].startswith("The campaign is over: ")
    with CampaignFile.open(path, readonly=True) as campaign:
        assert campaign.state.phase is Phase.FINISHED
    return _log_without_times(capsys, path)


def test_two_computers_play_a_whole_campaign_from_the_command_line_the_same_twice(tmp_path, capsys):
    first = _two_computers(capsys, tmp_path / "one.campaign", 11)
    again = _two_computers(capsys, tmp_path / "two.campaign", 11)
    assert first == again, "the same seed, the same game"
    assert first != _two_computers(capsys, tmp_path / "other.campaign", 12), "another seed, another game"
    battles = [e for e in first if e["type"] == "battle"]
    assert len(battles) >= 2 + 4 + 3 + 8 and all(e.get("by_computer") and e["reason"] for e in battles)
    # Every die is the app's, and each initiative is on record before its arrow is chosen.
    for before, entry in zip(first, first[1:]):
        if entry["type"] == "battle" and entry["events"][0].split(" → ")[0] not in ("B1 Vlore", "B2 Korce (Corizza)"):
            assert before["type"] == "initiative" and before["rolled_by_app"], entry["events"][0]
    assert all(not entry.get("dice") or entry["rolled_by_app"] for entry in first)


@pytest.mark.slow
def test_two_careful_computers_play_the_same_campaign_twice_from_one_seed(tmp_path, capsys):
    """The careful general's playouts are seeded too: the same seed, the same game; and it plays
    another game than the quick general's, saying what its playouts found."""
    first = _two_computers(capsys, tmp_path / "one.campaign", 11, "--careful")
    assert first == _two_computers(capsys, tmp_path / "two.campaign", 11, "--careful"), "the same seed, the same game"
    assert first != _two_computers(capsys, tmp_path / "quick.campaign", 11, "--quick")
    reasons = [e["reason"] for e in first if e["type"] == "battle"]
    assert any("played out 8 times it leaves the" in reason for reason in reasons), reasons


def _answer(capsys, path, said: str) -> tuple[int, str, str]:
    """Do what the last line of `computer`'s output says the person decides: the example it gives."""
    if "--redeployed" in said:  # redeploy as the turn's deployment rule asks, then say so
        with CampaignFile.open(path) as campaign:
            rng = random.Random(0)
            while (move := fixing_move(campaign.scenario, campaign.state, "greek", rng)) is not None:
                campaign.apply(campaign.read_actions([{"type": "redeploy", "troop": move[0], "to": move[1]}]))
        return run(capsys, "computer", path, "--seed", 5, "--redeployed")
    placed = re.search(r"e\.g\. (\[.*?\]), then run", said)
    if placed:
        actions = path.parent / "place.json"
        actions.write_text(placed.group(1))
        assert run(capsys, "apply", path, actions)[0] == 0
        return run(capsys, "computer", path, "--seed", 5)
    reply = re.search(r"--reply ('[^']*')", said)
    assert reply, said
    return run(capsys, "computer", path, "--seed", 5, "--reply", shlex.split(reply.group(1))[0])


def test_a_person_plays_a_whole_campaign_against_the_computer_from_the_command_line(tmp_path, capsys):
    path = tmp_path / "against.campaign"
    code, out, _ = run(capsys, "new", path, "--wargame", "--computer", "Axis")
    assert code == 0 and "against the computer, which plays the Axis" in out
    code, out, err = run(capsys, "computer", path, "--seed", 5)
    asked = []
    while code == 0 and not out.splitlines()[-1].startswith("The campaign is over"):
        said = out.splitlines()[-1]
        asked.append(said)
        code, out, err = _answer(capsys, path, said)
    assert code == 0, err
    assert any(a.startswith("Next: the Axis attack") for a in asked), "the person defends"
    assert any("the Allies won the initiative" in a for a in asked), "the person attacks"
    assert any(a.startswith("Next: the Allies place") for a in asked)
    assert any(a.startswith("Next: the Greek troops may redeploy") for a in asked)
    with CampaignFile.open(path, readonly=True) as campaign:
        assert campaign.state.phase is Phase.FINISHED
    log = _log_without_times(capsys, path)
    mine = [e for e in log if e["type"] in ("place", "redeploy") and e["troop"].startswith(("GR", "BR"))]
    assert mine and not any(e.get("by_computer") for e in mine), "the person's own moves are not the computer's"
    assert not any(e.get("by_computer") for e in log if e["type"] in ("place", "redeploy") and e["troop"][:2] == "GR")


def test_the_computer_says_its_reasons_in_the_history_s_words(tmp_path, capsys):
    path = tmp_path / "w.campaign"
    run(capsys, "new", path, "--wargame", "--computer", "allied")
    code, out, _ = run(capsys, "computer", path, "--seed", 1)
    assert code == 0 and out.splitlines() == [
        "log entry 1 (start_turn):",
        "   Turn 1, Emergenza G: 2 battles, then the turn ends",
        out.splitlines()[-1],
    ]
    said = out.splitlines()[-1]
    assert said.startswith("Next: the Axis place the next battle arrow, one of B1 → C1, B2 → C2: run computer ")
    code, out, _ = run(capsys, "computer", path, "--seed", 1, "--reply", '{"from": "b1", "to": "c1", "attacker": '
                       '{"troops": ["it-inf-1", "IT-CARRI"]}}')  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "log entry 2 (battle):" and lines[1].startswith("   B1 Vlore → C1 Ioannina: totals ")
    reasons = [line for line in lines if line.startswith("   The computer's choice: ")]
    assert len(reasons) == 1 and "defends C1 Ioannina with GR-INF-1" in reasons[0], lines
    with CampaignFile.open(path, readonly=True) as campaign:
        events = campaign.history()[-1].events
    assert events == tuple(line[3:] for line in lines[1 : len(events) + 1]), "the history's words"


def test_new_makes_a_general_s_wargame_with_or_without_the_computer(tmp_path, capsys):
    for argv, computer in ((["--computer", "allies"], "allied"), ([], None)):
        path = tmp_path / f"{computer}.campaign"
        code, out, _ = run(capsys, "new", path, "--wargame", *argv)
        assert code == 0, out
        with CampaignFile.open(path, readonly=True) as campaign:
            assert campaign.dice_only and campaign.computer_side == computer
    code, out, _ = run(capsys, "new", tmp_path / "t.campaign")
    with CampaignFile.open(tmp_path / "t.campaign", readonly=True) as campaign:
        assert not campaign.dice_only and campaign.computer_side is None


@pytest.mark.parametrize(
    ("made", "argv", "words"),
    [
        (None, ["new", "{f}", "--computer", "axis"], "--computer needs --wargame"),
        (None, ["new", "{f}", "--wargame", "--computer", "both"], "run 'computer FILE --side both'"),
        (None, ["new", "{f}", "--wargame", "--computer", "martians"], "no side 'martians'"),
        ([], ["computer", "{f}"], "fought at the tabletop"),
        (["--wargame"], ["computer", "{f}"], "between two people: give --side"),
        (["--wargame"], ["computer", "{f}", "--side", "martians"], "--side: no side 'martians'"),
        (["--wargame", "--computer", "axis"], ["computer", "{f}", "--side", "both", "--reply", "{{}}"], "none is"),
        (["--wargame", "--computer", "axis"], ["computer", "{f}", "--reply", "[1"], "--reply is not JSON"),
        (["--wargame", "--computer", "axis"], ["computer", "{f}", "--reply", '{{"wargame": 1}}'], "not wargame"),
        (["--wargame", "--computer", "axis"], ["computer", "{f}", "--reply", '{{"defender": {{}}}}'], "retreat_to"),
        (["--wargame", "--computer", "axis"], ["computer", "{f}", "--reply", "none"], "a defence is given as"),
        (["--wargame", "--computer", "allied"], ["computer", "{f}", "--reply", "none"], "must place an arrow"),
        (
            ["--wargame", "--computer", "allied"],
            ["computer", "{f}", "--reply", '{{"from": "B1", "to": "C1", "attacker": {{"troops": ["GR-INF-1"]}}}}'],
            "GR-INF-1",
        ),
    ],
)
def test_bad_arguments_are_refused_in_one_line(tmp_path, capsys, made, argv, words):
    path = tmp_path / "c.campaign"
    if made is not None:
        assert run(capsys, "new", path, *made)[0] == 0
        if "--reply" in argv:  # the question the reply would answer is asked first
            assert run(capsys, "computer", path, "--seed", 1)[0] == 0
    before = path.read_bytes() if path.exists() else None
    code, out, err = run(capsys, *[a.format(f=path) for a in argv])
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    assert (path.read_bytes() if path.exists() else None) == before, "nothing recorded"


def _computer_json(capsys, path, *argv) -> dict:
    code, out, err = run(capsys, "computer", path, *argv, "--json")
    assert code == 0, err
    answer = json.loads(out)
    schema = json.loads((DOCS / "computer.schema.json").read_text(encoding="utf-8"))
    assert not [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(answer)]
    return answer


def test_the_computer_s_moves_and_reasons_as_json_say_what_the_text_says(tmp_path, capsys):
    """`computer --json`: the same moves as the text, each with its log entry, the history's words
    and the computer's reason as recorded; then the person's next decision, or the campaign's end."""
    as_text, as_json = tmp_path / "text.campaign", tmp_path / "json.campaign"
    for path in (as_text, as_json):
        assert run(capsys, "new", path, "--wargame", "--computer", "axis")[0] == 0
    code, text, _ = run(capsys, "computer", as_text, "--seed", 3)
    answer = _computer_json(capsys, as_json, "--seed", 3)
    assert [f"log entry {m['entry']} ({m['type']}):" for m in answer["moves"]] == [
        line for line in text.splitlines() if line.startswith("log entry ")
    ]
    assert [e for m in answer["moves"] for e in m["events"]] == [
        line[3:] for line in text.splitlines() if line.startswith("   ")
    ]
    assert answer["words"] == text.splitlines()[-1].replace(str(as_text), str(as_json)) and not answer["over"]
    asked = answer["next"]
    assert asked["kind"] == "defend" and asked["side"] == "allied" and asked["words"] == answer["words"]
    assert (asked["origin"], asked["target"]) == ("B1", "C1")
    log = _log_without_times(capsys, as_json)
    assert [(m["entry"], m["events"], m["reason"]) for m in answer["moves"]] == [
        (e["seq"], e["events"], e.get("reason")) for e in log
    ]
    assert [m["action"]["type"] for m in answer["moves"]] == [e["type"] for e in log]


def test_two_computers_play_to_the_end_as_json_with_every_reason(tmp_path, capsys):
    path = tmp_path / "both.campaign"
    assert run(capsys, "new", path, "--wargame")[0] == 0
    answer = _computer_json(capsys, path, "--side", "both", "--seed", 11)
    assert answer["over"] and answer["next"] is None and answer["words"].startswith("The campaign is over: ")
    assert answer["result"] in answer["words"]
    battles = [m for m in answer["moves"] if m["type"] == "battle"]
    assert battles and all(m["by_computer"] and m["reason"] == m["action"]["reason"] for m in battles)
    assert [m["entry"] for m in answer["moves"]] == list(range(1, len(answer["moves"]) + 1))
