"""What is legal here? The engine's answers, used by the rules themselves, the window (battle
wizard, planning by drag and drop), reports and the computer players, so no rule is written twice.

- `legal_arrows`: the battle arrows a side may place now (rule 1.4, and turn 1's fixed battles;
  none once a General's Wargame turn has had its agreed battles, rule 1.5).
- `battles_left`, `turn_must_end`, `battle_refusal`, `extra_battles_refusal`: the turn's battle
  count (rule 1.5): how many more battles a General's Wargame turn may have, whether the turn must
  now end, why no new battle may begin, why extra battles may not be agreed; `no_turn_refusal`:
  why no battle at all while no turn is under way (rule 1.1).
- `legal_commitments`: what each side may commit on an arrow (troops, sorties, the fortification).
- `placement_targets`: where a waiting troop may be placed (rule 1.5).
- `redeploying_nations`: the nations that may still redeploy, in the turn's order (rule 1.5);
  `redeploy_closed` those whose turn to redeploy is over.
- `next_attacker`: who places the next battle arrow, when the dice need not say (rule 1.5).
- `redeploy_targets`: where a troop may redeploy now (rule 1.5), `redeploy_moves` the same for all
  of a nation's troops at once, with `redeploy_check` refusing
  and `redeploy_refusal` saying why a troop may not move at all (for a refused drag on the map).
- `retreat_areas`: where one defeated troop may retreat (rule 1.8).
- `advance_candidates`: who may advance into an area just taken (rule 1.8).
- `aircraft_adds`: whether a committed sortie adds its bonus (the RAF only against aircraft, 1.3).
"""

from __future__ import annotations

from typing import NamedTuple

from campaign_manager.engine.deployment import confirm_earlier, deployment_problems
from campaign_manager.engine.lookup import enterable, label, nations_words, placement_areas, side_name, troop
from campaign_manager.engine.state import Arrow, CampaignState, Phase, Play, evolve
from campaign_manager.errors import RuleError
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario


def legal_arrows(sc: Scenario, st: CampaignState, side: str) -> list[tuple[str, str]]:
    """Every (from, to) the side could attack along right now, in map order."""
    if st.turn == 0 or st.phase not in (Phase.PLANNING, Phase.BATTLE) or battles_left(st) == 0:
        return []
    spec = sc.turn(st.turn)
    fixed = spec.fixed_arrows
    if fixed and side != spec.fixed_attacker:
        return []
    where, control, enemy = st.where, st.control, sc.enemy_of(side)
    if st.open_arrows:
        busy = st.committed()
        ready = {where[t] for t in side_troops(sc)[side] if t not in busy}
        open_pairs = {arrow.pair() for arrow in st.open_arrows}
    else:
        ready = {where[t] for t in side_troops(sc)[side]}
        open_pairs = set()
    by_origin = _directions_from(sc)
    found = []  # (the direction's place in map order, from, to)
    for origin in ready:  # off-map places have no directions
        if control.get(origin) != side:
            continue
        for index, target, pair in by_origin.get(origin, ()):
            if control.get(target) != enemy or pair in open_pairs:
                continue
            if fixed and ((origin, target) not in fixed or (origin, target) in st.fixed_fought):
                continue
            found.append((index, origin, target))
    found.sort()
    return [(origin, target) for _, origin, target in found]


def side_troops(sc: Scenario) -> dict[str, tuple[str, ...]]:
    """Each side's troops, in roster order, kept per scenario."""
    found = sc.memo.get(("side troops",))
    if found is None:
        sides = troop_sides(sc)
        found = sc.memo[("side troops",)] = {side: tuple(t for t in sc.troops if sides[t] == side) for side in sc.sides}
    return found


def battles_left(st: CampaignState) -> int | None:
    """How many more battle arrows the turn may have (rule 1.5): in a General's Wargame its
    rolled count plus the extras agreed, less those fought or open; None at the tabletop, where
    the count is a floor with no ceiling."""
    ceiling = st.battle_ceiling
    if ceiling is None:
        return None
    return max(0, ceiling - st.battles_fought - len(st.open_arrows))


def extra_battles_refusal(sc: Scenario, st: CampaignState, extra: int) -> RuleError | None:
    """Why `extra` battles may not be agreed for the turn about to start (rule 1.5), or None:
    only a General's Wargame has a ceiling to raise, and a turn of fixed battles has no room."""
    if not extra or st.turn >= len(sc.turns):
        return None
    number = st.turn + 1
    if st.play is Play.TABLETOP:
        return RuleError(
            "1.5",
            _(
                "at the tabletop turn {turn}'s battle count is a floor with no ceiling: fight as "
                "many more as you like, with no extra battles to agree ({extra} given)"
            ).format(turn=number, extra=extra),
        )
    if sc.turn(number).fixed_arrows:
        return RuleError(
            "1.5", _("turn {turn} has fixed battles only: no extra battles can be agreed").format(turn=number)
        )
    return None


def ceiling_refusal(st: CampaignState) -> RuleError | None:
    """Why no further battle may begin this turn, when its agreed battles are all fought or open
    (rule 1.5); None while one may."""
    if battles_left(st) != 0:
        return None
    # Whole sentences: the rolled-and-agreed clause and "or under way" each change the sentence.
    if st.extra_battles:
        words = (
            _(
                "turn {turn} has {ceiling} battles in a General's Wargame ({rolled} rolled and {extra} extra "
                "agreed) and all {ceiling} are fought: no further battle, the turn ends"
            )
            if not st.open_arrows
            else _(
                "turn {turn} has {ceiling} battles in a General's Wargame ({rolled} rolled and {extra} extra "
                "agreed) and all {ceiling} are fought or under way: no further battle, the turn ends"
            )
        )
    elif not st.open_arrows:
        words = _(
            "turn {turn} has {ceiling} battles in a General's Wargame and all {ceiling} are fought: "
            "no further battle, the turn ends"
        )
    else:
        words = _(
            "turn {turn} has {ceiling} battles in a General's Wargame and all {ceiling} are fought or under way: "
            "no further battle, the turn ends"
        )
    return RuleError(
        "1.5",
        words.format(turn=st.turn, ceiling=st.battle_ceiling, rolled=st.battles_required, extra=st.extra_battles),
    )


def stale_arrow_refusal(sc: Scenario, st: CampaignState, arrow: Arrow) -> RuleError | None:
    """Why an open arrow can no longer be fought (None: it can). RULES.md 1.4 (stale arrows): the
    attacker must still hold the area the arrow comes from and still have a committed ground troop
    there; rule 1.8: the target must still be the enemy's. Such an arrow is abandoned, never fought."""
    origin, target, side = arrow.origin, arrow.target, arrow.attacker_side
    name = _("the arrow {origin} → {target}").format(origin=label(sc, origin), target=label(sc, target))
    if st.control.get(target) != sc.enemy_of(side):
        return RuleError(
            "1.8",
            _("{battle} can no longer be fought: {area} is now held by the {side}; abandon it").format(
                battle=name, area=label(sc, target), side=side_name(sc, st.control.get(target))
            ),
        )
    if st.control.get(origin) != side:
        return RuleError(
            "1.4",
            _(
                "{battle} can no longer be fought: the {side} no longer hold {origin}, the area "
                "it comes from; abandon it (no result, no VP, no roll to destroy)"
            ).format(battle=name, side=side_name(sc, side), origin=label(sc, origin)),
        )
    if not any(st.where.get(t) == origin for t in arrow.attacker.troops):
        return RuleError(
            "1.4",
            _(
                "{battle} can no longer be fought: none of the troops committed to attack "
                "({troops}) is in {origin} any more; abandon it (no result, no VP, no roll to "
                "destroy)"
            ).format(battle=name, troops=", ".join(arrow.attacker.troops) or _("none"), origin=label(sc, origin)),
        )
    return None


def turn_must_end(st: CampaignState) -> bool:
    """Whether all that is left of the turn is to end it (rule 1.5): its agreed battles are
    all fought and none is open (a General's Wargame; the tabletop has no ceiling)."""
    return st.phase in (Phase.PLANNING, Phase.BATTLE) and not st.open_arrows and battles_left(st) == 0


def no_turn_refusal(st: CampaignState) -> RuleError | None:
    """Why no battle may be fought now because no turn is under way (rule 1.1): before turn 1,
    between turns, or once the campaign is over; None in a turn's planning or battle phase."""
    if st.phase in (Phase.PLANNING, Phase.BATTLE):
        return None
    if st.phase == Phase.FINISHED:
        return RuleError("1.1", _("the campaign is over after turn {turn}").format(turn=st.turn))
    if st.phase == Phase.SETUP:
        return RuleError(
            "1.1", _("battles are fought during a turn, and the campaign has not begun: turn 1 is to start")
        )
    return RuleError(
        "1.1",
        _("battles are fought during a turn, and turn {turn} has ended: turn {next_turn} is to start").format(
            turn=st.turn, next_turn=st.turn + 1
        ),
    )


def battle_refusal(sc: Scenario, st: CampaignState) -> RuleError | None:
    """Why no new battle may begin now, or None: the turn's agreed battles are all fought or open
    (rule 1.5), or it would close a planning phase that may not close yet (first_battle_refusal).
    The window asks before a battle is begun; the action is refused the same way."""
    return ceiling_refusal(st) or first_battle_refusal(sc, st)


def first_battle_refusal(sc: Scenario, st: CampaignState) -> RuleError | None:
    """Why no battle may start now, or None. The first battle of a turn ends its planning phase,
    which nobody may leave with troops still waiting to be placed or a deployment rule broken
    (rules 1.1 and 1.5); the window asks before a battle is begun, the action when it is fought."""
    if st.phase != Phase.PLANNING:
        return None
    if st.waiting_zone:
        return RuleError(
            "1.1",
            _("the first battle closes planning, but troops still wait to be placed: {troops}").format(
                troops=", ".join(sorted(st.waiting_zone))
            ),
        )
    problems = deployment_problems(sc, st, skip=st.deployed)
    if problems:
        return RuleError("1.5", "; ".join(problems))
    return None


def _directions_from(sc: Scenario) -> dict[str, list[tuple[int, str, frozenset[str]]]]:
    """Every link both ways into an area that can be attacked at all (not impassable, not a
    staging area), by the area attacked from: (its place in map order, to, the pair). Kept per
    scenario: `legal_arrows` looks only at the areas the side has troops in."""
    found = sc.memo.get(("attack directions",))
    if found is None:
        found = sc.memo[("attack directions",)] = {}
        directions = [
            (origin, target)
            for link in sc.links
            for origin, target in ((link.a, link.b), (link.b, link.a))
            if not sc.areas[target].impassable and not sc.areas[target].staging
        ]
        for index, (origin, target) in enumerate(directions):
            found.setdefault(origin, []).append((index, target, frozenset((origin, target))))
    return found


def any_arrow(sc: Scenario, st: CampaignState) -> bool:
    return any(legal_arrows(sc, st, side) for side in sc.sides)


class CommitmentOptions(NamedTuple):  # a tuple: made for every arrow the computer weighs
    """What may be committed on the arrow origin→target now (rule 1.4).

    `attacker_troops` / `defender_troops`: ground troops free to fight from each area;
    `attacker_sorties` / `defender_sorties`: nations with a sortie left; `limit`: troops per side,
    aircraft included; `fortification`: the fortification's name when it defends (else None).
    The attacker must commit at least one ground troop; his sortie may only be his second troop.
    """

    attacker_side: str
    attacker_troops: tuple[str, ...]
    defender_troops: tuple[str, ...]
    attacker_sorties: tuple[str, ...]
    defender_sorties: tuple[str, ...]
    limit: int
    fortification: str | None


def legal_commitments(sc: Scenario, st: CampaignState, origin: str, target: str) -> CommitmentOptions:
    side = st.control.get(origin)
    if side is None:
        raise RuleError(
            "1.4",
            _("nobody holds {origin}: an attack starts from an area the attacker holds").format(
                origin=label(sc, origin)
            ),
        )
    enemy = sc.enemy_of(side)
    busy = st.committed() if st.open_arrows else ()
    sides = troop_sides(sc)
    standing = st.where.standing
    sorties, planes = st.sorties, aircraft_sides(sc)
    return CommitmentOptions(
        side,
        tuple([t for t in standing(origin) if sides[t] == side and t not in busy]),
        tuple([t for t in standing(target) if sides[t] == enemy and t not in busy]),
        tuple([n for n in planes[side] if sorties.get(n, 0) > 0]) if sorties else (),
        tuple([n for n in planes[enemy] if sorties.get(n, 0) > 0]) if sorties else (),
        sc.max_committed,
        fortification_name(sc, st, origin, target, side),
    )


def aircraft_sides(sc: Scenario) -> dict[str, tuple[str, ...]]:
    """Each side's nations with aircraft, in code order (the order sorties are offered), kept."""
    found = sc.memo.get(("aircraft sides",))
    if found is None:
        found = sc.memo[("aircraft sides",)] = {
            side: tuple(sorted(n for n in sc.aircraft if sc.side_of(n) == side)) for side in sc.sides
        }
    return found


def troop_sides(sc: Scenario) -> dict[str, str]:
    """Each troop's side, kept per scenario."""
    found = sc.memo.get(("troop sides",))
    if found is None:
        found = sc.memo[("troop sides",)] = {t: sc.side_of(troop.nation) for t, troop in sc.troops.items()}
    return found


def fortification_name(sc: Scenario, st: CampaignState, origin: str, target: str, attacker_side: str) -> str | None:
    """The fortification defending an attack origin→target, if any (rule 1.3): the scenario's
    fortified line, when its attacker side attacks across a fortified link into an area holding
    troops of the fortification's nation."""
    fort = sc.fortification
    if not fort or attacker_side != fort.attacker_side or (origin, target) not in fortified_links(sc):
        return None
    if any(sc.troops[t].nation == fort.nation for t in st.where.standing(target)):
        return fort.title
    return None


def fortified_links(sc: Scenario) -> frozenset[tuple[str, str]]:
    """Every link across the fortified line, both ways (from, to), kept per scenario."""
    found = sc.memo.get(("fortified links",))
    if found is None:
        found = sc.memo[("fortified links",)] = frozenset(
            pair for link in sc.links if link.fortified for pair in ((link.a, link.b), (link.b, link.a))
        )
    return found


def aircraft_adds(sc: Scenario, sortie: str | None, enemy_sortie: str | None) -> bool:
    """A committed sortie adds its bonus, except an interceptor (the RAF) with no enemy aircraft
    in the battle (rule 1.3): it may still be committed, and adds nothing."""
    return sortie is not None and bool(sortie) and (not sc.aircraft[sortie].interceptor or bool(enemy_sortie))


def placement_targets(sc: Scenario, st: CampaignState, troop_id: str) -> list[str]:
    """Where a troop waiting to be placed may go now; empty if it is not waiting."""
    if troop_id not in st.waiting_zone:
        return []
    return placement_areas(sc, st, troop_id)


def redeploy_check(sc: Scenario, st: CampaignState, troop_id: str, to: str | None = None) -> None:
    """Refuse (RuleError) a redeployment of `troop_id` (to `to`, when given) that the rules do not
    allow now. May mark earlier nations' deployment as settled on `st`, as the action does."""
    member = troop(sc, troop_id)
    if st.phase != Phase.PLANNING:
        raise RuleError("1.1", _("redeployment happens in the planning phase"))
    spec = sc.turn(st.turn)
    nation, side = member.nation, sc.side_of(member.nation)
    if nation not in spec.redeploy:
        if not spec.redeploy:
            raise RuleError(
                "1.5",
                _("{troop} cannot redeploy: nobody redeploys on turn {turn}").format(troop=member.id, turn=st.turn),
            )
        raise RuleError(
            "1.5",
            _("{troop} cannot redeploy: on turn {turn} only {nations} troops may redeploy").format(
                troop=member.id, turn=st.turn, nations=nations_words(sc, spec.redeploy)
            ),
        )
    if nation not in redeploying_nations(sc, st):
        order = spec.redeploy.index(nation)
        later = next(n for n in st.redeployed if spec.redeploy.index(n) > order)
        raise RuleError(
            "1.5",
            _(
                "{troop} cannot redeploy: on turn {turn} {nation} troops redeploy before "
                "{earlier_nation} troops, who have already begun"
            ).format(
                troop=member.id, turn=st.turn, nation=sc.nation_name(nation), earlier_nation=sc.nation_name(later)
            ),
        )
    if nation not in st.redeployed:
        confirm_earlier(sc, st, spec.redeploy[: spec.redeploy.index(nation)], nation)
    here = st.where[member.id]
    if here not in sc.areas:
        raise RuleError(
            "1.5",
            _("{troop} is not on the map ({area}); only troops on the map redeploy").format(
                troop=member.id, area=label(sc, here)
            ),
        )
    if to is None:
        return
    if to == here:
        raise RuleError("1.5", _("{troop} already stands in {area}").format(troop=member.id, area=label(sc, here)))
    if st.control[to] != side:
        raise RuleError(
            "1.5",
            _("{troop} cannot redeploy to {area}: troops redeploy only inside their own side's territory").format(
                troop=member.id, area=label(sc, to)
            ),
        )
    if not sc.may_enter(nation, to):
        raise RuleError(
            "1.4",
            _("{troop} cannot enter {area}: only {nations} troops may").format(
                troop=member.id, area=label(sc, to), nations=nations_words(sc, sc.areas[to].only_nations)
            ),
        )


def redeploying_nations(sc: Scenario, st: CampaignState) -> tuple[str, ...]:
    """The nations that may still redeploy this turn, in the turn's order (rule 1.5): nobody
    outside the planning phase; once a nation has begun, the nations before it are done."""
    if st.phase != Phase.PLANNING:
        return ()
    order = sc.turn(st.turn).redeploy
    begun = [order.index(n) for n in st.redeployed]
    return order[max(begun, default=0) :]


def redeploy_closed(sc: Scenario, st: CampaignState) -> tuple[str, ...]:
    """The nations whose redeployment is over for this turn because a nation after them in the
    turn's order has begun (rule 1.5), in that order; none outside the planning phase."""
    if st.phase != Phase.PLANNING:
        return ()
    still = redeploying_nations(sc, st)
    return tuple(n for n in sc.turn(st.turn).redeploy if n not in still)


def next_attacker(sc: Scenario, st: CampaignState) -> str | None:
    """Who places the next battle arrow without a roll (rule 1.5): the winner of an initiative
    rolled ahead, or the turn's fixed attacker; None when the initiative is still to be rolled."""
    if st.initiative is not None:
        return st.initiative[0]
    spec = sc.turn(st.turn)
    return None if spec.initiative is not None else spec.fixed_attacker


def _trial(st: CampaignState) -> CampaignState:
    """A copy to ask redeploy_check on: it only ever sets `deployed` (confirming earlier nations),
    which a shallow copy keeps apart from `st`."""
    return evolve(st)


def redeploy_targets(sc: Scenario, st: CampaignState, troop_id: str) -> list[str]:
    """Every area the troop may redeploy to now, in map order (empty when it may not move)."""
    try:
        redeploy_check(sc, _trial(st), troop_id)
    except RuleError:
        return []
    here = st.where[troop_id]
    return [code for code in _redeploy_areas(sc, st, sc.troops[troop_id].nation) if code != here]


def redeploy_moves(sc: Scenario, st: CampaignState, nation: str) -> dict[str, list[str]]:
    """Every troop of the nation that may redeploy now, with the areas it may go to (rule 1.5),
    as `redeploy_targets` gives them; the nation's turn to move is checked once, for all."""
    on_map = [t for t in sorted(sc.troops_of(nation)) if st.where[t] in sc.areas]
    if not on_map:
        return {}
    try:
        redeploy_check(sc, _trial(st), on_map[0])
    except RuleError:
        return {}
    areas, where = _redeploy_areas(sc, st, nation), st.where
    moves = {}
    for t in on_map:
        here = where[t]
        moves[t] = [code for code in areas if code != here]
    return moves


def _redeploy_areas(sc: Scenario, st: CampaignState, nation: str) -> list[str]:
    """The areas a nation's troops may redeploy into: held by its side, open to it; map order."""
    side, control = sc.side_of(nation), st.control
    return [code for code in enterable(sc, nation, "friendly") if control.get(code) == side]


def redeploy_refusal(sc: Scenario, st: CampaignState, troop_id: str) -> str | None:
    """Why the troop may not redeploy anywhere now, in the rule's words naming the troop (None
    when it may): what a counter that will not move says when it is dragged."""
    try:
        redeploy_check(sc, _trial(st), troop_id)
    except RuleError as refused:
        return str(refused)
    if redeploy_targets(sc, st, troop_id):
        return None
    member = sc.troops[troop_id]
    return str(
        RuleError(
            "1.5",
            _("{troop} cannot redeploy: the {side} hold no other area {nation} troops may enter").format(
                troop=troop_id, side=side_name(sc, sc.side_of(member.nation)), nation=sc.nation_name(member.nation)
            ),
        )
    )


def retreat_areas(sc: Scenario, st: CampaignState, target: str, troop_id: str) -> list[str]:
    """Where one troop defeated in `target` may retreat (rule 1.8): adjacent areas its side holds
    that its nation may enter, in code order."""
    nation = sc.troops[troop_id].nation
    side, control = sc.side_of(nation), st.control
    return [code for code in _open_neighbours(sc, nation, target) if control.get(code) == side]


def _open_neighbours(sc: Scenario, nation: str, target: str) -> tuple[str, ...]:
    """The areas next to `target` the nation may enter, in code order, kept per scenario: every
    defeated troop's retreat, and the computer's weighing of each battle, start from them."""
    key = ("open neighbours", nation, target)
    found = sc.memo.get(key)
    if found is None:
        found = sc.memo[key] = tuple(sorted(a for a in sc.neighbours[target] if sc.may_enter(nation, a)))
    return found


def advance_candidates(sc: Scenario, st: CampaignState, target: str, side: str) -> list[str]:
    """Troops of `side` that may advance into `target` (rule 1.8): in adjacent areas the side
    holds, not on an open arrow, and allowed to enter. The battle's surviving attackers must be
    among the first to move; turn 1's fixed battles may further limit it (the action says why)."""
    busy = st.committed() if st.open_arrows else ()
    near, control, sides, troops = sc.neighbours[target], st.control, troop_sides(sc), sc.troops
    return sorted(
        [
            t
            for t, here in st.where.items()
            if here in near
            and control.get(here) == side
            and t not in busy
            and sides[t] == side
            and sc.may_enter(troops[t].nation, target)
        ]
    )
