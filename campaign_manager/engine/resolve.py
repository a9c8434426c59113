"""Fighting out a battle arrow: the result (tabletop 1.6 or General's Wargame 1.7), roll to
destroy, retreat, capture and advance (1.8), and the VP they score (1.9)."""

from __future__ import annotations

from collections.abc import Callable

from campaign_manager.dice import D6, Roller, roll_or_check
from campaign_manager.engine import legal
from campaign_manager.engine.actions import Battle
from campaign_manager.engine.battle_result import (
    Result,
    destroy_targets,
    destroys,
    fighting_troops,
    tabletop_result,
    wargame_result,
)
from campaign_manager.engine.lookup import label, side_name, troop
from campaign_manager.engine.state import CAPTURED, POOL, Arrow, CampaignState, Chronicle, evolve
from campaign_manager.errors import ChoiceNeeded, RuleError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.scenario.model import Scenario


def resolve(sc: Scenario, st: CampaignState, arrow: Arrow, action: Battle, roller: Roller, events: Chronicle) -> Battle:
    """Fight the arrow out with the action's result: roll to destroy, then the defeated defenders
    retreat and the attacker advances (or a command centre holds), and the battle is counted.
    Returns the action completed with every die and choice it used."""
    _still_fought(sc, st, arrow)
    st.open_arrows = tuple(a for a in st.open_arrows if a is not arrow)
    attackers, defenders = fighting_troops(st, arrow)
    if len(attackers) + len(defenders) != len(arrow.attacker.troops) + len(arrow.defender.troops):
        for gone in sorted(set(arrow.attacker.troops + arrow.defender.troops) - set(attackers + defenders)):
            events.append(_("{troop} was moved off the arrow by another battle and takes no part").format(troop=gone))
    result, record = _decided(sc, st, arrow, action, attackers, defenders, roller)
    if events.recording:
        events.append(result_line(sc, arrow.origin, arrow.target, result.describe()))
    dice, destroyed = _rolls_to_destroy(sc, result, attackers, defenders, action.destroy_dice, roller, events)
    survivors = [t for t in attackers if t not in destroyed]
    defender_beaten = result.winner == "attacker"
    goal = sc.areas[arrow.target]
    retreat_to: Retreat | None = None
    advance: tuple[str, ...] | None = None
    if defender_beaten and not goal.command_centre:

        def partial() -> Battle:
            return evolve(record, destroy_dice=dice, retreat_to=None)

        retreat_to, retreat_words = _retreat(sc, st, arrow, destroyed, action.retreat_to, events, partial)
        advance = _take(sc, st, arrow, survivors, action.advance, events)
    else:
        retreat_words = "none"
        _hold(sc, st, arrow, destroyed, defender_beaten, bool(action.advance), events)
    if action.retreat_to and retreat_to is None:
        events.append(_unused_retreat(sc, arrow.target, defender_beaten, goal.command_centre, retreat_words))
    _counted(sc, st, arrow)
    if not events.recording:
        return record
    return evolve(record, destroy_dice=dice, retreat_to=retreat_to, advance=advance or None)


Retreat = str | dict[str, str]  # one area for the whole group, or troop id → area

# i18n: a battle's result in the history; keep {result} last (the history finds the line by what comes before it)
RESULT_LINE = N_("{origin} → {target}: {result}")


def result_line(sc: Scenario, origin: str, target: str, result: str) -> str:
    """The history's line for a battle's result ("ORIGIN → TARGET: 12–8 VP, ...")."""
    return _(RESULT_LINE).format(origin=label(sc, origin), target=label(sc, target), result=result)


def result_opening(sc: Scenario, origin: str, target: str) -> str:
    """What the result's line begins with, for finding it among the battle's lines."""
    return _(RESULT_LINE).split("{result}")[0].format(origin=label(sc, origin), target=label(sc, target))


def _counted(sc: Scenario, st: CampaignState, arrow: Arrow) -> None:
    """The battle on `arrow` counted among the turn's: its number, its fixed arrow, its record."""
    st.battles_fought += 1
    st.fought = (*st.fought, arrow)
    if (arrow.origin, arrow.target) in sc.turn(st.turn).fixed_arrows:
        st.fixed_fought = (*st.fixed_fought, (arrow.origin, arrow.target))


def _still_fought(sc: Scenario, st: CampaignState, arrow: Arrow) -> None:
    """An open arrow that went stale since it was placed is abandoned, never fought (rules 1.4, 1.8)."""
    refusal = legal.stale_arrow_refusal(sc, st, arrow)
    if refusal is not None:
        raise refusal


def _decided(
    sc: Scenario,
    st: CampaignState,
    arrow: Arrow,
    action: Battle,
    attackers: list[str],
    defenders: list[str],
    roller: Roller,
) -> tuple[Result, Battle]:
    """The battle's result from its tabletop games or its General's Wargame dice (rolled when
    missing), and the action with those dice."""
    if action.games is not None:
        return tabletop_result(sc, action.games), action
    assert action.wargame is not None, "resolved only with a result"
    result, roll = wargame_result(sc, st, arrow, attackers, defenders, action.wargame, roller)
    return result, evolve(action, wargame=evolve(action.wargame, attacker_die=roll[0], defender_die=roll[1]))


def _rolls_to_destroy(
    sc: Scenario,
    result: Result,
    attackers: list[str],
    defenders: list[str],
    given: dict[str, int],
    roller: Roller,
    events: Chronicle,
) -> tuple[dict[str, int], list[str]]:
    """Each roll to destroy the result calls for (given, or rolled): the dice and who is destroyed."""
    needed = destroy_targets(result, attackers, defenders)
    for troop_id in given:
        if troop_id not in needed:
            raise RuleError("1.6", _no_roll_needed(sc, troop_id))
    dice = {t: roll_or_check(given.get(t), D6, roller, _("roll to destroy {troop}").format(troop=t)) for t in needed}
    destroyed = [t for t in needed if destroys(dice[t], needed[t])]
    if events.recording:
        for t in needed:
            said = (
                _("{troop}: rolled {die}, needed {target}+ — destroyed")
                if t in destroyed
                else _("{troop}: rolled {die}, needed {target}+ — survives")
            )
            events.append(said.format(troop=t, die=dice[t], target=needed[t]))
    return dice, destroyed


def _take(
    sc: Scenario,
    st: CampaignState,
    arrow: Arrow,
    survivors: list[str],
    moving: tuple[str, ...] | None,
    events: Chronicle,
) -> tuple[str, ...] | None:
    """The attacker takes the area the defenders left, and advances: the troops given, or those
    its player at the table chooses (rule 1.8)."""
    side, target = arrow.attacker_side, arrow.target
    st.control[target] = side
    events.append(_("The {side} take {area}").format(side=side_name(sc, side), area=label(sc, target)))
    if moving:
        return _advance(sc, st, arrow, survivors, moving, events)
    if events.chooser is not None:
        return _chosen_advance(sc, st, arrow, survivors, events)
    return None


def _hold(
    sc: Scenario,
    st: CampaignState,
    arrow: Arrow,
    destroyed: list[str],
    defender_beaten: bool,
    advance_given: bool,
    events: Chronicle,
) -> None:
    """The defenders hold the area: the destroyed go to the pool, and a command centre defeated
    scores for its scorer (rule 1.9) while its defenders stay."""
    target = arrow.target
    goal = sc.areas[target]
    _to_pool(sc, st, destroyed, events)
    if defender_beaten:
        scorer = goal.command_centre_scorer
        assert scorer is not None, "a command centre names its scorer (scenario/checks.py)"
        st.scored[scorer] += goal.command_centre_vp
        st.command_centre_wins += ((target, st.turn),)
        events.append(
            _("{area} cannot be captured: its defenders stay and the {side} score {vp} VP").format(
                area=label(sc, target), side=side_name(sc, scorer), vp=goal.command_centre_vp
            )
        )
    if advance_given:
        events.append(_("no advance: the attacker did not take the area"))


def _unused_retreat(sc: Scenario, target: str, defender_beaten: bool, command_centre: bool, what: str) -> str:
    """Why a retreat_to given with the result was not used, in words."""
    if not defender_beaten:
        return _("retreat_to not used: the defenders were not defeated, so nobody retreats")
    if command_centre:
        return _("retreat_to not used: the defenders of {area} stay where they are").format(area=label(sc, target))
    if what == "captured":
        return _(
            "retreat_to not used: the defenders of {area} had no adjacent area they may enter and were captured"
        ).format(area=label(sc, target))
    return _("retreat_to not used: no defender was left in {area} to retreat").format(area=label(sc, target))


def _no_roll_needed(sc: Scenario, key: str) -> str:
    if key in sc.aircraft:
        return _("'{sortie}' is an air sortie ({name}): aircraft are never rolled to destroy").format(
            sortie=key, name=sc.aircraft[key].name
        )
    if key not in sc.troops:
        return _("there is no troop '{troop}' to roll for").format(troop=key)
    return _(
        "{troop} needs no roll to destroy in this battle (it did not fight, or the roller's result needs none)"
    ).format(troop=key)


def _lost(sc: Scenario, st: CampaignState, troop_id: str, events: Chronicle, why: str) -> None:
    """A troop removed for good; its capture VP go to the enemy."""
    st.where[troop_id] = CAPTURED
    captor = sc.enemy_of(sc.side_of(sc.troops[troop_id].nation))
    vp = sc.troops[troop_id].type.capture_vp
    st.scored[captor] += vp
    events.append(
        _("{troop} is captured ({why}): +{vp} VP to the {side}").format(
            troop=troop_id, why=why, vp=vp, side=side_name(sc, captor)
        )
    )


def _to_pool(sc: Scenario, st: CampaignState, destroyed: list[str], events: Chronicle) -> None:
    escape = sc.sea_escape
    for troop_id in destroyed:
        nation = sc.troops[troop_id].nation
        if (
            escape
            and nation == escape.nation
            and all(st.control.get(a) == sc.enemy_of(sc.side_of(nation)) for a in escape.areas)
        ):
            areas = _(" and ").join(escape.areas)
            _lost(sc, st, troop_id, events, _("destroyed with {areas} in enemy hands").format(areas=areas))
        else:
            st.where[troop_id] = POOL


def _retreat(
    sc: Scenario,
    st: CampaignState,
    arrow: Arrow,
    destroyed: list[str],
    chosen: str | dict[str, str] | None,
    events: Chronicle,
    partial: Callable[[], Battle],  # the battle so far: given back (as JSON) with the choice
) -> tuple[str | dict[str, str] | None, str]:
    """Move the defeated defenders out of the area, troop by troop (rule 1.8 and its DECISION on
    mixed nations); troops with nowhere they may go are captured. Returns the retreat as recorded
    (one area, a map troop → area for a split, or None) and what happened, in words."""
    target, side = arrow.target, sc.enemy_of(arrow.attacker_side)
    everyone = [t for t in st.troops_in(target) if sc.side_of(sc.troops[t].nation) == side]
    _to_pool(sc, st, [t for t in destroyed if t not in everyone], events)  # the attacker's losses
    options = {t: legal.retreat_areas(sc, st, target, t) for t in everyone}
    trapped = [t for t in everyone if not options[t]]
    survivors = [t for t in everyone if t not in destroyed and options[t]]
    escape = sc.sea_escape
    for troop_id in trapped:
        if escape and sc.troops[troop_id].nation == escape.nation and target in escape.areas:
            st.where[troop_id] = POOL
            events.append(
                _("{troop} escapes by sea from {area} to the reinforcement pool").format(
                    troop=troop_id, area=label(sc, target)
                )
            )
        else:
            _lost(
                sc,
                st,
                troop_id,
                events,
                _("surrounded in {area}: no adjacent area its side holds that it may enter").format(
                    area=label(sc, target)
                ),
            )
    _to_pool(sc, st, [t for t in destroyed if t in everyone and options[t]], events)
    if not survivors:
        return None, "captured" if trapped else "none"
    open_to = {t: options[t] for t in survivors}
    try:
        moves = _retreat_moves(sc, target, survivors, open_to, chosen, partial)
    except ChoiceNeeded as choice:
        if events.chooser is None:
            raise
        moves = _retreat_moves(sc, target, survivors, open_to, events.chooser.retreat(sc, st, choice), partial)
    for area_code in sorted(set(moves.values())):
        group = [t for t in survivors if moves[t] == area_code]
        st.where.update({t: area_code for t in group})
        said = ngettext("{troops} retreats from {area} to {to}", "{troops} retreat from {area} to {to}", len(group))
        events.append(said.format(troops=", ".join(group), area=label(sc, target), to=label(sc, area_code)))
    places = set(moves.values())
    return (places.pop() if len(places) == 1 else dict(moves)), "retreated"


def _retreat_moves(
    sc: Scenario,
    target: str,
    survivors: list[str],
    options: dict[str, list[str]],
    chosen: str | dict[str, str] | None,
    partial: Callable[[], Battle],  # the battle so far: given back (as JSON) with the choice
) -> dict[str, str]:
    """Where each surviving defender goes: together to one area when one area takes them all,
    otherwise each to an area it may enter; a choice among several is the defender's."""
    together = sorted(set.intersection(*(set(o) for o in options.values())))
    who = _("the defenders of {area} ({troops})").format(area=label(sc, target), troops=", ".join(survivors))
    if isinstance(chosen, str):
        if together:
            if chosen not in together:
                raise RuleError(
                    "1.8",
                    _("{troops} cannot retreat to {area}: they may go to {areas}").format(
                        troops=who, area=label(sc, chosen), areas=_(" or ").join(together)
                    ),
                )
            return {t: chosen for t in survivors}
        raise RuleError(
            "1.8",
            _("no one area takes all of {troops}: say where each retreats ({choices})").format(
                troops=who, choices=_options_words(options)
            ),
        )
    if isinstance(chosen, dict):
        unknown = sorted(set(chosen) - set(survivors))
        if unknown:
            raise RuleError(
                "1.8", _("{unknown} is not among {troops} who retreat").format(unknown=", ".join(unknown), troops=who)
            )
        for troop_id, area_code in chosen.items():
            if area_code not in options[troop_id]:
                raise RuleError(
                    "1.8",
                    _("{troop} cannot retreat to {area}: it may go to {areas}").format(
                        troop=troop_id, area=label(sc, area_code), areas=_(" or ").join(options[troop_id])
                    ),
                )
        if together and len(set(chosen.values())) > 1:
            raise RuleError(
                "1.8",
                _("{areas} takes all of {troops}: they retreat together, to one area").format(
                    areas=_(" or ").join(together), troops=who
                ),
            )
    given = dict(chosen) if isinstance(chosen, dict) else {}
    if together:
        if given:
            return {t: next(iter(given.values())) for t in survivors}
        if len(together) == 1:
            return {t: together[0] for t in survivors}
        so_far = partial()
        raise ChoiceNeeded(
            "1.8",
            _(
                "the attacker won, so {troops} must retreat: choose where with retreat_to "
                "({areas}) and give these dice again so nothing is re-rolled: {dice}"
            ).format(troops=who, areas=_(" or ").join(together), dice=_dice_words(so_far)),
            "retreat_to",
            together,
            so_far.to_json(),
        )
    moves = {t: given.get(t) or (options[t][0] if len(options[t]) == 1 else "") for t in survivors}
    open_choices = {t: options[t] for t, where in moves.items() if not where}
    if open_choices:
        so_far = partial()
        raise ChoiceNeeded(
            "1.8",
            _(
                "the attacker won and no one area takes all of {troops}: say where each retreats "
                "with retreat_to as a map of troop to area ({choices}) and give these dice again "
                "so nothing is re-rolled: {dice}"
            ).format(troops=who, choices=_options_words(open_choices), dice=_dice_words(so_far)),
            "retreat_to",
            sorted({a for o in open_choices.values() for a in o}),
            so_far.to_json(),
            troop_options=open_choices,
        )
    return moves


def _options_words(options: dict[str, list[str]]) -> str:
    either = _(" or ")
    return "; ".join(f"{t}: {either.join(o)}" for t, o in options.items())


def _advance(
    sc: Scenario, st: CampaignState, arrow: Arrow, survivors: list[str], moving: tuple[str, ...], events: Chronicle
) -> tuple[str, ...]:
    target = arrow.target
    side = st.control[target]
    if len(set(moving)) != len(moving):
        raise RuleError("1.8", _("the advance lists a troop twice"))
    if len(moving) > sc.advance_limit:
        raise RuleError(
            "1.8",
            _("at most {limit} troops may advance into {area}").format(limit=sc.advance_limit, area=label(sc, target)),
        )
    busy = st.committed()
    for troop_id in moving:
        member = troop(sc, troop_id)
        here = st.where[troop_id]
        if sc.side_of(member.nation) != side:
            raise RuleError("1.8", _("{troop} is not the attacker's: only the victor advances").format(troop=troop_id))
        if here not in sc.neighbours[target] or st.control.get(here) != side:
            raise RuleError(
                "1.8",
                _(
                    "{troop} is in {area}: troops advance into {target} only from adjacent areas their side holds"
                ).format(troop=troop_id, area=label(sc, here), target=label(sc, target)),
            )
        if not sc.may_enter(member.nation, target):
            raise RuleError("1.4", _("{troop} cannot enter {area}").format(troop=troop_id, area=label(sc, target)))
        if troop_id in busy:
            raise RuleError(
                "1.8", _("{troop} is committed on another open battle arrow and cannot advance").format(troop=troop_id)
            )
    others = [t for t in moving if t not in survivors]
    left_behind = [t for t in survivors if t not in moving]
    if others and left_behind:
        raise RuleError(
            "1.8",
            _("the surviving troops of the battle advance first: {left_behind} must move before {others}").format(
                left_behind=", ".join(left_behind), others=", ".join(others)
            ),
        )
    _keep_fixed_battles(sc, st, arrow, moving)
    for troop_id in moving:
        st.where[troop_id] = target
    if moving:
        said = ngettext("{troops} advances into {area}", "{troops} advance into {area}", len(moving))
        events.append(said.format(troops=", ".join(moving), area=label(sc, target)))
    return moving


def _chosen_advance(
    sc: Scenario, st: CampaignState, arrow: Arrow, survivors: list[str], events: Chronicle
) -> tuple[str, ...] | None:
    """The advance the attacker's player chooses: the first of its choices the rules allow."""
    chooser = events.chooser
    assert chooser is not None
    candidates = legal.advance_candidates(sc, st, arrow.target, arrow.attacker_side)
    for moving in chooser.advance(sc, st, arrow.target, survivors, candidates):
        if not moving:
            break
        try:
            return _advance(sc, st, arrow, survivors, tuple(moving), events)
        except RuleError:
            continue  # e.g. a fixed battle still starts from there: the next choice
    return None


def _keep_fixed_battles(sc: Scenario, st: CampaignState, arrow: Arrow, moving: tuple[str, ...]) -> None:
    """Every fixed battle of the turn must be fought (RULES.md 1.5, turn 1): an advance may not take
    the last ground troop of the attacker out of the area a fixed battle still starts from."""
    for origin, target in sc.turn(st.turn).fixed_arrows:
        if (origin, target) in st.fixed_fought or (origin, target) == (arrow.origin, arrow.target):
            continue
        leaving = [t for t in moving if st.where[t] == origin]
        staying = [
            t
            for t in st.troops_in(origin)
            if t not in leaving and sc.side_of(sc.troops[t].nation) == arrow.attacker_side
        ]
        if leaving and not staying:
            raise RuleError(
                "1.5",
                _(
                    "the fixed battle {origin_code}→{target_code} is still to be fought this turn: "
                    "{leaving} cannot all advance out of {origin}; at least one ground troop stays "
                    "there to fight it"
                ).format(origin_code=origin, target_code=target, leaving=", ".join(leaving), origin=label(sc, origin)),
            )


def _dice_words(partial: Battle) -> str:
    """The dice of the battle so far, as its JSON gives them (to be given again with a choice)."""
    parts = []
    if partial.initiative_dice is not None:
        parts.append(f'"initiative_dice": {list(partial.initiative_dice)}')
    roll = partial.wargame
    if roll is not None:
        parts.append(f'"wargame": {{"attacker_die": {roll.attacker_die}, "defender_die": {roll.defender_die}}}')
    if partial.destroy_dice:
        dice = ", ".join(f'"{t}": {d}' for t, d in partial.destroy_dice.items())
        parts.append(f'"destroy_dice": {{{dice}}}')
    return ", ".join(parts) or "none rolled"
