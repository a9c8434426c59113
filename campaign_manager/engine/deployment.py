"""Each turn's deployment rule (rule 1.5): checked when a nation's redeployment is done and when
the first battle closes planning."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from campaign_manager.engine.lookup import counted, label, side_name
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import RuleError
from campaign_manager.scenario.model import DeploymentException, DeploymentRule, Scenario


@dataclass(frozen=True)
class Shortfall:
    """One way a deployment rule is broken: how many troops are missing or out of place, and the
    sentence that says so (composed only when someone reads it: the computer opponent weighs
    hundreds of trial moves by their size alone)."""

    size: int
    say: Callable[[], str]
    short_in: str | None = None  # the area that lacks troops, if that is the trouble
    stray: tuple[str, ...] = ()  # the troops standing where they may not, if that is the trouble


def deployment_shortfalls(sc: Scenario, st: CampaignState, only: str | None = None,
                          skip: tuple[str, ...] = ()) -> list[Shortfall]:
    """Every way the current turn's deployment rule is broken (empty when it holds).

    A rule that cannot be met at all (its area lost, no held area next to the enemy) is waived.
    """
    spec = sc.turn(st.turn)
    found: list[Shortfall] = []
    areas, where = sc.areas, st.where
    for rule in spec.deployment:
        if (only and rule.nation != only) or rule.nation in skip:
            continue
        ours = [t for t in sc.troops_of(rule.nation) if where[t] in areas]
        if rule.rule == "at_least":
            found += _at_least(sc, st, spec.number, rule, ours)
        else:
            found += _garrisons(sc, st, spec.number, rule, ours)
            found += _next_to_enemy(sc, st, spec.number, rule, ours)
    return found


def deployment_problems(sc: Scenario, st: CampaignState, only: str | None = None,
                        skip: tuple[str, ...] = ()) -> list[str]:
    """Every way the current turn's deployment rule is broken, in words (empty when it holds)."""
    return [shortfall.say() for shortfall in deployment_shortfalls(sc, st, only, skip)]


def _at_least(sc: Scenario, st: CampaignState, turn: int, rule: DeploymentRule, ours: list[str]) -> list[Shortfall]:
    area = rule.area
    assert area is not None
    if st.control[area] != sc.side_of(rule.nation):
        return []  # the area is lost: the rule cannot apply
    here = sum(1 for t in ours if st.where[t] == area)
    if here >= rule.count:
        return []
    return [Shortfall(rule.count - here, short_in=area, say=lambda: (
        f"turn {turn} deployment: at least {counted(rule.count, sc.nation_name(rule.nation) + ' troop')} must stand "
        f"in {label(sc, area)} before the first battle (there are {here})"))]


def exception_words(sc: Scenario, exception: DeploymentException) -> str:
    what = exception.troop or f"{exception.count} {exception.kind or 'troop'}"
    return f"{what} in {label(sc, exception.area)}"


def _garrisons(sc: Scenario, st: CampaignState, turn: int, rule: DeploymentRule, ours: list[str]) -> list[Shortfall]:
    """An exception is also a garrison: while the side holds its area (and has such a troop on the
    map), that many such troops stay there (RULES.md 1.5, turn 4)."""
    side = sc.side_of(rule.nation)
    found = []
    for exception in rule.exceptions:
        if st.control.get(exception.area) != side:
            continue
        like = sc.troops_like(rule.nation, exception.kind, exception.troop)
        fitting = [t for t in ours if t in like]
        if not fitting:
            continue
        here = sum(1 for t in fitting if st.where[t] == exception.area)
        if here < exception.count:
            def say(exception=exception, here=here) -> str:
                what = exception.troop or f"{exception.count} {sc.nation_name(rule.nation)} {exception.kind or 'troop'}"
                return (f"turn {turn} deployment: while the {side_name(sc, side)} hold "
                        f"{label(sc, exception.area)}, {what} must stay there (there are {here})")
            found.append(Shortfall(exception.count - here, say, short_in=exception.area))
    return found


def _next_to_enemy(sc: Scenario, st: CampaignState, turn: int, rule: DeploymentRule, ours: list[str]) -> list[Shortfall]:
    side = sc.side_of(rule.nation)
    where, control, neighbours = st.where, st.control, sc.neighbours
    enemy = rule.enemy_nation
    assert enemy is not None
    enemy_areas = {where[t] for t in sc.troops_of(enemy)}
    near_enemy = {a for e in enemy_areas if e in neighbours for a in neighbours[e]
                  if control.get(a) == side and sc.may_enter(rule.nation, a)}
    if not near_enemy:
        return []  # nowhere to stand next to the enemy: the rule cannot apply
    allowance = [x.count for x in rule.exceptions]
    stray = []
    for t in sorted(ours):
        here = where[t]
        if here in near_enemy:
            continue
        for i, x in enumerate(rule.exceptions):
            if here == x.area and allowance[i] > 0 and t in sc.troops_like(rule.nation, x.kind, x.troop):
                allowance[i] -= 1
                break
        else:
            stray.append((t, here))
    if not stray:
        return []

    def say() -> str:
        allowed = "; ".join(exception_words(sc, x) for x in rule.exceptions)
        return (f"turn {turn} deployment: every {sc.nation_name(rule.nation)} troop must stand next to an area "
                f"holding {sc.nation_name(enemy)} troops (the only ones allowed elsewhere: {allowed}); "
                f"not so: {', '.join(f'{t} in {label(sc, at)}' for t, at in stray)}")
    return [Shortfall(len(stray), say, stray=tuple(t for t, _ in stray))]


def confirm_earlier(sc: Scenario, st: CampaignState, earlier: tuple[str, ...], nation: str) -> None:
    """When a nation starts redeploying, the nations before it are done: their deployment must
    hold now (a later nation's moves cannot then break it)."""
    for done in earlier:
        if done in st.deployed:
            continue
        waiting = sorted(t for t in st.waiting_zone if sc.troops[t].nation == done)
        if waiting:
            raise RuleError("1.5", f"{sc.nation_name(done)} troops deploy before {sc.nation_name(nation)} troops: "
                                   f"place {', '.join(waiting)} first")
        for problem in deployment_problems(sc, st, only=done):
            raise RuleError("1.5", f"{sc.nation_name(done)} troops deploy before {sc.nation_name(nation)} troops: "
                                   f"{problem}")
        st.deployed = (*st.deployed, done)
