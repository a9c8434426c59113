"""The scenario validator names every fault an organiser is likely to make, with the path of
the entry and its line: one-line edits of the bundled file, one fault of each kind (unknown
keys at every level, wrong types, dangling references, incomplete tables, impossible numbers),
and several at once, all reported."""

from __future__ import annotations

import pytest

from campaign_manager.cli import main
from campaign_manager.paths import SCENARIOS
from campaign_manager.scenario import ScenarioError, parse_scenario

SOURCE = (SCENARIOS / "firestorm-greece.toml").read_text(encoding="utf-8")
TURN_4_RULE = '{ rule = "next_to_enemy", nation = "greek", enemy_nation = "italian", except = ['


def edited(old: str, new: str) -> str:
    assert SOURCE.count(old) >= 1, old
    return SOURCE.replace(old, new, 1)


FAULTS = [
    # unknown keys, at every level
    ("[scenario]\n", '[scenario]\nauthor = "me"\n', "scenario.author: unknown key"),
    ("[rules]\n", '[rules]\ncolour = "red"\n', "rules.colour: unknown key"),
    ('noun = "Axis"', 'noun = "Axis"\nnown = "x"', "sides.axis.nown: unknown key"),
    (
        'name = "Italian"\nside = "axis"',
        'name = "Italian"\nside = "axis"\nflag = "it"',
        "nations.italian.flag: unknown key",
    ),
    (
        '[terrains.plain]\nname = "Plain"',
        '[terrains.plain]\nname = "Plain"\nmove = 2',
        "terrains.plain.move: unknown key",
    ),
    ('{ a = "A1", b = "B1" }', '{ a = "A1", b = "B1", river = true }', "map.links[0].river: unknown key"),
    ('code = "B3"', 'code = "B3"\nlinks = []', "areas[5].links: unknown key"),
    ("capture_vp = 5\nvariants", "capture_vp = 5\ncost = 3\nvariants", "troop_types.it_carri.cost: unknown key"),
    ("{ from_turn = 2, name", "{ from_turn = 2, form = 1, name", "troop_types.it_carri.variants[0].form: unknown key"),
    ('id = "IT-INF-2"', 'id = "IT-INF-2"\nveteran = true', "troops[1].veteran: unknown key"),
    (
        '{ turn = 2, zone = "friendly" }',
        '{ turn = 2, zone = "friendly", by = "sea" }',
        "troops[15].arrives.by: unknown key",
    ),
    ("interceptor = true", "interceptor = true\nrange = 3", "aircraft.british.range: unknown key"),
    ('attacker_side = "axis"', 'attacker_side = "axis"\nstrength = 2', "fortification.strength: unknown key"),
    ('areas = ["F1", "F2"]', 'areas = ["F1", "F2"]\nships = 3', "sea_escape.ships: unknown key"),
    ("{ min_vp = 6, on = 4 }", "{ min_vp = 6, on = 4, or = 3 }", "tabletop.destroy[0].or: unknown key"),
    (
        "battles = { d3 = 1, plus = 3 }",
        "battles = { d3 = 1, plus = 3, minus = 1 }",
        "turns[1].battles.minus: unknown key",
    ),
    (
        'initiative = { side = "allied", modifier = 1 }',
        'initiative = { side = "allied", modifier = 1, bonus = 2 }',
        "turns[1].initiative.bonus: unknown key",
    ),
    ('dates = "9 – 20 March 1941"', 'dates = "9 – 20 March 1941"\nweather = "rain"', "turns[2].weather: unknown key"),
    (
        '{ area = "B4", troop = "GR-MECH", count = 1 }',
        '{ area = "B4", troop = "GR-MECH", count = 1, why = "x" }',
        "turns[3].deployment[0].except[1].why: unknown key",
    ),
    # wrong types
    ("max_committed = 2", 'max_committed = "two"', 'rules.max_committed: should be a whole number, not "two"'),
    ("vp = 60", "vp = 60.5", "areas[16].vp: should be a whole number, not 60.5"),
    (
        'staging = true\nonly_nations = ["german"]\n\n[[areas]]\ncode = "A5"',
        'staging = "yes"\nonly_nations = ["german"]\n\n[[areas]]\ncode = "A5"',
        "areas[1].staging: should be true or false",
    ),
    ('redeploy = ["italian", "greek"]', 'redeploy = "italian"', "turns[1].redeploy: should be a list"),
    ('below = "draw"', "below = 3", "victory.below: should be a text, not 3"),
    # values outside their choices
    ('side = "axis"', 'side = "neutral"', 'nations.italian.side: "neutral" is not one of: axis, allied'),
    ('kind = "mechanised"', 'kind = "hovercraft"', 'troop_types.gr_mech.kind: "hovercraft" is not one of'),
    (
        'controller = "allied"\nterrain = "plain"\nvp = 60',
        'controller = "allies"\nterrain = "plain"\nvp = 60',
        'areas[16].controller: "allies" is not one of: axis, allied',
    ),
    # a side named where the file's two sides are meant
    (
        'command_centre_scorer = "allied"',
        'command_centre_scorer = "allies"',
        'areas[0].command_centre_scorer: "allies" is not one of: axis, allied',
    ),
    ('attacker_side = "axis"', 'attacker_side = "german"', 'fortification.attacker_side: "german" is not one of'),
    ('fixed_attacker = "axis"', 'fixed_attacker = "Axis"', 'turns[0].fixed_attacker: "Axis" is not one of'),
    (
        'initiative = { side = "allied", modifier = 1 }',
        'initiative = { side = "greek", modifier = 1 }',
        'turns[1].initiative.side: "greek" is not one of: axis, allied',
    ),
    (
        "[nations.italian]",
        '[sides.neutral]\nname = "Neutral"\ncolours = { tint = "#ffffff", print_tint = "#ffffff", ink = "#000000", '
        'print_ink = "#000000", counters = ["#777777"] }\n\n[nations.italian]',
        "sides: a scenario has exactly two sides, not 3",
    ),
    # dangling references
    ('{ a = "A1", b = "B2" }', '{ a = "A1", b = "C9" }', 'map.links[1].b: "C9" is not an area'),
    (
        '{ rule = "at_least", nation = "greek", area = "B5", count = 1 }',
        '{ rule = "at_least", nation = "greek", area = "B9", count = 1 }',
        'turns[1].deployment[1].area: "B9" is not an area',
    ),
    (
        'nation = "greek"\nkind = "infantry"',
        'nation = "cretan"\nkind = "infantry"',
        'troop_types.gr_inf.nation: "cretan" is not a nation',
    ),
    (
        'id = "IT-INF-1"\ntype = "it_inf"',
        'id = "IT-INF-1"\ntype = "it_infantry"',
        'troops[0].type: "it_infantry" is not a troop type',
    ),
    ('terrain = "plain"\nvp = 60', 'terrain = "swamp"\nvp = 60', 'areas[16].terrain: "swamp" is not a terrain'),
    (
        "bonus = { plain = 1, rough = 2 }",
        "bonus = { plain = 1, swamp = 2 }",
        'troop_types.gr_inf.bonus.swamp: "swamp" is not a terrain',
    ),
    (
        '{ turn = 2, zone = "region:albania" }',
        '{ turn = 2, zone = "region:albion" }',
        'troops[5].arrives.zone: "region:albion" is not a zone',
    ),
    (
        '{ area = "B4", troop = "GR-MECH", count = 1 }',
        '{ area = "B4", troop = "GR-MEHC", count = 1 }',
        'turns[3].deployment[0].except[1].troop: "GR-MEHC" is not a troop',
    ),
    (
        "sorties = { german = 3, italian = 1, british = 1 }",
        "sorties = { german = 3, italian = 1, greek = 1 }",
        'turns[3].sorties.greek: "greek" has no aircraft',
    ),
    (
        'redeploy = ["greek", "italian"]\ndeployment = [\n    { rule = "next',
        'redeploy = ["greek", "albanian"]\ndeployment = [\n    { rule = "next',
        'turns[3].redeploy[1]: "albanian" is not a nation',
    ),
    (
        'fixed_arrows = [{ from = "B1", to = "C1" }',
        'fixed_arrows = [{ from = "B1", to = "D2" }',
        "turns[0].fixed_arrows[0]: B1 and D2 are not linked",
    ),
    ('areas = ["F1", "F2"]', 'areas = ["F1", "F3"]', 'sea_escape.areas[1]: "F3" is not an area'),
    # incomplete tables
    ("{ min_difference = 0, loser = 6, winner = 6 },", "", "wargame.destroy: needs a row with min_difference = 0"),
    (
        '"Fighting Withdrawal", "Hold the Line"]',
        '"Fighting Withdrawal"]',
        "turns[3].missions: should have at least 6 items, not 5",
    ),
    ('name = "Tirane"\n', "", "areas[0].name: is missing"),
    ("label = [322, 590]", "label = [322]", "layout.areas.C3.label: has too few items"),
    ("{ min_vp = 5, on = 5 },", "{ min_vp = 7, on = 5 },", "tabletop.destroy[1].min_vp: rows go from the highest"),
    # impossible numbers
    ("max_sorties = 1", "max_sorties = -1", "rules.max_sorties: should be at least 0, not -1"),
    (
        "{ min_difference = 5, loser = 4, winner = 0 }",
        "{ min_difference = 5, loser = 9, winner = 0 }",
        "wargame.destroy[0].loser: should be at most 6, not 9",
    ),
    (
        "battles = { d3 = 2, plus = 6 }",
        "battles = { d3 = -2, plus = 6 }",
        "turns[3].battles.d3: should be at least 0, not -2",
    ),
    (
        "capture_vp = 10\n\n[troop_types.br_tank]",
        "capture_vp = -10\n\n[troop_types.br_tank]",
        "troop_types.br_inf.capture_vp: should be at least 0, not -10",
    ),
    ("max_committed = 2", "max_committed = 0", "rules.max_committed: should be at least 1, not 0"),
    ("number = 3", "number = 5", "turns[2].number: turns must be numbered 1, 2, 3 ... in order; expected 3"),
    (
        '{ turn = 3, zone = "region:albania" }',
        '{ turn = 7, zone = "region:albania" }',
        "troops[7].arrives.turn: arrives on turn 7, outside turns 2–4",
    ),
    ("label = [322, 590]", "label = [322, 5900]", "layout.areas.C3.label: point [322, 5900] lies outside the map"),
    (
        'tint = "#f0cfc4"',
        'tint = "pink"',
        'sides.axis.colours.tint: should be a colour written "#rrggbb" (e.g. "#2f5fa6"), not "pink"',
    ),
    (
        'counters = ["#2f5fa6", "#9c7b3f", "#5b3f8c"]',
        "counters = []",
        "sides.allied.colours.counters: should have at least 1 item, not 0",
    ),
]


@pytest.mark.parametrize("old, new, words", FAULTS, ids=[f[2].split(":")[0] for f in FAULTS])
def test_each_fault_is_reported_with_its_path(old, new, words):
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(edited(old, new), "greece-edited.toml")
    message = str(refused.value)
    assert f"greece-edited.toml: {words}" in message
    assert message.count("\n") == 0, f"one fault, one line: {message}"


def test_there_are_at_least_25_kinds_of_fault():
    assert len(FAULTS) >= 25


def test_the_fault_names_the_line_of_the_file():
    message = str(
        pytest.raises(
            ScenarioError,
            parse_scenario,
            edited(
                '{ rule = "at_least", nation = "greek", area = "B5", count = 1 }',
                '{ rule = "at_least", nation = "greek", area = "B9", count = 1 }',
            ),
            "g.toml",
        ).value
    )
    line = next(
        n
        for n, text in enumerate(edited('area = "B5", count', 'area = "B9", count').splitlines(), 1)
        if 'area = "B9"' in text
    )
    assert message == f'g.toml: turns[1].deployment[1].area: "B9" is not an area (line {line})'


def test_every_fault_is_reported_not_just_the_first():
    text = SOURCE
    for old, new in (
        ('{ a = "A1", b = "B2" }', '{ a = "A1", b = "C9" }'),
        ('nation = "greek"\nkind = "infantry"', 'nation = "cretan"\nkind = "infantry"'),
        ("{ min_difference = 0, loser = 6, winner = 6 },", ""),
    ):
        text = text.replace(old, new, 1)
    message = str(pytest.raises(ScenarioError, parse_scenario, text, "g.toml").value)
    assert message.startswith("g.toml: 3 faults\n")
    for words in (
        'map.links[1].b: "C9" is not an area',
        'troop_types.gr_inf.nation: "cretan" is not a nation',
        "wargame.destroy: needs a row with min_difference = 0",
    ):
        assert words in message


def test_scenario_validate_on_the_command_line(tmp_path, capsys):
    assert main(["scenario", "validate", str(SCENARIOS / "firestorm-greece.toml")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("firestorm-greece.toml: sound — Firestorm: Greece: 17 areas") and out.count("\n") == 1
    broken = tmp_path / "mine.toml"
    broken.write_text(
        edited("max_sorties = 1", "max_sorties = -1").replace('kind = "armour"', 'kind = "tank"'), encoding="utf-8"
    )
    assert main(["scenario", "validate", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "mine.toml: 4 faults" in err and err.count("mine.toml: troop_types.") == 3
    assert "mine.toml: rules.max_sorties: should be at least 0, not -1" in err


def test_scenario_list_shows_bundled_and_the_users(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "Firestorm" / "Firestorm Campaign Manager" / "scenarios"
    folder.mkdir(parents=True)
    (folder / "my-crete.toml").write_text(SOURCE, encoding="utf-8")
    assert main(["scenario", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[:3]] == [
        ["firestorm-greece", "bundled"],
        ["veltmark-gap", "bundled"],
        ["my-crete", "yours"],
    ]
    assert str(folder) in lines[-1]
    assert main(["scenario", "validate", "my-crete"]) == 0, "a user's scenario is found by name"
