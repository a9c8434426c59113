"""Political Index helpers that change nothing: standing, victory level, initiative, attrition.

6.1 (victory level), 8.0 (initiative), 15.0 (attrition) and 5.0 (which turns mobilize).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from campaign_manager.assist.gcw.politics_charts import PoliticalRules, parity_holds
from campaign_manager.errors import RuleError

GOVERNMENT, DSE = "government", "dse"
SIDES = (GOVERNMENT, DSE)
SIDE_NAMES = {GOVERNMENT: "Government", DSE: "DSE"}


def other(side: str) -> str:
    return DSE if side == GOVERNMENT else GOVERNMENT


@dataclass(frozen=True)
class Standing:
    """Who leads and by how much, and the victory level that margin would give (6.1).
    `collapsed` lists the sides whose index is at 0 or less: such a side has lost at once."""

    leader: str | None  # None when the indices are equal (or both collapsed)
    margin: int
    level: str
    collapsed: tuple[str, ...] = ()

    def words(self) -> str:
        if len(self.collapsed) == 2:
            # Not in the book: both indices at 0 or less together; the tracker calls it a draw.
            return ("Both indices are at 0 or less: each counts as 0 and both sides have collapsed "
                    "together; the rules name no winner, so the app calls it a draw (6.1).")
        if self.collapsed:
            fallen = SIDE_NAMES[self.collapsed[0]]
            return (f"{fallen}'s index is at 0 or less: it counts as 0 and the {fallen} has lost at "
                    f"once (sudden death, 6.1). {SIDE_NAMES[self.leader or '']} wins by {self.margin} points; "
                    f"that margin is a {self.level} (6.1).")
        if self.leader is None:
            return "The indices are equal: a draw if the game ended now (6.2)."
        return (f"{SIDE_NAMES[self.leader]} leads by {self.margin} points; "
                f"that margin is a {self.level} (6.1).")


def standing(pi: dict[str, int], rules: PoliticalRules) -> Standing:
    """The margin counts a collapsed index as 0, so a sudden-death winner's margin is his own
    index, as 6.1 reads it."""
    collapsed = tuple(side for side in SIDES if pi[side] <= rules.collapse_at)
    if len(collapsed) == 2:
        return Standing(None, 0, rules.victory_level(0), collapsed)
    government, dse = pi[GOVERNMENT], pi[DSE]
    if government == dse:
        return Standing(None, 0, rules.victory_level(0))
    leader = GOVERNMENT if government > dse else DSE
    margin = pi[leader] - max(pi[other(leader)], 0)
    return Standing(leader, margin, rules.victory_level(margin), collapsed)


@dataclass(frozen=True)
class Initiative:
    """Who decides the turn order (8.0): the higher index chooses; on a tie the DSE has it."""

    chooser: str | None
    tie: bool

    def words(self) -> str:
        if self.tie:
            return "Equal indices: the DSE has the initiative and goes first (8.0)."
        return f"{SIDE_NAMES[self.chooser or '']} has the higher index and chooses who goes first (8.0)."


def initiative(pi: dict[str, int]) -> Initiative:
    if pi[GOVERNMENT] == pi[DSE]:
        return Initiative(None, True)
    return Initiative(GOVERNMENT if pi[GOVERNMENT] > pi[DSE] else DSE, False)


def attrition_losses(units: int, turn: int | None, rules: PoliticalRules) -> int:
    """How many of `units` eligible units in an enemy-controlled region lose one level (15.1)."""
    if units < 0:
        raise RuleError("15.1", f"the number of units cannot be negative ({units})")
    if turn is not None and not parity_holds(rules.attrition_parity, turn):
        raise RuleError("15.0", f"attrition happens only on {rules.attrition_parity}-numbered turns, "
                                f"not on turn {turn}")
    return math.ceil(units * rules.attrition_percent / 100)


def mobilization_turn(turn: int, rules: PoliticalRules) -> bool:
    """Whether turn `turn` has Mobilization Phases (5.0)."""
    return parity_holds(rules.mobilization_parity, turn) and turn not in rules.no_mobilization_turns
