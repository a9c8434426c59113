"""A turn's requirements (rule 1.5) in plain data: what the generals look up first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NotRequired, TypedDict

from campaign_manager import i18n
from campaign_manager.engine.battle import fortification_terms
from campaign_manager.engine.deployment import deployment_problems, kind_counted
from campaign_manager.engine.lookup import label, placement_areas, placement_words, zone_words
from campaign_manager.engine.memo import PerState
from campaign_manager.engine.state import POOL, CampaignState, Phase
from campaign_manager.engine.views import BattlesView
from campaign_manager.errors import UserError
from campaign_manager.i18n import _, ngettext
from campaign_manager.scenario.model import Scenario
from campaign_manager.scenario.turns import DeploymentRule


class ArrivalJson(TypedDict):
    id: str
    nation: str
    kind: str
    zone: str
    may_go: NotRequired[list[str]]
    from_pool: NotRequired[bool]


class TurnBattlesJson(TypedDict):
    formula: str
    dice: int
    dice_words: str
    required: int | None
    fought: int | None


FixedArrowJson = TypedDict("FixedArrowJson", {"from": str, "to": str, "attacker": str | None})


class InitiativeRuleJson(TypedDict):
    side: str
    modifier: int
    ties: str
    words: str


class FortificationJson(TypedDict):
    name: str
    links: list[str]
    tabletop: str
    words: str


class RequirementsJson(TypedDict):
    turn: int
    name: str
    dates: str
    battles: TurnBattlesJson
    fixed_arrows: list[FixedArrowJson]
    initiative: InitiativeRuleJson | None
    sorties: dict[str, int]
    redeploy: list[str]
    deployment: list[str]
    deployment_problems: list[str]
    reinforcements: list[ArrivalJson]
    missions: dict[str, str]
    fortification: FortificationJson | None


@dataclass(frozen=True, slots=True)
class ArrivalView:
    """A troop that arrives in the turn: where it may go, in words (and, once the turn has
    started, the areas it `may_go` to now); `from_pool`: back from the reinforcement pool
    (None: not said, before the turn)."""

    id: str
    nation: str
    kind: str
    zone: str
    may_go: tuple[str, ...] | None = None
    from_pool: bool | None = None

    def to_json(self) -> ArrivalJson:
        data: ArrivalJson = {"id": self.id, "nation": self.nation, "kind": self.kind, "zone": self.zone}
        if self.may_go is not None:
            data["may_go"] = list(self.may_go)
        if self.from_pool is not None:
            data["from_pool"] = self.from_pool
        return data


@dataclass(frozen=True, slots=True)
class TurnBattlesView:
    """How many battles the turn has: its formula and dice, and (in the turn itself) the count."""

    formula: str
    dice: int
    dice_words: str
    required: int | None
    fought: int | None

    def to_json(self) -> TurnBattlesJson:
        return {
            "formula": self.formula,
            "dice": self.dice,
            "dice_words": self.dice_words,
            "required": self.required,
            "fought": self.fought,
        }


@dataclass(frozen=True, slots=True)
class FixedArrowView:
    """One of a turn's fixed battles, and the side that attacks on it."""

    origin: str
    target: str
    attacker: str | None

    def to_json(self) -> FixedArrowJson:
        return {"from": self.origin, "to": self.target, "attacker": self.attacker}


@dataclass(frozen=True, slots=True)
class InitiativeRuleView:
    """How the turn's initiative is rolled: the side that adds `modifier` and wins ties."""

    side: str
    modifier: int
    ties: str
    words: str

    def to_json(self) -> InitiativeRuleJson:
        return {"side": self.side, "modifier": self.modifier, "ties": self.ties, "words": self.words}


@dataclass(frozen=True, slots=True)
class FortificationView:
    """The fortification: the links it stands on, and what it means at the table (rule 1.3)."""

    name: str
    links: tuple[str, ...]
    tabletop: str
    words: str

    def to_json(self) -> FortificationJson:
        return {"name": self.name, "links": list(self.links), "tabletop": self.tabletop, "words": self.words}


@dataclass(frozen=True, slots=True)
class RequirementsView:
    """What a turn asks for (`requirements`; `to_json` is the `requirements --json` answer).
    Shared by every reader of the same state, so its mappings are read-only."""

    turn: int
    name: str
    dates: str
    battles: TurnBattlesView
    fixed_arrows: tuple[FixedArrowView, ...]
    initiative: InitiativeRuleView | None
    sorties: Mapping[str, int]
    redeploy: tuple[str, ...]
    deployment: tuple[str, ...]
    deployment_problems: tuple[str, ...]
    reinforcements: tuple[ArrivalView, ...]
    missions: Mapping[str, str]  # the mission of each face of the die, by the face ("1" to "6")
    fortification: FortificationView | None
    # What it was worked out from, so `to_json` says its words in English in every language.
    source: tuple[Scenario, CampaignState] | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> RequirementsJson:
        """The view as `requirements --json` prints it: its words in English, whatever the language."""
        if self.source is not None:
            with i18n.english():
                return _requirements(*self.source, self.turn, kept=False).to_json()
        return {
            "turn": self.turn,
            "name": self.name,
            "dates": self.dates,
            "battles": self.battles.to_json(),
            "fixed_arrows": [a.to_json() for a in self.fixed_arrows],
            "initiative": None if self.initiative is None else self.initiative.to_json(),
            "sorties": dict(self.sorties),
            "redeploy": list(self.redeploy),
            "deployment": list(self.deployment),
            "deployment_problems": list(self.deployment_problems),
            "reinforcements": [a.to_json() for a in self.reinforcements],
            "missions": dict(self.missions),
            "fortification": None if self.fortification is None else self.fortification.to_json(),
        }


def default_turn(sc: Scenario, st: CampaignState) -> int:
    """The turn under way, or the next one between turns."""
    if st.phase in (Phase.SETUP, Phase.STRATEGIC):
        return min(st.turn + 1, len(sc.turns))
    return max(st.turn, 1)


def battle_count_words(required: int, fought: int, ceiling: int | None = None) -> str:
    """Where the turn's battle count stands, as a plain sentence: "2 battles required, 0 fought so
    far" (more may be fought than required); in a General's Wargame, with its `ceiling` (rule
    1.5): "5 battles this turn (4 rolled, 1 extra agreed), 0 fought so far"."""
    if ceiling is None:
        return ngettext(
            "{count} battle required, {fought} fought so far",
            "{count} battles required, {fought} fought so far",
            required,
        ).format(count=required, fought=fought)
    extra = ceiling - required
    agreed = (  # turn 1: fixed, not rolled
        _("{rolled} rolled, {extra} extra agreed").format(rolled=required, extra=extra)
        if extra
        else _("no extra agreed")
    )
    return ngettext(
        "{count} battle this turn ({agreed}), {fought} fought so far",
        "{count} battles this turn ({agreed}), {fought} fought so far",
        ceiling,
    ).format(count=ceiling, agreed=agreed, fought=fought)


def count_words(battles: BattlesView | TurnBattlesView) -> str:
    """`battle_count_words` for a view's battles (engine/views.py; a turn's requirements once
    its count is known: the ceiling is the picture's alone)."""
    ceiling = battles.ceiling if isinstance(battles, BattlesView) else None
    return battle_count_words(battles.required or 0, battles.fought or 0, ceiling)


def rule_words(sc: Scenario, rule: DeploymentRule) -> str:
    nation = sc.nation_name(rule.nation)
    if rule.rule == "at_least":
        return ngettext(
            "at least {count} {nation} troop in {area}", "at least {count} {nation} troops in {area}", rule.count
        ).format(count=rule.count, nation=nation, area=label(sc, rule.area or ""))
    holder = sc.side_noun(sc.side_of(rule.nation))
    allowed = ""
    for x in rule.exceptions:
        if x.troop:
            who = x.troop
        elif x.kind:
            who = _("{count} {nation} {kind}").format(count=x.count, nation=nation, kind=kind_counted(x.kind))
        else:
            who = ngettext("{count} {nation} troop", "{count} {nation} troop", x.count).format(
                count=x.count, nation=nation
            )
        one = _("{troop}, who stays in {area} while the {side} hold it").format(
            troop=who, area=label(sc, x.area), side=holder
        )
        allowed = _("{earlier}; and {later}").format(earlier=allowed, later=one) if allowed else one
    enemy = sc.nation_name(rule.enemy_nation or "")
    if allowed:
        return _("every {nation} troop next to an area holding {enemy} troops, except {allowed}").format(
            nation=nation, enemy=enemy, allowed=allowed
        )
    return _("every {nation} troop next to an area holding {enemy} troops").format(nation=nation, enemy=enemy)


_KEPT: PerState[RequirementsView] = PerState()


def requirements(sc: Scenario, st: CampaignState, number: int | None = None) -> RequirementsView:
    """What turn `number` asks for (by default the turn under way, or the next one between
    turns), as the campaign stands in `st`; worked out once for a given state and turn."""
    number = default_turn(sc, st) if number is None else number
    return _KEPT.get(sc, st, (number, i18n.language_key()), lambda: _requirements(sc, st, number))


def _requirements(sc: Scenario, st: CampaignState, number: int, kept: bool = True) -> RequirementsView:
    """The view (`kept`: holding its scenario and state, for `to_json` to say its words in English)."""
    if not 1 <= number <= len(sc.turns):
        raise UserError(
            _("there is no turn {turn}: this scenario has turns 1 to {last}").format(turn=number, last=len(sc.turns))
        )
    spec = sc.turn(number)
    current = st.turn == number and st.phase != Phase.SETUP
    formula = " + ".join(filter(None, (f"{spec.battle_d3}D3" if spec.battle_d3 else "", str(spec.battle_plus))))
    if st.turn == number and st.phase == Phase.PLANNING:
        # The turn has started: what still waits, and where each may go now.
        arrivals = [
            ArrivalView(
                t,
                sc.troops[t].nation,
                sc.troops[t].kind,
                placement_words(sc, st, t),
                tuple(placement_areas(sc, st, t)),
                not sc.troops[t].arrives_on(number),
            )
            for t in sorted(st.waiting_zone)
        ]
    else:
        arrivals = [
            ArrivalView(t.id, t.nation, t.kind, zone_words(sc, t.arrives.zone))
            for t in sc.troops.values()
            if t.arrives and t.arrives.turn == number
        ]
        if st.turn == number - 1:
            arrivals += [
                ArrivalView(t, sc.troops[t].nation, sc.troops[t].kind, zone_words(sc, sc.pool_zone), from_pool=True)
                for t, place in st.where.items()
                if place == POOL
            ]
    initiative: InitiativeRuleView | None = None
    if spec.initiative:
        side = spec.initiative.side
        initiative = InitiativeRuleView(
            side,
            spec.initiative.modifier,
            side,
            _("each side rolls a d6; the {side} add {modifier} and win ties").format(
                side=sc.side_noun(side), modifier=spec.initiative.modifier
            ),
        )
    planning = st.turn == number and st.phase == Phase.PLANNING
    return RequirementsView(
        turn=number,
        name=spec.title,
        dates=spec.when,
        battles=TurnBattlesView(
            formula,
            spec.battle_d3,
            (
                _("roll {dice} d6 and read each as a D3 (1-2 → 1, 3-4 → 2, 5-6 → 3)").format(dice=spec.battle_d3)
                if spec.battle_d3
                else _("no dice: the count is fixed")
            ),
            st.battles_required if current else None,
            st.battles_fought if current else None,
        ),
        fixed_arrows=tuple(FixedArrowView(a, b, spec.fixed_attacker) for a, b in spec.fixed_arrows),
        initiative=initiative,
        sorties=MappingProxyType(dict(spec.sorties)),
        redeploy=tuple(spec.redeploy),
        deployment=tuple(rule_words(sc, r) for r in spec.deployment),
        deployment_problems=tuple(deployment_problems(sc, st)) if planning else (),
        reinforcements=tuple(arrivals),
        missions=MappingProxyType({str(face): name for face, name in enumerate(spec.mission_titles, start=1)}),
        fortification=fortification_view(sc),
        source=(sc, st) if kept else None,
    )


def fortification_view(sc: Scenario) -> FortificationView | None:
    """Where the fortification stands and what it means at the table (rule 1.3)."""
    fort = sc.fortification
    if fort is None:
        return None
    links = [f"{link.a}–{link.b}" for link in sc.links if link.fortified]
    words = _(
        "an attack by the {side} across {links} into an area holding {nation} troops meets the {fortification}: {terms}"
    ).format(
        side=sc.side_noun(fort.attacker_side),
        links=", ".join(links),
        nation=sc.nation_name(fort.nation),
        fortification=fort.title,
        terms=fortification_terms(sc),
    )
    return FortificationView(fort.title, tuple(links), fort.at_table, words)
