"""Reading and checking a scenario file (TOML). A broken file is refused with a message
naming the file, the entry and the fault."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from campaign_manager.errors import UserError
from campaign_manager.paths import SCENARIOS
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


class _Reader:
    """Typed access to one TOML table, with the entry's path for messages."""

    def __init__(self, file: str, path: str, table: Any) -> None:
        self.file, self.path = file, path
        if not isinstance(table, dict):
            self.fail("should be a table")
        self.table = table

    def fail(self, fault: str, key: str | None = None) -> None:
        where = f"{self.path}.{key}" if key and self.path else (key or self.path or "top level")
        raise ScenarioError(f"{self.file}: {where}: {fault}")

    def child(self, key: str, optional: bool = False) -> "_Reader":
        if key not in self.table:
            if optional:
                return _Reader(self.file, self._sub(key), {})
            self.fail("is missing", key)
        return _Reader(self.file, self._sub(key), self.table[key])

    def items(self, key: str) -> list["_Reader"]:
        value = self.table.get(key, [])
        if not isinstance(value, list):
            self.fail("should be a list", key)
        return [_Reader(self.file, f"{self._sub(key)}[{i}]", item) for i, item in enumerate(value)]

    def _sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        if key not in self.table:
            if default is ...:
                self.fail("is missing", key)
            return default
        value = self.table[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(f"should be a whole number, not {value!r}", key)
        if kind is not int and not isinstance(value, kind):
            self.fail(f"should be a {kind.__name__}, not {value!r}", key)
        return value

    def only(self, *keys: str) -> None:
        """Refuse keys this entry does not know (a misplaced or misspelt key is a fault)."""
        for key in self.table:
            if key not in keys:
                self.fail(f"unknown key (known keys: {', '.join(keys)})", key)

    def strings(self, key: str) -> tuple[str, ...]:
        values = self.get(key, list, [])
        if not all(isinstance(v, str) for v in values):
            self.fail("should be a list of text", key)
        return tuple(values)


def _bonus(reader: _Reader, key: str, terrains: dict[str, str]) -> Bonus:
    table = reader.child(key)
    pairs = []
    for terrain in table.table:
        if terrain not in terrains:
            table.fail(f"unknown terrain '{terrain}'", terrain)
        pairs.append((terrain, table.get(terrain, int)))
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
    top = _Reader(file, "", data)
    top.only("scenario", "sides", "nations", "terrains", "map", "areas", "troop_types", "aircraft",
             "fortification", "sea_escape", "troops", "rules", "tabletop", "wargame", "victory", "turns")
    head = top.child("scenario")
    sides, side_nouns = {}, {}
    for code, value in top.get("sides", dict).items():
        entry = _Reader(file, f"sides.{code}", value)
        entry.only("name", "noun")
        sides[code] = entry.get("name", str)
        side_nouns[code] = entry.get("noun", str, sides[code])
    if tuple(sorted(sides)) != tuple(sorted(SIDES)):
        top.fail(f"should name exactly the sides {', '.join(SIDES)}", "sides")
    nations = {}
    for code, value in top.get("nations", dict).items():
        entry = _Reader(file, f"nations.{code}", value)
        side = entry.get("side", str)
        if side not in sides:
            entry.fail(f"unknown side '{side}'", "side")
        nations[code] = (entry.get("name", str), side)
    terrains = {code: _Reader(file, f"terrains.{code}", v).get("name", str)
                for code, v in top.get("terrains", dict).items()}

    areas: dict[str, Area] = {}
    for entry in top.items("areas"):
        entry.only("code", "name", "controller", "terrain", "vp", "region", "command_centre",
                   "command_centre_vp", "command_centre_scorer", "staging", "impassable", "only_nations")
        code = entry.get("code", str)
        if code in areas:
            entry.fail(f"area '{code}' is listed twice", "code")
        controller = entry.get("controller", str, "") or None
        if controller is not None and controller not in sides:
            entry.fail(f"unknown side '{controller}'", "controller")
        terrain = entry.get("terrain", str, "") or None
        if terrain is not None and terrain not in terrains:
            entry.fail(f"unknown terrain '{terrain}'", "terrain")
        only = entry.strings("only_nations")
        for nation in only:
            if nation not in nations:
                entry.fail(f"unknown nation '{nation}'", "only_nations")
        scorer = entry.get("command_centre_scorer", str, "") or None
        if scorer is not None and scorer not in sides:
            entry.fail(f"unknown side '{scorer}'", "command_centre_scorer")
        area = Area(code=code, name=entry.get("name", str), controller=controller, terrain=terrain,
                    vp=entry.get("vp", int, 0), region=entry.get("region", str, "") or None,
                    command_centre=entry.get("command_centre", bool, False),
                    command_centre_vp=entry.get("command_centre_vp", int, 0),
                    command_centre_scorer=scorer,
                    staging=entry.get("staging", bool, False),
                    impassable=entry.get("impassable", bool, False), only_nations=only)
        if area.command_centre and (area.command_centre_scorer is None or area.command_centre_vp <= 0):
            entry.fail("a command centre needs command_centre_scorer and command_centre_vp")
        if not area.impassable and not area.staging and area.terrain is None:
            entry.fail("an area that can be attacked needs a terrain", "terrain")
        areas[code] = area
    if not areas:
        top.fail("the scenario has no areas", "areas")

    links: list[Link] = []
    seen: set[frozenset[str]] = set()
    for entry in top.child("map").items("links"):
        entry.only("a", "b", "metaxas", "sea")
        a, b = entry.get("a", str), entry.get("b", str)
        for key, code in (("a", a), ("b", b)):
            if code not in areas:
                entry.fail(f"unknown area '{code}'", key)
        if a == b or frozenset((a, b)) in seen:
            entry.fail(f"link {a}–{b} links an area to itself or is listed twice")
        seen.add(frozenset((a, b)))
        links.append(Link(a, b, entry.get("metaxas", bool, False), entry.get("sea", bool, False)))

    if not links:
        top.fail("the map has no links between areas", "map.links")

    troop_types: dict[str, TroopType] = {}
    for code, value in top.get("troop_types", dict).items():
        entry = _Reader(file, f"troop_types.{code}", value)
        nation, kind = entry.get("nation", str), entry.get("kind", str)
        if nation not in nations:
            entry.fail(f"unknown nation '{nation}'", "nation")
        if kind not in KINDS:
            entry.fail(f"unknown kind '{kind}' (kinds: {', '.join(KINDS)})", "kind")
        variants = tuple(Variant(v.get("from_turn", int), v.get("name", str), _bonus(v, "bonus", terrains))
                         for v in entry.items("variants"))
        troop_types[code] = TroopType(code, entry.get("name", str), nation, kind, _bonus(entry, "bonus", terrains),
                                      entry.get("capture_vp", int), variants)

    troops: dict[str, Troop] = {}
    for entry in top.items("troops"):
        entry.only("id", "type", "start", "arrives")
        troop_id, type_code = entry.get("id", str), entry.get("type", str)
        if troop_id in troops:
            entry.fail(f"troop id '{troop_id}' is used twice", "id")
        if type_code not in troop_types:
            entry.fail(f"unknown troop type '{type_code}'", "type")
        start = entry.get("start", str, "") or None
        arrives = None
        if "arrives" in entry.table:
            spec = entry.child("arrives")
            arrives = Arrival(spec.get("turn", int), spec.get("zone", str), spec.get("fallback", str, "") or None)
            for key, zone in (("zone", arrives.zone), ("fallback", arrives.fallback)):
                if zone is not None:
                    _check_zone(spec, key, zone, areas)
        if (start is None) == (arrives is None):
            entry.fail("needs either a start area or an arrives entry, not both")
        troop_type = troop_types[type_code]
        if start is not None:
            if start not in areas:
                entry.fail(f"unknown area '{start}'", "start")
            if areas[start].controller != nations[troop_type.nation][1]:
                entry.fail(f"starts in {start}, which its side does not hold", "start")
        troops[troop_id] = Troop(troop_id, troop_type, start, arrives)

    aircraft = {}
    for nation, value in top.get("aircraft", dict).items():
        entry = _Reader(file, f"aircraft.{nation}", value)
        if nation not in nations:
            entry.fail(f"unknown nation '{nation}'")
        aircraft[nation] = Aircraft(nation, entry.get("name", str), _bonus(entry, "bonus", terrains),
                                    entry.get("interceptor", bool, False))

    fortification = None
    if "fortification" in data:
        entry = top.child("fortification")
        fortification = Fortification(entry.get("name", str), entry.get("nation", str),
                                      entry.get("attacker_side", str), _bonus(entry, "bonus", terrains))
        if fortification.nation not in nations:
            entry.fail(f"unknown nation '{fortification.nation}'", "nation")
    sea_escape = None
    if "sea_escape" in data:
        entry = top.child("sea_escape")
        sea_escape = SeaEscape(entry.get("nation", str), entry.strings("areas"))
        for code in sea_escape.areas:
            if code not in areas:
                entry.fail(f"unknown area '{code}'", "areas")

    rules = top.child("rules")
    tabletop = top.child("tabletop")
    wargame = top.child("wargame")
    victory = top.child("victory")
    turns = tuple(_turn(entry, i + 1, areas, nations, troops) for i, entry in enumerate(top.items("turns")))
    if not turns:
        top.fail("the scenario has no turns", "turns")
    for troop in troops.values():
        if troop.arrives and not 2 <= troop.arrives.turn <= len(turns):
            top.fail(f"troop {troop.id} arrives on turn {troop.arrives.turn}, outside turns 2–{len(turns)}",
                     "troops")

    scenario = Scenario(
        id=head.get("id", str), name=head.get("name", str), version=head.get("version", int),
        notice=head.get("notice", str, ""), source=text, sides=sides, side_nouns=side_nouns, nations=nations, terrains=terrains,
        areas=areas, links=tuple(links), troop_types=troop_types, troops=troops, aircraft=aircraft,
        fortification=fortification, sea_escape=sea_escape,
        max_committed=rules.get("max_committed", int), max_sorties=rules.get("max_sorties", int),
        advance_limit=rules.get("advance_limit", int), pool_zone=rules.get("pool_zone", str),
        defeat_min_vp=tabletop.get("defeat_min_vp", int),
        tabletop_destroy=tuple(DestroyStep(e.get("min_vp", int), e.get("on", int), e.get("on", int))
                               for e in tabletop.items("destroy")),
        wargame_destroy=tuple(DestroyStep(e.get("min_difference", int), e.get("loser", int), e.get("winner", int))
                              for e in wargame.items("destroy")),
        victory_levels=tuple((e.get("min_margin", int), e.get("name", str)) for e in victory.items("levels")),
        victory_below=victory.get("below", str),
        turns=turns,
    )
    neighbours: dict[str, set[str]] = {code: set() for code in areas}
    for link in links:
        neighbours[link.a].add(link.b)
        neighbours[link.b].add(link.a)
    scenario.neighbours.update({code: frozenset(near) for code, near in neighbours.items()})
    scenario.link_index.update({frozenset((link.a, link.b)): link for link in links})
    return scenario


def _check_zone(entry: _Reader, key: str, zone: str, areas: dict[str, Area]) -> None:
    if zone == "friendly" or zone in areas:
        return
    if zone.startswith("region:") and any(a.region == zone[7:] for a in areas.values()):
        return
    entry.fail(f"unknown zone '{zone}' (an area code, 'friendly' or 'region:NAME')", key)


def _turn(entry: _Reader, number: int, areas, nations, troops) -> TurnSpec:
    entry.only("number", "name", "dates", "battles", "fixed_attacker", "fixed_arrows", "initiative", "sorties",
               "redeploy", "deployment", "missions")
    if entry.get("number", int) != number:
        entry.fail(f"turns must be numbered 1, 2, 3 ... in order; expected {number}", "number")
    battles = entry.child("battles")
    arrows = []
    for arrow in entry.items("fixed_arrows"):
        start, end = arrow.get("from", str), arrow.get("to", str)
        for key, code in (("from", start), ("to", end)):
            if code not in areas:
                arrow.fail(f"unknown area '{code}'", key)
        arrows.append((start, end))
    fixed_attacker = entry.get("fixed_attacker", str, "") or None
    initiative = None
    if "initiative" in entry.table:
        spec = entry.child("initiative")
        initiative = Initiative(spec.get("side", str), spec.get("modifier", int))
    if (initiative is None) == (fixed_attacker is None):
        entry.fail("needs either an initiative entry or a fixed_attacker with fixed_arrows, not both")
    sorties = entry.child("sorties", optional=True)
    for nation in sorties.table:
        if nation not in nations:
            sorties.fail(f"unknown nation '{nation}'", nation)
    rules = []
    for spec in entry.items("deployment"):
        kind = spec.get("rule", str)
        nation = spec.get("nation", str)
        if kind not in ("at_least", "next_to_enemy"):
            spec.fail(f"unknown deployment rule '{kind}' (at_least, next_to_enemy)", "rule")
        exceptions = tuple(DeploymentException(x.get("area", str), x.get("count", int, 1),
                                               x.get("kind", str, "") or None, x.get("troop", str, "") or None)
                           for x in spec.items("except"))
        for x in exceptions:
            if x.troop is not None and x.troop not in troops:
                spec.fail(f"unknown troop '{x.troop}'", "except")
        rule = DeploymentRule(kind, nation, spec.get("area", str, "") or None, spec.get("count", int, 1),
                              spec.get("enemy_nation", str, "") or None, exceptions)
        if kind == "at_least" and rule.area not in areas:
            spec.fail(f"unknown area '{rule.area}'", "area")
        rules.append(rule)
    missions = entry.strings("missions")
    if len(missions) != 6:
        entry.fail("should list six missions, one per d6 face", "missions")
    return TurnSpec(
        number=number, name=entry.get("name", str), dates=entry.get("dates", str, ""),
        battle_d3=battles.get("d3", int), battle_plus=battles.get("plus", int),
        fixed_attacker=fixed_attacker, fixed_arrows=tuple(arrows), initiative=initiative,
        sorties=tuple((n, sorties.get(n, int)) for n in sorties.table),
        redeploy=entry.strings("redeploy"), deployment=tuple(rules), missions=missions)
