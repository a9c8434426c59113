"""Reading the window the way a test needs to: which troops the map shows in an area, and what
a campaign file's log holds."""

from __future__ import annotations

from pathlib import Path


def troops_in(window, code: str) -> set[str]:
    """The troops whose counters stand in area `code` on the window's map."""
    scene = window.map_view.map_scene
    return {
        t
        for counter in scene.counters
        for t in counter.troops
        if scene.area_at(counter.sceneBoundingRect().center()) == code
    }


def the_log(path: Path) -> tuple[list[dict], int]:
    """The actions logged in a campaign file and its revision, read from the file now (the battle
    being entered, kept beside the log, is not part of it)."""
    from campaign_manager.store.campaign_file import CampaignFile

    with CampaignFile.open(path, readonly=True) as opened:
        return opened.records, opened.log.stored_revision()
