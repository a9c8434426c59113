"""The campaign's charts: their figures (engine/charts.py) for the full campaign, worked out by
hand, and their one drawing (reports/charts.py): every word inside the drawing, every shape one
the window can paint."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from campaign_manager.engine.charts import campaign_charts
from campaign_manager.reports.charts import charts, marks
from campaign_manager.reports.league_pages import CHART_HEIGHT
from campaign_manager.reports.page import BOLD, FONT
from tests.engine.positions import replayed, scenario
from tests.shared import FULL_CAMPAIGN

ALL = [a for actions in FULL_CAMPAIGN.values() for a in actions]


def test_the_figures_of_the_full_campaign():
    data = campaign_charts(scenario(), replayed(ALL))
    # VP as tests/cli/test_full_campaign.py has them after each turn, and 20–110 at set-up
    assert [(t.turn, t.vp["axis"], t.vp["allied"], t.ended) for t in data.vp] == [
        (0, 20, 110, True),
        (1, 30, 100, True),
        (2, 20, 120, True),
        (3, 30, 110, True),
        (4, 55, 90, True),
    ]
    assert [t.margin for t in data.vp] == [90, 70, 100, 80, 35]
    # turn 2: five battles, the Allies won four (two of them defending), one 3–3 draw
    assert [
        (t.fought, t.attacked["axis"], t.attacked["allied"], t.won["axis"], t.won["allied"]) for t in data.battles
    ] == [
        (2, 2, 0, 1, 1),
        (5, 2, 3, 0, 4),
        (3, 2, 1, 3, 0),
        (8, 8, 0, 3, 0),
    ]
    assert [t.drawn for t in data.battles] == [0, 1, 0, 5]
    # C1 taken by the Axis (turn 1), back by the Allies (turn 2), again by the Axis (turn 3)
    assert data.changes == (("C1", 3), ("B2", 1), ("B3", 1), ("B4", 1), ("B5", 1), ("C2", 1))
    assert data.never_changed == 7  # 13 areas may change hands (not Pindus, the staging areas, Tirane)
    assert data.levels == ((100, "strategic victory"), (60, "operational victory"), (40, "tactical victory"))


def test_a_turn_under_way_is_shown_as_now():
    history = replayed(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:3])
    data = campaign_charts(scenario(), history)
    assert [(t.turn, t.ended) for t in data.vp] == [(0, True), (1, True), (2, False)]
    assert len(data.battles) == 2 and data.battles[1].fought == 0


@pytest.mark.parametrize("height", [190, CHART_HEIGHT])  # the window's, the turn report's
@pytest.mark.parametrize("upto", [0, 3, len(FULL_CAMPAIGN["turn 1"]), len(ALL)])
def test_every_word_is_inside_its_drawing_and_every_shape_paints(upto, height):
    sc = scenario()
    for chart in charts(sc, campaign_charts(sc, replayed(ALL[:upto])), 510, height):
        drawing = chart.drawing
        found = marks(drawing)
        assert found and chart.words
        for mark in found:
            if mark.kind != "text":
                continue
            width = stringWidth(mark.text, BOLD if mark.bold else FONT, mark.size)
            left = mark.points[0] - {"start": 0, "middle": width / 2, "end": width}[mark.anchor]
            assert -0.5 <= left and left + width <= drawing.width + 0.5, (chart.name, mark.text)
            assert 0 <= mark.points[1] <= drawing.height - mark.size * 0.7, (chart.name, mark.text)
