"""What many test files use: the recorded full campaign (tests/data/full_campaign.json, the
actions of each turn), turn 4 of it with seven arrows open at once (a crowded map), and running
the command line as a user would, capturing what it says."""

from __future__ import annotations

import json
import math
from pathlib import Path

from campaign_manager import i18n
from campaign_manager.cli import main

# The variables a language is read from (campaign_manager/i18n.py); the `speak` fixture (conftest) sets them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", i18n.LANGUAGE_VARIABLE, i18n.PSEUDO_VARIABLE)
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


def _with_players(turns: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The full campaign with a roster and the commanders of its tabletop games: who joined
    (before turn 1, and Hans before turn 4), who played each game, Ben retired after turn 2, Nicos
    renamed Nikos after a game of turn 3 (the league worked out from it: tests/engine/test_league.py)."""
    add = [
        {"type": "add_commander", "name": name, "side": side, **({"club": club} if club else {})}
        for name, side, club in (
            ("Marco", "axis", "Dice Den"),
            ("Giulia", "axis", None),
            ("Anna", "allied", "Dice Den"),
            ("Ben", "allied", "Athens Wargamers"),
            ("Nicos", "allied", None),
        )
    ]
    games = {  # (turn, from, to) → (attacker, defender) per game
        ("turn 1", "B1", "C1"): [("Marco", "Anna")],
        ("turn 2", "C1", "D1"): [("giulia", "BEN")],  # any case: recorded as the roster spells them
        ("turn 2", "D1", "C1"): [("Anna", "Marco")],
        ("turn 2", "B1", "C1"): [("Marco", "Ben")],
        ("turn 3", "B1", "C1"): [("Marco", "Anna"), ("Giulia", "Nicos")],
        ("turn 3", "C1", "C2"): [("Marco", None)],
        ("turn 4", "A5", "B4"): [("Hans", "Nikos")],
        ("turn 4", "B4", "B5"): [("Hans", "Anna")],
        ("turn 4", "A1", "B2"): [("Giulia", "Nikos")],
        ("turn 4", "C1", "D1"): [("Marco", "Anna")],
        ("turn 4", "C1", "B2"): [("Giulia", "Anna")],
    }
    out: dict[str, list[dict]] = {}
    for turn, actions in turns.items():
        done: list[dict] = []
        if turn == "turn 1":
            done += add + [{"type": "set_general", "name": "marco"}, {"type": "set_general", "name": "Anna"}]
        if turn == "turn 4":
            done.append({"type": "add_commander", "name": "Hans", "side": "Axis"})
        for action in actions:
            players = games.get((turn, action.get("from"), action.get("to")))
            if action["type"] == "battle" and players and "games" in action:
                action = dict(action)
                action["games"] = [
                    {**game, **({"attacker_commander": a} if a else {}), **({"defender_commander": d} if d else {})}
                    for game, (a, d) in zip(action["games"], players)
                ]
            done.append(action)
            if (turn, action.get("from"), action.get("to")) == ("turn 3", "C1", "C2"):
                done.append({"type": "rename_commander", "name": "Nicos", "to": "Nikos"})
        if turn == "turn 2":
            done.append({"type": "retire_commander", "name": "Ben"})
        out[turn] = done
    return out


FULL_CAMPAIGN_WITH_COMMANDERS = _with_players(FULL_CAMPAIGN)


GRAZE = 3  # points of an arrowhead allowed on a counter: a barb's tip grazing its corner


def head_covers(shaft, box, head: float = 20.0) -> int:
    """How much of the arrowhead at the end of `shaft` lies on the box: of the points one unit
    apart along the shaft's last `head` units and the head's two barbs, how many are inside (a
    barb's tip grazing a counter's corner on a crowded map is a point or two; a head on a
    counter is dozens)."""
    (sx, sy), (ex, ey) = shaft
    angle = math.atan2(ey - sy, ex - sx)
    points = [(ex - math.cos(angle) * d, ey - math.sin(angle) * d) for d in range(int(head) + 1)]
    for turn in (2.6, -2.6):
        points += [(ex + math.cos(angle + turn) * d, ey + math.sin(angle + turn) * d) for d in range(int(head) + 1)]
    left, top, width, height = box
    return sum(1 for x, y in points if left < x < left + width and top < y < top + height)
