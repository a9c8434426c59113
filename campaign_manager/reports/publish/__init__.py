"""Publishing a campaign for its players: a folder any web host, USB stick or chat can take.

    publish(campaign, folder, names=True)      # index.html, map.png, map@2x.png, status.json,
                                               # feed.xml, turn-N/index.html; written whole (folder.py)

Everything in it is made from the campaign's recorded history only (the picture the printed
reports are made from, reports/data.py): a battle being entered, a general's plans and reasons,
a What if and the organiser's notes never reach it. Qt-free; reportlab and PDFium load with it."""

from __future__ import annotations

from pathlib import Path

from campaign_manager import i18n
from campaign_manager.engine.actions import EndTurn, StartTurn
from campaign_manager.engine.battle_log import BattleRow, battle_rows
from campaign_manager.engine.campaign import initial_state
from campaign_manager.engine.published import PublishedStatus
from campaign_manager.i18n import _
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
    status_json = status if i18n.language_codes() == ("en",) else _english_status(inputs, names)
    figures = ", ".join(f"{sc.sides[side]} {vp}" for side, vp in status.vp.items())
    lead, when_words, result = standing_words(now)
    standing = _("VP: {figures}. {lead}. {when}: {result}.").format(
        figures=figures, lead=lead, when=when_words, result=result
    )
    heading = (now.name, f"{sc.name} · {when(now)}", standing)
    image, image_2x = map_pngs(sc, now.state, now.battles, heading)
    files = {
        "index.html": page_html(now, status, turns).encode(),
        "status.json": status_json.to_json().encode(),
        "map.png": image,
        "map@2x.png": image_2x,
        "feed.xml": feed_xml(status, dict(sc.side_nouns), {code: sc.area_label(code) for code in sc.areas}).encode(),
    }
    for turn in turns:
        files[f"turn-{turn}/index.html"] = _turn_page(inputs, every, turns, turn, names)
    return files


def _english_status(inputs: ReportInputs, names: bool) -> PublishedStatus:
    """The facts of status.json, which programs read: their words in English whatever the language."""
    sc, history = inputs.scenario, inputs.history
    with i18n.english():
        now = picture(sc, inputs.name, history, inputs.recorded_at, None, latest=True, set_up=inputs.set_up)
        every = battle_rows(sc, initial_state(sc), history)
        return published_status(now, [row for row in every if row.turn <= now.turn], inputs.recorded_at, names)


# The pages of ended turns, kept while their history stays (`publish --watch`, the window's publish
# after each battle: the page of a turn long over is not made again). Keyed by the objects of that
# history (held in the value, so their ids stay theirs); a log read again afresh makes new ones.
_ENDED: dict[tuple[object, ...], tuple[object, bytes]] = {}


def _turn_page(inputs: ReportInputs, every: list[BattleRow], turns: list[int], turn: int, names: bool) -> bytes:
    history = inputs.history
    ends = [i for i, a in enumerate(history) if isinstance(a.action, EndTurn) and a.state.turn == turn]
    key: tuple[object, ...] | None = None
    if ends:
        end = history[ends[0]]
        key = (id(inputs.scenario), id(end), inputs.name, inputs.recorded_at[ends[0]], tuple(turns), turn, names)
        if key in _ENDED:
            return _ENDED[key][1]
    then = picture(inputs.scenario, inputs.name, history, inputs.recorded_at, turn)
    facts = published_status(then, [row for row in every if row.turn <= turn], inputs.recorded_at, names)
    page = page_html(then, facts, turns, up="../").encode()
    if key is not None:
        if len(_ENDED) > 64:
            _ENDED.clear()
        _ENDED[key] = ((inputs.scenario, end), page)
    return page
