"""A scenario: the map, troops, turns and tables of one campaign, read from a data file."""

from campaign_manager.scenario.loader import ScenarioError, bundled_scenarios, load_scenario, parse_scenario
from campaign_manager.scenario.model import Area, Scenario, Troop, TroopType
from campaign_manager.scenario.turns import TurnSpec

__all__ = [
    "Area",
    "Scenario",
    "ScenarioError",
    "Troop",
    "TroopType",
    "TurnSpec",
    "bundled_scenarios",
    "load_scenario",
    "parse_scenario",
]
