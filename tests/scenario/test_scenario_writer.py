"""The one scenario writer: a scenario's typed model written as TOML reads back as the same model,
for every bundled scenario and for names no one would type but a file may hold."""

from __future__ import annotations

import tomllib

import pytest

from campaign_manager.scenario import ScenarioError, parse_scenario
from campaign_manager.scenario.layout import stack_places
from campaign_manager.scenario.loader import bundled_scenarios, read_scenario_file, validate_scenario
from campaign_manager.scenario.writer import scenario_toml


def _model(name: str):
    path = bundled_scenarios()[name]
    return read_scenario_file(path.read_text(encoding="utf-8"), path.name)


@pytest.mark.parametrize("name", sorted(bundled_scenarios()))
def test_a_bundled_scenario_written_and_read_again_is_the_same(name):
    model, faults = _model(name)
    assert faults == []
    text = scenario_toml(model, "written again")
    again, faults = read_scenario_file(text, "again.toml")
    assert faults == []
    assert again == model
    assert again.model_dump() == model.model_dump()
    sc = parse_scenario(text, "again.toml")  # what a campaign is made from
    original = parse_scenario(bundled_scenarios()[name].read_text(encoding="utf-8"))
    assert (sc.areas, sc.links, sc.troops.keys(), sc.turns, sc.layout) == (
        original.areas,
        original.links,
        original.troops.keys(),
        original.turns,
        original.layout,
    )
    assert scenario_toml(again, "written again") == text, "writing is stable"


def test_names_a_file_may_hold_are_written_so_they_read_back_as_they_were():
    model, _ = _model("firestorm-greece")
    data = model.model_dump(by_alias=True)
    odd = 'Quote " back\\slash\ttab\nnew line \x01 \x7f — Ελλάδα 🎲 [x] # not a comment'
    data["scenario"]["name"] = odd
    data["areas"][0]["name"] = odd
    data["nations"]["odd nation.with dots"] = {"name": odd, "side": "axis"}
    data["layout"]["labels"] = [*data["layout"]["labels"], {"text": odd, "kind": "sea", "at": (10.25, 20.5)}]
    changed, faults = validate_scenario(data)
    assert changed is not None and faults == []
    text = scenario_toml(changed, "a heading\nof two lines")
    assert tomllib.loads(text)["scenario"]["name"] == odd
    again, _ = read_scenario_file(text, "odd.toml")
    assert again == changed
    assert again.nations["odd nation.with dots"].name == odd
    assert again.layout is not None and again.layout.labels[-1].at == (10.25, 20.5)


def test_a_counter_spot_is_written_read_and_stands_the_counters():
    model, _ = _model("firestorm-greece")
    data = model.model_dump(by_alias=True)
    data["layout"]["areas"]["B4"]["counters"] = (600.0, 340.0)
    changed, faults = validate_scenario(data)
    assert changed is not None and faults == []
    again, _ = read_scenario_file(scenario_toml(changed), "spot.toml")
    assert again.layout is not None
    shape = again.layout.areas["B4"]
    assert shape.counters == (600.0, 340.0)
    _, corners = stack_places(shape, 1, (40.0, 30.0), below=26)
    assert corners == [(580.0, 340.0)], "one counter, centred under its spot"
    plain = again.layout.areas["B3"]
    _, corners = stack_places(plain, 1, (40.0, 30.0), below=26)
    assert corners == [(plain.label[0] - 20.0, plain.label[1] + 26)], "no spot: under the area's name"


def test_a_counter_spot_off_the_map_is_a_fault():
    model, _ = _model("firestorm-greece")
    data = model.model_dump(by_alias=True)
    data["layout"]["areas"]["B4"]["counters"] = (600.0, 9999.0)
    changed, faults = validate_scenario(data)
    assert changed is not None
    assert [(f.where, f.what) for f in faults] == [
        ("layout.areas.B4.counters", "point [600, 9999] lies outside the map (1000 × 1250)")
    ]


def test_the_check_of_a_file_and_of_the_editor_are_one():
    """What `scenario validate` and a new campaign refuse is what validate_scenario finds."""
    model, _ = _model("firestorm-greece")
    data = model.model_dump(by_alias=True)
    data["areas"][3]["terrain"] = "swamp"
    data["map"]["links"] = [*data["map"]["links"], {"a": "B1", "b": "Z9"}]
    _, faults = validate_scenario(data)
    assert [f.where for f in faults] == ["areas[3].terrain", "map.links[29].b"]
    changed, _ = validate_scenario(data)
    assert changed is not None
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(scenario_toml(changed), "broken.toml")
    assert [f.where for f in refused.value.faults] == [f.where for f in faults]  # type: ignore[attr-defined]
    assert '"swamp" is not a terrain' in str(refused.value)
