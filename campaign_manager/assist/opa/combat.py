"""Close combat (step 6): each side rolls a die and adds its factors; the higher total wins.

The book gives no loss table, so the calculator reports the totals, every factor and the
winner; the players apply losses as agreed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.assist.opa.tables import CombatTroop, OpaTables
from campaign_manager.dice import D6, RandomRoller, Roller, roll_or_check
from campaign_manager.errors import UserError


@dataclass(frozen=True)
class CombatSide:
    """What one side brings: troop type (a factor-table line), die (None → rolled) and
    situation. `shaken` is only allowed for the defender."""

    troop: str
    die: object = None
    unformed: bool = False
    terrain: int = 0
    supports: int = 0
    figures: int | None = None
    shaken: bool = False


@dataclass(frozen=True)
class SideTotal:
    """One side's die, its factors as (reason, value) and the total."""

    role: str
    troop: str
    die: int
    factors: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return self.die + sum(value for _, value in self.factors)

    def to_json(self) -> dict[str, Any]:
        return {
            "troop": self.troop,
            "die": self.die,
            "total": self.total,
            "factors": [{"reason": reason, "value": value} for reason, value in self.factors],
        }


@dataclass(frozen=True)
class CloseCombat:
    """Both sides' totals; `winner` is 'attacker', 'defender' or 'tie'."""

    attacker: SideTotal
    defender: SideTotal
    winner: str
    notes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker.to_json(),
            "defender": self.defender.to_json(),
            "winner": self.winner,
            "notes": list(self.notes),
        }


def table_factor(troop: CombatTroop, enemy: CombatTroop, attacking: bool, unformed: bool) -> int:
    """The factor-table value; the table has no column for artillery, so a battery as the
    enemy is fought with the 'against infantry' column."""
    if enemy.arm == "cavalry":
        return troop.vs_cavalry_unformed if unformed else troop.vs_cavalry
    pair = troop.vs_infantry_unformed if unformed else troop.vs_infantry
    return pair[0 if attacking else 1]


def _troop(tables: OpaTables, code: str, role: str) -> CombatTroop:
    if code not in tables.troops:
        raise UserError(
            f"Close combat: the {role} '{code}' is not a line of the factor table; "
            f"choose one of {', '.join(tables.troops)}"
        )
    return tables.troops[code]


def _situation(tables: OpaTables, side: CombatSide, role: str) -> list[tuple[str, int]]:
    bonus = tables.bonus
    if not 0 <= side.terrain <= bonus.terrain_most:
        raise UserError(
            f"Close combat: terrain advantage for the {role} is +1 or +{bonus.terrain_most}, not {side.terrain}"
        )
    if side.supports < 0:
        raise UserError(f"Close combat: the {role} cannot have {side.supports} supporting units")
    if side.supports > tables.limits.supporting_units:
        raise UserError(
            f"Close combat: {side.supports} supporting units for the {role} are more than any table "
            f"holds; give at most {tables.limits.supporting_units}"
        )
    factors = []
    if side.terrain:
        factors.append(("terrain advantage", side.terrain))
    if side.supports:
        factors.append((f"{side.supports} supporting unit(s)", side.supports * bonus.per_supporting_unit))
    return factors


def _numbers(
    tables: OpaTables, attacker: CombatSide, defender: CombatSide, notes: list[str]
) -> dict[str, list[tuple[str, int]]]:
    """Outnumbering and odds, from the figures of both sides (a shaken defender counts half)."""
    found: dict[str, list[tuple[str, int]]] = {"attacker": [], "defender": []}
    if attacker.figures is None and defender.figures is None:
        if defender.shaken:
            notes.append(
                "The defender is shaken and fights at half strength: give both sides' figures to count it in the odds."
            )
        return found
    if attacker.figures is None or defender.figures is None:
        raise UserError("Close combat: give the figures of both sides, or of neither")
    if attacker.figures < 1 or defender.figures < 1:
        raise UserError("Close combat: each side needs at least one figure")
    most = tables.limits.figures
    if attacker.figures > most or defender.figures > most:
        raise UserError(f"Close combat: a side has at most {most} figures on the table")
    bonus = tables.bonus
    counted = {"attacker": attacker.figures, "defender": defender.figures}
    if defender.shaken:
        # half, rounded down, but a unit still on the table counts at least one figure
        counted["defender"] = max(1, defender.figures // bonus.shaken_defender_divisor)
        notes.append(
            f"The shaken defender fights at half strength: its {defender.figures} "
            f"figure(s) count as {counted['defender']} (rounded down, never below one)."
        )
    for role, other in (("attacker", "defender"), ("defender", "attacker")):
        mine, theirs = counted[role], counted[other]
        # The book's "outnumber the defender" factor is the attacker's alone.
        if role == "attacker" and mine - theirs >= bonus.outnumber_figures:
            found[role].append((f"outnumbers the defender by {mine - theirs} figures", bonus.outnumber))
        for ratio, step in bonus.odds:
            if mine >= ratio * max(theirs, 1):
                found[role].append((f"odds {ratio}:1, {mine} to {theirs} figures", step))
                break
    return found


ORDERS = ("defend", "attack")
NATIONS = ("turkish", "greek")


def close_combat(
    tables: OpaTables,
    attacker: CombatSide,
    defender: CombatSide,
    fanatic: bool = False,
    roller: Roller | None = None,
    defender_order: str = "defend",
    attacker_nation: str | None = None,
) -> CloseCombat:
    """Total both sides with every factor and name the winner. `defender_order="attack"`: the
    defender played its ATTACK card before the combat and fights with its attacking factor.
    `attacker_nation` says whose troops a line marked for any nation (cavalry) are."""
    attacking = _troop(tables, attacker.troop, "attacker")
    defending = _troop(tables, defender.troop, "defender")
    if defender_order not in ORDERS:
        raise UserError(f"Close combat: the defender's order is 'defend' or 'attack', not '{defender_order}'")
    if attacker_nation is not None and attacker_nation not in NATIONS:
        raise UserError(f"Close combat: the attacker's nation is 'turkish' or 'greek', not '{attacker_nation}'")
    if attacker_nation is not None and attacking.nation not in ("any", attacker_nation):
        raise UserError(f"Close combat: {attacking.label} are {attacking.nation}, not {attacker_nation}")
    if attacker.shaken:
        raise UserError("Close combat: a shaken unit cannot start a close combat")
    notes: list[str] = []
    numbers = _numbers(tables, attacker, defender, notes)
    factors = {}
    for role, side, troop, enemy in (
        ("attacker", attacker, attacking, defending),
        ("defender", defender, defending, attacking),
    ):
        kind = "cavalry" if enemy.arm == "cavalry" else "infantry"
        reason = f"{troop.label}{', unformed' if side.unformed else ''}, {role} against {kind}"
        fights_attacking = role == "attacker" or defender_order == "attack"
        if role == "defender" and defender_order == "attack":
            reason += ", counter-attacking with its ATTACK card (attack factor)"
        base = table_factor(troop, enemy, fights_attacking, side.unformed)
        factors[role] = [(reason, base)] + _situation(tables, side, role) + numbers[role]
    if "artillery" in (attacking.arm, defending.arm):
        notes.append(
            "The factor table has no column against artillery: the 'against "
            "infantry' values are used for fighting a battery."
        )
    if fanatic:
        nation = attacker_nation or attacking.nation
        if nation == "any":
            raise UserError(
                f"Close combat: a fanatic attack is Turkish only; {attacking.label} may be either "
                f"nation's: say whose they are (turkish or greek)"
            )
        if not attacking.fanatic or nation != "turkish":
            raise UserError(
                f"Close combat: only Turkish troops make a fanatic attack (on a "
                f"SKIRMISH card); {attacking.label}{' (Greek)' if nation == 'greek' else ''} cannot"
            )
        factors["attacker"].append(("Turkish fanatic attack", tables.bonus.fanatic_attack))
        notes.append("Fanatic attack: the attacker's losses are doubled.")
    roller = roller or RandomRoller()
    sides = {
        role: SideTotal(
            role, troop.code, roll_or_check(side.die, D6, roller, f"{role.title()} die"), tuple(factors[role])
        )
        for role, side, troop in (("attacker", attacker, attacking), ("defender", defender, defending))
    }
    a, d = sides["attacker"].total, sides["defender"].total
    winner = "attacker" if a > d else "defender" if d > a else "tie"
    if winner == "tie":
        notes.append("Equal totals: the book gives no rule for a tie; agree on one at the table.")
    elif winner == "attacker" and defender.shaken:
        notes.append(
            "The losing defender was already shaken: the book says no more about losing a close combat "
            "when shaken (after fire, a shaken unit that fails its check routs); settle it at the table."
        )
    else:
        notes.append(f"The losing {'defender' if winner == 'attacker' else 'attacker'} is shaken.")
    return CloseCombat(sides["attacker"], sides["defender"], winner, tuple(notes))
