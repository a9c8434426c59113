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

Reducer = Callable[[TrackerState, dict[str, Any], PoliticalRules], None]


def _adjust(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    side = side_of(action)
    amount = action.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
        raise UserError(f"'amount' must be a whole number other than 0, not {amount!r}")
    if abs(amount) > rules.cap:
        raise RuleError("7.2", f"an index runs from 0 to {rules.cap}: a change of {amount} is more than its track")
    reason = str(action.get("reason") or "correction")
    state.note(f"{reason}: {change_pi(state, side, amount, rules)}")


def _control(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    side, region, where = side_of(action), None, ""
    if action.get("region"):
        region = state.holds(region_of(action))
        if side == GOVERNMENT and rules.is_foreign(region):
            raise RuleError("14.4", f"{region} is a foreign area: the DSE always controls it, never the Government")
        if region in state.controlled:
            raise RuleError("14.1", f"{region}'s control points for turn {state.turn} are already recorded")
        if region in state.terror:
            raise RuleError("16.4", f"{region} is terrorized: whoever controls it gets no Political Points")
    points = amount_of(rules, action, "points")
    use = action.get("use", "add")
    if use not in ("add", "subtract"):
        raise UserError(f"'use' must be 'add' or 'subtract', not {use!r}")
    if region is not None:
        if region in state.resettled and points != rules.resettled_control_points:
            raise RuleError(
                "16.5",
                f"{region} was resettled: it is worth {rules.resettled_control_points} "
                f"point to its controller, not {points}",
            )
        if region.casefold() in (c.casefold() for c in state.closed):
            raise RuleError("17.1", f"{region} has closed its borders: it no longer gives the DSE points")
        state.controlled.append(region)
        where = f" {region}"
    target = side if use == "add" else other(side)
    verb = "adds" if use == "add" else "takes from the enemy"
    state.note(
        f"{name(side)} controls{where}, {verb} {points} (14.7): "
        f"{change_pi(state, target, points if use == 'add' else -points, rules)}"
    )


def _terror(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    region = state.holds(region_of(action))
    if action.get("placed", True):
        if region in state.terror:
            raise RuleError("16.4", f"{region} already has a Terror marker (one per region)")
        state.terror.append(region)
        state.note(f"Terror marker placed in {region}")
    else:
        if region not in state.terror:
            raise RuleError("16.4", f"{region} has no Terror marker to remove")
        state.terror.remove(region)
        state.note(f"Terror marker removed from {region}")


def _airstrikes(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    """2.8: Airstrike markers the Government bought (its PP are recorded with `spend`)."""
    bought = whole(action, "bought", 1, 1, high=rules.cap, rule="7.2")
    if state.phase is None or state.phase["side"] != GOVERNMENT:
        raise RuleError(
            "11.4", "Airstrike markers are bought in the Government's Mobilization Phase: start that phase first"
        )
    state.airstrikes += bought
    state.note(f"{bought} Airstrike marker(s) bought: {state.airstrikes} available (2.8)")


def _conflict(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    """A conflict resolved on the Conflict Resolution Table, recorded in one step: the Airstrike
    it expended (11.4), the Terror marker it placed or removed (12, 16.2), the Political Points
    paid for the unconventional modifier (11.6)."""
    region = state.holds(region_of(action))
    attacker = action.get("attacker")
    if attacker not in SIDES:
        raise UserError(f"'attacker' should be government or dse, not {attacker!r}")
    words = [f"Conflict in {region} ({name(attacker)} attacking)"]
    if action.get("airstrike"):
        if state.airstrikes < 1:
            raise RuleError(
                "11.4", "the Government has no Airstrike marker available (buy them in a Mobilization Phase)"
            )
        state.airstrikes -= 1
        state.airstrikes_spent += 1
        words.append(f"an Airstrike expended ({state.airstrikes} left)")
    terror = action.get("terror")
    if terror not in (None, "placed", "removed"):
        raise UserError(f"'terror' should be placed, removed or left out, not {terror!r}")
    if terror == "removed" and attacker != GOVERNMENT:
        raise RuleError("12.2", "only a Government attack removes a Terror marker; the DSE attacked here")
    if terror == "placed" and region not in state.terror:
        state.terror.append(region)
        words.append("a Terror marker placed")
    elif terror == "removed" and region in state.terror:
        state.terror.remove(region)
        words.append("its Terror marker removed")
    paid = action.get("political_points") or {}
    if not isinstance(paid, dict) or not set(paid) <= {"attacker", "defender"}:
        raise UserError("'political_points' maps attacker and/or defender to the PP they paid")
    for role, points in sorted(paid.items()):
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise UserError(f"the PP the {role} paid should be a whole number of 0 or more, not {points!r}")
        if points > rules.modifier_cost_most:
            raise RuleError("11.6", f"the {role}'s modifier costs at most {rules.modifier_cost_most} PP, not {points}")
        if points:
            side = attacker if role == "attacker" else other(attacker)
            words.append(f"the {role} paid {points} PP (11.6): {change_pi(state, side, -points, rules)}")
    state.note("; ".join(words))


def _resettle(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    region = state.holds(region_of(action))
    if rules.is_urban(region) or rules.is_foreign(region):
        kind = "an Urban region" if rules.is_urban(region) else "a foreign area"
        raise RuleError("16.5", f"only Rural regions can be resettled; {region} is {kind}")
    phase = state.phase
    if phase is None or phase["side"] != GOVERNMENT:
        raise RuleError(
            "16.5",
            f"the Government resettles a region at the beginning of its own Mobilization Phase; "
            f"it is not in that phase now (turn {state.turn})",
        )
    if phase["spent"]:
        raise RuleError(
            "16.5", "resettlement is announced at the beginning of the Mobilization Phase, before any PP is spent"
        )
    if region in state.resettled:
        raise RuleError("16.5", f"{region} is already resettled; it can never be put back")
    moved = sum(recorded_dice(action, "dice", rules.resettlement_dice))
    state.resettled.append(region)
    if region not in state.terror:
        state.terror.append(region)
    state.note(
        f"{region} resettled, a Terror marker there, {moved} PP move (16.5): "
        f"{change_pi(state, 'government', -moved, rules)}; {change_pi(state, 'dse', moved, rules)}"
    )


def _control_penalties(state: TrackerState, action: dict[str, Any], rules: PoliticalRules) -> None:
    if state.penalties_done:
        raise RuleError("14.5", f"the Control Phase penalties of turn {state.turn} are already recorded")
    lines = []
    government = len(state.terror) * rules.terror_penalty + len(state.resettled) * rules.resettled_penalty
    if state.terror or state.resettled:
        lines.append(f"{len(state.terror)} Terror and {len(state.resettled)} resettled region(s)")
    tight = action.get("tight_dice") or []
    garrisons = len(rules.tight_defense_regions)
    ungarrisoned = whole(action, "tight_ungarrisoned", 0, 0, high=garrisons, rule="16.3", said=UNGARRISONED)
    if ungarrisoned and len(tight) != ungarrisoned * rules.tight_defense_dice:
        raise UserError(
            f"'tight_dice' must hold {ungarrisoned * rules.tight_defense_dice} d6 value(s), one per "
            f"ungarrisoned region, not {tight!r}"
        )
    if len(tight) > garrisons * rules.tight_defense_dice:
        raise RuleError("16.3", f"only {garrisons} regions need a Tight Defense garrison, not {len(tight)}")
    if tight:
        if state.doctrine != "tight":
            raise RuleError(
                "16.3",
                f"regions without their garrison cost the Government only under Tight Defense, "
                f"and the doctrine is {rules.doctrine(state.doctrine).name if state.doctrine else 'not chosen yet'}",
            )
        government += sum(recorded_dice(action, "tight_dice", len(tight)))
        lines.append(f"{len(tight)} region(s) without their Tight Defense garrison")
    empty = whole(action, "area_empty_regions", 0, 0, high=rules.cap, rule="7.2")
    if empty:
        if state.doctrine != "area":
            raise RuleError("16.3", "regions empty of Government units cost points only under Area Defense")
        government += empty * rules.area_defense_penalty
        lines.append(f"{empty} region(s) empty under Area Defense")
    words = [
        f"Government penalties ({'; '.join(lines) or 'none'}): "
        f"{change_pi(state, 'government', -government, rules) if government else 'nothing'}"
    ]
    if not action.get("dse_conventional_in_greece", True):
        lost = sum(recorded_dice(action, "dse_dice", rules.no_conventional_dse_dice))
        words.append(f"no conventional DSE unit in Greece (14.6): {change_pi(state, 'dse', -lost, rules)}")
    state.penalties_done = True
    state.note("Control Phase: " + "; ".join(words))


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
        raise RuleError("6.1", f"the game is over ({state.game_over['reason']}); undo to go on")
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
        reason = "both indices fell to 0 or less together"
        state.game_over = {"winner": None, "reason": reason, "margin": 0, "level": "Draw", "turn": state.turn}
    else:
        winner = other(fallen[0])
        reason = f"the {name(fallen[0])}'s index fell to {state.pi[fallen[0]]} (sudden death, 6.1)"
        state.game_over = {
            "winner": winner,
            "reason": reason,
            "margin": lead.margin,
            "level": lead.level,
            "turn": state.turn,
        }
    state.note(f"Game over: {reason}")
