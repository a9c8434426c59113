"""The combat helper (rules 8.2-8.7): strengths, odds, every die modifier, and the result
from the owner-filled Combat Results Table when it is there, read for the options chosen
(aggressive or cautious attack, stand or flexible defence)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.odds import (
    ATTACK_WHY,
    STACK_WHY,
    attack_most,
    check_strength,
    odds_ratio,
    side_strength,
)
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.dice import D10
from campaign_manager.errors import UserError


@dataclass(frozen=True)
class CombatSide:
    """One side of a battle as the players count it on the map."""

    strength: int  # combat strength of every unit except unsupported armour
    unsupported_armour: tuple[int, ...] = ()  # strength of each armour unit with no infantry with it
    armour_points: int = 0
    artillery: int = 0  # artillery units in range and not isolated
    aircraft: int = 0  # fighters and dive bombers flying ground support
    isolated: bool = False


@dataclass(frozen=True)
class Combat:
    """A battle to reckon: both sides, the options chosen, where and in what weather."""

    attacker: CombatSide
    defender: CombatSide
    aggressive: bool = False
    stand: bool = False
    concentric: bool = False
    terrain: tuple[str, ...] = ()
    weather: str = "clear"
    mussolini_to_the_front: bool = False  # Gamers' Special Event: the Italians attack, +1 this turn


@dataclass(frozen=True)
class Modifier:
    """One die modifier; `value` None means the printed chart named by `read` must be read."""

    name: str
    value: int | None
    rule: str
    read: str | None = None


@dataclass(frozen=True, slots=True)
class CombatResult:
    """The Combat Results Table's line for the adjusted die, read under the options chosen
    ("cautious/stand"): each side's result ("-" for none)."""

    attacker: str
    defender: str
    options: str


@dataclass
class CombatReckoning:
    """Everything worked out for one battle."""

    attacker_strength: int
    defender_strength: int
    odds: str
    modifiers: list[Modifier]
    notes: list[str] = field(default_factory=list)
    die: int | None = None
    result: CombatResult | None = None

    @property
    def total(self) -> int:
        """The sum of every modifier known so far."""
        return sum(m.value for m in self.modifiers if m.value is not None)

    @property
    def to_read(self) -> list[str]:
        return [m.read for m in self.modifiers if m.value is None and m.read]

    @property
    def known_adjusted(self) -> int | None:
        """The die with the modifiers known so far (the printed charts may still add some)."""
        return None if self.die is None else self.die + self.total

    @property
    def adjusted(self) -> int | None:
        """The modified die, once the die is known and no chart is left to read."""
        if self.die is None or self.to_read:
            return None
        return self.die + self.total


def _check_side(side: CombatSide, who: str, tables: BookTables) -> CombatSide:
    limits = tables.limits
    for name, most, why in (
        ("armour_points", limits.armour_points, "there is little armour in this game, rule 2.4"),
        ("artillery", limits.artillery, "more than either order of battle holds"),
        ("aircraft", limits.squadrons, "more than either air force holds"),
    ):
        check_strength(getattr(side, name), f"{who} {name.replace('_', ' ')}", low=0, high=most, why=why)
    most, why = (attack_most(tables), ATTACK_WHY) if who == "attacker" else (tables.largest_stack, STACK_WHY)
    check_strength(side.strength, f"{who} strength", low=0, high=most, why=why)
    for armour in side.unsupported_armour:
        check_strength(armour, f"{who} unsupported armour strength", high=most, why=why)
    total = side.strength + sum(side.unsupported_armour)
    if total < 1:
        raise UserError(f"Rule 8.25: the {who} needs at least one strength point in the battle")
    check_strength(total, f"{who} strength with its unsupported armour", high=most, why=why)
    return side


def reckon_combat(combat: Combat, charts: OwnerCharts, die: int | None = None) -> CombatReckoning:
    """Work out the battle; with `die` (typed or rolled by the caller) and every chart filled,
    also the adjusted die and the Combat Results Table's line."""
    tables = charts.tables
    attacker = _check_side(combat.attacker, "attacker", tables)
    defender = _check_side(combat.defender, "defender", tables)
    if attacker.isolated:
        raise UserError("Rule 5.25: isolated units have only limited activation and may not attack")
    if combat.weather not in tables.weathers:
        raise UserError(f"Rule 4.23: unknown weather '{combat.weather}' (use {', '.join(tables.weathers)})")
    if die is not None:
        die = D10.check(die, "Rule 8.22: combat die")
    att = side_strength(attacker.strength, attacker.unsupported_armour)
    dfd = side_strength(defender.strength, defender.unsupported_armour, defender.isolated)
    odds = odds_ratio(att, dfd, tables)
    reckoning = CombatReckoning(att, dfd, odds, _modifiers(combat, charts, odds), die=die)
    row = clamped_odds(odds, charts.spec("odds_drm").rows)
    if row != odds:
        end = "highest" if odds_value(odds) > odds_value(row) else "lowest"
        reckoning.notes.append(
            f"Odds of {odds} are beyond the chart: they are read on its {end} row, {row}, as printed charts are (8.25)"
        )
    if defender.isolated:
        unused = " and artillery are" if defender.artillery else " are"
        reckoning.notes.append(
            f"Rule 8.27: the isolated defender's strength is halved and its armour points{unused} not used (9.33)"
        )
    if attacker.unsupported_armour or defender.unsupported_armour:
        reckoning.notes.append("Rule 8.53: armour with no infantry stacked with it fights at half strength")
    reckoning.result = _crt_line(reckoning, combat, charts)
    return reckoning


def _modifiers(combat: Combat, charts: OwnerCharts, odds: str) -> list[Modifier]:
    mods = charts.tables.modifiers
    att, dfd = combat.attacker, combat.defender
    row = clamped_odds(odds, charts.spec("odds_drm").rows)
    name = f"Odds {odds}" if row == odds else f"Odds {odds}, read as {row}"
    found = [_chart_modifier(charts, "odds_drm", row, name, "8.25")]
    if combat.aggressive:
        found.append(Modifier("Aggressive attack", mods["aggressive"], "8.23"))
    if combat.stand:
        found.append(Modifier("Stand defence", mods["stand"], "8.24"))
    if combat.concentric:
        found.append(Modifier("Concentric attack", mods["concentric"], "8.26"))
    if att.artillery:
        found.append(Modifier(f"Attacker artillery x{att.artillery}", att.artillery * mods["artillery_each"], "8.42"))
    if dfd.artillery and not dfd.isolated:  # 8.27, 9.33: isolated artillery is of no use
        found.append(Modifier(f"Defender artillery x{dfd.artillery}", -dfd.artillery * mods["artillery_each"], "8.42"))
    if att.armour_points:
        found.append(
            Modifier(f"Attacker armour points {att.armour_points}", att.armour_points * mods["armour_point"], "8.52")
        )
    if dfd.armour_points and not dfd.isolated:
        found.append(
            Modifier(f"Defender armour points {dfd.armour_points}", -dfd.armour_points * mods["armour_point"], "8.52")
        )
    if combat.mussolini_to_the_front:
        duce = charts.tables.special_events["mussolini-to-the-front"]
        found.append(Modifier(f"{duce.name} (Italian attack)", duce.attack_drm, "11.0"))
    if att.aircraft:
        found.append(Modifier(f"Attacker air support x{att.aircraft}", att.aircraft * mods["aircraft_each"], "8.741"))
    if dfd.aircraft:
        found.append(Modifier(f"Defender air support x{dfd.aircraft}", -dfd.aircraft * mods["aircraft_each"], "8.741"))
    for typed in combat.terrain:
        terrain = " ".join(typed.replace("-", " ").split())  # "river-hexside" as "river hexside"
        if terrain not in charts.spec("terrain_drm").rows:
            raise UserError(
                f"Terrain Effects Chart: unknown terrain '{terrain}' (use {', '.join(charts.spec('terrain_drm').rows)})"
            )
        found.append(_chart_modifier(charts, "terrain_drm", terrain, f"Terrain: {terrain}", "8.221"))
    if combat.weather != "clear":
        found.append(_chart_modifier(charts, "weather_drm", combat.weather, f"Weather: {combat.weather}", "4.23"))
    return found


def odds_value(odds: str) -> Fraction:
    """ "13:1" → 13, "1:2.5" → 2/5."""
    left, right = odds.split(":")
    return Fraction(left) / Fraction(right)


def clamped_odds(odds: str, rows: tuple[str, ...] | list[str]) -> str:
    """The chart's row for these odds: the row itself, or the highest or lowest row for odds
    beyond the chart (a printed chart's last column covers everything past it)."""
    if odds in rows or not rows:
        return odds
    ordered = sorted(rows, key=odds_value)
    return (
        ordered[-1]
        if odds_value(odds) > odds_value(ordered[-1])
        else ordered[0]
        if odds_value(odds) < odds_value(ordered[0])
        else odds
    )


def _chart_modifier(charts: OwnerCharts, chart: str, row: str, name: str, rule: str) -> Modifier:
    value = charts.value(chart, row, "DRM")
    if value is None:
        return Modifier(name, None, rule, read=f"{charts.spec(chart).read} ({row})")
    return Modifier(name, int(value), rule)


def crt_options(combat: Combat) -> str:
    """The Combat Results Table's pair of options for this battle, e.g. "cautious/stand":
    the attacker is aggressive or cautious (8.23), the defender stands or is flexible (8.24)."""
    return f"{'aggressive' if combat.aggressive else 'cautious'}/{'stand' if combat.stand else 'flexible'}"


def crt_row(adjusted: int, rows: tuple[str, ...] | list[str]) -> str:
    """The Combat Results Table's line for an adjusted die: its own, or the top or bottom line
    for a die beyond the chart, as the odds beyond it are read on its end rows."""
    numbers = sorted(int(row) for row in rows)
    return str(min(max(adjusted, numbers[0]), numbers[-1]))


def _crt_line(reckoning: CombatReckoning, combat: Combat, charts: OwnerCharts) -> CombatResult | None:
    adjusted = reckoning.adjusted
    if adjusted is None:
        return None
    options = crt_options(combat)
    row = crt_row(adjusted, charts.spec("crt").rows)
    if row != str(adjusted):
        end = "top" if adjusted > int(row) else "bottom"
        reckoning.notes.append(
            f"An adjusted die of {adjusted} is beyond the Combat Results Table: it is read on the table's {end} "
            f"line, {row}, as odds beyond it are read on its end rows (8.3)"
        )
    attacker = charts.value("crt", row, f"{options} attacker")
    defender = charts.value("crt", row, f"{options} defender")
    if attacker is None and defender is None:
        reckoning.notes.append(
            f"Read the result for an adjusted die of {row} under {options_in_words(options)} "
            "on the printed Combat Results Table (that line is not filled in)"
        )
        return None
    return CombatResult(str(attacker or "-"), str(defender or "-"), options)


def options_in_words(options: str) -> str:
    """ "cautious/stand" → "a cautious attack and a stand defence"."""
    attack, defence = options.split("/")
    return f"a{'n' if attack == 'aggressive' else ''} {attack} attack and a {defence} defence"
