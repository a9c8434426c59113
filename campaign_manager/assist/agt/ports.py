"""Italian port capacity (rules 6.8, 8.743, 9.11): bombers cut it, Greek units wreck it, the
Italians build it back from December 1940, and in the Gamers' scenario a random event may add
free points and the Increased Italian Port Capacity chit 5 points to one port each turn.
Within a turn a port passes at most its capacity in points: units landed, units fully activated
through it, squadrons based in Albania or Greece readied (one point per two, 8.64), refits
(2 points each) and points built.

The top of each port's track is printed only on the map (6.82). Until the owner fills it in,
a rise above the port's start value is recorded with a warning that it could not be checked.

Each function checks the request and returns the action to log (see state.py).
"""

from __future__ import annotations

import math
from typing import Any

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.odds import check_strength
from campaign_manager.assist.agt.state import GameState
from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext

WHYS = ("bombed", "built", "destroyed", "bonus", "special")
PORT_CHIT = "port-capacity"
# what a port's capacity points are used for in a turn, with the rule and the words for messages
USES = {
    "landing": ("6.81", N_("landing units")),
    "activation": ("6.81", N_("fully activating units")),
    "refit": ("9.11", N_("refitting units")),
    "air": ("8.64", N_("readying squadrons based in Albania or Greece")),
}


def port_maximum(charts: OwnerCharts, port: str) -> int | None:
    """The top of the port's printed capacity track, once the owner has filled it in."""
    value = charts.value("port_max", port, "maximum")
    return None if value is None else int(value)


def _port(state: GameState, port: str) -> str:
    for name in state.ports:
        if name.lower() == port.strip().lower():
            return name
    raise UserError(
        _("Rule 6.82: there is no port '{port}' (ports: {ports})").format(port=port, ports=", ".join(state.ports))
    )


def change_port(state: GameState, charts: OwnerCharts, port: str, why: str, amount: object = None) -> dict[str, Any]:
    """`amount`: bombers flown (bombed), points spent (built), movement points spent by the
    Greek unit (destroyed) or free points placed (bonus); none for the chit's points (special)."""
    tables = charts.tables
    if why not in WHYS:
        raise ValueError(f"unknown port change {why!r}")
    port = _port(state, port)
    now = state.ports[port]
    if why in ("bombed", "destroyed") and now == 0:
        refusal = (
            _("Rule 8.743: {port}'s capacity is already 0; there is nothing left to cut")
            if why == "bombed"
            else _("Rule 6.85: {port}'s capacity is already 0; there is nothing left to cut")
        )
        raise UserError(refusal.format(port=port))
    if why == "bombed":
        most = tables.limits.bombers
        amount = check_strength(
            amount, _("Rule 8.743: bombers flown to the port"), 1, most, N_("every bomber in the game")
        )
        change = -min(now, amount * tables.bomber_cut)
    elif why == "destroyed":
        why_most = ngettext(
            "the port has only {n} capacity point left to wreck",
            "the port has only {n} capacity points left to wreck",
            now,
        ).format(n=now)
        amount = check_strength(amount, _("Rule 6.85: movement points spent wrecking the port"), 1, now, why_most)
        change = -amount
    elif why == "special":
        return _port_chit(state, charts, port)
    else:
        amount = check_strength(amount, _("Rule 6.84: capacity points"))
        if why == "built":
            _check_building_allowed(state, charts)
            _check_capacity_left(state, port, amount, _("building it up (1 point per point built)"), "6.84")
        elif amount > state.port_bonus_left:
            raise UserError(
                _("Random event: only {left} free capacity points are left to place, not {amount}").format(
                    left=state.port_bonus_left, amount=amount
                )
            )
        change = amount * tables.build_per_point if why == "built" else amount
        top = port_maximum(charts, port)
        if top is not None and now + change > top:
            raise UserError(
                _("Rule 6.84: {port} would reach {value}, above the top of its track ({top})").format(
                    port=port, value=now + change, top=top
                )
            )
        return _rise(charts, port, why, amount, now, change)
    return {"type": "port", "port": port, "why": why, "amount": amount, "change": change}


def _rise(charts: OwnerCharts, port: str, why: str, amount: int, now: int, change: int) -> dict[str, Any]:
    """A rise in capacity, with a warning when it passes the start value and the top of the
    port's track is not filled in, so nothing could check it (6.82, 6.84)."""
    action: dict[str, Any] = {"type": "port", "port": port, "why": why, "amount": amount, "change": change}
    start = charts.tables.port_start[port]
    if port_maximum(charts, port) is None and now + change > start:
        action["warning"] = _(
            "{port} is now {value}, above its start of {start}, and the top of its printed track is not "
            "filled in (Charts from the map), so the app could not check it (6.84): make sure the track goes that high"
        ).format(port=port, value=now + change, start=start)
    return action


def port_chit_open(state: GameState) -> bool:
    """Whether the Increased Italian Port Capacity chit's points may be placed this turn."""
    return PORT_CHIT in state.chits_played and not state.port_boost_used and state.turn > 0


def _port_chit(state: GameState, charts: OwnerCharts, port: str) -> dict[str, Any]:
    """The Increased Italian Port Capacity chit (11.0): once each turn from the turn it was
    played, one port gains its points, up to the top of its track."""
    chit = charts.tables.special_events[PORT_CHIT]
    if PORT_CHIT not in state.chits_played:
        raise UserError(
            _("Rule 11.0: the '{chit}' chit has not been played (cup turn --play {code})").format(
                chit=chit.name, code=PORT_CHIT
            )
        )
    if state.port_boost_used:
        raise UserError(
            _("Rule 11.0: '{chit}' raises one port a turn; this turn's port is done").format(chit=chit.name)
        )
    now, top = state.ports[port], port_maximum(charts, port)
    if top is not None and now >= top:
        raise UserError(
            _("Rule 11.0: {port} is at the top of its track ({top}); choose another port").format(port=port, top=top)
        )
    change = chit.port_boost if top is None else min(chit.port_boost, top - now)
    return _rise(charts, port, "special", chit.port_boost, now, change)


def use_port(state: GameState, charts: OwnerCharts, port: str, use: str, amount: object) -> dict[str, Any]:
    """Capacity points a port passes this turn: `amount` is the points for a landing or a full
    activation, the refit actions for a refit (2 points each) and the squadrons readied for air
    (one point per two, 8.64)."""
    if use not in USES:
        raise UserError(
            _("Rule 6.81: a port's capacity is used for {uses}, not '{use}'").format(uses=", ".join(USES), use=use)
        )
    rule, words = USES[use]
    words = _(words)
    if not state.turn:
        raise UserError(_("Rule 6.81: capacity is counted turn by turn; start a turn first (cup turn)"))
    port = _port(state, port)
    tables = charts.tables
    if use == "refit":
        amount = check_strength(amount, _("Rule 9.11: refit actions"))
        points = amount * tables.refit_cost
        cost = tables.refit_cost
        each = ngettext("{cost} point each", "{cost} points each", cost).format(cost=cost)
        words = ngettext("{n} refit at {each}", "{n} refits at {each}", amount).format(n=amount, each=each)
    elif use == "air":
        most = tables.limits.squadrons
        amount = check_strength(
            amount, _("Rule 8.64: squadrons readied"), 1, most, N_("more than the Italian air force")
        )
        points = math.ceil(amount / tables.squadrons_per_point)
        words = ngettext(
            "readying {n} squadron, one point per {per}", "readying {n} squadrons, one point per {per}", amount
        ).format(n=amount, per=tables.squadrons_per_point)
    else:
        points = amount = check_strength(amount, _("Rule {rule}: capacity points used").format(rule=rule))
    _check_capacity_left(state, port, points, words, rule)
    return {"type": "port-use", "port": port, "use": use, "amount": amount, "points": points}


def _check_capacity_left(state: GameState, port: str, points: int, words: str, rule: str) -> None:
    left = state.left(port)
    if points > left:
        if rule == "6.81":
            refusal = ngettext(
                "Rule 6.81: {port} can pass only {n} more capacity point this turn "
                "(capacity {capacity}, {used} used); {words} needs {points}",
                "Rule 6.81: {port} can pass only {n} more capacity points this turn "
                "(capacity {capacity}, {used} used); {words} needs {points}",
                left,
            )
        else:
            refusal = ngettext(
                "Rules {rule} and 6.81: {port} can pass only {n} more capacity point this turn "
                "(capacity {capacity}, {used} used); {words} needs {points}",
                "Rules {rule} and 6.81: {port} can pass only {n} more capacity points this turn "
                "(capacity {capacity}, {used} used); {words} needs {points}",
                left,
            )
        raise UserError(
            refusal.format(
                rule=rule,
                port=port,
                n=left,
                capacity=state.ports[port],
                used=state.used(port),
                words=words,
                points=points,
            )
        )


def _check_building_allowed(state: GameState, charts: OwnerCharts) -> None:
    tables = charts.tables
    if state.port_building_open:
        return
    start = tables.build_from
    if tables.month_index(state.month) < tables.month_index(start):
        raise UserError(
            _("Rule 6.84: port capacity can be built up only from {start}; this is {month}").format(
                start=tables.month_names[start], month=tables.month_names[state.month]
            )
        )
