"""The tracker's reducer: one recorded action applied to a copy of the state.

Actions are plain JSON with every die already recorded (see `tracker_dice.prepare`), so a game
file replays to the same state every evening. A refused action changes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from campaign_manager.assist.gcw import tracker_turns
from campaign_manager.assist.gcw.actions import check_action
from campaign_manager.assist.gcw.politics import GOVERNMENT, SIDES, other, standing
from campaign_manager.assist.gcw.politics_charts import PoliticalRules
from campaign_manager.assist.gcw.tracker_state import (
    UNGARRISONED,
    TrackerState,
    amount_of,
    change_pi,
    name,
    recorded_dice,
    region_of,
    side_of,
    whole,
)
from campaign_manager.assist.results import RESULT, read_result
from campaign_manager.errors import RuleError, UserError
from campaign_manager.i18n import _, ngettext

Reducer = Callable[[TrackerState, dict[str, Any], PoliticalRules], None]


def _adjust(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    side = side_of(action)
    amount = action.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
        raise UserError(_("'amount' must be a whole number other than 0, not {amount}").format(amount=repr(amount)))
    if abs(amount) > rules.cap:
        raise RuleError(
            "7.2",
            _("an index runs from 0 to {cap}: a change of {amount} is more than its track").format(
                cap=rules.cap, amount=amount
            ),
        )
    reason = str(action.get("reason") or _("correction"))
    state.note(_("{reason}: {change}").format(reason=reason, change=change_pi(state, side, amount, rules)))


def _control(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    side, region = side_of(action), None
    if action.get("region"):
        region = state.holds(region_of(action))
        if side == GOVERNMENT and rules.is_foreign(region):
            raise RuleError(
                "14.4",
                _("{region} is a foreign area: the DSE always controls it, never the Government").format(region=region),
            )
        if region in state.controlled:
            raise RuleError(
                "14.1",
                _("{region}'s control points for turn {turn} are already recorded").format(
                    region=region, turn=state.turn
                ),
            )
        if region in state.terror:
            raise RuleError(
                "16.4", _("{region} is terrorized: whoever controls it gets no Political Points").format(region=region)
            )
    points = amount_of(rules, action, "points")
    use = action.get("use", "add")
    if use not in ("add", "subtract"):
        raise UserError(_("'use' must be 'add' or 'subtract', not {use}").format(use=repr(use)))
    if region is not None:
        if region in state.resettled and points != rules.resettled_control_points:
            raise RuleError(
                "16.5",
                _("{region} was resettled: it is worth {worth} point to its controller, not {points}").format(
                    region=region, worth=rules.resettled_control_points, points=points
                ),
            )
        if region.casefold() in (c.casefold() for c in state.closed):
            raise RuleError(
                "17.1", _("{region} has closed its borders: it no longer gives the DSE points").format(region=region)
            )
        state.controlled.append(region)
    target = side if use == "add" else other(side)
    change = change_pi(state, target, points if use == "add" else -points, rules)
    if region is None and use == "add":
        words = _("{side} controls, adds {points} (14.7): {change}")
    elif region is None:
        words = _("{side} controls, takes from the enemy {points} (14.7): {change}")
    elif use == "add":
        words = _("{side} controls {region}, adds {points} (14.7): {change}")
    else:
        words = _("{side} controls {region}, takes from the enemy {points} (14.7): {change}")
    state.note(words.format(side=name(side), region=region, points=points, change=change))


def _terror(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    region = state.holds(region_of(action))
    if action.get("placed", True):
        if region in state.terror:
            raise RuleError("16.4", _("{region} already has a Terror marker (one per region)").format(region=region))
        state.terror.append(region)
        state.note(_("Terror marker placed in {region}").format(region=region))
    else:
        if region not in state.terror:
            raise RuleError("16.4", _("{region} has no Terror marker to remove").format(region=region))
        state.terror.remove(region)
        state.note(_("Terror marker removed from {region}").format(region=region))


def _airstrikes(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    """2.8: Airstrike markers the Government bought (its PP are recorded with `spend`)."""
    bought = whole(action, "bought", 1, 1, high=rules.cap, rule="7.2")
    if state.phase is None or state.phase["side"] != GOVERNMENT:
        raise RuleError(
            "11.4", _("Airstrike markers are bought in the Government's Mobilization Phase: start that phase first")
        )
    state.airstrikes += bought
    state.note(
        ngettext(
            "{n} Airstrike marker bought: {available} available (2.8)",
            "{n} Airstrike markers bought: {available} available (2.8)",
            bought,
        ).format(n=bought, available=state.airstrikes)
    )


def _conflict(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    """A conflict resolved on the Conflict Resolution Table, recorded in one step: the Airstrike
    it expended (11.4), the Terror marker it placed or removed (12, 16.2), the Political Points
    paid for the unconventional modifier (11.6)."""
    region = state.holds(region_of(action))
    attacker = action.get("attacker")
    if attacker not in SIDES:
        raise UserError(_("'attacker' should be government or dse, not {attacker}").format(attacker=repr(attacker)))
    words = [_("Conflict in {region} ({side} attacking)").format(region=region, side=name(attacker))]
    if action.get("airstrike"):
        if state.airstrikes < 1:
            raise RuleError(
                "11.4", _("the Government has no Airstrike marker available (buy them in a Mobilization Phase)")
            )
        state.airstrikes -= 1
        state.airstrikes_spent += 1
        words.append(_("an Airstrike expended ({left} left)").format(left=state.airstrikes))
    terror = action.get("terror")
    if terror not in (None, "placed", "removed"):
        raise UserError(_("'terror' should be placed, removed or left out, not {terror}").format(terror=repr(terror)))
    if terror == "removed" and attacker != GOVERNMENT:
        raise RuleError("12.2", _("only a Government attack removes a Terror marker; the DSE attacked here"))
    if terror == "placed" and region not in state.terror:
        state.terror.append(region)
        words.append(_("a Terror marker placed"))
    elif terror == "removed" and region in state.terror:
        state.terror.remove(region)
        words.append(_("its Terror marker removed"))
    paid = action.get("political_points") or {}
    if not isinstance(paid, dict) or not set(paid) <= {"attacker", "defender"}:
        raise UserError(_("'political_points' maps attacker and/or defender to the PP they paid"))
    for role, points in sorted(paid.items()):
        attacking = role == "attacker"
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            wrong = (
                _("the PP the attacker paid should be a whole number of 0 or more, not {points}")
                if attacking
                else _("the PP the defender paid should be a whole number of 0 or more, not {points}")
            )
            raise UserError(wrong.format(points=repr(points)))
        if points > rules.modifier_cost_most:
            most = (
                _("the attacker's modifier costs at most {most} PP, not {points}")
                if attacking
                else _("the defender's modifier costs at most {most} PP, not {points}")
            )
            raise RuleError("11.6", most.format(most=rules.modifier_cost_most, points=points))
        if points:
            side = attacker if attacking else other(attacker)
            change = change_pi(state, side, -points, rules)
            paid_words = (
                _("the attacker paid {points} PP (11.6): {change}")
                if attacking
                else _("the defender paid {points} PP (11.6): {change}")
            )
            words.append(paid_words.format(points=points, change=change))
    state.note("; ".join(words))


def _resettle(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    region = state.holds(region_of(action))
    if rules.is_urban(region) or rules.is_foreign(region):
        refusal = (
            _("only Rural regions can be resettled; {region} is an Urban region")
            if rules.is_urban(region)
            else _("only Rural regions can be resettled; {region} is a foreign area")
        )
        raise RuleError("16.5", refusal.format(region=region))
    phase = state.phase
    if phase is None or phase["side"] != GOVERNMENT:
        raise RuleError(
            "16.5",
            _(
                "the Government resettles a region at the beginning of its own Mobilization Phase; "
                "it is not in that phase now (turn {turn})"
            ).format(turn=state.turn),
        )
    if phase["spent"]:
        raise RuleError(
            "16.5", _("resettlement is announced at the beginning of the Mobilization Phase, before any PP is spent")
        )
    if region in state.resettled:
        raise RuleError("16.5", _("{region} is already resettled; it can never be put back").format(region=region))
    moved = sum(recorded_dice(action, "dice", rules.resettlement_dice))
    state.resettled.append(region)
    if region not in state.terror:
        state.terror.append(region)
    state.note(
        _("{region} resettled, a Terror marker there, {moved} PP move (16.5): {government}; {dse}").format(
            region=region,
            moved=moved,
            government=change_pi(state, "government", -moved, rules),
            dse=change_pi(state, "dse", moved, rules),
        )
    )


def _control_penalties(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    if state.penalties_done:
        raise RuleError(
            "14.5", _("the Control Phase penalties of turn {turn} are already recorded").format(turn=state.turn)
        )
    lines = []
    government = len(state.terror) * rules.terror_penalty + len(state.resettled) * rules.resettled_penalty
    if state.terror or state.resettled:
        terror = ngettext("{n} Terror marker", "{n} Terror markers", len(state.terror)).format(n=len(state.terror))
        lines.append(
            ngettext(
                "{terror} and {n} resettled region",
                "{terror} and {n} resettled regions",
                len(state.resettled),
            ).format(terror=terror, n=len(state.resettled))
        )
    tight = action.get("tight_dice") or []
    garrisons = len(rules.tight_defense_regions)
    ungarrisoned = whole(action, "tight_ungarrisoned", 0, 0, high=garrisons, rule="16.3", said=UNGARRISONED)
    if ungarrisoned and len(tight) != ungarrisoned * rules.tight_defense_dice:
        count = ungarrisoned * rules.tight_defense_dice
        raise UserError(
            ngettext(
                "'tight_dice' must hold {n} d6 value, one per ungarrisoned region, not {tight}",
                "'tight_dice' must hold {n} d6 values, one per ungarrisoned region, not {tight}",
                count,
            ).format(n=count, tight=repr(tight))
        )
    if len(tight) > garrisons * rules.tight_defense_dice:
        raise RuleError(
            "16.3",
            _("only {garrisons} regions need a Tight Defense garrison, not {n}").format(
                garrisons=garrisons, n=len(tight)
            ),
        )
    if tight:
        if state.doctrine != "tight":
            refusal = (
                _(
                    "regions without their garrison cost the Government only under Tight Defense, "
                    "and the doctrine is {doctrine}"
                ).format(doctrine=rules.doctrine(state.doctrine).name)
                if state.doctrine
                else _(
                    "regions without their garrison cost the Government only under Tight Defense, "
                    "and the doctrine is not chosen yet"
                )
            )
            raise RuleError("16.3", refusal)
        government += sum(recorded_dice(action, "tight_dice", len(tight)))
        lines.append(
            ngettext(
                "{n} region without its Tight Defense garrison",
                "{n} regions without their Tight Defense garrison",
                len(tight),
            ).format(n=len(tight))
        )
    empty = whole(action, "area_empty_regions", 0, 0, high=rules.cap, rule="7.2")
    if empty:
        if state.doctrine != "area":
            raise RuleError("16.3", _("regions empty of Government units cost points only under Area Defense"))
        government += empty * rules.area_defense_penalty
        lines.append(
            ngettext("{n} region empty under Area Defense", "{n} regions empty under Area Defense", empty).format(
                n=empty
            )
        )
    words = [
        _("Government penalties ({what}): {change}").format(
            what="; ".join(lines) or _("none"),
            change=change_pi(state, "government", -government, rules) if government else _("nothing"),
        )
    ]
    if not action.get("dse_conventional_in_greece", True):
        lost = sum(recorded_dice(action, "dse_dice", rules.no_conventional_dse_dice))
        words.append(
            _("no conventional DSE unit in Greece (14.6): {change}").format(
                change=change_pi(state, "dse", -lost, rules)
            )
        )
    state.penalties_done = True
    state.note(_("Control Phase: {words}").format(words="; ".join(words)))


REDUCERS: dict[str, Reducer] = {
    "adjust": _adjust,
    "control": _control,
    "terror": _terror,
    "resettle": _resettle,
    "control_penalties": _control_penalties,
    "airstrikes": _airstrikes,
    "conflict": _conflict,
    **tracker_turns.REDUCERS,
}


def apply(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> TrackerState:
    """The state after `action`; raises UserError (nothing changed) if it cannot be done."""
    check_action(action)
    if action["type"] == RESULT:  # a calculator's result, kept with the game: it changes no index
        after = copy.deepcopy(state)
        after.results.append(read_result(action))
        return after
    if state.game_over is not None:
        raise RuleError("6.1", _("the game is over ({reason}); undo to go on").format(reason=state.game_over["reason"]))
    after = copy.deepcopy(state)
    REDUCERS[action["type"]](after, action, rules)
    _collapse(after, rules)
    return after


def _collapse(state: TrackerState, rules: PoliticalRules) -> None:
    """6.1: an index at 0 or less ends the game at once; the other side wins."""
    fallen = [side for side in SIDES if state.pi[side] <= rules.collapse_at]
    if not fallen or state.game_over is not None:
        return
    lead = standing(state.pi, rules)
    if len(fallen) == 2:
        # Not in the book: both fell in one step; nobody won.
        reason = _("both indices fell to 0 or less together")
        state.game_over = {"winner": None, "reason": reason, "margin": 0, "level": "Draw", "turn": state.turn}
    else:
        winner = other(fallen[0])
        reason = _("the {side}'s index fell to {index} (sudden death, 6.1)").format(
            side=name(fallen[0]), index=state.pi[fallen[0]]
        )
        state.game_over = {
            "winner": winner,
            "reason": reason,
            "margin": lead.margin,
            "level": lead.level,
            "turn": state.turn,
        }
    state.note(_("Game over: {reason}").format(reason=reason))
