"""The turn report's battle table says everything a battle brought (rule 1.8 and 1.9): troops
that escaped by sea, VP scored where nobody is captured (a win at Tirane), and the Metaxas Line
fortification when it defended (rule 1.3); and the victory levels with the draw under them."""

from __future__ import annotations

import io
from types import SimpleNamespace

from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, landscape
from reportlab.platypus import SimpleDocTemplate

from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.victory import levels_words
from campaign_manager.reports.documents import battle_table
from campaign_manager.reports.render import report_pdf
from campaign_manager.store.campaign_file import CampaignFile
from tests.engine.positions import attack, play, position, scenario
from tests.shared import FULL_CAMPAIGN


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def _battles_part(text: str) -> str:
    return text.split("The battles of the turn")[1].split("Who holds what")[0]


def test_the_report_says_the_vp_of_tirane_the_fortification_and_the_draw(tmp_path):
    with CampaignFile.create(tmp_path / "shop.campaign", name="Shop") as campaign:
        campaign.apply(campaign.read_actions([action for actions in FULL_CAMPAIGN.values() for action in actions]))
    with CampaignFile.open(tmp_path / "shop.campaign", readonly=True) as campaign:
        turn_two, turn_four = _text(report_pdf(campaign, turn=2)), _text(report_pdf(campaign, turn=4))
    # Turn 2: the Greeks beat Tirane's defenders; nothing is captured, the Allies score 10 VP.
    assert "+10 VP to the Allies for the win at A1 Tirane (never taken)" in _battles_part(turn_two)
    # Turn 4: A5 → B5 crosses the Metaxas Line into Greek-held Eastern Macedonia.
    assert "D: GR-INF-6 + Metaxas Line fortification" in _battles_part(turn_four)
    assert "D: GR-MECH + Metaxas Line fortification" in _battles_part(turn_four)
    assert "D: GR-INF-6 +" not in _battles_part(turn_four).split("B4 Thessaloniki → B5")[1], "B4 → B5 is not across it"
    assert levels_words(scenario()) in turn_two and "under 40: draw" in turn_two


def test_the_battle_table_says_who_escaped_by_sea(tmp_path):
    """RULES.md 1.8: BR-INF-2 beaten in Athens with nowhere to go escapes by sea to the pool; the
    Greek beside it is captured."""
    sc = scenario()
    st = position(4, control={"F1": "axis", "E1": "axis"}, where={"BR-INF-2": "F2", "GR-INF-9": "F2", "DE-INF-1": "F1"})
    # Athens is plain: 6 + 2 against 1 + 2: difference 5, BR-INF-2 on 4+ — it rolls 3 and survives.
    action = attack("F1", "F2", ["DE-INF-1"], ["BR-INF-2"], initiative=(1, 1), wargame=(6, 1), destroy={"BR-INF-2": 3})
    rows = battle_rows(sc, st, [play(st, action)])
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=landscape(A4)).build(
        [battle_table(SimpleNamespace(scenario=sc, battles=rows), 780)]
    )
    text = _text(out.getvalue())
    assert "escaped by sea to the pool: BR-INF-2" in text
    assert "captured by the Axis: GR-INF-9" in text and "destroyed" not in text


def test_a_battle_fought_with_dice_says_it_had_no_mission():
    """A battle settled with the General's Wargame dice has no table and no mission: the Mission
    column said "not rolled" on every such battle, as if a die had been forgotten."""
    sc = scenario()
    st = position(2)
    action = attack("B1", "C1", ["IT-INF-1"], ["GR-INF-1"], initiative=(6, 1), wargame=(6, 1), destroy={"GR-INF-1": 6})
    rows = battle_rows(sc, st, [play(st, action)])
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=landscape(A4)).build(
        [battle_table(SimpleNamespace(scenario=sc, battles=rows), 780)]
    )
    text = _text(out.getvalue())
    assert "dice only" in text and "not rolled" not in text
