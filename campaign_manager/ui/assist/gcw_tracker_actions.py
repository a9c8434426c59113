"""Reading the tracker tab's action pages into the engine's JSON actions.

Each builder takes the tab's form and returns one action; typed dice are checked here so a
wrong die is named before anything is recorded.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit

from campaign_manager.dice import D6
from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.ui.assist.gcw_tracker_form import TrackerForm

Action = dict[str, Any]


def typed_dice(edit: QLineEdit, what: str) -> list[int] | None:
    """Dice typed as '3 5' or '3,5', each checked; None (the app rolls) when empty."""
    values = edit.text().replace(",", " ").split()
    if not values:
        return None
    return [D6.check(value, what) for value in values]


def region(combo: QComboBox) -> str:
    name = combo.currentText().strip()
    if not name:
        raise UserError(_("Type or choose the region's name first"))
    return name


def with_dice(action: Action, key: str, dice: list[int] | None) -> Action:
    if dice is not None:
        action[key] = dice
    return action


def control(ui: TrackerForm) -> Action:
    action = {
        "type": "control",
        "side": ui.controlSideCombo.currentData(),
        "region": region(ui.controlRegionCombo),
        "use": ui.controlUseCombo.currentData(),
    }
    if ui.controlPointsSpin.value():
        action["points"] = ui.controlPointsSpin.value()
    return action


def terror(ui: TrackerForm, placed: bool) -> Action:
    return {"type": "terror", "region": region(ui.markerRegionCombo), "placed": placed}


def resettle(ui: TrackerForm) -> Action:
    action = {"type": "resettle", "region": region(ui.markerRegionCombo)}
    return with_dice(action, "dice", typed_dice(ui.resettleDieEdit, _("Resettlement die")))


def penalties(ui: TrackerForm) -> Action:
    conventional = ui.dseConventionalCheck.isChecked()
    action: Action = {"type": "control_penalties", "dse_conventional_in_greece": conventional}
    if not conventional:
        with_dice(action, "dse_dice", typed_dice(ui.dseDiceEdit, _("DSE loss die")))
    if ui.tightRegionsSpin.value():
        action["tight_ungarrisoned"] = ui.tightRegionsSpin.value()
        with_dice(action, "tight_dice", typed_dice(ui.tightDiceEdit, _("Tight Defense die")))
    if ui.areaEmptySpin.value():
        action["area_empty_regions"] = ui.areaEmptySpin.value()
    return action


def doctrine(ui: TrackerForm) -> Action:
    action: Action = {"type": "doctrine", "doctrine": ui.doctrineCombo.currentData()}
    if ui.durationSpin.value():
        action["duration"] = ui.durationSpin.value()
    if ui.limitSpin.value():
        action["limit"] = ui.limitSpin.value()
    return action


def doctrine_from_table(ui: TrackerForm) -> Action:
    """Four dice typed (2d6 for the doctrine, 2d6 for the duration) or none (the app rolls)."""
    action: Action = {"type": "doctrine", "from_table": True}
    dice = typed_dice(ui.politicsDiceEdit, _("Politics Table die"))
    if dice is not None:
        if len(dice) != 4:
            raise UserError(
                _(
                    "Type four Politics Table dice (two for the doctrine, two for the duration) "
                    "or none to let the app roll"
                )
            )
        action.update(doctrine_dice=dice[:2], duration_dice=dice[2:])
    return action


def mobilization(ui: TrackerForm) -> Action:
    action = {"type": "mobilization", "side": ui.mobSideCombo.currentData()}
    with_dice(action, "stalin_dice", typed_dice(ui.stalinDiceEdit, _("Stalin score die")))
    with_dice(action, "break_die", typed_dice(ui.breakDieEdit, _("Break die")))
    return with_dice(action, "purge_dice", typed_dice(ui.purgeDiceEdit, _("Purge die")))


def spend(ui: TrackerForm) -> Action:
    action: Action = {"type": "spend", "side": ui.mobSideCombo.currentData()}
    unit = ui.spendUnitCombo.currentText().strip()
    upgrade = ui.spendUpgradeCheck.isChecked()
    if ui.spendAmountSpin.value():
        action["amount"] = ui.spendAmountSpin.value()
        if not unit:
            action["what"] = _("units")
        else:
            action["what"] = _("upgrading {unit}").format(unit=unit) if upgrade else unit
    elif unit:
        action.update(unit=unit, upgrade=upgrade)
    else:
        raise UserError(_("Choose a unit from the Mobilization Chart or type the Political Points to spend"))
    return action


def initiative(ui: TrackerForm) -> Action:
    return {"type": "initiative", "first": ui.initiativeCombo.currentData()}


def adjust(ui: TrackerForm) -> Action:
    if not ui.adjustAmountSpin.value():
        raise UserError(_("Type the change to the index (negative to take points off)"))
    return {
        "type": "adjust",
        "side": ui.adjustSideCombo.currentData(),
        "amount": ui.adjustAmountSpin.value(),
        "reason": ui.adjustReasonEdit.text().strip() or _("change by hand"),
    }
