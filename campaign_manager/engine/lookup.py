"""Checked look-ups shared by the rules: an unknown area or troop is refused by name."""

from __future__ import annotations

from collections.abc import Iterable

from campaign_manager.engine.state import CampaignState
from campaign_manager.errors import RuleError
from campaign_manager.i18n import N_, _
from campaign_manager.scenario.model import Scenario, Troop


def area(sc: Scenario, code: str) -> str:
    if code not in sc.areas:
        raise RuleError("1.2", _("there is no area '{code}' on the map").format(code=code))
    return code


def troop(sc: Scenario, troop_id: str) -> Troop:
    found = sc.troops.get(troop_id)
    if found is None:
        raise RuleError("1.3", _("there is no troop '{troop}' in the roster").format(troop=troop_id))
    return found


def label(sc: Scenario, code: str) -> str:
    """An area's code and name, as the scenario gives them; the place word for
    an off-map place."""
    if code in sc.areas:
        return sc.area_label(code)
    return _(_PLACES[code]) if code in _PLACES else _("the {place}").format(place=code)


# The off-map places (state.OFF_MAP) as sentences name them.
_PLACES = {
    "pool": N_("the pool"),
    "captured": N_("the captured"),
    "waiting": N_("the waiting"),
    "reserve": N_("the reserve"),
}


def troop_title(sc: Scenario, troop_id: str, turn: int) -> str:
    """A troop's nation and type as a reader wants them, the type's name on `turn`: "Greek Pezikoy
    infantry"; the nation is not said twice when the type's name already says it ("British tank
    platoon")."""
    member = sc.troops[troop_id]
    name = member.type.name_on(max(turn, 1))
    nation = sc.nation_name(member.nation)
    if name.casefold().startswith(nation.casefold()):
        return name
    return _("{nation} {troop_type}").format(nation=nation, troop_type=name)


def side_name(sc: Scenario, side: str | None) -> str:
    """The side as a noun for sentences: "the Allies take B2"."""
    return sc.side_noun(side) if side in sc.side_nouns else _("nobody")


def possessive(noun: str) -> str:
    """A noun's possessive: "Allies'", "Free Cities'", but "Horde's" (a side's noun need not end in s)."""
    return f"{noun}'" if noun.endswith("s") else f"{noun}'s"


def nations_words(sc: Scenario, nations: Iterable[str]) -> str:
    names = [sc.nation_name(n) for n in nations]
    if len(names) < 2:
        return "".join(names)
    return _("{nations} and {last}").format(nations=", ".join(names[:-1]), last=names[-1])


def zone_areas(sc: Scenario, st: CampaignState, troop_id: str, zone: str) -> list[str]:
    """Areas in `zone` that the troop's side holds and its nation may enter."""
    nation = sc.troops[troop_id].nation
    side, control = sc.side_of(nation), st.control
    return [code for code in enterable(sc, nation, zone) if control.get(code) == side]


def enterable(sc: Scenario, nation: str, zone: str) -> tuple[str, ...]:
    """The areas of a zone ("friendly": the whole map) the nation may enter, in map order, kept
    per scenario: where a waiting troop is placed and where a troop redeploys start from them,
    asked several times a turn."""
    key = ("enterable", nation, zone)
    found = sc.memo.get(key)
    if found is None:
        if zone == "friendly":
            candidates = list(sc.areas)
        elif zone.startswith("region:"):
            candidates = [code for code, a in sc.areas.items() if a.region == zone[7:]]
        else:
            candidates = [zone]
        found = sc.memo[key] = tuple(code for code in candidates if code in sc.areas and sc.may_enter(nation, code))
    return found


def placement_areas(sc: Scenario, st: CampaignState, troop_id: str) -> list[str]:
    """Where a waiting troop may be placed: its zone, or its fallback when the zone is lost."""
    zone = st.waiting_zone[troop_id]
    areas = zone_areas(sc, st, troop_id, zone)
    arrival = sc.troops[troop_id].arrives
    if not areas and arrival and arrival.zone == zone and arrival.fallback:
        areas = zone_areas(sc, st, troop_id, arrival.fallback)
    return areas


def zone_words(sc: Scenario, zone: str, side: str | None = None) -> str:
    """A placement zone in words ("any area the Allies hold" when the side is known)."""
    if zone == "friendly":
        return _("any area the {side} hold").format(side=side_name(sc, side)) if side else _("any area its side holds")
    if zone.startswith("region:"):
        region = zone[7:]
        areas = ", ".join(c for c, a in sc.areas.items() if a.region == region)
        return _("{region} ({areas})").format(region=sc.region_name(region), areas=areas)
    return label(sc, zone)


def placement_words(sc: Scenario, st: CampaignState, troop_id: str, why: bool = True) -> str:
    """Where a waiting troop goes, in words, as `placement_areas` decides it: its area, the areas
    of its region its side holds, or — when its side holds none of its zone — its fallback, and
    (with `why`) that its zone is lost (rule 1.5: a turn-4 arrival whose printed area is lost)."""
    zone = st.waiting_zone[troop_id]
    side = sc.side_of(sc.troops[troop_id].nation)
    arrival = sc.troops[troop_id].arrives
    if not zone_areas(sc, st, troop_id, zone) and arrival and arrival.zone == zone and arrival.fallback:
        instead = zone_words(sc, arrival.fallback, side)
        if not why:
            return _("{instead} instead").format(instead=instead)
        if zone not in sc.areas:
            return _("{instead}, as {zone} is lost").format(instead=instead, zone=zone_words(sc, zone, side))
        return _("{instead}, as {zone} is held by the {side}").format(
            instead=instead, zone=zone_words(sc, zone, side), side=side_name(sc, st.control.get(zone))
        )
    if zone.startswith("region:"):
        open_now = ", ".join(placement_areas(sc, st, troop_id)) or _("none of it is held now")
        return _("{region} ({areas})").format(region=zone[7:].title(), areas=open_now)
    return zone_words(sc, zone, side)
