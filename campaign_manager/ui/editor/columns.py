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

from campaign_manager.i18n import N_
from campaign_manager.scenario.edits import Where, value_at
from campaign_manager.scenario.terms import KINDS
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


CODE = Column(N_("code"), (), "text", N_("The entry's code, as the rest of the file names it"))

TABLES: tuple[Table, ...] = (
    Table(
        "areas",
        N_("Areas"),
        Rows(("areas",)),
        (
            Column(
                N_("code"),
                ("code",),
                tip=N_("The area's code; changed here, it is changed everywhere the file names it"),
            ),
            Column(N_("name"), ("name",)),
            Column(N_("country / region"), ("region",), "optional", N_("A name used by placement zones (region:NAME)")),
            Column(N_("terrain"), ("terrain",), "choice", choices=terrains),
            Column(N_("VP"), ("vp",), "int", N_("Campaign VP to the side that holds it")),
            Column(
                N_("starts with"),
                ("controller",),
                "choice",
                N_("Who holds it at set-up"),
                choices=sides_or_nobody,
                words=side_words,
            ),
            Column(N_("staging only"), ("staging",), "flag", N_("Never attacked, only attacked from")),
            Column(N_("impassable"), ("impassable",), "flag", N_("Cannot be entered or attacked")),
            Column(
                N_("only nations"), ("only_nations",), "list", N_("The only nations that may enter (staging areas)")
            ),
            Column(N_("command centre"), ("command_centre",), "flag", N_("May be attacked, never captured")),
            Column(
                N_("centre VP"), ("command_centre_vp",), "int", N_("Scored for each win against the command centre")
            ),
            Column(
                N_("centre scorer"), ("command_centre_scorer",), "choice", choices=sides_or_nobody, words=side_words
            ),
        ),
    ),
    Table(
        "links",
        N_("Links"),
        Rows(("map", "links")),
        (
            Column(N_("one area"), ("a",), "choice", choices=areas),
            Column(N_("the other"), ("b",), "choice", choices=areas),
            Column(N_("fortified line"), ("fortified",), "flag", N_("Crosses the fortified line")),
            Column(N_("sea"), ("sea",), "flag", N_("Across the sea, still adjacent")),
        ),
    ),
    Table(
        "troop_types",
        N_("Troop types"),
        Rows(("troop_types",), "keyed"),
        (
            CODE,
            Column(N_("name"), ("name",)),
            Column(N_("nation"), ("nation",), "choice", choices=nations),
            Column(N_("kind"), ("kind",), "choice", choices=kinds),
            Column(N_("bonus"), ("bonus",), "mapping", N_("General's Wargame bonus by terrain: open 1, broken 2")),
            Column(N_("capture VP"), ("capture_vp",), "int"),
            Column(N_("from a later turn"), ("variants",), "variants", N_("A new name and bonus from a turn on")),
            Column(N_("count"), (), derived=troops_of_type, tip=N_("How many counters of this type the roster has")),
        ),
    ),
    Table(
        "troops",
        N_("Troops (the roster)"),
        Rows(("troops",)),
        (
            Column(N_("id"), ("id",)),
            Column(N_("type"), ("type",), "choice", choices=troop_types),
            Column(
                N_("starts in"), ("start",), "optional", N_("The area it starts in (or leave empty: it arrives later)")
            ),
            Column(N_("arrives on turn"), ("arrives", "turn"), "int"),
            Column(N_("arrives in"), ("arrives", "zone"), "text", N_('An area code, "friendly" or "region:NAME"')),
            Column(N_("else in"), ("arrives", "fallback"), "optional", N_("Where it goes when that area is lost")),
        ),
    ),
    Table(
        "turns",
        N_("Turns"),
        Rows(("turns",)),
        (
            Column(N_("number"), ("number",), "int"),
            Column(N_("name"), ("name",)),
            Column(N_("dates"), ("dates",)),
            Column(N_("battles: D3"), ("battles", "d3"), "int", N_("The battle count: this many D3 ...")),
            Column(N_("battles: plus"), ("battles", "plus"), "int", N_("... plus this many")),
            Column(N_("fixed attacker"), ("fixed_attacker",), "choice", choices=sides_or_nobody, words=side_words),
            Column(
                N_("fixed arrows"), ("fixed_arrows",), "arrows", N_("The turn's only battles, from→to: A1→B1, A2→B2")
            ),
            Column(
                N_("initiative to"),
                ("initiative", "side"),
                "choice",
                N_("Adds the modifier and wins ties"),
                sides,
                words=side_words,
            ),
            Column(N_("initiative +"), ("initiative", "modifier"), "int"),
            Column(
                N_("sorties"),
                ("sorties",),
                "mapping",
                N_("Air sorties: nation codes and numbers, e.g. north 1, south 3"),
            ),
            Column(N_("redeploy"), ("redeploy",), "list", N_("The nations that may redeploy, in order")),
            Column(
                N_("missions (d6)"), ("missions",), "list", N_("Six missions, one per face of a d6"), separator="; "
            ),
            Column(N_("reinforcements"), (), derived=arriving, tip=N_("The troops that arrive this turn (the roster)")),
        ),
    ),
    Table(
        "deployment",
        N_("Deployment rules"),
        Rows(("turns",), "deployment"),
        (
            Column(N_("turn"), (), derived=lambda tables, key: str(key[0] + 1)),
            Column(N_("rule"), ("rule",), "choice", choices=rules),
            Column(N_("nation"), ("nation",), "choice", choices=nations),
            Column(N_("area"), ("area",), "optional"),
            Column(N_("count"), ("count",), "int"),
            Column(N_("next to"), ("enemy_nation",), "optional", N_("next_to_enemy: the enemy nation")),
            Column(
                N_("except"),
                ("except",),
                "exceptions",
                N_("Exceptions (area, kind or troop, count): A1 infantry 1; B2 ID 1"),
            ),
        ),
    ),
    Table(
        "tabletop.destroy",
        N_("Roll to destroy after a tabletop game"),
        Rows(("tabletop", "destroy")),
        (
            Column(N_("roller's VP from"), ("min_vp",), "int"),
            Column(N_("destroys on"), ("on",), "int", N_("A d6 score (0: no roll)")),
        ),
    ),
    Table(
        "wargame.destroy",
        N_("Roll to destroy after a General's Wargame"),
        Rows(("wargame", "destroy")),
        (
            Column(N_("difference from"), ("min_difference",), "int"),
            Column(N_("loser destroyed on"), ("loser",), "int", N_("0: no roll")),
            Column(N_("winner destroyed on"), ("winner",), "int", N_("0: no roll")),
        ),
    ),
    Table(
        "victory.levels",
        N_("Victory levels"),
        Rows(("victory", "levels")),
        (Column(N_("margin from"), ("min_margin",), "int"), Column(N_("result"), ("name",))),
    ),
    Table(
        "sides",
        N_("Sides and their colours"),
        Rows(("sides",), "keyed"),
        (
            CODE,
            Column(N_("name"), ("name",), tip=N_('The side as an adjective: "Allied"')),
            Column(N_("noun"), ("noun",), "optional", N_('The side in sentences: "the Allies take B2"')),
            Column(N_("map tint"), ("colours", "tint"), "colour"),
            Column(N_("print tint"), ("colours", "print_tint"), "colour"),
            Column(N_("ink"), ("colours", "ink"), "colour"),
            Column(N_("print ink"), ("colours", "print_ink"), "colour"),
            Column(N_("counters"), ("colours", "counters"), "list", N_("One colour per nation, in the nations' order")),
        ),
    ),
    Table(
        "nations",
        N_("Nations"),
        Rows(("nations",), "keyed"),
        (CODE, Column(N_("name"), ("name",)), Column(N_("side"), ("side",), "choice", choices=sides, words=side_words)),
    ),
    Table("terrains", N_("Terrains"), Rows(("terrains",), "keyed"), (CODE, Column(N_("name"), ("name",)))),
    Table(
        "aircraft",
        N_("Aircraft (sorties, by nation)"),
        Rows(("aircraft",), "keyed"),
        (
            Column(N_("nation"), (), "text", N_("The nation that flies it")),
            Column(N_("name"), ("name",)),
            Column(N_("bonus"), ("bonus",), "mapping"),
            Column(
                N_("interceptor"), ("interceptor",), "flag", N_("Counts only when an enemy aircraft is in the battle")
            ),
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
    _setting(N_("Scenario id"), ("scenario", "id")),
    _setting(N_("Scenario name"), ("scenario", "name")),
    _setting(N_("Version"), ("scenario", "version"), "int"),
    _setting(N_("Notice (About the map)"), ("scenario", "notice")),
    _setting(N_("Troops per side in a battle"), ("rules", "max_committed"), "int", N_("Aircraft included")),
    _setting(N_("Air sorties per side in a battle"), ("rules", "max_sorties"), "int"),
    _setting(N_("Troops that may advance"), ("rules", "advance_limit"), "int"),
    _setting(
        N_("Troops back from the pool go to"), ("rules", "pool_zone"), tip=N_('"friendly", an area or region:NAME')
    ),
    _setting(N_("Tabletop: defeated below this VP"), ("tabletop", "defeat_min_vp"), "int"),
    _setting(N_("Result below every victory level"), ("victory", "below")),
    _setting(N_("Fortification"), ("fortification", "name"), tip=N_("Defends a fortified link")),
    _setting(N_("Fortified line (on the map)"), ("fortification", "line"), "optional"),
    _setting(N_("Fortification: its nation"), ("fortification", "nation"), "choice", choices=nations),
    _setting(
        N_("Fortification: against"), ("fortification", "attacker_side"), "choice", choices=sides, words=side_words
    ),
    _setting(N_("Fortification: bonus"), ("fortification", "bonus"), "mapping"),
    _setting(N_("Fortification: at the table"), ("fortification", "tabletop")),
    _setting(N_("Escape by sea: nation"), ("sea_escape", "nation"), "choice", choices=nations),
    _setting(N_("Escape by sea: from"), ("sea_escape", "areas"), "list"),
    _setting(N_("Map width"), ("layout", "width"), "int"),
    _setting(N_("Map height"), ("layout", "height"), "int"),
)
