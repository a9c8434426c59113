"""What the map says when hovered: areas, counters and arrows explained in a sentence."""

from __future__ import annotations

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.lookup import label, nations_words, side_name, troop_title
from campaign_manager.engine.state import Arrow, CampaignState, Commitment
from campaign_manager.i18n import N_, _, ngettext, pgettext
from campaign_manager.scenario.model import Scenario

KINDS = {  # a troop's kind, as its counter's tooltip says it
    "infantry": N_("infantry"),
    "mountain": N_("mountain"),
    "armour": N_("armour"),
    "mechanised": N_("mechanised"),
    "motorcycle": N_("motorcycle"),
}


def area_sentence(sc: Scenario, st: CampaignState, code: str) -> str:
    info = sc.areas[code]
    if info.impassable:
        return _("{area} is impassable: it cannot be entered or attacked.").format(area=label(sc, code))
    holder = st.control.get(code)
    parts = [
        _("{area} is held by the {side}").format(area=label(sc, code), side=side_name(sc, holder))
        if holder
        else _("{area} is held by nobody").format(area=label(sc, code))
    ]
    if info.terrain:
        terrain = sc.terrain_name(info.terrain).lower()
        parts.append(_("{terrain} terrain").format(terrain=terrain))
    if info.vp:
        parts.append(_("worth {vp} VP to whoever holds it").format(vp=info.vp))
    sentences = [_("{clauses}.").format(clauses=", ".join(parts))]
    if info.staging and info.only_nations:
        only = nations_words(sc, info.only_nations)
        sentences.append(
            _("A staging area: never attacked, only attacked from; only {nations} troops enter.").format(nations=only)
        )
    elif info.staging:
        sentences.append(_("A staging area: never attacked, only attacked from."))
    if info.command_centre:
        sentences.append(
            _("A command centre: it may be attacked but never taken; each win scores {vp} VP for the {side}.").format(
                vp=info.command_centre_vp, side=side_name(sc, info.command_centre_scorer)
            )
        )
    links = []
    for near in sorted(sc.neighbours[code]):
        link = sc.link(code, near)
        fortified = link is not None and link.fortified and sc.fortification is not None
        if fortified and sc.fortification:
            links.append(f"{near} ({sc.fortification.line_name})")
        elif link and link.sea:
            links.append(_("{area} (by sea)").format(area=near))
        else:
            links.append(near)
    sentences.append(_("Next to: {areas}.").format(areas=", ".join(links)))
    troops = st.troops_in(code)
    sentences.append(_("Troops: {troops}.").format(troops=", ".join(troops)) if troops else _("No troops."))
    return " ".join(sentences)


def counter_sentence(sc: Scenario, st: CampaignState, troops: list[str], movable: bool, refused: str = "") -> str:
    """The counter's words on hover: its troops, what they are, whether they may be dragged, and
    `refused`: why they may not, where that is worth saying (their nation's redeployment is over)."""
    member = sc.troops[troops[0]]
    sentences = [
        ngettext(
            "{troops}: {title} ({kind}), {n} troop.", "{troops}: {title} ({kind}), {n} troops.", len(troops)
        ).format(
            troops=", ".join(troops),
            title=troop_title(sc, troops[0], st.turn),
            kind=_(KINDS.get(member.kind, member.kind)),
            n=len(troops),
        )
    ]
    busy = [t for t in troops if t in st.committed()]
    if busy:
        sentences.append(_("On an open battle arrow: {troops}.").format(troops=", ".join(busy)))
    if movable:
        sentences.append(_("Drag onto an area (or right-click) to redeploy."))
    elif refused:
        sentences.append(_("It stays where it is: {why}.").format(why=refused))
    return " ".join(sentences)


def _commitment_words(sc: Scenario, commitment: Commitment) -> str:
    parts = list(commitment.troops)
    if commitment.sortie:
        parts.append(sc.aircraft[commitment.sortie].name)
    return " + ".join(parts) or _("nothing")


def versus() -> str:
    """What stands between the attacker and the defender in an open arrow's caption (" vs ")."""
    return pgettext("an open arrow's caption: the attacker's troops, then the defender's", " vs ")


def arrow_caption(sc: Scenario, arrow: Arrow) -> str:
    return _commitment_words(sc, arrow.attacker) + versus() + _commitment_words(sc, arrow.defender)


def fought_caption(sc: Scenario, row: BattleRow) -> str:
    if row.winner:
        return _("{score}: the {side} won").format(score=row.score_words(), side=sc.side_noun(row.winner))
    return _("{score}: no one defeated").format(score=row.score_words())
