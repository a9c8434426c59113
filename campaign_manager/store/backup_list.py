"""The campaign's backups listed for choosing one: each end-of-turn backup with the turn it was
made at the end of, and each copy a restore kept of the campaign as it was, with when; each with
the VP standing then, read from the backup itself as a campaign file. A backup that cannot be
read is listed too, as damaged, with why (it is never put back)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from campaign_manager.engine.state import Phase
from campaign_manager.engine.victory import victory_points
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.store.backups import STAMP, backup_files, before_restore_files
from campaign_manager.store.campaign_file import CampaignFile


@dataclass(frozen=True)
class Backup:
    """One backup file: the turn it was made at the end of (or, for the copy a restore kept, the
    turn it was in and when the restore was made), and the VP standing then."""

    path: Path
    turn: int
    vp: dict[str, int]
    finished: bool
    side_names: dict[str, str] = field(default_factory=dict)  # side code → the scenario's word
    restored_at: str | None = None  # a copy kept by a restore: "before the restore of 2026-03-14 20:15:33"
    damage: str | None = None  # why the file cannot be read (then turn and VP are its name's, or none)

    def describe(self) -> str:
        """One line: when it was made and the VP then, sides named and ordered as the scenario has them."""
        if self.damage is not None:
            if self.restored_at is not None:
                words = _("a copy kept by a restore — damaged, cannot be restored: {damage} ({file})")
            else:
                words = _("the end of turn {turn} — damaged, cannot be restored: {damage} ({file})")
            return words.format(turn=self.turn, damage=self.damage, file=self.path.name)
        order = [side for side in self.side_names if side in self.vp] + sorted(set(self.vp) - set(self.side_names))
        vp = ", ".join(f"{self.side_names.get(side, side)} {self.vp[side]}" for side in order)
        if self.restored_at is not None:
            if self.finished:
                words = _("the campaign as it was {when} (the campaign's end) — VP {vp} ({file})")
            else:
                words = _("the campaign as it was {when} (turn {turn}) — VP {vp} ({file})")
            return words.format(when=self.restored_at, turn=self.turn, vp=vp, file=self.path.name)
        if self.finished:
            words = _("the campaign's end — VP {vp} ({file})")
        else:
            words = _("the end of turn {turn} — VP {vp} ({file})")
        return words.format(turn=self.turn, vp=vp, file=self.path.name)


def list_backups(campaign: Path) -> list[Backup]:
    """The campaign's backups and the copies its restores kept, newest first, each with its turn
    and VP; a file that cannot be read is listed as damaged, with why (`damage`)."""
    found = []
    kept = before_restore_files(campaign)
    turns = {path: turn for turn, path in backup_files(campaign)}
    paths = sorted([*turns, *kept], key=_made, reverse=True)
    for path in paths:
        try:
            with CampaignFile.open(path, readonly=True) as opened:
                vp = victory_points(opened.scenario, opened.state)
                found.append(
                    Backup(
                        path,
                        opened.state.turn,
                        dict(vp),
                        opened.state.phase == Phase.FINISHED,
                        {side: opened.scenario.side_adjective(side) for side in opened.scenario.sides},
                        _restored_at(path) if path in kept else None,
                    )
                )
        except (UserError, OSError) as exc:
            why = getattr(exc, "what", None) or str(exc).removeprefix(f"{path}: ")
            restored = _restored_at(path) if path in kept else None
            found.append(Backup(path, turns.get(path, 0), {}, False, {}, restored, why or _("it cannot be read")))
    return found


def _made(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0  # gone meanwhile: it will not open either, and is left out


def _restored_at(path: Path) -> str:
    """When the restore that kept this copy was made, from its name, in words."""
    found = re.search(r"-(\d{4}-\d\d-\d\d-\d{6})(-\d+)?\.campaign$", path.name)
    if found is None:
        return _("before an earlier restore")  # the one undated name of earlier versions
    moment = datetime.strptime(found.group(1), STAMP).strftime("%Y-%m-%d %H:%M:%S")
    return _("before the restore of {moment}").format(moment=moment)
