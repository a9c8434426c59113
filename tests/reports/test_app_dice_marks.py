"""The turn report and the Battles tab mark each die the app rolled (the rest were typed in from
the table), with a line saying what the mark means."""

from __future__ import annotations

import io

from pypdf import PdfReader

from campaign_manager.engine.app_dice import APP_LEGEND
from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.campaign import initial_state
from campaign_manager.reports.render import report_pdf
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN


def test_the_app_s_dice_are_marked_in_the_report_and_the_battle_rows(tmp_path):
    path = tmp_path / "shop.campaign"
    battle = {**FULL_CAMPAIGN["turn 1"][1], "destroy_dice": {"GR-INF-1": 5}, "rolled_by_app": ["destroy_dice.GR-INF-1"]}
    with CampaignFile.create(path, name="Marks") as made:
        made.apply(made.read_actions([FULL_CAMPAIGN["turn 1"][0], battle, *FULL_CAMPAIGN["turn 1"][2:]]))
    with CampaignFile.open(path, readonly=True) as opened:
        rows = battle_rows(opened.scenario, initial_state(opened.scenario), opened.history())
        text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(report_pdf(opened, turn=1))).pages)
    assert rows[0].roll_words() == ["GR-INF-1 rolled 5* (needed 5+)"]
    assert all("*" not in words for row in rows[1:] for words in row.roll_words()), "typed dice bear no mark"
    whole = text.replace("\n", " ")
    assert "GR-INF-1 rolled 5* (needed 5+)" in whole and APP_LEGEND in whole
