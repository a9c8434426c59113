"""The parts the turn report and the status sheet are made of, each a function of the turn's
picture and the width it gets: the heading, the VP and what they are made of, who holds what,
the troops off the map, what the next turn asks for. A document is a list of these, so a new
part is one more function and one more line in the document that shows it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.platypus import Flowable, Table

from campaign_manager.engine.battle_log import committed_words
from campaign_manager.engine.views import TroopView
from campaign_manager.i18n import N_, _
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.page import marked, text
from campaign_manager.reports.tables import Cell, table

PADS = ("LEFTPADDING", "RIGHTPADDING", "TOPPADDING", "BOTTOMPADDING")  # a layout table's, set to 0


def heading(pic: TurnPicture, what: str) -> list[Flowable]:
    spec = pic.scenario.turn(pic.turn)
    if pic.ended:
        said = _("{document} — turn {turn} of {turns}: {name} ({dates}), ended")
    else:
        said = _("{document} — turn {turn} of {turns}: {name} ({dates}), under way")
    words = said.format(document=what, turn=pic.turn, turns=len(pic.scenario.turns), name=spec.title, dates=spec.when)
    return [text(pic.name, "title"), text(words, "subtitle")]


def standing_words(pic: TurnPicture) -> tuple[str, str, str]:
    """Who leads by how much, whether the result is final (or if the campaign ended now), and the result."""
    sc, out = pic.scenario, pic.view.outcome
    if out.leader:
        lead = _("The {side} lead by {margin}").format(side=sc.side_noun(out.leader), margin=out.margin)
    else:
        lead = _("Level")
    return lead, when_words(out.final), out.result


def when_words(final: bool) -> str:
    """What the result is: the final one, or the one if the campaign ended now."""
    return _("Final result") if final else _("If the campaign ended now")


def vp_block(pic: TurnPicture, width: float) -> Table:
    """Each side's VP in big type beside the standing, then what each side's VP are made of."""
    sc, vp = pic.scenario, pic.view.vp
    lead, when, result = standing_words(pic)
    rows = [
        [*(_("{side} VP").format(side=sc.side_adjective(side)) for side in sc.sides), _("Standing")],
        [
            *(marked("<b>{vp}</b>", "big", vp=vp[side]) for side in sc.sides),
            marked(
                _("{lead}.<br/>{when}: <b>{result}</b><br/><font size=7>{levels}</font>"),
                "body",
                lead=lead,
                when=when,
                result=result,
                levels=pic.view.outcome.levels,
            ),
        ],
    ]
    return table(rows, [width * 0.18, width * 0.18, width * 0.64])


def vp_parts_table(pic: TurnPicture, width: float, size: float = 8) -> Table:
    """What each side's VP are made of (rule 1.9): one column a side, a line a part, the total
    under them; the parts add up to the totals (the picture's vp_breakdown)."""
    sc, vp = pic.scenario, pic.view.vp
    parts = pic.view.vp_breakdown
    sides = list(sc.sides)
    lines = max(len(parts[side]) for side in sides)
    rows: list[list[Cell]] = [
        [_("{side} VP: what they are made of").format(side=sc.side_adjective(side)) for side in sides]
    ]
    for index in range(lines):
        rows.append(
            [
                f"+{parts[side][index].vp}  {parts[side][index].reason}" if index < len(parts[side]) else ""
                for side in sides
            ]
        )
    rows.append([_("= {vp} VP").format(vp=vp[side]) for side in sides])
    return table(rows, [width / len(sides)] * len(sides), size)


def areas_table(pic: TurnPicture, width: float) -> Table:
    sc = pic.scenario
    rows = [[_("Area"), _("Held by"), _("Terrain"), _("VP"), _("Troops")]]
    for code, area in pic.view.areas.items():
        if sc.areas[code].impassable:
            continue
        troops = ", ".join(f"{t.id} ({t.name})" for t in area.troops) or "—"
        rows.append(
            [
                f"{code} {area.name}",
                sc.side_adjective(area.controller) if area.controller in sc.sides else _("nobody"),
                sc.terrain_name(area.terrain) if area.terrain else "—",
                str(area.vp or ""),
                troops,
            ]
        )
    return table(rows, [width * 0.22, width * 0.1, width * 0.09, width * 0.06, width * 0.53])


def off_map_table(pic: TurnPicture, width: float, size: float = 8) -> Table:
    """The troops off the map, in one column a side: its pool, the enemy troops it captured (said
    so: a captured troop is listed under the side that took it), those waiting to be placed."""
    sc, view = pic.scenario, pic.view
    sides = list(sc.sides)
    rows: list[list[Cell]] = [[""] + [sc.side_adjective(side) for side in sides]]
    if view.phase != "finished":
        if pic.turn < len(sc.turns):
            pool = _("Reinforcement pool (back next turn)")
        else:
            pool = _("Reinforcement pool (none come back: the last turn)")
        rows.append([pool] + [_ids(view.pools[side]) for side in sides])
    else:
        rows.append([_("Destroyed (in the pool when the campaign ended)")] + [_ids(view.pools[side]) for side in sides])
    rows.append(
        [_("Enemy troops captured (lost for good)")]
        + [_ids(view.captured[sc.enemy_of(side)], f" ({sc.side_adjective(sc.enemy_of(side))})") for side in sides]
    )
    if any(view.reinforcements[side] for side in sides):
        rows.append([_("Waiting to be placed")] + [_ids(view.reinforcements[side]) for side in sides])
    return table(rows, [width * 0.34] + [width * 0.33] * len(sides), size)


def _ids(troops: Sequence[TroopView], after: str = "") -> str:
    return ", ".join(t.id for t in troops) + after if troops else "—"


def requirements_block(pic: TurnPicture) -> list[Flowable]:
    data = pic.next_requirements
    if data is None:
        return [text(_("This was the last turn: the campaign is decided at its end."))]
    sc = pic.scenario
    lines = [marked(_("<b>Turn {turn}: {name}</b> ({dates})"), turn=data.turn, name=data.name, dates=data.dates)]
    lines.append(
        text(_("Battles: {formula} — {dice}.").format(formula=data.battles.formula, dice=data.battles.dice_words))
    )
    if data.fixed_arrows:
        fixed = ", ".join(f"{a.origin}→{a.target}" for a in data.fixed_arrows)
        lines.append(text(_("Fixed battles: {arrows}").format(arrows=fixed)))
    if data.initiative:
        lines.append(text(_("Initiative: {words}.").format(words=data.initiative.words)))
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or _("none")
    lines.append(text(_("Air sorties: {sorties}.").format(sorties=sorties)))
    redeploy = _(", then ").join(sc.nation_name(n) for n in data.redeploy) or _("nobody redeploys")
    lines.append(text(_("Redeployment: {order}.").format(order=redeploy)))
    for rule in data.deployment:
        lines.append(text(_("Deployment: {rule}.").format(rule=rule)))
    for troop in data.reinforcements:
        if troop.from_pool:
            said = _("Reinforcement: {troop} (from the pool) → {zone}")
        else:
            said = _("Reinforcement: {troop} → {zone}")
        lines.append(text(said.format(troop=troop.id, zone=troop.zone)))
    fortification = data.fortification
    if fortification:
        lines.append(text(f"{fortification.name}: {fortification.words}."))
    return lines


# The next turn in a sentence; status.json says it in English whatever the language (a program reads it).
NEXT_TURN = N_("Next: turn {turn}, {name} — battles {battles}; sorties: {sorties}; reinforcements: {arriving}.")
NEXT_TURN_INITIATIVE = N_(
    "Next: turn {turn}, {name} — battles {battles}; initiative: {initiative}; sorties: {sorties}; "
    "reinforcements: {arriving}."
)
NONE = N_("none")


def next_turn_words(pic: TurnPicture, say: Callable[[str], str] = _) -> str | None:
    """The next turn in one sentence (the status sheet's last line), or None after the last;
    `say` translates (`str`: English, for a file a program reads)."""
    data = pic.next_requirements
    if data is None:
        return None
    sc = pic.scenario
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or say(NONE)
    arriving = ", ".join(t.id for t in data.reinforcements) or say(NONE)
    words = {"turn": data.turn, "name": data.name, "battles": data.battles.formula}
    if data.initiative:
        return say(NEXT_TURN_INITIATIVE).format(
            **words, initiative=data.initiative.words, sorties=sorties, arriving=arriving
        )
    return say(NEXT_TURN).format(**words, sorties=sorties, arriving=arriving)


def open_arrows_table(pic: TurnPicture, width: float, size: float = 8) -> Table | None:
    """The battle arrows placed and waiting for their result (None when there is none)."""
    sc, st = pic.scenario, pic.state
    if not st.open_arrows:
        return None
    rows: list[list[Cell]] = [[_("Open battle (result to come)"), _("Attacker"), _("Defender"), _("Mission")]]
    for arrow in st.open_arrows:
        mission = (
            _("not rolled") if arrow.mission_die is None else sc.turn(st.turn).mission_titles[arrow.mission_die - 1]
        )
        rows.append(
            [
                f"{arrow.origin} → {arrow.target}",
                committed_words(sc, arrow.attacker),
                committed_words(sc, arrow.defender),
                mission,
            ]
        )
    return table(rows, [width * 0.22, width * 0.3, width * 0.3, width * 0.18], size)
