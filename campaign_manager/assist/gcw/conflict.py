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
        raise UserError(f"the attacking side '{side}' is neither 'government' nor 'dse'")
    if request.airstrike == "attack":
        if side == DSE:
            raise RuleError("11.4", "only the Government has airstrikes; the DSE is attacking")
        return GOVERNMENT
    if request.airstrike == "defend":
        if side == GOVERNMENT:
            raise RuleError(
                "11.4", "an airstrike in defence needs a Government unit defending, but the Government is attacking"
            )
        return DSE
    return side


def _check(request: ConflictRequest, charts: ConflictCharts) -> None:
    if request.table not in charts.tables:
        raise UserError(f"there is no '{request.table}' conflict table (choose {' or '.join(charts.tables)})")
    table = charts.tables[request.table]
    for role, strength in (("attacking", request.attacker), ("defending", request.defender)):
        if strength < 1:
            raise RuleError("11.2", f"the {role} strength must be at least 1, not {strength}")
        if strength > charts.strength_most:
            raise RuleError(
                "9.4",
                f"the {role} strength of {strength} is more than the counter mix can bring ({charts.strength_most})",
            )
    for role, units in (("attacking", request.attacking_units), ("defending", request.defending_units)):
        if units is not None and units < 1:
            raise UserError(f"the number of {role} units must be at least 1, not {units}")
        if units is not None and units > charts.units_most:
            raise RuleError("9.4", f"{units} {role} units are more than the counter mix holds ({charts.units_most})")
    if request.airstrike is not None:
        if request.airstrike not in AIRSTRIKES:
            raise UserError(f"an airstrike is 'attack' or 'defend', not '{request.airstrike}'")
        if not table.airstrike_allowed:
            raise RuleError("11.4", f"an airstrike cannot be used on the {table.title} table")
    if (request.attacker_buys_modifier or request.defender_buys_modifier) and not table.unconventional_allowed:
        raise RuleError(
            "11.6",
            f"unconventional units buy a die modifier only on the Infrastructure table, not on the {table.title} table",
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
    steps = [f"{request.attacker} against {request.defender}: {ratio} to 1, fraction dropped (11.2)"]
    base = column_for(request.attacker, request.defender, charts)
    steps[0] += f" → column {labels[base]}"
    index = base
    if request.airstrike:
        shift = charts.airstrike_shift if request.airstrike == "attack" else -charts.airstrike_shift
        index = min(max(base + shift, 0), len(labels) - 1)
        way = "right" if shift > 0 else "left"
        edge = "" if index != base else " (already at the edge of the table)"
        steps.append(
            f"Government airstrike {'with the attack' if shift > 0 else 'in defence'}: one column "
            f"{way} → {labels[index]}{edge} (11.4)"
        )
    die = roll_or_check(request.die, charts.die, roller or RandomRoller(), "conflict die")
    costs = charts.unconventional_cost[labels[index]]
    paid = {
        "attacker": costs["attacker"] if request.attacker_buys_modifier else 0,
        "defender": costs["defender"] if request.defender_buys_modifier else 0,
    }
    modifier = charts.unconventional_modifier * (request.attacker_buys_modifier - request.defender_buys_modifier)
    for role, sign in (("attacker", "+"), ("defender", "-")):
        if getattr(request, f"{role}_buys_modifier"):
            steps.append(
                f"The {role} pays {paid[role]} PP for {sign}{charts.unconventional_modifier} "
                f"on the die at {labels[index]} (11.6)"
            )
    if request.attacker_buys_modifier and request.defender_buys_modifier:
        steps.append("Both sides bought a modifier: they cancel, and both still pay (11.6)")
    modified = min(max(die + modifier, charts.die.low), charts.die.high)
    roll_text = f"Die {die}"
    if modifier:
        roll_text += f", modified {modifier:+d} → {modified}"
        if modified != die + modifier:
            roll_text += f" (kept within {charts.die.low}-{charts.die.high})"
    steps.append(roll_text)
    code = table.code(modified, index)
    effect = effect_of(code, charts.lettered)
    units = request.attacking_units if effect.side == "attacker" else request.defending_units
    terror, terror_words = _terror(effect, side, request)
    explanation = describe(effect, units) + terror_words
    steps.append(f"{table.title} table, {labels[index]}, die {modified}: {code}")
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
        words = " An airstrike was used in an Urban region: place a Terror marker there (16.2)."
        if effect.terror == "remove":
            words += " The region keeps it, though the result would otherwise remove one."
        return "placed", words
    if effect.terror == "place":
        return "placed", " Place a Terror marker in the region (16.4)."
    if effect.terror == "remove":
        if side == GOVERNMENT:
            return "removed", " The Government attacked: remove the region's Terror marker, if any."
        if side is None:
            return None, " If the Government attacked, remove the region's Terror marker, if any (12.2)."
        return None, " The DSE attacked, so a Terror marker stays where it is."
    return None, ""
