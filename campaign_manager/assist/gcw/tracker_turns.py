"""Reducers for the turn's steps: doctrine, mobilization and spending, initiative, turn end,
victory checks, and the Tito-Stalin score (16.3, 9.0, 17.1, 17.2, 8.0, 5.0, 6.2)."""

from __future__ import annotations

from typing import Any

from campaign_manager.assist.gcw.politics import DSE, GOVERNMENT, initiative, mobilization_turn, standing
from campaign_manager.assist.gcw.politics_charts import PoliticalRules
from campaign_manager.assist.gcw.tracker_state import TrackerState, change_pi, name, recorded_dice, side_of, whole
from campaign_manager.errors import RuleError, UserError
from campaign_manager.i18n import _


def _doctrine(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    key = action.get("doctrine")
    if key not in rules.doctrines:
        raise UserError(
            _("the doctrine must be one of {doctrines}, not {key}").format(
                doctrines=", ".join(rules.doctrines), key=repr(key)
            )
        )
    duration = action.get("duration")
    limit = action.get("limit")
    state.doctrine = key
    state.limit_override = None if limit is None else whole(action, "limit", high=rules.cap, rule="7.2")
    state.politics_roll_turn = (
        None if duration is None else state.turn + whole(action, "duration", 1, high=rules.turn_most, rule="16.3")
    )
    if state.politics_roll_turn is None:
        words = _("Politics Table: {doctrine}, spending limit {limit} PP (16.3)")
    else:
        words = _("Politics Table: {doctrine}, spending limit {limit} PP, next roll on turn {turn} (16.3)")
    state.note(
        words.format(
            doctrine=rules.doctrine(key).name, limit=state.mobilization_limit(rules), turn=state.politics_roll_turn
        )
    )


def _american_aid_trigger(state: TrackerState, rules: PoliticalRules) -> None:
    """17.2 (RULES.md decision): checked at the start of every Mobilization Phase."""
    if state.american_aid_since is not None:
        return
    if state.pi[GOVERNMENT] <= rules.aid_government_at_most or state.pi[DSE] >= rules.aid_dse_at_least:
        state.american_aid_since = state.turn
        state.note(
            _("American Aid begins (17.2): Government {government}, DSE {dse}").format(
                government=state.pi[GOVERNMENT], dse=state.pi[DSE]
            )
        )


def _stalin_score(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    """17.1: the DSE adds 2d6 each Mobilization Phase; at the threshold the line is chosen."""
    rolled = sum(recorded_dice(action, "stalin_dice", rules.stalin_dice))
    state.stalin_score += rolled
    state.note(_("Stalin score +{rolled} → {score} (17.1)").format(rolled=rolled, score=state.stalin_score))
    if state.stalin_score < rules.stalin_threshold:
        return
    die = recorded_dice(action, "break_die", 1)[0]
    outcome = next(o for o in rules.stalin_outcomes if o.band.holds(die))
    purge = sum(recorded_dice(action, "purge_dice", outcome.purge_dice))
    state.dse_line = outcome.band.name
    state.closed = list(outcome.closes)
    state.note(
        _(
            "Tito breaks with Stalin, die {die}: the DSE follows the {line} line; "
            "{countries} close their borders and DSE units there are eliminated; purge: {change}"
        ).format(
            die=die,
            line=outcome.band.name,
            countries=_(" and ").join(outcome.closes),
            change=change_pi(state, DSE, -purge, rules),
        )
    )


def _mobilization(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    side = side_of(action)
    if not mobilization_turn(state.turn, rules):
        raise RuleError(
            "5.0",
            _("turn {turn} has no Mobilization Phase (only {parity} turns after the first)").format(
                turn=state.turn, parity=rules.mobilization_parity
            ),
        )
    if side in state.mobilized:
        raise RuleError(
            "5.0",
            _("the {side}'s Mobilization Phase of turn {turn} is already recorded").format(
                side=name(side), turn=state.turn
            ),
        )
    if side == GOVERNMENT and state.doctrine is None:
        raise RuleError(
            "16.3",
            _(
                "the Government has no doctrine yet: roll on the Politics Table "
                "printed on the map and record the doctrine first"
            ),
        )
    state.note(_("{side} Mobilization Phase begins").format(side=name(side)))
    _american_aid_trigger(state, rules)
    limit = None
    if side == GOVERNMENT:
        limit = state.mobilization_limit(rules)
        if state.american_aid_since is not None and limit is not None:
            limit += rules.aid_points
            state.note(
                _("American Aid (17.2): {change}, spendable beyond the limit").format(
                    change=change_pi(state, GOVERNMENT, rules.aid_points, rules)
                )
            )
    elif state.setup.tito_stalin and state.dse_line is None:
        _stalin_score(state, action, rules)
    state.mobilized.append(side)
    state.phase = {"side": side, "turn": state.turn, "spent": 0, "limit": limit}


def _spend(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    side, amount = side_of(action), whole(action, "amount", 1, high=rules.cap, rule="7.2")
    phase = state.phase
    if phase is None or phase["side"] != side:
        raise RuleError(
            "9.1",
            _("the {side} spends Political Points in its own Mobilization Phase: start that phase first").format(
                side=name(side)
            ),
        )
    if phase["limit"] is not None and phase["spent"] + amount > phase["limit"]:
        raise RuleError(
            "9.5",
            _("the Government may spend {limit} PP this phase and has spent {spent}; {amount} more is too much").format(
                limit=phase["limit"], spent=phase["spent"], amount=amount
            ),
        )
    if state.pi[side] - amount <= rules.collapse_at:
        raise UserError(
            _(
                "spending {amount} PP would take the {side}'s index to {index} and lose the game (6.1); "
                "nothing was spent"
            ).format(amount=amount, side=name(side), index=state.pi[side] - amount)
        )
    phase["spent"] += amount
    what = str(action.get("what") or _("units"))
    state.note(
        _("{side} spends {amount} PP on {what}: {change}").format(
            side=name(side), amount=amount, what=what, change=change_pi(state, side, -amount, rules)
        )
    )


def _initiative(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    first = side_of(action, "first")
    if state.first_player is not None:
        raise RuleError(
            "8.0", _("the initiative of turn {turn} is already recorded (undo to change it)").format(turn=state.turn)
        )
    order = initiative(state.pi)
    if order.tie and first != DSE:
        raise RuleError("8.0", _("the indices are equal, so the DSE has the initiative and goes first"))
    state.first_player = first
    if order.tie:
        words = _("Initiative (tie: the DSE has the initiative): the {first} goes first")
    else:
        words = _("Initiative ({chooser} chose): the {first} goes first")
    state.note(words.format(chooser=name(order.chooser or ""), first=name(first)))


def _end_by_check(state: TrackerState, rules: PoliticalRules, why: str) -> None:
    """6.2: the side with more Political Points wins; equal points are a draw. The levels of
    6.1 belong to sudden death, so a winner here is never called a draw."""
    lead = standing(state.pi, rules)
    level = "Victory (more Political Points, 6.2)" if lead.leader else "Draw"
    state.game_over = {"winner": lead.leader, "reason": why, "margin": lead.margin, "level": level, "turn": state.turn}
    government, dse = state.pi["government"], state.pi["dse"]
    if lead.leader is None:
        words = _("Victory check at the end of turn {turn}: a draw ({government} to {dse})")
    else:
        words = _(
            "Victory check at the end of turn {turn}: the {side} wins with more Political Points "
            "({government} to {dse}, by {margin})"
        )
    state.note(
        words.format(
            turn=state.turn,
            government=government,
            dse=dse,
            side=name(lead.leader) if lead.leader else "",
            margin=lead.margin,
        )
    )


def _next_turn(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    if state.setup.victory_check_turn == state.turn:
        _end_by_check(state, rules, _("the game ended after turn {turn} as agreed (5.0)").format(turn=state.turn))
        return
    state.turn += 1
    state.phase, state.first_player, state.penalties_done = None, None, False
    state.mobilized, state.controlled = [], []
    state.airstrikes_spent = 0
    state.history.append(_("Turn {turn} begins").format(turn=state.turn))
    if state.politics_roll_turn == state.turn:
        state.note(_("the Government rolls again on the Politics Table this Initiative Phase (16.3)"))


def _victory_check(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    if state.turn not in rules.victory_check_turns:
        turns = ", ".join(map(str, rules.victory_check_turns))
        raise RuleError(
            "6.2",
            _("a victory check is made only at the end of turn {turns}, not turn {turn}").format(
                turns=turns, turn=state.turn
            ),
        )
    _end_by_check(
        state,
        rules,
        _("both players chose a victory check at the end of turn {turn} (6.2)").format(turn=state.turn),
    )


REDUCERS = {
    "doctrine": _doctrine,
    "mobilization": _mobilization,
    "spend": _spend,
    "initiative": _initiative,
    "next_turn": _next_turn,
    "victory_check": _victory_check,
}
