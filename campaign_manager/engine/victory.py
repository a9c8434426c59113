"""Campaign victory points and the outcome (rule 1.9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypedDict

from campaign_manager.engine.lookup import troop_title
from campaign_manager.engine.state import CAPTURED, CampaignState, Phase
from campaign_manager.i18n import _, pgettext
from campaign_manager.scenario.model import Scenario


class VPPartJson(TypedDict):
    reason: str
    vp: int


class OutcomeJson(TypedDict):
    leader: str | None
    margin: int
    result: str
    final: bool


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who leads, by how much, the result if the campaign ended now, and whether it has."""

    leader: str | None
    margin: int
    result: str
    final: bool

    def to_json(self) -> OutcomeJson:
        return {"leader": self.leader, "margin": self.margin, "result": self.result, "final": self.final}


def victory_points(sc: Scenario, st: CampaignState) -> dict[str, int]:
    """Objectives held plus what each side scored (captures, wins against a command centre)."""
    return {side: sc.objective_vp(st.control, side) + st.scored[side] for side in sc.sides}


class VPPart(NamedTuple):
    """One part of a side's campaign VP, and why it scores: an objective held, a win against a
    command centre, an enemy troop captured."""

    reason: str
    vp: int

    def to_json(self) -> VPPartJson:
        return {"reason": self.reason, "vp": self.vp}


def vp_breakdown(sc: Scenario, st: CampaignState) -> dict[str, list[VPPart]]:
    """Each side's VP as its parts, which add up to `victory_points` (rule 1.9): the objectives it
    holds (in the scenario's order), each win against a command centre, each enemy troop it
    captured (in the roster's order)."""
    parts: dict[str, list[VPPart]] = {side: [] for side in sc.sides}
    for code, area in sc.areas.items():
        holder = st.control.get(code)
        if area.vp and holder in parts:
            parts[holder].append(VPPart(_("{area} held (objective)").format(area=sc.area_label(code)), area.vp))
    for code, turn in st.command_centre_wins:
        area = sc.areas[code]
        scorer = area.command_centre_scorer
        if scorer in parts:
            parts[scorer].append(
                VPPart(
                    _("{area}'s defenders defeated in turn {turn} (a command centre: never taken)").format(
                        area=sc.area_label(code), turn=turn
                    ),
                    area.command_centre_vp,
                )
            )
    for troop_id, member in sc.troops.items():
        if st.where.get(troop_id) != CAPTURED:
            continue
        owner = sc.side_of(member.nation)
        words = _("{troop} ({title}) captured from the {side}").format(
            troop=troop_id, title=troop_title(sc, troop_id, st.turn), side=sc.side_noun(owner)
        )
        parts[sc.enemy_of(owner)].append(VPPart(words, member.type.capture_vp))
    return parts


def outcome(sc: Scenario, st: CampaignState) -> Outcome:
    """Leader, margin and the result if the campaign ended now (final once it is over)."""
    vp = victory_points(sc, st)
    first, second = sc.side_ids
    leader = first if vp[first] > vp[second] else second if vp[second] > vp[first] else None
    margin = abs(vp[first] - vp[second])
    result = sc.victory_below
    for threshold, name in sc.victory_levels:
        if margin >= threshold and leader:
            result = f"{sc.sides[leader]} {name}"
            break
    return Outcome(leader, margin, result, st.phase == Phase.FINISHED)


def level_words(name: str) -> str:
    """A victory level (or the result under the lowest) as the scenario names it, in the user's
    language: the bundled scenarios' levels are in the catalogue; another scenario's stay its own
    words. `Outcome.result` keeps the scenario's words (What if counts results by them)."""
    said = {
        "strategic victory": pgettext("a victory level", "strategic victory"),
        "operational victory": pgettext("a victory level", "operational victory"),
        "tactical victory": pgettext("a victory level", "tactical victory"),
        "decisive victory": pgettext("a victory level", "decisive victory"),
        "victory": pgettext("a victory level", "victory"),
        "narrow victory": pgettext("a victory level", "narrow victory"),
        "draw": pgettext("a campaign's result under the lowest victory level", "draw"),
        "stalemate": pgettext("a campaign's result under the lowest victory level", "stalemate"),
    }
    return said.get(name, name)


def result_words(sc: Scenario, found: Outcome) -> str:
    """The result of `found` in the user's language ("Allied operational victory", "draw"), as
    the panels and reports show it."""
    for threshold, name in sc.victory_levels:
        if found.margin >= threshold and found.leader:
            said = pgettext("a campaign's result: {side} a side's name, {level} a victory level", "{side} {level}")
            return said.format(side=sc.side_adjective(found.leader), level=level_words(name))
    return level_words(sc.victory_below)


def result_names(sc: Scenario) -> dict[str, str]:
    """Each result as `Outcome.result` and What if name it (the scenario's words: "Allied
    operational victory", "draw") → the same in the user's language."""
    names = {sc.victory_below: level_words(sc.victory_below)}
    for side, side_words in sc.sides.items():
        for _threshold, level in sc.victory_levels:
            said = pgettext("a campaign's result: {side} a side's name, {level} a victory level", "{side} {level}")
            names[f"{side_words} {level}"] = said.format(side=sc.side_adjective(side), level=level_words(level))
    return names


def levels_words(sc: Scenario) -> str:
    """The victory levels by margin and the result under the lowest, in one sentence: the VP
    indicator's tooltip and the printed reports say them alike (`show --json`: outcome.levels)."""
    below = level_words(sc.victory_below)
    if not sc.victory_levels:
        return _("Victory levels by margin: none, every result is a {result}.").format(result=below)
    levels = ", ".join(f"{m}+ {level_words(name)}" for m, name in sc.victory_levels)
    return _("Victory levels by margin: {levels}; under {lowest}: {result}.").format(
        levels=levels, lowest=sc.victory_levels[-1][0], result=below
    )


def result_order(sc: Scenario) -> dict[str, int]:
    """The campaign results from the first side's best to the second's (the Axis's to the Allies'),
    the draw between them: the order of a VP margin, the second side's VP minus the first's, from
    low to high (what-if charts and lists)."""
    first, second = sc.side_ids
    levels = [name for _, name in sorted(sc.victory_levels, reverse=True)]
    names = [f"{sc.sides[first]} {name}" for name in levels] + [sc.victory_below]
    names += [f"{sc.sides[second]} {name}" for name in reversed(levels)]
    return {name: index for index, name in enumerate(names)}
