"""An assist-game file for A Greek Tragedy (LogFile kind 'assist:agt'): the cup and port
tracker of one game, kept between evenings with undo and redo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.state import GameState, apply, replay
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.store.logfile import LogFile

KIND = "assist:agt"


class AgtGame:
    """An open assist-game file and the state replayed from its log."""

    def __init__(self, log: LogFile) -> None:
        self.log = log
        self.tables = book()
        self.scenario = log.meta().get("scenario", "")
        if self.scenario not in self.tables.scenarios:
            raise FileRefused(f"{log.path}: names an unknown scenario '{self.scenario}'")
        self.state = self._replay()

    @classmethod
    def create(cls, path: Path, scenario: str) -> "AgtGame":
        tables = book()
        if scenario not in tables.scenarios:
            raise UserError(f"Unknown scenario '{scenario}' (use {', '.join(tables.scenarios)})")
        name = f"A Greek Tragedy: {tables.scenarios[scenario]['name']}"
        log = LogFile.create(Path(path), kind=KIND, document_name=name,
                             document_source=f'scenario = "{scenario}"\n', meta={"scenario": scenario})
        return cls(log)

    @classmethod
    def open(cls, path: Path) -> "AgtGame":
        return cls(LogFile.open(Path(path), kind=KIND))

    @property
    def path(self) -> Path:
        return self.log.path

    def _replay(self) -> GameState:
        try:
            return replay(self.tables, self.scenario, self.log.actions())
        except (KeyError, ValueError, TypeError) as exc:
            raise FileRefused(f"{self.log.path}: its log cannot be replayed ({exc}); "
                              "it was left untouched") from None

    def record(self, action: dict[str, Any]) -> GameState:
        """Log a checked action (one transaction) and bring the state up to date."""
        state = apply(self.state, action, self.tables)  # a faulty action fails before it is logged
        self.log.append([action])
        self.state = state
        return state

    def undo(self) -> dict[str, Any] | None:
        action = self.log.undo()
        self.state = self._replay()
        return action

    def redo(self) -> dict[str, Any] | None:
        action = self.log.redo()
        self.state = self._replay()
        return action

    def can_redo(self) -> bool:
        return self.log.redo_count() > 0

    def close(self) -> None:
        self.log.close()
