"""The open campaign, owned by one object: windows, panels and menus are views of it.

`CampaignSession` holds the open campaign file and emits `changed` after anything that alters
what a view shows (an action recorded, undo, redo, another file opened, the file read again);
when another campaign takes the open one's place (or it is closed) it first emits `switched`, so
views drop what they showed of the old one (a chosen battle, a what-if answer, a battle being
entered) before they redraw. Views never call each other's refresh: they listen to `changed`.

Its work is done by three parts, each talking to the store through the protocols of
ui/open_campaign.py: the open log (`log`: record, undo, redo, read again; ui/open_log.py), the
live link to a server of a shared campaign (`link`; ui/server_link.py) and the battle entry kept
beside the log (`draft`; ui/kept_entry.py). The session's own methods of the same names are what
the views call.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from campaign_manager.dice import Roller
from campaign_manager.engine.actions import Action
from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.campaign import Applied
from campaign_manager.engine.entry import BattleEntry
from campaign_manager.engine.league import Standing, league, league_at
from campaign_manager.engine.state import DEFAULT_SCORING, CampaignState, Scoring
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario
from campaign_manager.store.action_log import Author, Record
from campaign_manager.store.address import ServerAddress, is_server_address, locate
from campaign_manager.store.campaign_file import CampaignFile
from campaign_manager.store.faults import ReadOnlyFile
from campaign_manager.ui.kept_entry import KeptEntry
from campaign_manager.ui.open_campaign import OpenCampaign
from campaign_manager.ui.open_log import OpenLog, undo_past_the_computer
from campaign_manager.ui.server_link import LiveLink


class CampaignSession(QObject):
    """The one open campaign (or none). Signals:

    - `changed()`: the campaign's state, history or file changed; views redraw from it.
    - `switched()`: another campaign took the open one's place, or it was closed (then `changed`).
    - `message(str)`: what the last action did, in words, for the status bar.
    """

    changed = Signal()
    switched = Signal()
    message = Signal(str)
    kept_changed = Signal()  # a battle being entered came to be kept in the campaign, or is no longer

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign: CampaignFile | None = None
        self.plan = False  # the campaign is a plan on a scratch copy (File ▸ Try a plan)
        self._battles: list[BattleRow] | None = None
        self._league: list[Standing] | None = None
        self.link = LiveLink(self, self)
        self.log = OpenLog(self, self.link.fault, self.link.record_offline)
        self.draft = KeptEntry(self, self.log.try_record)
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
        """The open campaign's file (None when none is open, or it is on a server)."""
        return None if self.campaign is None else self.campaign.file

    @property
    def where(self) -> str | None:
        """Where the open campaign is: its file's path, or its server address (no password)."""
        return None if self.campaign is None else self.campaign.where

    @property
    def shared(self) -> bool:
        """The open campaign is on a server, shared between shops."""
        return self.campaign is not None and self.campaign.server_log is not None

    @property
    def role(self) -> str | None:
        """The user's role on a shared campaign (organiser, recorder, viewer); None for a file."""
        server = None if self.campaign is None else self.campaign.server_log
        return None if server is None else server.role

    def may(self, kind: str) -> bool:
        """Whether an action of `kind` (or "undo", "redo") may be recorded now."""
        if self.offline is not None and kind in ("undo", "redo"):
            return False  # they need the server (what is recorded meanwhile waits in the pending list)
        return self.campaign is not None and not self.read_only and self.campaign.may(kind)

    @property
    def name(self) -> str:
        return "" if self.campaign is None else self.campaign.name

    def history(self) -> list[Applied]:
        return [] if self.campaign is None else self.campaign.history()

    def pending_from(self) -> int | None:
        """Actions from this number on (from 1, plus one) were recorded while the server was away
        and wait to be sent (None: none waits)."""
        return None if self.campaign is None else self.campaign.pending_from

    def authors(self) -> dict[int, Author]:
        """Who recorded each action (by its number) of a shared campaign, as its server says now
        (nothing for a file, or while the server cannot be reached)."""
        if self.campaign is None or self.offline is not None:
            return {}
        try:
            return self.campaign.log.authors()
        except UserError:
            return {}

    def battles(self) -> list[BattleRow]:
        """Every fought battle as a row (worked out once per change, shared by the views)."""
        if self.campaign is None:
            return []
        if self._battles is None:
            self._battles = battle_rows(self.campaign.scenario, self.campaign.initial_state(), self.campaign.history())
        return self._battles

    def league(self) -> list[Standing]:
        """The league of the roster's commanders, best first (worked out once per change)."""
        if self.campaign is None:
            return []
        if self._league is None:
            state = self.campaign.state
            self._league = league(self.campaign.scenario, state.roster, self.battles(), state.scoring)
        return self._league

    def scoring(self) -> Scoring:
        """How the open campaign's league is scored now."""
        return DEFAULT_SCORING if self.campaign is None else self.campaign.state.scoring

    def league_then(self, turn: int | None) -> tuple[list[Standing], Scoring]:
        """The league and its scheme as they stood at the end of `turn` (None: now)."""
        if self.campaign is None:
            return [], DEFAULT_SCORING
        if turn is None:
            return self.league(), self.scoring()
        return league_at(self.campaign.scenario, self.campaign.initial_state(), self.history(), turn)

    def _forget(self) -> None:
        self._battles = None
        self._league = None

    def _open(self) -> CampaignFile:
        if self.campaign is None:
            raise UserError(_("no campaign is open: use File ▸ New campaign or File ▸ Open campaign"))
        return self.campaign

    # -- opening and closing ----------------------------------------------------------------

    def open(self, path: Path | str | ServerAddress, readonly: bool = False) -> None:
        """Open the campaign at `path` (a file, or a server's address) in place of the current
        one; raises UserError (the current campaign stays open) when it is refused. A file that
        cannot be written (read-only, or in a read-only folder) opens read-only, as does any with
        `readonly` and a shared campaign for its viewers: `read_only` says so."""
        location = locate(path) if isinstance(path, str) and is_server_address(path) else path
        try:
            opened = CampaignFile.open(location, readonly=readonly)
        except ReadOnlyFile:
            opened = CampaignFile.open(location, readonly=True)
        self.adopt(opened)

    @property
    def read_only(self) -> bool:
        """The open campaign can be read but nothing can be recorded in it (a read-only file, a
        viewer's campaign, or a server that cannot be reached now)."""
        if self.campaign is None:
            return False
        return self.campaign.log.readonly or (self.offline is not None and not self.link.keeps_pending)

    @property
    def read_only_reason(self) -> str | None:
        """Why nothing can be recorded in the open campaign, in a clause (None when it can)."""
        if not self.read_only:
            return None
        if self.offline is not None:
            return _("the campaign's server cannot be reached now: nothing can be recorded until it answers")
        if self.role == "viewer":
            return _("you are a viewer of this shared campaign, and a viewer records nothing")
        return _("{where} is open read-only: nothing can be recorded in it (File ▸ Save a copy to carry on)").format(
            where=self.where
        )

    def create(self, path: Path, scenario: str | Path = "firestorm-greece", name: str | None = None) -> None:
        """Create a campaign file and open it; raises UserError when it cannot be made."""
        CampaignFile.create(path, scenario=scenario, name=name).close()
        self.open(path)

    def adopt(self, campaign: CampaignFile) -> None:
        """Make an already opened campaign file the session's (closing the one before)."""
        self._replace(campaign)

    def close(self) -> None:
        if self.campaign is not None:
            self.link.stop()
            self.campaign.close()
            self.campaign = None
            self.switched.emit()
            self.changed.emit()

    def _replace(self, opened: CampaignFile) -> None:
        if self.campaign is not None:
            self.link.stop()
            self.campaign.close()
        self.campaign = opened
        self.draft.has_kept_entry = self.draft.kept_entry() is not None
        self.link.listen()
        self.switched.emit()
        self.changed.emit()

    def open_campaign(self) -> OpenCampaign:
        """The open campaign, for the session's parts (refused in words when none is open)."""
        return self._open()

    # -- the live link to a server (ui/server_link.py) ------------------------------------------

    @property
    def offline(self) -> str | None:
        """Why a shared campaign's server cannot be reached now (None: it can, or it is a file)."""
        return self.link.offline

    @property
    def reconnecting(self) -> bool:
        """A try at reaching the server again is under way (in its own thread)."""
        return self.link.reconnecting

    def catch_up(self) -> bool:
        """Take in what other writers recorded (just the new actions); True when there was any."""
        return self.link.catch_up()

    # -- the open log (ui/open_log.py) -----------------------------------------------------------

    def record(self, actions: Iterable[Action], roller: Roller | None = None) -> list[Applied]:
        """Record actions (all or nothing) in the file, then tell the views; raises UserError
        (nothing recorded) when the rules or the file refuse."""
        return self.log.record(actions, roller)

    def record_json(self, records: Iterable[Record], roller: Roller | None = None) -> list[Applied]:
        """`record` for actions written as JSON (File ▸ Record actions from a file)."""
        return self.log.record_json(records, roller)

    def try_record(self, actions: Iterable[Action], roller: Roller | None = None) -> str | None:
        """`record`, with a refusal returned as words instead of raised (None when recorded)."""
        return self.log.try_record(actions, roller)

    def undo(self) -> Record | None:
        return self.log.step(undo_past_the_computer, _("Undone: {action}"), self.draft.look_again)

    def redo(self) -> Record | None:
        return self.log.step(lambda campaign: campaign.redo(), _("Redone: {action}"), self.draft.look_again)

    def can_undo(self) -> bool:
        """Whether Edit ▸ Undo may take the last action back (never one holding the app's final dice)."""
        return self.log.can_undo(self.may)

    def can_redo(self) -> bool:
        return self.log.can_redo(self.may)

    def last_action_title(self) -> str | None:
        """What Edit ▸ Undo would take back, in a few words (None when nothing)."""
        return self.log.last_action_title()

    def next_redo_title(self) -> str | None:
        """What Edit ▸ Redo would put back, in a few words (None when nothing)."""
        return self.log.next_redo_title(self.may)

    def reload_if_changed(self) -> bool:
        """Read the file again if another program wrote to it; True when it did."""
        return self.log.reload_if_changed()

    def log_length(self) -> int:
        return 0 if self.campaign is None else len(self.campaign.records)

    def save_copy(self, path: Path, name: str | None = None) -> None:
        """Write the open campaign, as held here, to `path`, named `name` (File ▸ Save a copy)."""
        self._open().save_copy(path, name)

    # -- the battle being entered (ui/kept_entry.py) ----------------------------------------------

    @property
    def has_kept_entry(self) -> bool:
        """A battle being entered is kept (Battle ▸ New battle offers it)."""
        return self.draft.has_kept_entry

    def kept_entry(self) -> BattleEntry | None:
        """The battle entered earlier and kept for later, if any."""
        return self.draft.kept_entry()

    def entry_damage(self) -> str | None:
        """Why the battle being entered kept with the campaign cannot be read (None: it can, or none)."""
        return self.draft.entry_damage()

    def discard_damaged_entry(self) -> str | None:
        """Throw away a kept entry that cannot be read (logged as a `discard`); a refusal in words, or None."""
        return self.draft.discard_damaged_entry()

    def keep_entry(self, entry: BattleEntry | None) -> str | None:
        """Keep the battle being entered (None: none any more); why it is kept only here, or None."""
        return self.draft.keep_entry(entry)

    def discard_entry(self, entry: BattleEntry, battle: str) -> str | None:
        """Throw a battle entry away, the app's dice left on record; a refusal in words, or None."""
        return self.draft.discard_entry(entry, battle)
