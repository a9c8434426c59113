"""Initiative (rule 4.1): each side rolls a d10; the Greeks add 2 in the Historical scenario."""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.assist.agt.book import book
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.dice import D10
from campaign_manager.errors import UserError
from campaign_manager.i18n import _


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
        raise UserError(
            _("Rule 4.1: unknown scenario '{scenario}' (use {scenarios})").format(
                scenario=scenario, scenarios=", ".join(tables.scenarios)
            )
        )
    turns = len(tables.scenario_months(scenario))
    if not 1 <= turn <= turns:
        name = tables.scenarios[scenario].name
        raise UserError(
            _("Rule 4.1: the {scenario} has turns 1 to {turns} (one a month to April 1941), not {turn}").format(
                scenario=name, turns=turns, turn=turn
            )
        )
    if turn == 1:
        return Initiative(
            tables.first_turn_holder, None, None, _("First turn: the Italians have the initiative without a roll")
        )
    if italian_offensive:
        if scenario != "gamers":
            raise UserError(_("The 'Mussolini to the Front' chit exists only in the Gamers' scenario"))
        return Initiative("italian", None, None, _("'Mussolini to the Front' played: the Italians take the initiative"))
    if italian_die is None or greek_die is None:
        raise UserError(_("Rule 4.1: both sides' dice are needed (type them in or let the app roll)"))
    italian = D10.check(italian_die, _("Rule 4.1: Italian initiative die"))
    bonus = tables.greek_bonus[scenario]
    greek = D10.check(greek_die, _("Rule 4.1: Greek initiative die")) + bonus
    if italian == greek:
        tie = (
            _(
                "Tie {italian} to {greek} (die + {bonus}): nobody has the initiative "
                "and every activation marker goes into the cup"
            )
            if bonus
            else _("Tie {italian} to {greek}: nobody has the initiative and every activation marker goes into the cup")
        )
        return Initiative(None, italian, greek, tie.format(italian=italian, greek=greek, bonus=bonus))
    winner = "italian" if italian > greek else "greek"
    if winner == "italian":
        words = (
            _("Italians {italian}, Greeks {greek} (die + {bonus}): the Italian player chooses who has the initiative")
            if bonus
            else _("Italians {italian}, Greeks {greek}: the Italian player chooses who has the initiative")
        )
    else:
        words = (
            _("Italians {italian}, Greeks {greek} (die + {bonus}): the Greek player chooses who has the initiative")
            if bonus
            else _("Italians {italian}, Greeks {greek}: the Greek player chooses who has the initiative")
        )
    return Initiative(winner, italian, greek, words.format(italian=italian, greek=greek, bonus=bonus))
