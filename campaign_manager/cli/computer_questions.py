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
from campaign_manager.scenario.model import Scenario


def words(sc: Scenario, st: CampaignState, question: Question | None, where: str) -> str:
    """The person's next decision and how to give it (the campaign's end, when it is over)."""
    file = shlex.quote(where)
    if question is None:
        found, vp = outcome(sc, st), victory_points(sc, st)
        standing = ", ".join(f"{sc.sides[side]} {points} VP" for side, points in vp.items())
        return f"The campaign is over: {found.result} ({standing})."
    if isinstance(question, PlaceTroop):
        example = [{"type": "place", "troop": question.troop, "area": question.areas[0]}]
        return (
            f"Next: the {side_name(sc, question.side)} place {question.troop} "
            f"({troop_title(sc, question.troop, st.turn)}) in one of {', '.join(question.areas)}: "
            f"apply {file} with a place action, e.g. {json.dumps(example)}, then run computer {file} again."
        )
    if isinstance(question, RedeployTroops):
        nation = sc.nation_name(question.nation)
        unmet = deployment_problems(sc, st, only=question.nation, skip=st.deployed)
        rule = f" (the turn's deployment rule is not met yet: {'; '.join(unmet)})" if unmet else ""
        return (
            f"Next: the {nation} troops may redeploy{rule}: apply {file} with redeploy actions, e.g. "
            f'[{{"type": "redeploy", "troop": "...", "to": "..."}}]; when they are done (or to keep them where '
            f"they are), run computer {file} --redeployed."
        )
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
    won = "won the initiative and " if st.initiative is not None or question.initiative_dice else ""
    declining = (
        "the turn's battles are not all fought, so an arrow must be placed"
        if question.required
        else "or --reply none: no more battles this turn"
    )
    return (
        f"Next: the {side_name(sc, question.side)} {won}place the next battle arrow, one of "
        f"{arrows}: run computer {file} --reply {shlex.quote(json.dumps(example))} with the troops that attack "
        f'(and a "sortie"; "advance": [..] says who advances if the area is taken, by default the survivors); '
        f"{declining}."
    )


def _defence_words(sc: Scenario, st: CampaignState, question: CommitDefence, file: str) -> str:
    options = question.options
    attack = ", ".join(question.attacker.troops) + (
        f" and the {sc.nation_name(question.attacker.sortie)} sortie" if question.attacker.sortie else ""
    )
    why = f" ({question.attack_reason})" if question.attack_reason else ""
    free = ", ".join(options.defender_troops) or "none"
    sorties = f"; a sortie of: {', '.join(options.defender_sorties)}" if options.defender_sorties else ""
    example: dict = {"defender": {"troops": list(options.defender_troops[: options.limit])}}
    choice = retreat_choice(sc, st, question)
    retreat = ""
    if choice:
        example["retreat_to"] = next(iter(choice.values()))[0]
        where = "; ".join(f"{troop}: {' or '.join(areas)}" for troop, areas in choice.items())
        retreat = f', with "retreat_to": where they retreat if defeated ({where})'
    return (
        f"Next: the {side_name(sc, options.attacker_side)} attack {label(sc, question.origin)} → "
        f"{label(sc, question.target)} with {attack}{why}. The {side_name(sc, question.side)} commit up to "
        f"{options.limit} (troops free to defend: {free}{sorties}): run computer {file} --reply "
        f"{shlex.quote(json.dumps(example))}{retreat}."
    )
