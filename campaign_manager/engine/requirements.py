"""A turn's requirements (rule 1.5) in plain data: what the generals look up first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.deployment import deployment_problems
from campaign_manager.engine.lookup import counted, label, placement_areas, placement_words, zone_words
from campaign_manager.engine.state import POOL, CampaignState, Phase
from campaign_manager.errors import UserError
from campaign_manager.scenario.model import DeploymentRule, Scenario


class ArrivalView(TypedDict):
    """A troop that arrives in the turn: where it may go, in words (and, once the turn has
    started, the areas it may be placed in now); `from_pool`: back from the reinforcement pool."""

    id: str
    nation: str
    kind: str
    zone: str
    may_go: NotRequired[list[str]]
    from_pool: NotRequired[bool]


class TurnBattlesView(TypedDict):
    """How many battles the turn has: its formula and dice, and (in the turn itself) the count."""

    formula: str
    dice: int
    dice_words: str
    required: int | None
    fought: int | None


FixedArrowView = TypedDict("FixedArrowView", {"from": str, "to": str, "attacker": str | None})


class InitiativeRuleView(TypedDict):
    side: str
    modifier: int
    ties: str
    words: str


class FortificationView(TypedDict):
    name: str
    links: list[str]
    tabletop: str
    words: str


class RequirementsView(TypedDict):
    """What a turn asks for (`requirements`, the `requirements --json` answer)."""

    turn: int
    name: str
    dates: str
    battles: TurnBattlesView
    fixed_arrows: list[FixedArrowView]
    initiative: InitiativeRuleView | None
    sorties: dict[str, int]
    redeploy: list[str]
    deployment: list[str]
    deployment_problems: list[str]
    reinforcements: list[ArrivalView]
    missions: dict[str, str]
    fortification: FortificationView | None


def default_turn(sc: Scenario, st: CampaignState) -> int:
    """The turn under way, or the next one between turns."""
    if st.phase in (Phase.SETUP, Phase.STRATEGIC):
        return min(st.turn + 1, len(sc.turns))
    return max(st.turn, 1)


def battle_count_words(required: int, fought: int, ceiling: int | None = None) -> str:
    """Where the turn's battle count stands, as a plain sentence: "2 battles required, 0 fought so
    far" (more may be fought than required); in a General's Wargame, with its `ceiling` (rule
    1.5): "5 battles this turn (4 rolled, 1 extra agreed), 0 fought so far"."""
    if ceiling is None:
        return f"{counted(required, 'battle')} required, {fought} fought so far"
    extra = ceiling - required
    agreed = f"{required} rolled, {extra} extra agreed" if extra else "no extra agreed"  # turn 1: fixed, not rolled
    return f"{counted(ceiling, 'battle')} this turn ({agreed}), {fought} fought so far"


def count_words(battles: Mapping[str, Any]) -> str:
    """`battle_count_words` for a view's "battles" (engine/views.py; a turn's requirements once
    its count is known): read by key, as either view has it."""
    return battle_count_words(battles["required"], battles["fought"], battles.get("ceiling"))


def rule_words(sc: Scenario, rule: DeploymentRule) -> str:
    nation = sc.nation_name(rule.nation)
    if rule.rule == "at_least":
        return f"at least {counted(rule.count, nation + ' troop')} in {label(sc, rule.area or '')}"
    holder = sc.side_nouns[sc.side_of(rule.nation)]
    allowed = "; and ".join(
        f"{x.troop or ' '.join((str(x.count), nation, x.kind or 'troop'))}, who stays in {label(sc, x.area)} "
        f"while the {holder} hold it"
        for x in rule.exceptions
    )
    return f"every {nation} troop next to an area holding {sc.nation_name(rule.enemy_nation or '')} troops" + (
        f", except {allowed}" if allowed else ""
    )


def requirements(sc: Scenario, st: CampaignState, number: int | None = None) -> RequirementsView:
    number = default_turn(sc, st) if number is None else number
    if not 1 <= number <= len(sc.turns):
        raise UserError(f"there is no turn {number}: this scenario has turns 1 to {len(sc.turns)}")
    spec = sc.turn(number)
    current = st.turn == number and st.phase != Phase.SETUP
    formula = " + ".join(filter(None, (f"{spec.battle_d3}D3" if spec.battle_d3 else "", str(spec.battle_plus))))
    if st.turn == number and st.phase == Phase.PLANNING:
        # The turn has started: what still waits, and where each may go now.
        arrivals: list[ArrivalView] = [
            {
                "id": t,
                "nation": sc.troops[t].nation,
                "kind": sc.troops[t].kind,
                "zone": placement_words(sc, st, t),
                "may_go": placement_areas(sc, st, t),
                "from_pool": not sc.troops[t].arrives_on(number),
            }
            for t in sorted(st.waiting_zone)
        ]
    else:
        arrivals = [
            {"id": t.id, "nation": t.nation, "kind": t.kind, "zone": zone_words(sc, t.arrives.zone)}
            for t in sc.troops.values()
            if t.arrives and t.arrives.turn == number
        ]
        if st.turn == number - 1:
            arrivals += [
                {
                    "id": t,
                    "nation": sc.troops[t].nation,
                    "kind": sc.troops[t].kind,
                    "zone": zone_words(sc, sc.pool_zone),
                    "from_pool": True,
                }
                for t, place in st.where.items()
                if place == POOL
            ]
    initiative: InitiativeRuleView | None = None
    if spec.initiative:
        side = spec.initiative.side
        initiative = {
            "side": side,
            "modifier": spec.initiative.modifier,
            "ties": side,
            "words": f"each side rolls a d6; the {sc.side_nouns[side]} add {spec.initiative.modifier} and win ties",
        }
    return {
        "turn": number,
        "name": spec.name,
        "dates": spec.dates,
        "battles": {
            "formula": formula,
            "dice": spec.battle_d3,
            "dice_words": (
                f"roll {spec.battle_d3} d6 and read each as a D3 (1-2 → 1, 3-4 → 2, 5-6 → 3)"
                if spec.battle_d3
                else "no dice: the count is fixed"
            ),
            "required": st.battles_required if current else None,
            "fought": st.battles_fought if current else None,
        },
        "fixed_arrows": [{"from": a, "to": b, "attacker": spec.fixed_attacker} for a, b in spec.fixed_arrows],
        "initiative": initiative,
        "sorties": dict(spec.sorties),
        "redeploy": list(spec.redeploy),
        "deployment": [rule_words(sc, r) for r in spec.deployment],
        "deployment_problems": deployment_problems(sc, st) if st.turn == number and st.phase == Phase.PLANNING else [],
        "reinforcements": arrivals,
        "missions": {str(face): name for face, name in enumerate(spec.missions, start=1)},
        "fortification": fortification_view(sc),
    }


def fortification_view(sc: Scenario) -> FortificationView | None:
    """Where the fortification stands and what it means at the table (rule 1.3)."""
    fort = sc.fortification
    if fort is None:
        return None
    links = [f"{link.a}–{link.b}" for link in sc.links if link.fortified]
    words = (
        f"an attack by the {sc.side_nouns[fort.attacker_side]} across {', '.join(links)} into an area holding "
        f"{sc.nation_name(fort.nation)} troops meets the {fort.name}: "
        + fortification_words(sc, fort.name).split(": ", 1)[1]
    )
    return {"name": fort.name, "links": links, "tabletop": fort.tabletop, "words": words}
