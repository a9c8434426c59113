"""Campaign victory points and the outcome (rule 1.9)."""

from __future__ import annotations

from campaign_manager.engine.state import CampaignState, Phase
from campaign_manager.scenario.model import Scenario


def victory_points(sc: Scenario, st: CampaignState) -> dict[str, int]:
    """Objectives held plus what each side scored (captures, wins against a command centre)."""
    return {side: sc.objective_vp(st.control, side) + st.scored[side] for side in sc.sides}


def outcome(sc: Scenario, st: CampaignState) -> dict:
    """Leader, margin and the result if the campaign ended now (final once it is over)."""
    vp = victory_points(sc, st)
    axis, allied = vp["axis"], vp["allied"]
    leader = "axis" if axis > allied else "allied" if allied > axis else None
    margin = abs(axis - allied)
    result = sc.victory_below
    for threshold, name in sc.victory_levels:
        if margin >= threshold and leader:
            result = f"{sc.sides[leader]} {name}"
            break
    return {"leader": leader, "margin": margin, "result": result, "final": st.phase == Phase.FINISHED}


def result_order(sc: Scenario) -> dict[str, int]:
    """The campaign results from the Axis's best to the Allies' best, the draw between them: the
    order of a VP margin, Allied minus Axis, from low to high (what-if charts and lists)."""
    levels = [name for _, name in sorted(sc.victory_levels, reverse=True)]
    names = [f"{sc.sides['axis']} {name}" for name in levels] + [sc.victory_below]
    names += [f"{sc.sides['allied']} {name}" for name in reversed(levels)]
    return {name: index for index, name in enumerate(names)}
