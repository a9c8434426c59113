"""Every input is bounded and typed before it is used: lists of things that are not actions,
JSON or TOML nested thousands deep, numbers of thousands of digits, NaN, files and notes far too
large, scenarios of a million areas — each refused in one line naming the limit (exit 2), the
campaign file unchanged."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from campaign_manager import bounds
from tests.shared import run

SCENARIO = Path(__file__).resolve().parents[2] / "resources" / "scenarios" / "firestorm-greece.toml"


def refused(code: int, err: str) -> None:
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def campaign(tmp_path, capsys):
    path = tmp_path / "c.campaign"
    run(capsys, "new", path)
    return path


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    "text, words",
    [
        ("[1]", 'item 1 should be an action, a JSON object such as {"type": "note"'),
        ("[null]", "item 1 should be an action"),
        ('["x"]', 'not the text "x"'),
        ('[{"type": "note", "text": "a"}, [1]]', "item 2 should be an action"),
        ("5", "should hold a list of actions"),
        (DEEP, f"nested more than {bounds.MAX_DEPTH} deep"),
        ('[{"type": "note", "text": ' + "[" * 40 + "]" * 40 + "}]", f"nested more than {bounds.MAX_DEPTH} deep"),
        ('[{"type": "start_turn", "dice": [' + "9" * 5000 + "]}]", "a number of 5,000 digits"),
        ('[{"type": "start_turn", "dice": [' + "1" * 20 + "]}]", "a number of 20 digits"),
        ('[{"type": "start_turn", "dice": [NaN]}]', "NaN, which is not a number JSON has"),
        ('[{"type": "start_turn", "dice": [1e999]}]', "a number too large"),
        ('[{"type": "note", "text": "' + "x" * 500_000 + '"}]', f"at most {bounds.MAX_NOTE:,} characters, not 500,000"),
        ('[{"type": "note", "text": "' + "x" * 5_000_000 + '"}]', "too large for a file of actions (more than 4 MB)"),
        ('[{"type": "start_turn", "dice": ["' + "T" * 5000 + '"]}]', '…" (5,000 characters)'),
        ("\udcff", "not UTF-8"),
    ],
)
def test_apply_refuses_bad_input_in_one_line(campaign, tmp_path, capsys, text, words):
    actions = tmp_path / "a.json"
    actions.write_bytes(text.encode("utf-8", "surrogateescape"))
    before = digest(campaign)
    code, _, err = run(capsys, "apply", campaign, actions)
    refused(code, err)
    assert words in err
    assert len(err) < 600, "the message quotes no huge input"
    assert digest(campaign) == before


def test_apply_reads_no_more_than_its_limit_from_an_endless_file(campaign, capsys):
    """An endless pipe (as `<(yes)` gives) is read up to the limit, then refused; a device such
    as /dev/zero is refused before it is read (tests/cli/test_inputs_not_files.py)."""
    import subprocess

    before = digest(campaign)
    endless = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        code, _, err = run(capsys, "apply", campaign, f"/dev/fd/{endless.stdout.fileno()}")
    finally:
        endless.kill()
        endless.stdout.close()
        endless.wait()
    refused(code, err)
    assert "too large for a file of actions" in err
    code, _, err = run(capsys, "apply", campaign, "/dev/zero")
    refused(code, err)
    assert "is a device, not a file" in err
    assert digest(campaign) == before


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda data: "[" * 5000 + "]" * 5000, f"nested more than {bounds.MAX_DEPTH} deep"),
        (lambda data: data.replace('"version": 1', '"version": ' + "9" * 5000), "a number of 5,000 digits"),
        (lambda data: data + " " * (bounds.MAX_EXPORT_FILE + 1), "too large for an exported campaign log"),
    ],
)
def test_import_refuses_bad_input_in_one_line(campaign, tmp_path, capsys, change, words):
    log = tmp_path / "c.json"
    run(capsys, "export", campaign, "-o", log)
    log.write_text(change(log.read_text(encoding="utf-8")), encoding="utf-8")
    code, _, err = run(capsys, "import", log, "-o", tmp_path / "new.campaign")
    refused(code, err)
    assert words in err
    assert not (tmp_path / "new.campaign").exists()


def test_an_import_with_one_fault_names_it_and_counts_no_others(campaign, tmp_path, capsys):
    log = tmp_path / "c.json"
    run(capsys, "export", campaign, "-o", log)
    data = json.loads(log.read_text(encoding="utf-8"))
    data["name"] = 5
    log.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "import", log, "-o", tmp_path / "one.campaign")
    refused(code, err)
    assert "name: should be a text, not 5" in err and "more fault" not in err  # never "(and 0 more fault)"
    data["created"] = 7
    log.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "import", log, "-o", tmp_path / "two.campaign")
    refused(code, err)
    assert "(and 1 more fault)" in err


def _areas(count: int) -> str:
    return "".join(f'\n[[areas]]\ncode = "X{n}"\nname = "Extra {n}"\n' for n in range(count))


@pytest.mark.parametrize(
    "text, words",
    [
        ("a = " + "[" * 5000 + "]" * 5000, f"nested more than {bounds.MAX_DEPTH} deep"),
        ("a = " + "{b = " * 400 + "1" + "}" * 400, f"nested more than {bounds.MAX_DEPTH} deep"),
        ("[" + ".".join(["a"] * 100) + "]\nx = 1", f"nested more than {bounds.MAX_DEPTH} deep"),
        ("a = " + "9" * 5000, "a number of thousands of digits"),
        ("a = " + "9" * 20, "a number of 20 digits"),
        (
            SCENARIO.read_text(encoding="utf-8") + _areas(bounds.MAX_AREAS),
            f"areas: should have at most {bounds.MAX_AREAS}",
        ),
        (
            SCENARIO.read_text(encoding="utf-8").replace("d3 = 1", f"d3 = {bounds.MAX_BATTLE_DICE + 1}", 1),
            f"should be at most {bounds.MAX_BATTLE_DICE}",
        ),
        ("x" * (bounds.MAX_SCENARIO + 1), "too large for a scenario (more than 1 MB)"),
    ],
)
def test_a_scenario_out_of_bounds_is_refused_in_one_line(tmp_path, capsys, text, words):
    path = tmp_path / "big.toml"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "scenario", "validate", path)
    refused(code, err)
    assert words in err
    code, _, err = run(capsys, "new", tmp_path / "c.campaign", "--scenario", path)
    refused(code, err)
    assert words in err and not (tmp_path / "c.campaign").exists()


def test_a_campaign_name_out_of_bounds_is_refused(tmp_path, capsys):
    code, _, err = run(capsys, "new", tmp_path / "c.campaign", "--name", "n" * (bounds.MAX_NAME + 1))
    refused(code, err)
    assert f"1 to {bounds.MAX_NAME} characters" in err and not (tmp_path / "c.campaign").exists()


def test_control_characters_never_break_a_line_or_drive_the_terminal(campaign, tmp_path, capsys):
    actions = tmp_path / "a.json"
    actions.write_text(json.dumps(["\x1b[2J\u2028\x1e\nred"]))
    code, _, err = run(capsys, "apply", campaign, actions)
    refused(code, err)
    assert "\x1b" not in err and "\\x1b[2J\\u2028\\x1e\\x0ared" in err
    named = tmp_path / "named.campaign"
    assert run(capsys, "new", named, "--name", "Shop\x1b]0;owned\x07 night\u202e")[0] == 0
    code, out, err = run(capsys, "show", named)
    assert code == 0 and "\x1b" not in out and "\u202e" not in out
    assert "Shop\\x1b]0;owned\\x07 night\\u202e" in out.splitlines()[0]


@pytest.mark.parametrize("value, kind", [("[[1], 225]", "not a list"), ("[{a = 1}, 225]", "not a table")])
def test_a_scenario_fault_names_the_field_never_the_models_own_steps(tmp_path, capsys, value, kind):
    path = tmp_path / "label.toml"
    path.write_text(SCENARIO.read_text(encoding="utf-8").replace("label = [150, 225]", f"label = {value}", 1))
    code, _, err = run(capsys, "scenario", "validate", path)
    refused(code, err)
    assert f"layout.areas.A1.label[0]: should be a whole number, {kind}" in err
    assert ".int" not in err and ".float" not in err


def test_a_link_that_loops_is_told_as_that_not_as_a_disk_error(campaign, tmp_path, capsys):
    loop = tmp_path / "loop.campaign"
    loop.symlink_to(loop)
    for argv in (("show", loop), ("apply", campaign, loop), ("undo", loop)):
        code, _, err = run(capsys, *argv)
        refused(code, err)
        assert "a link that leads round in a loop of links" in err and "disk" not in err, err
