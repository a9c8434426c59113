"""The tracker's state (activation cup and port capacities), rebuilt by replaying the logged
actions through `apply`, a pure reducer. Actions carry every die and every marker drawn, so a
replay never rolls anything.

Actions (JSON; declared in actions.py, which refuses any other shape):
  {"type": "turn", "month", "italian": [commands], "greek": [commands], "first": label | None,
   "play": [Special Event chits played as the turn starts]}
  {"type": "draw", "marker": label, "how": "rolled" | "typed", "ignored": bool, "event": {...} | None}
  {"type": "remove", "markers": [labels], "reason": text, "how": "rolled" | "typed"}
  {"type": "port", "port": name, "why": "bombed" | "built" | "destroyed" | "bonus" | "special",
   "amount": n, "change": signed points, "warning": text (optional)}  (points built are also
   capacity used this turn, 6.84)
  {"type": "weather", "weather": name | None, "die": n | None, "modified_die": n | None,
   "how": "rolled" | "typed" | None, "read": bool, "why": text}  (the start of the turn under way)
  {"type": "port-use", "port": name, "use": "landing" | "activation" | "refit" | "air", "amount": n,
   "points": capacity points used}  (amount: refit actions for a refit, squadrons readied for
   air in files written since squadrons are counted, else the points)
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from campaign_manager.assist.agt.actions import check_action
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.assist.results import RESULT, ResultEntry, read_result

SIDES = ("italian", "greek")
MUSSOLINI = "mussolini"


@dataclass(frozen=True)
class Marker:
    """One activation marker (or a Mussolini marker) in the cup."""

    side: str  # "italian", "greek" (the Greek player's, British included) or "mussolini"
    command: str
    number: int

    @property
    def label(self) -> str:
        if self.side == MUSSOLINI:
            return f"Mussolini #{self.number}"
        return f"{self.side.capitalize()} {self.command} #{self.number}"


def turn_markers(tables: BookTables, italian: Iterable[str], greek: Iterable[str]) -> list[Marker]:
    """Two markers per command available this turn, plus the Mussolini markers, in a fixed order."""
    markers = [
        Marker(side, command, n + 1)
        for side, commands in (("italian", italian), ("greek", greek))
        for command in commands
        for n in range(tables.markers_per_command)
    ]
    markers += [Marker(MUSSOLINI, "Mussolini", n + 1) for n in range(tables.mussolini_markers)]
    return markers


@dataclass
class GameState:
    """Everything the tracker remembers between evenings."""

    scenario: str
    month: str
    ports: dict[str, int]
    turn: int = 0
    markers: dict[str, Marker] = field(default_factory=dict)  # this turn's, by label
    cup: list[str] = field(default_factory=list)  # labels still in the cup, in a fixed order
    drawn: list[str] = field(default_factory=list)  # this turn, in order
    removed: list[str] = field(default_factory=list)  # taken out by events this turn
    event_dice: list[int] = field(default_factory=list)  # Random Events rolls this turn
    once_seen: list[str] = field(default_factory=list)  # once-a-game events already rolled
    port_building_open: bool = False  # opened early by a Gamers' random event
    port_bonus_left: int = 0  # free points granted by a random event, still to place
    port_used: dict[str, int] = field(default_factory=dict)  # capacity points used this turn (6.81)
    weather: dict[str, Any] | None = None  # this turn's start-of-turn weather action (4.21)
    weather_now: str | None = None  # the latest known: the start's, or a random event's roll (4.21)
    weather_by_event: bool = False  # a random event has rolled the weather again this turn
    chits_drawn: int = 0  # Gamers' Special Event chits drawn on a 0 or 9 of the Random Events table
    chits_played: list[str] = field(default_factory=list)  # the Special Event chits the tracker kept
    played_this_turn: list[str] = field(default_factory=list)
    port_boost_used: bool = False  # the Increased Port Capacity chit's port this turn
    history: list[dict[str, Any]] = field(default_factory=list)  # every action, with turn and month
    results: list[ResultEntry] = field(default_factory=list)  # the calculators' results (assist/results.py)

    def in_cup(self, side: str) -> list[str]:
        return [label for label in self.cup if self.markers[label].side == side]

    def used(self, port: str) -> int:
        """Capacity points the port has passed this turn (landing, activation, refit, building)."""
        return self.port_used.get(port, 0)

    def left(self, port: str) -> int:
        """Capacity points the port can still pass this turn (none once bombers cut below use)."""
        return max(0, self.ports[port] - self.used(port))


def new_state(tables: BookTables, scenario: str) -> GameState:
    return GameState(scenario=scenario, month=tables.scenarios[scenario].first_month, ports=dict(tables.port_start))


def apply(state: GameState, action: dict[str, Any], tables: BookTables) -> GameState:
    """Return the state after `action`; the input is left as it was."""
    check_action(action)
    state = copy.deepcopy(state)
    kind = action["type"]
    if kind == RESULT:  # a calculator's result: kept beside the tracker's history, not in it
        state.results.append(read_result(action))
        return state
    if kind == "turn":
        state.turn += 1
        state.month = action["month"]
        markers = turn_markers(tables, action["italian"], action["greek"])
        state.markers = {m.label: m for m in markers}
        first = action.get("first")
        state.cup = [m.label for m in markers if m.label != first]
        state.drawn = [first] if first else []
        state.removed, state.event_dice = [], []
        state.port_used = {}  # every port's capacity track starts the turn unused (6.81)
        state.weather, state.weather_now, state.weather_by_event = None, None, False
        state.played_this_turn = list(action.get("play", ()))
        state.chits_played += state.played_this_turn
        state.port_boost_used = False
    elif kind == "draw":
        state.cup.remove(action["marker"])
        state.drawn.append(action["marker"])
        event = action.get("event")
        if event:
            state.event_dice.append(event["die"])
            state.chits_drawn += bool(event.get("special_event_chit"))
            if event.get("once") and event["code"] not in state.once_seen and not event.get("no_event"):
                state.once_seen.append(event["code"])
            for label in event.get("removed", []):
                state.cup.remove(label)
                state.removed.append(label)
            if event.get("weather_die") is not None:  # the event rolled the weather again
                state.weather_now, state.weather_by_event = event.get("weather"), True
            if event.get("opens_port_building"):
                state.port_building_open = True
            state.port_bonus_left += event.get("port_bonus", 0)
    elif kind == "remove":
        for label in action["markers"]:
            state.cup.remove(label)
            state.removed.append(label)
    elif kind == "port":
        state.ports[action["port"]] += action["change"]
        if action["why"] == "bonus":
            state.port_bonus_left -= action["amount"]
        elif action["why"] == "special":
            state.port_boost_used = True
        elif action["why"] == "built":
            _use(state, action["port"], action["amount"])
    elif kind == "weather":
        state.weather = {key: value for key, value in action.items() if key != "type"}
        if not state.weather_by_event:  # recorded late, it does not undo an event's new weather
            state.weather_now = action["weather"]
    else:  # "port-use": check_action knows no other type
        _use(state, action["port"], action["points"])
    state.history.append({**action, "turn": state.turn, "month": state.month})
    return state


def _use(state: GameState, port: str, points: int) -> None:
    state.port_used[port] = state.used(port) + points


def replay(tables: BookTables, scenario: str, actions: Iterable[dict[str, Any]]) -> GameState:
    state = new_state(tables, scenario)
    for action in actions:
        state = apply(state, action, tables)
    return state
