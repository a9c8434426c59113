"""Battle slips for the commanders at the table: one per open arrow (or per arrow either side
could place now): the two areas, the troops committed, the suggested missions, boxes for each
side's VP per game, and the roll-to-destroy target for every possible result."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle

from campaign_manager.engine import legal
from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.lookup import label
from campaign_manager.engine.state import Phase
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.documents import table as _table
from campaign_manager.reports.page import BOLD, marked, text
from campaign_manager.scenario.model import DestroyStep, enemy_of

BOXES = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e4e4")),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white]),
    ]
)


def _roll(on: int) -> str:
    return "no roll" if not on else f"{on}+" if on < 6 else "6"


def _spans(steps: tuple[DestroyStep, ...]) -> list[str]:
    """Each row's range of a roll-to-destroy table read from the top ("5 or more", "3–4", "2")."""
    spans, previous = [], None
    for step in steps:
        low = step.threshold
        spans.append(
            f"{low} or more" if previous is None else f"{low}" if previous - 1 == low else f"{low}–{previous - 1}"
        )
        previous = low
    return spans


def _destroy_tables(pic: TurnPicture, width: float) -> list:
    sc = pic.scenario
    tabletop = [["Your VP (average per game)", "Enemy troops you roll for are destroyed on"]]
    for span, step in zip(_spans(sc.tabletop_destroy), sc.tabletop_destroy):
        tabletop.append([span, _roll(step.loser)])
    lowest = sc.tabletop_destroy[-1].threshold if sc.tabletop_destroy else None
    tabletop.append([f"{lowest - 1} or less" if lowest else "any", "no roll"])
    wargame = [["Difference of the totals", "Losing troops destroyed on", "Winning troops destroyed on"]]
    for span, step in zip(_spans(sc.wargame_destroy), sc.wargame_destroy):
        draw = " (draw: both sides)" if step.threshold == 0 else ""
        wargame.append([span + draw, _roll(step.loser), _roll(step.winner)])
    return [
        text("Roll to destroy — tabletop game (rule 1.6)", "cellbold"),
        _table(tabletop, [width * 0.45, width * 0.55]),
        Spacer(1, 4),
        text("Roll to destroy — General's Wargame (rule 1.7)", "cellbold"),
        _table(wargame, [width * 0.4, width * 0.3, width * 0.3]),
    ]


def _slip(pic: TurnPicture, side: str, origin: str, target: str, width: float) -> list:
    sc, st = pic.scenario, pic.state
    arrow = st.open_arrow(origin, target)
    enemy = enemy_of(side)
    turn = pic.turn if arrow or st.phase in (Phase.PLANNING, Phase.BATTLE) else min(pic.turn + 1, len(sc.turns))
    spec = sc.turn(turn)
    terrain = sc.terrains.get(sc.areas[target].terrain or "", "—")
    lines = [
        text(f"Battle slip — turn {turn}: {label(sc, origin)} → {label(sc, target)}", "h2"),
        text(
            f"The {sc.side_nouns[side]} attack from {label(sc, origin)} into {label(sc, target)} "
            f"({terrain.lower()} terrain); the {sc.side_nouns[enemy]} defend."
        ),
    ]
    if arrow is not None:
        for who, commitment in (("Attacker", arrow.attacker), ("Defender", arrow.defender)):
            parts = list(commitment.troops) + ([sc.aircraft[commitment.sortie].name] if commitment.sortie else [])
            lines.append(marked(f"<b>{who} committed</b>: {escape(', '.join(parts) or 'nothing')}"))
    else:
        options = legal.legal_commitments(sc, st, origin, target)
        lines.append(
            marked(
                f"<b>Attacker may commit</b> (up to {options.limit}, a sortie counting as one): "
                f"{escape(', '.join(options.attacker_troops) or 'none')}"
            )
        )
        lines.append(marked(f"<b>Defender may commit</b>: {escape(', '.join(options.defender_troops) or 'none')}"))
    fort = legal.fortification_name(sc, st, origin, target, side)
    if fort:
        lines.append(marked(f"<b>{escape(fortification_words(sc, fort))}.</b>"))
    missions = "; ".join(f"{face} {name}" for face, name in enumerate(spec.missions, start=1))
    lines.append(marked(f"<b>Suggested mission (d6)</b>: {escape(missions)}. Mission played: ______________"))
    games = Table(
        [["Game", f"{sc.sides[side]} (attacker) VP", f"{sc.sides[enemy]} (defender) VP"]]
        + [[str(n), "", ""] for n in (1, 2, 3)],
        colWidths=[width * 0.14, width * 0.43, width * 0.43],
        rowHeights=[14, 22, 22, 22],
    )
    games.setStyle(BOXES)
    lines += [Spacer(1, 4), games, Spacer(1, 4), *_destroy_tables(pic, width)]
    lines.append(
        text(
            "Destroy dice rolled: ______________________________________  "
            "Retreat to: ____________  Advancing troops: ______________________",
            "small",
        )
    )
    return [KeepTogether(lines), Spacer(1, 14)]


def battle_slips(pic: TurnPicture, width: float, height: float) -> list:
    story = [
        text(pic.name, "title"),
        text("Battle slips — fill one in at the table and give it to the organiser", "subtitle"),
    ]
    if not pic.possible_arrows:
        story.append(text("There is no battle to fight now: no open arrow, and no arrow either side may place."))
    for side, origin, target in pic.possible_arrows:
        story += _slip(pic, side, origin, target, width)
    return story
