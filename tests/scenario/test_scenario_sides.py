"""The two sides are the scenario's: their ids are whatever its `[sides]` tables are called,
in the order it writes them (the first on the left of a VP margin), and no side id is written
in the app's Python."""

from __future__ import annotations

import ast
import re

from campaign_manager.engine import initial_state
from campaign_manager.engine.victory import outcome, result_order, victory_points
from campaign_manager.scenario import parse_scenario
from tests.renamed_sides import north_south_text
from tests.scenario.test_scenario_file import ROOT, _app_sources


def _south_first() -> str:
    """The renamed Veltmark Gap with its two [sides.*] tables swapped: the south written first."""
    text = north_south_text()
    north = text[text.index("[sides.north]") : text.index("[sides.south]")]
    south = text[text.index("[sides.south]") : text.index("[nations.")]
    return text.replace(north + south, south + north)


def test_the_sides_are_the_scenario_s_ids_in_its_order():
    sc = parse_scenario(north_south_text(), "north-south.toml")
    assert sc.side_ids == ("north", "south") and sc.sides == {"north": "Imperial", "south": "Free Cities"}
    assert sc.enemy_of("north") == "south" and sc.enemy_of("south") == "north"
    assert {sc.side_of(nation) for nation in ("kadran", "vessian")} == {"north"}
    st = initial_state(sc)
    assert victory_points(sc, st) == {"north": 0, "south": 40}
    assert outcome(sc, st).leader == "south" and outcome(sc, st).result == "Free Cities victory"
    order = list(result_order(sc))
    assert order[0] == "Imperial decisive victory" and order[-1] == "Free Cities decisive victory"

    swapped = parse_scenario(_south_first(), "south-first.toml")
    assert swapped.side_ids == ("south", "north") and list(swapped.sides) == ["south", "north"]
    assert outcome(swapped, initial_state(swapped)) == outcome(sc, st), "the same outcome in either order"
    order = list(result_order(swapped))
    assert order[0] == "Free Cities decisive victory" and order[-1] == "Imperial decisive victory"


# Where a side's id may still be written: the colours sides were drawn in before a scenario said
# them (keyed by the ids of the scenarios of that time).
ALLOWED = (re.compile(r"^campaign_manager/scenario/migrate\.py:"),)


def test_no_side_id_is_written_in_the_app():
    """No string in the code (f-strings' parts too; words in comments and docstrings are free)
    is a bundled scenario's side id."""
    found = []
    for path in _app_sources():
        lines = path.read_text().splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, ast.Constant) and node.value in ("axis", "allied"):
                where = f"{path.relative_to(ROOT)}:{node.lineno}: {lines[node.lineno - 1].strip()}"
                if not any(rule.search(where) for rule in ALLOWED):
                    found.append(where)
    assert not found, "side ids in code:\n" + "\n".join(found)
