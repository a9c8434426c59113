"""What the session's parts ask of the open campaign and of each other, as protocols: the open
log, the live link to a server and the kept battle entry talk to the store through these, never
through its concrete classes (a campaign file, a server's log), and to the session that owns them
through `SessionCore`. `CampaignFile` and the server's log and listener fit them as they are."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from campaign_manager.dice import Roller
    from campaign_manager.engine.actions import Action, Discard
    from campaign_manager.engine.campaign import Applied
    from campaign_manager.engine.entry import BattleEntry
    from campaign_manager.store.action_log import Author, Changes, Record
    from campaign_manager.store.address import ServerAddress


class Listening(Protocol):
    """A connection listening for what other shops record on a shared campaign."""

    def fileno(self) -> int: ...

    def heard(self) -> bool: ...

    def close(self) -> None: ...


class CampaignServer(Protocol):
    """The log of a campaign shared on a server, as the live link uses it."""

    role: str | None
    address: ServerAddress

    @property
    def where(self) -> str: ...

    def listen(self) -> Listening: ...


class WrittenLog(Protocol):
    """Where the actions are written: whether it may be, asked before any rule."""

    readonly: bool

    def check_writable(self) -> None: ...

    def authors(self, after: int = 0) -> dict[int, Author]: ...

    def check_may(self, doing: str, kinds: Sequence[str] = ()) -> None: ...


class OpenCampaign(Protocol):
    """An open campaign as the session's parts use it: its log, recording, undo and redo, what
    other writers recorded, and the battle entry kept beside the log."""

    records: list[Record]

    @property
    def log(self) -> WrittenLog: ...

    @property
    def where(self) -> str: ...

    @property
    def computer_side(self) -> str | None: ...

    @property
    def server_log(self) -> CampaignServer | None: ...

    @property
    def entry_unsaved(self) -> bool: ...

    def read_actions(self, records: Iterable[Record]) -> list[Action]: ...

    def apply(self, actions: Iterable[Action], roller: Roller | None = None) -> list[Applied]: ...

    def preview(self, actions: Iterable[Action], roller: Roller | None = None) -> list[Applied]: ...

    pending_from: int | None

    def hold_pending(self, done: list[Applied]) -> None: ...

    def drop_pending(self) -> None: ...

    def undo(self) -> Record | None: ...

    def redo(self) -> Record | None: ...

    def next_redo(self) -> Record | None: ...

    def can_redo(self) -> bool: ...

    def undo_refusal(self) -> str | None: ...

    def catch_up(self) -> Changes | None: ...

    def reload_if_changed(self) -> bool: ...

    def kept_entry(self) -> BattleEntry | None: ...

    def entry_damage(self) -> str | None: ...

    def damaged_entry_discard(self) -> Discard | None: ...

    def keep_entry(self, entry: BattleEntry | None, away: str | None = None) -> str | None: ...


class SessionCore(Protocol):
    """The session as its parts see it: the open campaign (if any), its signals, and whether
    it may be written now."""

    @property
    def campaign(self) -> OpenCampaign | None: ...

    @property
    def changed(self) -> SignalInstance: ...

    @property
    def message(self) -> SignalInstance: ...

    @property
    def kept_changed(self) -> SignalInstance: ...

    @property
    def shared(self) -> bool: ...

    @property
    def read_only(self) -> bool: ...

    @property
    def offline(self) -> str | None: ...

    def open_campaign(self) -> OpenCampaign: ...
