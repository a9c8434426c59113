"""The turn report, as a platypus story: the map of the turn with its legend, the VP and what
they are made of, the battles, who holds what, the troops off the map, the notes and what the
next turn asks for, then the league of commanders (when the campaign keeps a roster) and the
campaign in charts (each part from reports/sections.py, reports/league_pages.py or here)."""

from __future__ import annotations

from reportlab.platypus import CondPageBreak, Flowable, KeepInFrame, KeepTogether, Spacer, Table, TableStyle

from campaign_manager.engine.app_dice import app_legend
from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.lookup import label
from campaign_manager.i18n import _
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.league_pages import charts_page, league_page
from campaign_manager.reports.legend import map_legend
from campaign_manager.reports.map_drawing import map_drawing
from campaign_manager.reports.page import text
from campaign_manager.reports.sections import (
    PADS,
    areas_table,
    heading,
    off_map_table,
    open_arrows_table,
    requirements_block,
    vp_block,
    vp_parts_table,
)
from campaign_manager.reports.tables import table
from campaign_manager.scenario.model import Scenario


def battle_table(pic: TurnPicture, width: float) -> Table:
    sc = pic.scenario
    rows = [["#", _("Battle"), _("Committed"), _("Mission"), _("Result"), _("Roll to destroy"), _("Afterwards")]]
    for row in pic.battles:  # the turn's battles in order, numbered as on the map (not log numbers)
        rows.append(
            [
                str(row.order),
                _("{origin} → {target} ({side} attack)").format(
                    origin=label(sc, row.origin), target=label(sc, row.target), side=sc.side_noun(row.attacker_side)
                ),
                _("A: {attacker}\nD: {defender}").format(
                    attacker=row.commitment_words(sc, "attacker"), defender=row.commitment_words(sc, "defender")
                ),
                row.mission or (_("dice only") if row.kind == "wargame" else _("not rolled")),  # no table, no mission
                _result_words(sc, row),
                _destroy_words(row),
                _after_words(sc, row),
            ]
        )
    if len(rows) == 1:
        rows.append(["", _("No battle was fought this turn."), "", "", "", "", ""])
    return table(rows, [w * width for w in (0.04, 0.2, 0.17, 0.1, 0.17, 0.17, 0.15)])


def _result_words(sc: Scenario, row: BattleRow) -> str:
    score = row.score_words()
    if row.kind == "wargame":
        score = _("General's Wargame, {score}").format(score=score)
    if row.winner:
        result = _("{mark} {score}: the {side} won").format(mark=row.mark, score=score, side=sc.side_noun(row.winner))
    else:
        result = _("{mark} {score}: no one defeated").format(mark=row.mark, score=score)
    played = row.players_words()  # the commanders, game by game, when the games name them
    return _("{result}\nplayed by {players}").format(result=result, players=played) if played else result


def _destroy_words(row: BattleRow) -> str:
    if not row.destroy_targets:
        return _("no rolls")
    return "; ".join(row.roll_words())


def _after_words(sc: Scenario, row: BattleRow) -> str:
    parts = []
    if row.destroyed:
        parts.append(_("destroyed: {troops}").format(troops=", ".join(row.destroyed)))
    parts += row.captured_words(sc)
    if row.escaped:
        parts.append(row.escaped_words())
    parts += row.scored_words(sc)
    if row.retreat_to:
        where = (
            row.retreat_to
            if isinstance(row.retreat_to, str)
            else ", ".join(f"{t}→{a}" for t, a in row.retreat_to.items())
        )
        parts.append(_("retreat to {where}").format(where=where))
    if row.advanced:
        parts.append(_("advanced: {troops}").format(troops=", ".join(row.advanced)))
    if row.took_area:
        parts.append(_("{area} changed hands").format(area=row.target))
    return "; ".join(parts) or "—"


def map_with_legend(pic: TurnPicture, width: float, height: float) -> Table:
    """The map as large as `height` allows, its legend in the room left beside it."""
    sc = pic.scenario
    layout = sc.layout
    aspect = layout.width / layout.height if layout is not None else 1.0
    map_width = min(width * 0.72, height * aspect)
    key_width = width - map_width - 8
    drawing = map_drawing(sc, pic.state, pic.battles, map_width, height)
    legend = KeepInFrame(key_width, height, [map_legend(sc, key_width, columns=1, style="tiny")], mode="shrink")
    both = Table([[drawing, legend]], colWidths=[map_width + 8, key_width], hAlign="LEFT")
    both.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *((p, (0, 0), (-1, -1), 0) for p in PADS)]))
    return both


def turn_report(pic: TurnPicture, width: float, height: float) -> list[Flowable]:
    sc = pic.scenario
    story = heading(pic, _("Turn report"))
    story.append(map_with_legend(pic, width, height * 0.62))
    story += [Spacer(1, 6), vp_block(pic, width), Spacer(1, 4), vp_parts_table(pic, width)]
    story += [CondPageBreak(120), text(_("The battles of the turn"), "h2"), battle_table(pic, width)]
    if any(row.app_dice for row in pic.battles):  # the mark beside a die says the app rolled it
        story.append(text(app_legend(), "small"))
    if pic.recorded_by:  # a shared campaign: the shops that recorded this turn
        story.append(text(_("Recorded by: {names}.").format(names=", ".join(pic.recorded_by)), "small"))
    for row in pic.battles:  # an app die replaced is on paper too: both faces and why
        if row.corrected:
            story.append(
                text(
                    _("Battle {number} ({origin} → {target}): {corrected}").format(
                        number=row.order, origin=row.origin, target=row.target, corrected=row.corrected
                    ),
                    "small",
                )
            )
    story += [CondPageBreak(120), text(_("Who holds what"), "h2"), areas_table(pic, width)]
    story += [Spacer(1, 6), off_map_table(pic, width)]
    waiting = open_arrows_table(pic, width)
    if waiting is not None:
        story += [Spacer(1, 6), waiting]
    sorties = ", ".join(f"{sc.nation_name(n)} {c}" for n, c in pic.view.sorties.items())
    if sorties and not pic.ended:
        story.append(text(_("Air sorties left this turn: {sorties}.").format(sorties=sorties)))
    story.append(text(_("Notes of the turn"), "h2"))
    story += [text(f"• {note}") for note in pic.notes] or [text(_("No notes were recorded this turn."))]
    story.append(KeepTogether([text(_("What the next turn asks for"), "h2"), *requirements_block(pic)]))
    story += league_page(pic, width)
    story += charts_page(pic, width)
    return story
