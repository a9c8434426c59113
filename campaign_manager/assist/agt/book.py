"""Loading resources/assist/agt.toml into `BookTables`, checking every entry on the way."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from campaign_manager.assist.agt.tables import (
    BOOK_FILE,
    CHART_KINDS,
    REMOVALS,
    SCENARIOS,
    BookTables,
    ChartSpec,
    RandomEvent,
    TableError,
    TableReader,
)


def load_book(path: Path = BOOK_FILE) -> BookTables:
    """Read and check the book's tables; raises TableError naming the faulty entry."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TableError(f"{Path(path).name}: the data file is missing ({path})") from None
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{Path(path).name}: is not valid TOML ({exc})") from None
    return _build(TableReader(data, Path(path)))


@lru_cache(maxsize=1)
def book() -> BookTables:
    """The shipped tables, read once."""
    return load_book()


def _build(r: TableReader) -> BookTables:
    months = tuple(r.strings("calendar.months"))
    seasons = r.get("calendar.seasons", dict)
    rounding = r.get("calendar.rounding", dict)
    for month in months:
        if seasons.get(month) not in rounding:
            raise r.fault(f"calendar.seasons.{month}", "needs a season listed in calendar.rounding")
    for season, way in rounding.items():
        if way not in ("up", "down"):
            raise r.fault(f"calendar.rounding.{season}", f"expected \"up\" or \"down\", found {way!r}")
    weathers = tuple(r.strings("air_limits.weathers"))
    scenarios = {name: _scenario(r, name, months, weathers) for name in SCENARIOS}
    step = r.get("odds.step", (int, float))
    if step <= 0:
        raise r.fault("odds.step", "must be above zero")
    build_from = r.get("ports.build_from", str)
    if build_from not in months:
        raise r.fault("ports.build_from", f"'{build_from}' is not one of calendar.months")
    return BookTables(
        odds_step=float(step),
        modifiers=r.ints("modifiers"),
        aa_threshold=r.get("anti_aircraft.threshold", int),
        first_turn_holder=r.get("initiative.first_turn_holder", str),
        greek_bonus={name: r.get(f"initiative.greek_bonus.{name}", int) for name in SCENARIOS},
        stacking=r.ints("stacking.limits"),
        one_unit_always=tuple(r.strings("stacking.one_unit_always")),
        artillery_per_hex=r.get("stacking.artillery_per_hex", int),
        air_limits={w: r.get(f"air_limits.{w}", dict, {}) for w in weathers},
        weathers=weathers,
        port_start=r.ints("ports.start"),
        bomber_cut=r.get("ports.bomber_cut", int),
        build_per_point=r.get("ports.build_per_point", int),
        build_from=build_from,
        markers_per_command=r.get("cup.markers_per_command", int),
        mussolini_markers=r.get("cup.mussolini_markers", int),
        months=months,
        month_names={m: r.get(f"calendar.names.{m}", str) for m in months},
        seasons={m: seasons[m] for m in months},
        rounding=dict(rounding),
        scenarios=scenarios,
        events={name: _events(r, name) for name in SCENARIOS},
        charts={name: _chart(r, name) for name in r.get("charts", dict)},
    )


def _scenario(r: TableReader, name: str, months: tuple[str, ...], weathers: tuple[str, ...]) -> dict:
    where = f"scenarios.{name}"
    first = r.get(f"{where}.first_month", str)
    if first not in months:
        raise r.fault(f"{where}.first_month", f"'{first}' is not one of calendar.months")
    fixed = r.get(f"{where}.fixed_weather", dict)
    for month, weather in fixed.items():
        if month not in months or weather not in weathers:
            raise r.fault(f"{where}.fixed_weather.{month}", "needs a month and one of air_limits.weathers")
    return {"name": r.get(f"{where}.name", str), "first_month": first,
            "weather_modifier": r.get(f"{where}.weather_modifier", int), "fixed_weather": dict(fixed),
            "weather_roll_on": tuple(r.get(f"{where}.weather_roll_on", list))}


def _events(r: TableReader, scenario: str) -> tuple[RandomEvent, ...]:
    rows = r.get(f"events.{scenario}", list)
    events, covered = [], []
    for index, row in enumerate(rows):
        where = f"events.{scenario}[{index + 1}]"
        row_reader = TableReader(row, r.path)
        dice = row_reader.get("dice", list)
        if not dice or any(isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= 9 for d in dice):
            raise r.fault(f"{where}.dice", f"expected d10 values 0 to 9, found {dice!r}")
        remove = row.get("remove_greek")
        if remove is not None and remove not in REMOVALS:
            raise r.fault(f"{where}.remove_greek", f"expected \"one\" or \"half\", found {remove!r}")
        try:
            events.append(RandomEvent(
                dice=tuple(dice), code=row_reader.get("code", str), name=row_reader.get("name", str),
                effect=row_reader.get("effect", str), once=row_reader.get("once", bool, False),
                remove_greek=remove, special_event_chit=row_reader.get("special_event_chit", bool, False),
                opens_port_building=row_reader.get("opens_port_building", bool, False),
                port_bonus=row_reader.get("port_bonus", int, 0)))
        except TableError as exc:
            raise r.fault(where, str(exc).split(": ", 1)[1]) from None
        covered.extend(dice)
    if sorted(covered) != list(range(10)):
        raise r.fault(f"events.{scenario}", "the rows must cover each roll 0 to 9 exactly once")
    return tuple(events)


def _chart(r: TableReader, name: str) -> ChartSpec:
    where = f"charts.{name}"
    kind = r.get(f"{where}.kind", str)
    if kind not in CHART_KINDS:
        raise r.fault(f"{where}.kind", f"expected one of {', '.join(CHART_KINDS)}, found {kind!r}")
    return ChartSpec(name=name, title=r.get(f"{where}.title", str), read=r.get(f"{where}.read", str),
                     rows=tuple(r.strings(f"{where}.rows")), columns=tuple(r.strings(f"{where}.columns")),
                     kind=kind)
