"""Random Events (the scenarios' Mussolini Factor): the roll, the weather roll on odd numbers,
and the Greek markers an event takes out of the cup with the season's rounding."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.picking import choose_markers
from campaign_manager.assist.agt.state import GameState
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.dice import D10, Roller, roll_or_check
from campaign_manager.errors import UserError
from campaign_manager.i18n import _


def greek_markers_to_remove(tables: BookTables, month: str, how: str, left: int) -> int:
    """How many Greek markers an event takes: one, or half of those left, rounded down in Fall
    and Spring and up in Winter."""
    if how == "one":
        return min(1, left)
    if tables.rounding[tables.seasons[month]] == "up":
        return (left + 1) // 2
    return left // 2


def weather_now(charts: OwnerCharts, scenario: str, month: str, die: int) -> tuple[int, str | None]:
    """(modified die, weather) from the owner-filled Weather Table; weather None if not filled."""
    modified = die + charts.tables.scenarios[scenario].weather_modifier
    weather = charts.value(f"weather_{scenario}", str(modified), month)
    return modified, (str(weather) if weather is not None else None)


def resolve_event(
    state: GameState,
    charts: OwnerCharts,
    roller: Roller,
    left: Sequence[str],
    event_die: object,
    weather_die: object,
    removed: Sequence[str] | None,
) -> dict[str, Any]:
    """The event part of a draw action; `left` is the cup after the Mussolini marker came out."""
    tables = charts.tables
    scenario = tables.scenarios[state.scenario]
    die = roll_or_check(event_die, D10, roller, _("Random Events die"))
    event = tables.event_for(state.scenario, die)
    record: dict[str, Any] = {
        "die": die,
        "code": event.code,
        "once": event.once,
        "no_event": event.once and event.code in state.once_seen,
        "repeat": die in state.event_dice,
        "special_event_chit": event.special_event_chit and state.scenario == "gamers",
        "weather_die": None,
        "weather": None,
        "removed": [],
    }
    if die in scenario.weather_roll_on:
        fixed = scenario.fixed_weather.get(state.month)
        if fixed:
            record["weather"] = fixed
        else:
            record["weather_die"] = roll_or_check(weather_die, D10, roller, _("Weather die"))
            record["weather_modified"], record["weather"] = weather_now(
                charts, state.scenario, state.month, record["weather_die"]
            )
            if record["weather"] is None:
                spec = charts.spec(f"weather_{state.scenario}")
                record["weather_read"] = _("read {table}: {month}, die {die}").format(
                    table=spec.read, month=tables.month_names[state.month], die=record["weather_modified"]
                )
    elif weather_die is not None:
        raise UserError(_("A roll of {die} brings no weather roll; leave the weather die empty").format(die=die))
    if record["no_event"]:
        if removed:
            raise UserError(
                _("'{event}' has already happened this game, so no marker leaves the cup").format(event=event.name)
            )
        return record
    if event.opens_port_building:
        record["opens_port_building"] = True
    if event.port_bonus:
        record["port_bonus"] = event.port_bonus
    if event.remove_greek:
        greek = [m for m in left if state.markers[m].side == "greek"]
        count = greek_markers_to_remove(tables, state.month, event.remove_greek, len(greek))
        record["removed"], record["removed_how"] = choose_markers(
            roller, greek, count, removed, _("Greek marker taken out")
        )
    elif removed:
        raise UserError(_("'{event}' takes no marker out of the cup").format(event=event.name))
    return record
