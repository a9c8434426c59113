"""Italian port capacity (rules 6.8, 8.743, 9.11): bombers cut it, Greek units wreck it, the
Italians build it back from December 1940, and a Gamers' random event may add free points.
Within a turn a port passes at most its capacity in points: units landed, units fully activated
through it, squadrons based in Albania or Greece, refits (2 points each) and points built.

Each function checks the request and returns the action to log (see state.py).
"""

from __future__ import annotations

from typing import Any

from campaign_manager.assist.agt.charts import OwnerCharts
from campaign_manager.assist.agt.odds import check_strength
from campaign_manager.assist.agt.state import GameState
from campaign_manager.errors import UserError

WHYS = ("bombed", "built", "destroyed", "bonus")
# what a port's capacity points are used for in a turn, with the rule and the words for messages
USES = {
    "landing": ("6.81", "landing units"),
    "activation": ("6.81", "fully activating units"),
    "refit": ("9.11", "refitting units"),
    "air": ("6.83", "squadrons based in Albania or Greece"),
}


def port_maximum(charts: OwnerCharts, port: str) -> int | None:
    """The top of the port's printed capacity track, once the owner has filled it in."""
    value = charts.value("port_max", port, "maximum")
    return None if value is None else int(value)


def _port(state: GameState, port: str) -> str:
    for name in state.ports:
        if name.lower() == port.strip().lower():
            return name
    raise UserError(f"Rule 6.82: there is no port '{port}' (ports: {', '.join(state.ports)})")


def change_port(state: GameState, charts: OwnerCharts, port: str, why: str, amount: object) -> dict[str, Any]:
    """`amount`: bombers flown (bombed), points spent (built), movement points spent by the
    Greek unit (destroyed) or free points placed (bonus)."""
    tables = charts.tables
    if why not in WHYS:
        raise ValueError(f"unknown port change {why!r}")
    port = _port(state, port)
    now = state.ports[port]
    if why == "bombed":
        amount = check_strength(amount, "Rule 8.743: bombers flown to the port")
        change = -min(now, amount * tables.bomber_cut)
    elif why == "destroyed":
        amount = check_strength(amount, "Rule 6.85: movement points spent wrecking the port")
        change = -min(now, amount)
    else:
        amount = check_strength(amount, "Rule 6.84: capacity points")
        if why == "built":
            _check_building_allowed(state, charts)
            _check_capacity_left(state, port, amount, "building it up (1 point per point built)", "6.84")
        elif amount > state.port_bonus_left:
            raise UserError(
                f"Random event: only {state.port_bonus_left} free capacity points are left to place, not {amount}"
            )
        change = amount * tables.build_per_point if why == "built" else amount
        top = port_maximum(charts, port)
        if top is not None and now + change > top:
            raise UserError(f"Rule 6.84: {port} would reach {now + change}, above the top of its track ({top})")
    return {"type": "port", "port": port, "why": why, "amount": amount, "change": change}


def use_port(state: GameState, charts: OwnerCharts, port: str, use: str, amount: object) -> dict[str, Any]:
    """Capacity points a port passes this turn: `amount` is the points for a landing, a full
    activation or squadrons, and the number of refit actions for a refit (2 points each)."""
    if use not in USES:
        raise UserError(f"Rule 6.81: a port's capacity is used for {', '.join(USES)}, not '{use}'")
    rule, words = USES[use]
    if not state.turn:
        raise UserError("Rule 6.81: capacity is counted turn by turn; start a turn first (cup turn)")
    port = _port(state, port)
    if use == "refit":
        amount = check_strength(amount, "Rule 9.11: refit actions")
        points = amount * charts.tables.refit_cost
        words = f"{amount} refit(s) at {charts.tables.refit_cost} points each"
    else:
        points = amount = check_strength(amount, f"Rule {rule}: capacity points used")
    _check_capacity_left(state, port, points, words, rule)
    return {"type": "port-use", "port": port, "use": use, "amount": amount, "points": points}


def _check_capacity_left(state: GameState, port: str, points: int, words: str, rule: str) -> None:
    left = state.left(port)
    if points > left:
        rules = "Rule 6.81" if rule == "6.81" else f"Rules {rule} and 6.81"
        raise UserError(
            f"{rules}: {port} can pass only {left} more capacity point(s) this turn "
            f"(capacity {state.ports[port]}, {state.used(port)} used); {words} needs {points}"
        )


def _check_building_allowed(state: GameState, charts: OwnerCharts) -> None:
    tables = charts.tables
    if state.port_building_open:
        return
    start = tables.build_from
    if tables.month_index(state.month) < tables.month_index(start):
        raise UserError(
            f"Rule 6.84: port capacity can be built up only from "
            f"{tables.month_names[start]}; this is {tables.month_names[state.month]}"
        )
