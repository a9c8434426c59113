"""The tracker's assist-game file: survives reopening, undo and redo, records every die."""

from __future__ import annotations

import pytest

from campaign_manager.assist.gcw.game_file import TrackerGame
from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import FileRefused, RuleError
from campaign_manager.store.logfile import LogFile


@pytest.fixture
def path(tmp_path):
    return tmp_path / "andartes.gcw"


def test_tracker_survives_closing_and_reopening(path):
    game = TrackerGame.new(path, {"tito_stalin": True})
    game.record({"type": "control", "side": "dse", "points": 4, "use": "subtract"})
    game.record({"type": "terror", "region": "Athens"})
    game.close()
    again = TrackerGame.open(path)
    assert again.state.pi == {"government": 56, "dse": 50}
    assert again.state.terror == ["Athens"] and again.setup.tito_stalin
    again.close()


def test_rolled_dice_are_written_into_the_file(path):
    game = TrackerGame.new(path, roller=ScriptedRoller([5]))
    for action in ({"type": "doctrine", "doctrine": "area"}, {"type": "next_turn"}, {"type": "next_turn"}):
        game.record(action)
    game.record({"type": "mobilization", "side": "government"})
    recorded = game.record({"type": "resettle", "region": "Evritania"})
    game.close()
    assert recorded["dice"] == [5]
    with LogFile.open(path, "assist:gcw") as log:
        assert log.actions()[-1] == {"type": "resettle", "region": "Evritania", "dice": [5]}
    again = TrackerGame.open(path)  # replays without rolling again
    assert again.state.pi == {"government": 55, "dse": 55}
    again.close()


def test_undo_and_redo_survive_reopening(path):
    game = TrackerGame.new(path)
    game.record({"type": "adjust", "side": "government", "amount": -7, "reason": "test"})
    game.record({"type": "adjust", "side": "dse", "amount": 3})
    game.undo()
    assert game.state.pi == {"government": 53, "dse": 50} and game.can_redo()
    game.close()
    again = TrackerGame.open(path)
    again.redo()
    assert again.state.pi == {"government": 53, "dse": 53}
    assert again.undo()["amount"] == 3 and again.undo()["amount"] == -7
    assert again.undo() is None and not again.can_undo()
    again.close()


def test_a_refused_action_is_not_written(path):
    game = TrackerGame.new(path)
    with pytest.raises(RuleError):
        game.record({"type": "terror", "region": "Athens", "placed": False})
    assert game.log.actions() == []
    game.close()


def test_an_existing_file_is_never_overwritten(path):
    TrackerGame.new(path).close()
    with pytest.raises(FileRefused, match="already exists"):
        TrackerGame.new(path)


def test_a_campaign_file_is_refused(path):
    LogFile.create(path, "campaign", "scenario", "").close()
    with pytest.raises(FileRefused, match="not an assist-game file"):
        TrackerGame.open(path)


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE document SET source = CAST(CAST(source AS BLOB) || x'ff' AS TEXT)",
        "UPDATE action SET recorded_at = CAST(x'32ff' AS TEXT)",
    ],
)
def test_an_assist_file_with_text_that_is_not_utf8_is_refused_untouched(path, statement):
    import sqlite3

    game = TrackerGame.new(path)
    game.record({"type": "terror", "region": "Athens"})
    game.close()
    conn = sqlite3.connect(path)
    conn.execute(statement)
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(FileRefused, match="not UTF-8"):
        TrackerGame.open(path)
    assert path.read_bytes() == before
