"""The map's drawing data ([layout] in the scenario file): every area has a shape, and broken
drawing data is refused naming the entry."""

from __future__ import annotations

import pytest

from campaign_manager.scenario import ScenarioError, load_scenario, parse_scenario


def _source() -> str:
    return load_scenario().source


def test_every_area_of_the_bundled_map_has_a_shape_and_a_label_inside_the_map():
    sc = load_scenario()
    assert sc.layout is not None
    assert set(sc.layout.areas) == set(sc.areas)
    for code, shape in sc.layout.areas.items():
        assert len(shape.outline) >= 3, code
        x, y = shape.label
        assert 0 <= x <= sc.layout.width and 0 <= y <= sc.layout.height
    assert {label.text for label in sc.layout.labels} >= {"ALBANIA", "GREECE", "YUGOSLAVIA", "BULGARIA"}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("[layout.areas.C3]", "[layout.areas.C9]"), 'layout.areas.C9: "C9" is not an area'),
        (("label = [322, 590]", "label = [322, 5900]"), "layout.areas.C3.label: point [322, 5900] lies outside"),
        (("label = [322, 590]", "label = [322]"), "layout.areas.C3.label: has too few items"),
        (("label = [322, 590]", "label = [322, 590]\ncolour = 'red'"), "layout.areas.C3.colour: unknown key"),
        (('kind = "land"', 'kind = "lava"'), '"lava" is not one of: land'),
    ],
)
def test_broken_drawing_data_is_refused_naming_the_entry(change, words):
    text = _source().replace(*change, 1)
    with pytest.raises(ScenarioError, match=words.replace("[", r"\[").replace("]", r"\]")):
        parse_scenario(text, "my-greece.toml")


def test_a_missing_area_shape_is_refused():
    text = _source()
    start = text.index("[layout.areas.C3]")
    end = text.index("[layout.areas.C4]")
    with pytest.raises(ScenarioError, match="no shape for the area C3"):
        parse_scenario(text[:start] + text[end:], "my-greece.toml")


def test_a_scenario_without_a_layout_still_loads():
    text = _source()
    sc = parse_scenario(text[: text.index("\n[layout]")], "plain.toml")  # [layout] is the file's last section
    assert sc.layout is None and len(sc.areas) == 17
