"""Each turn's deployment rule (rule 1.5): checked when a nation's redeployment is done and when
the first battle closes planning."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from campaign_manager.engine.lookup import label, side_name
from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import RuleError
from campaign_manager.i18n import _, ngettext, pgettext
from campaign_manager.scenario.model import Scenario
from campaign_manager.scenario.turns import DeploymentException, DeploymentRule


@dataclass(frozen=True)
class Shortfall:
    """One way a deployment rule is broken: how many troops are missing or out of place, and the
    sentence that says so (composed only when someone reads it: the computer opponent weighs
    hundreds of trial moves by their size alone)."""

    size: int
    say: Callable[[], str]
    short_in: str | None = None  # the area that lacks troops, if that is the trouble
    stray: tuple[str, ...] = ()  # the troops standing where they may not, if that is the trouble
    mend_in: frozenset[str] = frozenset()  # where a stray troop may stand instead (if the rule allows it there)


def deployment_shortfalls(
    sc: Scenario, st: CampaignState, only: str | None = None, skip: tuple[str, ...] = ()
) -> list[Shortfall]:
    """Every way the current turn's deployment rule is broken (empty when it holds).

    A rule that cannot be met at all (its area lost, no held area next to the enemy) is waived.
    """
    return DeploymentCheck(sc, st, only, skip).shortfalls(st.where)


class DeploymentCheck:
    """The turn's deployment rule for some nations (`only` one, all but `skip`), set up once on a
    state so that trial redeployments can be weighed quickly: the computer opponent tries dozens
    before each move. What no redeployment of the checked nations can change — who holds each
    area, where the enemy nations stand — is worked out here, once; `shortfalls` then reads
    only where the checked troops stand."""

    def __init__(self, sc: Scenario, st: CampaignState, only: str | None = None, skip: tuple[str, ...] = ()) -> None:
        spec = sc.turn(st.turn)
        self.sc, self.turn = sc, spec.number
        self.rules = [rule for rule in spec.deployment if not ((only and rule.nation != only) or rule.nation in skip)]
        self.enemies = frozenset(rule.enemy_nation for rule in self.rules if rule.enemy_nation)
        control = st.control
        self.held: dict[int, bool] = {}  # at_least rules: is the area still the nation's side's
        self.garrisons: dict[int, list[tuple[DeploymentException, frozenset[str]]]] = {}
        self.near_enemy: dict[int, set[str]] = {}
        self.allowed: dict[int, list[frozenset[str]]] = {}  # each exception's troops, in rule order
        self.troops = {rule.nation: sorted(sc.troops_of(rule.nation)) for rule in self.rules}
        for index, rule in enumerate(self.rules):
            side = sc.side_of(rule.nation)
            if rule.rule == "at_least":
                assert rule.area is not None
                self.held[index] = control[rule.area] == side
                continue
            self.garrisons[index] = [
                (x, sc.troops_like(rule.nation, x.kind, x.troop))
                for x in rule.exceptions
                if control.get(x.area) == side
            ]
            self.near_enemy[index] = _near_enemy(sc, st, rule, side)
            self.allowed[index] = [sc.troops_like(rule.nation, x.kind, x.troop) for x in rule.exceptions]

    def moves_only_checked(self, troop_id: str) -> bool:
        """Whether moving this troop leaves the worked-out parts as they are (it is not an enemy
        whose places the rule reads)."""
        return self.sc.troops[troop_id].nation not in self.enemies

    def shortfalls(self, where: dict[str, str]) -> list[Shortfall]:
        sc = self.sc
        areas = sc.areas
        found: list[Shortfall] = []
        for index, rule in enumerate(self.rules):
            ours = [t for t in self.troops[rule.nation] if where[t] in areas]  # in id order
            if rule.rule == "at_least":
                if self.held[index]:
                    found += _at_least(sc, where, self.turn, rule, ours)
            else:
                found += _garrisons(sc, where, self.turn, rule, ours, self.garrisons[index])
                found += _next_to_enemy(sc, where, self.turn, rule, ours, self.near_enemy[index], self.allowed[index])
        return found


def deployment_problems(
    sc: Scenario, st: CampaignState, only: str | None = None, skip: tuple[str, ...] = ()
) -> list[str]:
    """Every way the current turn's deployment rule is broken, in words (empty when it holds)."""
    return [shortfall.say() for shortfall in deployment_shortfalls(sc, st, only, skip)]


def _at_least(sc: Scenario, where: dict[str, str], turn: int, rule: DeploymentRule, ours: list[str]) -> list[Shortfall]:
    """At least `count` troops in an area the side still holds (a lost area waives the rule)."""
    area = rule.area
    assert area is not None  # an at_least rule names its area (scenario/checks.py)
    here = sum(1 for t in ours if where[t] == area)
    if here >= rule.count:
        return []
    return [
        Shortfall(
            rule.count - here,
            short_in=area,
            say=lambda: ngettext(
                "turn {turn} deployment: at least {count} {nation} troop must stand in {area} before the first "
                "battle (there are {here})",
                "turn {turn} deployment: at least {count} {nation} troops must stand in {area} before the first "
                "battle (there are {here})",
                rule.count,
            ).format(turn=turn, count=rule.count, nation=sc.nation_name(rule.nation), area=label(sc, area), here=here),
        )
    ]


def exception_words(sc: Scenario, exception: DeploymentException) -> str:
    return _("{troops} in {area}").format(troops=_exception_troops(exception), area=label(sc, exception.area))


def kind_counted(kind: str) -> str:
    """A kind of troop after a count ("2 infantry", "1 Greek armour"), as the user's language says it
    (English: the kind's id)."""
    said = {
        "infantry": pgettext("a kind of troop, after a count", "infantry"),
        "mountain": pgettext("a kind of troop, after a count", "mountain"),
        "armour": pgettext("a kind of troop, after a count", "armour"),
        "mechanised": pgettext("a kind of troop, after a count", "mechanised"),
        "motorcycle": pgettext("a kind of troop, after a count", "motorcycle"),
    }
    return said.get(kind, kind)


def _exception_troops(exception: DeploymentException, nation: str = "") -> str:
    """The troops an exception speaks of: one by id, or a count of a kind ("2 infantry", "1 Greek troop")."""
    if exception.troop:
        return exception.troop
    values = {"count": exception.count, "nation": nation, "kind": kind_counted(exception.kind or "")}
    if exception.kind:
        return (_("{count} {nation} {kind}") if nation else _("{count} {kind}")).format(**values)
    if nation:
        return ngettext("{count} {nation} troop", "{count} {nation} troop", exception.count).format(**values)
    return ngettext("{count} troop", "{count} troop", exception.count).format(**values)


def _garrisons(
    sc: Scenario,
    where: dict[str, str],
    turn: int,
    rule: DeploymentRule,
    ours: list[str],
    held: list[tuple[DeploymentException, frozenset[str]]],
) -> list[Shortfall]:
    """An exception is also a garrison: while the side holds its area (and has such a troop on the
    map), that many such troops stay there (RULES.md 1.5, turn 4). `held`: the exceptions whose
    area the side holds, each with the troops it speaks of."""
    side = sc.side_of(rule.nation)
    found = []
    for exception, like in held:
        fitting = [t for t in ours if t in like]
        if not fitting:
            continue
        here = sum(1 for t in fitting if where[t] == exception.area)
        if here < exception.count:

            def say(exception: DeploymentException = exception, here: int = here) -> str:
                what = _exception_troops(exception, sc.nation_name(rule.nation))
                return _(
                    "turn {turn} deployment: while the {side} hold {area}, {troops} must stay there (there are {here})"
                ).format(turn=turn, side=side_name(sc, side), area=label(sc, exception.area), troops=what, here=here)

            found.append(Shortfall(exception.count - here, say, short_in=exception.area))
    return found


def _near_enemy(sc: Scenario, st: CampaignState, rule: DeploymentRule, side: str) -> set[str]:
    """The areas the side holds, and the nation may enter, next to an area with enemy troops."""
    where, control, neighbours = st.where, st.control, sc.neighbours
    enemy = rule.enemy_nation
    assert enemy is not None
    enemy_areas = {where[t] for t in sc.troops_of(enemy)}
    return {
        a
        for e in enemy_areas
        if e in neighbours
        for a in neighbours[e]
        if control.get(a) == side and sc.may_enter(rule.nation, a)
    }


def _next_to_enemy(
    sc: Scenario,
    where: dict[str, str],
    turn: int,
    rule: DeploymentRule,
    ours: list[str],
    near_enemy: set[str],
    allowed: list[frozenset[str]],
) -> list[Shortfall]:
    """Every troop next to an area with enemy troops, but for the rule's exceptions (`allowed`:
    the troops each exception speaks of). `ours`: the nation's troops on the map, in id order."""
    if not near_enemy:
        return []  # nowhere to stand next to the enemy: the rule cannot apply
    enemy = rule.enemy_nation
    assert enemy is not None
    allowance = [x.count for x in rule.exceptions]
    stray = []
    for t in ours:
        here = where[t]
        if here in near_enemy:
            continue
        for i, x in enumerate(rule.exceptions):
            if here == x.area and allowance[i] > 0 and t in allowed[i]:
                allowance[i] -= 1
                break
        else:
            stray.append((t, here))
    if not stray:
        return []

    def say() -> str:
        allowed = "; ".join(exception_words(sc, x) for x in rule.exceptions)
        not_so = ", ".join(_("{troop} in {area}").format(troop=t, area=label(sc, at)) for t, at in stray)
        return _(
            "turn {turn} deployment: every {nation} troop must stand next to an area holding {enemy} troops "
            "(the only ones allowed elsewhere: {allowed}); not so: {stray}"
        ).format(
            turn=turn, nation=sc.nation_name(rule.nation), enemy=sc.nation_name(enemy), allowed=allowed, stray=not_so
        )

    return [
        Shortfall(
            len(stray),
            say,
            stray=tuple(t for t, _at in stray),
            mend_in=frozenset(near_enemy).union(x.area for x in rule.exceptions),
        )
    ]


def confirm_earlier(sc: Scenario, st: CampaignState, earlier: tuple[str, ...], nation: str) -> None:
    """When a nation starts redeploying, the nations before it are done: their deployment must
    hold now (a later nation's moves cannot then break it)."""
    for done in earlier:
        if done in st.deployed:
            continue
        waiting = sorted(t for t in st.waiting_zone if sc.troops[t].nation == done)
        if waiting:
            raise RuleError(
                "1.5",
                _("{nations} troops deploy before {nation} troops: place {troops} first").format(
                    nations=sc.nation_name(done), nation=sc.nation_name(nation), troops=", ".join(waiting)
                ),
            )
        for problem in deployment_problems(sc, st, only=done):
            raise RuleError(
                "1.5",
                _("{nations} troops deploy before {nation} troops: {problem}").format(
                    nations=sc.nation_name(done), nation=sc.nation_name(nation), problem=problem
                ),
            )
        st.deployed = (*st.deployed, done)
