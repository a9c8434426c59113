"""A scenario without a [layout] section still prints a map: the reports lay its areas out in
a grid (the layout models are built by keyword, as pydantic models are)."""

from __future__ import annotations

from campaign_manager.engine.campaign import initial_state
from campaign_manager.reports.map_drawing import map_drawing
from campaign_manager.scenario import load_scenario, parse_scenario


def test_a_scenario_without_a_layout_draws_a_grid_map():
    source = load_scenario().source
    sc = parse_scenario(source[: source.index("[layout]")], "no-drawing.toml")
    assert sc.layout is None
    drawing = map_drawing(sc, initial_state(sc), [], 400, 400)
    assert drawing.width == 400 and drawing.contents
