"""Reading and checking a scenario file (TOML). A broken file is refused with a message
naming the file, the entry and the fault."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from campaign_manager.datafile import DataEntry, Refusal
from campaign_manager.errors import UserError
from campaign_manager.paths import SCENARIOS
from campaign_manager.scenario.layout import read_layout
from campaign_manager.scenario.model import (
    KINDS,
    SIDES,
    Aircraft,
    Area,
    Arrival,
    Bonus,
    DeploymentException,
    DeploymentRule,
    DestroyStep,
    Fortification,
    Initiative,
    Link,
    Scenario,
    SeaEscape,
    Troop,
    TroopType,
    TurnSpec,
    Variant,
)


class ScenarioError(UserError):
    """A scenario file that cannot be used; the message names file, entry and fault."""


SCENARIO_REFUSAL = Refusal(ScenarioError)


def _text(entry: DataEntry, key: str, default: str | None = None) -> str:
    """A text of the scenario (it may be empty); `default` stands in when given and the key is missing."""
    return (entry.child(key) if default is None else entry.optional(key, default)).text(blank=True)


def _list(entry: DataEntry, key: str) -> list[DataEntry]:
    """The items of a list; a missing list reads as empty."""
    return entry.optional(key, []).items()


def _texts(entry: DataEntry, key: str) -> tuple[str, ...]:
    return entry.optional(key, []).texts(blank=True)


def _bonus(reader: DataEntry, key: str, terrains: dict[str, str]) -> Bonus:
    pairs = []
    for terrain, value in reader.child(key).table().items():
        if terrain not in terrains:
            raise value.refuse(f"unknown terrain '{terrain}'")
        pairs.append((terrain, value.integer()))
    return Bonus(tuple(pairs))


def bundled_scenarios() -> dict[str, Path]:
    return {path.stem: path for path in sorted(SCENARIOS.glob("*.toml"))}


def load_scenario(name_or_path: str | Path = "firestorm-greece") -> Scenario:
    """Load a bundled scenario by name, or a scenario file by path."""
    bundled = bundled_scenarios()
    path = bundled.get(str(name_or_path)) or Path(name_or_path)
    if not path.exists():
        names = ", ".join(bundled) or "none"
        raise ScenarioError(f"no scenario called '{name_or_path}' (bundled scenarios: {names})")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path.name}: cannot be read ({exc})") from None
    return parse_scenario(text, path.name)


def parse_scenario(text: str, file: str = "scenario") -> Scenario:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{file}: is not valid TOML ({exc})") from None
    top = DataEntry(file, "", data, SCENARIO_REFUSAL)
    top.only("scenario", "sides", "nations", "terrains", "map", "areas", "troop_types", "aircraft",
             "fortification", "sea_escape", "troops", "rules", "tabletop", "wargame", "victory", "turns",
             "layout")
    head = top.child("scenario")
    sides, side_nouns = {}, {}
    for code, entry in top["sides"].table().items():
        entry.only("name", "noun")
        sides[code] = _text(entry, "name")
        side_nouns[code] = _text(entry, "noun", sides[code])
    if tuple(sorted(sides)) != tuple(sorted(SIDES)):
        raise top.refuse(f"should name exactly the sides {', '.join(SIDES)}", "sides")
    nations = {}
    for code, entry in top["nations"].table().items():
        side = _text(entry, "side")
        if side not in sides:
            raise entry.refuse(f"unknown side '{side}'", "side")
        nations[code] = (_text(entry, "name"), side)
    terrains = {code: _text(entry, "name") for code, entry in top["terrains"].table().items()}

    areas: dict[str, Area] = {}
    for entry in _list(top, "areas"):
        entry.only("code", "name", "controller", "terrain", "vp", "region", "command_centre",
                   "command_centre_vp", "command_centre_scorer", "staging", "impassable", "only_nations")
        code = _text(entry, "code")
        if code in areas:
            raise entry.refuse(f"area '{code}' is listed twice", "code")
        controller = _text(entry, "controller", "") or None
        if controller is not None and controller not in sides:
            raise entry.refuse(f"unknown side '{controller}'", "controller")
        terrain = _text(entry, "terrain", "") or None
        if terrain is not None and terrain not in terrains:
            raise entry.refuse(f"unknown terrain '{terrain}'", "terrain")
        only = _texts(entry, "only_nations")
        for nation in only:
            if nation not in nations:
                raise entry.refuse(f"unknown nation '{nation}'", "only_nations")
        scorer = _text(entry, "command_centre_scorer", "") or None
        if scorer is not None and scorer not in sides:
            raise entry.refuse(f"unknown side '{scorer}'", "command_centre_scorer")
        area = Area(code=code, name=_text(entry, "name"), controller=controller, terrain=terrain,
                    vp=entry.optional("vp", 0).integer(), region=_text(entry, "region", "") or None,
                    command_centre=entry.optional("command_centre", False).flag(),
                    command_centre_vp=entry.optional("command_centre_vp", 0).integer(),
                    command_centre_scorer=scorer,
                    staging=entry.optional("staging", False).flag(),
                    impassable=entry.optional("impassable", False).flag(), only_nations=only)
        if area.command_centre and (area.command_centre_scorer is None or area.command_centre_vp <= 0):
            raise entry.refuse("a command centre needs command_centre_scorer and command_centre_vp")
        if not area.impassable and not area.staging and area.terrain is None:
            raise entry.refuse("an area that can be attacked needs a terrain", "terrain")
        areas[code] = area
    if not areas:
        raise top.refuse("the scenario has no areas", "areas")

    links: list[Link] = []
    seen: set[frozenset[str]] = set()
    for entry in _list(top.child("map"), "links"):
        entry.only("a", "b", "metaxas", "sea")
        a, b = _text(entry, "a"), _text(entry, "b")
        for key, code in (("a", a), ("b", b)):
            if code not in areas:
                raise entry.refuse(f"unknown area '{code}'", key)
        if a == b or frozenset((a, b)) in seen:
            raise entry.refuse(f"link {a}–{b} links an area to itself or is listed twice")
        seen.add(frozenset((a, b)))
        links.append(Link(a, b, entry.optional("metaxas", False).flag(), entry.optional("sea", False).flag()))

    if not links:
        raise top.refuse("the map has no links between areas", "map.links")

    troop_types: dict[str, TroopType] = {}
    for code, entry in top["troop_types"].table().items():
        nation, kind = _text(entry, "nation"), _text(entry, "kind")
        if nation not in nations:
            raise entry.refuse(f"unknown nation '{nation}'", "nation")
        if kind not in KINDS:
            raise entry.refuse(f"unknown kind '{kind}' (kinds: {', '.join(KINDS)})", "kind")
        variants = tuple(Variant(v["from_turn"].integer(), _text(v, "name"), _bonus(v, "bonus", terrains))
                         for v in _list(entry, "variants"))
        troop_types[code] = TroopType(code, _text(entry, "name"), nation, kind, _bonus(entry, "bonus", terrains),
                                      entry["capture_vp"].integer(), variants)

    troops: dict[str, Troop] = {}
    for entry in _list(top, "troops"):
        entry.only("id", "type", "start", "arrives")
        troop_id, type_code = _text(entry, "id"), _text(entry, "type")
        if troop_id in troops:
            raise entry.refuse(f"troop id '{troop_id}' is used twice", "id")
        if type_code not in troop_types:
            raise entry.refuse(f"unknown troop type '{type_code}'", "type")
        start = _text(entry, "start", "") or None
        arrives = None
        if entry.has("arrives"):
            spec = entry.child("arrives")
            arrives = Arrival(spec["turn"].integer(), _text(spec, "zone"), _text(spec, "fallback", "") or None)
            for key, zone in (("zone", arrives.zone), ("fallback", arrives.fallback)):
                if zone is not None:
                    _check_zone(spec, key, zone, areas)
        if (start is None) == (arrives is None):
            raise entry.refuse("needs either a start area or an arrives entry, not both")
        troop_type = troop_types[type_code]
        if start is not None:
            if start not in areas:
                raise entry.refuse(f"unknown area '{start}'", "start")
            if areas[start].controller != nations[troop_type.nation][1]:
                raise entry.refuse(f"starts in {start}, which its side does not hold", "start")
        troops[troop_id] = Troop(troop_id, troop_type, start, arrives)

    aircraft = {}
    for nation, entry in top["aircraft"].table().items():
        if nation not in nations:
            raise entry.refuse(f"unknown nation '{nation}'")
        aircraft[nation] = Aircraft(nation, _text(entry, "name"), _bonus(entry, "bonus", terrains),
                                    entry.optional("interceptor", False).flag())

    fortification = None
    if "fortification" in data:
        entry = top.child("fortification")
        entry.only("name", "nation", "attacker_side", "bonus", "tabletop")
        fortification = Fortification(_text(entry, "name"), _text(entry, "nation"),
                                      _text(entry, "attacker_side"), _bonus(entry, "bonus", terrains),
                                      _text(entry, "tabletop", ""))
        if fortification.nation not in nations:
            raise entry.refuse(f"unknown nation '{fortification.nation}'", "nation")
    sea_escape = None
    if "sea_escape" in data:
        entry = top.child("sea_escape")
        sea_escape = SeaEscape(_text(entry, "nation"), _texts(entry, "areas"))
        for code in sea_escape.areas:
            if code not in areas:
                raise entry.refuse(f"unknown area '{code}'", "areas")

    rules = top.child("rules")
    tabletop = top.child("tabletop")
    wargame = top.child("wargame")
    victory = top.child("victory")
    turns = tuple(_turn(entry, i + 1, areas, nations, troops) for i, entry in enumerate(_list(top, "turns")))
    if not turns:
        raise top.refuse("the scenario has no turns", "turns")
    for troop in troops.values():
        if troop.arrives and not 2 <= troop.arrives.turn <= len(turns):
            raise top.refuse(f"troop {troop.id} arrives on turn {troop.arrives.turn}, outside turns 2–{len(turns)}",
                             "troops")

    scenario = Scenario(
        id=_text(head, "id"), name=_text(head, "name"), version=head["version"].integer(),
        notice=_text(head, "notice", ""), source=text, sides=sides, side_nouns=side_nouns, nations=nations,
        terrains=terrains,
        areas=areas, links=tuple(links), troop_types=troop_types, troops=troops, aircraft=aircraft,
        fortification=fortification, sea_escape=sea_escape,
        max_committed=rules["max_committed"].integer(), max_sorties=rules["max_sorties"].integer(),
        advance_limit=rules["advance_limit"].integer(), pool_zone=_text(rules, "pool_zone"),
        defeat_min_vp=tabletop["defeat_min_vp"].integer(),
        tabletop_destroy=tuple(DestroyStep(e["min_vp"].integer(), e["on"].integer(), e["on"].integer())
                               for e in _list(tabletop, "destroy")),
        wargame_destroy=tuple(DestroyStep(e["min_difference"].integer(), e["loser"].integer(), e["winner"].integer())
                              for e in _list(wargame, "destroy")),
        victory_levels=tuple((e["min_margin"].integer(), _text(e, "name")) for e in _list(victory, "levels")),
        victory_below=_text(victory, "below"),
        turns=turns,
        layout=read_layout(top.child("layout"), set(areas)) if top.has("layout") else None,
    )
    neighbours: dict[str, set[str]] = {code: set() for code in areas}
    for link in links:
        neighbours[link.a].add(link.b)
        neighbours[link.b].add(link.a)
    scenario.neighbours.update({code: frozenset(near) for code, near in neighbours.items()})
    scenario.link_index.update({frozenset((link.a, link.b)): link for link in links})
    return scenario


def _check_zone(entry: DataEntry, key: str, zone: str, areas: dict[str, Area]) -> None:
    if zone == "friendly" or zone in areas:
        return
    if zone.startswith("region:") and any(a.region == zone[7:] for a in areas.values()):
        return
    raise entry.refuse(f"unknown zone '{zone}' (an area code, 'friendly' or 'region:NAME')", key)


def _turn(entry: DataEntry, number: int, areas, nations, troops) -> TurnSpec:
    entry.only("number", "name", "dates", "battles", "fixed_attacker", "fixed_arrows", "initiative", "sorties",
               "redeploy", "deployment", "missions")
    if entry["number"].integer() != number:
        raise entry.refuse(f"turns must be numbered 1, 2, 3 ... in order; expected {number}", "number")
    battles = entry.child("battles")
    arrows = []
    for arrow in _list(entry, "fixed_arrows"):
        start, end = _text(arrow, "from"), _text(arrow, "to")
        for key, code in (("from", start), ("to", end)):
            if code not in areas:
                raise arrow.refuse(f"unknown area '{code}'", key)
        arrows.append((start, end))
    fixed_attacker = _text(entry, "fixed_attacker", "") or None
    initiative = None
    if entry.has("initiative"):
        spec = entry.child("initiative")
        initiative = Initiative(_text(spec, "side"), spec["modifier"].integer())
    if (initiative is None) == (fixed_attacker is None):
        raise entry.refuse("needs either an initiative entry or a fixed_attacker with fixed_arrows, not both")
    sorties = entry.optional("sorties", {}).table()
    for nation, count in sorties.items():
        if nation not in nations:
            raise count.refuse(f"unknown nation '{nation}'")
    rules = []
    for spec in _list(entry, "deployment"):
        kind = _text(spec, "rule")
        nation = _text(spec, "nation")
        if kind not in ("at_least", "next_to_enemy"):
            raise spec.refuse(f"unknown deployment rule '{kind}' (at_least, next_to_enemy)", "rule")
        exceptions = tuple(DeploymentException(_text(x, "area"), x.optional("count", 1).integer(),
                                               _text(x, "kind", "") or None, _text(x, "troop", "") or None)
                           for x in _list(spec, "except"))
        for x in exceptions:
            if x.troop is not None and x.troop not in troops:
                raise spec.refuse(f"unknown troop '{x.troop}'", "except")
        rule = DeploymentRule(kind, nation, _text(spec, "area", "") or None, spec.optional("count", 1).integer(),
                              _text(spec, "enemy_nation", "") or None, exceptions)
        if kind == "at_least" and rule.area not in areas:
            raise spec.refuse(f"unknown area '{rule.area}'", "area")
        rules.append(rule)
    missions = _texts(entry, "missions")
    if len(missions) != 6:
        raise entry.refuse("should list six missions, one per d6 face", "missions")
    return TurnSpec(
        number=number, name=_text(entry, "name"), dates=_text(entry, "dates", ""),
        battle_d3=battles["d3"].integer(), battle_plus=battles["plus"].integer(),
        fixed_attacker=fixed_attacker, fixed_arrows=tuple(arrows), initiative=initiative,
        sorties=tuple((n, count.integer()) for n, count in sorties.items()),
        redeploy=_texts(entry, "redeploy"), deployment=tuple(rules), missions=missions)
