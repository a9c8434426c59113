"""Publishing a campaign for its players: a folder any web host, USB stick or chat can take.

    publish(campaign, folder, names=True)      # index.html, map.png, map@2x.png, status.json,
                                               # feed.xml, turn-N/index.html; written whole (folder.py)

Everything in it is made from the campaign's recorded history only (the picture the printed
reports are made from, reports/data.py): a battle being entered, a general's plans and reasons,
a What if and the organiser's notes never reach it. Qt-free; reportlab and PDFium load with it."""

from __future__ import annotations

from pathlib import Path

from campaign_manager.engine.actions import StartTurn
from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.published import PublishedStatus
from campaign_manager.reports.data import picture
from campaign_manager.reports.publish.feed import feed_xml
from campaign_manager.reports.publish.folder import write_folder
from campaign_manager.reports.publish.page import page_html
from campaign_manager.reports.publish.raster import map_pngs
from campaign_manager.reports.publish.status import published_status
from campaign_manager.reports.render import ReportInputs, report_inputs
from campaign_manager.reports.sections import standing_words
from campaign_manager.reports.status import when
from campaign_manager.store.campaign_file import CampaignFile

__all__ = ["PublishedStatus", "folder_files", "publish"]


def publish(campaign: CampaignFile, folder: Path | str, names: bool = True) -> Path:
    """Write the campaign's published folder (refused, with nothing written, where it may not be)."""
    folder = Path(folder)
    write_folder(folder, folder_files(report_inputs(campaign), names))
    return folder


def folder_files(inputs: ReportInputs, names: bool = True) -> dict[str, bytes]:
    """The folder's files by their path in it."""
    sc, history = inputs.scenario, inputs.history
    every = battle_rows(sc, initial_state(sc), history)
    now = picture(sc, inputs.name, history, inputs.recorded_at, None, latest=True, set_up=inputs.set_up)
    turns = sorted({a.state.turn for a in history if isinstance(a.action, StartTurn)})
    status = published_status(now, [row for row in every if row.turn <= now.turn], inputs.recorded_at, names)
    figures = ", ".join(f"{sc.sides[side]} {vp}" for side, vp in status.vp.items())
    heading = (now.name, f"{sc.name} · {when(now)}", f"VP: {figures}. {'. '.join(standing_words(now))}.")
    image, image_2x = map_pngs(sc, now.state, now.battles, heading)
    files = {
        "index.html": page_html(now, status, turns).encode(),
        "status.json": status.to_json().encode(),
        "map.png": image,
        "map@2x.png": image_2x,
        "feed.xml": feed_xml(status, dict(sc.side_nouns), {code: sc.area_label(code) for code in sc.areas}).encode(),
    }
    for turn in turns:
        then = picture(sc, inputs.name, history, inputs.recorded_at, turn)
        facts = published_status(then, [row for row in every if row.turn <= turn], inputs.recorded_at, names)
        files[f"turn-{turn}/index.html"] = page_html(then, facts, turns, up="../").encode()
    return files
