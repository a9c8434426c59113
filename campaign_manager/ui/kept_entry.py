"""The battle being entered, kept beside the open campaign's log (not an action): Battle ▸ New
battle offers it again, Undo of a battle with the app's dice gives it back, and throwing it away
leaves the app's dice on record as a `discard` (RULES.md, dice on record). A part of the session
(ui/session.py), which emits `kept_changed` when one comes to be kept or is no longer."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from campaign_manager.engine.actions import Action, Discard
from campaign_manager.errors import UserError
from campaign_manager.i18n import _

if TYPE_CHECKING:
    from campaign_manager.engine.entry import BattleEntry
    from campaign_manager.ui.open_campaign import SessionCore


class KeptEntry:
    """The draft of a battle kept with the open campaign; `has_kept_entry` says whether there is one."""

    def __init__(self, session: SessionCore, try_record: Callable[[Iterable[Action]], str | None]) -> None:
        self.session = session
        self._try_record = try_record
        self.has_kept_entry = False  # a battle being entered is kept (Battle ▸ New battle offers it)

    def look_again(self) -> None:
        """Whether a battle is kept, read again (another campaign opened, Undo, Redo); told if it changed."""
        kept = self.kept_entry() is not None
        if kept != self.has_kept_entry:
            self.has_kept_entry = kept
            self.session.kept_changed.emit()

    def kept_entry(self) -> BattleEntry | None:
        """The battle entered earlier and kept for later, if any (one the file cannot give back
        whole is not offered: the file's own check refuses it on opening)."""
        campaign = self.session.campaign
        if campaign is None:
            return None
        try:
            return campaign.kept_entry()
        except UserError:
            return None

    def entry_damage(self) -> str | None:
        """Why the battle being entered kept with the campaign cannot be read (None: it can, or
        there is none): the campaign is open all the same."""
        campaign = self.session.campaign
        if campaign is None:
            return None
        try:
            return campaign.entry_damage()
        except UserError:  # the file gone, the server away: said where it matters, not as damage
            return None

    def discard_damaged_entry(self) -> str | None:
        """Throw away a kept entry that cannot be read: logged as a `discard` (why, and the dice the
        app rolled that can still be read out of it). Returns a refusal in words, or None."""
        campaign = self.session.campaign
        try:
            discard = None if campaign is None else campaign.damaged_entry_discard()
        except UserError as exc:
            return str(exc)
        if discard is None:
            return None
        problem = self._try_record([discard])
        if problem:
            return problem
        self.keep_entry(None)
        return None

    def keep_entry(self, entry: BattleEntry | None) -> str | None:
        """Keep the battle being entered (None: none any more), as it is typed; returns why it is
        kept only while the app is open (a read-only file, a viewer, a full disk, a server that
        cannot be reached now: kept there once it is back), or None."""
        campaign = self.session.campaign
        if campaign is None:
            return None
        away = _("the server cannot be reached now") if self.session.offline is not None else None
        problem = campaign.keep_entry(entry, away=away)
        if (entry is not None) != self.has_kept_entry:
            self.has_kept_entry = entry is not None
            self.session.kept_changed.emit()
        return problem

    def discard_entry(self, entry: BattleEntry, battle: str) -> str | None:
        """Throw a battle entry away. The dice the app rolled for it stay on record: a `discard`
        action names them in the history (RULES.md, dice on record). Returns a refusal in words
        (then nothing is thrown away), or None."""
        dice = entry.app_dice()
        campaign = self.session.campaign
        if dice and campaign is not None and not campaign.log.readonly:  # a server away: refused
            problem = self._try_record([Discard(dice, battle=battle[:200])])
            if problem:
                return problem
        self.keep_entry(None)
        return None
