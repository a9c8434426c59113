"""Cross-checks of a scenario file whose shape is sound: every name it uses exists, tables are
complete, numbers are possible. Every fault is returned, with the path of its entry."""

from __future__ import annotations

from collections import Counter

from campaign_manager.datamodel import Fault
from campaign_manager.i18n import _, ngettext
from campaign_manager.scenario.model import Bonus, ScenarioFile
from campaign_manager.scenario.terms import KINDS


class Checker:
    """Collects the faults of one scenario file."""

    def __init__(self, data: ScenarioFile) -> None:
        self.data = data
        self.faults: list[Fault] = []
        self.areas = {a.code for a in data.areas}
        self.regions = {a.region for a in data.areas if a.region}
        self.nations = set(data.nations)
        self.sides = list(data.sides)

    def fault(self, where: str, what: str) -> None:
        self.faults.append(Fault(where, what))

    def area(self, where: str, code: str | None) -> None:
        if code is not None and code not in self.areas:
            self.fault(where, _('"{code}" is not an area').format(code=code))

    def nation(self, where: str, code: str | None) -> None:
        if code is not None and code not in self.nations:
            self.fault(
                where,
                _('"{code}" is not a nation (nations: {nations})').format(code=code, nations=", ".join(self.nations)),
            )

    def side(self, where: str, code: str | None) -> None:
        if code is not None and code not in self.sides:
            self.fault(where, _('"{code}" is not one of: {sides}').format(code=code, sides=", ".join(self.sides)))

    def zone(self, where: str, zone: str | None) -> None:
        if zone is None or zone == "friendly" or zone in self.areas:
            return
        if zone.startswith("region:") and zone[7:] in self.regions:
            return
        self.fault(where, _('"{zone}" is not a zone (an area code, "friendly" or "region:NAME")').format(zone=zone))

    def bonus(self, where: str, bonus: Bonus) -> None:
        for terrain in bonus.root:
            if terrain not in self.data.terrains:
                self.fault(f"{where}.{terrain}", _('"{terrain}" is not a terrain').format(terrain=terrain))


def check_scenario(data: ScenarioFile) -> list[Fault]:
    """Every fault of a scenario file's content, in the file's order."""
    check = Checker(data)
    if len(data.sides) != 2:
        check.fault("sides", _("a scenario has exactly two sides, not {count}").format(count=len(data.sides)))
    for code, nation in data.nations.items():
        check.side(f"nations.{code}.side", nation.side)
    if data.fortification is not None:
        check.side("fortification.attacker_side", data.fortification.attacker_side)
    for region in data.regions:
        if region not in check.regions:
            check.fault(f"regions.{region}", _('no area is in the region "{region}"').format(region=region))
    _areas(check)
    _links(check)
    _troops(check)
    _tables(check)
    for number in range(len(data.turns)):
        _turn(check, number, len(data.turns))
    if data.layout is not None:
        _layout(check)
    return check.faults


def _areas(check: Checker) -> None:
    counts = Counter(a.code for a in check.data.areas)
    for i, area in enumerate(check.data.areas):
        where = f"areas[{i}]"
        if counts[area.code] > 1:
            check.fault(
                f"{where}.code",
                _('area "{code}" is listed {count} times').format(code=area.code, count=counts[area.code]),
            )
        if area.terrain is not None and area.terrain not in check.data.terrains:
            check.fault(f"{where}.terrain", _('"{terrain}" is not a terrain').format(terrain=area.terrain))
        check.side(f"{where}.controller", area.controller)
        check.side(f"{where}.command_centre_scorer", area.command_centre_scorer)
        for n, nation in enumerate(area.only_nations):
            check.nation(f"{where}.only_nations[{n}]", nation)
        if area.command_centre and (area.command_centre_scorer is None or area.command_centre_vp <= 0):
            check.fault(where, _("a command centre needs command_centre_scorer and command_centre_vp"))
        if not area.impassable and not area.staging and area.terrain is None:
            check.fault(f"{where}.terrain", _("an area that can be attacked needs a terrain"))


def _links(check: Checker) -> None:
    seen: set[frozenset[str]] = set()
    if not check.data.map.links:
        check.fault("map.links", _("the map has no links between areas"))
    for i, link in enumerate(check.data.map.links):
        check.area(f"map.links[{i}].a", link.a)
        check.area(f"map.links[{i}].b", link.b)
        if link.a == link.b or frozenset((link.a, link.b)) in seen:
            check.fault(
                f"map.links[{i}]",
                _("link {a}–{b} links an area to itself or is listed twice").format(a=link.a, b=link.b),
            )
        seen.add(frozenset((link.a, link.b)))


def _troops(check: Checker) -> None:
    data = check.data
    for code, troop_type in data.troop_types.items():
        where = f"troop_types.{code}"
        check.nation(f"{where}.nation", troop_type.nation)
        check.bonus(f"{where}.bonus", troop_type.bonus)
        for n, variant in enumerate(troop_type.variants):
            check.bonus(f"{where}.variants[{n}].bonus", variant.bonus)
    ids = Counter(t.id for t in data.troops)
    for i, troop in enumerate(data.troops):
        where = f"troops[{i}]"
        if ids[troop.id] > 1:
            check.fault(
                f"{where}.id", _('troop id "{troop}" is used {count} times').format(troop=troop.id, count=ids[troop.id])
            )
        type_of = data.troop_types.get(troop.type_code)
        if type_of is None:
            check.fault(f"{where}.type", _('"{code}" is not a troop type').format(code=troop.type_code))
        if (troop.start is None) == (troop.arrives is None):
            check.fault(where, _("needs either a start area or an arrives entry, not both"))
        check.area(f"{where}.start", troop.start)
        side = data.nations[type_of.nation].side if type_of and type_of.nation in data.nations else None
        if troop.start in check.areas and side in check.sides:  # a side not declared is said once, above
            controller = next(a.controller for a in data.areas if a.code == troop.start)
            if controller != side:
                check.fault(
                    f"{where}.start", _("starts in {area}, which its side does not hold").format(area=troop.start)
                )
        if troop.arrives is not None:
            check.zone(f"{where}.arrives.zone", troop.arrives.zone)
            check.zone(f"{where}.arrives.fallback", troop.arrives.fallback)
            if not 2 <= troop.arrives.turn <= len(data.turns):
                check.fault(
                    f"{where}.arrives.turn",
                    _("arrives on turn {turn}, outside turns 2–{last}").format(
                        turn=troop.arrives.turn, last=len(data.turns)
                    ),
                )


def _tables(check: Checker) -> None:
    data = check.data
    for nation, aircraft in data.aircraft.items():
        check.nation(f"aircraft.{nation}", nation)
        check.bonus(f"aircraft.{nation}.bonus", aircraft.bonus)
    if data.fortification is not None:
        check.nation("fortification.nation", data.fortification.nation)
        check.bonus("fortification.bonus", data.fortification.bonus)
    if data.sea_escape is not None:
        check.nation("sea_escape.nation", data.sea_escape.nation)
        for n, code in enumerate(data.sea_escape.areas):
            check.area(f"sea_escape.areas[{n}]", code)
    check.zone("rules.pool_zone", data.rules.pool_zone)
    _steps(check, "tabletop.destroy", [s.min_vp for s in data.tabletop.destroy], "min_vp", zero=False)
    _steps(check, "wargame.destroy", [s.min_difference for s in data.wargame.destroy], "min_difference", zero=True)
    _steps(check, "victory.levels", [v.min_margin for v in data.victory.levels], "min_margin", zero=False)


def _steps(check: Checker, where: str, thresholds: list[int], key: str, zero: bool) -> None:
    """A table read from the top down: thresholds highest first, none twice; a table every
    result falls into needs a 0 row."""
    if not thresholds:
        check.fault(where, _("the table has no rows"))
        return
    for n in range(1, len(thresholds)):
        if thresholds[n] >= thresholds[n - 1]:
            check.fault(
                f"{where}[{n}].{key}",
                _("rows go from the highest {key} down; {value} comes after {before}").format(
                    key=key, value=thresholds[n], before=thresholds[n - 1]
                ),
            )
    if zero and 0 not in thresholds:
        check.fault(where, _("needs a row with {key} = 0, so that every result is in the table").format(key=key))


def _turn(check: Checker, index: int, count: int) -> None:
    turn = check.data.turns[index]
    where = f"turns[{index}]"
    if turn.number != index + 1:
        check.fault(
            f"{where}.number",
            _("turns must be numbered 1, 2, 3 ... in order; expected {number}").format(number=index + 1),
        )
    if (turn.initiative is None) == (turn.fixed_attacker is None):
        check.fault(where, _("needs either an initiative entry or a fixed_attacker with fixed_arrows, not both"))
    check.side(f"{where}.fixed_attacker", turn.fixed_attacker)
    if turn.initiative is not None:
        check.side(f"{where}.initiative.side", turn.initiative.side)
    if turn.fixed_attacker is not None and not turn.arrows:
        check.fault(f"{where}.fixed_arrows", _("a fixed_attacker needs the fixed_arrows it attacks on"))
    links = {frozenset((link.a, link.b)) for link in check.data.map.links}
    for n, arrow in enumerate(turn.arrows):
        check.area(f"{where}.fixed_arrows[{n}].from", arrow.origin)
        check.area(f"{where}.fixed_arrows[{n}].to", arrow.target)
        if {arrow.origin, arrow.target} <= check.areas and frozenset((arrow.origin, arrow.target)) not in links:
            check.fault(
                f"{where}.fixed_arrows[{n}]",
                _("{origin} and {target} are not linked").format(origin=arrow.origin, target=arrow.target),
            )
    for nation in turn.sortie_grants:
        check.nation(f"{where}.sorties.{nation}", nation)
        if nation in check.nations and nation not in check.data.aircraft:
            check.fault(f"{where}.sorties.{nation}", _('"{nation}" has no aircraft').format(nation=nation))
    for n, nation in enumerate(turn.redeploy):
        check.nation(f"{where}.redeploy[{n}]", nation)
    troops = {t.id for t in check.data.troops}
    for n, rule in enumerate(turn.deployment):
        at = f"{where}.deployment[{n}]"
        check.nation(f"{at}.nation", rule.nation)
        if rule.rule == "at_least" and rule.area is None:
            check.fault(f"{at}.area", _("an at_least rule needs an area"))
        check.area(f"{at}.area", rule.area)
        if rule.rule == "next_to_enemy" and rule.enemy_nation is None:
            check.fault(f"{at}.enemy_nation", _("a next_to_enemy rule needs an enemy_nation"))
        check.nation(f"{at}.enemy_nation", rule.enemy_nation)
        for x, exception in enumerate(rule.exceptions):
            check.area(f"{at}.except[{x}].area", exception.area)
            if exception.troop is not None and exception.troop not in troops:
                check.fault(f"{at}.except[{x}].troop", _('"{troop}" is not a troop').format(troop=exception.troop))
            if exception.kind is not None and exception.kind not in KINDS:
                check.fault(f"{at}.except[{x}].kind", _('"{kind}" is not a kind').format(kind=exception.kind))


def _layout(check: Checker) -> None:
    layout = check.data.layout
    assert layout is not None
    for code in layout.areas:
        if code not in check.areas:
            check.fault(f"layout.areas.{code}", _('"{code}" is not an area').format(code=code))
    missing = sorted(check.areas - set(layout.areas))
    if missing:
        said = ngettext("no shape for the area {areas}", "no shape for the areas {areas}", len(missing))
        check.fault("layout.areas", said.format(areas=", ".join(missing)))
    for where, (x, y) in layout.points():
        if not (0 <= x <= layout.width and 0 <= y <= layout.height):
            check.fault(
                where,
                _("point [{x}, {y}] lies outside the map ({width} × {height})").format(
                    x=f"{x:g}", y=f"{y:g}", width=f"{layout.width:g}", height=f"{layout.height:g}"
                ),
            )
