"""What a person decides next in a General's Wargame against the computer (`campaign-manager
computer`), said from the turn driver's question (engine/driver.py), with the command that answers
it and an example in the actions' own words."""

from __future__ import annotations

import json
import shlex

from campaign_manager.engine import legal
from campaign_manager.engine.computer_moves import retreat_choice
from campaign_manager.engine.deployment import deployment_problems
from campaign_manager.engine.driver import ChooseAttack, CommitDefence, PlaceTroop, Question, RedeployTroops
from campaign_manager.engine.lookup import label, side_name, troop_title
from campaign_manager.engine.state import CampaignState
from campaign_manager.engine.victory import outcome, victory_points
from campaign_manager.i18n import _
from campaign_manager.scenario.model import Scenario


def words(sc: Scenario, st: CampaignState, question: Question | None, where: str) -> str:
    """The person's next decision and how to give it (the campaign's end, when it is over)."""
    file = shlex.quote(where)
    if question is None:
        found, vp = outcome(sc, st), victory_points(sc, st)
        standing = ", ".join(
            _("{side} {points} VP").format(side=sc.side_adjective(side), points=points) for side, points in vp.items()
        )
        return _("The campaign is over: {result} ({standing}).").format(result=found.result, standing=standing)
    if isinstance(question, PlaceTroop):
        example = [{"type": "place", "troop": question.troop, "area": question.areas[0]}]
        words = _(
            "Next: the {side} place {troop} ({title}) in one of {areas}: "
            "apply {file} with a place action, e.g. {example}, then run computer {file} again."
        )
        return words.format(
            side=side_name(sc, question.side),
            troop=question.troop,
            title=troop_title(sc, question.troop, st.turn),
            areas=", ".join(question.areas),
            file=file,
            example=json.dumps(example),
        )
    if isinstance(question, RedeployTroops):
        nation = sc.nation_name(question.nation)
        unmet = deployment_problems(sc, st, only=question.nation, skip=st.deployed)
        redeploy_example = '[{"type": "redeploy", "troop": "...", "to": "..."}]'
        if unmet:
            words = _(
                "Next: the {nation} troops may redeploy (the turn's deployment rule is not met yet: {unmet}): "
                "apply {file} with redeploy actions, e.g. {example}; when they are done (or to keep them where "
                "they are), run computer {file} --redeployed."
            )
        else:
            words = _(
                "Next: the {nation} troops may redeploy: apply {file} with redeploy actions, e.g. {example}; "
                "when they are done (or to keep them where they are), run computer {file} --redeployed."
            )
        return words.format(nation=nation, unmet="; ".join(unmet), file=file, example=redeploy_example)
    if isinstance(question, ChooseAttack):
        return _attack_words(sc, st, question, file)
    if isinstance(question, CommitDefence):
        return _defence_words(sc, st, question, file)
    return f"Next: {type(question).__name__} for the {side_name(sc, question.side)}."  # never asked of a person


def _attack_words(sc: Scenario, st: CampaignState, question: ChooseAttack, file: str) -> str:
    origin, target = question.arrows[0]
    troops = legal.legal_commitments(sc, st, origin, target).attacker_troops
    example = {"from": origin, "to": target, "attacker": {"troops": list(troops[:1])}}
    arrows = ", ".join(f"{a} → {b}" for a, b in question.arrows)
    declining = (
        _("the turn's battles are not all fought, so an arrow must be placed")
        if question.required
        else _("or --reply none: no more battles this turn")
    )
    if st.initiative is not None or question.initiative_dice:
        words = _(
            "Next: the {side} won the initiative and place the next battle arrow, one of {arrows}: "
            'run computer {file} --reply {example} with the troops that attack (and a "sortie"; '
            '"advance": [..] says who advances if the area is taken, by default the survivors); {declining}.'
        )
    else:
        words = _(
            "Next: the {side} place the next battle arrow, one of {arrows}: "
            'run computer {file} --reply {example} with the troops that attack (and a "sortie"; '
            '"advance": [..] says who advances if the area is taken, by default the survivors); {declining}.'
        )
    return words.format(
        side=side_name(sc, question.side),
        arrows=arrows,
        file=file,
        example=shlex.quote(json.dumps(example)),
        declining=declining,
    )


def _defence_words(sc: Scenario, st: CampaignState, question: CommitDefence, file: str) -> str:
    options = question.options
    attack = ", ".join(question.attacker.troops)
    if question.attacker.sortie:
        words = _("{troops} and the {nation} sortie")
        attack = words.format(troops=attack, nation=sc.nation_name(question.attacker.sortie))
    why = f" ({question.attack_reason})" if question.attack_reason else ""
    free = ", ".join(options.defender_troops) or _("none")
    if options.defender_sorties:
        words = _("troops free to defend: {troops}; a sortie of: {sorties}")
        free = words.format(troops=free, sorties=", ".join(options.defender_sorties))
    else:
        free = _("troops free to defend: {troops}").format(troops=free)
    example: dict = {"defender": {"troops": list(options.defender_troops[: options.limit])}}
    choice = retreat_choice(sc, st, question)
    where = ""
    if choice:
        example["retreat_to"] = next(iter(choice.values()))[0]
        where = "; ".join(
            _("{troop}: {areas}").format(troop=troop, areas=_(" or ").join(areas)) for troop, areas in choice.items()
        )
        words = _(
            "Next: the {attacker} attack {origin} → {target} with {attack}{why}. The {defender} commit up to "
            '{limit} ({free}): run computer {file} --reply {example}, with "retreat_to": where they retreat if '
            "defeated ({choices})."
        )
    else:
        words = _(
            "Next: the {attacker} attack {origin} → {target} with {attack}{why}. The {defender} commit up to "
            "{limit} ({free}): run computer {file} --reply {example}."
        )
    return words.format(
        attacker=side_name(sc, options.attacker_side),
        origin=label(sc, question.origin),
        target=label(sc, question.target),
        attack=attack,
        why=why,
        defender=side_name(sc, question.side),
        limit=options.limit,
        free=free,
        file=file,
        example=shlex.quote(json.dumps(example)),
        choices=where,
    )
