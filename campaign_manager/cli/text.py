"""Plain-text renderings for people at a terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from campaign_manager.engine.requirements import RequirementsView, count_words
from campaign_manager.engine.state import Phase
from campaign_manager.engine.views import AreaView, StateView, TroopView
from campaign_manager.scenario.model import Scenario


def _side(sc: Scenario, side: str | None) -> str:
    return sc.sides.get(side or "", "—")


def _troops(items: Sequence[TroopView]) -> str:
    return ", ".join(t.id for t in items) or "none"


def _links(area: AreaView) -> str:
    """The areas next to this one; an impassable area (no one enters it) says so instead."""
    return "impassable" if area.impassable else " ".join(area.links)


def show_text(sc: Scenario, name: str, view: StateView) -> str:
    lines = [f"{name} — {view.scenario}"]
    if view.turn:
        lines.append(f"Turn {view.turn} ({view.turn_name}), {view.phase} phase; {count_words(view.battles)}")
        if view.phase == Phase.STRATEGIC and view.turn < len(sc.turns):
            lines.append(f"Turn {view.turn} is over: apply start_turn to begin turn {view.turn + 1}")
    else:
        lines.append("Not started: apply start_turn to begin turn 1")
    vp, out = view.vp, view.outcome
    lead = f"the {sc.side_nouns[out.leader]} lead by {out.margin}" if out.leader else "level"
    when = "final result" if out.final else "if it ended now"
    standing = ", ".join(f"{sc.sides[side]} {points}" for side, points in vp.items())
    lines.append(f"VP: {standing} — {lead} ({when}: {out.result})")
    for side, parts in view.vp_breakdown.items():
        made_of = "; ".join(f"+{part.vp} {part.reason}" for part in parts) or "nothing yet"
        lines.append(f"  {sc.sides[side]} {vp[side]}: {made_of}")
    if view.sorties:
        lines.append("Air sorties left: " + ", ".join(f"{sc.nation_name(n)} {c}" for n, c in view.sorties.items()))
    lines.append("")
    lines += _area_table(sc, view.areas)
    lines.append("")
    for title, placed in (("Waiting to be placed", view.reinforcements), ("Reinforcement pool", view.pools)):
        for side, items in placed.items():
            if items:
                lines.append(f"{title} ({sc.sides[side]}): {_troops(items)}")
    for side, items in view.captured.items():  # listed by their own side: say who took them
        if items:
            lines.append(f"Captured by the {sc.side_nouns[sc.enemy_of(side)]}: {_troops(items)} ({sc.sides[side]})")
    if view.initiative:
        lines.append(f"Initiative rolled: the {sc.side_nouns[view.initiative.attacker]} place the next arrow")
    for arrow in view.open_arrows:
        lines.append(
            f"Open battle arrow {arrow.origin} → {arrow.target}"
            + (f" ({arrow.fortification})" if arrow.fortification else "")
        )
    return "\n".join(lines)


def _area_table(sc: Scenario, areas: Mapping[str, AreaView]) -> list[str]:
    """The areas as a table, each column as wide as its longest entry (at least its heading)."""
    rows = [
        (
            code,
            area.name,
            _side(sc, area.controller),
            area.terrain or "",
            str(area.vp or ""),
            _links(area),
            _troops(area.troops),
        )
        for code, area in areas.items()
    ]
    heading = ("", "area", "held by", "ground", "VP", "next to", "troops")
    least = (3, 20, 7, 6, 3, 20, 0)
    widths = [max([least[n], len(heading[n])] + [len(row[n]) for row in rows]) for n in range(len(heading))]

    def line(row: tuple[str, ...]) -> str:
        code, name, side, ground, vp, links, troops = row
        return (
            f"  {code:<{widths[0]}} {name:<{widths[1]}} {side:<{widths[2]}} {ground:<{widths[3]}} "
            f"{vp:>{widths[4]}}  {links:<{widths[5]}} {troops}"
        )

    return [line(heading)] + [line(row) for row in rows]


def requirements_text(sc: Scenario, data: RequirementsView) -> str:
    lines = [f"Turn {data.turn}: {data.name} ({data.dates})"]
    battles = data.battles
    count = f"{battles.formula} battles ({battles.dice_words})"
    if battles.required is not None:
        count += f" — this turn: {count_words(battles)}"
    lines.append(count)
    if data.fixed_arrows:
        lines.append("Fixed battles: " + ", ".join(f"{a.origin}→{a.target}" for a in data.fixed_arrows))
    if data.initiative:
        lines.append("Initiative: " + data.initiative.words)
    lines.append("Air sorties: " + (", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or "none"))
    lines.append("Redeploy: " + (", then ".join(sc.nation_name(n) for n in data.redeploy) or "no redeployment"))
    for rule in data.deployment:
        lines.append(f"Deployment: {rule}")
    for problem in data.deployment_problems:
        lines.append(f"  NOT YET MET: {problem}")
    if data.fortification:
        lines.append(f"Fortification: {data.fortification.words}")
    for troop in data.reinforcements:
        source = " (from the pool)" if troop.from_pool else ""
        where = f"{troop.zone}; open now: {', '.join(troop.may_go)}" if troop.may_go is not None else troop.zone
        lines.append(f"Reinforcement: {troop.id}{source} → {where}")
    lines.append("Suggested missions (d6): " + "; ".join(f"{k} {v}" for k, v in data.missions.items()))
    return "\n".join(lines)
