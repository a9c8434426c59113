"""Planning odds for a battle arrow inside a campaign: the exact chances of each General's
Wargame result for the troops ticked so far, each committed troop's chance of being destroyed,
and the expected change in campaign VP — worked out by the engine itself for every throw."""

from __future__ import annotations

from dataclasses import dataclass, replace

from campaign_manager.engine import legal, wargame
from campaign_manager.engine.action_reading import parse_action
from campaign_manager.engine.actions import Battle, WargameRoll
from campaign_manager.engine.campaign import apply_action
from campaign_manager.engine.state import CampaignState, Commitment
from campaign_manager.engine.victory import victory_points
from campaign_manager.errors import ChoiceNeeded, UserError
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario


@dataclass(frozen=True)
class ArrowOdds:
    odds: wargame.Odds
    attacker_factors: list[wargame.Factor]
    defender_factors: list[wargame.Factor]
    expected_vp: dict[str, float]  # side → expected change of its campaign VP


def arrow_chances(
    sc: Scenario,
    st: CampaignState,
    origin: str,
    target: str,
    attacker: Commitment,
    defender: Commitment,
    modifiers: tuple[int, int] = (0, 0),
) -> tuple[wargame.Odds, list[wargame.Factor], list[wargame.Factor]]:
    """The exact chances of the arrow origin→target with these commitments and each side's
    factors, without the campaign VP (`arrow_odds`): what a share to win needs."""
    side = st.control.get(origin)
    if side is None:
        raise UserError(_("nobody holds {origin}").format(origin=origin))
    a_factors, d_factors = wargame.battle_factors(
        sc,
        st.turn,
        sc.areas[target].terrain,
        [(t, sc.troops[t].type) for t in attacker.troops],
        [(t, sc.troops[t].type) for t in defender.troops],
        attacker.sortie,
        defender.sortie,
        legal.fortification_name(sc, st, origin, target, side) is not None,
        modifiers,
    )
    return wargame.odds(sc, wargame.total(a_factors), wargame.total(d_factors)), a_factors, d_factors


def arrow_odds(
    sc: Scenario,
    st: CampaignState,
    origin: str,
    target: str,
    attacker: Commitment,
    defender: Commitment,
    initiative_dice: tuple[int, int] | None = None,
    modifiers: tuple[int, int] = (0, 0),
) -> ArrowOdds:
    """Odds of the arrow origin→target with these commitments, fought as a General's Wargame
    battle with the organiser's situation `modifiers` (attacker's, defender's: rule 1.7); raises
    UserError when the engine would refuse the arrow itself."""
    found, a_factors, d_factors = arrow_chances(sc, st, origin, target, attacker, defender, modifiers)
    before = victory_points(sc, st)
    expected = {s: 0.0 for s in sc.sides}
    # The VP after a throw do not depend on the destroy dice (a trapped troop is captured either
    # way), so each throw is fought once with no troop destroyed; nor on the two dice but through
    # their difference (the result is read from the totals' difference: wargame.outcome), so the
    # throws with the same difference are fought once (11 battles, not 36), and summed in order.
    base = Battle(origin, target, initiative_dice=initiative_dice, attacker=attacker, defender=defender)
    fought: dict[int, dict[str, int]] = {}
    for a_die in wargame.FACES:
        for d_die in wargame.FACES:
            vp = fought.get(a_die - d_die)
            if vp is None:
                action = replace(base, wargame=WargameRoll(a_die, d_die, *modifiers))
                vp = fought[a_die - d_die] = victory_points(sc, _fight(sc, st, action))
            for s in sc.sides:
                expected[s] += (vp[s] - before[s]) / 36
    return ArrowOdds(found, a_factors, d_factors, expected)


def _fight(sc: Scenario, st: CampaignState, action: Battle) -> CampaignState:
    try:
        return apply_action(sc, st, _only_needed(sc, st, action), quiet=True).state
    except ChoiceNeeded as choice:
        answer: str | dict[str, str] = (
            {t: o[0] for t, o in choice.troop_options.items()} if choice.troop_options else choice.options[0]
        )
        return apply_action(sc, st, parse_action({**choice.partial, "retreat_to": answer}), quiet=True).state


def _only_needed(sc: Scenario, st: CampaignState, action: Battle) -> Battle:
    """Destroy dice only for the troops the result rolls for (the engine refuses any other)."""
    from campaign_manager.engine.battle_result import forecast
    from campaign_manager.engine.state import Arrow

    assert action.attacker is not None and action.defender is not None and action.wargame is not None
    side = st.control[action.origin]
    assert side is not None
    arrow = Arrow(action.origin, action.target, side, action.attacker, action.defender)
    _, targets = forecast(sc, st, arrow, wargame=action.wargame)
    return replace(action, destroy_dice={t: 1 for t in targets})
