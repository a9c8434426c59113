"""Battle slips for the commanders at the table: one per open arrow (or per arrow either side
could place now): the two areas, the troops committed, the suggested missions, boxes for each
side's VP per game, and the roll-to-destroy target for every possible result."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from campaign_manager.engine import legal
from campaign_manager.engine.battle import fortification_words
from campaign_manager.engine.lookup import label
from campaign_manager.i18n import _
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.page import BOLD, marked, text
from campaign_manager.reports.sections import PADS
from campaign_manager.reports.tables import table as _table
from campaign_manager.scenario.model import DestroyStep

BOXES = TableStyle(
    [
        ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
        ("FONT", (0, 0), (-1, 0), BOLD, 8),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e4e4")),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white]),
    ]
)


def _roll(on: int) -> str:
    return _("no roll") if not on else f"{on}+" if on < 6 else "6"


def _spans(steps: tuple[DestroyStep, ...]) -> list[str]:
    """Each row's range of a roll-to-destroy table read from the top ("5 or more", "3–4", "2")."""
    spans, previous = [], None
    for step in steps:
        low = step.threshold
        spans.append(
            _("{low} or more").format(low=low)
            if previous is None
            else f"{low}"
            if previous - 1 == low
            else f"{low}–{previous - 1}"
        )
        previous = low
    return spans


def _destroy_tables(pic: TurnPicture, width: float) -> Table:
    """Both roll-to-destroy tables side by side (rules 1.6 and 1.7)."""
    sc = pic.scenario
    tabletop = [[_("Your VP (average per game)"), _("Enemy troops you roll for are destroyed on")]]
    for span, step in zip(_spans(sc.tabletop_destroy), sc.tabletop_destroy):
        tabletop.append([span, _roll(step.loser)])
    lowest = sc.tabletop_destroy[-1].threshold if sc.tabletop_destroy else None
    tabletop.append([_("{high} or less").format(high=lowest - 1) if lowest else _("any"), _("no roll")])
    wargame = [[_("Difference of the totals"), _("Losing troops destroyed on"), _("Winning troops destroyed on")]]
    for span, step in zip(_spans(sc.wargame_destroy), sc.wargame_destroy):
        if step.threshold == 0:
            span = _("{span} (draw: both sides)").format(span=span)
        wargame.append([span, _roll(step.loser), _roll(step.winner)])
    half = (width - 8) / 2
    both = Table(
        [
            [
                text(_("Roll to destroy — tabletop game (rule 1.6)"), "cellbold"),
                "",
                text(_("Roll to destroy — General's Wargame (rule 1.7)"), "cellbold"),
            ],
            [
                _table(tabletop, [half * 0.45, half * 0.55], 7.5),
                "",
                _table(wargame, [half * 0.4, half * 0.3, half * 0.3], 7.5),
            ],
        ],
        colWidths=[half, 8, half],
        hAlign="LEFT",
    )
    both.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *((pad, (0, 0), (-1, -1), 0) for pad in PADS)]))
    return both


def caveat_box(words: str, width: float) -> Table:
    """A warning that cannot be missed: the positions on the slip may still change."""
    box = Table([[marked("<b>{words}</b>", "small", words=words)]], colWidths=[width], hAlign="LEFT")
    box.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 1.6, colors.black),
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fff3c4")),
                ("LEFTPADDING", (0, 0), (-1, -1), 5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    return box


def _slip(pic: TurnPicture, side: str, origin: str, target: str, width: float) -> list[Flowable]:
    sc, plan = pic.scenario, pic.slips
    st = plan.state
    arrow = st.open_arrow(origin, target)
    enemy = sc.enemy_of(side)
    spec = sc.turn(plan.turn)
    terrain = sc.terrains.get(sc.areas[target].terrain or "", "—")
    title = _("Battle slip — turn {turn}: {origin} → {target}").format(
        turn=plan.turn, origin=label(sc, origin), target=label(sc, target)
    )
    lines: list[Flowable] = [text(title, "h2")]
    if plan.caveat:
        lines += [caveat_box(plan.caveat, width), Spacer(1, 3)]
    lines.append(
        text(
            _("The {attacker} attack from {origin} into {target} ({terrain} terrain); the {defender} defend.").format(
                attacker=sc.side_noun(side),
                origin=label(sc, origin),
                target=label(sc, target),
                terrain=terrain.lower(),
                defender=sc.side_noun(enemy),
            )
        )
    )
    if arrow is not None:
        said = (_("<b>Attacker committed</b>: {parts}"), _("<b>Defender committed</b>: {parts}"))
        for words, commitment in zip(said, (arrow.attacker, arrow.defender)):
            parts = list(commitment.troops) + ([sc.aircraft[commitment.sortie].name] if commitment.sortie else [])
            lines.append(marked(words, parts=", ".join(parts) or _("nothing")))
    else:
        options = legal.legal_commitments(sc, st, origin, target)
        lines.append(
            marked(
                _("<b>Attacker may commit</b> (up to {limit}, a sortie counting as one): {troops}"),
                limit=options.limit,
                troops=", ".join(options.attacker_troops) or _("none"),
            )
        )
        lines.append(
            marked(_("<b>Defender may commit</b>: {troops}"), troops=", ".join(options.defender_troops) or _("none"))
        )
    fort = legal.fortification_name(sc, st, origin, target, side)
    if fort:
        lines.append(marked("<b>{words}.</b>", words=fortification_words(sc, fort)))
    if arrow is not None and arrow.mission_die is not None:
        rolled = spec.mission_titles[arrow.mission_die - 1]
        lines.append(
            marked(
                _("<b>Mission</b> (rolled when the arrow was placed, d6 {die}): {rolled}"),
                die=arrow.mission_die,
                rolled=rolled,
            )
        )
    else:
        missions = "; ".join(f"{face} {name}" for face, name in enumerate(spec.mission_titles, start=1))
        lines.append(
            marked(_("<b>Suggested mission (d6)</b>: {missions}. Mission played: ______________"), missions=missions)
        )
    games = Table(
        [
            [
                _("Game"),
                _("{side} (attacker) VP").format(side=sc.side_adjective(side)),
                _("{side} (defender) VP").format(side=sc.side_adjective(enemy)),
            ]
        ]
        + [[str(n), "", ""] for n in (1, 2, 3)],
        colWidths=[width * 0.14, width * 0.43, width * 0.43],
        rowHeights=[14, 20, 20, 20],
        hAlign="LEFT",
    )
    games.setStyle(BOXES)
    lines += [Spacer(1, 4), games, Spacer(1, 4), _destroy_tables(pic, width)]
    lines.append(
        text(
            _(
                "Destroy dice rolled: ______________________________________  "
                "Retreat to: ____________  Advancing troops: ______________________"
            ),
            "small",
        )
    )
    return [KeepTogether(lines), Spacer(1, 12)]


def battle_slips(pic: TurnPicture, width: float, height: float) -> list[Flowable]:
    story = [
        text(pic.name, "title"),
        text(_("Battle slips — fill one in at the table and give it to the organiser"), "subtitle"),
    ]
    if not pic.slips.arrows:
        story.append(text(_("There is no battle to fight now: no open arrow, and no arrow either side may place.")))
    for side, origin, target in pic.slips.arrows:
        story += _slip(pic, side, origin, target, width)
    return story
