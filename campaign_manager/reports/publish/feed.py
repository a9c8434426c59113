"""feed.xml: the published folder's news as an Atom feed, for players who follow the campaign in
a feed reader: one entry a battle (its arrow, result, commanders unless left out, VP), newest
first, made from status.json's facts (so it holds nothing the page does not). Its links are
relative to the feed (index.html, each turn's page), as the folder may be put anywhere."""

from __future__ import annotations

import hashlib

from campaign_manager.engine.published import PublishedBattle, PublishedStatus
from campaign_manager.reports.publish.words import attribute as quoteattr
from campaign_manager.reports.publish.words import escape

ATOM = "http://www.w3.org/2005/Atom"


def feed_xml(status: PublishedStatus, nouns: dict[str, str], area_names: dict[str, str]) -> str:
    """The feed; `nouns` and `area_names`: each side's noun ("the Allies") and area's name, by its code."""
    identity = "urn:firestorm-campaign:" + hashlib.sha256(f"{status.scenario}\n{status.name}".encode()).hexdigest()[:24]
    entries = "".join(
        _entry(identity, battle, status.sides, nouns, area_names) for battle in reversed(status.fought_battles)
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        f'<feed xmlns="{ATOM}"><title>{escape(status.name)}</title>'
        f"<subtitle>{escape(status.scenario)}: the battles as they are recorded</subtitle>"
        f"<id>{identity}</id><updated>{atom_time(status.last_recorded)}</updated>"
        '<link rel="alternate" href="index.html"/><author><name>Firestorm Campaign Manager</name></author>'
        f"{entries}</feed>\n"
    )


def _entry(
    identity: str, b: PublishedBattle, sides: dict[str, str], nouns: dict[str, str], areas: dict[str, str]
) -> str:
    winner = f"the {nouns[b.winner]} won" if b.winner else "nobody was defeated"
    title = f"Turn {b.turn}, battle {b.order}: {areas[b.origin]} → {areas[b.target]}: {winner}"
    lines = [f"{sides[b.attacker_side]} attack; {b.score}" + ("; the area changed hands" if b.took_area else "")]
    lines += [f"+{vp} VP to the {nouns[side]}" for side, vp in b.vp_scored.items()]
    lines += [f"{p.attacker or '?'} v {p.defender or '?'}" for p in b.commanders]
    if b.destroyed or b.captured:
        lines.append("Lost: " + ", ".join(b.destroyed + b.captured))
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
