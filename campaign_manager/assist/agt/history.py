"""The tracker's history in words: one line per logged action, for the panel and the CLI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.assist.agt.state import GameState
from campaign_manager.assist.agt.tables import BookTables

REPEAT_NOTE = (
    "this number was already rolled this turn; the book refers to a 'Repeat DR' rule "
    "that its text does not give, so settle it between the players"
)


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One logged action in words, with the turn and the month it was entered in."""

    turn: int
    month: str
    words: str


@dataclass(frozen=True, slots=True)
class TurnCommands:
    """The commands whose markers went into the cup for a turn, each side's in order."""

    italian: tuple[str, ...]
    greek: tuple[str, ...]


def history_lines(state: GameState, tables: BookTables, scenario: str) -> tuple[HistoryLine, ...]:
    """Every logged action in words, oldest first."""
    return tuple(HistoryLine(e["turn"], e["month"], describe(e, tables, scenario)) for e in state.history)


def last_commands(state: GameState) -> TurnCommands | None:
    """The commands of the last turn entered (to offer them again), or None before the first."""
    for entry in reversed(state.history):
        if entry["type"] == "turn":
            return TurnCommands(tuple(entry["italian"]), tuple(entry["greek"]))
    return None


def describe(entry: dict[str, Any], tables: BookTables, scenario: str) -> str:
    """One line for a logged action (entries from GameState.history carry turn and month)."""
    kind = entry["type"]
    if kind == "turn":
        commands = ", ".join([*entry["italian"], *entry["greek"]])
        first = f"; {entry['first']} starts the turn" if entry.get("first") else ""
        played = "".join(f"; played: {tables.special_events[code].name}" for code in entry.get("play", ()))
        return f"New turn ({tables.month_names[entry['month']]}): markers for {commands}{first}{played}"
    if kind == "draw":
        how = "drawn by the app" if entry["how"] == "rolled" else "drawn from the cup"
        line = f"{entry['marker']} {how}"
        if entry.get("ignored"):
            return line + ": the last marker in the cup, so no random event"
        if entry.get("event"):
            line += ": " + describe_event(entry["event"], tables, scenario)
        return line
    if kind == "remove":
        return f"{entry['reason']}: {', '.join(entry['markers'])} taken out of the cup"
    if kind == "port":
        verb = {
            "bombed": f"bombed by {entry['amount']} bomber(s)",
            "destroyed": f"wrecked by a Greek unit ({entry['amount']} MP)",
            "built": f"built up ({entry['amount']} point(s) spent)",
            "bonus": f"raised by {entry['amount']} free point(s) from a random event",
            "special": f"raised by the {tables.special_events['port-capacity'].name} chit",
        }[entry["why"]]
        warning = f" (warning: {entry['warning']})" if entry.get("warning") else ""
        return f"{entry['port']} {verb}: {entry['change']:+d}{warning}"
    if kind == "weather":
        weather = entry["weather"] or "not known yet (read the printed table)"
        read = ", as read on the printed table" if entry.get("read") else ""
        return f"Weather at the start of the turn: {weather}{read} — {entry['why']}"
    if kind == "port-use":
        what = {
            "landing": "to land units",
            "activation": "to fully activate units",
            "refit": f"for {entry['amount']} refit(s)",
            "air": "to ready squadrons based in Albania or Greece",
        }
        return f"{entry['port']}: {entry['points']} capacity point(s) used {what[entry['use']]}"
    return f"(unknown action {kind})"


def weather_line(state: GameState, how_to_record: str = "game weather FILE") -> str | None:
    """The turn's weather in a sentence (start of turn, and a random event's roll since), or
    None before the first turn; `how_to_record` says where the weather is recorded."""
    if not state.turn:
        return None
    if state.weather is None:
        return f"Weather: not recorded yet this turn ({how_to_record})"
    line = f"Weather at the start of the turn: {state.weather['weather'] or 'read the printed table'}"
    if state.weather.get("read"):
        line += ", read on the printed table"
    if state.weather["die"] is not None:
        line += f" (die {state.weather['die']}, {state.weather['how']})"
    if state.weather_by_event:
        now = state.weather_now or "as the printed table says (that line is not filled in)"
        line += f"; a random event rolled it again, now {now}"
    return line


def specials_line(state: GameState, tables: BookTables) -> str | None:
    """The Gamers' Special Event chits in play this turn, in a sentence, or None."""
    parts = []
    for code in state.played_this_turn:
        chit = tables.special_events[code]
        if chit.attack_drm:
            parts.append(
                f"{chit.name}: every Italian ground attack this turn adds {chit.attack_drm:+d} to its die, "
                "until an Italian ground unit is eliminated"
            )
    if "port-capacity" in state.chits_played:
        done = "already placed" if state.port_boost_used else "still to place"
        chit = tables.special_events["port-capacity"]
        parts.append(f"{chit.name}: this turn's {chit.port_boost} points {done}")
    return "; ".join(parts) or None


def describe_event(event: dict[str, Any], tables: BookTables, scenario: str) -> str:
    """The random event rolled for a Mussolini marker, with weather and markers removed."""
    row = tables.event_for(scenario, event["die"])
    parts = [f"random event roll {event['die']}"]
    if event.get("weather_die") is not None:
        weather = event.get("weather") or event.get("weather_read") or "read the Weather Table"
        parts.append(f"weather die {event['weather_die']} ({weather})")
    elif event.get("weather"):
        parts.append(f"weather stays {event['weather']} this month")
    if event.get("no_event"):
        parts.append(f"'{row.name}' already happened this game: no event")
    else:
        parts.append(f"{row.name}: {row.effect.rstrip('.')}")
    if event.get("removed"):
        parts.append("out of the cup: " + ", ".join(event["removed"]))
    if event.get("special_event_chit"):
        parts.append("the Italian player draws a Special Event chit")
    if event.get("repeat"):
        parts.append(REPEAT_NOTE)
    return "; ".join(parts)
