"""A Political Index tracker kept in an assist-game file (LogFile kind 'assist:gcw').

The file holds the players' set-up as its document and every completed action in its log;
the state is rebuilt by replaying the log, so undo, redo and reopening all come for free.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from campaign_manager.assist.gcw.charts import GcwCharts, default_charts
from campaign_manager.assist.gcw.owner_charts import OwnerCharts, default_owner_charts
from campaign_manager.assist.gcw.tracker import apply
from campaign_manager.assist.gcw.tracker_dice import prepare
from campaign_manager.assist.gcw.tracker_setup import Setup
from campaign_manager.assist.gcw.tracker_state import TrackerState
from campaign_manager.assist.gcw.tracker_summary import TrackerSummary
from campaign_manager.dice import RandomRoller, Roller
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import _
from campaign_manager.store.logfile import LogFile
from campaign_manager.store.logged_document import LoggedDocument

KIND = "assist:gcw"
DOCUMENT_NAME = "The Greek Civil War: Political Index tracker"


class TrackerGame(LoggedDocument[TrackerState]):
    """An open tracker file: its log, the state replayed from it, undo and redo."""

    KIND = KIND

    def __init__(self, log: LogFile, setup: Setup, charts: GcwCharts, owner: OwnerCharts, roller: Roller) -> None:
        self.setup = setup
        self.rules = charts.politics
        self.owner = owner
        self.roller = roller
        super().__init__(log)

    @classmethod
    def new(
        cls,
        path: Path,
        setup: dict[str, Any] | None = None,
        charts: GcwCharts | None = None,
        owner: OwnerCharts | None = None,
        roller: Roller | None = None,
    ) -> TrackerGame:
        """Start a tracker in a new file; refuses to overwrite an existing one."""
        charts = charts or default_charts()
        chosen = Setup.from_dict(setup or {}, charts.politics)
        source = json.dumps({"module": "gcw", "setup": chosen.as_dict()}, sort_keys=True)
        log = LogFile.create(Path(path), KIND, DOCUMENT_NAME, source)
        return cls(log, chosen, charts, owner or default_owner_charts(), roller or RandomRoller())

    @classmethod
    def open(
        cls, path: Path, charts: GcwCharts | None = None, owner: OwnerCharts | None = None, roller: Roller | None = None
    ) -> TrackerGame:
        """Open a tracker file written earlier and replay it."""
        charts = charts or default_charts()
        log = cls._open_log(path)
        try:
            try:
                setup = Setup.from_dict(json.loads(log.document().source).get("setup", {}), charts.politics)
            except (ValueError, AttributeError, UserError) as exc:  # the stored set-up, not the log
                raise FileRefused(
                    _("{path}: the tracker cannot be rebuilt ({reason}); it was left untouched").format(
                        path=path, reason=exc
                    )
                ) from None
            return cls(log, setup, charts, owner or default_owner_charts(), roller or RandomRoller())
        except BaseException:
            log.close()
            raise

    def replay(self, records: list[dict[str, Any]]) -> TrackerState:
        state = TrackerState.start(self.setup, self.rules)
        for number, action in enumerate(records, start=1):
            try:
                state = apply(state, action, self.rules)
            except UserError as exc:
                raise UserError(
                    _("action {number} ({type}) no longer applies: {reason}").format(
                        number=number, type=action.get("type"), reason=exc
                    )
                ) from None
        return state

    def record(self, action: dict[str, Any]) -> dict[str, Any]:
        """Complete `action` (dice, chart values), apply it and write it; returns what was written."""
        completed = prepare(self.state, action, self.rules, self.owner, self.roller)
        after = apply(self.state, completed, self.rules)
        self._record([completed], after)
        return completed

    def summary(self) -> TrackerSummary:
        return self.state.summary(self.rules)
