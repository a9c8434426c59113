"""The General's Wargame's arithmetic (rule 1.7): each side's bonus as a list of (reason, value)
factors — the same list is summed and shown, so the explanation cannot drift from the result —
the result of two totals, and the exact odds of every result, enumerated over the dice.
Used by the battle resolution, the battle wizard, the `wargame` and `odds` commands and the
computer opponent."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from campaign_manager.engine import legal
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import DestroyStep, Scenario, TroopType

Factor = tuple[str, int]  # (reason, value)
FACES = range(1, 7)


def side_factors(
    sc: Scenario,
    turn: int,
    terrain: str | None,
    units: list[tuple[str, TroopType]],
    sortie: str | None,
    enemy_sortie: str | None,
    fortification: bool,
    modifier: int,
) -> list[Factor]:
    """One side's bonus, factor by factor: each troop for the terrain (its model on `turn`), its
    aircraft (the RAF only against enemy aircraft, rule 1.3), the fortification, the organiser's
    situation modifier. `units` are (reason, troop type) pairs: the reason names the troop."""
    factors: list[Factor] = []
    for reason, kind in units:
        _, bonus = kind.on_turn(turn)
        factors.append((reason, bonus.on(terrain)))
    if sortie:
        plane = sc.aircraft[sortie]
        adds = legal.aircraft_adds(sc, sortie, enemy_sortie)
        factors.append(
            (
                plane.name if adds else NOTHING_ADDED.format(aircraft=plane.name),
                plane.bonus.on(terrain) if adds else 0,
            )
        )
    if fortification and sc.fortification is not None:
        factors.append((sc.fortification.title, sc.fortification.bonus.on(terrain)))
    if modifier:
        factors.append((SITUATION, modifier))
    return factors


def battle_factors(
    sc: Scenario,
    turn: int,
    terrain: str | None,
    attackers: list[tuple[str, TroopType]],
    defenders: list[tuple[str, TroopType]],
    attacker_sortie: str | None,
    defender_sortie: str | None,
    fortified: bool,
    modifiers: tuple[int, int] = (0, 0),
) -> tuple[list[Factor], list[Factor]]:
    """Both sides' bonus in one battle, factor by factor (attacker's, defender's): each side's
    aircraft meets the other's, and only the defender may hold the fortification (rule 1.3).
    `modifiers`: the organiser's situation modifiers, attacker's and defender's."""
    return (
        side_factors(sc, turn, terrain, attackers, attacker_sortie, defender_sortie, False, modifiers[0]),
        side_factors(sc, turn, terrain, defenders, defender_sortie, attacker_sortie, fortified, modifiers[1]),
    )


def total(factors: list[Factor]) -> int:
    return sum(value for _, value in factors)


# A factor's reason is data (`odds --json` gives it): kept in English, and said in the user's language by `words`.
SITUATION = N_("situation")
NOTHING_ADDED = N_("{aircraft} (no enemy aircraft: adds nothing)")
_NOTHING_ADDED_TAIL = NOTHING_ADDED.removeprefix("{aircraft}")


def reason_words(reason: str) -> str:
    """A factor's reason in the user's language (a troop's or aircraft's name stays as it is)."""
    if reason == SITUATION:
        return _(SITUATION)
    if reason.endswith(_NOTHING_ADDED_TAIL):
        return _(NOTHING_ADDED).format(aircraft=reason.removesuffix(_NOTHING_ADDED_TAIL))
    return reason


def words(die: int, factors: list[Factor]) -> str:
    """ "die 5 +2 GR-INF-2 (Pezikoy infantry) +1 situation": how a total was made."""
    said = [_("{bonus} {reason}").format(bonus=f"{value:+d}", reason=reason_words(reason)) for reason, value in factors]
    return " ".join([_("die {die}").format(die=die), *said])


def _step(steps: tuple[DestroyStep, ...], value: int) -> DestroyStep | None:
    for step in steps:
        if value >= step.threshold:
            return step
    return None


@dataclass(frozen=True)
class WargameOutcome:
    """Who won two totals, by how much, and the d6 score that destroys each side's troops."""

    winner: str | None  # "attacker", "defender", or None for a draw
    difference: int
    vs_attacker: int  # 0: no roll
    vs_defender: int


def outcome(sc: Scenario, attacker_total: int, defender_total: int) -> WargameOutcome:
    difference = abs(attacker_total - defender_total)
    step = _step(sc.wargame_destroy, difference)
    if step is None:
        raise ValueError(f"the scenario's General's Wargame destroy table has no row for a difference of {difference}")
    winner = "attacker" if attacker_total > defender_total else "defender" if defender_total > attacker_total else None
    if winner is None:
        return WargameOutcome(None, 0, step.loser, step.loser)
    if winner == "attacker":
        return WargameOutcome(winner, difference, step.winner, step.loser)
    return WargameOutcome(winner, difference, step.loser, step.winner)


@dataclass(frozen=True)
class Odds:
    """Exact chances, enumerated over the 36 throws of the two dice."""

    attacker_win: Fraction
    draw: Fraction
    defender_win: Fraction
    attacker_destroyed: Fraction  # each committed attacking troop's chance of being destroyed
    defender_destroyed: Fraction


def odds(sc: Scenario, attacker_bonus: int, defender_bonus: int) -> Odds:
    """Only the difference of the bonuses matters (both dice are d6), so each difference is
    enumerated once per scenario and kept: the computer opponent asks thousands of times."""
    key = ("wargame odds", attacker_bonus - defender_bonus)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = _enumerate(sc, attacker_bonus - defender_bonus)
    return found


def _enumerate(sc: Scenario, lead: int) -> Odds:
    """Count the 36 throws (and, for losses, the 216 throws with the destroy die) in integers."""
    wins = {"attacker": 0, "defender": 0, None: 0}
    lost_a = lost_d = 0
    for a_die in FACES:
        for d_die in FACES:
            result = outcome(sc, a_die + lead, d_die)
            wins[result.winner] += 1
            lost_a += _faces_at_least(result.vs_attacker)
            lost_d += _faces_at_least(result.vs_defender)
    return Odds(
        Fraction(wins["attacker"], 36),
        Fraction(wins[None], 36),
        Fraction(wins["defender"], 36),
        Fraction(lost_a, 216),
        Fraction(lost_d, 216),
    )


def _faces_at_least(score: int) -> int:
    """How many faces of a d6 show `score` or more (0: no roll, none)."""
    return 0 if score <= 0 else max(0, 7 - score)
