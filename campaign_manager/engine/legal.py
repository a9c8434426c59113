"""Which battle arrows a side may place now (rule 1.4): used by the rules themselves, the
battle wizard and computer players."""

from __future__ import annotations

from campaign_manager.engine.state import CampaignState
from campaign_manager.scenario.model import Scenario, enemy_of


def arrows(sc: Scenario, st: CampaignState, side: str) -> list[tuple[str, str]]:
    """Every (from, to) the side could attack along right now, in map order."""
    if st.turn == 0:
        return []
    spec = sc.turn(st.turn)
    if spec.fixed_arrows and side != spec.fixed_attacker:
        return []
    busy = st.committed()
    open_pairs = {arrow.pair() for arrow in st.open_arrows}
    ready = {place for troop, place in st.where.items()
             if place in sc.areas and troop not in busy and sc.side_of(sc.troops[troop].nation) == side}
    found = []
    for link in sc.links:
        for origin, target in ((link.a, link.b), (link.b, link.a)):
            goal = sc.areas[target]
            if (origin not in ready or st.control.get(origin) != side or st.control.get(target) != enemy_of(side)
                    or goal.impassable or goal.staging or frozenset((origin, target)) in open_pairs):
                continue
            if spec.fixed_arrows and ((origin, target) not in spec.fixed_arrows
                                      or (origin, target) in st.fixed_fought):
                continue
            found.append((origin, target))
    return found


def any_arrow(sc: Scenario, st: CampaignState) -> bool:
    return any(arrows(sc, st, side) for side in sc.sides)
