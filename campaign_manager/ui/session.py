"""The open campaign, owned by one object: windows, panels and menus are views of it.

`CampaignSession` holds the open campaign file and emits `changed` after anything that alters
what a view shows (an action recorded, undo, redo, another file opened, the file read again);
when another campaign takes the open one's place (or it is closed) it first emits `switched`, so
views drop what they showed of the old one (a chosen battle, a what-if answer, a battle being
entered) before they redraw.
Every action goes through `record`, which commits it to the file before anything is shown:
there is no unsaved state. Views never call each other's refresh: they listen to `changed`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from campaign_manager.dice import RandomRoller, Roller
from campaign_manager.engine.actions import Action, action_title
from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.campaign import Applied, initial_state
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import UserError
from campaign_manager.scenario.model import Scenario
from campaign_manager.store.campaign_file import ActionRefused, CampaignFile
from campaign_manager.store.faults import ReadOnlyFile


class CampaignSession(QObject):
    """The one open campaign (or none). Signals:

    - `changed()`: the campaign's state, history or file changed; views redraw from it.
    - `switched()`: another campaign took the open one's place, or it was closed (then `changed`).
    - `message(str)`: what the last action did, in words, for the status bar.
    """

    changed = Signal()
    switched = Signal()
    message = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign: CampaignFile | None = None
        self._battles: list[BattleRow] | None = None
        self.changed.connect(self._forget)  # connected first: views read fresh rows

    # -- what views read ------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.campaign is not None

    @property
    def scenario(self) -> Scenario:
        return self._open().scenario

    @property
    def state(self) -> CampaignState:
        return self._open().state

    @property
    def path(self) -> Path | None:
        return None if self.campaign is None else self.campaign.path

    @property
    def name(self) -> str:
        return "" if self.campaign is None else self.campaign.name

    def history(self) -> list[Applied]:
        return [] if self.campaign is None else self.campaign.history()

    def battles(self) -> list[BattleRow]:
        """Every fought battle as a row (worked out once per change, shared by the views)."""
        if self.campaign is None:
            return []
        if self._battles is None:
            sc = self.campaign.scenario
            self._battles = battle_rows(sc, initial_state(sc), self.campaign.history())
        return self._battles

    def _forget(self) -> None:
        self._battles = None

    def can_undo(self) -> bool:
        return self.campaign is not None and not self.read_only and bool(self.campaign.records)

    def can_redo(self) -> bool:
        if self.campaign is None or self.read_only:
            return False
        try:
            return self.campaign.can_redo()
        except UserError:  # the file is gone, busy or damaged: said when something is asked of it
            return False

    def _open(self) -> CampaignFile:
        if self.campaign is None:
            raise UserError("no campaign is open: use File ▸ New campaign or File ▸ Open campaign")
        return self.campaign

    # -- opening and closing ----------------------------------------------------------------

    def open(self, path: Path, readonly: bool = False) -> None:
        """Open the campaign at `path` in place of the current one; raises UserError (the
        current campaign stays open) when the file is refused. A file that cannot be written
        (read-only, or in a read-only folder) opens read-only, as does any with `readonly`:
        `read_only` says so."""
        try:
            opened = CampaignFile.open(path, readonly=readonly)
        except ReadOnlyFile:
            opened = CampaignFile.open(path, readonly=True)
        self.adopt(opened)

    @property
    def read_only(self) -> bool:
        """The open campaign can be read but nothing can be recorded in it."""
        return self.campaign is not None and self.campaign.log.readonly

    def create(self, path: Path, scenario: str | Path = "firestorm-greece", name: str | None = None) -> None:
        """Create a campaign file and open it; raises UserError when it cannot be made."""
        CampaignFile.create(path, scenario=scenario, name=name).close()
        self.open(path)

    def adopt(self, campaign: CampaignFile) -> None:
        """Make an already opened campaign file the session's (closing the one before)."""
        self._replace(campaign)

    def close(self) -> None:
        if self.campaign is not None:
            self.campaign.close()
            self.campaign = None
            self.switched.emit()
            self.changed.emit()

    def _replace(self, opened: CampaignFile) -> None:
        if self.campaign is not None:
            self.campaign.close()
        self.campaign = opened
        self.switched.emit()
        self.changed.emit()

    # -- recording ----------------------------------------------------------------------------

    def record(self, actions: Iterable[Action | dict], roller: Roller | None = None) -> list[Applied]:
        """Record actions (all or nothing) in the file, then tell the views.

        Raises UserError (with nothing recorded) when the rules or the file refuse; for a single
        action the refusal reads as the engine's own words, without batch numbering.
        """
        batch = list(actions)
        campaign = self._open()
        campaign.log.check_writable()  # read-only, gone or replaced: said first, before any rule is asked
        try:
            done = campaign.apply(batch, roller or RandomRoller())
        except ActionRefused as refused:
            if len(batch) == 1:
                raise refused.error from None
            raise
        except UserError:
            self.changed.emit()  # the file may have been read again (another program wrote to it)
            raise
        self.changed.emit()
        words = "; ".join(event for applied in done for event in applied.events)
        if words:
            self.message.emit(words)
        return done

    def try_record(self, actions: Iterable[Action | dict], roller: Roller | None = None) -> str | None:
        """`record`, with a refusal returned as words instead of raised (None when recorded)."""
        try:
            self.record(actions, roller)
        except UserError as exc:
            return str(exc)
        return None

    def save_copy(self, path: Path) -> None:
        """Write the open campaign, as held here, to `path` (File ▸ Save a copy)."""
        self._open().save_copy(path)

    def undo(self) -> dict | None:
        return self._step(lambda c: c.undo(), "Undone")

    def redo(self) -> dict | None:
        return self._step(lambda c: c.redo(), "Redone")

    def _step(self, step: Callable[[CampaignFile], dict | None], word: str) -> dict | None:
        campaign = self._open()
        try:
            record = step(campaign)
        finally:
            self.changed.emit()
        if record is not None:
            self.message.emit(f"{word}: {action_title(record)}")
        return record

    def last_action_title(self) -> str | None:
        """What Edit ▸ Undo would take back, in a few words (None when nothing)."""
        if self.campaign is None or not self.campaign.records:
            return None
        return action_title(self.campaign.records[-1])

    def reload_if_changed(self) -> bool:
        """Read the file again if another program wrote to it; True when it did."""
        if self.campaign is not None and self.campaign.reload_if_changed():
            self.changed.emit()
            return True
        return False
