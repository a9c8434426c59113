"""The turn report and the status sheet, as platypus stories."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.platypus import CondPageBreak, KeepTogether, Spacer, Table, TableStyle

from campaign_manager.engine.app_dice import APP_LEGEND
from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.lookup import label, possessive
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.map_drawing import map_drawing
from campaign_manager.reports.page import BOLD, FONT, marked, text
from campaign_manager.scenario.model import Scenario

GRID = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e4e4")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#888888")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
)


def table(rows: list[list], widths: list[float]) -> Table:
    """A grid with a header row; cells are plain words (escaped), or flowables."""
    cells = [
        [
            marked(escape(cell).replace("\n", "<br/>"), "cellbold" if index == 0 else "cell")
            if isinstance(cell, str)
            else cell
            for cell in row
        ]
        for index, row in enumerate(rows)
    ]
    grid = Table(cells, colWidths=widths, repeatRows=1)
    grid.setStyle(GRID)
    return grid


def _heading(pic: TurnPicture, what: str) -> list:
    spec = pic.scenario.turn(pic.turn)
    state = "ended" if pic.ended else "under way"
    return [
        text(pic.name, "title"),
        text(f"{what} — turn {pic.turn} of {len(pic.scenario.turns)}: {spec.name} ({spec.dates}), {state}", "subtitle"),
    ]


def vp_block(pic: TurnPicture, width: float) -> Table:
    sc, vp, out = pic.scenario, pic.view["vp"], pic.view["outcome"]
    lead = f"The {sc.side_nouns[out['leader']]} lead by {out['margin']}" if out["leader"] else "Level"
    when = "Final result" if out["final"] else "If the campaign ended now"
    levels = ", ".join(f"{m}+ {name}" for m, name in sc.victory_levels)
    rows = [
        [f"{sc.sides['axis']} VP", f"{sc.sides['allied']} VP", "Standing"],
        [
            marked(f"<b>{vp['axis']}</b>", "big"),
            marked(f"<b>{vp['allied']}</b>", "big"),
            marked(
                f"{escape(lead)}.<br/>{when}: <b>{escape(out['result'])}</b><br/>"
                f"<font size=7>Victory levels by margin: {escape(levels)}; under "
                f"{sc.victory_levels[-1][0]}: {escape(sc.victory_below)}.</font>",
                "body",
            ),
        ],
    ]
    return table(rows, [width * 0.18, width * 0.18, width * 0.64])


def areas_table(pic: TurnPicture, width: float) -> Table:
    sc = pic.scenario
    rows = [["Area", "Held by", "Terrain", "VP", "Troops"]]
    for code, area in pic.view["areas"].items():
        if sc.areas[code].impassable:
            continue
        troops = ", ".join(f"{t['id']} ({t['name']})" for t in area["troops"]) or "—"
        rows.append(
            [
                f"{code} {area['name']}",
                sc.sides.get(area["controller"] or "", "nobody"),
                (area["terrain"] or "—").title(),
                str(area["vp"] or ""),
                troops,
            ]
        )
    return table(rows, [width * 0.22, width * 0.1, width * 0.09, width * 0.06, width * 0.53])


def off_map_table(pic: TurnPicture, width: float) -> Table:
    sc, view = pic.scenario, pic.view
    rows = [["", sc.sides["axis"], sc.sides["allied"]]]
    for title, key in (
        ("Reinforcement pool (back next turn)", "pools"),
        ("Captured (lost for good)", "captured"),
        ("Waiting to be placed", "reinforcements"),
    ):
        rows.append([title] + [", ".join(t["id"] for t in view[key][side]) or "—" for side in ("axis", "allied")])
    return table(rows, [width * 0.3, width * 0.35, width * 0.35])


def _commit(sc, commitment) -> str:
    parts = list(commitment.troops) + ([sc.aircraft[commitment.sortie].name] if commitment.sortie else [])
    return ", ".join(parts) or "nothing"


def battle_table(pic: TurnPicture, width: float) -> Table:
    sc = pic.scenario
    rows = [["#", "Battle", "Committed", "Mission", "Result", "Roll to destroy", "Afterwards"]]
    for place, row in enumerate(pic.battles, start=1):  # the turn's battles in order (not log numbers)
        rows.append(
            [
                str(place),
                f"{label(sc, row.origin)} → {label(sc, row.target)} ({sc.side_nouns[row.attacker_side]} attack)",
                f"A: {_commit(sc, row.attacker)}\nD: {_commit(sc, row.defender)}",
                row.mission or "—",
                _result_words(sc, row),
                _destroy_words(row),
                _after_words(row),
            ]
        )
    if len(rows) == 1:
        rows.append(["", "No battle was fought this turn.", "", "", "", "", ""])
    return table(rows, [w * width for w in (0.04, 0.2, 0.17, 0.1, 0.17, 0.17, 0.15)])


def _result_words(sc, row: BattleRow) -> str:
    score = ("General's Wargame, " if row.kind == "wargame" else "") + row.score_words()
    return f"{score}: " + (f"the {sc.side_nouns[row.winner]} won" if row.winner else "no one defeated")


def _destroy_words(row: BattleRow) -> str:
    if not row.destroy_targets:
        return "no rolls"
    return "; ".join(row.roll_words())


def _after_words(row: BattleRow) -> str:
    parts = []
    if row.destroyed:
        parts.append("destroyed: " + ", ".join(row.destroyed))
    if row.captured:
        parts.append("captured: " + ", ".join(row.captured))
    if row.retreat_to:
        where = (
            row.retreat_to
            if isinstance(row.retreat_to, str)
            else ", ".join(f"{t}→{a}" for t, a in row.retreat_to.items())
        )
        parts.append(f"retreat to {where}")
    if row.advanced:
        parts.append("advanced: " + ", ".join(row.advanced))
    if row.took_area:
        parts.append(f"{row.target} changed hands")
    return "; ".join(parts) or "—"


def requirements_block(pic: TurnPicture) -> list:
    data = pic.next_requirements
    if data is None:
        return [text("This was the last turn: the campaign is decided at its end.")]
    sc = pic.scenario
    lines = [marked(f"<b>Turn {data['turn']}: {escape(data['name'])}</b> ({escape(data['dates'])})")]
    lines.append(text(f"Battles: {data['battles']['formula']} — {data['battles']['dice_words']}."))
    if data["fixed_arrows"]:
        lines.append(text("Fixed battles: " + ", ".join(f"{a['from']}→{a['to']}" for a in data["fixed_arrows"])))
    if data["initiative"]:
        lines.append(text(f"Initiative: {data['initiative']['words']}."))
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in data["sorties"].items()) or "none"
    lines.append(text(f"Air sorties: {sorties}."))
    redeploy = ", then ".join(sc.nation_name(n) for n in data["redeploy"]) or "nobody redeploys"
    lines.append(text(f"Redeployment: {redeploy}."))
    for rule in data["deployment"]:
        lines.append(text(f"Deployment: {rule}."))
    for troop in data["reinforcements"]:
        source = " (from the pool)" if troop.get("from_pool") else ""
        lines.append(text(f"Reinforcement: {troop['id']}{source} → {troop['zone']}"))
    if data.get("fortification"):
        lines.append(text(f"{data['fortification']['name']}: {data['fortification']['words']}."))
    return lines


def map_key(sc: Scenario) -> str:
    """What the printed map's tints, counters, arrows and special links mean, for this scenario."""
    darker, lighter = sorted(sc.sides, key=lambda side: _lightness(sc.side_colours[side].print_tint))
    links = []
    if sc.fortification is not None and any(link.fortified for link in sc.links):
        links.append(f"the {sc.fortification.line_name} links are drawn dark red")
    if any(link.sea for link in sc.links):
        links.append("links across the sea dashed")
    return (
        f"Map: areas the {sc.side_nouns[darker]} hold are darker, the {possessive(sc.side_nouns[lighter])} "
        f"lighter (each says who holds it); counters show nation, kind and how many; grey arrows are this "
        f"turn's battles (taken / held / no result), orange ones open arrows."
        + (f" {'; '.join(links)[:1].upper()}{'; '.join(links)[1:]}." if links else "")
    )


def _lightness(colour: str) -> float:
    """How light a "#rrggbb" colour reads in black-and-white print (its luma)."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue


def turn_report(pic: TurnPicture, width: float, height: float) -> list:
    story = _heading(pic, "Turn report")
    story.append(map_drawing(pic.scenario, pic.state, pic.battles, width, height * 0.62))
    story.append(text(map_key(pic.scenario), "small"))
    story += [Spacer(1, 6), vp_block(pic, width)]
    story += [CondPageBreak(120), text("The battles of the turn", "h2"), battle_table(pic, width)]
    if any(row.app_dice for row in pic.battles):  # the mark beside a die says the app rolled it
        story.append(text(APP_LEGEND, "small"))
    story += [CondPageBreak(120), text("Who holds what", "h2"), areas_table(pic, width)]
    story += [Spacer(1, 6), off_map_table(pic, width)]
    sorties = ", ".join(f"{pic.scenario.nation_name(n)} {c}" for n, c in pic.view["sorties"].items())
    if sorties and not pic.ended:
        story.append(text(f"Air sorties left this turn: {sorties}."))
    story.append(text("Notes of the turn", "h2"))
    story += [text(f"• {note}") for note in pic.notes] or [text("No notes were recorded this turn.")]
    story.append(KeepTogether([text("What the next turn asks for", "h2"), *requirements_block(pic)]))
    return story


def status_sheet(pic: TurnPicture, width: float, height: float) -> list:
    sc = pic.scenario
    story = _heading(pic, "Campaign status")
    story.append(map_drawing(sc, pic.state, pic.battles, width, height * 0.55))
    story += [Spacer(1, 4), vp_block(pic, width), Spacer(1, 4)]
    objectives = [
        f"{code} {a.name} ({a.vp} VP): {sc.sides.get(pic.state.control.get(code) or '', 'nobody')}"
        for code, a in sc.areas.items()
        if a.vp
    ]
    story.append(marked("<b>Objectives</b>: " + escape("; ".join(objectives)), "small"))
    story += [Spacer(1, 4), off_map_table(pic, width), Spacer(1, 4)]
    data = pic.next_requirements
    if data is not None:
        sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in data["sorties"].items()) or "none"
        story.append(
            marked(
                f"<b>Next: turn {data['turn']}, {escape(data['name'])}</b> — battles {data['battles']['formula']}; "
                + (f"initiative: {escape(data['initiative']['words'])}; " if data["initiative"] else "")
                + f"sorties: {escape(sorties)}; reinforcements: "
                + escape(", ".join(t["id"] for t in data["reinforcements"]) or "none")
                + ".",
                "small",
            )
        )
    return story
