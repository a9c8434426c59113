"""Each turn's deployment rule (rule 1.5): checked when a nation's redeployment is done and when
the first battle closes planning."""

from __future__ import annotations

from campaign_manager.engine.lookup import counted, label, side_name
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import RuleError
from campaign_manager.scenario.model import DeploymentException, DeploymentRule, Scenario


def deployment_problems(sc: Scenario, st: CampaignState, only: str | None = None,
                        skip: tuple[str, ...] = ()) -> list[str]:
    """Every way the current turn's deployment rule is broken, in words (empty when it holds).

    A rule that cannot be met at all (its area lost, no held area next to the enemy) is waived.
    """
    spec = sc.turn(st.turn)
    problems: list[str] = []
    for rule in spec.deployment:
        if (only and rule.nation != only) or rule.nation in skip:
            continue
        ours = [t for t, place in st.where.items() if sc.troops[t].nation == rule.nation and place in sc.areas]
        if rule.rule == "at_least":
            problems += _at_least(sc, st, spec.number, rule, ours)
        else:
            problems += _garrisons(sc, st, spec.number, rule, ours)
            problems += _next_to_enemy(sc, st, spec.number, rule, ours)
    return problems


def _at_least(sc: Scenario, st: CampaignState, turn: int, rule: DeploymentRule, ours: list[str]) -> list[str]:
    assert rule.area is not None
    if st.control[rule.area] != sc.side_of(rule.nation):
        return []  # the area is lost: the rule cannot apply
    here = sum(1 for t in ours if st.where[t] == rule.area)
    if here >= rule.count:
        return []
    return [f"turn {turn} deployment: at least {counted(rule.count, sc.nation_name(rule.nation) + ' troop')} must stand "
            f"in {label(sc, rule.area)} before the first battle (there are {here})"]


def _fits(sc: Scenario, troop_id: str, exception: DeploymentException) -> bool:
    member = sc.troops[troop_id]
    return exception.troop in (None, troop_id) and exception.kind in (None, member.kind)


def exception_words(sc: Scenario, exception: DeploymentException) -> str:
    what = exception.troop or f"{exception.count} {exception.kind or 'troop'}"
    return f"{what} in {label(sc, exception.area)}"


def _garrisons(sc: Scenario, st: CampaignState, turn: int, rule: DeploymentRule, ours: list[str]) -> list[str]:
    """An exception is also a garrison: while the side holds its area (and has such a troop on the
    map), that many such troops stay there (RULES.md 1.5, turn 4)."""
    side = sc.side_of(rule.nation)
    problems = []
    for exception in rule.exceptions:
        if st.control.get(exception.area) != side or not any(_fits(sc, t, exception) for t in ours):
            continue
        here = sum(1 for t in ours if st.where[t] == exception.area and _fits(sc, t, exception))
        if here < exception.count:
            what = exception.troop or f"{exception.count} {sc.nation_name(rule.nation)} {exception.kind or 'troop'}"
            problems.append(f"turn {turn} deployment: while the {side_name(sc, side)} hold "
                            f"{label(sc, exception.area)}, {what} must stay there (there are {here})")
    return problems


def _next_to_enemy(sc: Scenario, st: CampaignState, turn: int, rule: DeploymentRule, ours: list[str]) -> list[str]:
    side = sc.side_of(rule.nation)
    enemy_areas = {p for t, p in st.where.items() if sc.troops[t].nation == rule.enemy_nation and p in sc.areas}
    near_enemy = {a for a in sc.areas if sc.neighbours[a] & enemy_areas
                  and st.control.get(a) == side and sc.may_enter(rule.nation, a)}
    if not near_enemy:
        return []  # nowhere to stand next to the enemy: the rule cannot apply
    allowance = {i: x.count for i, x in enumerate(rule.exceptions)}
    stray = []
    for t in sorted(ours):
        if st.where[t] in near_enemy:
            continue
        for i, x in enumerate(rule.exceptions):
            if st.where[t] == x.area and _fits(sc, t, x) and allowance[i] > 0:
                allowance[i] -= 1
                break
        else:
            stray.append(f"{t} in {label(sc, st.where[t])}")
    if not stray:
        return []
    allowed = "; ".join(exception_words(sc, x) for x in rule.exceptions)
    assert rule.enemy_nation is not None
    return [f"turn {turn} deployment: every {sc.nation_name(rule.nation)} troop must stand next to an area "
            f"holding {sc.nation_name(rule.enemy_nation)} troops (the only ones allowed elsewhere: {allowed}); "
            f"not so: {', '.join(stray)}"]


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
