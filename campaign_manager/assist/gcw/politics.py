"""Political Index helpers that change nothing: standing, victory level, initiative, attrition.

6.1 (victory level), 8.0 (initiative), 15.0 (attrition) and 5.0 (which turns mobilize).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from campaign_manager.assist.gcw.politics_charts import PoliticalRules, parity_holds
from campaign_manager.errors import RuleError
from campaign_manager.i18n import _

GOVERNMENT, DSE = "government", "dse"
SIDES = (GOVERNMENT, DSE)
SIDE_NAMES = {GOVERNMENT: "Government", DSE: "DSE"}


def other(side: str) -> str:
    return DSE if side == GOVERNMENT else GOVERNMENT


@dataclass(frozen=True)
class Standing:
    """Who leads and by how much. A level of victory exists only once a side has collapsed to 0
    or less (6.1: sudden death), read from the winner's own points; before that, the standing
    says what a victory check (6.2) would decide now: the side with more points wins."""

    leader: str | None  # None when the indices are equal (or both collapsed)
    margin: int
    level: str | None  # sudden death only: the winner's level of victory (6.1)
    collapsed: tuple[str, ...] = ()

    @property
    def check_winner(self) -> str | None:
        """Who a victory check would declare the winner now (None: a draw, 6.2)."""
        return self.leader

    def words(self) -> str:
        if len(self.collapsed) == 2:
            # Not in the book: both indices at 0 or less together; the tracker calls it a draw.
            return _(
                "Both indices are at 0 or less: each counts as 0 and both sides have collapsed "
                "together; the rules name no winner, so the app calls it a draw (6.1)."
            )
        if self.collapsed:
            fallen = SIDE_NAMES[self.collapsed[0]]
            winner = SIDE_NAMES[self.leader or ""]
            return _(
                "{fallen}'s index is at 0 or less (it counts as 0): the {fallen} has lost at once and the "
                "{winner} wins (sudden death, 6.1) with {margin} points: a {level} (6.1)."
            ).format(fallen=fallen, winner=winner, margin=self.margin, level=self.level)
        if self.leader is None:
            return _("The indices are equal: a victory check now would be a draw (6.2).")
        return _(
            "{leader} leads by {margin} points; a victory check now would give the "
            "{leader} the win (6.2). A side whose index falls to 0 loses at once (6.1)."
        ).format(leader=SIDE_NAMES[self.leader], margin=self.margin)


def check_index(pi: dict[str, int], rules: PoliticalRules) -> dict[str, int]:
    """Two indices a player typed: at most the cap (7.2). An index below 0 has already lost
    (6.1); the app takes it down to minus the cap."""
    for side in SIDES:
        if pi[side] > rules.cap:
            raise RuleError(
                "7.2",
                _("a Political Index stops at {cap}: the {side}'s cannot be {index}").format(
                    cap=rules.cap, side=SIDE_NAMES[side], index=pi[side]
                ),
            )
        if pi[side] < -rules.cap:
            raise RuleError(
                "6.1",
                _("the {side}'s index of {index} is below anything the game reaches (-{cap})").format(
                    side=SIDE_NAMES[side], index=pi[side], cap=rules.cap
                ),
            )
    return pi


def standing(pi: dict[str, int], rules: PoliticalRules) -> Standing:
    """A sudden-death winner's level comes from his own points (6.1: "the other player checks
    the number of points he has"); a collapsed index counts as 0 in the margin."""
    collapsed = tuple(side for side in SIDES if pi[side] <= rules.collapse_at)
    if len(collapsed) == 2:
        return Standing(None, 0, "Draw", collapsed)  # not in the book: the app calls it a draw
    government, dse = pi[GOVERNMENT], pi[DSE]
    if government == dse:
        return Standing(None, 0, None)
    leader = GOVERNMENT if government > dse else DSE
    margin = pi[leader] - max(pi[other(leader)], 0)
    level = rules.victory_level(pi[leader]) if collapsed else None
    return Standing(leader, margin, level, collapsed)


@dataclass(frozen=True)
class Initiative:
    """Who decides the turn order (8.0): the higher index chooses; on a tie the DSE has it."""

    chooser: str | None
    tie: bool

    def words(self) -> str:
        if self.tie:
            return _("Equal indices: the DSE has the initiative and goes first (8.0).")
        return _("{side} has the higher index and chooses who goes first (8.0).").format(
            side=SIDE_NAMES[self.chooser or ""]
        )


def initiative(pi: dict[str, int]) -> Initiative:
    if pi[GOVERNMENT] == pi[DSE]:
        return Initiative(None, True)
    return Initiative(GOVERNMENT if pi[GOVERNMENT] > pi[DSE] else DSE, False)


def attrition_losses(units: int, turn: int | None, rules: PoliticalRules) -> int:
    """How many of `units` eligible units in an enemy-controlled region lose one level (15.1)."""
    if units < 0:
        raise RuleError("15.1", _("the number of units cannot be negative ({units})").format(units=units))
    if units > rules.units_most:
        raise RuleError(
            "9.4",
            _("{units} units are more than the counter mix holds ({most})").format(units=units, most=rules.units_most),
        )
    if turn is not None and not 1 <= turn <= rules.turn_most:
        raise RuleError(
            "5.0", _("turn {turn} is not a turn of the game (1 to {most})").format(turn=turn, most=rules.turn_most)
        )
    if turn is not None and not parity_holds(rules.attrition_parity, turn):
        raise RuleError(
            "15.0",
            _("attrition happens only on {parity}-numbered turns, not on turn {turn}").format(
                parity=rules.attrition_parity, turn=turn
            ),
        )
    return math.ceil(units * rules.attrition_percent / 100)


def mobilization_turn(turn: int, rules: PoliticalRules) -> bool:
    """Whether turn `turn` has Mobilization Phases (5.0)."""
    return parity_holds(rules.mobilization_parity, turn) and turn not in rules.no_mobilization_turns
