"""The activation cup (rule 5.2 and the scenarios' Mussolini Factor): building it each turn,
drawing markers at random or as drawn from a real cup, and taking Greek markers out.

Each function checks the request against the state and returns the action to log; nothing
changes until the action is applied (see state.py). Dice come from a `Roller`, in this order:
which marker, the Random Events die, the weather die, then each marker removed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.events import resolve_event
from campaign_manager.assist.agt.picking import choose_markers, pick
from campaign_manager.assist.agt.state import MUSSOLINI, GameState
from campaign_manager.dice import Roller
from campaign_manager.errors import UserError


def _names(commands: Iterable[str], side: str, book: Iterable[str] = ()) -> list[str]:
    """The commands typed, each as the book spells it when it is one of the book's in another
    case ('xxv' is XXV, not a command of its own); another name goes as typed."""
    spelled = {name.casefold(): name for name in book}
    names = [spelled.get(c.strip().casefold(), c.strip()) for c in commands if c.strip()]
    if len(set(names)) != len(names):
        raise UserError(f"Rule 5.1: a {side} command is listed twice; each command has its markers once")
    return names


def _next_month(state: GameState, charts: OwnerCharts, month: str) -> None:
    """The scenario starts in its own month (10.0: November; 11.0: October) and each turn is the
    next month, to April 1941."""
    tables = charts.tables
    scenario = tables.scenarios[state.scenario]
    months = tables.scenario_months(state.scenario)
    names = tables.month_names
    rule = "10.0" if state.scenario == "historical" else "11.0"
    if state.turn >= len(months):
        raise UserError(f"Rule {rule}: the {scenario.name} ends with the {names[months[-1]]} turn")
    expected = months[state.turn]
    if month == expected:
        return
    if month not in tables.months:
        raise UserError(f"Rule {rule}: there is no month '{month}' (months: {', '.join(months)})")
    if not state.turn:
        raise UserError(f"Rule {rule}: the {scenario.name} starts with the {names[expected]} turn, not {names[month]}")
    raise UserError(
        f"Rule {rule}: turn {names[month]} cannot follow {names[state.month]}; each turn is one month, "
        f"so the next is {names[expected]}"
    )


def _chits(state: GameState, charts: OwnerCharts, play: Iterable[str]) -> list[str]:
    """The Special Event chits played as the turn starts (Gamers' scenario, 11.0): each once a
    game, and no more than the Italian player has drawn."""
    chits = [code.strip() for code in play if code.strip()]
    if not chits:
        return []
    known = charts.tables.special_events
    if state.scenario != "gamers":
        raise UserError("Rule 11.0: Special Event chits belong to the Gamers' scenario only")
    for code in chits:
        if code not in known:
            raise UserError(
                f"Rule 11.0: no Special Event chit '{code}' kept by the tracker (known: {', '.join(known)})"
            )
        if code in state.chits_played or chits.count(code) > 1:
            raise UserError(f"Rule 11.0: '{known[code].name}' has already been played; a played chit is discarded")
    if len(state.chits_played) + len(chits) > state.chits_drawn:
        raise UserError(
            f"Rule 11.0: the Italian player has drawn {state.chits_drawn} Special Event chit(s) (on a Random "
            f"Events roll of 0 or 9) and played {len(state.chits_played)}; he cannot play {len(chits)} more"
        )
    return chits


def start_turn(
    state: GameState,
    charts: OwnerCharts,
    month: str,
    italian: Iterable[str],
    greek: Iterable[str],
    first: str | None = None,
    play: Iterable[str] = (),
) -> dict[str, Any]:
    """Fill the cup for a new turn; `first` is the command the initiative player starts with
    (one of its markers is taken out and activates first, rule 4.1); `play` the Gamers' Special
    Event chits played as the turn starts."""
    _next_month(state, charts, month)
    tables = charts.tables
    italian = _names(italian, "Italian", tables.italian_commands)
    greek = _names(greek, "Greek", tables.greek_commands)
    if not italian and not greek:
        raise UserError("Rule 5.22: name at least one command whose markers go into the cup")
    chits = _chits(state, charts, play)
    offensive = next(
        (charts.tables.special_events[c] for c in chits if charts.tables.special_events[c].italian_initiative), None
    )
    first_label = None
    if first:
        first = _names([first], "", (*italian, *greek))[0] if first.strip() else ""
        side = "Italian" if first in italian else "Greek" if first in greek else None
        if side is None:
            raise UserError(f"Rule 4.1: '{first}' is not one of this turn's commands, so it cannot start the turn")
        if side == "Greek" and not state.turn:
            raise UserError(
                f"Rule 4.1: the Italians have the initiative on game turn 1, so the Greek {first} cannot start it"
            )
        if side == "Greek" and offensive is not None:
            raise UserError(
                f"Rule 11.0: '{offensive.name}' gives the Italians the initiative, "
                f"so the Greek {first} cannot start the turn"
            )
        first_label = f"{side} {first} #1"
    elif offensive is not None:
        raise UserError(
            f"Rule 11.0: with '{offensive.name}' the Italian player picks the marker that starts the turn: give it"
        )
    return {"type": "turn", "month": month, "italian": italian, "greek": greek, "first": first_label, "play": chits}


def draw(
    state: GameState,
    charts: OwnerCharts,
    roller: Roller,
    marker: str | None = None,
    event_die: object = None,
    weather_die: object = None,
    removed: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Draw one marker; `marker` is the one taken from a real cup, None to let the app draw.
    A Mussolini marker rolls on the scenario's Random Events table unless it is the last."""
    if not state.turn:
        raise UserError("Rule 5.22: the cup is empty; start a turn first")
    if not state.cup:
        raise UserError("Rule 5.26: the cup is empty; this turn's Activation Phase is over, start the next turn")
    if marker is None:
        label, how = pick(roller, state.cup, "marker drawn from the cup"), "rolled"
    else:
        label, how = marker.strip(), "typed"
        if label not in state.cup:
            raise UserError(f"'{label}' is not in the cup (in the cup: {', '.join(state.cup)})")
    action: dict[str, Any] = {"type": "draw", "marker": label, "how": how, "ignored": False, "event": None}
    if state.markers[label].side != MUSSOLINI:
        return action
    if len(state.cup) == 1:
        action["ignored"] = True  # the last marker in the cup: no random event this turn
        return action
    left = [m for m in state.cup if m != label]
    action["event"] = resolve_event(state, charts, roller, left, event_die, weather_die, removed)
    return action


def remove_greek(
    state: GameState, count: int, roller: Roller, reason: str, markers: Sequence[str] | None = None
) -> dict[str, Any]:
    """Take `count` Greek markers out of the cup (e.g. the Greek Disloyalty chit takes two)."""
    greek = state.in_cup("greek")
    if count < 1:
        raise UserError("Give how many Greek markers leave the cup (at least 1)")
    if count > len(greek):
        raise UserError(f"Only {len(greek)} Greek markers are left in the cup; {count} cannot leave it")
    chosen, how = choose_markers(roller, greek, count, markers, "Greek marker taken out")
    return {"type": "remove", "markers": chosen, "reason": reason.strip() or "taken out", "how": how}
