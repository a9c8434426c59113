"""An assist-game file for A Greek Tragedy (LogFile kind 'assist:agt'): the cup and port
tracker of one game, kept between evenings with undo and redo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.state import GameState, apply, replay
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import _
from campaign_manager.store.logfile import LogFile
from campaign_manager.store.logged_document import LoggedDocument

KIND = "assist:agt"


class AgtGame(LoggedDocument[GameState]):
    """An open assist-game file and the state replayed from its log."""

    KIND = KIND

    def __init__(self, log: LogFile) -> None:
        self.tables = book()
        self.scenario = log.meta().get("scenario", "")
        if self.scenario not in self.tables.scenarios:
            raise FileRefused(
                _("{path}: names an unknown scenario '{scenario}'").format(path=log.path, scenario=self.scenario)
            )
        super().__init__(log)

    @classmethod
    def create(cls, path: Path, scenario: str) -> AgtGame:
        tables = book()
        if scenario not in tables.scenarios:
            raise UserError(
                _("Unknown scenario '{scenario}' (use {scenarios})").format(
                    scenario=scenario, scenarios=", ".join(tables.scenarios)
                )
            )
        name = f"A Greek Tragedy: {tables.scenarios[scenario].name}"
        log = LogFile.create(
            Path(path),
            kind=KIND,
            document_name=name,
            document_source=f'scenario = "{scenario}"\n',
            meta={"scenario": scenario},
        )
        return cls._made(log)

    @classmethod
    def open(cls, path: Path) -> AgtGame:
        return cls._made(cls._open_log(path))

    @classmethod
    def _made(cls, log: LogFile) -> AgtGame:
        try:
            return cls(log)
        except BaseException:
            log.close()
            raise

    def replay(self, records: list[dict[str, Any]]) -> GameState:
        return replay(self.tables, self.scenario, records)

    def record(self, action: dict[str, Any]) -> GameState:
        """Log a checked action (one transaction) and bring the state up to date."""
        state = apply(self.state, action, self.tables)  # a faulty action fails before it is logged
        self._record([action], state)
        return state
