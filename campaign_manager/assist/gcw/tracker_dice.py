"""Completing an action before it is recorded: roll the dice not typed in, read the owner's
charts, and check what only those charts can tell (a region's kind, a unit's cost).

The completed action holds every die and every value it used, so replaying the game file
never rolls again and never depends on the owner's charts.
"""

from __future__ import annotations

from typing import Any

from campaign_manager.assist.gcw.actions import check_action
from campaign_manager.assist.gcw.owner_charts import OwnerCharts
from campaign_manager.assist.gcw.politics import DSE
from campaign_manager.assist.gcw.politics_charts import PoliticalRules
from campaign_manager.assist.gcw.tracker_state import UNGARRISONED, TrackerState, name, recorded_dice, side_of, whole
from campaign_manager.dice import D6, Roller
from campaign_manager.errors import RuleError, UserError
from campaign_manager.i18n import _


def fill_dice(action: dict[str, Any], key: str, count: int, roller: Roller) -> list[int]:
    """Keep typed-in dice (checked) or roll them; the values are written into the action."""
    if action.get(key) is None:
        action[key] = [roller.roll(D6) for _die in range(count)]
    action[key] = recorded_dice(action, key, count)  # typed "3" is stored as 3
    return action[key]


def _control(action: dict[str, Any], state: TrackerState, rules: PoliticalRules, owner: OwnerCharts) -> None:
    if action.get("points") is not None or not action.get("region"):
        return
    region = state.holds(action["region"])
    if region in state.controlled or region in state.terror:
        return  # the reducer refuses it with the rule's own message
    if region in state.resettled:
        action["points"] = rules.resettled_control_points
        return
    found = owner.region(region)
    side = side_of(action)
    if found is None:
        raise UserError(
            _(
                "{region}'s Political Points are not in the owner's region chart: read the "
                "{side}'s number printed beside the region's name and type it"
            ).format(region=region, side=name(side))
        )
    action["points"] = found.points_for(side)


def _resettle(
    action: dict[str, Any], state: TrackerState, rules: PoliticalRules, owner: OwnerCharts, roller: Roller
) -> None:
    found = owner.region(str(action.get("region", "")))
    if found is not None and found.kind != "R":
        refusal = {
            "U": _("only Rural regions can be resettled; {region} is Urban"),
            "F": _("only Rural regions can be resettled; {region} is foreign area"),
        }[found.kind]
        raise RuleError("16.5", refusal.format(region=found.name))
    if action.get("die") is not None and action.get("dice") is None:
        action["dice"] = [action.pop("die")]
    fill_dice(action, "dice", rules.resettlement_dice, roller)


def _penalties(action: dict[str, Any], rules: PoliticalRules, owner: OwnerCharts, roller: Roller) -> None:
    if not action.get("dse_conventional_in_greece", True):
        fill_dice(action, "dse_dice", rules.no_conventional_dse_dice, roller)
    greek = [region for region in owner.regions if region.kind != "F"]
    if greek:  # with the owner's region chart, an Area Defense counts at most its regions of Greece
        whole(action, "area_empty_regions", 0, 0, high=len(greek), rule="16.3")
    regions = whole(
        action, "tight_ungarrisoned", 0, 0, high=len(rules.tight_defense_regions), rule="16.3", said=UNGARRISONED
    )
    if regions or action.get("tight_dice"):
        count = regions or len(action["tight_dice"])
        fill_dice(action, "tight_dice", count * rules.tight_defense_dice, roller)


def _doctrine(action: dict[str, Any], owner: OwnerCharts, roller: Roller) -> None:
    """With `from_table`, roll 2d6 on the owner's Politics Table for each value (16.3, 17.3)."""
    if not action.get("from_table"):
        return
    row = owner.politics_row(sum(fill_dice(action, "doctrine_dice", 2, roller)))
    action["doctrine"] = row.doctrine
    action["duration"] = owner.politics_row(sum(fill_dice(action, "duration_dice", 2, roller))).duration
    if action.get("limit_from_table"):
        limit_row = owner.politics_row(sum(fill_dice(action, "limit_dice", 2, roller)))
        if limit_row.mobilization_limit is None:
            raise UserError(
                _(
                    "the Politics Table line for 2d6 = {total} has no spending limit "
                    "for rule 17.3: read it on the printed table and type it"
                ).format(total=limit_row.dice)
            )
        action["limit"] = limit_row.mobilization_limit


def _mobilization(action: dict[str, Any], state: TrackerState, rules: PoliticalRules, roller: Roller) -> None:
    if side_of(action) != DSE or not state.setup.tito_stalin or state.dse_line is not None:
        return
    score = state.stalin_score + sum(fill_dice(action, "stalin_dice", rules.stalin_dice, roller))
    if score < rules.stalin_threshold:
        return
    die = fill_dice(action, "break_die", 1, roller)[0]
    outcome = next(o for o in rules.stalin_outcomes if o.band.holds(die))
    fill_dice(action, "purge_dice", outcome.purge_dice, roller)


def _spend(action: dict[str, Any], owner: OwnerCharts) -> None:
    if action.get("amount") is not None or not action.get("unit"):
        return
    side = side_of(action)
    chart = f"{name(side)} Mobilization Chart"  # untranslated: the chart's name as printed on the map
    item = next((i for i in owner.mobilization[side] if i.unit.casefold() == str(action["unit"]).casefold()), None)
    if item is None:
        raise UserError(
            _(
                "'{unit}' is not in the owner's {chart}: read its cost on the chart printed on the map and type it"
            ).format(unit=action["unit"], chart=chart)
        )
    cost = item.upgrade if action.get("upgrade") else item.cost
    if cost is None:
        raise RuleError("9.2", _("the {chart} gives no upgrade for {unit}").format(chart=chart, unit=item.unit))
    action["amount"] = cost
    upgrading = _("upgrading {unit}").format(unit=item.unit)
    action.setdefault("what", upgrading if action.get("upgrade") else item.unit)


def prepare(
    state: TrackerState, action: dict[str, Any], rules: PoliticalRules, owner: OwnerCharts, roller: Roller
) -> dict[str, Any]:
    """A copy of `action` with every die and chart value it needs written in."""
    action = dict(check_action(action))
    kind = action.get("type")
    if kind == "control":
        _control(action, state, rules, owner)
    elif kind == "resettle":
        _resettle(action, state, rules, owner, roller)
    elif kind == "control_penalties":
        _penalties(action, rules, owner, roller)
    elif kind == "doctrine":
        _doctrine(action, owner, roller)
    elif kind == "mobilization":
        _mobilization(action, state, rules, roller)
    elif kind == "spend":
        _spend(action, owner)
    return action
