"""Positions for the rule tests (RULES.md 1.4–1.9): the bundled scenario, hand-built campaign
states, actions written the way a user enters them (every die given), and refusals.

Expected values in the tests come from RULES.md, never from the engine; these helpers only
build positions and read what the engine did.
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import Any

import pytest

from campaign_manager.engine import Applied, CampaignState, apply_action, initial_state
from campaign_manager.engine.spelling import read_action
from campaign_manager.errors import RuleError
from campaign_manager.scenario import Scenario, load_scenario

PARKED = "reserve"  # where a hand-built position puts troops it does not want on the map


@lru_cache(maxsize=1)
def scenario() -> Scenario:
    """The bundled Firestorm: Greece scenario (the engine never changes it, so it is shared)."""
    return load_scenario()


def position(
    turn: int,
    phase: str = "battle",
    *,
    control: dict[str, str | None] | None = None,
    where: dict[str, str] | None = None,
    clear: tuple[str, ...] = (),
    sorties: dict[str, int] | None = None,
    battles_required: int = 0,
    battles_fought: int = 0,
    scored: dict[str, int] | None = None,
) -> CampaignState:
    """A hand-built position: the set-up map, then `clear` empties areas (their troops are
    parked off the map), `control` and `where` override, sorties default to the turn's grant."""
    sc = scenario()
    st = initial_state(sc)
    st.turn, st.phase = turn, phase
    for code in clear:
        for troop_id in st.troops_in(code):
            st.where[troop_id] = PARKED
    st.control.update(control or {})
    st.where.update(where or {})
    if turn:
        st.sorties = dict(sc.turn(turn).sorties) if sorties is None else dict(sorties)
    st.battles_required, st.battles_fought = battles_required, battles_fought
    if scored:
        st.scored.update(scored)
    return st


def play(st: CampaignState, action: dict[str, Any]) -> Applied:
    """Apply one action with no roller: every die must be in the action."""
    return apply_action(scenario(), st, read_action(scenario(), action), roller=None)


def play_all(st: CampaignState, *actions: dict[str, Any]) -> CampaignState:
    for action in actions:
        st = play(st, action).state
    return st


def replayed(actions: list[dict[str, Any]]) -> list[Applied]:
    """Each action applied in turn from set-up, as a campaign file's history holds them."""
    st, done = initial_state(scenario()), []
    for action in actions:
        applied = play(st, action)
        done.append(applied)
        st = applied.state
    return done


def refused(
    st: CampaignState, action: dict[str, Any], rule: str | None, *names: str, error: type[Exception] = RuleError
) -> Exception:
    """Check the action is refused, the state untouched, and the message names the rule and things."""
    before = copy.deepcopy(st)
    with pytest.raises(error) as info:
        play(st, action)
    assert st == before, "a refused action changed the state it was given"
    err = info.value
    if rule is not None:
        assert getattr(err, "rule", None) == rule, f"expected rule {rule}, got {getattr(err, 'rule', None)}: {err}"
    for name in names:
        assert name in str(err), f"{name!r} not named in: {err}"
    return err


def attack(
    origin: str,
    target: str,
    attackers: list[str] | tuple[str, ...] = (),
    defenders: list[str] | tuple[str, ...] = (),
    *,
    sortie: str | None = None,
    defender_sortie: str | None = None,
    initiative: tuple[int, int] | None = None,
    wargame: tuple[int, ...] | None = None,
    games: list[tuple[int, int]] | None = None,
    destroy: dict[str, int] | None = None,
    retreat_to: str | None = None,
    advance: list[str] | None = None,
) -> dict[str, Any]:
    """A battle action in its JSON form. wargame: (attacker die, defender die[, att mod, def mod])."""
    action: dict[str, Any] = {
        "type": "battle",
        "from": origin,
        "to": target,
        "attacker": {"troops": list(attackers)},
        "defender": {"troops": list(defenders)},
    }
    if sortie:
        action["attacker"]["sortie"] = sortie
    if defender_sortie:
        action["defender"]["sortie"] = defender_sortie
    if initiative is not None:
        action["initiative_dice"] = list(initiative)
    if wargame is not None:
        dice = {"attacker_die": wargame[0], "defender_die": wargame[1]}
        if len(wargame) > 2:
            dice["attacker_modifier"], dice["defender_modifier"] = wargame[2], wargame[3]
        action["wargame"] = dice
    if games is not None:
        action["games"] = [{"attacker_vp": a, "defender_vp": d} for a, d in games]
    if destroy:
        action["destroy_dice"] = dict(destroy)
    if retreat_to is not None:
        action["retreat_to"] = retreat_to
    if advance is not None:
        action["advance"] = list(advance)
    return action


def start_turn(*dice: int) -> dict[str, Any]:
    return {"type": "start_turn", "dice": list(dice)}


def redeploy(troop: str, to: str) -> dict[str, Any]:
    return {"type": "redeploy", "troop": troop, "to": to}


def place(troop: str, area: str) -> dict[str, Any]:
    return {"type": "place", "troop": troop, "area": area}


END_TURN = {"type": "end_turn"}

_TOTALS = re.compile(r"totals (\d+)–(\d+)")


def wargame_totals(applied: Applied) -> tuple[int, int]:
    """The attacker's and defender's General's Wargame totals, read from the battle's words."""
    for event in applied.events:
        found = _TOTALS.search(event)
        if found:
            return int(found.group(1)), int(found.group(2))
    raise AssertionError(f"no General's Wargame totals in {applied.events}")


def troops_at(st: CampaignState, code: str) -> set[str]:
    return set(st.troops_in(code))


def mixed_axis_group_in_thessaloniki(control: dict[str, str | None] | None = None) -> CampaignState:
    """Turn 4: the Axis hold B4 with two Germans and two Italians. Around B4: Yugoslavia (A4) and
    Bulgaria (A5), which only Germans may enter, and Allied B3, B5 and C4 (two Greeks in C4)."""
    return position(
        4,
        control={"B4": "axis", **(control or {})},
        clear=("B4", "C4"),
        where={
            "DE-INF-1": "B4",
            "DE-PZ-1": "B4",
            "IT-INF-4": "B4",
            "IT-INF-5": "B4",
            "GR-INF-4": "C4",
            "GR-INF-5": "C4",
        },
    )
