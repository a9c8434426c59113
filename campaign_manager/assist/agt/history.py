"""The tracker's history in words: one line per logged action, for the panel and the CLI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign_manager.assist.agt.state import GameState
from campaign_manager.assist.agt.tables import BookTables
from campaign_manager.i18n import N_, _, ngettext

REPEAT_NOTE = N_(
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
        line = _("New turn ({month}): markers for {commands}").format(
            month=tables.month_names[entry["month"]], commands=commands
        )
        if entry.get("first"):
            line += "; " + _("{marker} starts the turn").format(marker=entry["first"])
        for code in entry.get("play", ()):
            line += "; " + _("played: {chit}").format(chit=tables.special_events[code].name)
        return line
    if kind == "draw":
        line = (
            _("{marker} drawn by the app") if entry["how"] == "rolled" else _("{marker} drawn from the cup")
        ).format(marker=entry["marker"])
        if entry.get("ignored"):
            return _("{line}: the last marker in the cup, so no random event").format(line=line)
        if entry.get("event"):
            line += ": " + describe_event(entry["event"], tables, scenario)
        return line
    if kind == "remove":
        return _("{reason}: {markers} taken out of the cup").format(
            reason=entry["reason"], markers=", ".join(entry["markers"])
        )
    if kind == "port":
        amount = entry.get("amount") or 0
        verb = {
            "bombed": lambda: ngettext("bombed by {n} bomber", "bombed by {n} bombers", amount),
            "destroyed": lambda: _("wrecked by a Greek unit ({n} MP)"),
            "built": lambda: ngettext("built up ({n} point spent)", "built up ({n} points spent)", amount),
            "bonus": lambda: ngettext(
                "raised by {n} free point from a random event",
                "raised by {n} free points from a random event",
                amount,
            ),
            "special": lambda: _("raised by the {chit} chit"),
        }[entry["why"]]().format(n=entry.get("amount"), chit=tables.special_events["port-capacity"].name)
        change = f"{entry['change']:+d}"
        if entry.get("warning"):
            return _("{port} {verb}: {change} (warning: {warning})").format(
                port=entry["port"], verb=verb, change=change, warning=entry["warning"]
            )
        return _("{port} {verb}: {change}").format(port=entry["port"], verb=verb, change=change)
    if kind == "weather":
        weather = entry["weather"] or _("not known yet (read the printed table)")
        words = (
            _("Weather at the start of the turn: {weather}, as read on the printed table — {why}")
            if entry.get("read")
            else _("Weather at the start of the turn: {weather} — {why}")
        )
        return words.format(weather=weather, why=entry["why"])
    if kind == "port-use":
        points = entry["points"]
        words = {
            "landing": lambda: ngettext(
                "{port}: {points} capacity point used to land units",
                "{port}: {points} capacity points used to land units",
                points,
            ),
            "activation": lambda: ngettext(
                "{port}: {points} capacity point used to fully activate units",
                "{port}: {points} capacity points used to fully activate units",
                points,
            ),
            "refit": lambda: ngettext(
                "{port}: {points} capacity point used for {refits}",
                "{port}: {points} capacity points used for {refits}",
                points,
            ),
            "air": lambda: ngettext(
                "{port}: {points} capacity point used to ready squadrons based in Albania or Greece",
                "{port}: {points} capacity points used to ready squadrons based in Albania or Greece",
                points,
            ),
        }[entry["use"]]()
        refits = entry["amount"] or 0
        # the refits counted in their own plural, put into the sentence counted by its points
        return words.format(
            port=entry["port"], points=points, refits=ngettext("{n} refit", "{n} refits", refits).format(n=refits)
        )
    return _("(unknown action {kind})").format(kind=kind)


def weather_line(state: GameState, how_to_record: str = "game weather FILE") -> str | None:
    """The turn's weather in a sentence (start of turn, and a random event's roll since), or
    None before the first turn; `how_to_record` says where the weather is recorded."""
    if not state.turn:
        return None
    if state.weather is None:
        return _("Weather: not recorded yet this turn ({how})").format(how=how_to_record)
    weather = state.weather["weather"] or _("read the printed table")
    if state.weather.get("read"):
        line = _("Weather at the start of the turn: {weather}, read on the printed table").format(weather=weather)
    else:
        line = _("Weather at the start of the turn: {weather}").format(weather=weather)
    if state.weather["die"] is not None:
        how = _("typed") if state.weather["how"] == "typed" else _("rolled")
        line = _("{line} (die {die}, {how})").format(line=line, die=state.weather["die"], how=how)
    if state.weather_by_event:
        now = state.weather_now or _("as the printed table says (that line is not filled in)")
        line = _("{line}; a random event rolled it again, now {now}").format(line=line, now=now)
    return line


def specials_line(state: GameState, tables: BookTables) -> str | None:
    """The Gamers' Special Event chits in play this turn, in a sentence, or None."""
    parts = []
    for code in state.played_this_turn:
        chit = tables.special_events[code]
        if chit.attack_drm:
            parts.append(
                _(
                    "{chit}: every Italian ground attack this turn adds {drm} to its die, "
                    "until an Italian ground unit is eliminated"
                ).format(chit=chit.name, drm=f"{chit.attack_drm:+d}")
            )
    if "port-capacity" in state.chits_played:
        chit = tables.special_events["port-capacity"]
        words = (
            _("{chit}: this turn's {points} points already placed")
            if state.port_boost_used
            else _("{chit}: this turn's {points} points still to place")
        )
        parts.append(words.format(chit=chit.name, points=chit.port_boost))
    return "; ".join(parts) or None


def describe_event(event: dict[str, Any], tables: BookTables, scenario: str) -> str:
    """The random event rolled for a Mussolini marker, with weather and markers removed."""
    row = tables.event_for(scenario, event["die"])
    parts = [_("random event roll {die}").format(die=event["die"])]
    if event.get("weather_die") is not None:
        weather = event.get("weather") or event.get("weather_read") or _("read the Weather Table")
        parts.append(_("weather die {die} ({weather})").format(die=event["weather_die"], weather=weather))
    elif event.get("weather"):
        parts.append(_("weather stays {weather} this month").format(weather=event["weather"]))
    if event.get("no_event"):
        parts.append(_("'{event}' already happened this game: no event").format(event=row.name))
    else:
        parts.append(f"{row.name}: {row.effect.rstrip('.')}")
    if event.get("removed"):
        parts.append(_("out of the cup: {markers}").format(markers=", ".join(event["removed"])))
    if event.get("special_event_chit"):
        parts.append(_("the Italian player draws a Special Event chit"))
    if event.get("repeat"):
        parts.append(_(REPEAT_NOTE))
    return "; ".join(parts)
