"""The editor's tables declared: which rows each shows (a list of the file, a table keyed by
code, the turns' deployment rules) and its columns, each a path in the row's entry with how its
value is written in a cell and read back from what is typed there.

A cell reads as the file would say it, in short: a bonus `open 1, broken 2`, fixed arrows
`A1→B1, A2→B2`, a list `north, south`. What cannot be read is refused in words and nothing
changes; what reads but breaks the scenario's shape is refused by the one scenario check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from campaign_manager.scenario.edits import Where, value_at
from campaign_manager.scenario.model import KINDS
from campaign_manager.ui.editor.cells import Choices, Column, Kind

# -- the rows of a table -------------------------------------------------------------------------


@dataclass(frozen=True)
class Rows:
    """The rows of a table: the items of the list at `where`, the entries of the table keyed by
    code at `where` (`keyed`), or every turn's deployment rules (`deployment`)."""

    where: Where
    how: Literal["list", "keyed", "deployment"] = "list"

    def keys(self, tables: dict[str, Any]) -> list[Any]:
        found = value_at(tables, self.where)
        if self.how == "keyed":
            return list(found or {})
        if self.how == "deployment":
            return [(t, n) for t, turn in enumerate(tables["turns"]) for n in range(len(turn.get("deployment") or []))]
        return list(range(len(found or [])))

    def path(self, key: Any) -> Where:
        if self.how == "deployment":
            turn, rule = key
            return ("turns", turn, "deployment", rule)
        return (*self.where, key)


# -- choices -------------------------------------------------------------------------------------


def areas(tables: dict[str, Any]) -> list[str]:
    return [area["code"] for area in tables["areas"]]


def terrains(tables: dict[str, Any]) -> list[str]:
    return ["", *tables["terrains"]]


def nations(tables: dict[str, Any]) -> list[str]:
    return list(tables["nations"])


def troop_types(tables: dict[str, Any]) -> list[str]:
    return list(tables["troop_types"])


def sides(tables: dict[str, Any]) -> list[str]:
    return list(tables.get("sides") or {})


def sides_or_nobody(tables: dict[str, Any]) -> list[str]:
    return ["", *sides(tables)]


def side_words(tables: dict[str, Any], code: Any) -> str:
    """A side's code as the cell shows it: its name in this scenario ("Free Cities")."""
    name = ((tables.get("sides") or {}).get(code) or {}).get("name")
    if not name or name.lower() == str(code).lower():
        return str(name or code or "")
    return f"{name} ({code})"


def kinds(tables: dict[str, Any]) -> list[str]:
    return list(KINDS)


def rules(tables: dict[str, Any]) -> list[str]:
    return ["at_least", "next_to_enemy"]


def troops_of_type(tables: dict[str, Any], code: Any) -> str:
    return str(sum(1 for troop in tables.get("troops") or [] if troop.get("type") == code))


def arriving(tables: dict[str, Any], index: Any) -> str:
    number = index + 1
    return ", ".join(t["id"] for t in tables.get("troops") or [] if (t.get("arrives") or {}).get("turn") == number)


# -- the tables ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One table of the editor: its name (the part of the scenario, as entries.py names it), a
    title, its rows and columns; for a keyed table the first column is the code."""

    part: str
    title: str
    rows: Rows
    columns: tuple[Column, ...]


CODE = Column("code", (), "text", "The entry's code, as the rest of the file names it")

TABLES: tuple[Table, ...] = (
    Table(
        "areas",
        "Areas",
        Rows(("areas",)),
        (
            Column("code", ("code",), tip="The area's code; changed here, it is changed everywhere the file names it"),
            Column("name", ("name",)),
            Column("country / region", ("region",), "optional", "A name used by placement zones (region:NAME)"),
            Column("terrain", ("terrain",), "choice", choices=terrains),
            Column("VP", ("vp",), "int", "Campaign VP to the side that holds it"),
            Column(
                "starts with",
                ("controller",),
                "choice",
                "Who holds it at set-up",
                choices=sides_or_nobody,
                words=side_words,
            ),
            Column("staging only", ("staging",), "flag", "Never attacked, only attacked from"),
            Column("impassable", ("impassable",), "flag", "Cannot be entered or attacked"),
            Column("only nations", ("only_nations",), "list", "The only nations that may enter (staging areas)"),
            Column("command centre", ("command_centre",), "flag", "May be attacked, never captured"),
            Column("centre VP", ("command_centre_vp",), "int", "Scored for each win against the command centre"),
            Column("centre scorer", ("command_centre_scorer",), "choice", choices=sides_or_nobody, words=side_words),
        ),
    ),
    Table(
        "links",
        "Links",
        Rows(("map", "links")),
        (
            Column("one area", ("a",), "choice", choices=areas),
            Column("the other", ("b",), "choice", choices=areas),
            Column("fortified line", ("fortified",), "flag", "Crosses the fortified line"),
            Column("sea", ("sea",), "flag", "Across the sea, still adjacent"),
        ),
    ),
    Table(
        "troop_types",
        "Troop types",
        Rows(("troop_types",), "keyed"),
        (
            CODE,
            Column("name", ("name",)),
            Column("nation", ("nation",), "choice", choices=nations),
            Column("kind", ("kind",), "choice", choices=kinds),
            Column("bonus", ("bonus",), "mapping", "General's Wargame bonus by terrain: open 1, broken 2"),
            Column("capture VP", ("capture_vp",), "int"),
            Column("from a later turn", ("variants",), "variants", "A new name and bonus from a turn on"),
            Column("count", (), derived=troops_of_type, tip="How many counters of this type the roster has"),
        ),
    ),
    Table(
        "troops",
        "Troops (the roster)",
        Rows(("troops",)),
        (
            Column("id", ("id",)),
            Column("type", ("type",), "choice", choices=troop_types),
            Column("starts in", ("start",), "optional", "The area it starts in (or leave empty: it arrives later)"),
            Column("arrives on turn", ("arrives", "turn"), "int"),
            Column("arrives in", ("arrives", "zone"), "text", 'An area code, "friendly" or "region:NAME"'),
            Column("else in", ("arrives", "fallback"), "optional", "Where it goes when that area is lost"),
        ),
    ),
    Table(
        "turns",
        "Turns",
        Rows(("turns",)),
        (
            Column("number", ("number",), "int"),
            Column("name", ("name",)),
            Column("dates", ("dates",)),
            Column("battles: D3", ("battles", "d3"), "int", "The battle count: this many D3 ..."),
            Column("battles: plus", ("battles", "plus"), "int", "... plus this many"),
            Column("fixed attacker", ("fixed_attacker",), "choice", choices=sides_or_nobody, words=side_words),
            Column("fixed arrows", ("fixed_arrows",), "arrows", "The turn's only battles, from→to: A1→B1, A2→B2"),
            Column(
                "initiative to",
                ("initiative", "side"),
                "choice",
                "Adds the modifier and wins ties",
                sides,
                words=side_words,
            ),
            Column("initiative +", ("initiative", "modifier"), "int"),
            Column("sorties", ("sorties",), "mapping", "Air sorties: nation codes and numbers, e.g. north 1, south 3"),
            Column("redeploy", ("redeploy",), "list", "The nations that may redeploy, in order"),
            Column("missions (d6)", ("missions",), "list", "Six missions, one per face of a d6", separator="; "),
            Column("reinforcements", (), derived=arriving, tip="The troops that arrive this turn (the roster)"),
        ),
    ),
    Table(
        "deployment",
        "Deployment rules",
        Rows(("turns",), "deployment"),
        (
            Column("turn", (), derived=lambda tables, key: str(key[0] + 1)),
            Column("rule", ("rule",), "choice", choices=rules),
            Column("nation", ("nation",), "choice", choices=nations),
            Column("area", ("area",), "optional"),
            Column("count", ("count",), "int"),
            Column("next to", ("enemy_nation",), "optional", "next_to_enemy: the enemy nation"),
            Column(
                "except", ("except",), "exceptions", "Exceptions (area, kind or troop, count): A1 infantry 1; B2 ID 1"
            ),
        ),
    ),
    Table(
        "tabletop.destroy",
        "Roll to destroy after a tabletop game",
        Rows(("tabletop", "destroy")),
        (
            Column("roller's VP from", ("min_vp",), "int"),
            Column("destroys on", ("on",), "int", "A d6 score (0: no roll)"),
        ),
    ),
    Table(
        "wargame.destroy",
        "Roll to destroy after a General's Wargame",
        Rows(("wargame", "destroy")),
        (
            Column("difference from", ("min_difference",), "int"),
            Column("loser destroyed on", ("loser",), "int", "0: no roll"),
            Column("winner destroyed on", ("winner",), "int", "0: no roll"),
        ),
    ),
    Table(
        "victory.levels",
        "Victory levels",
        Rows(("victory", "levels")),
        (Column("margin from", ("min_margin",), "int"), Column("result", ("name",))),
    ),
    Table(
        "sides",
        "Sides and their colours",
        Rows(("sides",), "keyed"),
        (
            CODE,
            Column("name", ("name",), tip='The side as an adjective: "Allied"'),
            Column("noun", ("noun",), "optional", 'The side in sentences: "the Allies take B2"'),
            Column("map tint", ("colours", "tint"), "colour"),
            Column("print tint", ("colours", "print_tint"), "colour"),
            Column("ink", ("colours", "ink"), "colour"),
            Column("print ink", ("colours", "print_ink"), "colour"),
            Column("counters", ("colours", "counters"), "list", "One colour per nation, in the nations' order"),
        ),
    ),
    Table(
        "nations",
        "Nations",
        Rows(("nations",), "keyed"),
        (CODE, Column("name", ("name",)), Column("side", ("side",), "choice", choices=sides, words=side_words)),
    ),
    Table("terrains", "Terrains", Rows(("terrains",), "keyed"), (CODE, Column("name", ("name",)))),
    Table(
        "aircraft",
        "Aircraft (sorties, by nation)",
        Rows(("aircraft",), "keyed"),
        (
            Column("nation", (), "text", "The nation that flies it"),
            Column("name", ("name",)),
            Column("bonus", ("bonus",), "mapping"),
            Column("interceptor", ("interceptor",), "flag", "Counts only when an enemy aircraft is in the battle"),
        ),
    ),
)


@dataclass(frozen=True)
class Setting:
    """One value of the scenario that is no table's: its words, its path, how it is written."""

    words: str
    where: Where
    column: Column


def _setting(
    said: str,
    where: tuple[str, ...],
    kind: Kind = "text",
    tip: str = "",
    choices: Choices | None = None,
    **more: Any,
) -> Setting:
    return Setting(said, where, Column(said, where, kind, tip, choices, **more))


SETTINGS: tuple[Setting, ...] = (
    _setting("Scenario id", ("scenario", "id")),
    _setting("Scenario name", ("scenario", "name")),
    _setting("Version", ("scenario", "version"), "int"),
    _setting("Notice (About the map)", ("scenario", "notice")),
    _setting("Troops per side in a battle", ("rules", "max_committed"), "int", "Aircraft included"),
    _setting("Air sorties per side in a battle", ("rules", "max_sorties"), "int"),
    _setting("Troops that may advance", ("rules", "advance_limit"), "int"),
    _setting("Troops back from the pool go to", ("rules", "pool_zone"), tip='"friendly", an area or region:NAME'),
    _setting("Tabletop: defeated below this VP", ("tabletop", "defeat_min_vp"), "int"),
    _setting("Result below every victory level", ("victory", "below")),
    _setting("Fortification", ("fortification", "name"), tip="Defends a fortified link"),
    _setting("Fortified line (on the map)", ("fortification", "line"), "optional"),
    _setting("Fortification: its nation", ("fortification", "nation"), "choice", choices=nations),
    _setting("Fortification: against", ("fortification", "attacker_side"), "choice", choices=sides, words=side_words),
    _setting("Fortification: bonus", ("fortification", "bonus"), "mapping"),
    _setting("Fortification: at the table", ("fortification", "tabletop")),
    _setting("Escape by sea: nation", ("sea_escape", "nation"), "choice", choices=nations),
    _setting("Escape by sea: from", ("sea_escape", "areas"), "list"),
    _setting("Map width", ("layout", "width"), "int"),
    _setting("Map height", ("layout", "height"), "int"),
)
