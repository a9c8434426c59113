"""Recording while a shared campaign's server cannot be reached: the pending list.

Actions recorded while the server is away are checked against the campaign as this program
holds it, kept at once in a file of their own on this computer (`PendingList`: one per campaign
and user, in `shared-campaigns/pending/` in the app's data folder, written whole at each change,
so a crash loses nothing) and shown as if recorded, marked pending (`CampaignFile.pending_from`).
When the server is back, `send_pending` sends them in order, each checked against the campaign
as it then stands: recorded if the rules still allow it; otherwise kept in the list with the
rule that refused it, for the organiser to enter again or drop (`campaign-manager pending URL`).
An action whose sending was cut off is looked for on the server before it is sent again: never
recorded twice, never lost.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from campaign_manager import bounds, paths
from campaign_manager.engine.action_reading import action_title
from campaign_manager.engine.actions import Action
from campaign_manager.engine.campaign import Applied
from campaign_manager.errors import FileRefused, UserError
from campaign_manager.i18n import _, ngettext
from campaign_manager.store import writing
from campaign_manager.store.action_log import Changes, Record, now
from campaign_manager.store.address import ServerAddress
from campaign_manager.store.faults import StorageFault

FORMAT = "firestorm-pending-actions"


class RecordsPending(Protocol):
    """Where actions may be checked, given a role (the log)."""

    def check_may(self, doing: str, kinds: list[str]) -> None: ...


class PendingCampaign(Protocol):
    """An open shared campaign as the pending list uses it (store/campaign_file.py fits it)."""

    records: list[Record]

    @property
    def log(self) -> RecordsPending: ...

    def preview(self, actions: Iterable[Action], roller: Any = None) -> list[Applied]: ...

    def hold_pending(self, done: list[Applied]) -> None: ...

    def drop_pending(self) -> None: ...

    def catch_up(self) -> Changes | None: ...

    def apply(self, actions: Iterable[Action], roller: Any = None) -> list[Applied]: ...

    def read_actions(self, records: Iterable[Record]) -> list[Action]: ...


@dataclass
class Pending:
    """One action recorded while the server was away: when, and (once refused) why it was not
    recorded; `sending_after`: the log's length when its sending began (cut off: looked for)."""

    action: Record
    recorded_at: str
    refused: str | None = None
    sending_after: int | None = None

    @property
    def title(self) -> str:
        return action_title(self.action)


@dataclass
class PendingList:
    """The actions waiting to be sent to one campaign's server, oldest first, kept in `path`."""

    path: Path
    entries: list[Pending] = field(default_factory=list)

    @classmethod
    def of(cls, address: ServerAddress) -> PendingList:
        """The pending list of the campaign at `address` for its user, read from its file (a
        damaged file is refused, never overwritten)."""
        where = re.sub(r"^[a-z]+://", "", address.shown)
        where = re.sub(r"[^A-Za-z0-9_.@-]+", "_", where).strip("._") or "campaign"
        found = cls(paths.app_data_folder() / "shared-campaigns" / "pending" / f"{where[:150]}.json")
        found.read()
        return found

    def read(self) -> None:
        try:
            raw = bounds.read_bounded(self.path, bounds.MAX_ACTIONS_FILE, _("a pending list"), FileRefused)
        except FileRefused:
            if not self.path.exists():
                self.entries = []
                return
            raise
        words = bounds.decode(raw, self.path, _("a pending list"), FileRefused)
        data = bounds.parse_json(words, self.path, "", FileRefused)
        try:
            assert isinstance(data, dict) and data.get("format") == FORMAT
            self.entries = [
                Pending(dict(item["action"]), str(item["recorded_at"]), item.get("refused"), item.get("sending_after"))
                for item in data["actions"]
            ]
        except (AssertionError, KeyError, TypeError, ValueError):
            raise FileRefused(
                _("{path}: is not a pending list the app wrote; it was left untouched").format(path=self.path)
            ) from None

    def save(self) -> None:
        """Write the list whole (an empty list: its file removed)."""
        if not self.entries:
            self.path.unlink(missing_ok=True)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "format": FORMAT,
            "actions": [
                {
                    "action": entry.action,
                    "recorded_at": entry.recorded_at,
                    "refused": entry.refused,
                    "sending_after": entry.sending_after,
                }
                for entry in self.entries
            ],
        }
        writing.write_whole(self.path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"), "pending list")

    @property
    def waiting(self) -> list[Pending]:
        """The actions still to be sent (not refused)."""
        return [entry for entry in self.entries if entry.refused is None]

    @property
    def refused(self) -> list[Pending]:
        return [entry for entry in self.entries if entry.refused is not None]

    def refused_words(self, where: str) -> str | None:
        """The refused actions still kept here, in words (None: there are none)."""
        if not self.refused:
            return None
        kept = "; ".join(str(entry.refused) for entry in self.refused)
        words = _(
            "Still kept on this computer, refused by the server's campaign when sent: {refused} — "
            "campaign-manager pending {where} lists them, with --drop N to take one out"
        )
        return words.format(refused=kept, where=where)

    def drop(self, number: int) -> Pending:
        """Take out the `number`th action of the list (from 1), as the organiser decides."""
        if not 1 <= number <= len(self.entries):
            raise UserError(
                _("the pending list holds {count} actions: there is no number {number}").format(
                    count=len(self.entries), number=number
                )
            )
        gone = self.entries.pop(number - 1)
        self.save()
        return gone


def record_offline(
    campaign: PendingCampaign, pending: PendingList, actions: Iterable[Action], roller: Any = None
) -> list[Applied]:
    """Record actions while the server is away: checked against the campaign as held here (with
    the actions pending before them), kept in the pending list, then shown as recorded."""
    batch = list(actions)
    campaign.log.check_may("record", [action.type for action in batch])
    done = campaign.preview(batch, roller)
    stamp = now()
    pending.entries.extend(Pending(applied.record, stamp) for applied in done)
    pending.save()  # on the disk before it is shown
    campaign.hold_pending(done)
    return done


@dataclass(frozen=True)
class Sent:
    """What sending the pending list did: the actions recorded on the server, and those refused
    (each with the rule), in words."""

    recorded: list[str]
    refused: list[str]

    def words(self) -> str:
        said = []
        if self.recorded:
            words = ngettext(
                "{n} pending action recorded on the server: {actions}",
                "{n} pending actions recorded on the server: {actions}",
                len(self.recorded),
            )
            said.append(words.format(n=len(self.recorded), actions="; ".join(self.recorded)))
        for refusal in self.refused:
            words = _("Not recorded, kept in the pending list for the organiser: {refusal}")
            said.append(words.format(refusal=refusal))
        return ". ".join(said)


def send_pending(campaign: PendingCampaign, pending: PendingList) -> Sent:
    """Send the waiting actions in order, each checked against the campaign as it then stands
    (others' actions taken in first). A server gone again stops it (StorageFault): the rest wait."""
    campaign.drop_pending()
    campaign.catch_up()
    recorded, refused = [], []
    for entry in list(pending.waiting):
        if entry.sending_after is not None and entry.action in campaign.records[entry.sending_after :]:
            pending.entries.remove(entry)  # it was recorded when its sending was cut off
            pending.save()
            recorded.append(entry.title)
            continue
        entry.sending_after = len(campaign.records)
        pending.save()
        try:
            campaign.apply(campaign.read_actions([entry.action]))
        except StorageFault:
            raise
        except UserError as exc:
            entry.refused, entry.sending_after = f"{entry.title}: {getattr(exc, 'error', exc)}", None
            pending.save()
            refused.append(entry.refused)
            continue
        pending.entries.remove(entry)
        pending.save()
        recorded.append(entry.title)
    return Sent(recorded, refused)
