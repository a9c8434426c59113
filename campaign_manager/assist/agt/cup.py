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
from campaign_manager.i18n import _, ngettext


def _names(commands: Iterable[str], side: str, book: Iterable[str] = ()) -> list[str]:
    """The commands typed, each as the book spells it when it is one of the book's in another
    case ('xxv' is XXV, not a command of its own); another name goes as typed."""
    spelled = {name.casefold(): name for name in book}
    names = [spelled.get(c.strip().casefold(), c.strip()) for c in commands if c.strip()]
    if len(set(names)) != len(names):
        refusal = {
            "Italian": _("Rule 5.1: an Italian command is listed twice; each command has its markers once"),
            "Greek": _("Rule 5.1: a Greek command is listed twice; each command has its markers once"),
        }.get(side, _("Rule 5.1: a command is listed twice; each command has its markers once"))
        raise UserError(refusal)
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
        raise UserError(
            _("Rule {rule}: the {scenario} ends with the {month} turn").format(
                rule=rule, scenario=scenario.name, month=names[months[-1]]
            )
        )
    expected = months[state.turn]
    if month == expected:
        return
    if month not in tables.months:
        raise UserError(
            _("Rule {rule}: there is no month '{month}' (months: {months})").format(
                rule=rule, month=month, months=", ".join(months)
            )
        )
    if not state.turn:
        raise UserError(
            _("Rule {rule}: the {scenario} starts with the {expected} turn, not {month}").format(
                rule=rule, scenario=scenario.name, expected=names[expected], month=names[month]
            )
        )
    raise UserError(
        _("Rule {rule}: turn {month} cannot follow {last}; each turn is one month, so the next is {expected}").format(
            rule=rule, month=names[month], last=names[state.month], expected=names[expected]
        )
    )


def _chits(state: GameState, charts: OwnerCharts, play: Iterable[str]) -> list[str]:
    """The Special Event chits played as the turn starts (Gamers' scenario, 11.0): each once a
    game, and no more than the Italian player has drawn."""
    chits = [code.strip() for code in play if code.strip()]
    if not chits:
        return []
    known = charts.tables.special_events
    if state.scenario != "gamers":
        raise UserError(_("Rule 11.0: Special Event chits belong to the Gamers' scenario only"))
    for code in chits:
        if code not in known:
            raise UserError(
                _("Rule 11.0: no Special Event chit '{code}' kept by the tracker (known: {known})").format(
                    code=code, known=", ".join(known)
                )
            )
        if code in state.chits_played or chits.count(code) > 1:
            raise UserError(
                _("Rule 11.0: '{chit}' has already been played; a played chit is discarded").format(
                    chit=known[code].name
                )
            )
    if len(state.chits_played) + len(chits) > state.chits_drawn:
        raise UserError(
            ngettext(
                "Rule 11.0: the Italian player has drawn {n} Special Event chit (on a Random "
                "Events roll of 0 or 9) and played {played}; he cannot play {more} more",
                "Rule 11.0: the Italian player has drawn {n} Special Event chits (on a Random "
                "Events roll of 0 or 9) and played {played}; he cannot play {more} more",
                state.chits_drawn,
            ).format(n=state.chits_drawn, played=len(state.chits_played), more=len(chits))
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
        raise UserError(_("Rule 5.22: name at least one command whose markers go into the cup"))
    chits = _chits(state, charts, play)
    offensive = next(
        (charts.tables.special_events[c] for c in chits if charts.tables.special_events[c].italian_initiative), None
    )
    first_label = None
    if first:
        first = _names([first], "", (*italian, *greek))[0] if first.strip() else ""
        side = "Italian" if first in italian else "Greek" if first in greek else None
        if side is None:
            raise UserError(
                _("Rule 4.1: '{command}' is not one of this turn's commands, so it cannot start the turn").format(
                    command=first
                )
            )
        if side == "Greek" and not state.turn:
            raise UserError(
                _(
                    "Rule 4.1: the Italians have the initiative on game turn 1, so the Greek {command} cannot start it"
                ).format(command=first)
            )
        if side == "Greek" and offensive is not None:
            raise UserError(
                _(
                    "Rule 11.0: '{chit}' gives the Italians the initiative, "
                    "so the Greek {command} cannot start the turn"
                ).format(chit=offensive.name, command=first)
            )
        first_label = f"{side} {first} #1"
    elif offensive is not None:
        raise UserError(
            _("Rule 11.0: with '{chit}' the Italian player picks the marker that starts the turn: give it").format(
                chit=offensive.name
            )
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
        raise UserError(_("Rule 5.22: the cup is empty; start a turn first"))
    if not state.cup:
        raise UserError(_("Rule 5.26: the cup is empty; this turn's Activation Phase is over, start the next turn"))
    if marker is None:
        label, how = pick(roller, state.cup, _("marker drawn from the cup")), "rolled"
    else:
        label, how = marker.strip(), "typed"
        if label not in state.cup:
            raise UserError(
                _("'{marker}' is not in the cup (in the cup: {cup})").format(marker=label, cup=", ".join(state.cup))
            )
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
        raise UserError(_("Give how many Greek markers leave the cup (at least 1)"))
    if count > len(greek):
        raise UserError(
            _("Only {left} Greek markers are left in the cup; {count} cannot leave it").format(
                left=len(greek), count=count
            )
        )
    chosen, how = choose_markers(roller, greek, count, markers, _("Greek marker taken out"))
    return {"type": "remove", "markers": chosen, "reason": reason.strip() or _("taken out"), "how": how}
