"""The campaign's backups listed for choosing one: each with the turn it was made at the end of
and the VP standing then, read from the backup itself as a campaign file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from campaign_manager.engine.state import Phase
from campaign_manager.engine.victory import victory_points
from campaign_manager.errors import UserError
from campaign_manager.store.backups import backup_files
from campaign_manager.store.campaign_file import CampaignFile


@dataclass(frozen=True)
class Backup:
    """One backup file: the turn it was made at the end of, and the VP standing then."""

    path: Path
    turn: int
    vp: dict[str, int]
    finished: bool
    side_names: dict[str, str] = field(default_factory=dict)  # side code → the scenario's word

    def describe(self) -> str:
        """One line: when it was made and the VP then, sides named and ordered as the scenario has them."""
        order = [side for side in self.side_names if side in self.vp] + sorted(set(self.vp) - set(self.side_names))
        vp = ", ".join(f"{self.side_names.get(side, side)} {self.vp[side]}" for side in order)
        ended = "the campaign's end" if self.finished else f"the end of turn {self.turn}"
        return f"{ended} — VP {vp} ({self.path.name})"


def list_backups(campaign: Path) -> list[Backup]:
    """The campaign's backups, newest first, each with its turn and VP (a backup that cannot be
    read is left out: it is never offered for restoring)."""
    found = []
    for _turn, path in backup_files(campaign):
        try:
            with CampaignFile.open(path, readonly=True) as opened:
                vp = victory_points(opened.scenario, opened.state)
                found.append(
                    Backup(
                        path,
                        opened.state.turn,
                        dict(vp),
                        opened.state.phase == Phase.FINISHED,
                        dict(opened.scenario.sides),
                    )
                )
        except UserError:
            continue
    return found
