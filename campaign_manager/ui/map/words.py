"""What the map says when hovered: areas, counters and arrows explained in a sentence."""

from __future__ import annotations

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.lookup import label, side_name, troop_title
from campaign_manager.engine.state import Arrow, CampaignState, Commitment
from campaign_manager.scenario.model import Scenario


def area_sentence(sc: Scenario, st: CampaignState, code: str) -> str:
    info = sc.areas[code]
    if info.impassable:
        return f"{label(sc, code)} is impassable: it cannot be entered or attacked."
    holder = st.control.get(code)
    parts = [
        f"{label(sc, code)} is held by the {side_name(sc, holder)}"
        if holder
        else f"{label(sc, code)} is held by nobody"
    ]
    if info.terrain:
        parts.append(f"{sc.terrains.get(info.terrain, info.terrain).lower()} terrain")
    if info.vp:
        parts.append(f"worth {info.vp} VP to whoever holds it")
    sentence = ", ".join(parts) + "."
    if info.staging:
        only = " and ".join(sc.nation_name(n) for n in info.only_nations)
        sentence += (
            f" A staging area: never attacked, only attacked from{f'; only {only} troops enter' if only else ''}."
        )
    if info.command_centre:
        sentence += (
            f" A command centre: it may be attacked but never taken; each win scores "
            f"{info.command_centre_vp} VP for the {side_name(sc, info.command_centre_scorer)}."
        )
    links = []
    for near in sorted(sc.neighbours[code]):
        link = sc.link(code, near)
        fortified = link is not None and link.fortified and sc.fortification is not None
        note = f" ({sc.fortification.line_name})" if fortified and sc.fortification else ""
        note = note or (" (by sea)" if link and link.sea else "")
        links.append(near + note)
    sentence += f" Next to: {', '.join(links)}."
    troops = st.troops_in(code)
    sentence += f" Troops: {', '.join(troops)}." if troops else " No troops."
    return sentence


def counter_sentence(sc: Scenario, st: CampaignState, troops: list[str], movable: bool, refused: str = "") -> str:
    """The counter's words on hover: its troops, what they are, whether they may be dragged, and
    `refused`: why they may not, where that is worth saying (their nation's redeployment is over)."""
    member = sc.troops[troops[0]]
    many = f"{len(troops)} troops" if len(troops) > 1 else "1 troop"
    text = f"{', '.join(troops)}: {troop_title(sc, troops[0], st.turn)} ({member.kind}), {many}."
    busy = [t for t in troops if t in st.committed()]
    if busy:
        text += f" On an open battle arrow: {', '.join(busy)}."
    if movable:
        text += " Drag onto an area (or right-click) to redeploy."
    elif refused:
        text += f" It stays where it is: {refused}."
    return text


def _commitment_words(sc: Scenario, commitment: Commitment) -> str:
    parts = list(commitment.troops)
    if commitment.sortie:
        parts.append(sc.aircraft[commitment.sortie].name)
    return " + ".join(parts) or "nothing"


def arrow_caption(sc: Scenario, arrow: Arrow) -> str:
    return f"{_commitment_words(sc, arrow.attacker)} vs {_commitment_words(sc, arrow.defender)}"


def fought_caption(sc: Scenario, row: BattleRow) -> str:
    score = row.score_words()
    outcome = f"the {sc.side_nouns[row.winner]} won" if row.winner else "no one defeated"
    return f"{score}: {outcome}"
