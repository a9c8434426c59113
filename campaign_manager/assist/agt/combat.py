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
from campaign_manager.i18n import N_, _


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
    attacking = who == "attacker"
    for name, most, why, what in (
        (
            "armour_points",
            limits.armour_points,
            N_("there is little armour in this game, rule 2.4"),
            _("attacker armour points") if attacking else _("defender armour points"),
        ),
        (
            "artillery",
            limits.artillery,
            N_("more than either order of battle holds"),
            _("attacker artillery") if attacking else _("defender artillery"),
        ),
        (
            "aircraft",
            limits.squadrons,
            N_("more than either air force holds"),
            _("attacker aircraft") if attacking else _("defender aircraft"),
        ),
    ):
        check_strength(getattr(side, name), what, low=0, high=most, why=why)
    most, why = (attack_most(tables), ATTACK_WHY) if attacking else (tables.largest_stack, STACK_WHY)
    check_strength(side.strength, _("attacker strength") if attacking else _("defender strength"), 0, most, why)
    for armour in side.unsupported_armour:
        what = _("attacker unsupported armour strength") if attacking else _("defender unsupported armour strength")
        check_strength(armour, what, high=most, why=why)
    total = side.strength + sum(side.unsupported_armour)
    if total < 1:
        raise UserError(
            _("Rule 8.25: the attacker needs at least one strength point in the battle")
            if attacking
            else _("Rule 8.25: the defender needs at least one strength point in the battle")
        )
    what = (
        _("attacker strength with its unsupported armour")
        if attacking
        else _("defender strength with its unsupported armour")
    )
    check_strength(total, what, high=most, why=why)
    return side


def reckon_combat(combat: Combat, charts: OwnerCharts, die: int | None = None) -> CombatReckoning:
    """Work out the battle; with `die` (typed or rolled by the caller) and every chart filled,
    also the adjusted die and the Combat Results Table's line."""
    tables = charts.tables
    attacker = _check_side(combat.attacker, "attacker", tables)
    defender = _check_side(combat.defender, "defender", tables)
    if attacker.isolated:
        raise UserError(_("Rule 5.25: isolated units have only limited activation and may not attack"))
    if combat.weather not in tables.weathers:
        raise UserError(
            _("Rule 4.23: unknown weather '{weather}' (use {weathers})").format(
                weather=combat.weather, weathers=", ".join(tables.weathers)
            )
        )
    if die is not None:
        die = D10.check(die, _("Rule 8.22: combat die"))
    att = side_strength(attacker.strength, attacker.unsupported_armour)
    dfd = side_strength(defender.strength, defender.unsupported_armour, defender.isolated)
    odds = odds_ratio(att, dfd, tables)
    reckoning = CombatReckoning(att, dfd, odds, _modifiers(combat, charts, odds), die=die)
    row = clamped_odds(odds, charts.spec("odds_drm").rows)
    if row != odds:
        note = (
            _(
                "Odds of {odds} are beyond the chart: they are read on its highest row, {row}, "
                "as printed charts are (8.25)"
            )
            if odds_value(odds) > odds_value(row)
            else _(
                "Odds of {odds} are beyond the chart: they are read on its lowest row, {row}, "
                "as printed charts are (8.25)"
            )
        )
        reckoning.notes.append(note.format(odds=odds, row=row))
    if defender.isolated:
        reckoning.notes.append(
            _(
                "Rule 8.27: the isolated defender's strength is halved and its armour points "
                "and artillery are not used (9.33)"
            )
            if defender.artillery
            else _("Rule 8.27: the isolated defender's strength is halved and its armour points are not used (9.33)")
        )
    if attacker.unsupported_armour or defender.unsupported_armour:
        reckoning.notes.append(_("Rule 8.53: armour with no infantry stacked with it fights at half strength"))
    reckoning.result = _crt_line(reckoning, combat, charts)
    return reckoning


def _modifiers(combat: Combat, charts: OwnerCharts, odds: str) -> list[Modifier]:
    mods = charts.tables.modifiers
    att, dfd = combat.attacker, combat.defender
    row = clamped_odds(odds, charts.spec("odds_drm").rows)
    name = (
        _("Odds {odds}").format(odds=odds)
        if row == odds
        else _("Odds {odds}, read as {row}").format(odds=odds, row=row)
    )
    found = [_chart_modifier(charts, "odds_drm", row, name, "8.25")]
    if combat.aggressive:
        found.append(Modifier(_("Aggressive attack"), mods["aggressive"], "8.23"))
    if combat.stand:
        found.append(Modifier(_("Stand defence"), mods["stand"], "8.24"))
    if combat.concentric:
        found.append(Modifier(_("Concentric attack"), mods["concentric"], "8.26"))
    if att.artillery:
        name = _("Attacker artillery x{n}").format(n=att.artillery)
        found.append(Modifier(name, att.artillery * mods["artillery_each"], "8.42"))
    if dfd.artillery and not dfd.isolated:  # 8.27, 9.33: isolated artillery is of no use
        name = _("Defender artillery x{n}").format(n=dfd.artillery)
        found.append(Modifier(name, -dfd.artillery * mods["artillery_each"], "8.42"))
    if att.armour_points:
        name = _("Attacker armour points {n}").format(n=att.armour_points)
        found.append(Modifier(name, att.armour_points * mods["armour_point"], "8.52"))
    if dfd.armour_points and not dfd.isolated:
        name = _("Defender armour points {n}").format(n=dfd.armour_points)
        found.append(Modifier(name, -dfd.armour_points * mods["armour_point"], "8.52"))
    if combat.mussolini_to_the_front:
        duce = charts.tables.special_events["mussolini-to-the-front"]
        found.append(Modifier(_("{chit} (Italian attack)").format(chit=duce.name), duce.attack_drm, "11.0"))
    if att.aircraft:
        name = _("Attacker air support x{n}").format(n=att.aircraft)
        found.append(Modifier(name, att.aircraft * mods["aircraft_each"], "8.741"))
    if dfd.aircraft:
        name = _("Defender air support x{n}").format(n=dfd.aircraft)
        found.append(Modifier(name, -dfd.aircraft * mods["aircraft_each"], "8.741"))
    for typed in combat.terrain:
        terrain = " ".join(typed.replace("-", " ").split())  # "river-hexside" as "river hexside"
        if terrain not in charts.spec("terrain_drm").rows:
            raise UserError(
                _("Terrain Effects Chart: unknown terrain '{terrain}' (use {terrains})").format(
                    terrain=terrain, terrains=", ".join(charts.spec("terrain_drm").rows)
                )
            )
        name = _("Terrain: {terrain}").format(terrain=terrain)
        found.append(_chart_modifier(charts, "terrain_drm", terrain, name, "8.221"))
    if combat.weather != "clear":
        name = _("Weather: {weather}").format(weather=combat.weather)
        found.append(_chart_modifier(charts, "weather_drm", combat.weather, name, "4.23"))
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
        note = (
            _(
                "An adjusted die of {adjusted} is beyond the Combat Results Table: it is read on the table's top "
                "line, {row}, as odds beyond it are read on its end rows (8.3)"
            )
            if adjusted > int(row)
            else _(
                "An adjusted die of {adjusted} is beyond the Combat Results Table: it is read on the table's bottom "
                "line, {row}, as odds beyond it are read on its end rows (8.3)"
            )
        )
        reckoning.notes.append(note.format(adjusted=adjusted, row=row))
    attacker = charts.value("crt", row, f"{options} attacker")
    defender = charts.value("crt", row, f"{options} defender")
    if attacker is None and defender is None:
        reckoning.notes.append(
            _(
                "Read the result for an adjusted die of {row} under {options} "
                "on the printed Combat Results Table (that line is not filled in)"
            ).format(row=row, options=options_in_words(options))
        )
        return None
    return CombatResult(str(attacker or "-"), str(defender or "-"), options)


def options_in_words(options: str) -> str:
    """ "cautious/stand" → "a cautious attack and a stand defence"."""
    return {
        "aggressive/stand": _("an aggressive attack and a stand defence"),
        "aggressive/flexible": _("an aggressive attack and a flexible defence"),
        "cautious/stand": _("a cautious attack and a stand defence"),
        "cautious/flexible": _("a cautious attack and a flexible defence"),
    }[options]
