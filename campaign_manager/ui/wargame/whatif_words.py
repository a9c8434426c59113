"""What if's answer in words: each result's share with its 95 % interval, each side's chance at
any level, the objectives that changed hands, the plan's arrows fought, and how the playouts
stopped (shown under What if's charts: ui/wargame/whatif_dialog.py)."""

from __future__ import annotations

from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.victory import level_words, result_names
from campaign_manager.engine.whatif import WhatIf
from campaign_manager.i18n import _, ngettext, number, share
from campaign_manager.scenario.model import Scenario


def margin_words(sc: Scenario, answer: WhatIf) -> str:
    """How the playouts' margin is counted (engine/whatif.py), in the scenario's names."""
    below, above = answer.margin_sides
    return _("{above} minus {below}").format(above=sc.side_adjective(above), below=sc.side_adjective(below))


def interval_words(fraction: float, low: float, high: float) -> str:
    """A share with its 95 % interval: "30% (28–32)"."""
    return _("{share} ({low}–{high})").format(share=share(fraction), low=number(low * 100), high=number(high * 100))


def points(value: float) -> str:
    """Percentage points as typed (2, 2.5), as the user's language writes them."""
    return number(value, len(f"{value:g}".partition(".")[2]))


def share_words(answer: WhatIf, name: str) -> str:
    """A result's share and its 95 % interval: "30% (28–32)"."""
    interval = answer.intervals[name]
    return interval_words(answer.share(name), interval.low, interval.high)


def objective_words(sc: Scenario, answer: WhatIf) -> str:
    """How often each objective ended with the other side, and the plan's arrows fought."""
    held = answer.held_at_start  # when the playouts start: now, not at the campaign's set-up
    by_side, by_nobody = _("{area}, held by the {side} now, {share}"), _("{area}, held by nobody now, {share}")
    parts = [
        (by_side if held.get(code) else by_nobody).format(
            area=label(sc, code), side=side_name(sc, held[code]) if held.get(code) else "", share=share(fraction)
        )
        for code, fraction in answer.objectives.items()
    ]
    words = _("How often each objective ended with the other side: {objectives}.").format(objectives="; ".join(parts))
    plan = answer.plan
    if plan is not None:
        each = _("{origin} → {target} in {share}")
        fought = "; ".join(each.format(origin=a.origin, target=a.target, share=share(a.fought)) for a in plan.arrows)
        said = (
            _(
                "The plan's arrows were fought: {fought} of the playouts (in the others the turn's battles ran out "
                "first, or the arrow could no longer be made)."
            )
            if any(a.fought < 1 for a in plan.arrows)
            else _("The plan's arrows were fought: {fought} of the playouts.")
        )
        words += "\n" + said.format(fought=fought)
    return words


def wins_words(sc: Scenario, answer: WhatIf) -> str:
    """Each side's chance of winning the campaign at any level, and of a draw, with their 95 %
    intervals, the sides in the scenario's order: the single most likely result can be one side's
    while the other wins more often ("In all, the Axis win 35% (32–38), the Allies 44% (41–47),
    draw 21% (18–24).")."""
    if not answer.playouts:
        return ""

    def won(side: str) -> str:
        wins = answer.wins[side]
        return interval_words(wins.share, wins.interval.low, wins.interval.high)

    first, *others = sc.sides
    sides = [_("the {side} win {share}").format(side=side_name(sc, first), share=won(first))]
    sides += [_("the {side} {share}").format(side=side_name(sc, side), share=won(side)) for side in others]
    draw = share_words(answer, sc.victory_below)
    return _("In all, at any level of victory: {sides}, {draw} {share}.").format(
        sides=", ".join(sides), draw=level_words(sc.victory_below), share=draw
    )


def summary_words(sc: Scenario, answer: WhatIf) -> str:
    count = answer.playouts
    if answer.stopped == "precise":
        why = _("stopped once every result was known to ±{points} points").format(
            points=points((answer.precision or 0) * 100)
        )
    elif answer.stopped == "cancelled":
        why = _("cancelled early")
    else:
        why = _("every result known to ±{points} points").format(points=number((answer.widest or 0) * 100, 1))
    likely = answer.most_likely()
    if likely is None:
        said = ngettext(
            "{count} playout ({why}). Most battles in one turn: {most}.",
            "{count} playouts ({why}). Most battles in one turn: {most}.",
            count,
        )
        return said.format(count=number(count), why=why, most=answer.most_battles_in_a_turn)
    said = ngettext(
        "{count} playout ({why}). The single most likely result: {likely}. Most battles in one turn: {most}.",
        "{count} playouts ({why}). The single most likely result: {likely}. Most battles in one turn: {most}.",
        count,
    )
    likely = result_names(sc).get(likely, likely)
    return said.format(count=number(count), why=why, likely=likely, most=answer.most_battles_in_a_turn)
