"""The Political Index tracker's state, rebuilt by replaying the game file's actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from campaign_manager.assist.gcw.politics import (
    DSE,
    GOVERNMENT,
    SIDE_NAMES,
    SIDES,
    initiative,
    mobilization_turn,
    standing,
)
from campaign_manager.assist.gcw.politics_charts import PoliticalRules, parity_holds
from campaign_manager.assist.gcw.tracker_setup import Setup
from campaign_manager.assist.gcw.tracker_summary import (
    Airstrikes,
    GameOver,
    MobilizationPhase,
    StandingView,
    TrackerSummary,
    TurnOrder,
)
from campaign_manager.assist.results import ResultEntry
from campaign_manager.dice import D6
from campaign_manager.errors import DieError, RuleError, UserError
from campaign_manager.i18n import N_, _, ngettext


@dataclass
class TrackerState:
    """Both indices and every marker the tracker remembers between evenings."""

    setup: Setup
    pi: dict[str, int]
    turn: int = 1
    doctrine: str | None = None
    limit_override: int | None = None  # optional rule 17.3, read on the Politics Table
    politics_roll_turn: int | None = None  # 16.3: the turn of the next Politics Table roll
    american_aid_since: int | None = None
    terror: list[str] = field(default_factory=list)
    resettled: list[str] = field(default_factory=list)
    stalin_score: int = 0
    dse_line: str | None = None  # 17.1: "Stalinist" or "Titoist" once the break happened
    closed: list[str] = field(default_factory=list)
    phase: dict[str, Any] | None = None  # the Mobilization Phase in progress
    mobilized: list[str] = field(default_factory=list)  # sides that mobilized this turn
    controlled: list[str] = field(default_factory=list)  # regions scored this turn
    penalties_done: bool = False
    airstrikes: int = 0  # 2.8: Government Airstrike markers available for use
    airstrikes_spent: int = 0  # 11.4: expended this turn (bought again in a Mobilization Phase)
    first_player: str | None = None
    game_over: dict[str, Any] | None = None
    history: list[str] = field(default_factory=list)
    results: list[ResultEntry] = field(default_factory=list)  # the calculators' results (assist/results.py)

    @classmethod
    def start(cls, setup: Setup, rules: PoliticalRules) -> TrackerState:
        return cls(setup, {GOVERNMENT: rules.government_start, DSE: rules.dse_start})

    def note(self, words: str) -> None:
        self.history.append(_("Turn {turn}: {words}").format(turn=self.turn, words=words))

    def holds(self, region: str) -> str:
        """The region's name as the tracker first wrote it, matched without case."""
        for known in (*self.terror, *self.resettled, *self.controlled):
            if known.casefold() == region.strip().casefold():
                return known
        return region.strip()

    def mobilization_limit(self, rules: PoliticalRules) -> int | None:
        if self.doctrine is None:
            return None
        if self.limit_override is not None:
            return self.limit_override
        return rules.doctrine(self.doctrine).mobilization_limit

    def summary(self, rules: PoliticalRules) -> TrackerSummary:
        """Everything a player needs to see (the tracker tab; the CLI's `show --json`)."""
        lead = standing(self.pi, rules)
        order = initiative(self.pi)
        return TrackerSummary(
            turn=self.turn,
            government_pi=self.pi[GOVERNMENT],
            dse_pi=self.pi[DSE],
            doctrine=None if self.doctrine is None else rules.doctrine(self.doctrine).name,
            mobilization_limit=self.mobilization_limit(rules),
            politics_roll_turn=self.politics_roll_turn,
            american_aid=self.american_aid_since is not None,
            american_aid_since=self.american_aid_since,
            terror_regions=tuple(sorted(self.terror)),
            resettled_regions=tuple(sorted(self.resettled)),
            airstrikes=Airstrikes(self.airstrikes, self.airstrikes_spent),
            stalin_score=self.stalin_score if self.setup.tito_stalin else None,
            dse_line=self.dse_line,
            closed_countries=tuple(self.closed),
            mobilization_phase=None if self.phase is None else MobilizationPhase(**self.phase),
            mobilization_this_turn=mobilization_turn(self.turn, rules),
            attrition_this_turn=parity_holds(rules.attrition_parity, self.turn),
            victory_check_this_turn=self.turn in rules.victory_check_turns,
            first_player=self.first_player,
            initiative=(
                TurnOrder(order.chooser, order.tie, order.words())
                if self.game_over is None
                else TurnOrder(None, False, _("The game is over: no turn is left to order."))
            ),
            standing=StandingView(
                lead.leader, lead.margin, lead.level, lead.check_winner or "draw", tuple(lead.collapsed), lead.words()
            ),
            game_over=None if self.game_over is None else GameOver(**self.game_over),
            setup=self.setup,
            history=tuple(self.history),
        )


def side_of(action: dict[str, Any], key: str = "side") -> str:
    side = action.get(key)
    if side not in SIDES:
        raise UserError(_("'{key}' must be 'government' or 'dse', not {side}").format(key=key, side=repr(side)))
    return side


UNGARRISONED = N_("regions without their Tight Defense garrison")


def whole(
    action: dict[str, Any],
    key: str,
    low: int = 0,
    default: Any = ...,
    high: int | None = None,
    rule: str = "",
    said: str = "",
) -> int:
    """A whole number of the action, from `low` to `high` (the bound the rule `rule` sets); `said`
    names it in words for the refusal (the key follows in brackets, for the action's writer)."""
    value = action.get(key, default)
    if value is ...:
        raise UserError(_("the action '{type}' needs '{key}'").format(type=action.get("type"), key=key))
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(_("'{key}' must be a whole number, not {value}").format(key=key, value=repr(value)))
    if value < low:
        raise UserError(_("'{key}' must be at least {low}, not {value}").format(key=key, low=low, value=value))
    if high is not None and value > high:
        if said:
            refusal = _("{said} ('{key}') can be at most {high}, not {value}").format(
                said=_(said), key=key, high=high, value=value
            )
        else:
            refusal = _("'{key}' can be at most {high}, not {value}").format(key=key, high=high, value=value)
        raise RuleError(rule, refusal)
    return value


def region_of(action: dict[str, Any]) -> str:
    region = action.get("region")
    if not isinstance(region, str) or not region.strip():
        raise UserError(_("the action '{type}' needs the region's name").format(type=action.get("type")))
    return region.strip()


def name(side: str) -> str:
    return SIDE_NAMES[side]


def recorded_dice(action: dict[str, Any], key: str, count: int) -> list[int]:
    """The d6 values recorded under `key`, checked; exactly `count` of them."""
    values = action.get(key)
    if count == 1 and isinstance(values, int) and not isinstance(values, bool):
        values = [values]  # one die may be written bare: "break_die": 5
    if not isinstance(values, (list, tuple)) or len(values) != count:
        raise DieError(
            ngettext(
                "'{key}' must hold {n} d6 value, not {values}", "'{key}' must hold {n} d6 values, not {values}", count
            ).format(key=key, n=count, values=repr(values))
        )
    return [D6.check(value, _("{key} die {n}").format(key=key, n=index)) for index, value in enumerate(values, start=1)]


def amount_of(state_rules: PoliticalRules, action: dict[str, Any], key: str, low: int = 0, default: Any = ...) -> int:
    """A number of Political Points, at most the top of the index (7.2)."""
    return whole(action, key, low, default, high=state_rules.cap, rule="7.2")


def change_pi(state: TrackerState, side: str, delta: int, rules: PoliticalRules) -> str:
    """Move one index, stopping at the cap (7.2); the words say from what to what."""
    before = state.pi[side]
    after = before + delta
    capped = delta > 0 and after > rules.cap
    state.pi[side] = min(after, rules.cap) if delta > 0 else after
    words = f"{name(side)} {delta:+d} ({before} → {state.pi[side]})"
    if capped:
        return _("{change}, held at the cap of {cap} (7.2)").format(change=words, cap=rules.cap)
    return words
