"""What many test files use: the recorded full campaign (tests/data/full_campaign.json, the
actions of each turn), turn 4 of it with seven arrows open at once (a crowded map), and running
the command line as a user would, capturing what it says."""

from __future__ import annotations

import json
from pathlib import Path

from campaign_manager.cli import main

ROOT = Path(__file__).resolve().parent.parent  # the checkout (the package reads its data through paths.py)
FULL_CAMPAIGN: dict[str, list[dict]] = json.loads((Path(__file__).parent / "data" / "full_campaign.json").read_text())

# Turn 4 after its placements: seven arrows placed, each waiting for its result (one with its mission rolled).
SEVEN_OPEN = [
    {
        "type": "battle",
        "from": "A5",
        "to": "B5",
        "initiative_dice": [2, 2],
        "attacker": {"troops": ["DE-PZ-1", "DE-INF-1"]},
        "defender": {"troops": ["GR-INF-6"]},
        "mission_die": 5,
    },
    {
        "type": "battle",
        "from": "A4",
        "to": "B3",
        "initiative_dice": [5, 2],
        "attacker": {"troops": ["DE-PZ-2"], "sortie": "german"},
        "defender": {"troops": ["GR-INF-3"], "sortie": "british"},
    },
    {"type": "battle", "from": "A5", "to": "B4", "initiative_dice": [1, 1], "attacker": {"troops": ["DE-INF-2"]}},
    {
        "type": "battle",
        "from": "A4",
        "to": "B4",
        "initiative_dice": [3, 1],
        "attacker": {"troops": ["DE-KRAD", "DE-INF-3"]},
    },
    {
        "type": "battle",
        "from": "C1",
        "to": "D1",
        "initiative_dice": [6, 1],
        "attacker": {"troops": ["IT-INF-1", "IT-CARRI"]},
        "defender": {"troops": ["GR-INF-1"]},
    },
    {
        "type": "battle",
        "from": "C2",
        "to": "B2",
        "initiative_dice": [6, 2],
        "attacker": {"troops": ["IT-INF-6"]},
        "defender": {"troops": ["GR-INF-8"]},
    },
    {"type": "battle", "from": "A4", "to": "B2", "initiative_dice": [6, 3], "attacker": {"troops": ["DE-INF-4"]}},
]
CROWDED = FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"] + FULL_CAMPAIGN["turn 3"] + FULL_CAMPAIGN["turn 4"][:5]


def run(capsys, *argv) -> tuple[int, str, str]:
    """`campaign-manager ARGV…`: its exit code, standard output and standard error."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err
