"""The published page (index.html): one self-contained HTML file, read with no script and no
request to any other site. The map is inline SVG (reports/publish/svg.py), the rest is the
facts of status.json (reports/publish/status.py) laid out for a phone (390 px) and a wall screen
(1920 px), light or dark as the reader's system prefers. Text colours are declared once (`LIGHT`,
`DARK`) and checked for contrast by the tests."""

from __future__ import annotations

import datetime

from campaign_manager import i18n
from campaign_manager.engine.battle_log import RESULT_MARKS
from campaign_manager.engine.published import PublishedBattle, PublishedStatus
from campaign_manager.i18n import N_, _, pgettext
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.legend import legend_rows
from campaign_manager.reports.publish.chart import vp_chart
from campaign_manager.reports.publish.svg import drawing_svg, holders_words, map_svg
from campaign_manager.reports.publish.words import escape
from campaign_manager.reports.sections import next_turn_words, standing_words
from campaign_manager.reports.status import when

# Text colours (--fg, --muted, --link) and the backgrounds they are read on (--bg, --panel).
LIGHT = {"--bg": "#ffffff", "--panel": "#f2f1ec", "--fg": "#1b1b1b", "--muted": "#4d4d4d", "--link": "#0b4f94"}
DARK = {"--bg": "#131518", "--panel": "#1f2328", "--fg": "#ececec", "--muted": "#b9bcc0", "--link": "#9ccaff"}
TEXTS, BACKGROUNDS = ("--fg", "--muted", "--link"), ("--bg", "--panel")

STYLE = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,
'DejaVu Sans',sans-serif;overflow-wrap:anywhere}
a{color:var(--link)}
header,main,footer,nav{max-width:1500px;margin:0 auto;padding:0 14px}
header{padding-top:12px}
h1{font-size:1.5rem;margin:.2em 0}
h2{font-size:1.15rem;margin:1.1em 0 .4em}
.when{color:var(--muted);margin:0}
.grid{display:grid;grid-template-columns:minmax(0,1fr);gap:0 28px}
@media (min-width:1000px){
.grid{grid-template-columns:minmax(0,3fr) minmax(0,2fr);grid-template-rows:auto 1fr}
.mapcol{grid-column:1;grid-row:1/span 2}.vpcol{grid-column:2;grid-row:1}
.restcol{grid-column:2;grid-row:2;align-self:start}}
figure{margin:0}
svg.map{width:100%;height:auto;display:block;border:1px solid #888;border-radius:6px;background:#eef3f7}
svg.map .area:hover polygon{stroke-width:5}
figcaption{color:var(--muted);font-size:.9rem}
.panel{background:var(--panel);border-radius:8px;padding:8px 12px;margin:8px 0}
.figures{font-size:1.6rem;font-weight:bold;margin:0}
.bar{display:flex;height:22px;border-radius:5px;overflow:hidden;border:1px solid #777;margin:6px 0}
.bar span{display:block;min-width:3px}
.sides{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:0 18px}
ul{padding-left:1.2em;margin:.3em 0}
.swatch{display:inline-block;width:.9em;height:.9em;border:1px solid #555;vertical-align:-.1em;margin-right:.3em}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:3px 5px;border-bottom:1px solid #8884;vertical-align:top}
td.n,th.n{text-align:right}
ol.battles{padding-left:0;list-style:none}
ol.battles li{padding:6px 0;border-bottom:1px solid #8884}
.legend{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:2px 16px;font-size:.85rem;
color:var(--muted);list-style:none;padding:0}
.legend li{display:flex;gap:8px;align-items:center}
.legend svg{flex:none;background:#fff;border-radius:3px;width:69px;height:30px}
svg.chart{width:100%;max-width:640px;height:auto;display:block;background:#fff;border-radius:4px}
footer{color:var(--muted);font-size:.85rem;padding-bottom:24px}
"""


def colours_css() -> str:
    light = ";".join(f"{k}:{v}" for k, v in LIGHT.items())
    dark = ";".join(f"{k}:{v}" for k, v in DARK.items())
    return f":root{{color-scheme:light dark;{light}}}\n@media (prefers-color-scheme:dark){{:root{{{dark}}}}}\n"


def page_html(pic: TurnPicture, status: PublishedStatus, turns: list[int], up: str = "") -> str:
    """The page of `pic`; `turns`: the turns with a page of their own; `up`: the way from this
    page to the folder's top ("" for index.html, "../" for a turn's page)."""
    title = f"{pic.name} — {when(pic)}"
    chart = _section("chart", _("VP by turn"), vp_chart(pic, status))
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(language_code())}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        f'<title>{escape(title)}</title><link rel="alternate" type="application/atom+xml" href="{up}feed.xml">'
        f"<style>{colours_css()}{STYLE}</style></head><body>"
        f'<header><h1>{escape(pic.name)}</h1><p class="when">{escape(pic.scenario.name)} · {escape(when(pic))}</p>'
        "</header>"
        f"{_turns_nav(turns, pic.turn, up)}"
        f'<main><div class="grid"><div class="vpcol">{_vp(pic, status)}</div>'
        f'<div class="mapcol">{_map(pic, status, up)}</div>'
        f'<div class="restcol">{_turn(pic, status)}{_battles(pic, status)}{_changes(pic, status)}</div></div>'
        f"{_league(pic, status)}"
        f"{chart}"
        f"</main>{_footer(status, up)}</body></html>\n"
    )


def _section(name: str, heading: str, body: str, panel: bool = False) -> str:
    """A section of the page under its heading (plain words), named `name`-h for screen readers."""
    kind = ' class="panel"' if panel else ""
    return f'<section aria-labelledby="{name}-h"{kind}><h2 id="{name}-h">{escape(heading)}</h2>{body}</section>'


def language_code() -> str:
    """The language the page is written in, as its `lang` attribute names it."""
    return pgettext("the language's code for a web page (en, de)", "en")


def _turns_nav(turns: list[int], shown: int, up: str) -> str:
    now = escape(pgettext("the link to the page of the campaign as it stands now", "now"))
    links = [f'<a href="{up}index.html">{now}</a>' if up else f"<strong>{now}</strong>"]
    for turn in turns:
        here = up and turn == shown
        name = escape(_("turn {turn}").format(turn=turn))
        links.append(f"<strong>{name}</strong>" if here else f'<a href="{up}turn-{turn}/index.html">{name}</a>')
    pages = escape(_("Pages: {links}")).format(links=" · ".join(links))
    label = escape(_("Turns"))
    return f'<nav aria-label="{label}"><p>{pages}</p></nav>'


def _map(pic: TurnPicture, status: PublishedStatus, up: str) -> str:
    sc = pic.scenario
    svg = map_svg(sc, pic.state, pic.view, pic.battles, described_by="map-words")
    picture = f'<a href="{up}map.png">map.png</a>'
    image = " " + escape(_("Also as a picture: {file}.")).format(file=picture) if not up else ""
    holders = holders_words(sc, pic.view)
    point = escape(_("Point at or press on an area for its troops and VP."))
    figure = (
        f'<figure>{svg}<figcaption><p id="map-words">{escape(holders[:1].upper() + holders[1:])}.'
        f" {point}{image}</p>{_legend(pic)}</figcaption></figure>"
    )
    return _section("map", _("The map"), figure)


def _legend(pic: TurnPicture) -> str:
    rows = legend_rows(pic.scenario)
    items = "".join(
        f"<li>{drawing_svg(sample, _plain(words))}<span>{words}</span></li>" for sample, words in rows
    )  # the legend's words are the app's markup: escaped where they hold a name
    label = escape(_("Legend"))
    return f'<ul class="legend" aria-label="{label}">{items}</ul>'


def _plain(markup: str) -> str:
    return markup.split(":")[0].replace("&amp;", "&")


def _vp(pic: TurnPicture, status: PublishedStatus) -> str:
    sc = pic.scenario
    lead, when_words, result = standing_words(pic)
    total = sum(status.vp.values()) or 1
    bar = "".join(
        f'<span style="width:{100 * vp / total:.1f}%;background:{side_ink(pic, side)}"></span>'
        for side, vp in status.vp.items()
    )
    figures = " — ".join(f"{sc.side_adjective(side)} {vp}" for side, vp in status.vp.items())
    none = escape(_("none yet"))
    titles = {side: _("{side}: {vp} VP").format(side=sc.side_adjective(side), vp=status.vp[side]) for side in status.vp}
    parts = "".join(
        f"<div><h3>{escape(titles[side])}</h3><ul>"
        + ("".join(f"<li>+{p.vp} {escape(p.reason)}</li>" for p in pic.view.vp_breakdown[side]) or f"<li>{none}</li>")
        + "</ul></div>"
        for side in status.vp
    )
    said = _("{lead}. {when}: {result}.").format(lead=lead, when=when_words, result=result)
    shown = escape(_("{figures} VP").format(figures=figures))
    body = (
        f'<p class="figures">{shown}</p><div class="bar" aria-hidden="true">{bar}</div>'
        f'<p>{escape(said)}</p><p class="when">{escape(pic.view.outcome.levels)}</p>'
        f'<div class="sides">{parts}</div>'
    )
    return _section("vp", _("Victory points"), body, panel=True)


def side_ink(pic: TurnPicture, side: str) -> str:
    """A side's colour on the screen (the scenario's ink; grey when it names none)."""
    colours = pic.scenario.side_colours
    return colours[side].ink if side in colours else "#777777"


PHASE_WORDS = {
    "planning": N_("Planning: the generals place their reinforcements and redeploy; the battles come next."),
    "battle": N_("The battles are being fought."),
    "strategic": N_("The turn has ended; the next one has not started yet."),
}


def _turn(pic: TurnPicture, status: PublishedStatus) -> str:
    """Where the turn stands, what it still requires, and what the next one asks for."""
    if status.phase == "finished":
        now = [_("The campaign is over.")]
    elif status.turn == 0:
        now = [_("The campaign has not started yet.")]
    else:
        now = [_(PHASE_WORDS[status.phase]) if status.phase in PHASE_WORDS else "", _battle_count(status)]
    arrows = "".join(
        "<li>"
        + escape(_("{origin} → {target}: placed, its result to come").format(origin=a.origin, target=a.target))
        + "</li>"
        for a in status.open_arrows
    )
    coming = next_turn_words(pic)
    next_turn = f"<p>{escape(coming)}</p>" if coming else ""
    said = "".join(f"<p>{escape(line)}</p>" for line in now if line)
    listed = f"<ul>{arrows}</ul>" if arrows else ""
    return _section("turn", _("The turn"), f"{said}{listed}{next_turn}", panel=True)


def _battle_count(status: PublishedStatus) -> str:
    """How many battles the turn has fought, of how many it requires, and how many are left."""
    count = status.battles
    left = max(0, count.required - count.fought)
    numbers = {"fought": count.fought, "required": count.required, "ceiling": count.ceiling, "left": left}
    if left and status.phase != "strategic":
        if count.ceiling is not None:
            said = _(
                "Battles: {fought} fought of the {required} (at most {ceiling}) the turn requires: "
                "{left} still to fight."
            )
        else:
            said = _("Battles: {fought} fought of the {required} the turn requires: {left} still to fight.")
    elif count.ceiling is not None:
        said = _("Battles: {fought} fought of the {required} (at most {ceiling}) the turn requires.")
    else:
        said = _("Battles: {fought} fought of the {required} the turn requires.")
    return said.format(**numbers)


def _battles(pic: TurnPicture, status: PublishedStatus) -> str:
    said = []
    for turn in (pic.turn, pic.turn - 1):
        fought = [b for b in status.fought_battles if b.turn == turn]
        if turn >= 1:
            none = escape(_("No battle fought."))
            listed = "".join(_battle(pic, b) for b in fought) or f"<li>{none}</li>"
            title = escape(_("Turn {turn}").format(turn=turn))
            said.append(f'<h3>{title}</h3><ol class="battles">{listed}</ol>')
    marks = "; ".join(f"{mark} {_(words)}" for mark, words in RESULT_MARKS)
    body = "".join(said) or "<p>" + escape(_("No battle yet.")) + "</p>"
    numbered = escape(_("Numbered as on the map: {marks}.").format(marks=marks))
    return _section("battles", _("Battles"), f'<p class="when">{numbered}</p>{body}')


def _battle(pic: TurnPicture, b: PublishedBattle) -> str:
    sc = pic.scenario
    if b.winner:
        winner = _("the {side} won").format(side=sc.side_noun(b.winner))
    else:
        winner = _("nobody was defeated")
    after = [_("the area changed hands")] if b.took_area else []
    after += [_("+{vp} VP to the {side}").format(vp=vp, side=sc.side_noun(side)) for side, vp in b.vp_scored.items()]
    who = "; ".join(
        _("{attacker} v {defender}").format(attacker=p.attacker or "?", defender=p.defender or "?")
        for p in b.commanders
    )
    lost = ", ".join(b.destroyed + b.captured)
    arrow = f"{b.order} {b.mark} {sc.area_label(b.origin)} → {sc.area_label(b.target)}"
    result = _("({side} attack): {result}, {score}").format(
        side=sc.side_adjective(b.attacker_side), result=winner, score=b.score
    )
    said = "; ".join([result, *after]) + "."
    commanders = "<br>" + escape(_("Commanders: {names}.").format(names=who)) if who else ""
    losses = "<br>" + escape(_("Lost: {troops}.").format(troops=lost)) if lost else ""
    return f"<li><strong>{escape(arrow)}</strong> {escape(said)}{commanders}{losses}</li>"


def _changes(pic: TurnPicture, status: PublishedStatus) -> str:
    sc = pic.scenario
    rows = "".join(
        "<li>"
        + escape(
            _("Turn {turn}: {area}, taken by the {side}").format(
                turn=c.turn, area=sc.area_label(c.area), side=sc.side_noun(c.taken_by)
            )
        )
        + "</li>"
        for c in status.changed_hands
    )
    body = f"<ul>{rows}</ul>" if rows else "<p>" + escape(_("None yet.")) + "</p>"
    return _section("changes", _("Areas that changed hands"), body)


def _league(pic: TurnPicture, status: PublishedStatus) -> str:
    sc = pic.scenario
    if not status.league:
        return ""
    titles = [_("Side"), _("Games"), pgettext("games won, drawn, lost", "W–D–L"), _("VP ±"), _("Areas")]
    commander = escape(_("Commander"))
    head = (
        "<tr><th class=n>#</th>"
        + (f"<th>{commander}</th>" if status.names_shown else "")
        + f"<th>{escape(titles[0])}</th>"
        + "".join(f"<th class=n>{escape(t)}</th>" for t in titles[1:])
        + "</tr>"
    )
    rows = "".join(
        f"<tr><td class=n>{line.place}</td>"
        + (f"<td>{escape(line.name or '')}</td>" if status.names_shown else "")
        + f"<td>{escape(sc.side_adjective(line.side))}</td><td class=n>{line.games}</td>"
        f"<td class=n>{line.wins}–{line.draws}–{line.losses}</td><td class=n>{line.vp_for - line.vp_against:+d}</td>"
        f"<td class=n>{line.areas_taken}</td></tr>"
        for line in status.league
    )
    return _section("league", _("League of commanders"), f"<table><thead>{head}</thead><tbody>{rows}</tbody></table>")


def _footer(status: PublishedStatus, up: str) -> str:
    recorded = ""
    if status.last_recorded:
        recorded = escape(_("Last recorded {moment} (UTC).").format(moment=recorded_moment(status.last_recorded))) + " "
    data = ""
    if not up:
        files = {"status": f'<a href="{up}status.json">status.json</a>', "feed": f'<a href="{up}feed.xml">feed.xml</a>'}
        data = escape(_("The facts of this page: {status}; the battles as a feed: {feed}.")).format(**files) + " "
    published = escape(_("Published by the Firestorm Campaign Manager."))
    return f"<footer><p>{recorded}{data}{published}</p></footer>"


def recorded_moment(recorded: str) -> str:
    """A time of the log ("2026-12-03T05:40:12+00:00") in UTC, as the user's language writes it
    (to the minute); as written when it is not one."""
    try:
        moment = datetime.datetime.fromisoformat(recorded)
    except ValueError:
        return recorded
    if moment.tzinfo is not None:
        moment = moment.astimezone(datetime.UTC)
    return i18n.date_time(moment)
