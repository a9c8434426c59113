"""The printed map's legend stands in its own column beside the map: each sample is drawn inside
its box, for both bundled scenarios (the Veltmark Gap's "Imperial · 20 VP" ran 8 points out of
it, into the gutter and up to the map's edge, and over the words beside it), and on the turn
report's first page nothing of the legend comes nearer the map than the gutter between them."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from campaign_manager.reports.legend import SAMPLE_H, SAMPLE_W, legend_rows
from campaign_manager.reports.render import render_pdf, report_inputs
from campaign_manager.scenario import load_scenario
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, ROOT

SCENARIOS = ["firestorm-greece", "veltmark-gap"]
GUTTER = 6.0  # points at least between the map's edge and anything of the legend


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_sample_of_the_printed_legend_stays_in_its_box(name):
    for sample, words in legend_rows(load_scenario(name)):
        left, bottom, right, top = sample.getBounds()
        assert left >= 0 and bottom >= 0 and right <= SAMPLE_W and top <= SAMPLE_H, (name, words[:40])


def first_page_objects(pdf: bytes):
    page = pdfium.PdfDocument(pdf)[0]
    text = page.get_textpage()
    found = []
    for item in page.get_objects(max_depth=8):
        bounds = item.get_bounds()
        words = text.get_text_bounded(*bounds).strip() if item.type == pdfium.raw.FPDF_PAGEOBJ_TEXT else ""
        found.append((item.type, bounds, words))
    return found


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_turn_report_s_legend_keeps_off_the_map(name, tmp_path):
    script = FULL_CAMPAIGN["turn 1"] if name == "firestorm-greece" else _veltmark_turn_one()
    with CampaignFile.create(tmp_path / "legend.campaign", scenario=name, name="Legend") as campaign:
        campaign.apply(campaign.read_actions(script))
        pdf = render_pdf(report_inputs(campaign), "turn", 1)
    objects = first_page_objects(pdf)
    paths = [bounds for kind, bounds, _ in objects if kind == pdfium.raw.FPDF_PAGEOBJ_PATH]
    sea = max(paths, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))  # the map's ground: its whole rectangle
    edge = sea[2]
    beside = [
        (kind, bounds, words)
        for kind, bounds, words in objects
        if sea[1] <= (bounds[1] + bounds[3]) / 2 <= sea[3] and bounds[2] > edge + 2
    ]
    assert beside, "the legend stands beside the map"
    for kind, bounds, words in beside:
        assert bounds[0] >= edge + GUTTER, (name, words or kind, bounds, edge)
    side = next(iter(load_scenario(name).sides.values()))
    sample = [bounds for _, bounds, words in objects if words.startswith(f"{side} · 20 VP") and bounds[2] > edge]
    assert len(sample) == 1 and sample[0][0] >= edge + GUTTER, (name, "the words under an area's name", sample, edge)


def _veltmark_turn_one() -> list[dict]:
    return json.loads((ROOT / "tests" / "data" / "veltmark_campaign.json").read_text())["turn 1"]
