"""A battle's result before anything moves: who is defeated, from the tabletop games' VP (rule
1.6) or the General's Wargame dice and bonuses (1.7), and the score each fighting troop must be
rolled against to be destroyed. The battle wizard, the slips and the odds forecast with it;
resolve.py then rolls, retreats and advances."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from campaign_manager.dice import D6, NoRoller, Roller, roll_or_check
from campaign_manager.engine import legal, wargame
from campaign_manager.engine.actions import Score, WargameRoll
from campaign_manager.engine.state import Arrow, CampaignState
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import DestroyStep, Scenario


@dataclass
class Result:
    winner: str | None  # "attacker", "defender" or None (nobody defeated)
    target_vs_attacker: int  # d6 score that destroys an attacking troop (0: no roll)
    target_vs_defender: int
    describe: Callable[[], str]  # the result in words, composed only when someone reads it
    totals: tuple[int, int] | None = None  # a General's Wargame's totals (attacker's, defender's): die and bonus


def fighting_troops(st: CampaignState, arrow: Arrow) -> tuple[list[str], list[str]]:
    """The committed troops still standing where the arrow needs them (attackers, defenders);
    a troop moved off the arrow by another battle takes no part."""
    return (
        [t for t in arrow.attacker.troops if st.where[t] == arrow.origin],
        [t for t in arrow.defender.troops if st.where[t] == arrow.target],
    )


def surviving_attackers(before: CampaignState, after: CampaignState, arrow: Arrow) -> list[str]:
    """The attackers who fought on the arrow and still stand where they attacked from, once the
    battle is worked out (before anyone advances): they advance first (rule 1.8)."""
    attackers, _defenders = fighting_troops(before, arrow)
    return [t for t in attackers if after.where[t] == arrow.origin]


def destroys(die: int, target: int) -> bool:
    """Whether a roll to destroy of `die` against `target` ("destroyed on 5+") destroys the troop."""
    return die >= target


def destroy_targets(result: Result, attackers: list[str], defenders: list[str]) -> dict[str, int]:
    """The d6 score each fighting troop must be rolled against (rules 1.6 and 1.7); troops that
    need no roll are left out. Aircraft are never rolled for."""
    needed = {t: result.target_vs_attacker for t in attackers if result.target_vs_attacker}
    needed.update({t: result.target_vs_defender for t in defenders if result.target_vs_defender})
    return needed


def forecast(
    sc: Scenario,
    st: CampaignState,
    arrow: Arrow,
    games: tuple[Score, ...] | None = None,
    wargame: WargameRoll | None = None,
) -> tuple[Result, dict[str, int]]:
    """The result of an open arrow for given tabletop games or General's Wargame dice (both dice
    given), and the roll-to-destroy target of each troop — before any die to destroy is rolled.
    For the battle wizard and battle slips; changes nothing."""
    attackers, defenders = fighting_troops(st, arrow)
    if games is not None:
        result = tabletop_result(sc, games)
    elif wargame is not None and wargame.attacker_die is not None and wargame.defender_die is not None:
        result, _dice = wargame_result(sc, st, arrow, attackers, defenders, wargame, NoRoller())
    else:
        raise ValueError("forecast needs the games' VP or both General's Wargame dice")
    return result, destroy_targets(result, attackers, defenders)


OUTCOME_WORDS = {
    "attacker": N_("the attacker wins"),
    "defender": N_("the defender wins"),
    None: N_("nobody is defeated"),
}


def _step(steps: Iterable[DestroyStep], value: int) -> DestroyStep | None:
    for step in steps:
        if value >= step.threshold:
            return step
    return None


def tabletop_result(sc: Scenario, games: tuple[Score, ...]) -> Result:
    total_a, total_d = sum(g[0] for g in games), sum(g[1] for g in games)
    avg_a, avg_d = total_a // len(games), total_d // len(games)
    winner = None
    if total_a > total_d and avg_a >= sc.defeat_min_vp:
        winner = "attacker"
    elif total_d > total_a and avg_d >= sc.defeat_min_vp:
        winner = "defender"
    by_a, by_d = _step(sc.tabletop_destroy, avg_a), _step(sc.tabletop_destroy, avg_d)

    def describe() -> str:
        values: dict[str, object] = {"a": total_a, "d": total_d, "games": len(games), "avg_a": avg_a, "avg_d": avg_d}
        values["result"] = _(OUTCOME_WORDS[winner])
        if len(games) > 1:
            return _("{a}–{d} VP over {games} games (average {avg_a}–{avg_d}), {result}").format(**values)
        return _("{a}–{d} VP, {result}").format(**values)

    return Result(winner, by_d.loser if by_d else 0, by_a.loser if by_a else 0, describe)


def fortification_applies(sc: Scenario, st: CampaignState, arrow: Arrow) -> bool:
    return legal.fortification_name(sc, st, arrow.origin, arrow.target, arrow.attacker_side) is not None


def wargame_result(
    sc: Scenario,
    st: CampaignState,
    arrow: Arrow,
    attackers: list[str],
    defenders: list[str],
    given: WargameRoll,
    roller: Roller,
) -> tuple[Result, tuple[int, int]]:
    a_die = roll_or_check(given.attacker_die, D6, roller, _("attacker's General's Wargame die"))
    d_die = roll_or_check(given.defender_die, D6, roller, _("defender's General's Wargame die"))
    a_factors, d_factors = wargame.battle_factors(
        sc,
        st.turn,
        sc.areas[arrow.target].terrain,
        [(t, sc.troops[t].type) for t in attackers],
        [(t, sc.troops[t].type) for t in defenders],
        arrow.attacker.sortie,
        arrow.defender.sortie,
        fortification_applies(sc, st, arrow),
        (given.attacker_modifier, given.defender_modifier),
    )
    a_total, d_total = a_die + wargame.total(a_factors), d_die + wargame.total(d_factors)
    found = wargame.outcome(sc, a_total, d_total)

    def describe() -> str:
        result = _(OUTCOME_WORDS[found.winner]) if found.winner else _("a draw")
        return _(
            "totals {a}–{d} (attacker: {attacker}; defender: {defender}), difference {difference}, {result}"
        ).format(
            a=a_total,
            d=d_total,
            attacker=wargame.words(a_die, a_factors),
            defender=wargame.words(d_die, d_factors),
            difference=found.difference,
            result=result,
        )

    return Result(found.winner, found.vs_attacker, found.vs_defender, describe, (a_total, d_total)), (a_die, d_die)
