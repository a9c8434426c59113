"""The map as drawing data: one outline and label point per area, land and sea behind them.

Read from the scenario file's `[layout]` section, so a scenario (and a later scenario editor)
carries its own map. The window and the PDF reports draw from the same `MapLayout`; links are
not drawn from here but from the scenario's links, so the drawing can never disagree with the
rules about which areas touch. Qt-free; checked with the rest of the scenario (scenario/checks.py).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain
from typing import Annotated, Literal, NamedTuple

from pydantic import AfterValidator, Field

from campaign_manager.datamodel import DataModel, Number, Text

Coordinate = Annotated[Number, AfterValidator(float)]  # written 60 or 60.5, read as 60.0 or 60.5
Point = Annotated[tuple[Coordinate, Coordinate], Field(description="[x, y] in the map's coordinates")]
Outline = Annotated[tuple[Point, ...], Field(min_length=3, description="a closed polygon: at least three points")]


class AreaShape(DataModel):
    """An area's outline (a closed polygon), where its name goes and, if the file says, where its
    counters stand (the top middle of their stack; under the name when it does not)."""

    outline: Outline
    label: Point
    counters: Point | None = None

    def centre(self) -> tuple[float, float]:
        xs, ys = zip(*self.outline)
        return sum(xs) / len(xs), sum(ys) / len(ys)

    def counters_at(self, below: float) -> tuple[float, float]:
        """The top middle of the area's stack of counters: its own spot, or `below` its name."""
        return self.counters or (self.label[0], self.label[1] + below)

    def room_across(self, y: float, x: float | None = None) -> float:
        """How wide a line centred on `x` (the label point's, unless given) may be at height `y`
        and still lie inside the outline (0 when that point is outside it there)."""
        x = self.label[0] if x is None else x
        crossings = sorted(
            x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            for (x1, y1), (x2, y2) in zip(self.outline, self.outline[1:] + self.outline[:1])
            if (y1 <= y < y2) or (y2 <= y < y1)
        )
        for left, right in zip(crossings[::2], crossings[1::2]):
            if left <= x <= right:
                return 2 * min(x - left, right - x)
        return 0.0


class Backdrop(DataModel):
    """Land that belongs to no area (drawn under the areas); the sea is the background."""

    kind: Literal["land"]
    outline: Outline


LanguageCode = Annotated[str, Field(pattern=r"^[a-z]{2,3}(_[A-Z]{2})?$")]  # "de", "el", "pt_BR"
Names = Annotated[
    dict[LanguageCode, Text],
    Field(
        max_length=64,
        description='the name in other languages, by language code ("de", "el", "pt_BR"): shown where the app '
        "speaks that language; the name above everywhere else",
    ),
]


class MapLabel(DataModel):
    """A name written on the map: a country or a sea."""

    text: Text
    kind: Literal["country", "sea"]
    at: Point
    names: Names = {}  # the text in other languages ("de", "el"), shown where the app speaks one


class MapLayout(DataModel):
    """The drawing of a scenario's map in its own coordinates (x right, y down)."""

    width: Annotated[Number, Field(gt=0)]
    height: Annotated[Number, Field(gt=0)]
    areas: dict[str, AreaShape]
    backdrop: tuple[Backdrop, ...] = ()
    labels: tuple[MapLabel, ...] = ()

    def points(self) -> list[tuple[str, tuple[float, float]]]:
        """Every point of the drawing with the path of its entry, for the checks."""
        found = []
        for code, shape in self.areas.items():
            found += [(f"layout.areas.{code}.outline[{i}]", p) for i, p in enumerate(shape.outline)]
            found.append((f"layout.areas.{code}.label", shape.label))
            if shape.counters is not None:
                found.append((f"layout.areas.{code}.counters", shape.counters))
        for n, back in enumerate(self.backdrop):
            found += [(f"layout.backdrop[{n}].outline[{i}]", p) for i, p in enumerate(back.outline)]
        found += [(f"layout.labels[{n}].at", label.at) for n, label in enumerate(self.labels)]
        return found

    def under(self, box: Box) -> set[str]:
        """What a box written on the map lies over, read at nine points across it: the codes of
        the areas there, "land" (the backdrop) and "sea" (a place name's ground)."""
        found = set()
        for across in (0.05, 0.5, 0.95):
            for down in (0.05, 0.5, 0.95):
                point = (box[0] + box[2] * across, box[1] + box[3] * down)
                code = next((code for code, shape in self.areas.items() if inside(shape.outline, point)), None)
                land = any(inside(back.outline, point) for back in self.backdrop)
                found.add(code if code is not None else "land" if land else "sea")
        return found


class ArrowPlace(NamedTuple):
    """Where a battle arrow is drawn: from `start` to `end` (between the two areas' label
    points), its caption on its left (`caption_side` 1, looking along it) or right (-1)."""

    start: tuple[float, float]
    end: tuple[float, float]
    caption_side: float


ARROW_GAP = 38.0  # layout units between arrows that join the same two areas


def arrow_places(layout: MapLayout, arrows: list[tuple[str, str]], gap: float = ARROW_GAP) -> list[ArrowPlace]:
    """Where to draw each (from, to) arrow, in order. Arrows that join the same two areas (fought
    one way, then the other, or twice) lie `gap` apart side by side, each caption on its outer side."""
    shared = Counter(frozenset(pair) for pair in arrows)
    seen: Counter[frozenset[str]] = Counter()
    found = []
    for origin, target in arrows:
        pair = frozenset((origin, target))
        start, end = layout.areas[origin].label, layout.areas[target].label
        index, count = seen[pair], shared[pair]
        seen[pair] += 1
        if count == 1:
            found.append(ArrowPlace(start, end, 1.0))
            continue
        a, b = (layout.areas[code].label for code in sorted(pair))  # one direction for the pair: opposite arrows part
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        across = (index - (count - 1) / 2) * gap
        dx, dy = -(b[1] - a[1]) / length * across, (b[0] - a[0]) / length * across
        along = 1.0 if origin == min(pair) else -1.0  # the arrow's left is the pair's left, or its right
        outward = math.copysign(1.0, across) if across else 1.0
        found.append(ArrowPlace((start[0] + dx, start[1] + dy), (end[0] + dx, end[1] + dy), outward * along))
    return found


Box = tuple[float, float, float, float]  # left, top, width, height in layout units (y downwards)
Point2 = tuple[float, float]


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch or lie apart)."""
    wide = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    tall = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return wide * tall if wide > 0 and tall > 0 else 0.0


def _edges(outline: Sequence[Point2]) -> list[tuple[Point2, Point2]]:
    return list(zip(outline, (*outline[1:], outline[0])))


def spans(outline: Sequence[Point2], y: float) -> list[tuple[float, float]]:
    """Where the horizontal line at `y` lies inside the polygon: (left, right) runs, left to right."""
    crossings = sorted(
        x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        for (x1, y1), (x2, y2) in _edges(outline)
        if (y1 <= y < y2) or (y2 <= y < y1)
    )
    return list(zip(crossings[::2], crossings[1::2]))


def inside(outline: Sequence[Point2], point: Point2) -> bool:
    """Whether the point lies inside the polygon."""
    return any(left < point[0] < right for left, right in spans(outline, point[1]))


def _crosses(a: Point2, b: Point2, box: Box) -> bool:
    """Whether the segment a–b passes through the inside of the box."""
    return _inside(a, b, box, 0.0) is not None


def holds(outline: Sequence[Point2], box: Box) -> bool:
    """Whether the box lies wholly inside the polygon: its centre inside, no border through it."""
    x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
    inside = any(left < x < right for left, right in spans(outline, y))
    return inside and not any(_crosses(a, b, box) for a, b in _edges(outline))


STACK_SCALES = (1.0, 0.85, 0.75, 0.65, 0.55)  # a crowded area's counters are set smaller, down to this


def stack_places(
    shape: AreaShape,
    count: int,
    size: tuple[float, float],
    below: float,
    gap: float = 4.0,
    avoid: Sequence[Box] = (),
) -> tuple[float, list[tuple[float, float]]]:
    """Where an area's `count` counters of `size` stand: in rows of up to three from the area's
    counter spot (`below` its label point when it has none), centred on it as far as the borders
    allow; when they do not fit so, smaller;
    then wherever in the area there is room (beside its words, above them); never across a
    border or over anything in `avoid` (the area's words) while any room is left. The scale,
    and each counter's top-left corner, in reading order. For the window and the printed map."""
    if count == 0:
        return 1.0, []
    natural = [(scale, False) for scale in STACK_SCALES if scale >= 0.75]  # under the label, a little smaller
    tries = natural + [(scale, True) for scale in STACK_SCALES] + [(scale, False) for scale in STACK_SCALES[3:]]
    for scale, search in tries:
        found = _fill(shape, count, (size[0] * scale, size[1] * scale), gap * scale, below, avoid, search)
        if found is not None:
            return scale, found
    return _crowded(shape, count, size, below, gap)


def _fill(
    shape: AreaShape, count: int, size: Point2, gap: float, below: float, avoid: Sequence[Box], search: bool
) -> list[tuple[float, float]] | None:
    """Counters of `size` in rows inside the area and off `avoid`: first rows straight down from
    the counter spot; with `search`, any row of the area, nearest the spot first. None if they do
    not fit."""
    width, height = size
    x0, start = shape.counters_at(below)
    ys = [y for _, y in shape.outline]
    if search:
        step = (height + gap) / 3
        rows = [min(ys) + gap + n * step for n in range(int((max(ys) - min(ys)) / step) + 1)]
        rows.sort(key=lambda y: abs(y - start) if y >= start - height else abs(y - start) + 1000.0)
    else:
        rows = [start + n * (height + gap) for n in range(int((max(ys) - start) / (height + gap)) + 1)]
    placed: list[Box] = []
    for top in rows:
        taken = [*avoid, *placed]
        fits = _row(shape.outline, x0, top, width, height, gap, taken, min(3, count - len(placed)))
        if fits:
            placed += fits
        elif not search and not placed:
            return None  # the first row straight under the label must take at least one
        if len(placed) == count:
            return sorted(((b[0], b[1]) for b in placed), key=lambda corner: (round(corner[1], 3), corner[0]))
    return None


def _row(
    outline: Sequence[Point2],
    x0: float,
    top: float,
    width: float,
    height: float,
    gap: float,
    taken: Sequence[Box],
    most: int,
) -> list[Box]:
    """As many counters (up to `most`) as fit side by side in the row at `top`, as near `x0` as
    they can be: each inside the outline and clear of `taken` (by `gap`)."""
    run = _run(outline, x0, top - gap / 2, height + gap)
    if run is None:
        return []
    for many in range(most, 0, -1):
        wide = many * width + (many - 1) * gap
        low, high = run[0] + gap / 2 + 0.5, run[1] - gap / 2 - 0.5 - wide  # where the row's left edge may go
        if high < low:
            continue
        lefts = [min(max(x0 - wide / 2, low), high)]
        for box in taken:  # beside whatever stands in the way, on either side
            lefts += [box[0] + box[2] + gap, box[0] - gap - wide]
        for left in sorted((x for x in lefts if low <= x <= high), key=lambda x: abs(x + wide / 2 - x0)):
            boxes = [(left + n * (width + gap), top, width, height) for n in range(many)]
            if all(holds(outline, (b[0] - gap / 2, b[1] - gap / 2, b[2] + gap, b[3] + gap)) for b in boxes) and not any(
                overlap((b[0] - gap, b[1] - gap, b[2] + 2 * gap, b[3] + 2 * gap), t) for b in boxes for t in taken
            ):
                return boxes
    return []


def _run(outline: Sequence[Point2], x0: float, top: float, height: float) -> tuple[float, float] | None:
    """The stretch of the row from `top` to `top + height` that lies inside the outline all the
    way down, around `x0` (or the nearest such stretch): the runs inside it at the row's top,
    bottom, middle and every corner of the outline in between, taken together."""
    ys = {top + 0.01, top + height / 2, top + height - 0.01}
    ys |= {y for _, y in outline if top < y < top + height}
    middle = spans(outline, top + height / 2)
    if not middle:
        return None

    def far(run: tuple[float, float]) -> float:
        return 0.0 if run[0] <= x0 <= run[1] else min(abs(run[0] - x0), abs(run[1] - x0))

    left, right = min(middle, key=far)
    for y in sorted(ys):
        here = [(max(left, a), min(right, b)) for a, b in spans(outline, y) if min(right, b) > max(left, a)]
        if not here:
            return None
        left, right = max(here, key=lambda run: run[1] - run[0])
    return left, right


def _crowded(
    shape: AreaShape, count: int, size: tuple[float, float], below: float, gap: float
) -> tuple[float, list[tuple[float, float]]]:
    """The last resort for an area too small for its counters: the smallest, three to a row
    from its counter spot (they may run over its borders)."""
    scale = STACK_SCALES[-1]
    width, height = size[0] * scale, size[1] * scale
    x0, y0 = shape.counters_at(below)
    corners = []
    for index in range(count):
        row, col = divmod(index, 3)
        in_row = min(3, count - row * 3)
        corners.append((x0 - in_row * (width + gap) / 2 + col * (width + gap), y0 + row * (height + gap)))
    return scale, corners


HEAD_ROOM = 4.0  # layout units kept, where there is room, between an arrowhead and a counter
HEAD = 20.0  # layout units of an arrowhead's barbs, which open 2.6 radians from the shaft
STOPS = 26  # points along a shaft tried for its head, from its end back to its middle


def shaft(place: ArrowPlace, clear_of: Sequence[Box] = ()) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where an arrow's shaft is drawn: stopped short of both label points, so it sits between
    the two areas' names, and, where its head would cover a counter in `clear_of`, stopped at the
    latest point at which the head covers none (at which it covers least, on a crowded map), so
    no arrowhead hides a troop or its count. It keeps at least half its length."""
    (sx, sy), (ex, ey) = place.start, place.end
    angle = math.atan2(ey - sy, ex - sx)
    trim = min(34.0, math.hypot(ex - sx, ey - sy) * 0.25)
    start = (sx + math.cos(angle) * trim, sy + math.sin(angle) * trim)
    end = (ex - math.cos(angle) * trim, ey - math.sin(angle) * trim)
    near = [box for box in clear_of if _inside(start, end, box, HEAD + HEAD_ROOM) is not None]
    if not near or _head_cover(end, angle, near, HEAD_ROOM) == 0:
        return start, end

    def at(t: float) -> tuple[float, float]:
        return start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t

    stops = [1 - 0.5 * k / (STOPS - 1) for k in range(STOPS)]  # from the end back to its middle
    roomy = next((t for t in stops if _head_cover(at(t), angle, near, HEAD_ROOM) == 0), None)
    if roomy is not None:
        return start, at(roomy)
    covers = [_head_cover(at(t), angle, near, 0.0) for t in stops]
    return start, at(stops[covers.index(min(covers))])  # the latest clear stop, else the latest least covered


def _head_cover(tip: Point2, angle: float, boxes: Sequence[Box], room: float) -> int:
    """How many of the points along an arrowhead's two barbs (a layout unit apart) lie on a box
    grown by `room` (boxes clear of the head's own bounds are passed over at once)."""
    covered = 0
    for turn in (2.6, -2.6):
        dx, dy = math.cos(angle + turn), math.sin(angle + turn)
        far = (tip[0] + dx * HEAD, tip[1] + dy * HEAD)
        lo_x, hi_x = min(tip[0], far[0]) - room, max(tip[0], far[0]) + room
        lo_y, hi_y = min(tip[1], far[1]) - room, max(tip[1], far[1]) + room
        for left, top, w, h in boxes:
            if left > hi_x or left + w < lo_x or top > hi_y or top + h < lo_y:
                continue
            for d in range(int(HEAD) + 1):
                x, y = tip[0] + dx * d, tip[1] + dy * d
                if left - room < x < left + w + room and top - room < y < top + h + room:
                    covered += 1
    return covered


def _inside(a: Point2, b: Point2, box: Box, room: float) -> tuple[float, float] | None:
    """Where along the segment a–b (0 at a, 1 at b) it runs inside the box grown by `room` on
    every side (Liang–Barsky clipping); None when it does not."""
    left, top, width, height = box[0] - room, box[1] - room, box[2] + 2 * room, box[3] + 2 * room
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - left), (dx, left + width - a[0]), (-dy, a[1] - top), (dy, top + height - a[1])):
        if p == 0:
            if q <= 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return None
    return t0, t1


RINGS = tuple(  # the directions tried on each ring around a mark's first place (more on wider rings)
    tuple(
        (math.cos(2 * math.pi * k / (8 + 4 * ring)), math.sin(2 * math.pi * k / (8 + 4 * ring)))
        for k in range(8 + 4 * ring)
    )
    for ring in range(1, 16)
)


def clear_spot(
    start: tuple[float, float],
    end: tuple[float, float],
    size: tuple[float, float],
    avoid: Sequence[Box],
    beside: float = 0.0,
    bounds: Box | None = None,
) -> tuple[float, float]:
    """The centre for a mark of `size` (width, height) on an arrow from `start` to `end` (or
    `beside` units to its left, looking along it) that covers nothing in `avoid` and stays in
    `bounds`: the middle if that is clear, else the nearest clear point along the arrow, else a
    little aside, else the nearest clear point around the arrow's middle, further and further
    out; failing all, the one that covers least. A battle's caption or result mark, in the
    window and in print, so it never hides an area's name, a counter or another mark.

    Remembered by its inputs: the map is drawn again after every action, and most of its marks
    stand where they stood (an action that moved nothing leaves every input as it was)."""
    boxes = tuple((box[0], box[1], box[2], box[3]) for box in avoid)  # hashable, whatever sequence held them
    edges = None if bounds is None else (bounds[0], bounds[1], bounds[2], bounds[3])
    return _clear_spot((start[0], start[1]), (end[0], end[1]), (size[0], size[1]), boxes, beside, edges)


@lru_cache(maxsize=2048)
def _clear_spot(
    start: tuple[float, float],
    end: tuple[float, float],
    size: tuple[float, float],
    avoid: tuple[Box, ...],
    beside: float,
    bounds: Box | None,
) -> tuple[float, float]:
    (sx, sy), (ex, ey) = start, end
    length = math.hypot(ex - sx, ey - sy) or 1.0
    across = (-(ey - sy) / length, (ex - sx) / length)
    away = math.copysign(1.0, beside) if beside else 1.0
    width, height = size

    def at(t: float, d: float) -> tuple[float, float]:
        return sx + (ex - sx) * t + across[0] * d, sy + (ey - sy) * t + across[1] * d

    near_arrow = [at(t, beside) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]
    near_arrow += [at(0.5, beside + away * d) for d in (22.0, 36.0)] + [
        at(0.5, beside - away * d) for d in (22.0, 36.0)
    ]
    near_arrow += [
        at(t, beside + sign * d) for d in (18.0, 36.0) for t in (0.35, 0.65, 0.2, 0.8) for sign in (away, -away)
    ]
    middle = at(0.5, beside)
    step = max(12.0, min(width, height))

    def around() -> Iterator[tuple[float, float]]:
        """Around the middle, ring by ring, nearest first: far enough out there is always room."""
        for ring, directions in enumerate(RINGS, start=1):
            reach = ring * step
            for dx, dy in directions:
                yield middle[0] + reach * dx, middle[1] + reach * dy

    spread = len(RINGS) * step + max(width, height)
    near = [
        box
        for box in avoid
        if box[0] < max(sx, ex, middle[0]) + spread
        and box[0] + box[2] > min(sx, ex, middle[0]) - spread
        and box[1] < max(sy, ey, middle[1]) + spread
        and box[1] + box[3] > min(sy, ey, middle[1]) - spread
    ]

    half_w, half_h = width / 2, height / 2

    def clear(spot: tuple[float, float]) -> bool:
        left, top = spot[0] - half_w, spot[1] - half_h
        if bounds is not None and not (
            bounds[0] <= left
            and left + width <= bounds[0] + bounds[2]
            and bounds[1] <= top
            and top + height <= bounds[1] + bounds[3]
        ):
            return False
        right, bottom = left + width, top + height
        for bx, by, bw, bh in near:  # the first box it touches is enough to reject it
            if bx < right and left < bx + bw and by < bottom and top < by + bh:
                return False
        return True

    for spot in chain(near_arrow, around()):
        if clear(spot):
            return spot

    def covered(spot: tuple[float, float]) -> float:
        box = (spot[0] - half_w, spot[1] - half_h, width, height)
        outside = width * height - overlap(box, bounds) if bounds is not None else 0.0
        return outside + sum(overlap(box, other) for other in near)

    return min(chain(near_arrow, around()), key=covered)  # nowhere clear: the spot that covers least


def standoff(
    shaft_ends: tuple[tuple[float, float], tuple[float, float]], centre: tuple[float, float], size: tuple[float, float]
) -> float:
    """How far a mark of `size` centred at `centre` stands off its arrow: from the point of the
    shaft nearest its centre to the mark's edge (0 when the mark lies on that point)."""
    near = _nearest(shaft_ends, centre)
    gap_x = max(0.0, abs(near[0] - centre[0]) - size[0] / 2)  # from the mark's edge, not its middle
    gap_y = max(0.0, abs(near[1] - centre[1]) - size[1] / 2)
    return math.hypot(gap_x, gap_y)


def _nearest(shaft_ends: tuple[tuple[float, float], tuple[float, float]], point: Point2) -> Point2:
    (ax, ay), (bx, by) = shaft_ends
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((point[0] - ax) * dx + (point[1] - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return ax + t * dx, ay + t * dy


def leader(
    shaft_ends: tuple[tuple[float, float], tuple[float, float]], centre: tuple[float, float], size: tuple[float, float]
) -> tuple[float, float] | None:
    """Where on its arrow a mark placed at `centre` is tied by a thin line, when it had to stand
    away from it (None when the mark touches the arrow or sits just beside it)."""
    return _nearest(shaft_ends, centre) if standoff(shaft_ends, centre, size) > 14 else None


def grid_layout(codes: Iterable[str]) -> MapLayout:
    """A plain grid of squares, five to a row, for a scenario whose file has no drawing."""
    areas = {}
    for index, code in enumerate(codes):
        x, y = 40 + (index % 5) * 190, 40 + (index // 5) * 190
        areas[code] = AreaShape(
            outline=((x, y), (x + 170, y), (x + 170, y + 170), (x, y + 170)), label=(x + 85, y + 40)
        )
    return MapLayout(width=1000, height=60 + ((len(areas) + 4) // 5) * 190, areas=areas)
