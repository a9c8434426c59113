"""The status sheet for the shop wall: one landscape page, the map down its whole height on the
left (big type, to be read from across the shop), beside it the VP in big figures with what they
are made of, each side's top commanders (when the campaign keeps a roster), the troops off the
map, what comes next and the map's legend. The side column is
a list of parts (`sidebar`): a new part is one more line there; it shrinks to fit the page
rather than push anything onto a second one."""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepInFrame, Spacer, Table, TableStyle

from campaign_manager.i18n import _
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.league_pages import top_commanders
from campaign_manager.reports.legend import map_legend
from campaign_manager.reports.map_drawing import map_drawing
from campaign_manager.reports.page import FONT, marked, text
from campaign_manager.reports.sections import (
    next_turn_words,
    off_map_table,
    open_arrows_table,
    standing_words,
    vp_parts_table,
)

GUTTER = 14.0  # points between the map and the side column


def status_sheet(pic: TurnPicture, width: float, height: float) -> list[Flowable]:
    sc = pic.scenario
    title = marked(
        _("<b>{name}</b><font name='{font}' size='11'> — campaign status, {when}</font>"),
        "wallhead",
        name=pic.name,
        font=FONT,
        when=when(pic),
    )
    tall = height - title.wrap(width, height)[1] - 6  # the map takes the rest of the page's height
    layout = sc.layout
    aspect = layout.width / layout.height if layout is not None else 1.0
    map_width = min(width * 0.58, tall * aspect)  # a wide map leaves the side column room for its words
    side_width = width - map_width - GUTTER
    drawing = map_drawing(sc, pic.state, pic.battles, map_width, tall)
    column = KeepInFrame(side_width, tall, sidebar(pic, side_width), mode="shrink")
    page = Table([[drawing, "", column]], colWidths=[map_width, GUTTER, side_width], rowHeights=[tall], hAlign="LEFT")
    page.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return [title, Spacer(1, 2), page]


def when(pic: TurnPicture) -> str:
    """The moment the sheet shows: a turn, under way or ended, or the set-up before turn 1."""
    sc = pic.scenario
    if pic.turn == 0:
        return _("before turn 1 of {turns}: the set-up").format(turns=len(sc.turns))
    spec = sc.turn(pic.turn)
    if pic.ended:
        said = _("turn {turn} of {turns}: {name} ({dates}), ended")
    else:
        said = _("turn {turn} of {turns}: {name} ({dates}), under way")
    return said.format(turn=pic.turn, turns=len(sc.turns), name=spec.title, dates=spec.when)


def sidebar(pic: TurnPicture, width: float) -> list[Flowable]:
    """The side column's parts, top to bottom."""
    waiting = open_arrows_table(pic, width, size=8.5)
    best = top_commanders(pic, width)  # nothing when the campaign keeps no roster
    return [
        *vp_headline(pic, width),
        Spacer(1, 6),
        vp_parts_table(pic, width, size=8.5),
        *([Spacer(1, 6), *best] if best else []),
        Spacer(1, 6),
        off_map_table(pic, width, size=8.5),
        *([Spacer(1, 6), waiting] if waiting is not None else []),
        *next_turn(pic),
        Spacer(1, 6),
        text(_("Legend"), "wallbold"),
        map_legend(pic.scenario, width, columns=2, style="tiny"),
    ]


def vp_headline(pic: TurnPicture, width: float) -> list[Flowable]:
    """Both sides' VP in big figures, then who leads and the result."""
    sc, vp = pic.scenario, pic.view.vp
    lead, when, outcome = standing_words(pic)
    figures = " — ".join(f"{sc.side_adjective(side)} {vp[side]}" for side in sc.sides)
    return [
        marked(_("{figures} VP"), "huge", figures=figures),
        marked(_("{lead}. {when}:<br/><b>{outcome}</b>"), "wall", lead=lead, when=when, outcome=outcome),
    ]


def next_turn(pic: TurnPicture) -> list[Flowable]:
    words = next_turn_words(pic)
    return [] if words is None else [Spacer(1, 5), text(words, "small")]
