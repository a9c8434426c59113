"""The map as drawing data: one outline and label point per area, land and sea behind them.

Read from the scenario file's `[layout]` section, so a scenario (and a later scenario editor)
carries its own map. The window and the PDF reports draw from the same `MapLayout`; links are
not drawn from here but from the scenario's links, so the drawing can never disagree with the
rules about which areas touch. Qt-free; checked with the rest of the scenario (scenario/checks.py).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
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


class MapLabel(DataModel):
    """A name written on the map: a country or a sea."""

    text: Text
    kind: Literal["country", "sea"]
    at: Point


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


def stack_places(
    shape: AreaShape, count: int, size: tuple[float, float], below: float, gap: float = 4.0
) -> tuple[float, list[tuple[float, float]]]:
    """Where an area's `count` counters of `size` stand: from the area's counter spot, or `below`
    its label point, as many side by side as the area is wide there (up to 3), the rest in rows
    beneath; a crowded small area sets them smaller (down to 3/4) when that keeps them in one
    row. The scale, and each counter's top-left corner. For the window and the printed map alike."""
    width, height = size
    x0, y0 = shape.counters_at(below)
    room = shape.room_across(y0 + height / 2, x0)

    def fits(scale: float) -> int:
        return max(1, min(3, int((room + gap * scale) // ((width + gap) * scale)))) if room else 3

    scale = next((s for s in (1.0, 0.85, 0.75) if count <= fits(s)), 1.0)
    per_row, step_x, step_y = fits(scale), (width + gap) * scale, (height + gap) * scale
    corners = []
    for index in range(count):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        corners.append((x0 - in_row * step_x / 2 + col * step_x, y0 + row * step_y))
    return scale, corners


def shaft(place: ArrowPlace) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where an arrow's shaft is drawn: stopped short of both label points, so it sits between
    the two areas' names."""
    (sx, sy), (ex, ey) = place.start, place.end
    angle = math.atan2(ey - sy, ex - sx)
    trim = min(34.0, math.hypot(ex - sx, ey - sy) * 0.25)
    return (
        (sx + math.cos(angle) * trim, sy + math.sin(angle) * trim),
        (ex - math.cos(angle) * trim, ey - math.sin(angle) * trim),
    )


def clear_spot(
    start: tuple[float, float],
    end: tuple[float, float],
    size: tuple[float, float],
    avoid: Sequence[Box],
    beside: float = 0.0,
) -> tuple[float, float]:
    """The centre for a mark of `size` (width, height) on an arrow from `start` to `end` (or
    `beside` units to its left, looking along it) that covers nothing in `avoid`: the middle if
    that is clear, else the nearest clear point along the arrow, else a little further aside;
    failing all, the one that covers least. A fought battle's result mark, in the window and in
    print, so it never hides an area's name, a counter or another mark."""
    (sx, sy), (ex, ey) = start, end
    length = math.hypot(ex - sx, ey - sy) or 1.0
    across = (-(ey - sy) / length, (ex - sx) / length)
    away = math.copysign(1.0, beside) if beside else 1.0
    tries = [(t, beside) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]
    tries += [(0.5, beside + away * d) for d in (22.0, 36.0)] + [(0.5, beside - away * d) for d in (22.0, 36.0)]
    width, height = size
    reach = abs(beside) + 36.0 + max(width, height)  # nothing farther from the arrow can be covered
    near = [
        box
        for box in avoid
        if box[0] < max(sx, ex) + reach
        and box[0] + box[2] > min(sx, ex) - reach
        and box[1] < max(sy, ey) + reach
        and box[1] + box[3] > min(sy, ey) - reach
    ]

    def at(t: float, d: float) -> tuple[float, float]:
        return sx + (ex - sx) * t + across[0] * d, sy + (ey - sy) * t + across[1] * d

    def covered(t: float, d: float) -> float:
        x, y = at(t, d)
        left, top = x - width / 2, y - height / 2
        return sum(
            max(0.0, min(left + width, bx + bw) - max(left, bx)) * max(0.0, min(top + height, by + bh) - max(top, by))
            for bx, by, bw, bh in near
        )

    return at(*min(tries, key=lambda c: (covered(*c) > 0, covered(*c))))


def grid_layout(codes: Iterable[str]) -> MapLayout:
    """A plain grid of squares, five to a row, for a scenario whose file has no drawing."""
    areas = {}
    for index, code in enumerate(codes):
        x, y = 40 + (index % 5) * 190, 40 + (index // 5) * 190
        areas[code] = AreaShape(
            outline=((x, y), (x + 170, y), (x + 170, y + 170), (x, y + 170)), label=(x + 85, y + 40)
        )
    return MapLayout(width=1000, height=60 + ((len(areas) + 4) // 5) * 190, areas=areas)
