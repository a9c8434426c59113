"""A scenario's words in other languages (issue #41): an area's, a nation's, a side's and a troop's
name may be given by language code (`names = { el = "...", de = "..." }`); the app shows the name
of the language it speaks where one is given, the scenario's own name otherwise. What a program
reads (area codes, `--json`) is the same in every language."""

from __future__ import annotations

import json
import tomllib

from campaign_manager.engine.lookup import label, side_name, troop_title, zone_words
from campaign_manager.scenario.loader import load_scenario, validate_scenario
from tests.shared import FULL_CAMPAIGN, ROOT, run

GREEK = {
    "A1": "Τίρανα",
    "B1": "Αυλώνας",
    "B4": "Θεσσαλονίκη",
    "C1": "Ιωάννινα",
    "F2": "Αθήνα",
}


def test_the_areas_are_named_in_the_language_spoken(speak):
    sc = load_scenario()
    speak(LANG="el_GR.UTF-8")
    assert {code: sc.area_name(code) for code in GREEK} == GREEK
    assert label(sc, "F2") == "F2 Αθήνα"  # the code stays as the scenario writes it
    speak(LANG="de_DE.UTF-8")
    assert label(sc, "F2") == "F2 Athen" and label(sc, "B4") == "B4 Saloniki"
    assert label(sc, "C1") == "C1 Ioannina"  # no German name given: the scenario's own
    speak(LANG="C")
    assert label(sc, "F2") == "F2 Athens" and label(sc, "B4") == "B4 Thessaloniki"


def test_every_area_of_greece_has_its_greek_name():
    sc = load_scenario()
    assert len(sc.areas) == 17
    assert all(area.names.get("el") for area in sc.areas.values())


def test_sides_and_troops_are_named_in_the_language_spoken(speak):
    sc = load_scenario()
    speak(LANG="de_DE.UTF-8")
    assert side_name(sc, "allied") == "Alliierten" and side_name(sc, "axis") == "Achsenmächte"
    assert sc.side_adjective("allied") == "Alliierte"
    speak(LANG="el")
    assert side_name(sc, "allied") == "Σύμμαχοι"
    speak(LANG="C")
    assert side_name(sc, "allied") == "Allies" and sc.side_adjective("allied") == "Allied"
    assert troop_title(sc, "GR-INF-1", 1) == "Greek Pezikoy infantry"


def test_names_are_given_for_troops_and_nations_alike(speak):
    data = tomllib.loads((ROOT / "resources" / "scenarios" / "firestorm-greece.toml").read_text(encoding="utf-8"))
    data["nations"]["greek"]["names"] = {"el": "Ελληνικός"}
    data["troop_types"]["gr_inf"]["names"] = {"el": "Πεζικό"}
    checked, faults = validate_scenario(data)
    assert checked is not None and not faults
    from campaign_manager.scenario.model import Scenario

    sc = Scenario.of(checked, "")
    speak(LANG="el_GR.UTF-8")
    assert troop_title(sc, "GR-INF-1", 1) == "Ελληνικός Πεζικό"
    speak(LANG="C")
    assert troop_title(sc, "GR-INF-1", 1) == "Greek Pezikoy infantry"


def test_a_name_is_keyed_by_a_language_code():
    data = tomllib.loads((ROOT / "resources" / "scenarios" / "firestorm-greece.toml").read_text(encoding="utf-8"))
    data["areas"][0]["names"] = {"Greek": "Τίρανα"}
    checked, faults = validate_scenario(data)
    assert checked is None and any("areas[0].names" in fault.where for fault in faults)


def _turn_one(folder, capsys):
    folder.mkdir()
    path, actions = folder / "c.campaign", folder / "turn1.json"
    actions.write_text(json.dumps(FULL_CAMPAIGN["turn 1"][:2]))
    run(capsys, "new", path)
    return path, run(capsys, "apply", path, actions)[1]


def test_the_history_says_the_names_of_the_language_and_json_stays_as_it_is(tmp_path, capsys, speak):
    speak(LANG="el_GR.UTF-8")
    path, greek = _turn_one(tmp_path / "el", capsys)
    greek_json = [run(capsys, "show", path, "--json")[1], run(capsys, "requirements", path, "--json")[1]]
    speak(LANG="C")
    english_path, english = _turn_one(tmp_path / "en", capsys)
    english_json = [
        run(capsys, "show", english_path, "--json")[1],
        run(capsys, "requirements", english_path, "--json")[1],
    ]
    assert "B1 Αυλώνας → C1 Ιωάννινα" in greek and "Ιωάννινα" not in english
    assert "B1 Vlore → C1 Ioannina" in english
    assert greek_json == english_json
    shown = json.loads(english_json[0])
    assert shown["areas"]["C1"]["name"] == "Ioannina" and "F2" in shown["areas"]


def test_terrains_are_named_in_the_language_spoken(speak):
    sc = load_scenario()
    speak(LANG="de_DE.UTF-8")
    assert (sc.terrain_name("rough"), sc.terrain_name("plain")) == ("Schwierig", "Offen")
    speak(LANG="C")
    assert (sc.terrain_name("rough"), sc.terrain_name("plain")) == ("Rough", "Plain")
    assert sc.terrain_name("swamp") == "swamp"  # an id the scenario does not list, as it is


def test_a_turns_name_dates_and_missions_are_given_in_the_language_spoken(tmp_path, capsys, speak):
    sc = load_scenario()
    speak(LANG="de_DE.UTF-8")
    second = sc.turn(2)
    assert (second.title, second.when) == ("Griechische Gegenoffensive", "14. November 1940 – Januar 1941")
    assert second.mission_titles[2] == "Kessel" and sc.turn(1).title == "Emergenza G"  # a code name: no German given
    path, german = _turn_one(tmp_path / "de", capsys)
    shown = run(capsys, "requirements", path)[1]
    assert "28. Oktober – 13. November 1940" in shown and "Begegnungsgefecht" in shown and "Free-for-All" not in shown
    german_json = run(capsys, "requirements", path, "--json")[1]
    speak(LANG="C")
    assert (second.title, second.mission_titles[2]) == ("Greek Counter-Offensive", "Cauldron")
    assert run(capsys, "requirements", path, "--json")[1] == german_json  # JSON: the file's own words
    assert json.loads(german_json)["dates"] == "28 October – 13 November 1940"


def test_the_fortification_is_named_in_the_language_spoken(speak):
    sc = load_scenario()
    fort = sc.fortification
    assert fort is not None
    speak(LANG="de_DE.UTF-8")
    assert (fort.title, fort.line_name) == ("Befestigungen der Metaxas-Linie", "Metaxas-Linie")
    assert fort.at_table.startswith("der griechische Spieler")
    speak(LANG="el")
    assert fort.line_name == "Γραμμή Μεταξά" and fort.at_table == fort.tabletop  # no Greek given: the file's own
    speak(LANG="C")
    assert (fort.title, fort.line_name) == ("Metaxas Line fortification", "Metaxas Line")


def test_missions_in_another_language_are_six(speak):
    data = tomllib.loads((ROOT / "resources" / "scenarios" / "firestorm-greece.toml").read_text(encoding="utf-8"))
    data["turns"][1]["mission_names"] = {"de": ["Kessel", "Durchbruch"]}
    checked, faults = validate_scenario(data)
    assert checked is None
    assert any("turns[1].mission_names" in fault.where and "six missions" in fault.what for fault in faults)


def test_a_region_is_named_in_the_language_spoken(speak):
    sc = load_scenario()
    speak(LANG="de_DE.UTF-8")
    assert sc.region_name("albania") == "Albanien"
    assert zone_words(sc, "region:albania") == "Albanien (A1, B1, B2)"
    speak(LANG="C")
    assert zone_words(sc, "region:albania") == "Albania (A1, B1, B2)"
    assert sc.region_name("epirus") == "Epirus"  # a region the file does not name: its id


def test_a_named_region_must_be_some_areas_region():
    data = tomllib.loads((ROOT / "resources" / "scenarios" / "firestorm-greece.toml").read_text(encoding="utf-8"))
    data["regions"]["epirus"] = {"name": "Epirus"}
    checked, faults = validate_scenario(data)
    assert [fault.where for fault in faults] == ["regions.epirus"]
