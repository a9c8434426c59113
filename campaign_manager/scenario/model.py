"""The scenario declared once: one typed model per part of the file, as the engine reads it.

Each class is both the shape of its part of the TOML file (strict, unknown keys refused) and
the frozen object the rules engine reads. `ScenarioFile` is the whole file; `Scenario` (below)
indexes it for the engine. A turn's parts are in turns.py, the shared terms (a side's id, the
kinds, words in other languages) in terms.py. Where the file's form and the engine's differ, a
property gives the engine's (`TurnSpec.fixed_arrows` as pairs, `Troop.type` as its type).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Protocol

from pydantic import AfterValidator, ConfigDict, Field, PrivateAttr, RootModel

from campaign_manager.bounds import MAX_AREAS, MAX_LINKS, MAX_TROOPS, MAX_TURNS
from campaign_manager.datamodel import AnyText, Count, DataModel, Flag, Int, Keyed, OptionalText, Roll, Text, keyed
from campaign_manager.scenario.layout import MapLayout, Names
from campaign_manager.scenario.terms import Kind, OptionalSide, Side, in_language
from campaign_manager.scenario.turns import TurnSpec


class Head(DataModel):
    id: Text
    name: Text
    version: Int
    notice: AnyText = ""


def _colour(value: str) -> str:
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise ValueError(f'should be a colour written "#rrggbb" (e.g. "#2f5fa6"), not "{value}"')
    return value


Colour = Annotated[Text, AfterValidator(_colour), Field(description='a colour, "#rrggbb"')]


class SideColours(DataModel):
    """How a side is drawn: the tint of the areas it holds on the window's map and in print (in
    print the two sides' tints differ in lightness, to read in black and white), its ink for the
    marks and words that are its own (on screen, in print), and its nations' counters, one colour
    a nation in the order the file lists them."""

    tint: Colour
    print_tint: Colour
    ink: Colour
    print_ink: Colour
    counters: tuple[Colour, ...] = Field(min_length=1)


class SideSpec(DataModel):
    name: Text
    noun: Text | None = None  # in sentences ("the Allies take B2"); the name when missing
    colours: SideColours
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one
    nouns: Names = {}  # the noun in other languages; the name in that language when missing


class NationSpec(DataModel):
    name: Text
    side: Side
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one


class TerrainSpec(DataModel):
    name: Text
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one


class RegionSpec(DataModel):
    """A region's name (areas name their region; placement zones say "region:ID")."""

    name: Text
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one


class Area(DataModel):
    """One area of the map and how it is held at set-up."""

    code: Text
    name: Text
    controller: OptionalSide = None  # side at set-up; "" for nobody
    terrain: OptionalText = None
    vp: Count = 0
    region: OptionalText = None
    command_centre: Flag = False  # attacked, never captured
    command_centre_vp: Count = 0
    command_centre_scorer: OptionalSide = None
    staging: Flag = False  # never attacked, only attacked from
    impassable: Flag = False
    only_nations: tuple[Text, ...] = ()
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one


class Link(DataModel):
    """Two areas that touch; `fortified` crosses the scenario's fortified line (its
    `fortification`), `sea` is across the sea."""

    a: Text
    b: Text
    fortified: Flag = False
    sea: Flag = False


class MapSpec(DataModel):
    links: tuple[Link, ...] = Field(max_length=MAX_LINKS)


class Bonus(RootModel[dict[str, Int]]):
    """General's Wargame bonus by terrain of the area attacked."""

    model_config = ConfigDict(frozen=True)

    @property
    def by_terrain(self) -> tuple[tuple[str, int], ...]:
        return tuple(self.root.items())

    def on(self, terrain: str | None) -> int:
        return self.root.get(terrain or "", 0)


class Variant(DataModel):
    from_turn: Int
    name: Text
    bonus: Bonus
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one


class TroopType(Keyed):
    """A kind of Firestorm troop of one nation, with its wargame bonus and capture VP."""

    name: Text
    nation: Text
    kind: Kind
    bonus: Bonus
    capture_vp: Count
    variants: tuple[Variant, ...] = ()
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one

    def name_on(self, turn: int) -> str:
        """The name the troop has on `turn` (the latest variant in force), in the app's language."""
        name, names = self.name, self.names
        for variant in self.variants:
            if turn >= variant.from_turn:
                name, names = variant.name, variant.names
        return in_language(name, names)

    def on_turn(self, turn: int) -> tuple[str, Bonus]:
        """The name and bonus the troop has on `turn` (the latest variant in force)."""
        name, bonus = self.name, self.bonus
        for variant in self.variants:
            if turn >= variant.from_turn:
                name, bonus = variant.name, variant.bonus
        return name, bonus


class Arrival(DataModel):
    turn: Int
    zone: Text  # area code, "friendly", or "region:NAME"
    fallback: OptionalText = None


class Troop(DataModel):
    """One counter of the roster: where it starts, or when and where it arrives."""

    id: Text
    type_code: Text = Field(alias="type")
    start: OptionalText = None
    arrives: Arrival | None = None
    _type: TroopType | None = PrivateAttr(None)

    # Read often by the engine: cached in the instance, plain attributes from then on.
    @cached_property
    def type(self) -> TroopType:
        assert self._type is not None, "a troop is given its type when the scenario is read"
        return self._type

    @cached_property
    def nation(self) -> str:
        return self.type.nation

    @cached_property
    def kind(self) -> str:
        return self.type.kind

    def arrives_on(self, turn: int) -> bool:
        return self.arrives is not None and self.arrives.turn == turn


class Aircraft(Keyed):
    """A nation's aircraft: sorties, not counters."""

    name: Text
    bonus: Bonus
    interceptor: Flag = False  # only committed when an enemy aircraft is in the battle

    @cached_property
    def nation(self) -> str:
        return self._key


class Fortification(DataModel):
    """A fortified line: not a counter. Defenders of `nation` get it when an arrow of
    `attacker_side` crosses a `fortified` link into their area."""

    name: Text  # the fortification in sentences ("the ... defends this battle")
    line: OptionalText = None  # the line itself on the map ("across the ..."); the name when missing
    nation: Text
    attacker_side: Side
    bonus: Bonus
    tabletop: AnyText = ""  # what the defender adds in a tabletop game
    names: Names = {}  # the name in other languages ("de", "el"), shown where the app speaks one
    line_names: Names = {}  # the line in other languages
    tabletop_names: Names = {}  # what the defender adds, in other languages

    @property
    def title(self) -> str:
        """The fortification's name in the app's language."""
        return in_language(self.name, self.names)

    @property
    def line_name(self) -> str:
        """The line's name in the app's language (the fortification's when the file gives none)."""
        return in_language(self.line, self.line_names) if self.line else self.title

    @property
    def at_table(self) -> str:
        """What the defender adds in a tabletop game, in the app's language."""
        return in_language(self.tabletop, self.tabletop_names) if self.tabletop else ""


class SeaEscape(DataModel):
    nation: Text
    areas: tuple[Text, ...]


class Rules(DataModel):
    max_committed: Annotated[Int, Field(ge=1)]
    max_sorties: Count
    advance_limit: Count
    pool_zone: Text


class TabletopStep(DataModel):
    """Roll to destroy after a tabletop battle: from `min_vp` scored, the loser needs `on`."""

    min_vp: Count
    on: Roll

    @property
    def threshold(self) -> int:
        return self.min_vp

    @property
    def loser(self) -> int:
        return self.on

    @property
    def winner(self) -> int:
        return self.on


class DestroyStep(Protocol):
    """A row of a roll-to-destroy table, read from the top: from `threshold` on, the loser's
    and the winner's troops are destroyed on `loser`+ and `winner`+ (0: no roll)."""

    @property
    def threshold(self) -> int: ...

    @property
    def loser(self) -> int: ...

    @property
    def winner(self) -> int: ...


class Tabletop(DataModel):
    defeat_min_vp: Count
    destroy: tuple[TabletopStep, ...]


class WargameStep(DataModel):
    """Roll to destroy after a General's Wargame: from `min_difference`; 0 means no roll."""

    min_difference: Count
    loser: Roll
    winner: Roll

    @property
    def threshold(self) -> int:
        return self.min_difference


class Wargame(DataModel):
    destroy: tuple[WargameStep, ...]


class VictoryLevel(DataModel):
    min_margin: Count
    name: Text


class Victory(DataModel):
    levels: tuple[VictoryLevel, ...]
    below: Text


class ScenarioFile(DataModel):
    """A whole scenario file, as written."""

    scenario: Head
    sides: dict[Side, SideSpec]
    nations: dict[str, NationSpec]
    terrains: dict[str, TerrainSpec]
    regions: dict[str, RegionSpec] = {}
    map: MapSpec
    areas: tuple[Area, ...] = Field(min_length=1, max_length=MAX_AREAS)
    troop_types: dict[str, TroopType] = Field(max_length=MAX_TROOPS)
    aircraft: dict[str, Aircraft] = {}
    fortification: Fortification | None = None
    sea_escape: SeaEscape | None = None
    troops: tuple[Troop, ...] = Field((), max_length=MAX_TROOPS)
    rules: Rules
    tabletop: Tabletop
    wargame: Wargame
    victory: Victory
    turns: tuple[TurnSpec, ...] = Field(min_length=1, max_length=MAX_TURNS)
    layout: MapLayout | None = None


@dataclass(frozen=True)
class Scenario:
    """Everything the engine knows about one campaign, indexed for it; built by `parse_scenario`."""

    id: str
    name: str
    version: int
    notice: str
    source: str  # the file's text, kept in every campaign file made from it
    sides: dict[str, str]  # code → adjective ("Allied"), the two in the file's order
    side_nouns: dict[str, str]  # code → noun for sentences ("Allies")
    side_colours: dict[str, SideColours]  # code → how the side is drawn
    nations: dict[str, tuple[str, str]]  # code → (name, side)
    terrains: dict[str, str]
    regions: dict[str, str]  # id → name, where the file names the region
    areas: dict[str, Area]
    links: tuple[Link, ...]
    troop_types: dict[str, TroopType]
    troops: dict[str, Troop]
    aircraft: dict[str, Aircraft]
    fortification: Fortification | None
    sea_escape: SeaEscape | None
    max_committed: int
    max_sorties: int
    advance_limit: int
    pool_zone: str
    defeat_min_vp: int
    tabletop_destroy: tuple[DestroyStep, ...]
    wargame_destroy: tuple[DestroyStep, ...]
    victory_levels: tuple[tuple[int, str], ...]
    victory_below: str
    turns: tuple[TurnSpec, ...]
    neighbours: dict[str, frozenset[str]] = field(default_factory=dict)
    link_index: dict[frozenset[str], Link] = field(default_factory=dict)
    enemies: dict[str, str] = field(default_factory=dict)  # side → the other side
    layout: MapLayout | None = None  # the map's drawing (outlines, labels), when the file has one
    by_nation: dict[str, tuple[str, ...]] = field(default_factory=dict)  # nation → its troop ids, in file order
    read_as: tuple[str, ...] = ()  # what of an earlier form of the file was read as today's (scenario/migrate.py)
    # Sides' and nations' names in other languages: ("side", code), ("side noun", code), ("nation", code) → names.
    other_names: dict[tuple[str, str], Mapping[str, str]] = field(default_factory=dict)
    # Derived answers, kept: each of its own type, which the function keeping it knows.
    memo: dict[tuple[Hashable, ...], Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    @classmethod
    def of(cls, data: ScenarioFile, source: str, read_as: tuple[str, ...] = ()) -> Scenario:
        """The engine's index over a checked scenario file."""
        keyed(data.troop_types)
        keyed(data.aircraft)
        for troop in data.troops:
            troop._type = data.troop_types[troop.type_code]
        head, rules = data.scenario, data.rules
        scenario = cls(
            id=head.id,
            name=head.name,
            version=head.version,
            notice=head.notice,
            source=source,
            sides={code: s.name for code, s in data.sides.items()},
            side_nouns={code: s.noun or s.name for code, s in data.sides.items()},
            side_colours={code: s.colours for code, s in data.sides.items()},
            nations={code: (n.name, n.side) for code, n in data.nations.items()},
            terrains={code: t.name for code, t in data.terrains.items()},
            regions={code: r.name for code, r in data.regions.items()},
            areas={a.code: a for a in data.areas},
            links=data.map.links,
            troop_types=dict(data.troop_types),
            troops={t.id: t for t in data.troops},
            aircraft=dict(data.aircraft),
            fortification=data.fortification,
            sea_escape=data.sea_escape,
            max_committed=rules.max_committed,
            max_sorties=rules.max_sorties,
            advance_limit=rules.advance_limit,
            pool_zone=rules.pool_zone,
            defeat_min_vp=data.tabletop.defeat_min_vp,
            tabletop_destroy=data.tabletop.destroy,
            wargame_destroy=data.wargame.destroy,
            victory_levels=tuple((v.min_margin, v.name) for v in data.victory.levels),
            victory_below=data.victory.below,
            turns=data.turns,
            layout=data.layout,
            read_as=read_as,
            other_names=_other_names(data),
        )
        near: dict[str, set[str]] = {code: set() for code in scenario.areas}
        for link in data.map.links:
            near[link.a].add(link.b)
            near[link.b].add(link.a)
            scenario.link_index[frozenset((link.a, link.b))] = link
        scenario.neighbours.update({code: frozenset(codes) for code, codes in near.items()})
        if len(scenario.sides) == 2:  # as checked (an edited file with faults may have another count)
            first, second = scenario.sides
            scenario.enemies.update({first: second, second: first})
        for nation in scenario.nations:
            scenario.by_nation[nation] = tuple(t.id for t in data.troops if t.nation == nation)
        return scenario

    @property
    def side_ids(self) -> tuple[str, str]:
        """The two sides' ids in the file's order: the first is drawn on the left of a VP margin."""
        first, second = self.sides
        return first, second

    def enemy_of(self, side: str) -> str:
        """The other side (of anything that is not the first side: the first)."""
        return self.enemies.get(side) or next(iter(self.sides))

    def side_of(self, nation: str) -> str:
        return self.nations[nation][1]

    def troops_of(self, nation: str) -> tuple[str, ...]:
        return self.by_nation.get(nation, ())

    def troops_like(self, nation: str, kind: str | None, troop: str | None) -> frozenset[str]:
        """The nation's troops of that kind (any kind: None), or only `troop` when one is named."""
        key = ("troops_like", nation, kind, troop)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = frozenset(
                t for t in self.troops_of(nation) if troop in (None, t) and kind in (None, self.troops[t].kind)
            )
        return found

    def nation_name(self, nation: str) -> str:
        """The nation's name ("Greek"), in the app's language where the scenario gives it."""
        return in_language(self.nations[nation][0], self.other_names.get(("nation", nation), {}))

    def side_noun(self, side: str) -> str:
        """The side as a noun for sentences ("Allies"), in the app's language where the scenario gives it."""
        return in_language(self.side_nouns[side], self.other_names.get(("side noun", side), {}))

    def terrain_name(self, terrain: str) -> str:
        """A terrain's name ("Rough"), in the app's language where the scenario gives it; an id the
        scenario does not list, as it is."""
        return in_language(self.terrains.get(terrain, terrain), self.other_names.get(("terrain", terrain), {}))

    def region_name(self, region: str) -> str:
        """A region's name ("Albania"), in the app's language where the scenario gives it; a region
        the file does not name, its id with a capital."""
        return in_language(self.regions.get(region, region.title()), self.other_names.get(("region", region), {}))

    def side_adjective(self, side: str) -> str:
        """The side's name ("Allied"), in the app's language where the scenario gives it."""
        return in_language(self.sides[side], self.other_names.get(("side", side), {}))

    def link(self, a: str, b: str) -> Link | None:
        return self.link_index.get(frozenset((a, b)))

    def turn(self, number: int) -> TurnSpec:
        return self.turns[number - 1]

    def area_name(self, code: str) -> str:
        """The area's name, in the app's language where the scenario gives it (its `names`)."""
        area = self.areas[code]
        return in_language(area.name, area.names)

    def area_label(self, code: str) -> str:
        """The area's code and name ("A1 NAME"), the name in the app's language where the scenario gives it."""
        return f"{code} {self.area_name(code)}"

    def may_enter(self, nation: str, code: str) -> bool:
        area = self.areas[code]
        if area.impassable:
            return False
        return not area.only_nations or nation in area.only_nations

    def objective_vp(self, control: dict[str, str | None], side: str) -> int:
        return sum(area.vp for code, area in self.areas.items() if control.get(code) == side)


def _other_names(data: ScenarioFile) -> dict[tuple[str, str], Mapping[str, str]]:
    """The sides' and nations' names in other languages, where the file gives them."""
    found: dict[tuple[str, str], Mapping[str, str]] = {}
    for code, side in data.sides.items():
        if side.names:
            found["side", code] = side.names
        if side.nouns or side.names:
            found["side noun", code] = {**side.names, **side.nouns}  # a name in that language beats the noun in English
    for code, nation in data.nations.items():
        if nation.names:
            found["nation", code] = nation.names
    for code, terrain in data.terrains.items():
        if terrain.names:
            found["terrain", code] = terrain.names
    for code, region in data.regions.items():
        if region.names:
            found["region", code] = region.names
    return {key: names for key, names in found.items() if names}
