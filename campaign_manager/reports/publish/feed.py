"""feed.xml: the published folder's news as an Atom feed, for players who follow the campaign in
a feed reader: one entry a battle (its arrow, result, commanders unless left out, VP), newest
first, made from status.json's facts (so it holds nothing the page does not). Its links are
relative to the feed (index.html, each turn's page), as the folder may be put anywhere."""

from __future__ import annotations

import hashlib

from campaign_manager.engine.published import PublishedBattle, PublishedStatus
from campaign_manager.i18n import _
from campaign_manager.reports.publish.words import attribute as quoteattr
from campaign_manager.reports.publish.words import escape

ATOM = "http://www.w3.org/2005/Atom"


def feed_xml(status: PublishedStatus, nouns: dict[str, str], area_names: dict[str, str]) -> str:
    """The feed; `nouns` and `area_names`: each side's noun ("the Allies") and area's name, by its code."""
    identity = "urn:firestorm-campaign:" + hashlib.sha256(f"{status.scenario}\n{status.name}".encode()).hexdigest()[:24]
    entries = "".join(
        _entry(identity, battle, status.sides, nouns, area_names) for battle in reversed(status.fought_battles)
    )
    subtitle = _("{scenario}: the battles as they are recorded").format(scenario=status.scenario)
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        f'<feed xmlns="{ATOM}"><title>{escape(status.name)}</title>'
        f"<subtitle>{escape(subtitle)}</subtitle>"
        f"<id>{identity}</id><updated>{atom_time(status.last_recorded)}</updated>"
        '<link rel="alternate" href="index.html"/><author><name>Firestorm Campaign Manager</name></author>'
        f"{entries}</feed>\n"
    )


def _entry(
    identity: str, b: PublishedBattle, sides: dict[str, str], nouns: dict[str, str], areas: dict[str, str]
) -> str:
    winner = _("the {side} won").format(side=nouns[b.winner]) if b.winner else _("nobody was defeated")
    title = _("Turn {turn}, battle {number}: {origin} → {target}: {result}").format(
        turn=b.turn, number=b.order, origin=areas[b.origin], target=areas[b.target], result=winner
    )
    attack = _("{side} attack; {score}").format(side=sides[b.attacker_side], score=b.score)
    lines = ["; ".join([attack, _("the area changed hands")]) if b.took_area else attack]
    lines += [_("+{vp} VP to the {side}").format(vp=vp, side=nouns[side]) for side, vp in b.vp_scored.items()]
    lines += [
        _("{attacker} v {defender}").format(attacker=p.attacker or "?", defender=p.defender or "?")
        for p in b.commanders
    ]
    if b.destroyed or b.captured:
        lines.append(_("Lost: {troops}").format(troops=", ".join(b.destroyed + b.captured)))
    return (
        f"<entry><title>{escape(title)}</title><id>{identity}:turn-{b.turn}:battle-{b.order}</id>"
        f"<updated>{atom_time(b.recorded_at)}</updated>"
        f'<link rel="alternate" href={quoteattr(f"turn-{b.turn}/index.html")}/>'
        f"<summary>{escape('. '.join(lines))}.</summary></entry>"
    )


def atom_time(recorded: str) -> str:
    """A time of the log as Atom wants it (with its zone: one written without is taken as UTC)."""
    if not recorded:
        return "1970-01-01T00:00:00Z"
    has_zone = recorded.endswith("Z") or "+" in recorded[10:] or "-" in recorded[10:]
    return recorded if has_zone else recorded + "Z"
