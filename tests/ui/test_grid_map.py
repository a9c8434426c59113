"""A scenario without a [layout] section: the window's map lays its areas out in a grid."""

from __future__ import annotations

from campaign_manager.scenario import load_scenario, parse_scenario


def test_the_window_draws_the_same_grid(qapp):
    from campaign_manager.ui.map.scene import fallback_layout

    source = load_scenario().source
    sc = parse_scenario(source[: source.index("[layout]")], "no-drawing.toml")
    layout = fallback_layout(sc)
    assert set(layout.areas) == set(sc.areas) and layout.areas["A1"].outline[0] == (40.0, 40.0)
