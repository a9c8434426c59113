"""The parts the turn report and the status sheet are made of, each a function of the turn's
picture and the width it gets: the heading, the VP and what they are made of, who holds what,
the troops off the map, what the next turn asks for. A document is a list of these, so a new
part is one more function and one more line in the document that shows it."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, Table

from campaign_manager.engine.battle_log import committed_words
from campaign_manager.engine.views import TroopView
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.page import marked, text
from campaign_manager.reports.tables import Cell, table

PADS = ("LEFTPADDING", "RIGHTPADDING", "TOPPADDING", "BOTTOMPADDING")  # a layout table's, set to 0


def heading(pic: TurnPicture, what: str) -> list[Flowable]:
    spec = pic.scenario.turn(pic.turn)
    state = "ended" if pic.ended else "under way"
    return [
        text(pic.name, "title"),
        text(f"{what} — turn {pic.turn} of {len(pic.scenario.turns)}: {spec.name} ({spec.dates}), {state}", "subtitle"),
    ]


def standing_words(pic: TurnPicture) -> tuple[str, str]:
    """Who leads by how much, and the result (final, or if the campaign ended now)."""
    sc, out = pic.scenario, pic.view.outcome
    lead = f"The {sc.side_nouns[out.leader]} lead by {out.margin}" if out.leader else "Level"
    when = "Final result" if out.final else "If the campaign ended now"
    return lead, f"{when}: {out.result}"


def vp_block(pic: TurnPicture, width: float) -> Table:
    """Each side's VP in big type beside the standing, then what each side's VP are made of."""
    sc, vp = pic.scenario, pic.view.vp
    lead, result = standing_words(pic)
    rows = [
        [*(f"{words} VP" for words in sc.sides.values()), "Standing"],
        [
            *(marked("<b>{vp}</b>", "big", vp=vp[side]) for side in sc.sides),
            marked(
                "{lead}.<br/>{when}: <b>{result}</b><br/><font size=7>{levels}</font>",
                "body",
                lead=lead,
                when=result.split(": ")[0],
                result=result.split(": ", 1)[1],
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
    rows: list[list[Cell]] = [[f"{sc.sides[side]} VP: what they are made of" for side in sides]]
    for index in range(lines):
        rows.append(
            [
                f"+{parts[side][index].vp}  {parts[side][index].reason}" if index < len(parts[side]) else ""
                for side in sides
            ]
        )
    rows.append([f"= {vp[side]} VP" for side in sides])
    return table(rows, [width / len(sides)] * len(sides), size)


def areas_table(pic: TurnPicture, width: float) -> Table:
    sc = pic.scenario
    rows = [["Area", "Held by", "Terrain", "VP", "Troops"]]
    for code, area in pic.view.areas.items():
        if sc.areas[code].impassable:
            continue
        troops = ", ".join(f"{t.id} ({t.name})" for t in area.troops) or "—"
        rows.append(
            [
                f"{code} {area.name}",
                sc.sides.get(area.controller or "", "nobody"),
                (area.terrain or "—").title(),
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
    rows: list[list[Cell]] = [[""] + [sc.sides[side] for side in sides]]
    if view.phase != "finished":
        back = "back next turn" if pic.turn < len(sc.turns) else "none come back: the last turn"
        rows.append([f"Reinforcement pool ({back})"] + [_ids(view.pools[side]) for side in sides])
    else:
        rows.append(["Destroyed (in the pool when the campaign ended)"] + [_ids(view.pools[side]) for side in sides])
    rows.append(
        ["Enemy troops captured (lost for good)"]
        + [_ids(view.captured[sc.enemy_of(side)], f" ({sc.sides[sc.enemy_of(side)]})") for side in sides]
    )
    if any(view.reinforcements[side] for side in sides):
        rows.append(["Waiting to be placed"] + [_ids(view.reinforcements[side]) for side in sides])
    return table(rows, [width * 0.34] + [width * 0.33] * len(sides), size)


def _ids(troops: Sequence[TroopView], after: str = "") -> str:
    return ", ".join(t.id for t in troops) + after if troops else "—"


def requirements_block(pic: TurnPicture) -> list[Flowable]:
    data = pic.next_requirements
    if data is None:
        return [text("This was the last turn: the campaign is decided at its end.")]
    sc = pic.scenario
    lines = [marked("<b>Turn {turn}: {name}</b> ({dates})", turn=data.turn, name=data.name, dates=data.dates)]
    lines.append(text(f"Battles: {data.battles.formula} — {data.battles.dice_words}."))
    if data.fixed_arrows:
        lines.append(text("Fixed battles: " + ", ".join(f"{a.origin}→{a.target}" for a in data.fixed_arrows)))
    if data.initiative:
        lines.append(text(f"Initiative: {data.initiative.words}."))
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or "none"
    lines.append(text(f"Air sorties: {sorties}."))
    redeploy = ", then ".join(sc.nation_name(n) for n in data.redeploy) or "nobody redeploys"
    lines.append(text(f"Redeployment: {redeploy}."))
    for rule in data.deployment:
        lines.append(text(f"Deployment: {rule}."))
    for troop in data.reinforcements:
        source = " (from the pool)" if troop.from_pool else ""
        lines.append(text(f"Reinforcement: {troop.id}{source} → {troop.zone}"))
    fortification = data.fortification
    if fortification:
        lines.append(text(f"{fortification.name}: {fortification.words}."))
    return lines


def next_turn_words(pic: TurnPicture) -> str | None:
    """The next turn in one sentence (the status sheet's last line), or None after the last."""
    data = pic.next_requirements
    if data is None:
        return None
    sc = pic.scenario
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in data.sorties.items()) or "none"
    arriving = ", ".join(t.id for t in data.reinforcements) or "none"
    initiative = f"initiative: {data.initiative.words}; " if data.initiative else ""
    return (
        f"Next: turn {data.turn}, {data.name} — battles {data.battles.formula}; {initiative}"
        f"sorties: {sorties}; reinforcements: {arriving}."
    )


def open_arrows_table(pic: TurnPicture, width: float, size: float = 8) -> Table | None:
    """The battle arrows placed and waiting for their result (None when there is none)."""
    sc, st = pic.scenario, pic.state
    if not st.open_arrows:
        return None
    rows: list[list[Cell]] = [["Open battle (result to come)", "Attacker", "Defender", "Mission"]]
    for arrow in st.open_arrows:
        mission = "not rolled" if arrow.mission_die is None else sc.turn(st.turn).missions[arrow.mission_die - 1]
        rows.append(
            [
                f"{arrow.origin} → {arrow.target}",
                committed_words(sc, arrow.attacker),
                committed_words(sc, arrow.defender),
                mission,
            ]
        )
    return table(rows, [width * 0.22, width * 0.3, width * 0.3, width * 0.18], size)
