"""The scenario as frozen data: what the rules engine reads and never changes."""

from __future__ import annotations

from dataclasses import dataclass, field

from campaign_manager.scenario.layout import MapLayout

SIDES = ("axis", "allied")
KINDS = ("infantry", "mountain", "armour", "mechanised", "motorcycle")


def enemy_of(side: str) -> str:
    return "allied" if side == "axis" else "axis"


@dataclass(frozen=True)
class Area:
    code: str
    name: str
    controller: str | None  # side at set-up, None for nobody
    terrain: str | None
    vp: int = 0
    region: str | None = None
    command_centre: bool = False  # attacked, never captured
    command_centre_vp: int = 0
    command_centre_scorer: str | None = None
    staging: bool = False  # never attacked, only attacked from
    impassable: bool = False
    only_nations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    metaxas: bool = False
    sea: bool = False


@dataclass(frozen=True)
class Bonus:
    """General's Wargame bonus by terrain; None where the bonus does not apply."""

    by_terrain: tuple[tuple[str, int], ...]

    def on(self, terrain: str | None) -> int:
        return dict(self.by_terrain).get(terrain or "", 0)


@dataclass(frozen=True)
class Variant:
    from_turn: int
    name: str
    bonus: Bonus


@dataclass(frozen=True)
class TroopType:
    code: str
    name: str
    nation: str
    kind: str
    bonus: Bonus
    capture_vp: int
    variants: tuple[Variant, ...] = ()

    def on_turn(self, turn: int) -> tuple[str, Bonus]:
        """The name and bonus the troop has on `turn` (the latest variant in force)."""
        name, bonus = self.name, self.bonus
        for variant in self.variants:
            if turn >= variant.from_turn:
                name, bonus = variant.name, variant.bonus
        return name, bonus


@dataclass(frozen=True)
class Arrival:
    turn: int
    zone: str  # area code, "friendly", or "region:NAME"
    fallback: str | None = None


@dataclass(frozen=True)
class Troop:
    id: str
    type: TroopType
    start: str | None = None
    arrives: Arrival | None = None

    @property
    def nation(self) -> str:
        return self.type.nation

    @property
    def kind(self) -> str:
        return self.type.kind


@dataclass(frozen=True)
class Aircraft:
    nation: str
    name: str
    bonus: Bonus
    interceptor: bool = False


@dataclass(frozen=True)
class Fortification:
    name: str
    nation: str
    attacker_side: str
    bonus: Bonus
    tabletop: str = ""  # what the defender adds in a tabletop game, e.g. "the Greek player adds two HMG nests"


@dataclass(frozen=True)
class SeaEscape:
    nation: str
    areas: tuple[str, ...]


@dataclass(frozen=True)
class Initiative:
    side: str  # adds the modifier and wins ties
    modifier: int


@dataclass(frozen=True)
class DeploymentException:
    area: str
    count: int
    kind: str | None = None
    troop: str | None = None


@dataclass(frozen=True)
class DeploymentRule:
    rule: str  # "at_least" or "next_to_enemy"
    nation: str
    area: str | None = None
    count: int = 1
    enemy_nation: str | None = None
    exceptions: tuple[DeploymentException, ...] = ()


@dataclass(frozen=True)
class TurnSpec:
    number: int
    name: str
    dates: str
    battle_d3: int
    battle_plus: int
    fixed_attacker: str | None
    fixed_arrows: tuple[tuple[str, str], ...]
    initiative: Initiative | None
    sorties: tuple[tuple[str, int], ...]
    redeploy: tuple[str, ...]
    deployment: tuple[DeploymentRule, ...]
    missions: tuple[str, ...]


@dataclass(frozen=True)
class DestroyStep:
    threshold: int  # minimum VP (tabletop) or difference (wargame)
    loser: int  # score needed on a d6; 0 = no roll
    winner: int


@dataclass(frozen=True)
class Scenario:
    """Everything the engine knows about one campaign; built by `parse_scenario`."""

    id: str
    name: str
    version: int
    notice: str
    source: str  # the file's text, kept in every campaign file made from it
    sides: dict[str, str]  # code → adjective ("Allied")
    side_nouns: dict[str, str]  # code → noun for sentences ("Allies")
    nations: dict[str, tuple[str, str]]  # code → (name, side)
    terrains: dict[str, str]
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
    layout: MapLayout | None = None  # the map's drawing (outlines, labels), when the file has one

    def side_of(self, nation: str) -> str:
        return self.nations[nation][1]

    def nation_name(self, nation: str) -> str:
        return self.nations[nation][0]

    def link(self, a: str, b: str) -> Link | None:
        return self.link_index.get(frozenset((a, b)))

    def turn(self, number: int) -> TurnSpec:
        return self.turns[number - 1]

    def area_label(self, code: str) -> str:
        return f"{code} {self.areas[code].name}"

    def may_enter(self, nation: str, code: str) -> bool:
        area = self.areas[code]
        if area.impassable:
            return False
        return not area.only_nations or nation in area.only_nations

    def objective_vp(self, control: dict[str, str | None], side: str) -> int:
        return sum(area.vp for code, area in self.areas.items() if control.get(code) == side)
