"""One logged document for the campaign, the A Greek Tragedy game and the Greek Civil War
tracker: the same log, undo, redo and replay; a replay error is told (a rule) or raised (a bug),
never swallowed."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from campaign_manager.assist.agt.game import AgtGame
from campaign_manager.assist.gcw.game_file import TrackerGame
from campaign_manager.errors import FileChanged, FileRefused, UserError
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.logfile import LogFile
from campaign_manager.store.logged_document import LoggedDocument


class Tally(LoggedDocument[int]):
    """The smallest logged document: a running total of "add" actions."""

    KIND = "test:tally"

    def replay(self, records: list[dict[str, Any]]) -> int:
        total = 0
        for record in records:
            if record["type"] != "add":  # a KeyError here is a bug, and must surface as one
                raise UserError(f"'{record['type']}' is not an action of a tally")
            total += record["n"]
        return total

    def add(self, n: int) -> None:
        self._record([{"type": "add", "n": n}], self.state + n)


@pytest.fixture
def tally(tmp_path):
    path = tmp_path / "t.tally"
    LogFile.create(path, Tally.KIND, "a tally", "").close()
    return path


def _poke(path, payload: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE action SET payload = ? WHERE seq = 1", (payload,))


def test_record_undo_redo_and_reopen(tally):
    with Tally(Tally._open_log(tally)) as doc:
        doc.add(2)
        doc.add(5)
        assert doc.state == 7 and doc.undo() == {"type": "add", "n": 5} and doc.state == 2
        assert doc.can_redo() and doc.redo() == {"type": "add", "n": 5} and doc.state == 7
    with Tally(Tally._open_log(tally, readonly=True)) as again:
        assert again.state == 7 and again.records == [{"type": "add", "n": 2}, {"type": "add", "n": 5}]


def test_a_refused_action_in_the_log_is_told_and_a_bug_is_raised(tally):
    with Tally(Tally._open_log(tally)) as doc:
        doc.add(1)
    _poke(tally, '{"type": "subtract", "n": 1}')
    with pytest.raises(FileRefused, match="cannot be replayed .*'subtract' is not an action of a tally"):
        Tally(Tally._open_log(tally)).close()
    _poke(tally, '{"n": 1}')
    log = Tally._open_log(tally)
    with pytest.raises(KeyError):  # not hidden as a damaged file: a bug shows as a bug
        Tally(log)
    log.close()


def test_another_program_writing_first_is_told_and_read_again(tally):
    with Tally(Tally._open_log(tally)) as here, Tally(Tally._open_log(tally)) as there:
        there.add(3)
        with pytest.raises(FileChanged, match="read again"):
            here.add(4)
        assert here.state == 3 and here.records == [{"type": "add", "n": 3}]


def test_the_three_files_are_logged_documents(tmp_path):
    assert issubclass(CampaignFile, LoggedDocument)
    assert issubclass(AgtGame, LoggedDocument) and issubclass(TrackerGame, LoggedDocument)


def test_a_greek_tragedy_log_is_told_when_refused_and_never_hides_a_bug(tmp_path, monkeypatch):
    path = tmp_path / "agt.assist"
    game = AgtGame.create(path, "historical")
    game.record({"type": "port", "port": "Durazzo", "change": -2, "why": "bombed", "amount": 2})
    game.close()
    _poke(path, '{"type": "parade"}')
    with pytest.raises(FileRefused, match="cannot be replayed .*unknown assist-game action 'parade'"):
        AgtGame.open(path)
    _poke(path, '{"type": "port", "port": "Durazzo"}')  # a port change without its change:
    with pytest.raises(FileRefused, match="'port' action: why: is missing; amount: is missing"):
        AgtGame.open(path)  # the record is read by its declared shape, so it is told, naming the fields

    def broken(*args):
        raise KeyError("a bug in the reducer")

    monkeypatch.setattr("campaign_manager.assist.agt.game.replay", broken)
    with pytest.raises(KeyError):  # a bug still shows as a bug, not as a damaged file
        AgtGame.open(path)
    monkeypatch.undo()
    _poke(path, '{"type": "port", "port": "Durazzo", "change": -2, "why": "bombed", "amount": 2}')
    with AgtGame.open(path) as again:  # and the file itself was never touched by all this
        assert again.state.ports["Durazzo"] == 16
