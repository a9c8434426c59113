"""The battle-count dice the app rolled when a turn started are final (RULES.md, dice on record):
Undo of the start of the turn gives no second roll. Started again without dice, the turn takes
the same dice, marked as the app's; started with other dice typed, it is refused, naming them."""

from __future__ import annotations

import pytest

from campaign_manager.dice import ScriptedRoller
from campaign_manager.errors import UserError
from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN

TURN_ONE = FULL_CAMPAIGN["turn 1"]


@pytest.fixture
def after_turn_one(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop") as campaign:
        campaign.apply(campaign.read_actions(TURN_ONE))
    return path


def test_a_turn_started_again_after_undo_keeps_the_app_s_battle_count_dice(after_turn_one):
    with CampaignFile.open(after_turn_one) as campaign:
        [first] = campaign.apply(campaign.read_actions([{"type": "start_turn"}]), ScriptedRoller([2]))
        assert first.record["dice"] == [2] and first.record["rolled_by_app"] == ["dice.0"]
        campaign.undo()
        [again] = campaign.apply(
            campaign.read_actions([{"type": "start_turn"}]), ScriptedRoller([3])
        )  # a roll it never takes
        assert again.record["dice"] == [2] and again.record["rolled_by_app"] == ["dice.0"]
        assert campaign.state.battles_required == first.state.battles_required


def test_other_dice_typed_in_their_place_are_refused(after_turn_one):
    with CampaignFile.open(after_turn_one) as campaign:
        campaign.apply(campaign.read_actions([{"type": "start_turn"}]), ScriptedRoller([2]))
        campaign.undo()
        length = len(campaign.records)
        with pytest.raises(UserError, match=r"rolled by the app before its start was undone \(2\); they stand"):
            campaign.apply(campaign.read_actions([{"type": "start_turn", "dice": [3]}]))
        assert len(campaign.records) == length
        [same] = campaign.apply(campaign.read_actions([{"type": "start_turn", "dice": [2]}]))
        assert same.record["rolled_by_app"] == ["dice.0"], "the same face typed is still the app's roll"


def test_typed_dice_undone_leave_the_next_start_free(after_turn_one):
    with CampaignFile.open(after_turn_one) as campaign:
        campaign.apply(campaign.read_actions([{"type": "start_turn", "dice": [1]}]))
        campaign.undo()
        [again] = campaign.apply(campaign.read_actions([{"type": "start_turn", "dice": [3]}]))
        assert again.record["dice"] == [3] and "rolled_by_app" not in again.record
