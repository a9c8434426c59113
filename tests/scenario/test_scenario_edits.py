"""The scenario editor's changes, without a window: each is checked by the one scenario check,
a change the file's shape forbids is refused and changes nothing, faults of the content come
with the change; a scenario is saved in the user's folder and never over a bundled one."""

from __future__ import annotations

import json

import pytest

from campaign_manager.errors import FileRefused
from campaign_manager.scenario import load_scenario
from campaign_manager.scenario.edits import (
    EditRefused,
    add_area,
    apply_change,
    move_point,
    remove_area,
    rename_area,
    rename_key,
    rename_side,
    set_value,
    tables_of,
    toggle_link,
)
from campaign_manager.scenario.loader import bundled_scenarios, read_scenario_file, user_scenarios
from campaign_manager.scenario.model import Scenario
from campaign_manager.store.scenario_files import save_user_scenario


@pytest.fixture
def greece():
    path = bundled_scenarios()["firestorm-greece"]
    data, faults = read_scenario_file(path.read_text(encoding="utf-8"), path.name)
    assert faults == []
    return data


def _index(data, code):
    return next(n for n, area in enumerate(data.areas) if area.code == code)


def test_a_link_is_added_and_removed_by_naming_its_two_areas(greece):
    added = apply_change(greece, toggle_link(greece, "C1", "C4"))
    assert added.faults == []
    assert "C4" in Scenario.of(added.data, "").neighbours["C1"]
    assert toggle_link(added.data, "C4", "C1").title == "Remove the link C4–C1"
    removed = apply_change(added.data, toggle_link(added.data, "C4", "C1"))
    assert removed.data == greece


def test_a_change_the_shape_forbids_is_refused_in_words(greece):
    with pytest.raises(EditRefused) as refused:
        apply_change(greece, set_value(greece, ("areas", 3, "vp"), -5, "Area B1 Vlore: VP -5"))
    assert str(refused.value) == "Area B1 Vlore: VP -5: refused (should be at least 0, not -5)"
    assert "areas[" not in str(refused.value), "no path of the file's insides"
    with pytest.raises(EditRefused, match=r"should not be empty"):
        apply_change(greece, set_value(greece, ("areas", 3, "name"), ""))
    with pytest.raises(EditRefused, match=r"should be a colour"):
        apply_change(greece, set_value(greece, ("sides", "axis", "colours", "tint"), "red"))


def test_a_change_that_leaves_a_fault_is_made_and_the_fault_comes_with_it(greece):
    b4 = _index(greece, "B4")
    edited = apply_change(greece, set_value(greece, ("areas", b4, "terrain"), "swamp"))
    assert edited.data.areas[b4].terrain == "swamp"
    assert [(f.where, f.what) for f in edited.faults] == [(f"areas[{b4}].terrain", '"swamp" is not a terrain')]
    mended = apply_change(edited.data, set_value(edited.data, ("areas", b4, "terrain"), "rough"))
    assert mended.faults == [] and mended.data.areas[b4].terrain == "rough"


def test_an_optional_value_taken_out_and_a_turn_s_initiative_made(greece):
    b4 = _index(greece, "B4")
    edited = apply_change(greece, set_value(greece, ("areas", b4, "terrain"), None))
    assert edited.data.areas[b4].terrain is None
    assert [f.what for f in edited.faults] == ["an area that can be attacked needs a terrain"]
    turn1 = apply_change(greece, set_value(greece, ("turns", 0, "initiative"), {"side": "axis", "modifier": 0}))
    assert [f.where for f in turn1.faults] == ["turns[0]"], "a fixed attacker and an initiative: one too many"


def test_an_area_renamed_everywhere_the_file_names_it(greece):
    edited = apply_change(greece, rename_area(greece, "B4", "B9"))
    assert edited.faults == []
    sc = Scenario.of(edited.data, "")
    assert "B4" not in sc.areas and sc.areas["B9"].name == "Thessaloniki"
    assert sc.neighbours["B9"] == load_scenario().neighbours["B4"]
    assert sc.troops["GR-INF-4"].start == "B9" and sc.troops["GR-MECH"].arrives.zone == "B9"
    assert sc.turn(2).deployment[0].area == "B9" and sc.turn(4).deployment[0].exceptions[1].area == "B9"
    assert sc.layout is not None and "B9" in sc.layout.areas and "B4" not in sc.layout.areas
    with pytest.raises(EditRefused, match="already an area"):
        rename_area(greece, "B4", "B5")


def test_a_side_s_id_renamed_everywhere_the_file_names_it(greece):
    edited = apply_change(greece, rename_side(greece, "allied", "commonwealth"))
    assert edited.faults == []
    as_text = json.dumps(tables_of(greece)).replace('"allied"', '"commonwealth"')
    assert tables_of(edited.data) == json.loads(as_text), "every side named, and nothing else"
    sc = Scenario.of(edited.data, "")
    assert sc.side_ids == ("axis", "commonwealth") and sc.enemy_of("axis") == "commonwealth"
    assert sc.sides["commonwealth"] == "Allied" and sc.side_of("greek") == "commonwealth"
    with pytest.raises(EditRefused, match="already a side"):
        rename_side(greece, "allied", "axis")


def test_a_code_renamed_alone_leaves_faults_naming_every_reference(greece):
    edited = apply_change(greece, rename_key(greece, ("terrains",), "plain", "open"))
    assert {f.what for f in edited.faults} == {'"plain" is not a terrain'}
    assert {f.where.split(".")[0].split("[")[0] for f in edited.faults} == {"areas", "troop_types", "aircraft"}


def test_an_area_added_and_removed_again(greece):
    added = apply_change(greece, add_area(greece))
    assert added.faults == []
    assert added.data.areas[-1].code == "N1" and added.data.layout is not None and "N1" in added.data.layout.areas
    linked = apply_change(added.data, toggle_link(added.data, "N1", "F2"))
    removed = apply_change(linked.data, remove_area(linked.data, len(greece.areas)))
    assert removed.data == greece


def test_removing_an_area_leaves_faults_where_it_was_named(greece):
    removed = apply_change(greece, remove_area(greece, _index(greece, "B4")))
    assert "troops[11].start" in {f.where for f in removed.faults}
    assert all("B4" not in (link.a, link.b) for link in removed.data.map.links)


def test_a_label_and_a_counter_spot_are_moved(greece):
    edited = apply_change(greece, move_point(greece, "B4", "label", (571.04, 300.0)))
    edited = apply_change(edited.data, move_point(edited.data, "B4", "counters", (560, 330)))
    assert edited.data.layout is not None
    assert edited.data.layout.areas["B4"].label == (571.0, 300.0)
    assert edited.data.layout.areas["B4"].counters == (560.0, 330.0)
    with pytest.raises(EditRefused):
        apply_change(greece, move_point(greece, "B9", "label", (1, 1)))


def test_saved_in_the_user_s_folder_found_by_name_and_never_over_a_bundled_one(greece, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    bundled = bundled_scenarios()["firestorm-greece"]
    before = bundled.read_bytes()
    for name in ("firestorm-greece", "Firestorm-Greece", "firestorm-greece.toml"):
        with pytest.raises(FileRefused, match="bundled scenario is never overwritten"):
            save_user_scenario(greece, name)
    for name in ("../escape", "", "a/b", ".hidden"):
        with pytest.raises(FileRefused, match="cannot name a scenario"):
            save_user_scenario(greece, name)
    with pytest.raises(FileRefused, match="letters A to Z without accents"):  # said as it is, not "use letters"
        save_user_scenario(greece, "Ünïcode")
    assert bundled.read_bytes() == before
    edited = apply_change(greece, toggle_link(greece, "C1", "C4")).data
    path = save_user_scenario(edited, "greece-corrected")
    assert path == user_scenarios() / "greece-corrected.toml"
    assert "C4" in load_scenario("greece-corrected").neighbours["C1"]
    with pytest.raises(FileRefused, match="already exists"):
        save_user_scenario(greece, "greece-corrected")
    save_user_scenario(greece, "greece-corrected", replacing=path)
    assert "C4" not in load_scenario("greece-corrected").neighbours["C1"]
