"""Friendly spellings in typed-in actions: an area's code in any case (`c2`) or its name, a troop
id in any case (`gr-inf-1`), a nation or side by its name (`Italian` for italian). Applied to
actions a person wrote, before they are checked, so the log always holds the scenario's own
codes. And a commander's name typed that is not on the roster but close to a name that is."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import Action
from campaign_manager.engine.state import Commander
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario

AREA_FIELDS = ("area", "to", "from")
TROOP_LIST_FIELDS = ("advance",)


def _area(sc: Scenario, value: Any) -> Any:
    if not isinstance(value, str) or value in sc.areas:
        return value
    wanted = value.strip().casefold()
    for code, area in sc.areas.items():
        short_name = area.name.split(" (")[0]
        if wanted in (code.casefold(), area.name.casefold(), short_name.casefold()):
            return code
    return value


def _troop(sc: Scenario, value: Any) -> Any:
    if isinstance(value, str) and value not in sc.troops and value.strip().upper() in sc.troops:
        return value.strip().upper()
    return value


def _troops(sc: Scenario, value: Any) -> Any:
    return [_troop(sc, v) for v in value] if isinstance(value, list) else value


def _key(choices: Container[str], value: Any) -> Any:
    if isinstance(value, str) and value not in choices and value.strip().casefold() in choices:
        return value.strip().casefold()
    return value


def canonical(sc: Scenario, data: Any) -> Any:
    """The action with areas, troops, nations and sides spelt as the scenario spells them."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for field in AREA_FIELDS:
        if field in out:
            out[field] = _area(sc, out[field])
    if "troop" in out:
        out["troop"] = _troop(sc, out["troop"])
    retreat = out.get("retreat_to")
    if isinstance(retreat, dict):  # a split retreat: troop → area
        out["retreat_to"] = {_troop(sc, k): _area(sc, v) for k, v in retreat.items()}
    elif retreat is not None:
        out["retreat_to"] = _area(sc, retreat)
    for field in TROOP_LIST_FIELDS:
        if field in out:
            out[field] = _troops(sc, out[field])
    for side in ("attacker", "defender"):
        if isinstance(out.get(side), dict):
            commitment = dict(out[side])
            if "troops" in commitment:
                commitment["troops"] = _troops(sc, commitment["troops"])
            if "sortie" in commitment:
                commitment["sortie"] = _key(sc.nations, commitment["sortie"])
            out[side] = commitment
    if isinstance(out.get("destroy_dice"), dict):
        out["destroy_dice"] = {_troop(sc, k): v for k, v in out["destroy_dice"].items()}
    if out.get("type") == "initiative" and isinstance(out.get("dice"), dict):
        out["dice"] = {_key(sc.sides, k): v for k, v in out["dice"].items()}
    return out


def read_action(sc: Scenario, data: Any) -> Action:
    """An action a person or another program wrote (JSON), read once where it enters the program:
    friendly spellings made the scenario's own codes, then checked (every fault named)."""
    return parse_action(canonical(sc, data))


def side_code(sc: Scenario, value: str) -> str:
    """A side as the scenario spells it, from its code or its name in any case ("Allied" → allied);
    the value as given when it names no side (the caller refuses it, naming the sides)."""
    wanted = value.strip().casefold()
    for code, name in sc.sides.items():
        if wanted in (code.casefold(), name.casefold(), sc.side_nouns.get(code, "").casefold()):
            return code
    return value


def close_commanders(roster: tuple[Commander, ...], side: str, typed: str) -> list[Commander]:
    """The commanders of `side` whose name a new name `typed` may have meant, the active first:
    a name that is part of theirs ("ric" for Klaus Richter: typed half-way and left), or one that
    holds theirs ("MarcoAnan" for Marco: more typed into the box after their name). None when
    `typed` is a roster name already (any case) or blank."""
    wanted = typed.strip().casefold()
    if not wanted or any(c.name.casefold() == wanted for c in roster):
        return []
    near = [
        c
        for c in roster
        if c.side == side and c.name.strip() and (wanted in c.name.casefold() or c.name.strip().casefold() in wanted)
    ]
    return sorted(near, key=lambda c: (c.retired, c.name.casefold()))


def completion(roster: tuple[Commander, ...], side: str, typed: str) -> Commander | None:
    """The commander a name typed half-way stands for: the one commander of `side` whose name
    `typed` is part of (any case), when nobody else of that side's is and they have not retired
    (a retired commander plays no new games: asked about, not put in). None when `typed` is a
    roster name already, blank, or part of no name or of several."""
    wanted = typed.strip().casefold()
    if not wanted or any(c.name.casefold() == wanted for c in roster):
        return None
    holding = [c for c in roster if c.side == side and wanted in c.name.casefold()]
    return holding[0] if len(holding) == 1 and not holding[0].retired else None


def meant_words(near: list[Commander]) -> str:
    """Who a new name may have meant, in words: "Marco or mario", "Giulia (retired)", the first
    three and "or another" after them."""
    names = [_("{name} (retired)").format(name=c.name) if c.retired else c.name for c in near]
    said = _(" or ").join(names[:3])
    return _("{names} or another").format(names=said) if len(names) > 3 else said
