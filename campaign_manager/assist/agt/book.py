"""Loading resources/assist/agt.toml into `BookTables`, checking every entry on the way."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from campaign_manager.assist.agt.tables import (
    BOOK_FILE,
    CHART_KINDS,
    REMOVALS,
    SCENARIOS,
    TABLE_REFUSAL,
    BookTables,
    ChartSpec,
    RandomEvent,
)
from campaign_manager.datafile import DataEntry, load_toml


def load_book(path: Path = BOOK_FILE) -> BookTables:
    """Read and check the book's tables; raises TableError naming the faulty entry."""
    return _build(load_toml(path, TABLE_REFUSAL))


@lru_cache(maxsize=1)
def book() -> BookTables:
    """The shipped tables, read once."""
    return load_book()


def _ints(entry: DataEntry) -> dict[str, int]:
    return {key: value.integer() for key, value in entry.table().items()}


def _build(r: DataEntry) -> BookTables:
    months = r.at("calendar.months").texts()
    seasons = _raw_table(r.at("calendar.seasons"))
    rounding = r.at("calendar.rounding")
    for month in months:
        if seasons.get(month) not in _raw_table(rounding):
            raise r.refuse("needs a season listed in calendar.rounding", f"calendar.seasons.{month}")
    for way in rounding.table().values():
        if way.value not in ("up", "down"):
            raise way.refuse(f"expected \"up\" or \"down\", found {way.value!r}")
    weathers = r.at("air_limits.weathers").texts()
    scenarios = {name: _scenario(r.at(f"scenarios.{name}"), name, months, weathers) for name in SCENARIOS}
    step = r.at("odds.step")
    if step.decimal() <= 0:
        raise step.refuse("must be above zero")
    build_from = r.at("ports.build_from")
    if build_from.text(blank=True) not in months:
        raise build_from.refuse(f"'{build_from.value}' is not one of calendar.months")
    air_limits = r.child("air_limits")
    return BookTables(
        odds_step=step.decimal(),
        modifiers=_ints(r.child("modifiers")),
        aa_threshold=r.at("anti_aircraft.threshold").integer(),
        first_turn_holder=r.at("initiative.first_turn_holder").text(blank=True),
        greek_bonus={name: r.at(f"initiative.greek_bonus.{name}").integer() for name in SCENARIOS},
        stacking=_ints(r.at("stacking.limits")),
        one_unit_always=r.at("stacking.one_unit_always").texts(),
        artillery_per_hex=r.at("stacking.artillery_per_hex").integer(),
        air_limits={w: _raw_table(air_limits.optional(w, {})) for w in weathers},
        weathers=weathers,
        port_start=_ints(r.at("ports.start")),
        bomber_cut=r.at("ports.bomber_cut").integer(),
        build_per_point=r.at("ports.build_per_point").integer(),
        build_from=build_from.value,
        markers_per_command=r.at("cup.markers_per_command").integer(),
        mussolini_markers=r.at("cup.mussolini_markers").integer(),
        months=months,
        month_names={m: r.at(f"calendar.names.{m}").text(blank=True) for m in months},
        seasons={m: seasons[m] for m in months},
        rounding={season: way.value for season, way in rounding.table().items()},
        scenarios=scenarios,
        events={name: _events(r.at(f"events.{name}"), name) for name in SCENARIOS},
        charts={name: _chart(entry, name) for name, entry in r.child("charts").table().items()},
    )


def _raw_table(entry: DataEntry) -> dict:
    """The table's values as they are in the file (checked by the caller)."""
    entry.table()  # refuses a value that is not a table
    return dict(entry.value)


def _scenario(entry: DataEntry, name: str, months: tuple[str, ...], weathers: tuple[str, ...]) -> dict:
    first = entry["first_month"]
    if first.text(blank=True) not in months:
        raise first.refuse(f"'{first.value}' is not one of calendar.months")
    fixed = entry["fixed_weather"]
    for month, weather in fixed.table().items():
        if month not in months or weather.value not in weathers:
            raise weather.refuse("needs a month and one of air_limits.weathers")
    return {"name": entry["name"].text(blank=True), "first_month": first.value,
            "weather_modifier": entry["weather_modifier"].integer(), "fixed_weather": _raw_table(fixed),
            "weather_roll_on": tuple(item.value for item in entry["weather_roll_on"].items())}


def _events(table: DataEntry, scenario: str) -> tuple[RandomEvent, ...]:
    events, covered = [], []
    for index, item in enumerate(table.items()):
        # rows are numbered from 1 in messages, as the owner counts them in the file
        row = DataEntry(table.file, f"{table.where}[{index + 1}]", item.value, table.refusal)
        dice_entry = row["dice"]
        dice = [die.value for die in dice_entry.items()]
        if not dice or any(isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= 9 for d in dice):
            raise dice_entry.refuse(f"expected d10 values 0 to 9, found {dice_entry.value!r}")
        remove = row.get("remove_greek")
        if remove is not None and remove.value not in REMOVALS:
            raise remove.refuse(f"expected \"one\" or \"half\", found {remove.value!r}")
        events.append(RandomEvent(
            dice=tuple(dice), code=row["code"].text(blank=True), name=row["name"].text(blank=True),
            effect=row["effect"].text(blank=True), once=row.optional("once", False).flag(),
            remove_greek=None if remove is None else remove.value,
            special_event_chit=row.optional("special_event_chit", False).flag(),
            opens_port_building=row.optional("opens_port_building", False).flag(),
            port_bonus=row.optional("port_bonus", 0).integer()))
        covered.extend(dice)
    if sorted(covered) != list(range(10)):
        raise table.refuse("the rows must cover each roll 0 to 9 exactly once")
    return tuple(events)


def _chart(entry: DataEntry, name: str) -> ChartSpec:
    kind = entry["kind"].text(CHART_KINDS, blank=True)
    return ChartSpec(name=name, title=entry["title"].text(blank=True), read=entry["read"].text(blank=True),
                     rows=entry["rows"].texts(), columns=entry["columns"].texts(),
                     kind=kind)
