"""Plain-text renderings for people at a terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from campaign_manager.engine.requirements import RequirementsView, count_words
from campaign_manager.engine.state import Phase
from campaign_manager.engine.views import AreaView, StateView, TroopView
from campaign_manager.i18n import _, pgettext
from campaign_manager.scenario.model import Scenario


def _side(sc: Scenario, side: str | None) -> str:
    return sc.side_adjective(side) if side in sc.sides else "—"


def _troops(items: Sequence[TroopView]) -> str:
    return ", ".join(t.id for t in items) or _("none")


def _links(area: AreaView) -> str:
    """The areas next to this one; an impassable area (no one enters it) says so instead."""
    return _("impassable") if area.impassable else " ".join(area.links)


def phase_words(phase: str) -> str:
    """A phase's name (its value in the JSON views) in the user's language."""
    names: dict[str, str] = {
        Phase.SETUP: pgettext("phase", "setup"),
        Phase.PLANNING: pgettext("phase", "planning"),
        Phase.BATTLE: pgettext("phase", "battle"),
        Phase.STRATEGIC: pgettext("phase", "strategic"),
        Phase.FINISHED: pgettext("phase", "finished"),
    }
    return names.get(phase, str(phase))


def show_text(sc: Scenario, name: str, view: StateView) -> str:
    lines = [f"{name} — {view.scenario}"]
    if view.turn:
        words = _("Turn {turn} ({name}), {phase} phase; {battles}")
        lines.append(
            words.format(
                turn=view.turn, name=view.turn_name, phase=phase_words(view.phase), battles=count_words(view.battles)
            )
        )
        if view.phase == Phase.STRATEGIC and view.turn < len(sc.turns):
            words = _("Turn {turn} is over: apply start_turn to begin turn {next}")
            lines.append(words.format(turn=view.turn, next=view.turn + 1))
    else:
        lines.append(_("Not started: apply start_turn to begin turn 1"))
    vp, out = view.vp, view.outcome
    if out.leader:
        lead = _("the {side} lead by {margin}").format(side=sc.side_noun(out.leader), margin=out.margin)
    else:
        lead = _("level")
    standing = ", ".join(f"{sc.side_adjective(side)} {points}" for side, points in vp.items())
    if out.final:
        words = _("VP: {standing} — {lead} (final result: {result})")
    else:
        words = _("VP: {standing} — {lead} (if it ended now: {result})")
    lines.append(words.format(standing=standing, lead=lead, result=out.result))
    for side, parts in view.vp_breakdown.items():
        made_of = "; ".join(f"+{part.vp} {part.reason}" for part in parts) or _("nothing yet")
        lines.append(f"  {sc.side_adjective(side)} {vp[side]}: {made_of}")
    if view.sorties:
        left = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in view.sorties.items())
        lines.append(_("Air sorties left: {sorties}").format(sorties=left))
    lines.append("")
    lines += _area_table(sc, view.areas)
    lines.append("")
    placed_lists = (
        (_("Waiting to be placed ({side}): {troops}"), view.reinforcements),
        (_("Reinforcement pool ({side}): {troops}"), view.pools),
    )
    for words, placed in placed_lists:
        for side, items in placed.items():
            if items:
                lines.append(words.format(side=sc.side_adjective(side), troops=_troops(items)))
    for side, items in view.captured.items():  # listed by their own side: say who took them
        if items:
            words = _("Captured by the {captors}: {troops} ({side})")
            lines.append(
                words.format(
                    captors=sc.side_noun(sc.enemy_of(side)), troops=_troops(items), side=sc.side_adjective(side)
                )
            )
    if view.initiative:
        words = _("Initiative rolled: the {side} place the next arrow")
        lines.append(words.format(side=sc.side_noun(view.initiative.attacker)))
    for arrow in view.open_arrows:
        if arrow.fortification:
            words = _("Open battle arrow {origin} → {target} ({fortification})")
        else:
            words = _("Open battle arrow {origin} → {target}")
        lines.append(words.format(origin=arrow.origin, target=arrow.target, fortification=arrow.fortification))
    return "\n".join(lines)


def _area_table(sc: Scenario, areas: Mapping[str, AreaView]) -> list[str]:
    """The areas as a table, each column as wide as its longest entry (at least its heading)."""
    rows = [
        (
            code,
            area.name,
            _side(sc, area.controller),
            sc.terrain_name(area.terrain).lower() if area.terrain else "",
            str(area.vp or ""),
            _links(area),
            _troops(area.troops),
        )
        for code, area in areas.items()
    ]
    heading = ("", _("area"), _("held by"), _("ground"), _("VP"), _("next to"), _("troops"))
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
    lines = [_("Turn {turn}: {name} ({dates})").format(turn=data.turn, name=data.name, dates=data.dates)]
    battles = data.battles
    if battles.required is not None:
        words = _("{formula} battles ({dice}) — this turn: {count}")
    else:
        words = _("{formula} battles ({dice})")
    lines.append(words.format(formula=battles.formula, dice=battles.dice_words, count=count_words(battles)))
    if data.fixed_arrows:
        fixed = ", ".join(f"{a.origin}→{a.target}" for a in data.fixed_arrows)
        lines.append(_("Fixed battles: {arrows}").format(arrows=fixed))
    if data.initiative:
        lines.append(_("Initiative: {words}").format(words=data.initiative.words))
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or _("none")
    lines.append(_("Air sorties: {sorties}").format(sorties=sorties))
    redeploy = _(", then ").join(sc.nation_name(n) for n in data.redeploy) or _("no redeployment")
    lines.append(_("Redeploy: {nations}").format(nations=redeploy))
    for rule in data.deployment:
        lines.append(_("Deployment: {rule}").format(rule=rule))
    for problem in data.deployment_problems:
        lines.append("  " + _("NOT YET MET: {problem}").format(problem=problem))
    if data.fortification:
        lines.append(_("Fortification: {words}").format(words=data.fortification.words))
    for troop in data.reinforcements:
        if troop.may_go is not None:
            where = _("{zone}; open now: {areas}").format(zone=troop.zone, areas=", ".join(troop.may_go))
        else:
            where = troop.zone
        if troop.from_pool:
            words = _("Reinforcement: {troop} (from the pool) → {where}")
        else:
            words = _("Reinforcement: {troop} → {where}")
        lines.append(words.format(troop=troop.id, where=where))
    missions = "; ".join(f"{k} {v}" for k, v in data.missions.items())
    lines.append(_("Suggested missions (d6): {missions}").format(missions=missions))
    return "\n".join(lines)
