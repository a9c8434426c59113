"""The evening's results: kept in the game file as logged actions (read back, undone and redone
with the file), in a panel's own log when no file is open, and written out as CSV or text."""

from __future__ import annotations

import csv
import io
import json

import pytest

from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.gcw.game_file import TrackerGame
from campaign_manager.assist.results import ResultLog, as_csv, as_text, make_result, read_result
from campaign_manager.errors import FileRefused, UserError

FIRE = make_result("Fire", "2 hits on infantry in line.", {"target": "line", "stands": None}, [("die", 5, True)])
CHECK = make_result("Hit check", "Shaken; falls back 1 band.", {"hits": 3}, [("check die", 2, False)])


def test_a_result_survives_the_game_file_and_its_undo(tmp_path):
    path = tmp_path / "evening.agt"
    game = AgtGame.create(path, "historical")
    game.record(FIRE.action())
    game.record(CHECK.action())
    game.close()
    again = AgtGame.open(path)
    assert again.state.results == [FIRE, CHECK] and again.state.history == []  # the cup's history is apart
    again.undo()
    assert again.state.results == [FIRE]
    again.redo()
    assert [r.tool for r in again.state.results] == ["Fire", "Hit check"]
    again.close()


def test_the_tracker_keeps_results_without_changing_an_index(tmp_path):
    game = TrackerGame.new(tmp_path / "t.gcw")
    before = dict(game.state.pi)
    game.record(CHECK.action())
    assert game.state.results == [CHECK] and game.state.pi == before
    game.close()


def test_a_file_from_before_results_opens_with_none(tmp_path):
    path = tmp_path / "old.agt"
    game = AgtGame.create(path, "historical")
    game.record({"type": "turn", "month": "nov", "italian": ["XXV"], "greek": ["A"]})
    game.close()
    assert AgtGame.open(path).state.results == []


def test_a_result_of_a_later_form_or_damaged_is_refused():
    with pytest.raises(UserError, match="newer version"):
        read_result({**FIRE.action(), "version": 2})
    with pytest.raises(UserError, match="damaged"):
        read_result({"type": "result", "tool": "Fire"})
    assert read_result({k: v for k, v in FIRE.action().items() if k != "version"}) == FIRE  # version by default


def test_a_damaged_result_in_a_file_refuses_the_file(tmp_path):
    path = tmp_path / "bad.agt"
    game = AgtGame.create(path, "historical")
    game.log.append([{**FIRE.action(), "dice": [{"what": "die", "value": "five", "typed": True}]}])
    game.close()
    with pytest.raises(FileRefused, match="left untouched"):
        AgtGame.open(path)


def test_the_panel_log_undoes_and_redoes():
    log = ResultLog().add(FIRE).add(CHECK)
    assert log.undo().entries == (FIRE,) and log.undo().redo().entries == (FIRE, CHECK)
    assert log.undo().add(CHECK).undone == ()  # a new result ends what could be redone
    with pytest.raises(UserError, match="no result to take back"):
        ResultLog().undo()


def test_the_record_as_csv_and_text():
    rows = list(csv.reader(io.StringIO(as_csv([FIRE, CHECK]))))
    assert rows[0] == ["number", "tool", "inputs", "dice", "result"]
    assert rows[1] == ["1", "Fire", "target: line", "die 5 (typed)", "2 hits on infantry in line."]
    assert rows[2][3] == "check die 2 (rolled by the app)"
    text = as_text([FIRE, CHECK], "Opa Opa: the evening's results")
    assert "2. Hit check: Shaken; falls back 1 band." in text and "With hits: 3." in text


def test_the_command_lines_show_lists_the_kept_results_and_undo_names_them(tmp_path, capsys):
    # the evening's results were kept in the file but `game show` and `tracker show` said nothing
    # of them, and `game undo` said only "Undone: result"
    from campaign_manager.cli import main

    agt, gcw = tmp_path / "evening.agt", tmp_path / "t.gcw"
    game = AgtGame.create(agt, "historical")
    game.record(FIRE.action())
    game.record(CHECK.action())
    game.close()
    tracker = TrackerGame.new(gcw)
    tracker.record(FIRE.action())
    tracker.close()
    assert main(["assist", "agt", "game", "show", str(agt)]) == 0
    out = capsys.readouterr().out
    assert "The evening's results (2):" in out and f"2. Hit check: {CHECK.words}" in out
    assert main(["assist", "agt", "game", "undo", str(agt)]) == 0
    assert capsys.readouterr().out.startswith("Undone: the result “Hit check”")
    assert main(["assist", "agt", "game", "show", "--json", str(agt)]) == 0
    assert [r["tool"] for r in json.loads(capsys.readouterr().out)["results"]] == ["Fire"]
    assert main(["assist", "gcw", "tracker", "show", "--json", str(gcw)]) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["words"] == FIRE.words
