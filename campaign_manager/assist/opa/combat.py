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
from campaign_manager.i18n import _, ngettext


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
        return self.die + sum(value for _reason, value in self.factors)

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
        refusal = (
            _("Close combat: the attacker '{code}' is not a line of the factor table; choose one of {troops}")
            if role == "attacker"
            else _("Close combat: the defender '{code}' is not a line of the factor table; choose one of {troops}")
        )
        raise UserError(refusal.format(code=code, troops=", ".join(tables.troops)))
    return tables.troops[code]


def _situation(tables: OpaTables, side: CombatSide, role: str) -> list[tuple[str, int]]:
    bonus = tables.bonus
    attacker = role == "attacker"
    if not 0 <= side.terrain <= bonus.terrain_most:
        refusal = (
            _("Close combat: terrain advantage for the attacker is +1 or +{most}, not {terrain}")
            if attacker
            else _("Close combat: terrain advantage for the defender is +1 or +{most}, not {terrain}")
        )
        raise UserError(refusal.format(most=bonus.terrain_most, terrain=side.terrain))
    if side.supports < 0:
        refusal = (
            _("Close combat: the attacker cannot have {n} supporting units")
            if attacker
            else _("Close combat: the defender cannot have {n} supporting units")
        )
        raise UserError(refusal.format(n=side.supports))
    if side.supports > tables.limits.supporting_units:
        refusal = (
            _("Close combat: {n} supporting units for the attacker are more than any table holds; give at most {most}")
            if attacker
            else _(
                "Close combat: {n} supporting units for the defender are more than any table holds; give at most {most}"
            )
        )
        raise UserError(refusal.format(n=side.supports, most=tables.limits.supporting_units))
    factors = []
    if side.terrain:
        factors.append((_("terrain advantage"), side.terrain))
    if side.supports:
        supporting = ngettext("{n} supporting unit", "{n} supporting units", side.supports).format(n=side.supports)
        factors.append((supporting, side.supports * bonus.per_supporting_unit))
    return factors


def _numbers(
    tables: OpaTables, attacker: CombatSide, defender: CombatSide, notes: list[str]
) -> dict[str, list[tuple[str, int]]]:
    """Outnumbering and odds, from the figures of both sides (a shaken defender counts half)."""
    found: dict[str, list[tuple[str, int]]] = {"attacker": [], "defender": []}
    if attacker.figures is None and defender.figures is None:
        if defender.shaken:
            notes.append(
                _(
                    "The defender is shaken and fights at half strength: "
                    "give both sides' figures to count it in the odds."
                )
            )
        return found
    if attacker.figures is None or defender.figures is None:
        raise UserError(_("Close combat: give the figures of both sides, or of neither"))
    if attacker.figures < 1 or defender.figures < 1:
        raise UserError(_("Close combat: each side needs at least one figure"))
    most = tables.limits.figures
    if attacker.figures > most or defender.figures > most:
        raise UserError(_("Close combat: a side has at most {most} figures on the table").format(most=most))
    bonus = tables.bonus
    counted = {"attacker": attacker.figures, "defender": defender.figures}
    if defender.shaken:
        # half, rounded down, but a unit still on the table counts at least one figure
        counted["defender"] = max(1, defender.figures // bonus.shaken_defender_divisor)
        notes.append(
            ngettext(
                "The shaken defender fights at half strength: its {n} "
                "figure counts as {counted} (rounded down, never below one).",
                "The shaken defender fights at half strength: its {n} "
                "figures count as {counted} (rounded down, never below one).",
                defender.figures,
            ).format(n=defender.figures, counted=counted["defender"])
        )
    for role, other in (("attacker", "defender"), ("defender", "attacker")):
        mine, theirs = counted[role], counted[other]
        # The book's "outnumber the defender" factor is the attacker's alone.
        if role == "attacker" and mine - theirs >= bonus.outnumber_figures:
            found[role].append((_("outnumbers the defender by {n} figures").format(n=mine - theirs), bonus.outnumber))
        for ratio, step in bonus.odds:
            if mine >= ratio * max(theirs, 1):
                found[role].append(
                    (
                        _("odds {ratio}:1, {mine} to {theirs} figures").format(ratio=ratio, mine=mine, theirs=theirs),
                        step,
                    )
                )
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
        raise UserError(
            _("Close combat: the defender's order is 'defend' or 'attack', not '{order}'").format(order=defender_order)
        )
    if attacker_nation is not None and attacker_nation not in NATIONS:
        raise UserError(
            _("Close combat: the attacker's nation is 'turkish' or 'greek', not '{nation}'").format(
                nation=attacker_nation
            )
        )
    if attacker_nation is not None and attacking.nation not in ("any", attacker_nation):
        raise UserError(
            _("Close combat: {troops} are {nation}, not {typed}").format(  # untranslated: nation is a typed value
                troops=attacking.label, nation=attacking.nation, typed=attacker_nation
            )
        )
    if attacker.shaken:
        raise UserError(_("Close combat: a shaken unit cannot start a close combat"))
    notes: list[str] = []
    numbers = _numbers(tables, attacker, defender, notes)
    factors = {}
    for role, side, troop, enemy in (
        ("attacker", attacker, attacking, defending),
        ("defender", defender, defending, attacking),
    ):
        reason = _reason(troop.label, side.unformed, role, enemy.arm == "cavalry")
        fights_attacking = role == "attacker" or defender_order == "attack"
        if role == "defender" and defender_order == "attack":
            reason = _("{reason}, counter-attacking with its ATTACK card (attack factor)").format(reason=reason)
        base = table_factor(troop, enemy, fights_attacking, side.unformed)
        factors[role] = [(reason, base)] + _situation(tables, side, role) + numbers[role]
    if "artillery" in (attacking.arm, defending.arm):
        notes.append(
            _(
                "The factor table has no column against artillery: the 'against "
                "infantry' values are used for fighting a battery."
            )
        )
    if fanatic:
        nation = attacker_nation or attacking.nation
        if nation == "any":
            raise UserError(
                _(
                    "Close combat: a fanatic attack is Turkish only; {troops} may be either "
                    "nation's: say whose they are (turkish or greek)"
                ).format(troops=attacking.label)
            )
        if not attacking.fanatic or nation != "turkish":
            refusal = (
                _(
                    "Close combat: only Turkish troops make a fanatic attack (on a SKIRMISH card); "
                    "{troops} (Greek) cannot"
                )
                if nation == "greek"
                else _("Close combat: only Turkish troops make a fanatic attack (on a SKIRMISH card); {troops} cannot")
            )
            raise UserError(refusal.format(troops=attacking.label))
        factors["attacker"].append((_("Turkish fanatic attack"), tables.bonus.fanatic_attack))
        notes.append(_("Fanatic attack: the attacker's losses are doubled."))
    roller = roller or RandomRoller()
    die_names = {"attacker": _("Attacker die"), "defender": _("Defender die")}
    sides = {
        role: SideTotal(role, troop.code, roll_or_check(side.die, D6, roller, die_names[role]), tuple(factors[role]))
        for role, side, troop in (("attacker", attacker, attacking), ("defender", defender, defending))
    }
    a, d = sides["attacker"].total, sides["defender"].total
    winner = "attacker" if a > d else "defender" if d > a else "tie"
    if winner == "tie":
        notes.append(_("Equal totals: the book gives no rule for a tie; agree on one at the table."))
    elif winner == "attacker" and defender.shaken:
        notes.append(
            _(
                "The losing defender was already shaken: the book says no more about losing a close combat "
                "when shaken (after fire, a shaken unit that fails its check routs); settle it at the table."
            )
        )
    elif winner == "attacker":
        notes.append(_("The losing defender is shaken."))
    else:
        notes.append(_("The losing attacker is shaken."))
    return CloseCombat(sides["attacker"], sides["defender"], winner, tuple(notes))


def _reason(troop: str, unformed: bool, role: str, cavalry: bool) -> str:
    """The factor table's line in words: "Turkish infantry, unformed, attacker against cavalry"."""
    words = {
        (False, "attacker", False): _("{troop}, attacker against infantry"),
        (False, "attacker", True): _("{troop}, attacker against cavalry"),
        (False, "defender", False): _("{troop}, defender against infantry"),
        (False, "defender", True): _("{troop}, defender against cavalry"),
        (True, "attacker", False): _("{troop}, unformed, attacker against infantry"),
        (True, "attacker", True): _("{troop}, unformed, attacker against cavalry"),
        (True, "defender", False): _("{troop}, unformed, defender against infantry"),
        (True, "defender", True): _("{troop}, unformed, defender against cavalry"),
    }
    return words[(unformed, role, cavalry)].format(troop=troop)
