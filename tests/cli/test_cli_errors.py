"""Bad input on the command line: a one-line message, exit code 2, files untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from campaign_manager.cli import main
from tests.shared import ROOT, run


@pytest.fixture
def campaign(tmp_path, capsys):
    path = tmp_path / "c.campaign"
    run(capsys, "new", str(path))
    return path


def write(tmp_path, data, name="a.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


@pytest.mark.parametrize(
    "actions, words",
    [
        ("[{", "is not valid JSON"),
        ({"type": "fly"}, "unknown action type"),
        ([{"type": "start_turn"}, {"type": "place", "troop": "GR-INF-8"}], "area: is missing"),
        (
            [
                {"type": "start_turn"},
                {
                    "type": "battle",
                    "from": "B1",
                    "to": "C1",
                    "attacker": {"troops": ["IT-INF-1"]},
                    "defender": {"troops": []},
                    "wargame": {"attacker_die": 7, "defender_die": 3},
                },
            ],
            "cannot show 7",
        ),
        (
            [
                {"type": "start_turn"},
                {"type": "battle", "from": "B2", "to": "B4", "attacker": {"troops": ["IT-INF-3"]}},
            ],
            "not linked",
        ),
    ],
)
def test_refused_actions_exit_2_with_one_line_and_leave_the_file(tmp_path, capsys, campaign, actions, words):
    before = campaign.read_bytes()
    code, out, err = run(capsys, "apply", str(campaign), write(tmp_path, actions))
    assert code == 2
    assert words in err and err.count("\n") == 1 and err.startswith("campaign-manager: ")
    assert campaign.read_bytes() == before
    assert json.loads(run(capsys, "log", str(campaign), "--json")[1]) == []


def test_refusal_names_the_action_index_and_rule(tmp_path, capsys, campaign):
    actions = [
        {"type": "start_turn"},
        {"type": "note", "text": "ok"},
        {"type": "battle", "from": "B2", "to": "C3", "attacker": {"troops": ["IT-INF-3"]}},
    ]
    code, _, err = run(capsys, "apply", str(campaign), write(tmp_path, actions))
    assert code == 2 and "action 3 (battle)" in err and "Rule 1.4" in err and "C3 Pindus" in err


def test_foreign_and_missing_files_are_refused(tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    assert run(capsys, "show", str(text))[0] == 2
    assert run(capsys, "show", str(tmp_path / "nope.campaign"))[0] == 2
    assert text.read_text() == "hello"


def test_new_refuses_to_overwrite(tmp_path, capsys, campaign):
    before = campaign.read_bytes()
    code, _, err = run(capsys, "new", str(campaign))
    assert code == 2 and "already exists" in err
    assert campaign.read_bytes() == before


def test_unknown_scenario_is_refused(tmp_path, capsys):
    code, _, err = run(capsys, "new", str(tmp_path / "x.campaign"), "--scenario", "atlantis")
    assert code == 2 and "no scenario called 'atlantis'" in err
    assert not (tmp_path / "x.campaign").exists()


def test_undo_redo_from_the_cli(tmp_path, capsys, campaign):
    run(capsys, "apply", str(campaign), write(tmp_path, [{"type": "start_turn"}, {"type": "note", "text": "hi"}]))
    assert run(capsys, "undo", str(campaign))[1] == "undone: note\n"  # in Edit ▸ Undo's words, not JSON
    assert json.loads(run(capsys, "show", str(campaign), "--json")[1])["turn"] == 1
    assert "redone: note" in run(capsys, "redo", str(campaign))[1]
    assert "nothing to redo" in run(capsys, "redo", str(campaign))[1]
    run(capsys, "undo", str(campaign))
    run(capsys, "apply", str(campaign), write(tmp_path, [{"type": "note", "text": "new"}]))
    assert "nothing to redo" in run(capsys, "redo", str(campaign))[1], "a new action clears redo"


def test_non_gui_commands_never_import_qt_or_reportlab(tmp_path, campaign):
    script = write(tmp_path, [{"type": "start_turn"}])
    probe = (
        "import sys; from campaign_manager.cli import main\n"
        f"for argv in (['show', {str(campaign)!r}, '--json'], ['apply', {str(campaign)!r}, {script!r}],\n"
        f"             ['log', {str(campaign)!r}], ['requirements', {str(campaign)!r}], ['undo', {str(campaign)!r}]):\n"
        "    main(argv)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'reportlab')]\n"
        "print('LOADED', bad)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout


def test_module_entry_point_reports_errors_in_one_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "campaign_manager", "show", str(tmp_path / "missing.campaign")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "no such file" in done.stderr


def test_every_command_is_registered_by_the_module_the_table_names():
    """cli.COMMANDS lets a command load only its own module: the table must match what each
    module registers."""
    import argparse
    import importlib

    from campaign_manager.cli import COMMANDS

    for module, names in COMMANDS.items():
        parser = argparse.ArgumentParser()
        commands = parser.add_subparsers()
        importlib.import_module(f"campaign_manager.cli.{module}").register(commands)
        assert tuple(commands.choices) == names, module


def test_an_unknown_option_is_told_by_the_command_it_was_given_to(capsys):
    """`assist opa fire --seed 1` (fire takes no seed): one line, like every refusal, naming the
    command and the help that lists the options it does take, not the program's list of commands."""
    with pytest.raises(SystemExit) as ended:
        main(["assist", "opa", "fire", "--target", "line", "--seed", "1"])
    err = capsys.readouterr().err
    assert ended.value.code == 2
    assert err == (
        "campaign-manager assist opa fire: unrecognized arguments: --seed 1 "
        "(see campaign-manager assist opa fire --help)\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["wargame", "--terrain", "plain", "--turn", "x", "--attacker", "italian:infantry"],
        ["whatif", "some.campaign", "--to", "tomorrow"],
        ["odds", "--terrain", "plain", "--turn", "2", "--attacker", "italian:infantry", "--dice", "5,2"],
    ],
)
def test_a_badly_written_command_is_refused_in_one_line(capsys, argv):
    with pytest.raises(SystemExit) as ended:
        main(argv)
    err = capsys.readouterr().err
    assert ended.value.code == 2
    assert err.count("\n") == 1 and err.startswith("campaign-manager") and "--help)" in err, err
    assert "usage:" not in err


def test_the_log_shows_when_on_the_local_clock(tmp_path, capsys, campaign, monkeypatch):
    """`log` prints each action's time on the organiser's own clock (Athens: UTC+2 or +3);
    --json keeps the exact UTC time the file holds."""
    import time
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    monkeypatch.setenv("TZ", "Europe/Athens")
    time.tzset()
    try:
        assert run(capsys, "apply", str(campaign), str(write(tmp_path, [{"type": "note", "text": "x"}])))[0] == 0
        _, out, _ = run(capsys, "log", str(campaign), "--json")
        at = datetime.fromisoformat(json.loads(out)[0]["recorded_at"])
        assert at.utcoffset() == timedelta(0)
        _, text, _ = run(capsys, "log", str(campaign))
        athens = at.astimezone(ZoneInfo("Europe/Athens"))
        assert athens.utcoffset() != timedelta(0)
        athens = athens.strftime("%Y-%m-%d %H:%M")
        assert text.splitlines()[0].split()[1:3] == athens.split()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_an_action_without_a_type_is_refused_saying_so(tmp_path, capsys, campaign):
    """A "kind" for a "type" (a typo in a script) is refused naming what is missing, not as
    "action 1 (?) ... unknown action type None"."""
    code, _, err = run(capsys, "apply", str(campaign), write(tmp_path, [{"kind": "start_turn"}]))
    assert code == 2 and err.count("\n") == 1
    assert "action 1 (without a type) refused" in err and 'in its "type"' in err and "None" not in err


def _german(*argv: str) -> subprocess.CompletedProcess:
    from campaign_manager import i18n

    cleared = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", i18n.LANGUAGE_VARIABLE, i18n.PSEUDO_VARIABLE)
    env = {k: v for k, v in os.environ.items() if k not in cleared} | {"LANG": "de_DE.UTF-8", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "campaign_manager", *argv], env=env, capture_output=True, text=True)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["show"], "campaign-manager show: folgende Argumente fehlen: file (siehe campaign-manager show --help)"),
        (["new", "x.campaign", "--bogus"], "campaign-manager new: unbekannte Argumente: --bogus"),
        (["report", "x", "-o"], "Argument -o/--output: erwartet ein Argument"),
        (["report", "x", "-o", "x.pdf", "--kind", "zzz"], "Argument --kind: ungültige Auswahl: 'zzz'"),
        (["wargame", "--terrain", "plain", "--turn", "x", "--attacker", "a"], "ungültiger int-Wert: 'x'"),
        (["nonsense"], "nonsense: keine solche Feldzugsdatei und kein Befehl"),
    ],
)
def test_a_bad_command_line_is_refused_in_german_under_a_german_locale(tmp_path, argv, words):
    done = _german(*argv)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
    assert "required" not in done.stderr and "see " not in done.stderr


def test_a_missing_campaign_file_is_refused_in_german(tmp_path):
    done = _german("show", str(tmp_path / "missing.campaign"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "no such file" not in done.stderr, done.stderr


def test_a_file_that_is_not_a_campaign_and_a_bad_file_of_actions_are_refused_in_german(tmp_path, capsys, campaign):
    junk = tmp_path / "junk.campaign"
    junk.write_text("x")
    done = _german("show", str(junk))
    assert done.returncode == 2 and "ist keine Datei des Campaign Managers" in done.stderr, done.stderr
    actions = write(tmp_path, "[{")
    done = _german("apply", str(campaign), actions)
    assert done.returncode == 2 and "ist kein gültiges JSON" in done.stderr, done.stderr
