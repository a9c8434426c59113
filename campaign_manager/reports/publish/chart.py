"""The published page's VP-by-turn chart: each side's VP at set-up and at the end of every turn
(and now, when a turn is under way), as an inline SVG line chart with its figures in words for a
screen reader. It is drawn on a white plate of its own in light and dark alike (as the map is):
the sides' inks are dark, and on a dark page their lines would hardly show."""

from __future__ import annotations

from campaign_manager.engine.published import PublishedStatus
from campaign_manager.i18n import _
from campaign_manager.reports.data import TurnPicture
from campaign_manager.reports.publish.words import escape

W, H, LEFT, BOTTOM, TOP, RIGHT = 640.0, 260.0, 60.0, 34.0, 14.0, 34.0
INK = "#1b1b1b"  # the chart's words and grid, on its white plate (17:1)


def vp_chart(pic: TurnPicture, status: PublishedStatus) -> str:
    """The chart, then its key (which side's line is which)."""
    sc = pic.scenario
    most = max([10] + [vp for p in status.vp_by_turn for vp in p.vp.values()])
    scale = Scale(status.turns, -(-most // 10) * 10)
    words = "; ".join(
        f"{_moment(p.turn, p.ended)}: " + ", ".join(f"{sc.side_adjective(s)} {v}" for s, v in p.vp.items())
        for p in status.vp_by_turn
    )
    key = " · ".join(
        f'<span class="swatch" style="background:{_ink(pic, s)}"></span>'
        + escape(_("{side} (dashed)").format(side=sc.side_adjective(s)) if n else sc.side_adjective(s))
        for n, s in enumerate(status.vp)
    )
    label = escape(_("VP by turn: {figures}").format(figures=words))
    return (
        f'<svg class="chart" viewBox="0 0 {W:g} {H:g}" role="img" aria-label="{label}" '
        f'font-size="13" fill="{INK}" font-family="system-ui,sans-serif">'
        f"{_axes(scale, status.turns)}{_lines(pic, status, scale)}</svg>"
        f'<p class="when">{key}</p>'
    )


def _moment(turn: int, ended: bool = True) -> str:
    """The set-up or a turn, "so far" while it is under way."""
    if turn == 0:
        return _("set-up")
    return (_("turn {turn}") if ended else _("turn {turn} so far")).format(turn=turn)


class Scale:
    """Turns across, VP up, in the chart's units."""

    def __init__(self, turns: int, top: int) -> None:
        self.turns, self.top = max(1, turns), top

    def x(self, turn: int) -> float:
        return LEFT + (W - LEFT - RIGHT) * turn / self.turns

    def y(self, vp: int) -> float:
        return H - BOTTOM - (H - BOTTOM - TOP) * vp / self.top


def _axes(scale: Scale, turns: int) -> str:
    step = max(10, scale.top // 5 // 10 * 10)
    grid = "".join(
        f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{scale.y(v):.1f}" y2="{scale.y(v):.1f}" '
        f'stroke="{INK}" stroke-opacity=".25"/>'
        f'<text x="{LEFT - 6}" y="{scale.y(v) + 4:.1f}" text-anchor="end">{v}</text>'
        for v in range(0, scale.top + 1, step)
    )
    ticks = "".join(
        f'<text x="{scale.x(t):.1f}" y="{H - BOTTOM + 18}" text-anchor="middle">{escape(_moment(t))}</text>'
        for t in range(turns + 1)
    )
    return grid + ticks


def _lines(pic: TurnPicture, status: PublishedStatus, scale: Scale) -> str:
    lines = ""
    for number, side in enumerate(status.vp):
        ink = _ink(pic, side)
        spots = [(scale.x(p.turn), scale.y(p.vp[side])) for p in status.vp_by_turn]
        dashes = ' stroke-dasharray="8 4"' if number else ""
        lines += (
            f'<polyline fill="none" stroke="{ink}" stroke-width="3"{dashes} '
            f'points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in spots)}"/>'
            + "".join(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="4" fill="{ink}"/>' for a, b in spots)
        )
    return lines


def _ink(pic: TurnPicture, side: str) -> str:
    colours = pic.scenario.side_colours
    return colours[side].ink if side in colours else "#777777"
