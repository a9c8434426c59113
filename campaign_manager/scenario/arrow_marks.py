"""Where the open battle arrows' captions stand: each at its arrow. Just beside the shaft where
that keeps the caption by it (an arrow running near level or upright), else across the shaft,
its plate over the line; from the arrow's middle outwards, clear of whatever they must not
cover (the areas' words, the counters, the marks placed before them) and of each other, off
the arrowheads and inside the map. The most hemmed-in caption is placed first, so that one with
room elsewhere does not take the only spot another has. The window's map uses it
(ui/map/scene.py); a caption with no such spot is placed by layout.clear_spot's wider search,
tied to its arrow by a line."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from campaign_manager.scenario.layout import Box, standoff

REACH = 12.0  # layout units: the most a caption may stand off its arrow (layout.standoff)
GAP = 6.0  # layout units between a caption beside the shaft and the shaft's middle line
HEAD = 20.0  # layout units around the shaft's end kept clear for the arrowhead
ALONG = sorted((n / 20 for n in range(3, 18)), key=lambda t: abs(t - 0.5))  # from the middle (0.5) outwards
ASIDE = (1.0, 2 / 3, 1 / 3, 0.0)  # how far to a side, of the way to standing just beside the shaft

Ends = tuple[tuple[float, float], tuple[float, float]]
Centre = tuple[float, float]


class Caption(NamedTuple):
    """An open arrow's caption to place: its arrow's shaft, its size (width, height) and the side
    of the arrow it prefers (1 its left, looking along it; -1 its right)."""

    shaft: Ends
    size: tuple[float, float]
    side: float = 1.0


def _box(centre: Centre, size: tuple[float, float]) -> Box:
    return (centre[0] - size[0] / 2, centre[1] - size[1] / 2, size[0], size[1])


def spots_at(caption: Caption, avoid: Sequence[Box], bounds: Box | None = None) -> list[Centre]:
    """Every centre at the arrow where the caption covers nothing in `avoid` and stays inside
    `bounds`, best first: beside the shaft, then nearer and nearer it, each from its middle out."""
    (sx, sy), (ex, ey) = caption.shaft
    width, height = caption.size
    length = math.hypot(ex - sx, ey - sy) or 1.0
    across = (-(ey - sy) / length, (ex - sx) / length)
    aside = abs(across[0]) * width / 2 + abs(across[1]) * height / 2 + GAP  # its edge GAP off the line
    ways = (math.copysign(1.0, caption.side), -math.copysign(1.0, caption.side))
    head = (ex - HEAD, ey - HEAD, 2 * HEAD, 2 * HEAD)
    reach = aside + max(width, height)  # no spot tried lies further from the shaft
    region = (min(sx, ex) - reach, min(sy, ey) - reach, abs(ex - sx) + 2 * reach, abs(ey - sy) + 2 * reach)
    near = [box for box in avoid if _meets(box, region)]
    found = []
    middle = ((sx + ex) / 2, (sy + ey) / 2)
    for part in ASIDE:
        # The shaft's point nearest a spot beside it is the spot's foot: its standoff is the same all along.
        beside = (middle[0] + across[0] * part * aside, middle[1] + across[1] * part * aside)
        if standoff(caption.shaft, beside, caption.size) > REACH:
            continue
        for t in ALONG:
            for way in ways[: 1 if part == 0 else 2]:
                d = way * part * aside
                centre = (sx + (ex - sx) * t + across[0] * d, sy + (ey - sy) * t + across[1] * d)
                box = _box(centre, caption.size)
                if not _meets(box, head) and _inside(box, bounds) and not any(_meets(box, other) for other in near):
                    found.append(centre)
    return found


def captions_at_arrows(
    captions: Sequence[Caption], avoid: Sequence[Box], bounds: Box | None = None
) -> list[Centre | None]:
    """Each caption's centre at its arrow, none covering another. The caption with the fewest
    spots left is placed first, in its best spot, then the next; when one is left with none, the
    others try their next spots (a bounded search). Failing that, one with no spot gets None."""
    spots = [spots_at(caption, avoid, bounds) for caption in captions]
    boxes = [[_box(centre, caption.size) for centre in found] for found, caption in zip(spots, captions)]
    free = {n: list(range(len(found))) for n, found in enumerate(boxes)}
    chosen: dict[int, int | None] = {**(_search(boxes, free, [SEARCH]) or _greedy(boxes, free))}
    picked = [chosen.get(n) for n in range(len(captions))]
    return [None if index is None else found[index] for found, index in zip(spots, picked)]


SEARCH = 400  # placings tried at most before settling for captions with no spot


def _left(boxes: list[list[Box]], free: dict[int, list[int]], placed: int, index: int) -> dict[int, list[int]]:
    """The spots still free for the others once caption `placed` takes its spot `index`."""
    box = boxes[placed][index]
    return {n: [i for i in spots if not _meets(boxes[n][i], box)] for n, spots in free.items() if n != placed}


def _search(boxes: list[list[Box]], free: dict[int, list[int]], budget: list[int]) -> dict[int, int] | None:
    if not free:
        return {}
    hemmed = min(free, key=lambda n: (len(free[n]), n))
    for index in free[hemmed]:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        found = _search(boxes, _left(boxes, free, hemmed, index), budget)
        if found is not None:
            return {**found, hemmed: index}
    return None


def _greedy(boxes: list[list[Box]], free: dict[int, list[int]]) -> dict[int, int | None]:
    chosen: dict[int, int | None] = {}
    while free:
        hemmed = min(free, key=lambda n: (len(free[n]), n))
        if free[hemmed]:
            chosen[hemmed] = free[hemmed][0]
            free = _left(boxes, free, hemmed, free[hemmed][0])
        else:
            chosen[hemmed] = None
            free = {n: spots for n, spots in free.items() if n != hemmed}
    return chosen


def _meets(a: Box, b: Box) -> bool:
    """Whether two boxes share some area (layout.overlap > 0), written out: it is asked often."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(box: Box, bounds: Box | None) -> bool:
    return bounds is None or (
        bounds[0] <= box[0]
        and box[0] + box[2] <= bounds[0] + bounds[2]
        and bounds[1] <= box[1]
        and box[1] + box[3] <= bounds[1] + bounds[3]
    )
