"""The tracker's state in words, one line per status label of the tracker tab."""

from __future__ import annotations

from campaign_manager.assist.gcw.politics_charts import PoliticalRules
from campaign_manager.assist.gcw.tracker_summary import TrackerSummary

NAMES = {"government": "Government", "dse": "DSE"}


def status_lines(summary: TrackerSummary, rules: PoliticalRules) -> dict[str, str]:
    """Label object name → text, from `TrackerGame.summary()`."""
    steps = [
        word
        for word, due in (
            ("mobilization", summary.mobilization_this_turn),
            ("attrition at the end", summary.attrition_this_turn),
            ("a possible victory check", summary.victory_check_this_turn),
        )
        if due
    ]
    doctrine = "Doctrine: not set — roll on the Politics Table (16.3)"
    if summary.doctrine:
        doctrine = (
            f"Doctrine: {summary.doctrine}, up to {summary.mobilization_limit} PP per Government Mobilization Phase"
        )
        if summary.politics_roll_turn:
            doctrine += f"; next Politics Table roll on turn {summary.politics_roll_turn}"
    aid = (
        f"American Aid: active since turn {summary.american_aid_since} "
        f"(+{rules.aid_points} PP each Government Mobilization Phase, beyond the limit)"
        if summary.american_aid
        else f"American Aid: not yet (starts when the Government is at {rules.aid_government_at_most} "
        f"or less, or the DSE at {rules.aid_dse_at_least} or more)"
    )
    markers = (
        f"Terror: {', '.join(summary.terror_regions) or 'none'}.  "
        f"Resettled: {', '.join(summary.resettled_regions) or 'none'}.  "
        f"Airstrikes: {summary.airstrikes.available} available, "
        f"{summary.airstrikes.spent_this_turn} spent this turn."
    )
    if summary.stalin_score is None:
        stalin = "Tito breaks with Stalin: not in play."
    elif summary.dse_line:
        stalin = f"The DSE follows the {summary.dse_line} line; closed: {', '.join(summary.closed_countries)}."
    else:
        stalin = f"Stalin score: {summary.stalin_score} (the break comes at {rules.stalin_threshold})."
    order = summary.initiative.words
    if summary.first_player:
        order += f" This turn the {NAMES[summary.first_player]} goes first."
    phase = summary.mobilization_phase
    phase_text = ""
    if phase:
        limit = "no limit" if phase.limit is None else f"of {phase.limit}"
        phase_text = f"{NAMES[phase.side]} Mobilization Phase: {phase.spent} PP spent ({limit})."
    over = summary.game_over
    over_text = ""
    if over:
        winner = "nobody wins" if over.winner is None else f"the {NAMES[over.winner]} wins"
        over_text = f"Game over: {over.reason}; {winner} by {over.margin} — {over.level}."
    return {
        "indicesLabel": f"Government {summary.government_pi}   ·   DSE {summary.dse_pi}",
        "turnLabel": f"Turn {summary.turn}" + (f": {', '.join(steps)}" if steps else ""),
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
    "indicesLabel": "No tracker open",
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
