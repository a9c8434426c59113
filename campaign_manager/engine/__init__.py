"""The Firestorm rules engine: campaign state, the action vocabulary, and the rules that
apply an action to a state. Qt-free and storage-free: the store and the UI sit on top."""

from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import Action
from campaign_manager.engine.campaign import Applied, apply_action, initial_state, replay
from campaign_manager.engine.state import Arrow, CampaignState, Play

__all__ = [
    "Action",
    "Applied",
    "Arrow",
    "CampaignState",
    "Play",
    "apply_action",
    "initial_state",
    "parse_action",
    "replay",
]
