"""Actions written as JSON are read once, where they enter the campaign (a file of actions, the
command line): `CampaignFile.read_actions` gives typed actions in the scenario's own spelling, or
refuses the first record that does not read, by its number, before anything is recorded."""

from __future__ import annotations

import pytest

from campaign_manager.engine.actions import Battle, Note, StartTurn
from campaign_manager.store.campaign_file import ActionRefused, CampaignFile


def test_json_actions_are_read_into_typed_ones_in_the_scenario_s_spelling(tmp_path):
    with CampaignFile.create(tmp_path / "edge.campaign") as campaign:
        read = campaign.read_actions(
            [
                {"type": "start_turn", "dice": [1, 1]},
                {"type": "battle", "from": "vlore", "to": "ioannina", "attacker": {"troops": ["it-inf-1"]}},
            ]
        )
        assert [type(action) for action in read] == [StartTurn, Battle]
        battle = read[1]
        assert isinstance(battle, Battle)
        assert (battle.origin, battle.target) == ("B1", "C1")
        assert battle.attacker is not None and battle.attacker.troops == ("IT-INF-1",)
        assert campaign.records == [], "reading records nothing"


def test_a_record_that_does_not_read_is_refused_by_its_number(tmp_path):
    with CampaignFile.create(tmp_path / "edge.campaign") as campaign:
        with pytest.raises(ActionRefused) as refused:
            campaign.read_actions([{"type": "note", "text": "fine"}, {"type": "note", "txt": "a typo"}])
        assert refused.value.index == 2 and refused.value.kind == "note"
        assert str(refused.value).startswith("action 2 (note) refused, nothing was recorded: ")
        [done] = campaign.apply(campaign.read_actions([{"type": "note", "text": "fine"}]))
        assert done.action == Note("fine") and len(campaign.records) == 1
