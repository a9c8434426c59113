"""Placing battle arrows and committing troops (rules 1.4, 1.5 initiative and sorties)."""

from __future__ import annotations

from collections.abc import Callable

from campaign_manager.dice import D6, Roller, roll_or_check
from campaign_manager.engine import legal, roster
from campaign_manager.engine.actions import Battle
from campaign_manager.engine.actions import Initiative as InitiativeRoll
from campaign_manager.engine.lookup import area, label, possessive, side_name, troop
from campaign_manager.engine.planning import close_planning
from campaign_manager.engine.resolve import resolve, result_opening
from campaign_manager.engine.state import Arrow, CampaignState, Chronicle, Commitment, Phase, evolve
from campaign_manager.errors import RuleError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.scenario.model import Scenario

# The refusals that name a side of the battle, one whole sentence for each side (docs/translation.md).
_CHANGED = {
    "attacker": N_(
        "the attacker's troops on the open arrow {origin_code}→{target_code} were committed when it was placed "
        "and cannot change"
    ),
    "defender": N_(
        "the defender's troops on the open arrow {origin_code}→{target_code} were committed when it was placed "
        "and cannot change"
    ),
}
_TWICE = {"attacker": N_("the attacker lists a troop twice"), "defender": N_("the defender lists a troop twice")}
_ELSEWHERE = {
    "attacker": N_("{troop} is in {area}, not {where}: the attacker commits troops from the area attacked from"),
    "defender": N_("{troop} is in {area}, not {where}: the defender commits troops from the area attacked"),
}
_TOO_MANY = {
    "attacker": N_("the attacker may commit at most {most} Firestorm troops, aircraft included (got {total})"),
    "defender": N_("the defender may commit at most {most} Firestorm troops, aircraft included (got {total})"),
}


def battle(sc: Scenario, st: CampaignState, action: Battle, roller: Roller, events: Chronicle) -> Battle:
    origin, target = area(sc, action.origin), area(sc, action.target)
    out_of_turn = legal.no_turn_refusal(st)
    if out_of_turn is not None:
        raise out_of_turn
    arrow = st.open_arrow(origin, target)
    start = len(events)  # this battle's first line in the history
    if arrow is None:
        over = legal.ceiling_refusal(st)
        if over is not None:
            raise over
        if st.phase == Phase.PLANNING:
            close_planning(sc, st)
        rolled_ahead = st.initiative is not None
        arrow = declare(sc, st, action, roller, events)
        mission, mission_words = _mission(sc, st, action, roller)
        if mission is not None:  # the arrow keeps its mission until it is fought, however much later
            arrow = evolve(arrow, mission_die=mission)
            st.open_arrows = (*st.open_arrows[:-1], arrow)
        record = action
        if events.recording:
            record = evolve(
                action,
                initiative_dice=None if rolled_ahead else arrow.initiative_dice,
                attacker=arrow.attacker,
                defender=arrow.defender,
                mission_die=mission,
            )
    else:
        if action.initiative_dice is not None:
            raise RuleError(
                "1.5",
                _("the arrow {origin_code}→{target_code} is already placed; its initiative was rolled then").format(
                    origin_code=origin, target_code=target
                ),
            )
        for given, placed, changed in (
            (action.attacker, arrow.attacker, _CHANGED["attacker"]),
            (action.defender, arrow.defender, _CHANGED["defender"]),
        ):
            if given is not None and given != placed:
                raise RuleError("1.4", _(changed).format(origin_code=origin, target_code=target))
        if not action.has_result:
            raise RuleError(
                "1.4",
                _("the arrow {origin_code}→{target_code} is already open: give its result").format(
                    origin_code=origin, target_code=target
                ),
            )
        if action.mission_die is not None:
            raise RuleError(
                "1.5",
                _("the mission of {origin_code}→{target_code} was chosen when its arrow was placed").format(
                    origin_code=origin, target_code=target
                ),
            )
        record, mission_words = action, ""
    if not action.has_result:
        events.append(
            _("Battle arrow {origin} → {target} placed; waiting for the result").format(
                origin=label(sc, origin), target=label(sc, target)
            )
        )
        record_done = record
    else:
        if record.games is not None:  # who played each game: on the roster, of the right side
            games = roster.check_players(sc, st, arrow, record.games)
            roster.mark_played(st, games)
            if games is not record.games:
                record = evolve(record, games=games)
        record_done = resolve(sc, st, arrow, record, roller, events)
    if (
        events.recording
    ):  # the history leads with the battle and its result, then who played; notes and the mission follow
        _lead_with(events, start, result_opening(sc, origin, target))
        if record.games is not None:
            events[start + 1 : start + 1] = roster.players_words(sc, arrow, record.games)
        if mission_words:
            events.append(mission_words)
    return record_done


def _lead_with(events: Chronicle, start: int, opening: str) -> None:
    """Move the line that begins with `opening` to `start`, the first line of this action."""
    for index in range(start, len(events)):
        if events[index].startswith(opening):
            events.insert(start, events.pop(index))
            return


def _mission(sc: Scenario, st: CampaignState, action: Battle, roller: Roller) -> tuple[int | None, str]:
    """The turn's suggested mission, when the players roll for it (typed in, or "roll"): the die,
    and the sentence for the history."""
    if action.mission_die is None:
        return None, ""
    given = None if action.mission_die == "roll" else action.mission_die
    die = roll_or_check(given, D6, roller, _("suggested-mission die"))
    return die, _("Suggested mission (d6 {die}): {mission}").format(
        die=die, mission=sc.turn(st.turn).mission_titles[die - 1]
    )


def declare(sc: Scenario, st: CampaignState, action: Battle, roller: Roller, events: Chronicle) -> Arrow:
    """Check a new arrow and its commitments, spend its sorties and put it on the map."""
    origin, target = action.origin, action.target
    side = st.control.get(origin)
    spec = sc.turn(st.turn)
    goal = sc.areas[target]
    if side is None:
        raise RuleError(
            "1.4",
            _("nobody holds {origin}: an attack starts from an area the attacker holds").format(
                origin=label(sc, origin)
            ),
        )
    if goal.impassable:
        raise RuleError("1.4", _("{area} is impassable and cannot be attacked").format(area=label(sc, target)))
    if goal.staging:
        raise RuleError(
            "1.4",
            _("{area} is a staging area: it is never attacked, only attacked from").format(area=label(sc, target)),
        )
    if st.control.get(target) != sc.enemy_of(side):
        raise RuleError(
            "1.4",
            _("{area} is held by the {side}: the {attacker} can only attack an area the enemy holds").format(
                area=label(sc, target), side=side_name(sc, st.control.get(target)), attacker=side_name(sc, side)
            ),
        )
    if target not in sc.neighbours[origin]:
        raise RuleError(
            "1.4",
            _("{area} cannot be attacked from {origin}: the areas are not linked").format(
                area=label(sc, target), origin=label(sc, origin)
            ),
        )
    for arrow in st.open_arrows:
        if arrow.pair() == frozenset((origin, target)):
            raise RuleError(
                "1.4",
                _(
                    "finish the battle {origin_code}→{target_code} before placing another arrow between those areas"
                ).format(origin_code=arrow.origin, target_code=arrow.target),
            )
    initiative = _initiative(sc, st, action, side, roller, events)
    if spec.fixed_arrows:
        fixed = ", ".join(f"{a}→{b}" for a, b in spec.fixed_arrows)
        if (origin, target) not in spec.fixed_arrows or side != spec.fixed_attacker:
            raise RuleError(
                "1.5", _("turn {turn} has fixed battles only: {arrows}").format(turn=spec.number, arrows=fixed)
            )
        if (origin, target) in st.fixed_fought:
            raise RuleError(
                "1.5",
                _("the fixed battle {origin_code}→{target_code} has already been fought this turn").format(
                    origin_code=origin, target_code=target
                ),
            )
    assert side is not None  # checked above: an attack starts from an area its side holds
    attacker = action.attacker or Commitment()
    defender = action.defender or Commitment()
    _check_commitment(sc, st, side, origin, attacker, "attacker")
    _check_commitment(sc, st, sc.enemy_of(side), target, defender, "defender")
    for mine, theirs in ((attacker, defender), (defender, attacker)):
        if mine.sortie and not legal.aircraft_adds(sc, mine.sortie, theirs.sortie) and events.recording:
            events.append(
                _(
                    "The {aircraft} sortie is spent but adds nothing: it only counts against enemy aircraft, "
                    "and none is in this battle"
                ).format(aircraft=sc.aircraft[mine.sortie].name)
            )
    for commitment, whose in ((attacker, side), (defender, sc.enemy_of(side))):
        if commitment.sortie:
            st.sorties[commitment.sortie] -= 1
            if events.recording:
                left = st.sorties[commitment.sortie]
                said = ngettext(
                    "The {aircraft} flies for the {side} ({left} {nation} sortie left this turn)",
                    "The {aircraft} flies for the {side} ({left} {nation} sorties left this turn)",
                    left,
                )
                events.append(
                    said.format(
                        aircraft=sc.aircraft[commitment.sortie].name,
                        side=side_name(sc, whose),
                        left=left,
                        nation=sc.nation_name(commitment.sortie),
                    )
                )
    if not defender.troops and not defender.sortie and events.recording:
        events.append(_("The defenders of {area} commit no Firestorm troops").format(area=label(sc, target)))
    fortification = legal.fortification_name(sc, st, origin, target, side)
    if fortification and events.recording:
        events.append(fortification_words(sc, fortification))
    arrow = Arrow(origin, target, side, attacker, defender, initiative)
    st.open_arrows = (*st.open_arrows, arrow)
    return arrow


def fortification_words(sc: Scenario, name: str) -> str:
    """What the fortification means at the table (rule 1.3), in a sentence."""
    return _("The {fortification} defends this battle: {terms}").format(
        fortification=name, terms=fortification_terms(sc)
    )


def fortification_terms(sc: Scenario) -> str:
    """What the fortification means in a tabletop game and in the General's Wargame (rule 1.3)."""
    fort = sc.fortification
    assert fort is not None
    bonus = ", ".join(
        _("{bonus} in {terrain} terrain").format(bonus=f"{value:+d}", terrain=sc.terrain_name(terrain).lower())
        for terrain, value in fort.bonus.by_terrain
    )
    tabletop = _("in a tabletop game {tabletop}").format(tabletop=fort.at_table) if fort.at_table else ""
    wargame = _("in the General's Wargame the defender adds {bonus}").format(bonus=bonus) if bonus else ""
    return "; ".join(filter(None, (tabletop, wargame)))


def _initiative(
    sc: Scenario, st: CampaignState, action: Battle, side: str, roller: Roller, events: Chronicle
) -> tuple[int, int] | None:
    spec = sc.turn(st.turn)
    rule = spec.initiative
    if rule is None:
        if action.initiative_dice is not None:
            raise RuleError(
                "1.5", _("turn {turn} has fixed battles: there is no initiative roll").format(turn=spec.number)
            )
        return None
    if st.initiative is not None:  # rolled ahead with an `initiative` action
        ahead, dice = st.initiative
        if action.initiative_dice is not None:
            raise RuleError("1.5", _("the initiative for this battle was already rolled: leave out initiative_dice"))
        if ahead != side:
            raise RuleError(
                "1.5",
                _("the {winner} won the initiative: they place the next battle arrow, not the {side}").format(
                    winner=side_name(sc, ahead), side=side_name(sc, side)
                ),
            )
        st.initiative = None
        return dice
    given = action.initiative_dice or (None, None)
    dice = (
        roll_or_check(given[0], D6, roller, _("attacker's initiative die")),
        roll_or_check(given[1], D6, roller, _("defender's initiative die")),
    )
    enemy = sc.enemy_of(side)
    winner, scores = initiative_winner(sc, st.turn, {side: dice[0], enemy: dice[1]})
    if winner == side and not events.recording:
        return dice
    words = _("{side} {score}, {enemy} {enemy_score} (dice {die} and {enemy_die}; {favoured} +{modifier} and win ties)")
    words = words.format(
        side=side_name(sc, side),
        score=scores[side],
        enemy=side_name(sc, enemy),
        enemy_score=scores[enemy],
        die=dice[0],
        enemy_die=dice[1],
        favoured=side_name(sc, rule.side),
        modifier=rule.modifier,
    )
    if winner != side:
        if legal.legal_arrows(sc, st, winner):
            raise RuleError(
                "1.5",
                _("the {winner} won the initiative ({dice}): the {side} cannot attack in this battle").format(
                    winner=side_name(sc, winner), dice=words, side=side_name(sc, side)
                ),
            )
        events.append(
            _("The {winner} won the initiative ({dice}) but have no arrow to place; the {side} attack instead").format(
                winner=side_name(sc, winner), dice=words, side=side_name(sc, side)
            )
        )
    else:
        events.append(_("Initiative to the {side}: {dice}").format(side=side_name(sc, side), dice=words))
    return dice


def _initiative_die(side: str) -> str:
    """A side's initiative die by name ("Allies' initiative die", "Horde's initiative die")."""
    said = _("{side}' initiative die") if possessive(side).endswith("'") else _("{side}'s initiative die")
    return said.format(side=side)


def roll_initiative(
    sc: Scenario, st: CampaignState, action: InitiativeRoll, roller: Roller, events: Chronicle
) -> InitiativeRoll:
    """The `initiative` action: roll now, before the arrow; the winner places the next one."""
    spec = sc.turn(st.turn) if st.turn else None
    if st.phase not in (Phase.PLANNING, Phase.BATTLE) or spec is None:
        raise RuleError("1.1", _("initiative is rolled during a turn's battles: start the turn first"))
    if spec.initiative is None:
        raise RuleError("1.5", _("turn {turn} has fixed battles: there is no initiative roll").format(turn=spec.number))
    if st.initiative is not None:
        raise RuleError(
            "1.5",
            _("the initiative is already rolled: the {side} place the next battle arrow").format(
                side=side_name(sc, st.initiative[0])
            ),
        )
    over = legal.ceiling_refusal(st)
    if over is not None:
        raise over
    given = dict(action.dice or ())
    if action.dice is not None and set(given) != set(sc.sides):
        raise RuleError(
            "1.5", _("give one initiative die for each side ({sides})").format(sides=", ".join(sorted(sc.sides)))
        )
    if st.phase == Phase.PLANNING:
        close_planning(sc, st)
    dice = {
        side: roll_or_check(given.get(side), D6, roller, _initiative_die(side_name(sc, side)))
        for side in sorted(sc.sides)
    }
    winner, scores = initiative_winner(sc, st.turn, dice)
    words = ", ".join(
        _("{side} {die}→{score}").format(side=side_name(sc, s), die=dice[s], score=scores[s]) for s in sorted(sc.sides)
    )
    attacker = winner
    if not legal.legal_arrows(sc, st, winner):
        attacker = sc.enemy_of(winner)
        events.append(
            _("The {winner} won the initiative ({dice}) but have no arrow to place: the {side} attack instead").format(
                winner=side_name(sc, winner), dice=words, side=side_name(sc, attacker)
            )
        )
    else:
        events.append(
            _("Initiative to the {side} ({dice}): they place the next battle arrow").format(
                side=side_name(sc, winner), dice=words
            )
        )
    st.initiative = (attacker, (dice[attacker], dice[sc.enemy_of(attacker)]))
    return InitiativeRoll(tuple(sorted(dice.items())))


def initiative_attacker(
    sc: Scenario,
    st: CampaignState,
    dice: dict[str, int],
    arrows: Callable[[Scenario, CampaignState, str], list[tuple[str, str]]] = legal.legal_arrows,
) -> tuple[str, tuple[int, int]]:
    """Who places the next battle arrow with these initiative dice (rule 1.5): the winner, or the
    other side when the winner has no arrow to place; and the dice as (attacker's, defender's).
    `arrows`: the legal_arrows query, or a caller's kept answers to it."""
    winner, _ = initiative_winner(sc, st.turn, dice)
    side = winner if arrows(sc, st, winner) else sc.enemy_of(winner)
    return side, (dice[side], dice[sc.enemy_of(side)])


def initiative_winner(sc: Scenario, turn: int, dice: dict[str, int]) -> tuple[str, dict[str, int]]:
    """Who wins the initiative on `turn` with these d6 per side, and the modified scores."""
    rule = sc.turn(turn).initiative
    assert rule is not None, f"turn {turn} has no initiative roll"
    scores = {side: die + (rule.modifier if rule.side == side else 0) for side, die in dice.items()}
    first, second = scores
    winner = first if scores[first] > scores[second] else second if scores[second] > scores[first] else rule.side
    return winner, scores


def _check_commitment(
    sc: Scenario, st: CampaignState, side: str, where: str, commitment: Commitment, role: str
) -> None:
    busy = st.committed() if st.open_arrows else ()
    if len(set(commitment.troops)) != len(commitment.troops):
        raise RuleError("1.4", _(_TWICE[role]))
    for troop_id in commitment.troops:
        member = sc.troops.get(troop_id) or troop(sc, troop_id)
        if sc.nations[member.nation][1] != side:
            raise RuleError(
                "1.4",
                _("{troop} is {nation}: it cannot fight for the {side}").format(
                    troop=troop_id, nation=sc.nation_name(member.nation), side=side_name(sc, side)
                ),
            )
        if st.where[troop_id] != where:
            words = _(_ELSEWHERE[role]).format(
                troop=troop_id, area=label(sc, st.where[troop_id]), where=label(sc, where)
            )
            raise RuleError("1.4", words)
        if troop_id in busy:
            raise RuleError(
                "1.4", _("{troop} is already committed on another open battle arrow").format(troop=troop_id)
            )
    if role == "attacker" and not commitment.troops:
        raise RuleError(
            "1.4", _("the attacker must commit at least one ground troop from {area}").format(area=label(sc, where))
        )
    if commitment.sortie:
        nation = commitment.sortie
        if nation not in sc.nations or nation not in sc.aircraft:
            raise RuleError("1.3", _("there are no '{nation}' aircraft in this scenario").format(nation=nation))
        if sc.side_of(nation) != side:
            raise RuleError(
                "1.4",
                _("{nation} aircraft cannot fly for the {side}").format(
                    nation=sc.nation_name(nation), side=side_name(sc, side)
                ),
            )
        if st.sorties.get(nation, 0) <= 0:
            raise RuleError(
                "1.5", _("no {nation} air sorties are left this turn").format(nation=sc.nation_name(nation))
            )
    total = len(commitment.troops) + (1 if commitment.sortie else 0)
    if total > sc.max_committed:
        raise RuleError("1.4", _(_TOO_MANY[role]).format(most=sc.max_committed, total=total))
