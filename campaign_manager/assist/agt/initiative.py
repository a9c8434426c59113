"""Initiative (rule 4.1): each side rolls a d10; the Greeks add 2 in the Historical scenario."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.dice import D10
from campaign_manager.errors import UserError


@dataclass(frozen=True)
class Initiative:
    """The roll for initiative: `winner` chooses who has it this turn; None means a tie (nobody)."""

    winner: str | None
    italian_total: int | None
    greek_total: int | None
    explanation: str


def initiative(
    scenario: str,
    turn: int,
    italian_die: object = None,
    greek_die: object = None,
    italian_offensive: bool = False,
    tables: BookTables | None = None,
) -> Initiative:
    tables = tables or book()
    if scenario not in tables.scenarios:
        raise UserError(f"Rule 4.1: unknown scenario '{scenario}' (use {', '.join(tables.scenarios)})")
    turns = len(tables.scenario_months(scenario))
    if not 1 <= turn <= turns:
        name = tables.scenarios[scenario].name
        raise UserError(f"Rule 4.1: the {name} has turns 1 to {turns} (one a month to April 1941), not {turn}")
    if turn == 1:
        return Initiative(
            tables.first_turn_holder, None, None, "First turn: the Italians have the initiative without a roll"
        )
    if italian_offensive:
        if scenario != "gamers":
            raise UserError("The 'Mussolini to the Front' chit exists only in the Gamers' scenario")
        return Initiative("italian", None, None, "'Mussolini to the Front' played: the Italians take the initiative")
    if italian_die is None or greek_die is None:
        raise UserError("Rule 4.1: both sides' dice are needed (type them in or let the app roll)")
    italian = D10.check(italian_die, "Rule 4.1: Italian initiative die")
    bonus = tables.greek_bonus[scenario]
    greek = D10.check(greek_die, "Rule 4.1: Greek initiative die") + bonus
    plus = f" (die + {bonus})" if bonus else ""
    if italian == greek:
        return Initiative(
            None,
            italian,
            greek,
            f"Tie {italian} to {greek}{plus}: nobody has the initiative and every activation marker goes into the cup",
        )
    winner = "italian" if italian > greek else "greek"
    who = "Italian" if winner == "italian" else "Greek"
    return Initiative(
        winner,
        italian,
        greek,
        f"Italians {italian}, Greeks {greek}{plus}: the {who} player chooses who has the initiative",
    )
