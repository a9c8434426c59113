"""The tracker's state in words, one line per status label of the tracker tab."""

from __future__ import annotations

from campaign_manager.assist.gcw.politics_charts import PoliticalRules
from campaign_manager.assist.gcw.tracker_summary import TrackerSummary
from campaign_manager.i18n import N_, _

NAMES = {"government": "Government", "dse": "DSE"}


def status_lines(summary: TrackerSummary, rules: PoliticalRules) -> dict[str, str]:
    """Label object name → text, from `TrackerGame.summary()`."""
    steps = [
        word
        for word, due in (
            (_("mobilization"), summary.mobilization_this_turn),
            (_("attrition at the end"), summary.attrition_this_turn),
            (_("a possible victory check"), summary.victory_check_this_turn),
        )
        if due
    ]
    doctrine = _("Doctrine: not set — roll on the Politics Table (16.3)")
    if summary.doctrine and summary.politics_roll_turn:
        doctrine = _(
            "Doctrine: {doctrine}, up to {limit} PP per Government Mobilization Phase; "
            "next Politics Table roll on turn {turn}"
        ).format(doctrine=summary.doctrine, limit=summary.mobilization_limit, turn=summary.politics_roll_turn)
    elif summary.doctrine:
        doctrine = _("Doctrine: {doctrine}, up to {limit} PP per Government Mobilization Phase").format(
            doctrine=summary.doctrine, limit=summary.mobilization_limit
        )
    aid = (
        _(
            "American Aid: active since turn {turn} (+{points} PP each Government Mobilization Phase, beyond the limit)"
        ).format(turn=summary.american_aid_since, points=rules.aid_points)
        if summary.american_aid
        else _(
            "American Aid: not yet (starts when the Government is at {government} or less, or the DSE at {dse} or more)"
        ).format(government=rules.aid_government_at_most, dse=rules.aid_dse_at_least)
    )
    markers = _(
        "Terror: {terror}.  Resettled: {resettled}.  Airstrikes: {available} available, {spent} spent this turn."
    ).format(
        terror=", ".join(summary.terror_regions) or _("none"),
        resettled=", ".join(summary.resettled_regions) or _("none"),
        available=summary.airstrikes.available,
        spent=summary.airstrikes.spent_this_turn,
    )
    if summary.stalin_score is None:
        stalin = _("Tito breaks with Stalin: not in play.")
    elif summary.dse_line:
        stalin = _("The DSE follows the {line} line; closed: {closed}.").format(
            line=summary.dse_line, closed=", ".join(summary.closed_countries)
        )
    else:
        stalin = _("Stalin score: {score} (the break comes at {threshold}).").format(
            score=summary.stalin_score, threshold=rules.stalin_threshold
        )
    order = summary.initiative.words
    if summary.first_player:
        order += " " + _("This turn the {side} goes first.").format(side=NAMES[summary.first_player])
    phase = summary.mobilization_phase
    phase_text = ""
    if phase and phase.limit is None:
        phase_text = _("{side} Mobilization Phase: {spent} PP spent (no limit).").format(
            side=NAMES[phase.side], spent=phase.spent
        )
    elif phase:
        phase_text = _("{side} Mobilization Phase: {spent} PP spent (of {limit}).").format(
            side=NAMES[phase.side], spent=phase.spent, limit=phase.limit
        )
    over = summary.game_over
    over_text = ""
    if over and over.winner is None:
        over_text = _("Game over: {reason}; nobody wins by {margin} — {level}.").format(
            reason=over.reason, margin=over.margin, level=over.level
        )
    elif over:
        over_text = _("Game over: {reason}; the {side} wins by {margin} — {level}.").format(
            reason=over.reason, side=NAMES[over.winner or ""], margin=over.margin, level=over.level
        )
    turn = (
        _("Turn {turn}: {steps}").format(turn=summary.turn, steps=", ".join(steps))
        if steps
        else _("Turn {turn}").format(turn=summary.turn)
    )
    return {
        "indicesLabel": f"Government {summary.government_pi}   ·   DSE {summary.dse_pi}",
        "turnLabel": turn,
        "doctrineStatusLabel": doctrine,
        "aidLabel": aid,
        "markersLabel": markers,
        "stalinLabel": stalin,
        "standingLabel": summary.standing.words,
        "initiativeStatusLabel": order,
        "phaseLabel": phase_text,
        "gameOverLabel": over_text,
    }


EMPTY = {
    "indicesLabel": N_("No tracker open"),
    "turnLabel": "",
    "doctrineStatusLabel": "",
    "aidLabel": "",
    "markersLabel": "",
    "stalinLabel": "",
    "standingLabel": "",
    "initiativeStatusLabel": "",
    "phaseLabel": "",
    "gameOverLabel": "",
}
