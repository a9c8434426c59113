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
from campaign_manager.i18n import _


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
        raise UserError(
            _("Rule 4.21: no scenario '{scenario}' (use {scenarios})").format(
                scenario=scenario, scenarios=", ".join(tables.scenarios)
            )
        )
    spec = tables.scenarios[scenario]
    months = tables.scenario_months(scenario)
    rule = "10.0" if scenario == "historical" else "11.0"
    if month not in months:
        raise UserError(
            _("Rule {rule}: the {scenario} has no {month} turn (its turns: {months})").format(
                rule=rule,
                scenario=spec.name,
                month=tables.month_names.get(month, repr(month)),
                months=", ".join(months),
            )
        )
    if first_turn and month != months[0]:
        raise UserError(
            _("Rule {rule}: the {scenario}'s first turn is {first}, not {month}").format(
                rule=rule, scenario=spec.name, first=tables.month_names[months[0]], month=tables.month_names[month]
            )
        )
    name = tables.month_names[month]
    if first_turn and spec.first_turn_weather:
        if die is not None:
            raise UserError(
                _("The {scenario} starts with {weather}: no weather die is rolled").format(
                    scenario=spec.name, weather=spec.first_turn_weather
                )
            )
        return TurnWeather(
            scenario,
            month,
            spec.first_turn_weather,
            None,
            None,
            _("the {scenario} starts with {weather} (its special rules)").format(
                scenario=spec.name, weather=spec.first_turn_weather
            ),
        )
    fixed = spec.fixed_weather.get(month)
    if fixed:
        if die is not None:
            raise UserError(
                _("{month} is always {weather} in the {scenario}: no weather die is rolled").format(
                    month=name, weather=fixed, scenario=spec.name
                )
            )
        return TurnWeather(
            scenario,
            month,
            fixed,
            None,
            None,
            _("{month} is always {weather} in the {scenario}").format(month=name, weather=fixed, scenario=spec.name),
        )
    if die is None and roller is None:
        raise UserError(_("Rule 4.21: give the weather die, or let the app roll it"))
    rolled = roll_or_check(die, D10, roller or _no_roller(), _("Rule 4.21: weather die"))
    modified, weather = weather_now(charts, scenario, month, rolled)
    change = spec.weather_modifier
    if change:
        how = _("die {die} {change} = {modified}").format(die=rolled, change=f"{change:+d}", modified=modified)
    else:
        how = _("die {die}").format(die=rolled)
    if weather is None:
        read = charts.spec(f"weather_{scenario}").read
        return TurnWeather(
            scenario,
            month,
            None,
            rolled,
            modified,
            _("{how}: read {table} for {month}, line {line} (not filled in yet)").format(
                how=how, table=read, month=name, line=modified
            ),
        )
    return TurnWeather(
        scenario,
        month,
        weather,
        rolled,
        modified,
        _("{how} on the Weather Table for {month}: {weather}").format(how=how, month=name, weather=weather),
    )


def record_turn_weather(
    state: GameState, charts: OwnerCharts, die: object = None, roller: Roller | None = None, read: str | None = None
) -> dict[str, Any]:
    """The tracker's `weather` action for the turn under way (phase A/2): the die typed (`die`)
    or rolled (`roller`), and `read`, the weather the players read on the printed table when
    the owner's Weather Table does not have that line yet."""
    tables = charts.tables
    if not state.turn:
        raise UserError(
            _("Rule 4.21: the weather is checked at the start of a game turn; start a turn first (cup turn)")
        )
    if state.weather is not None:
        said = state.weather["weather"] or _("not read yet")
        raise UserError(
            _("Rule 4.21: the weather of {month} is already recorded ({weather}); undo it to record it again").format(
                month=tables.month_names[state.month], weather=said
            )
        )
    first_turn = state.turn == 1
    found = turn_weather(charts, state.scenario, state.month, die, first_turn, roller)
    weather = found.weather
    if read is not None and read.strip():
        read = read.strip().lower()
        if read not in tables.weathers:
            raise UserError(
                _("Rule 4.21: the weather is one of {weathers}, not '{read}'").format(
                    weathers=", ".join(tables.weathers), read=read
                )
            )
        if weather is not None and read != weather:
            raise UserError(
                _("Rule 4.21: {why}, not {read}; leave the weather read empty").format(why=found.why, read=read)
            )
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
