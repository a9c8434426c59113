"""The battle being entered, kept with the campaign beside its log (never in it): in the file,
or this user's on a server, or only in this program when the campaign cannot take it (a
read-only file, a viewer, a full disk); and a kept entry that cannot be read back, thrown away
with a logged discard that keeps the app's dice it held. A part of CampaignFile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign_manager.engine import Applied
from campaign_manager.engine.actions import Action, Discard
from campaign_manager.engine.entry import BattleEntry, salvage_app_dice
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store.action_log import ActionLog
from campaign_manager.store.integrity import DraftDamaged

if TYPE_CHECKING:
    from collections.abc import Iterable

    from campaign_manager.dice import Roller
    from campaign_manager.store.server import ServerLog


class KeptEntry:
    """CampaignFile's battle being entered (its `_entry` fields are set up by CampaignFile)."""

    log: ActionLog
    _entry: BattleEntry | None  # the battle being entered, as this program holds it
    _entry_held: bool  # whether `_entry` stands for the campaign's (kept here at least once)
    _entry_unsaved: bool  # whether `_entry` is held only here (the campaign could not take it)

    if TYPE_CHECKING:

        @property
        def server_log(self) -> ServerLog | None: ...

        def apply(self, actions: Iterable[Action], roller: Roller | None = None) -> list[Applied]: ...

    def kept_entry(self) -> BattleEntry | None:
        """The battle being entered and kept for later (in the campaign: a file's, or this user's
        on a server; or only in this program when the campaign could not take it), or None."""
        if self._entry_held:
            return self._entry
        text = self.log.draft()
        return None if text is None else BattleEntry.from_text(text)

    def entry_damage(self) -> str | None:
        """What is wrong with the battle being entered kept in the campaign, when it cannot be read
        back ("page: ..."; None: it can, or there is none). The campaign opens all the same;
        `discard_damaged_entry` throws it away."""
        if self._entry_held:
            return None
        try:
            self.kept_entry()
        except DraftDamaged as exc:
            return exc.words
        return None

    def damaged_entry_discard(self) -> Discard | None:
        """The `discard` that throws away a kept entry that cannot be read: it names why, and every
        die the app rolled that can still be read out of it (RULES.md, dice on record). None when
        there is no damaged entry."""
        if self._entry_held:
            return None
        try:
            self.kept_entry()
            return None
        except DraftDamaged as exc:
            return Discard(
                salvage_app_dice(exc.text), battle="a battle entry that could not be read", damaged=exc.words[:300]
            )

    def discard_damaged_entry(self) -> Applied | None:
        """Record `damaged_entry_discard`, then the entry is gone (None: there was none)."""
        discard = self.damaged_entry_discard()
        if discard is None:
            return None
        [done] = self.apply([discard])
        self.keep_entry(None)
        return done

    @property
    def entry_unsaved(self) -> bool:
        """The battle being entered is held only in this program (the campaign could not take it)."""
        return self._entry_unsaved

    def keep_entry(self, entry: BattleEntry | None, away: str | None = None) -> str | None:
        """Keep the battle being entered (None: there is none any more) in the campaign, in a write
        of its own that is not an action. Returns None when the campaign holds it, or why it is
        kept only while the app is open (a read-only file, a viewer's campaign, a full disk, a file
        gone, a server that cannot be reached: `away` says that it cannot be now, and then nothing
        is tried)."""
        self._entry, self._entry_held, self._entry_unsaved = entry, True, True
        server = self.server_log
        if server is not None and server.role == "viewer":
            words = _(
                "{user} is a viewer of this campaign, so the battle being entered is kept only while the app is open"
            )
            return words.format(user=server.user)
        if self.log.readonly:
            return _("the campaign is open read-only, so the battle being entered is kept only while the app is open")
        if away is not None:
            return _("{reason}, so the battle being entered is kept only while the app is open").format(reason=away)
        try:
            text = None if entry is None else entry.to_text()
            if text is not None:
                BattleEntry.from_text(text)  # what the campaign is given reads back whole, or it is not written
            self.log.keep_draft(text)
        except UserError as exc:
            if server is None:
                words = _(
                    "the battle being entered could not be kept in the file ({problem}); it is kept only while "
                    "the app is open"
                )
            else:
                words = _(
                    "the battle being entered could not be kept on the server ({problem}); it is kept only while "
                    "the app is open"
                )
            return words.format(problem=exc)
        self._entry_unsaved = False
        return None
