"""The bundled scenario holds RULES.md 1.2-1.5 as data; broken scenario files are refused by
name, entry and fault; and no fact of Greece is written in the app's Python."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from campaign_manager.paths import SCENARIOS
from campaign_manager.scenario import ScenarioError, load_scenario, parse_scenario
from tests.shared import ROOT

SOURCE = (SCENARIOS / "firestorm-greece.toml").read_text(encoding="utf-8")


def test_the_map_of_rules_1_2():
    sc = load_scenario()
    assert len(sc.areas) == 17 and len(sc.links) == 29
    vp = {code: a.vp for code, a in sc.areas.items() if a.vp}
    assert vp == {"B1": 20, "B4": 20, "C1": 10, "F1": 20, "F2": 60}
    assert {frozenset((link.a, link.b)) for link in sc.links if link.fortified} == {
        frozenset(("A5", "B4")),
        frozenset(("A5", "B5")),
    }
    assert [(link.a, link.b) for link in sc.links if link.sea] == [("D1", "F1")]
    assert sc.areas["C3"].impassable and sc.areas["C3"].controller is None
    assert sc.areas["A1"].command_centre and sc.areas["A1"].command_centre_vp == 10
    assert sc.areas["A4"].staging and sc.areas["A4"].only_nations == ("german",)
    assert {c for c, a in sc.areas.items() if a.controller == "axis"} == {"A1", "A4", "A5", "B1", "B2"}
    assert sc.neighbours["B2"] == {"A1", "A4", "B1", "B3", "C1", "C2"}


# RULES.md 1.2, written out: every link, every start controller and terrain of the table.
RULES_LINKS = (
    "A1-B1 A1-B2 A4-A5 A4-B2 A4-B3 A4-B4 A5-B4 A5-B5 B1-B2 B1-C1 B2-B3 B2-C1 B2-C2 B3-B4 B3-C2 "
    "B3-C4 B4-B5 B4-C4 C1-C2 C1-D1 C1-D2 C2-C4 C2-D2 C4-D2 D1-E1 D1-F1 D2-E1 E1-F2 F1-F2"
)
RULES_AREAS = {  # code: (start controller, terrain)
    "A1": ("axis", "rough"),
    "A4": ("axis", None),
    "A5": ("axis", None),
    "B1": ("axis", "rough"),
    "B2": ("axis", "rough"),
    "B3": ("allied", "rough"),
    "B4": ("allied", "plain"),
    "B5": ("allied", "rough"),
    "C1": ("allied", "rough"),
    "C2": ("allied", "rough"),
    "C3": (None, None),
    "C4": ("allied", "rough"),
    "D1": ("allied", "rough"),
    "D2": ("allied", "plain"),
    "E1": ("allied", "rough"),
    "F1": ("allied", "rough"),
    "F2": ("allied", "plain"),
}


def test_every_link_controller_and_terrain_of_rules_1_2():
    """RULES.md 1.2: the bundled map has exactly the digest's 29 links (no more, none moved) and
    each area's start controller and terrain (terrain sets every General's Wargame bonus)."""
    sc = load_scenario()
    expected = {frozenset(pair.split("-")) for pair in RULES_LINKS.split()}
    assert len(expected) == 29
    assert {frozenset((link.a, link.b)) for link in sc.links} == expected
    assert {code: (a.controller, a.terrain) for code, a in sc.areas.items()} == RULES_AREAS


def test_the_troops_of_rules_1_3():
    sc = load_scenario()
    counts = Counter(t.type.code for t in sc.troops.values())
    assert counts == {
        "gr_inf": 9,
        "gr_mech": 1,
        "br_inf": 2,
        "br_tank": 1,
        "it_inf": 6,
        "it_alpini": 1,
        "it_carri": 1,
        "de_inf": 4,
        "de_krad": 1,
        "de_panzer": 2,
    }
    capture = {code: t.capture_vp for code, t in sc.troop_types.items()}
    assert capture == {
        "gr_inf": 5,
        "gr_mech": 5,
        "br_inf": 10,
        "br_tank": 10,
        "it_inf": 5,
        "it_alpini": 5,
        "it_carri": 5,
        "de_inf": 5,
        "de_krad": 10,
        "de_panzer": 10,
    }
    carri = sc.troop_types["it_carri"]
    assert carri.on_turn(1)[1].on("plain") == 1 and carri.on_turn(2)[1].on("plain") == 2
    starts = Counter((t.start, t.nation) for t in sc.troops.values() if t.start)
    assert starts == {
        ("B1", "italian"): 3,
        ("B2", "italian"): 2,
        ("C1", "greek"): 1,
        ("C2", "greek"): 1,
        ("B3", "greek"): 1,
        ("B4", "greek"): 2,
        ("B5", "greek"): 2,
    }


def test_the_turns_of_rules_1_5():
    sc = load_scenario()
    assert [(t.battle_d3, t.battle_plus) for t in sc.turns] == [(0, 2), (1, 3), (1, 2), (2, 6)]
    assert sc.turn(1).fixed_arrows == (("B1", "C1"), ("B2", "C2"))
    assert [(t.initiative.side, t.initiative.modifier) for t in sc.turns[1:]] == [
        ("allied", 1),
        ("axis", 1),
        ("axis", 2),
    ]
    assert dict(sc.turn(4).sorties) == {"german": 3, "italian": 1, "british": 1}
    assert sc.turn(2).redeploy == ("italian", "greek") and sc.turn(3).redeploy == ("greek", "italian")
    assert sc.turn(4).missions[5] == "Hold the Line"


def broken(old: str, new: str) -> str:
    assert old in SOURCE
    return SOURCE.replace(old, new, 1)


@pytest.mark.parametrize(
    "text, words",
    [
        ("[scenario\nname=", "is not valid TOML"),
        (broken('{ a = "B1", b = "C1" }', '{ a = "B1", b = "C9" }'), 'map.links[9].b: "C9" is not an area'),
        (broken('code = "B3"', 'code = "B3"\nlinks = []'), "areas[5].links: unknown key"),
        (broken('id = "GR-INF-2"', 'id = "GR-INF-1"'), 'troops[8].id: troop id "GR-INF-1" is used 2 times'),
        (
            broken('id = "IT-INF-1"\ntype = "it_inf"\nstart = "B1"', 'id = "IT-INF-1"\ntype = "it_inf"\nstart = "C1"'),
            "troops[0].start: starts in C1, which its side does not hold",
        ),
        (
            broken('kind = "mechanised"', 'kind = "hovercraft"'),
            'troop_types.gr_mech.kind: "hovercraft" is not one of: infantry',
        ),
        (
            broken("bonus = { plain = 1, rough = 2 }", "bonus = { plain = 1, swamp = 2 }"),
            'troop_types.gr_inf.bonus.swamp: "swamp" is not a terrain',
        ),
        (broken('side = "axis"', 'side = "neutral"'), 'nations.italian.side: "neutral" is not one of: axis, allied'),
        (
            broken('"Fighting Withdrawal", "Hold the Line"]', '"Fighting Withdrawal"]'),
            "turns[3].missions: should have at least 6 items, not 5",
        ),
        (broken("max_committed = 2", 'max_committed = "two"'), "rules.max_committed: should be a whole number"),
    ],
)
def test_broken_scenarios_are_refused_naming_file_entry_and_fault(text, words):
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(text, "greece-edited.toml")
    assert str(refused.value).startswith("greece-edited.toml: ")
    assert words in str(refused.value)


def test_a_scenario_file_can_be_given_by_path(tmp_path):
    copy = tmp_path / "my-greece.toml"
    copy.write_text(broken('name = "Thessaly"', 'name = "Thessalia"'), encoding="utf-8")
    assert load_scenario(copy).areas["D2"].name == "Thessalia"
    with pytest.raises(ScenarioError, match="no scenario file .*missing.toml"):
        load_scenario(tmp_path / "missing.toml")
    with pytest.raises(ScenarioError, match="no scenario called 'atlantis' .known scenarios: firestorm-greece"):
        load_scenario("atlantis")


def test_a_campaign_file_or_junk_given_as_a_scenario_is_refused_for_what_it_is(tmp_path):
    from campaign_manager.store.campaign_file import CampaignFile

    campaign = tmp_path / "shop.campaign"
    CampaignFile.create(campaign).close()
    with pytest.raises(ScenarioError, match="shop.campaign is a campaign file, not a scenario"):
        load_scenario(campaign)
    junk = tmp_path / "junk.toml"
    junk.write_bytes(bytes(range(128, 256)))
    with pytest.raises(ScenarioError, match="junk.toml: not a scenario .a scenario is a TOML text file in UTF-8."):
        load_scenario(junk)


def _app_sources():
    """The app's Python files but the assist modules' (under assist/ in any package): they serve
    other games of Greece, whose sides and places their books fix, and may name them."""
    package = ROOT / "campaign_manager"
    return [p for p in sorted(package.rglob("*.py")) if "assist" not in p.relative_to(package).parts]


def _greek_words() -> set[str]:
    """The bundled scenario's places (every word of four letters or more of an area's name), its
    fortified line, and the objective that scores when it is defeated on the table."""
    sc = load_scenario()
    words = {"Tirane", "Metaxas"}
    for area in sc.areas.values():
        words |= set(re.findall(r"[A-Za-z]{4,}", area.name))
    assert sc.fortification is not None and "Metaxas" in sc.fortification.name
    assert sc.areas["A1"].name == "Tirane" and sc.areas["A1"].command_centre
    return words


# What may still say it: the command line's flag (the name the scenario gives its fortified line),
# and the reading of the scenario file's earlier form, whose key it was.
ALLOWED = (
    re.compile(r"""["']--metaxas["']"""),
    re.compile(r"""scenario/migrate\.py:.*(["'`]metaxas["'`]|`metaxas = true`)"""),
)


def test_no_fact_of_greece_is_written_in_the_app():
    """Area codes and names, troop ids, nation names, the fortified line and the command centre
    belong in resources/, not in the app's Python: the rules engine, the scenario reader, the
    store, the command line, the window and the printed reports."""
    codes = re.compile(r"""["'](?:[A-F][1-5]|(?:GR|BR|IT|DE)-[A-Z]+(?:-\d)?|greek|british|italian|german)["']""")
    names = re.compile(r"\b(?:" + "|".join(sorted(_greek_words())) + r")\b", re.IGNORECASE)
    help_key = re.compile(r"""["']F1["'].*|.*(?:shortcut|Key_F1|QKeySequence).*""")  # F1 the key, not the area
    found = []
    for path in _app_sources():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            where = f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            said = [m.group(0) for m in (*codes.finditer(line), *names.finditer(line))]
            said = [word for word in said if not (word.strip("\"'") == "F1" and help_key.fullmatch(line.strip()))]
            if said and not any(rule.search(where) for rule in ALLOWED):
                found.append(where)
    assert not found, "scenario facts in code:\n" + "\n".join(found)


def _earlier_form(text: str) -> str:
    """The bundled file as the app once wrote it: fortified links marked `metaxas`, no side
    colours, no name for the line itself."""
    lines = [line for line in text.splitlines(keepends=True) if not line.startswith(("colours = ", "line = "))]
    return "".join(lines).replace("fortified = true", "metaxas = true")


def test_a_scenario_of_the_earlier_form_reads_as_today_s(capsys, tmp_path):
    """A campaign file keeps a copy of its scenario: one written before side colours and the
    fortified line were data still reads, the same scenario but for the line's own name."""
    today, earlier = load_scenario(), parse_scenario(_earlier_form(SOURCE), "earlier.toml")
    assert earlier.read_as and not today.read_as
    assert [link.model_dump() for link in earlier.links] == [link.model_dump() for link in today.links]
    assert earlier.side_colours == today.side_colours, "drawn in the colours the map always had"
    assert earlier.fortification is not None and today.fortification is not None
    assert earlier.fortification.line_name == "Metaxas Line fortification"  # no line name: the fortification's
    assert today.fortification.line_name == "Metaxas Line"
    path = tmp_path / "earlier.toml"
    path.write_text(_earlier_form(SOURCE), encoding="utf-8")
    from campaign_manager.cli import main

    assert main(["scenario", "validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "earlier.toml: sound" in out and "links' `metaxas` read as `fortified`" in out
    assert "sides without colours drawn as before (axis, allied)" in out


def test_every_kind_of_troop_has_its_words_once_in_the_kinds_order():
    """The legends on screen and on paper say each kind with the same words, declared once."""
    from campaign_manager.reports import legend as printed
    from campaign_manager.scenario.terms import KIND_WORDS, KINDS

    assert tuple(KIND_WORDS) == KINDS
    assert printed.KIND_WORDS is KIND_WORDS
