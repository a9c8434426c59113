"""The conflict calculator: strengths to a column, shifts and modifiers, the die, the result.

Rules 11.2 (odds), 11.4 (airstrikes), 11.6 (unconventional units), 12 (results) and 16.2
(airstrike collateral damage), with RULES.md's decision that the modified die stays 1-6.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from campaign_manager.assist.gcw.charts import ConflictCharts, default_charts
from campaign_manager.assist.gcw.results import Effect, describe, effect_of
from campaign_manager.dice import RandomRoller, Roller, roll_or_check
from campaign_manager.errors import RuleError, UserError
from campaign_manager.i18n import _

GOVERNMENT, DSE = "government", "dse"
AIRSTRIKES = ("attack", "defend")


@dataclass(frozen=True)
class ConflictRequest:
    """One attack as the players declare it; `die` None lets the app roll."""

    attacker: int
    defender: int
    table: str
    die: int | str | None = None
    airstrike: str | None = None  # "attack" or "defend"
    attacker_side: str | None = None  # "government" or "dse"; airstrikes tell it too
    attacker_buys_modifier: bool = False
    defender_buys_modifier: bool = False
    attacking_units: int | None = None
    defending_units: int | None = None
    urban: bool = False


@dataclass(frozen=True)
class ConflictOutcome:
    """The worked result: each step, the code, and what it does to which units."""

    odds: str
    base_column: str
    column: str
    die: int
    modifier: int
    modified_die: int
    result: str
    result_side: str
    units_affected: int | None
    terror: str | None  # "placed", "removed", or None (none, or it depends on who attacked: see explanation)
    political_points: dict[str, int]  # PP paid for the unconventional modifier, by role
    steps: list[str] = field(default_factory=list)
    explanation: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


def _attacker_side(request: ConflictRequest) -> str | None:
    side = request.attacker_side
    if side not in (None, GOVERNMENT, DSE):
        raise UserError(_("the attacking side '{side}' is neither 'government' nor 'dse'").format(side=side))
    if request.airstrike == "attack":
        if side == DSE:
            raise RuleError("11.4", _("only the Government has airstrikes; the DSE is attacking"))
        return GOVERNMENT
    if request.airstrike == "defend":
        if side == GOVERNMENT:
            raise RuleError(
                "11.4", _("an airstrike in defence needs a Government unit defending, but the Government is attacking")
            )
        return DSE
    return side


def _check(request: ConflictRequest, charts: ConflictCharts) -> None:
    if request.table not in charts.tables:
        raise UserError(
            _("there is no '{table}' conflict table (choose {tables})").format(
                table=request.table, tables=_(" or ").join(charts.tables)
            )
        )
    table = charts.tables[request.table]
    strength_words = {
        "attacking": (
            _("the attacking strength must be at least 1, not {strength}"),
            _("the attacking strength of {strength} is more than the counter mix can bring ({most})"),
        ),
        "defending": (
            _("the defending strength must be at least 1, not {strength}"),
            _("the defending strength of {strength} is more than the counter mix can bring ({most})"),
        ),
    }
    for role, strength in (("attacking", request.attacker), ("defending", request.defender)):
        too_few, too_many = strength_words[role]
        if strength < 1:
            raise RuleError("11.2", too_few.format(strength=strength))
        if strength > charts.strength_most:
            raise RuleError("9.4", too_many.format(strength=strength, most=charts.strength_most))
    units_words = {
        "attacking": (
            _("the number of attacking units must be at least 1, not {units}"),
            _("{units} attacking units are more than the counter mix holds ({most})"),
        ),
        "defending": (
            _("the number of defending units must be at least 1, not {units}"),
            _("{units} defending units are more than the counter mix holds ({most})"),
        ),
    }
    for role, units in (("attacking", request.attacking_units), ("defending", request.defending_units)):
        too_few, too_many = units_words[role]
        if units is not None and units < 1:
            raise UserError(too_few.format(units=units))
        if units is not None and units > charts.units_most:
            raise RuleError("9.4", too_many.format(units=units, most=charts.units_most))
    if request.airstrike is not None:
        if request.airstrike not in AIRSTRIKES:
            raise UserError(
                _("an airstrike is 'attack' or 'defend', not '{airstrike}'").format(airstrike=request.airstrike)
            )
        if not table.airstrike_allowed:
            raise RuleError("11.4", _("an airstrike cannot be used on the {table} table").format(table=table.title))
    if (request.attacker_buys_modifier or request.defender_buys_modifier) and not table.unconventional_allowed:
        raise RuleError(
            "11.6",
            _(
                "unconventional units buy a die modifier only on the Infrastructure table, not on the {table} table"
            ).format(table=table.title),
        )


def column_for(attacker: int, defender: int, charts: ConflictCharts) -> int:
    """Index of the column for these strengths: the ratio with its fraction dropped (11.2)."""
    ratio = attacker // defender
    return max(i for i, column in enumerate(charts.columns) if column.min_ratio <= ratio)


def resolve(
    request: ConflictRequest, roller: Roller | None = None, charts: ConflictCharts | None = None
) -> ConflictOutcome:
    """Work out one attack; raises UserError (or RuleError, DieError) for what cannot be."""
    charts = charts or default_charts().conflict
    _check(request, charts)
    side = _attacker_side(request)
    table = charts.tables[request.table]
    labels = [column.label for column in charts.columns]
    ratio = f"{request.attacker / request.defender:.2f}".rstrip("0").rstrip(".")
    base = column_for(request.attacker, request.defender, charts)
    steps = [
        _("{attacker} against {defender}: {ratio} to 1, fraction dropped (11.2) → column {column}").format(
            attacker=request.attacker, defender=request.defender, ratio=ratio, column=labels[base]
        )
    ]
    index = base
    if request.airstrike:
        shift = charts.airstrike_shift if request.airstrike == "attack" else -charts.airstrike_shift
        index = min(max(base + shift, 0), len(labels) - 1)
        if shift > 0 and index != base:
            words = _("Government airstrike with the attack: one column right → {column} (11.4)")
        elif shift > 0:
            words = _(
                "Government airstrike with the attack: one column right → {column} "
                "(already at the edge of the table) (11.4)"
            )
        elif index != base:
            words = _("Government airstrike in defence: one column left → {column} (11.4)")
        else:
            words = _(
                "Government airstrike in defence: one column left → {column} (already at the edge of the table) (11.4)"
            )
        steps.append(words.format(column=labels[index]))
    die = roll_or_check(request.die, charts.die, roller or RandomRoller(), _("conflict die"))
    costs = charts.unconventional_cost[labels[index]]
    paid = {
        "attacker": costs["attacker"] if request.attacker_buys_modifier else 0,
        "defender": costs["defender"] if request.defender_buys_modifier else 0,
    }
    modifier = charts.unconventional_modifier * (request.attacker_buys_modifier - request.defender_buys_modifier)
    pays = {
        "attacker": _("The attacker pays {points} PP for +{modifier} on the die at {column} (11.6)"),
        "defender": _("The defender pays {points} PP for -{modifier} on the die at {column} (11.6)"),
    }
    for role in ("attacker", "defender"):
        if getattr(request, f"{role}_buys_modifier"):
            steps.append(
                pays[role].format(points=paid[role], modifier=charts.unconventional_modifier, column=labels[index])
            )
    if request.attacker_buys_modifier and request.defender_buys_modifier:
        steps.append(_("Both sides bought a modifier: they cancel, and both still pay (11.6)"))
    modified = min(max(die + modifier, charts.die.low), charts.die.high)
    if not modifier:
        roll_text = _("Die {die}")
    elif modified == die + modifier:
        roll_text = _("Die {die}, modified {modifier} → {modified}")
    else:
        roll_text = _("Die {die}, modified {modifier} → {modified} (kept within {low}-{high})")
    steps.append(
        roll_text.format(
            die=die, modifier=f"{modifier:+d}", modified=modified, low=charts.die.low, high=charts.die.high
        )
    )
    code = table.code(modified, index)
    effect = effect_of(code, charts.lettered)
    units = request.attacking_units if effect.side == "attacker" else request.defending_units
    terror, terror_words = _terror(effect, side, request)
    explanation = describe(effect, units) + terror_words
    steps.append(
        _("{table} table, {column}, die {die}: {code}").format(
            table=table.title, column=labels[index], die=modified, code=code
        )
    )
    return ConflictOutcome(
        odds=f"{request.attacker}:{request.defender}",
        base_column=labels[base],
        column=labels[index],
        die=die,
        modifier=modifier,
        modified_die=modified,
        result=code,
        result_side=effect.side,
        units_affected=effect.count(units),
        terror=terror,
        political_points=paid,
        steps=steps,
        explanation=explanation,
    )


def _terror(effect: Effect, side: str | None, request: ConflictRequest) -> tuple[str | None, str]:
    """What happens to the region's Terror marker (12.2 codes, 16.2, 16.4)."""
    if request.airstrike and request.urban:
        # 16.2 places a marker whatever the result did, so a removal (12.2) is not said as well.
        words = " " + _("An airstrike was used in an Urban region: place a Terror marker there (16.2).")
        if effect.terror == "remove":
            words += " " + _("The region keeps it, though the result would otherwise remove one.")
        return "placed", words
    if effect.terror == "place":
        return "placed", " " + _("Place a Terror marker in the region (16.4).")
    if effect.terror == "remove":
        if side == GOVERNMENT:
            return "removed", " " + _("The Government attacked: remove the region's Terror marker, if any.")
        if side is None:
            return None, " " + _("If the Government attacked, remove the region's Terror marker, if any (12.2).")
        return None, " " + _("The DSE attacked, so a Terror marker stays where it is.")
    return None, ""
