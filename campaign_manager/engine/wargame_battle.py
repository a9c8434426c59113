"""A General's Wargame battle on its own, outside any campaign (the `wargame` and `odds`
commands): troops named by nation and kind, checked against the commitment rules (rule 1.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from campaign_manager.dice import D6, Roller, roll_or_check
from campaign_manager.engine import wargame
from campaign_manager.errors import RuleError, UserError
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario, TroopType


class FactorJson(TypedDict):
    reason: str
    value: int


class FightJson(TypedDict):
    """A battle fought (`wargame --json`): the dice, totals, the result and each side's factors."""

    dice: list[int]
    attacker_total: int
    defender_total: int
    difference: int
    winner: str  # "attacker", "defender" or "draw"
    attacker_troops_destroyed_on: int | None
    defender_troops_destroyed_on: int | None
    attacker_factors: list[FactorJson]
    defender_factors: list[FactorJson]


class TroopOddsJson(TypedDict):
    side: str
    troop: str
    destroyed: float


class OddsJson(TypedDict):
    """A battle's chances (`odds --json`): of each result, of each troop being destroyed."""

    attacker_win: float
    draw: float
    defender_win: float
    troops: list[TroopOddsJson]
    attacker_factors: list[FactorJson]
    defender_factors: list[FactorJson]


@dataclass(frozen=True)
class StandaloneBattle:
    sc: Scenario
    terrain: str
    turn: int
    attackers: tuple[tuple[str, TroopType], ...]  # ("italian:infantry", type)
    defenders: tuple[tuple[str, TroopType], ...]
    attacker_sortie: str | None
    defender_sortie: str | None
    fortified: bool  # the defenders hold the scenario's fortified line

    @classmethod
    def from_words(
        cls,
        sc: Scenario,
        terrain: str,
        turn: int,
        attackers: str,
        defenders: str,
        attacker_sorties: list[str],
        defender_sorties: list[str],
        fortified: bool,
    ) -> StandaloneBattle:
        if terrain not in sc.terrains:
            raise UserError(
                _("no terrain '{terrain}' in {scenario} (terrains: {terrains})").format(
                    terrain=terrain, scenario=sc.name, terrains=", ".join(sc.terrains)
                )
            )
        if not 1 <= turn <= len(sc.turns):
            raise UserError(
                _("there is no turn {turn}: this scenario has turns 1 to {last}").format(turn=turn, last=len(sc.turns))
            )
        a_units = _units(sc, attackers, "attacker")
        d_units = _units(sc, defenders, "defender")
        a_sortie = _sortie(sc, attacker_sorties, "attacker")
        d_sortie = _sortie(sc, defender_sorties, "defender")
        sides = {sc.side_of(t.nation) for _, t in a_units} | ({sc.side_of(a_sortie)} if a_sortie else set())
        enemies = {sc.side_of(t.nation) for _, t in d_units} | ({sc.side_of(d_sortie)} if d_sortie else set())
        if len(sides) > 1 or len(enemies) > 1 or sides & enemies:
            raise RuleError(
                "1.4", _("each side's troops and aircraft must belong to one side, and the two sides differ")
            )
        if not a_units:
            raise RuleError(
                "1.4", _("the attacker must commit at least one ground troop (an aircraft cannot attack alone)")
            )
        for role, units, sortie in (("attacker", a_units, a_sortie), ("defender", d_units, d_sortie)):
            count = len(units) + (1 if sortie else 0)
            if count > sc.max_committed:
                raise RuleError(
                    "1.4",
                    (
                        _("the attacker may commit at most {most} Firestorm troops, aircraft included (got {count})")
                        if role == "attacker"
                        else _(
                            "the defender may commit at most {most} Firestorm troops, aircraft included (got {count})"
                        )
                    ).format(most=sc.max_committed, count=count),
                )
        if fortified:
            _check_fortified(sc, sides, [t for _, t in d_units])
        return cls(sc, terrain, turn, tuple(a_units), tuple(d_units), a_sortie, d_sortie, fortified)

    def _named(self, units: tuple[tuple[str, TroopType], ...]) -> list[tuple[str, TroopType]]:
        return [(f"{label} ({kind.on_turn(self.turn)[0]})", kind) for label, kind in units]  # data: a factor's reason

    def factors(self) -> tuple[list[wargame.Factor], list[wargame.Factor]]:
        return wargame.battle_factors(
            self.sc,
            self.turn,
            self.terrain,
            self._named(self.attackers),
            self._named(self.defenders),
            self.attacker_sortie,
            self.defender_sortie,
            self.fortified,
        )

    def fight(self, dice: str | None, roller: Roller) -> FightJson:
        given: list[object] = [None, None]
        if dice:
            given = [part.strip() for part in dice.split(",")]
            if len(given) != 2:
                raise UserError(
                    _("--dice takes two dice, the attacker's and the defender's (e.g. 5,4), not '{dice}'").format(
                        dice=dice
                    )
                )
        a_die = roll_or_check(given[0], D6, roller, _("attacker's die"))
        d_die = roll_or_check(given[1], D6, roller, _("defender's die"))
        a_factors, d_factors = self.factors()
        a_total, d_total = a_die + wargame.total(a_factors), d_die + wargame.total(d_factors)
        found = wargame.outcome(self.sc, a_total, d_total)
        return {
            "dice": [a_die, d_die],
            "attacker_total": a_total,
            "defender_total": d_total,
            "difference": found.difference,
            "winner": found.winner or "draw",
            # A side with no ground troops rolls nothing, whatever the result (aircraft are never rolled for).
            "attacker_troops_destroyed_on": (found.vs_attacker or None) if self.attackers else None,
            "defender_troops_destroyed_on": (found.vs_defender or None) if self.defenders else None,
            "attacker_factors": [{"reason": r, "value": v} for r, v in a_factors],
            "defender_factors": [{"reason": r, "value": v} for r, v in d_factors],
        }

    def odds(self) -> OddsJson:
        a_factors, d_factors = self.factors()
        found = wargame.odds(self.sc, wargame.total(a_factors), wargame.total(d_factors))
        troops: list[TroopOddsJson] = [
            {"side": "attacker", "troop": label, "destroyed": float(found.attacker_destroyed)}
            for label, _ in self.attackers
        ]
        troops += [
            {"side": "defender", "troop": label, "destroyed": float(found.defender_destroyed)}
            for label, _ in self.defenders
        ]
        return {
            "attacker_win": float(found.attacker_win),
            "draw": float(found.draw),
            "defender_win": float(found.defender_win),
            "troops": troops,
            "attacker_factors": [{"reason": r, "value": v} for r, v in a_factors],
            "defender_factors": [{"reason": r, "value": v} for r, v in d_factors],
        }


ROLES = {"attacker": N_("attacker"), "defender": N_("defender")}  # a side's role, heading its faults


def _check_fortified(sc: Scenario, attacker_sides: set[str], defenders: list[TroopType]) -> None:
    """The fortified line defends only as rule 1.3 says: against its attacker side, and only while
    at least one troop of its nation defends (the scenario's fortification: its nation and the
    side it holds off)."""
    fort = sc.fortification
    if fort is None:
        raise UserError(_("{scenario} has no fortified line").format(scenario=sc.name))
    line, nation = fort.line_name, sc.nation_name(fort.nation)
    attacker = sc.side_noun(fort.attacker_side)
    if attacker_sides and attacker_sides != {fort.attacker_side}:
        raise RuleError(
            "1.3",
            _("the {line} holds off only the {side}: it does not defend against these attackers").format(
                line=line, side=attacker
            ),
        )
    if not any(kind.nation == fort.nation for kind in defenders):
        who = ", ".join(sorted({sc.nation_name(kind.nation) for kind in defenders})) or _("nobody")
        raise RuleError(
            "1.3",
            _(
                "the {line} counts only when at least one {nation} troop defends behind it (the defenders here: {who})"
            ).format(line=line, nation=nation, who=who),
        )


def _units(sc: Scenario, words: str, role: str) -> list[tuple[str, TroopType]]:
    units = []
    for item in filter(None, (part.strip() for part in words.split(","))):
        nation, colon, kind = item.partition(":")
        nation, kind = nation.strip().lower(), kind.strip().lower()
        if not colon:
            example = next(iter(sc.troop_types.values()))
            raise UserError(
                _("{role}: '{item}' names no nation; write NATION:KIND, e.g. {example} (nations: {nations})").format(
                    role=_(ROLES[role]),
                    item=item,
                    example=f"{example.nation}:{example.kind}",
                    nations=", ".join(sc.nations),
                )
            )
        if nation not in sc.nations:
            raise UserError(
                _("{role}: no nation '{nation}' in {scenario} (nations: {nations})").format(
                    role=_(ROLES[role]), nation=nation, scenario=sc.name, nations=", ".join(sc.nations)
                )
            )
        found = [t for t in sc.troop_types.values() if t.nation == nation and t.kind == kind]
        if not found:
            kinds = sorted({t.kind for t in sc.troop_types.values() if t.nation == nation})
            raise UserError(
                _(
                    "{role}: {nation} troops have no kind '{kind}' (kinds: {kinds}); write NATION:KIND, e.g. {example}"
                ).format(
                    role=_(ROLES[role]),
                    nation=sc.nation_name(nation),
                    kind=kind,
                    kinds=", ".join(kinds),
                    example=f"{nation}:{kinds[0]}",
                )
            )
        units.append((f"{nation}:{kind}", found[0]))
    return units


def _sortie(sc: Scenario, nations: list[str], role: str) -> str | None:
    if len(nations) > 1:
        raise RuleError(
            "1.4",
            _("the attacker may commit at most one air sortie per battle")
            if role == "attacker"
            else _("the defender may commit at most one air sortie per battle"),
        )
    if not nations:
        return None
    nation = nations[0].strip().lower()
    if nation not in sc.aircraft:
        raise UserError(
            _("{role}: there are no '{nation}' aircraft in {scenario} (aircraft: {aircraft})").format(
                role=_(ROLES[role]), nation=nation, scenario=sc.name, aircraft=", ".join(sc.aircraft)
            )
        )
    return nation
