"""Plain-data views of a campaign for the command line, the GUI and reports."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.legal import fortification_name
from campaign_manager.engine.lookup import placement_areas, placement_words
from campaign_manager.engine.state import CAPTURED, POOL, RESERVE, WAITING, Arrow, CampaignState, CommitmentJson, Phase
from campaign_manager.engine.victory import Outcome, VPPartJson, levels_words, outcome, victory_points, vp_breakdown
from campaign_manager.scenario.model import Scenario


class TroopView(TypedDict):
    """A troop as the views show it; a waiting troop also says where it may be placed."""

    id: str
    nation: str
    kind: str
    name: str
    zone: NotRequired[str]
    may_go: NotRequired[list[str]]


class AreaView(TypedDict):
    name: str
    controller: str | None
    terrain: str | None
    vp: int
    troops: list[TroopView]
    links: list[str]
    impassable: bool


class InitiativeView(TypedDict):
    attacker: str
    dice: list[int]


class BattlesView(TypedDict):
    """The turn's battle count: fought, required, and the ceiling of a General's Wargame."""

    fought: int
    required: int
    ceiling: int | None


# An open arrow: "from" is a Python word, so this one is declared by call.
ArrowView = TypedDict(
    "ArrowView",
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


class OutcomeView(Outcome):
    levels: str  # the victory levels, in words


class StateView(TypedDict):
    """Everything `show --json` prints (`state_view`); off-map troops are listed by side."""

    scenario: str
    turn: int
    turn_name: str | None
    phase: Phase
    areas: dict[str, AreaView]
    reinforcements: dict[str, list[TroopView]]
    pools: dict[str, list[TroopView]]
    captured: dict[str, list[TroopView]]
    not_yet_arrived: dict[str, list[TroopView]]
    sorties: dict[str, int]
    initiative: InitiativeView | None
    battles: BattlesView
    open_arrows: list[ArrowView]
    command_centre_wins: dict[str, int]
    vp: dict[str, int]
    vp_breakdown: dict[str, list[VPPartJson]]
    outcome: OutcomeView


def troop_view(sc: Scenario, st: CampaignState, troop_id: str) -> TroopView:
    member = sc.troops[troop_id]
    name, _ = member.type.on_turn(max(st.turn, 1))
    return {"id": troop_id, "nation": member.nation, "kind": member.kind, "name": name}


def _fortification(sc: Scenario, st: CampaignState, arrow: Arrow) -> str | None:
    name = fortification_name(sc, st, arrow.origin, arrow.target, arrow.attacker_side)
    return None if name is None else fortification_words(sc, name)


def state_view(sc: Scenario, st: CampaignState) -> StateView:
    """Everything `show --json` prints: turn, map, off-map troops, battles, VP and outcome."""
    areas: dict[str, AreaView] = {}
    for code, area in sc.areas.items():
        areas[code] = {
            "name": area.name,
            "controller": st.control.get(code),
            "terrain": area.terrain,
            "vp": area.vp,
            "troops": [troop_view(sc, st, t) for t in st.troops_in(code)],
            "links": sorted(sc.neighbours[code]),
            "impassable": area.impassable,
        }
    off_map: dict[str, dict[str, list[TroopView]]] = {
        place: {side: [] for side in sc.sides} for place in (WAITING, POOL, CAPTURED, RESERVE)
    }
    for troop_id, place in st.where.items():
        if place in off_map:
            entry = troop_view(sc, st, troop_id)
            if place == WAITING:
                entry["zone"] = placement_words(sc, st, troop_id)
                entry["may_go"] = placement_areas(sc, st, troop_id)
            off_map[place][sc.side_of(sc.troops[troop_id].nation)].append(entry)
    spec = sc.turn(st.turn) if st.turn else None
    return {
        "scenario": sc.name,
        "turn": st.turn,
        "turn_name": spec.name if spec else None,
        "phase": st.phase,
        "areas": areas,
        "reinforcements": off_map[WAITING],
        "pools": off_map[POOL],
        "captured": off_map[CAPTURED],
        "not_yet_arrived": off_map[RESERVE],
        "sorties": dict(st.sorties),
        "initiative": None if st.initiative is None else {"attacker": st.initiative[0], "dice": list(st.initiative[1])},
        "battles": {"fought": st.battles_fought, "required": st.battles_required, "ceiling": st.battle_ceiling},
        "open_arrows": [
            {
                "from": a.origin,
                "to": a.target,
                "attacker_side": a.attacker_side,
                "attacker": a.attacker.to_json(),
                "defender": a.defender.to_json(),
                "fortification": _fortification(sc, st, a),
                "mission": None if a.mission_die is None else sc.turn(st.turn).missions[a.mission_die - 1],
            }
            for a in st.open_arrows
        ],
        "command_centre_wins": dict(st.command_wins),
        "vp": victory_points(sc, st),
        "vp_breakdown": {side: [part.to_json() for part in parts] for side, parts in vp_breakdown(sc, st).items()},
        "outcome": {**outcome(sc, st), "levels": levels_words(sc)},
    }
