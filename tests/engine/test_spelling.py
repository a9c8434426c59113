"""People type `c2`, `Kastoria` or `gr-inf-8`; the log keeps the scenario's codes."""

from __future__ import annotations

from campaign_manager.engine import apply_action, replay
from campaign_manager.engine.spelling import canonical, close_commanders, completion, meant_words, read_action
from campaign_manager.engine.state import Commander
from campaign_manager.scenario import load_scenario

SC = load_scenario()


def test_areas_troops_nations_and_sides_are_spelt_as_the_scenario_does():
    typed = {
        "type": "battle",
        "from": "vlore",
        "to": "c1",
        "retreat_to": "Aetolia",
        "attacker": {"troops": ["it-inf-1"], "sortie": "Italian"},
        "defender": {"troops": ["gr-inf-1"]},
        "destroy_dice": {"gr-inf-1": 5},
        "advance": ["it-inf-1"],
    }
    assert canonical(SC, typed) == {
        "type": "battle",
        "from": "B1",
        "to": "C1",
        "retreat_to": "D1",
        "attacker": {"troops": ["IT-INF-1"], "sortie": "italian"},
        "defender": {"troops": ["GR-INF-1"]},
        "destroy_dice": {"GR-INF-1": 5},
        "advance": ["IT-INF-1"],
    }
    assert canonical(SC, {"type": "place", "troop": "gr-inf-8", "area": "Korce"})["area"] == "B2"
    assert canonical(SC, {"type": "initiative", "dice": {"Axis": 3, "ALLIED": 4}})["dice"] == {"axis": 3, "allied": 4}


def test_unknown_spellings_are_left_for_the_rules_to_refuse():
    assert canonical(SC, {"type": "place", "troop": "GR-INF-99", "area": "Sparta"}) == {
        "type": "place",
        "troop": "GR-INF-99",
        "area": "Sparta",
    }


def test_the_logged_record_holds_the_codes():
    st = replay(SC, [{"type": "start_turn"}])
    applied = apply_action(
        SC,
        st,
        read_action(SC, {"type": "battle", "from": "vlore", "to": "ioannina", "attacker": {"troops": ["it-inf-1"]}}),
    )
    assert applied.record["from"] == "B1" and applied.record["to"] == "C1"
    assert applied.record["attacker"]["troops"] == ["IT-INF-1"]


def test_a_new_commander_s_name_close_to_a_roster_name():
    roster = (
        Commander(1, "Marco", "axis"),
        Commander(2, "Anna", "allied"),
        Commander(3, "Giulia", "axis", retired=True),
        Commander(4, "mario", "axis"),
    )

    def close(typed: str, side: str = "axis") -> list[str]:
        return [c.name for c in close_commanders(roster, side, typed)]

    assert close("MarcoAnan") == ["Marco"], "holds a roster name: more typed after it"
    assert close("mar") == ["Marco", "mario"], "part of roster names: typed half-way"
    assert close("giu") == ["Giulia"], "a retired commander is named too"
    assert close("GIULIA ROSSI") == ["Giulia"]
    assert close("AnnaMaria") == [], "Anna is an Allied commander: not asked of an Axis box"
    assert close("AnnaMaria", "allied") == ["Anna"]
    assert close("Zoë") == [] and close("  ") == []
    assert close("marco") == [], "a roster name in another case is that commander, not a new one"


def test_a_name_typed_half_way_completes_to_the_one_commander_of_its_side_it_is_part_of():
    roster = (
        Commander(1, "Marco", "axis"),
        Commander(2, "Anna", "allied"),
        Commander(3, "Giulia", "axis", retired=True),
        Commander(4, "mario", "axis"),
        Commander(5, "Hans", "axis"),
    )

    def completed(typed: str, side: str = "axis") -> str | None:
        found = completion(roster, side, typed)
        return found.name if found is not None else None

    assert completed("ann", "allied") == "Anna" and completed("  NN ", "allied") == "Anna"
    assert completed("ans") == "Hans"
    assert completed("mar") is None, "Marco or mario: asked, never chosen for the user"
    assert completed("ann") is None, "Anna is an Allied commander: not put in an Axis box"
    assert completed("giu") is None, "Giulia has retired: asked about, not put in"
    assert completed("MarcoAnan") is None, "more typed than a name: not half-way"
    assert completed("marco") is None and completed("") is None and completed("Zoë") is None


def test_who_a_new_name_may_have_meant_in_words():
    assert meant_words([Commander(1, "Marco", "axis"), Commander(2, "mario", "axis")]) == "Marco or mario"
    assert meant_words([Commander(3, "Giulia", "axis", retired=True)]) == "Giulia (retired)"
    many = [Commander(n, f"Mar{n}", "axis") for n in range(1, 6)]
    assert meant_words(many) == "Mar1 or Mar2 or Mar3 or another"
