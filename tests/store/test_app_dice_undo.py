"""Against the computer a die the app rolled is final (RULES.md, dice on record): an action holding
one is not undone, in a file and in a campaign on a server alike, whoever recorded it; a writer
that had not seen it yet is not let take back what it was not shown."""

from __future__ import annotations

import pytest

from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import FileChanged, UserError
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN

TURN_TWO = FULL_CAMPAIGN["turn 1"] + [{"type": "start_turn", "dice": [4]}] + FULL_CAMPAIGN["turn 2"][1:7]


@pytest.fixture
def against_the_computer(campaign_store):
    """Turn 2 of a General's Wargame against the computer (the Axis), planned, no battle yet."""
    location = campaign_store.location("game")
    with CampaignFile.create(location, play="wargame", computer="axis") as made:
        made.apply(made.read_actions(TURN_TWO))
    return location


def test_an_initiative_the_app_rolled_is_not_undone(against_the_computer):
    with CampaignFile.open(against_the_computer) as game:
        [done] = game.apply(game.read_actions([{"type": "initiative"}]), ScriptedRoller([2, 5]))
        assert done.record["rolled_by_app"] == ["dice.allied", "dice.axis"]
        with pytest.raises(UserError, match="against the computer those are final"):
            game.undo()
    with CampaignFile.open(against_the_computer, readonly=True) as again:
        assert again.records[-1] == done.record and again.log.redo_count() == 0


def test_one_recorded_elsewhere_is_not_undone_either(against_the_computer):
    with CampaignFile.open(against_the_computer) as here, CampaignFile.open(against_the_computer) as there:
        [done] = there.apply(there.read_actions([{"type": "initiative"}]), ScriptedRoller([2, 5]))
        with pytest.raises(FileChanged, match="read again"):
            here.undo()  # it would take back an action it was not shown: nothing is taken back
        assert here.records[-1] == done.record, "read again: the other writer's roll is shown"
        with pytest.raises(UserError, match="against the computer those are final"):
            here.undo()
    with CampaignFile.open(against_the_computer, readonly=True) as again:
        assert again.records[-1] == done.record and len(again.records) == len(TURN_TWO) + 1
