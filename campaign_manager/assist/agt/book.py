"""Loading resources/assist/agt.toml (declared in agt/tables.py) into `BookTables`: the shape
checked by the models, then every cross-reference; each fault named with its entry and line."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter

from campaign_manager.assist.agt.tables import BOOK_FILE, SCENARIOS, AirLimit, BookFile, BookTables, TableError
from campaign_manager.datamodel import Fault, keyed, read_data_file
from campaign_manager.i18n import _

BOOK = TypeAdapter(BookFile)


def load_book(path: Path = BOOK_FILE) -> BookTables:
    """Read and check the book's tables; raises TableError naming every faulty entry."""
    return _build(read_data_file(path, BOOK, TableError, check_book))


@lru_cache(maxsize=1)
def book() -> BookTables:
    """The shipped tables, read once."""
    return load_book()


def _weathers(data: BookFile) -> tuple[str, ...]:
    weathers = data.air_limits.get("weathers", ())
    return weathers if isinstance(weathers, tuple) else ()


def check_book(data: BookFile) -> list[Fault]:
    """Every name the book's tables use exists; the events tables cover each roll once."""
    faults = []
    months, weathers = data.calendar.months, _weathers(data)
    if not weathers:
        faults.append(Fault("air_limits.weathers", _("should list the weathers")))
    for key, value in data.air_limits.items():
        if key != "weathers" and (key not in weathers or not isinstance(value, AirLimit)):
            faults.append(
                Fault(f"air_limits.{key}", _('"{key}" should be one of air_limits.weathers, a table').format(key=key))
            )
    for month in months:
        if data.calendar.seasons.get(month) not in data.calendar.rounding:
            faults.append(Fault(f"calendar.seasons.{month}", _("needs a season listed in calendar.rounding")))
        if month not in data.calendar.names:
            faults.append(Fault(f"calendar.names.{month}", _("is missing")))
    if data.ports.build_from not in months:
        faults.append(
            Fault("ports.build_from", _('"{month}" is not one of calendar.months').format(month=data.ports.build_from))
        )
    for name in SCENARIOS:
        scenario = getattr(data.scenarios, name)
        if scenario.first_month not in months:
            faults.append(
                Fault(
                    f"scenarios.{name}.first_month",
                    _('"{month}" is not one of calendar.months').format(month=scenario.first_month),
                )
            )
        for month, weather in scenario.fixed_weather.items():
            if month not in months or weather not in weathers:
                faults.append(
                    Fault(f"scenarios.{name}.fixed_weather.{month}", _("needs a month and one of air_limits.weathers"))
                )
        covered = sorted(die for event in getattr(data.events, name) for die in event.dice)
        if covered != list(range(10)):
            faults.append(Fault(f"events.{name}", _("the rows must cover each roll 0 to 9 exactly once")))
    for n, line in enumerate(data.reinforcements):
        where = f"reinforcements[{n}]"
        if (line.season is None) == (line.month is None):
            faults.append(Fault(where, _("give a season (Italian units) or a month (Greek units), one of the two")))
        elif line.season is not None and line.season not in data.calendar.rounding:
            faults.append(
                Fault(f"{where}.season", _('"{season}" is not a season of calendar.seasons').format(season=line.season))
            )
        elif line.month is not None and line.month not in months:
            faults.append(
                Fault(f"{where}.month", _('"{month}" is not one of calendar.months').format(month=line.month))
            )
    for name, chart in data.charts.items():
        for old, columns in chart.older_columns.items():
            if old in chart.columns or not set(columns) <= set(chart.columns):
                faults.append(
                    Fault(
                        f"charts.{name}.older_columns.{old}",
                        _("should name a column no longer used and list columns of the chart"),
                    )
                )
    return faults


def _build(data: BookFile) -> BookTables:
    months, calendar = data.calendar.months, data.calendar
    return BookTables(
        odds_step=float(data.odds.step),
        modifiers=data.modifiers,
        aa_threshold=data.anti_aircraft.threshold,
        first_turn_holder=data.initiative.first_turn_holder,
        greek_bonus={name: getattr(data.initiative.greek_bonus, name) for name in SCENARIOS},
        stacking=data.stacking.limits,
        one_unit_always=data.stacking.one_unit_always,
        artillery_per_hex=data.stacking.artillery_per_hex,
        air_limits={
            w: limit.model_dump(exclude_none=True)
            for w, limit in data.air_limits.items()
            if isinstance(limit, AirLimit)
        },
        weathers=_weathers(data),
        port_start=data.ports.start,
        bomber_cut=data.ports.bomber_cut,
        build_per_point=data.ports.build_per_point,
        refit_cost=data.ports.refit_cost,
        squadrons_per_point=data.ports.squadrons_per_point,
        build_from=data.ports.build_from,
        markers_per_command=data.cup.markers_per_command,
        italian_commands=data.commands.italian,
        greek_commands=data.commands.greek,
        mussolini_markers=data.cup.mussolini_markers,
        months=months,
        month_names={m: calendar.names[m] for m in months},
        seasons={m: calendar.seasons[m] for m in months},
        rounding=dict(calendar.rounding),
        scenarios={name: getattr(data.scenarios, name) for name in SCENARIOS},
        events={name: getattr(data.events, name) for name in SCENARIOS},
        charts=keyed(data.charts),
        limits=data.limits,
        special_events=keyed(data.special_events),
        reference=keyed(data.reference),
        reinforcements=data.reinforcements,
    )
