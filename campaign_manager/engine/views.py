"""What a campaign looks like at one moment, as frozen typed models: the window's panel, map and
menus, the printed reports and the command line all read the same picture by attribute. The
JSON `show --json` prints is derived from it at the edge (`StateView.to_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NotRequired, TypedDict

from campaign_manager import i18n
from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.legal import fortification_name
from campaign_manager.engine.lookup import placement_areas, placement_words
from campaign_manager.engine.memo import PerState
from campaign_manager.engine.state import (
    CAPTURED,
    POOL,
    RESERVE,
    WAITING,
    Arrow,
    CampaignState,
    Commitment,
    CommitmentJson,
    Phase,
)
from campaign_manager.engine.victory import (
    Outcome,
    OutcomeJson,
    VPPart,
    VPPartJson,
    levels_words,
    outcome,
    result_words,
    victory_points,
    vp_breakdown,
)
from campaign_manager.scenario.model import Scenario

# -- the JSON shapes (`show --json`) ---------------------------------------------------------


class TroopJson(TypedDict):
    id: str
    nation: str
    kind: str
    name: str
    zone: NotRequired[str]
    may_go: NotRequired[list[str]]


class AreaJson(TypedDict):
    name: str
    controller: str | None
    terrain: str | None
    vp: int
    troops: list[TroopJson]
    links: list[str]
    impassable: bool


class InitiativeJson(TypedDict):
    attacker: str
    dice: list[int]


class BattlesJson(TypedDict):
    fought: int
    required: int
    ceiling: int | None


# An open arrow: "from" is a Python word, so this one is declared by call.
ArrowJson = TypedDict(
    "ArrowJson",
    {
        "from": str,
        "to": str,
        "attacker_side": str,
        "attacker": CommitmentJson,
        "defender": CommitmentJson,
        "fortification": str | None,
        "mission": str | None,
    },
)


class OutcomeViewJson(OutcomeJson):
    levels: str


class StateJson(TypedDict):
    scenario: str
    turn: int
    turn_name: str | None
    phase: Phase
    areas: dict[str, AreaJson]
    reinforcements: dict[str, list[TroopJson]]
    pools: dict[str, list[TroopJson]]
    captured: dict[str, list[TroopJson]]
    not_yet_arrived: dict[str, list[TroopJson]]
    sorties: dict[str, int]
    initiative: InitiativeJson | None
    battles: BattlesJson
    open_arrows: list[ArrowJson]
    command_centre_wins: dict[str, int]
    vp: dict[str, int]
    vp_breakdown: dict[str, list[VPPartJson]]
    outcome: OutcomeViewJson


# -- the models --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TroopView:
    """A troop as the views show it; a waiting troop also says where it may be placed (`zone`,
    in words, and the areas it `may_go` to now)."""

    id: str
    nation: str
    kind: str
    name: str
    zone: str | None = None
    may_go: tuple[str, ...] | None = None

    def to_json(self) -> TroopJson:
        data: TroopJson = {"id": self.id, "nation": self.nation, "kind": self.kind, "name": self.name}
        if self.zone is not None:
            data["zone"] = self.zone
        if self.may_go is not None:
            data["may_go"] = list(self.may_go)
        return data


@dataclass(frozen=True, slots=True)
class AreaView:
    """An area of the map: who holds it, its terrain and VP, the troops in it, its neighbours."""

    name: str
    controller: str | None
    terrain: str | None
    vp: int
    troops: tuple[TroopView, ...]
    links: tuple[str, ...]
    impassable: bool

    def to_json(self) -> AreaJson:
        return {
            "name": self.name,
            "controller": self.controller,
            "terrain": self.terrain,
            "vp": self.vp,
            "troops": [t.to_json() for t in self.troops],
            "links": list(self.links),
            "impassable": self.impassable,
        }


@dataclass(frozen=True, slots=True)
class InitiativeView:
    """The initiative rolled ahead of the turn's next battle: who attacks, and both dice."""

    attacker: str
    dice: tuple[int, ...]

    def to_json(self) -> InitiativeJson:
        return {"attacker": self.attacker, "dice": list(self.dice)}


@dataclass(frozen=True, slots=True)
class BattlesView:
    """The turn's battle count: fought, required, and the ceiling of a General's Wargame."""

    fought: int
    required: int
    ceiling: int | None

    def to_json(self) -> BattlesJson:
        return {"fought": self.fought, "required": self.required, "ceiling": self.ceiling}


@dataclass(frozen=True, slots=True)
class ArrowView:
    """An open battle arrow: where from and to, who attacks with what, the fortification the
    attack meets (in words) and the mission rolled for it."""

    origin: str
    target: str
    attacker_side: str
    attacker: Commitment
    defender: Commitment
    fortification: str | None
    mission: str | None

    def to_json(self) -> ArrowJson:
        return {
            "from": self.origin,
            "to": self.target,
            "attacker_side": self.attacker_side,
            "attacker": self.attacker.to_json(),
            "defender": self.defender.to_json(),
            "fortification": self.fortification,
            "mission": self.mission,
        }


@dataclass(frozen=True, slots=True)
class OutcomeView(Outcome):
    """The outcome with the victory levels in words (the VP indicator's tooltip, the reports)."""

    levels: str = ""

    def to_json(self) -> OutcomeViewJson:
        return {**Outcome.to_json(self), "levels": self.levels}


BySide = Mapping[str, tuple[TroopView, ...]]


@dataclass(frozen=True, slots=True)
class StateView:
    """Everything `show --json` prints (`state_view`); off-map troops are listed by side. Shared
    by every reader of the same state, so its mappings are read-only."""

    scenario: str
    turn: int
    turn_name: str | None
    phase: Phase
    areas: Mapping[str, AreaView]
    reinforcements: BySide
    pools: BySide
    captured: BySide
    not_yet_arrived: BySide
    sorties: Mapping[str, int]
    initiative: InitiativeView | None
    battles: BattlesView
    open_arrows: tuple[ArrowView, ...]
    command_centre_wins: Mapping[str, int]
    vp: Mapping[str, int]
    vp_breakdown: Mapping[str, tuple[VPPart, ...]]
    outcome: OutcomeView
    # What it was worked out from, so `to_json` says its words in English in every language.
    source: tuple[Scenario, CampaignState] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> StateJson:
        """The view as `show --json` prints it: its words in English, whatever the language."""
        if self.source is not None:
            with i18n.english():
                return _build(*self.source, kept=False).to_json()

        def by_side(troops: BySide) -> dict[str, list[TroopJson]]:
            return {side: [t.to_json() for t in listed] for side, listed in troops.items()}

        return {
            "scenario": self.scenario,
            "turn": self.turn,
            "turn_name": self.turn_name,
            "phase": self.phase,
            "areas": {code: area.to_json() for code, area in self.areas.items()},
            "reinforcements": by_side(self.reinforcements),
            "pools": by_side(self.pools),
            "captured": by_side(self.captured),
            "not_yet_arrived": by_side(self.not_yet_arrived),
            "sorties": dict(self.sorties),
            "initiative": None if self.initiative is None else self.initiative.to_json(),
            "battles": self.battles.to_json(),
            "open_arrows": [a.to_json() for a in self.open_arrows],
            "command_centre_wins": dict(self.command_centre_wins),
            "vp": dict(self.vp),
            "vp_breakdown": {side: [p.to_json() for p in parts] for side, parts in self.vp_breakdown.items()},
            "outcome": self.outcome.to_json(),
        }


def troop_view(sc: Scenario, st: CampaignState, troop_id: str) -> TroopView:
    member = sc.troops[troop_id]
    return TroopView(troop_id, member.nation, member.kind, member.type.name_on(max(st.turn, 1)))


def _fortification(sc: Scenario, st: CampaignState, arrow: Arrow) -> str | None:
    name = fortification_name(sc, st, arrow.origin, arrow.target, arrow.attacker_side)
    return None if name is None else fortification_words(sc, name)


def _arrow(sc: Scenario, st: CampaignState, a: Arrow) -> ArrowView:
    mission = None if a.mission_die is None else sc.turn(st.turn).mission_titles[a.mission_die - 1]
    return ArrowView(a.origin, a.target, a.attacker_side, a.attacker, a.defender, _fortification(sc, st, a), mission)


def _areas(sc: Scenario, st: CampaignState) -> dict[str, AreaView]:
    return {
        code: AreaView(
            sc.area_name(code),  # in the app's language; `to_json` builds the view again in English
            st.control.get(code),
            area.terrain,
            area.vp,
            tuple(troop_view(sc, st, t) for t in st.troops_in(code)),
            tuple(sorted(sc.neighbours[code])),
            area.impassable,
        )
        for code, area in sc.areas.items()
    }


def _off_map(sc: Scenario, st: CampaignState) -> dict[str, dict[str, tuple[TroopView, ...]]]:
    """The troops in each off-map place (waiting, pool, captured, reserve), by side."""
    found: dict[str, dict[str, list[TroopView]]] = {
        place: {side: [] for side in sc.sides} for place in (WAITING, POOL, CAPTURED, RESERVE)
    }
    for troop_id, place in st.where.items():
        if place in found:
            entry = troop_view(sc, st, troop_id)
            if place == WAITING:
                zone, may_go = placement_words(sc, st, troop_id), tuple(placement_areas(sc, st, troop_id))
                entry = TroopView(entry.id, entry.nation, entry.kind, entry.name, zone, may_go)
            found[place][sc.side_of(sc.troops[troop_id].nation)].append(entry)
    return {place: {side: tuple(troops) for side, troops in sides.items()} for place, sides in found.items()}


_PICTURES: PerState[StateView] = PerState()


def state_view(sc: Scenario, st: CampaignState) -> StateView:
    """The campaign's picture: turn, map, off-map troops, battles, VP and outcome. Built once
    for a given (scenario, state) pair: the panel, the map and the menus share it."""
    return _PICTURES.get(sc, st, i18n.language_key(), lambda: _build(sc, st))


def _build(sc: Scenario, st: CampaignState, kept: bool = True) -> StateView:
    """The picture (`kept`: holding its scenario and state, for `to_json` to say its words in English)."""
    off_map = _off_map(sc, st)
    spec = sc.turn(st.turn) if st.turn else None
    found = outcome(sc, st)
    return StateView(
        scenario=sc.name,
        turn=st.turn,
        turn_name=spec.title if spec else None,
        phase=st.phase,
        areas=MappingProxyType(_areas(sc, st)),
        reinforcements=MappingProxyType(off_map[WAITING]),
        pools=MappingProxyType(off_map[POOL]),
        captured=MappingProxyType(off_map[CAPTURED]),
        not_yet_arrived=MappingProxyType(off_map[RESERVE]),
        sorties=MappingProxyType(dict(st.sorties)),
        initiative=None if st.initiative is None else InitiativeView(st.initiative[0], tuple(st.initiative[1])),
        battles=BattlesView(st.battles_fought, st.battles_required, st.battle_ceiling),
        open_arrows=tuple(_arrow(sc, st, a) for a in st.open_arrows),
        command_centre_wins=MappingProxyType(st.command_wins),
        vp=MappingProxyType(victory_points(sc, st)),
        vp_breakdown=MappingProxyType({side: tuple(parts) for side, parts in vp_breakdown(sc, st).items()}),
        outcome=OutcomeView(found.leader, found.margin, result_words(sc, found), found.final, levels_words(sc)),
        source=(sc, st) if kept else None,
    )
