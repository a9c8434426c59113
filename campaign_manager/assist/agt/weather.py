"""The weather at the start of a game turn (rule 4.21): a d10 on the scenario's Weather Table
against the month, with the scenario's modifier; months with fixed weather need no roll, and the
Historical scenario's first turn starts with rain. The Weather Tables are printed only on the
game's charts: the owner fills them in; until then the app says which line to read.

`turn_weather` answers the calculator; `record_turn_weather` makes the tracker's action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.events import weather_now
from campaign_manager.assist.agt.state import GameState
from campaign_manager.dice import D10, Roller, roll_or_check
from campaign_manager.errors import UserError


@dataclass(frozen=True)
class TurnWeather:
    scenario: str
    month: str
    weather: str | None  # None: read it on the printed table (not filled in)
    die: int | None
    modified: int | None
    why: str

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "month": self.month,
            "weather": self.weather,
            "die": self.die,
            "modified_die": self.modified,
            "why": self.why,
        }


def turn_weather(
    charts: OwnerCharts,
    scenario: str,
    month: str,
    die: object = None,
    first_turn: bool = False,
    roller: Roller | None = None,
) -> TurnWeather:
    tables = charts.tables
    if scenario not in tables.scenarios:
        raise UserError(f"Rule 4.21: no scenario '{scenario}' (use {', '.join(tables.scenarios)})")
    spec = tables.scenarios[scenario]
    months = tables.scenario_months(scenario)
    rule = "10.0" if scenario == "historical" else "11.0"
    if month not in months:
        raise UserError(
            f"Rule {rule}: the {spec.name} has no {tables.month_names.get(month, repr(month))} turn "
            f"(its turns: {', '.join(months)})"
        )
    if first_turn and month != months[0]:
        raise UserError(
            f"Rule {rule}: the {spec.name}'s first turn is {tables.month_names[months[0]]}, "
            f"not {tables.month_names[month]}"
        )
    name = tables.month_names[month]
    if first_turn and spec.first_turn_weather:
        if die is not None:
            raise UserError(f"The {spec.name} starts with {spec.first_turn_weather}: no weather die is rolled")
        return TurnWeather(
            scenario,
            month,
            spec.first_turn_weather,
            None,
            None,
            f"the {spec.name} starts with {spec.first_turn_weather} (its special rules)",
        )
    fixed = spec.fixed_weather.get(month)
    if fixed:
        if die is not None:
            raise UserError(f"{name} is always {fixed} in the {spec.name}: no weather die is rolled")
        return TurnWeather(scenario, month, fixed, None, None, f"{name} is always {fixed} in the {spec.name}")
    if die is None and roller is None:
        raise UserError("Rule 4.21: give the weather die, or let the app roll it")
    rolled = roll_or_check(die, D10, roller or _no_roller(), "Rule 4.21: weather die")
    modified, weather = weather_now(charts, scenario, month, rolled)
    change = spec.weather_modifier
    how = f"die {rolled}" + (f" {change:+d} = {modified}" if change else "")
    if weather is None:
        read = charts.spec(f"weather_{scenario}").read
        return TurnWeather(
            scenario,
            month,
            None,
            rolled,
            modified,
            f"{how}: read {read} for {name}, line {modified} (not filled in yet)",
        )
    return TurnWeather(scenario, month, weather, rolled, modified, f"{how} on the Weather Table for {name}: {weather}")


def record_turn_weather(
    state: GameState, charts: OwnerCharts, die: object = None, roller: Roller | None = None, read: str | None = None
) -> dict[str, Any]:
    """The tracker's `weather` action for the turn under way (phase A/2): the die typed (`die`)
    or rolled (`roller`), and `read`, the weather the players read on the printed table when
    the owner's Weather Table does not have that line yet."""
    tables = charts.tables
    if not state.turn:
        raise UserError("Rule 4.21: the weather is checked at the start of a game turn; start a turn first (cup turn)")
    if state.weather is not None:
        said = state.weather["weather"] or "not read yet"
        raise UserError(
            f"Rule 4.21: the weather of {tables.month_names[state.month]} is already recorded "
            f"({said}); undo it to record it again"
        )
    first_turn = state.turn == 1
    found = turn_weather(charts, state.scenario, state.month, die, first_turn, roller)
    weather = found.weather
    if read is not None and read.strip():
        read = read.strip().lower()
        if read not in tables.weathers:
            raise UserError(f"Rule 4.21: the weather is one of {', '.join(tables.weathers)}, not '{read}'")
        if weather is not None and read != weather:
            raise UserError(f"Rule 4.21: {found.why}, not {read}; leave the weather read empty")
    else:
        read = None
    how = None if found.die is None else "typed" if die is not None else "rolled"
    return {
        "type": "weather",
        "weather": weather or read,
        "die": found.die,
        "modified_die": found.modified,
        "how": how,
        "read": weather is None and read is not None,
        "why": found.why,
    }


def _no_roller() -> Roller:
    from campaign_manager.dice import NoRoller

    return NoRoller()
