"""The planning phase and the turn's frame (rules 1.1 and 1.5): starting and ending turns,
reinforcements, redeployment and each turn's deployment rule."""

from __future__ import annotations

from campaign_manager.dice import D6, Roller, d3, roll_or_check
from campaign_manager.engine import legal
from campaign_manager.engine.actions import EndTurn, Place, Redeploy, StartTurn
from campaign_manager.engine.deployment import deployment_problems
from campaign_manager.engine.lookup import (
    area,
    label,
    nations_words,
    placement_areas,
    placement_words,
    side_name,
    troop,
)
from campaign_manager.engine.state import POOL, RESERVE, WAITING, CampaignState, Chronicle, Phase, evolve
from campaign_manager.errors import RuleError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.scenario.model import Scenario


def start_turn(sc: Scenario, st: CampaignState, action: StartTurn, roller: Roller, events: Chronicle) -> StartTurn:
    if st.phase == Phase.FINISHED or st.turn >= len(sc.turns):
        raise RuleError("1.1", _("the campaign is over: there is no turn to start"))
    if st.phase not in (Phase.SETUP, Phase.STRATEGIC):
        raise RuleError(
            "1.1", _("turn {turn} is still under way: end it before starting the next").format(turn=st.turn)
        )
    spec = sc.turn(st.turn + 1)
    if action.dice is not None and len(action.dice) != spec.battle_d3:
        if spec.battle_d3 == 0:
            raise RuleError(
                "1.5",
                _("turn {turn} has a fixed battle count ({count}): give no dice").format(
                    turn=spec.number, count=spec.battle_plus
                ),
            )
        wanted = ngettext(
            "turn {turn} rolls one d6 for its battle count, not {given}",
            "turn {turn} rolls {dice} d6 for its battle count, not {given}",
            spec.battle_d3,
        )
        raise RuleError("1.5", wanted.format(turn=spec.number, dice=spec.battle_d3, given=len(action.dice)))
    refusal = legal.extra_battles_refusal(sc, st, action.extra_battles)
    if refusal is not None:
        raise refusal
    given = action.dice or (None,) * spec.battle_d3
    die_name = _("Turn {turn}'s battle-count die").format(turn=spec.number)
    dice = tuple(roll_or_check(v, D6, roller, die_name) for v in given)
    st.turn, st.phase, st.turn_dice = spec.number, Phase.PLANNING, dice
    st.battles_required = sum(d3(v) for v in dice) + spec.battle_plus
    st.extra_battles = action.extra_battles
    st.battles_fought, st.fixed_fought, st.redeployed, st.deployed = 0, (), (), ()
    st.fought = ()
    st.sorties = dict(spec.sorties)
    for troop_id, place in st.where.items():
        arrival = sc.troops[troop_id].arrives
        if place == RESERVE and arrival and arrival.turn == spec.number:
            st.where[troop_id], st.waiting_zone[troop_id] = WAITING, arrival.zone
        elif place == POOL:
            st.where[troop_id], st.waiting_zone[troop_id] = WAITING, sc.pool_zone
    # Troops bound for one fixed area are simply put there, as the book says; a troop whose
    # side holds nowhere it may go waits in the pool rather than blocking the turn.
    for troop_id, zone in list(st.waiting_zone.items()):
        open_areas = placement_areas(sc, st, troop_id)
        if not open_areas:
            st.where[troop_id] = POOL
            del st.waiting_zone[troop_id]
            events.append(
                _("{troop} has nowhere to be placed and stays in the reinforcement pool").format(troop=troop_id)
            )
        elif zone in sc.areas and open_areas == [zone]:
            st.where[troop_id] = zone
            del st.waiting_zone[troop_id]
            events.append(_("{troop} arrives in {area}").format(troop=troop_id, area=label(sc, zone)))
    if events.recording:  # a troop type that changes its model from this turn on says so
        for kind in sc.troop_types.values():
            if any(variant.from_turn == spec.number for variant in kind.variants):
                before, after = kind.on_turn(spec.number - 1)[0], kind.on_turn(spec.number)[0]
                events.append(
                    _("From turn {turn} the {nation} {before} troops are {after}, with the new model's bonus").format(
                        turn=spec.number, nation=sc.nation_name(kind.nation), before=before, after=after
                    )
                )
    values = {"turn": spec.number, "name": spec.title, "count": _count_words(st), "plus": spec.battle_plus}
    values |= {"dice": ", ".join(map(str, dice)), "d3": ", ".join(str(d3(v)) for v in dice)}
    if dice:
        said = _("Turn {turn}, {name}: {count} (d6 {dice} read as D3 {d3}, plus {plus})")
    else:
        said = _("Turn {turn}, {name}: {count}")
    events.insert(0, said.format(**values))
    if st.waiting_zone:
        waiting = len(st.waiting_zone)
        said = ngettext(
            "{count} troop waits to be placed: {troops}", "{count} troops wait to be placed: {troops}", waiting
        )
        events.append(said.format(count=waiting, troops=", ".join(sorted(st.waiting_zone))))
    return evolve(action, dice=dice)


def _count_words(st: CampaignState) -> str:
    """The turn's battle count as the rules set it (rule 1.5): a floor at the tabletop; in a
    General's Wargame the rolled count and the extras agreed, and then the turn ends."""
    required = st.battles_required
    if st.battle_ceiling is None:
        return ngettext("at least {count} battle", "at least {count} battles", required).format(count=required)
    if not st.extra_battles:
        said = ngettext("{count} battle, then the turn ends", "{count} battles, then the turn ends", required)
        return said.format(count=required)
    said = ngettext(
        "{count} battle and {extra} extra agreed, {ceiling} in all, then the turn ends",
        "{count} battles and {extra} extra agreed, {ceiling} in all, then the turn ends",
        required,
    )
    return said.format(count=required, extra=st.extra_battles, ceiling=st.battle_ceiling)


# Why a planning step is refused in another phase: one whole sentence for each step and phase.
_NOT_PLANNING = {
    ("placing reinforcements", Phase.SETUP): N_(
        "placing reinforcements happens in the planning phase, not before the campaign starts"
    ),
    ("placing reinforcements", Phase.BATTLE): N_(
        "placing reinforcements happens in the planning phase, not in the battle phase"
    ),
    ("placing reinforcements", Phase.STRATEGIC): N_(
        "placing reinforcements happens in the planning phase, not in the strategic phase"
    ),
    ("placing reinforcements", Phase.FINISHED): N_(
        "placing reinforcements happens in the planning phase, not in the finished phase"
    ),
    ("redeployment", Phase.SETUP): N_("redeployment happens in the planning phase, not before the campaign starts"),
    ("redeployment", Phase.BATTLE): N_("redeployment happens in the planning phase, not in the battle phase"),
    ("redeployment", Phase.STRATEGIC): N_("redeployment happens in the planning phase, not in the strategic phase"),
    ("redeployment", Phase.FINISHED): N_("redeployment happens in the planning phase, not in the finished phase"),
}


def _planning(st: CampaignState, what: str) -> None:
    if st.phase != Phase.PLANNING:
        raise RuleError("1.1", _(_NOT_PLANNING[what, st.phase]))


def place(sc: Scenario, st: CampaignState, action: Place, roller: Roller, events: Chronicle) -> Place:
    _planning(st, "placing reinforcements")
    member = troop(sc, action.troop)
    area(sc, action.area)
    if st.where[member.id] != WAITING:
        raise RuleError(
            "1.5",
            _("{troop} is not waiting to be placed (it is in {area})").format(
                troop=member.id, area=label(sc, st.where[member.id])
            ),
        )
    allowed = placement_areas(sc, st, member.id)
    if action.area not in allowed:
        where = label(sc, action.area)
        # Where it may go, said once (not why its own zone is lost when that is the area refused).
        goes = placement_words(sc, st, member.id, why=action.area != st.waiting_zone[member.id])
        if not sc.may_enter(member.nation, action.area):
            only = nations_words(sc, sc.areas[action.area].only_nations)
            words = (
                _("{troop} cannot be placed in {area}: only {nations} troops may enter {area}; it goes to {goes}")
                if only
                else _("{troop} cannot be placed in {area}: {area} cannot be entered; it goes to {goes}")
            )
            raise RuleError("1.4", words.format(troop=member.id, area=where, nations=only, goes=goes))
        if st.control.get(action.area) != sc.side_of(member.nation):
            holder = side_name(sc, st.control.get(action.area))
            raise RuleError(
                "1.5",
                _("{troop} cannot be placed in {area}: it is held by the {holder}; it goes to {goes}").format(
                    troop=member.id, area=where, holder=holder, goes=goes
                ),
            )
        raise RuleError(
            "1.5",
            _("{troop} cannot be placed in {area}: it goes to {goes}").format(troop=member.id, area=where, goes=goes),
        )
    st.where[member.id] = action.area
    del st.waiting_zone[member.id]
    events.append(placed_words(sc, member.id, action.area))
    return action


def placed_words(sc: Scenario, troop_id: str, area_code: str) -> str:
    """The history's line for a troop placed ("TROOP placed in AREA")."""
    return _("{troop} placed in {area}").format(troop=troop_id, area=label(sc, area_code))


def redeployed_words(sc: Scenario, troop_id: str, here: str, to: str) -> str:
    """The history's line for a troop redeployed ("TROOP redeploys from AREA to AREA")."""
    return _("{troop} redeploys from {area} to {to}").format(troop=troop_id, area=label(sc, here), to=label(sc, to))


def redeploy(sc: Scenario, st: CampaignState, action: Redeploy, roller: Roller, events: Chronicle) -> Redeploy:
    _planning(st, "redeployment")
    member = troop(sc, action.troop)
    area(sc, action.to)
    nation = member.nation
    here = st.where[member.id]
    legal.redeploy_check(sc, st, member.id, action.to)
    still = legal.redeploying_nations(sc, st)
    st.where[member.id] = action.to
    events.append(redeployed_words(sc, member.id, here, action.to))
    if nation not in st.redeployed:
        st.redeployed = (*st.redeployed, nation)
        closed = still[: still.index(nation)]
        if closed:
            events.append(
                _("{nations} troops may no longer redeploy this turn").format(nations=nations_words(sc, closed))
            )
    if events.recording:
        for problem in deployment_problems(sc, st, only=nation, skip=st.deployed):
            events.append(_("Not met yet (checked at the first battle): {problem}").format(problem=problem))
    return action


def close_planning(sc: Scenario, st: CampaignState) -> None:
    """The first battle of a turn ends planning: nobody may still wait, the deployment rule must hold."""
    refusal = legal.first_battle_refusal(sc, st)
    if refusal is not None:
        raise refusal
    st.phase = Phase.BATTLE


def end_turn(sc: Scenario, st: CampaignState, action: EndTurn, roller: Roller, events: Chronicle) -> EndTurn:
    if st.phase not in (Phase.PLANNING, Phase.BATTLE):
        raise RuleError(
            "1.1", _("there is no turn under way to end") if st.phase != Phase.FINISHED else _("the campaign is over")
        )
    if st.waiting_zone:
        raise RuleError(
            "1.5", _("troops still wait to be placed: {troops}").format(troops=", ".join(sorted(st.waiting_zone)))
        )
    if st.open_arrows:
        arrow = st.open_arrows[0]
        raise RuleError(
            "1.4",
            _(
                "the battle {origin_code}→{target_code} is still open: record its result or "
                "abandon it before ending the turn"
            ).format(origin_code=arrow.origin, target_code=arrow.target),
        )
    short = st.battles_required - st.battles_fought
    if short > 0:
        if legal.any_arrow(sc, st):
            raise RuleError(
                "1.5",
                _("turn {turn} needs at least {required} battles; {fought} fought, {short} to go").format(
                    turn=st.turn, required=st.battles_required, fought=st.battles_fought, short=short
                ),
            )
        events.append(
            _("only {fought} of {required} battles fought: no side has a battle arrow left to place").format(
                fought=st.battles_fought, required=st.battles_required
            )
        )
    st.phase = Phase.FINISHED if st.turn == len(sc.turns) else Phase.STRATEGIC
    st.sorties, st.initiative = {}, None
    if st.phase == Phase.FINISHED:
        events.append(_("Turn {turn} ends: the campaign is over").format(turn=st.turn))
    else:
        events.append(_("Turn {turn} ends").format(turn=st.turn))
    return action
