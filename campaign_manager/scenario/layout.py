"""The map as drawing data: one outline and label point per area, land and sea behind them.

Read from the scenario file's `[layout]` section, so a scenario (and a later scenario editor)
carries its own map. The window and the PDF reports draw from the same `MapLayout`; links are
not drawn from here but from the scenario's links, so the drawing can never disagree with the
rules about which areas touch. Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign_manager.datafile import DataEntry

Point = tuple[float, float]
BACKDROP_KINDS = ("land",)
LABEL_KINDS = ("country", "sea")


@dataclass(frozen=True)
class AreaShape:
    """An area's outline (a closed polygon) and where its name goes."""

    outline: tuple[Point, ...]
    label: Point

    def centre(self) -> Point:
        xs, ys = zip(*self.outline)
        return sum(xs) / len(xs), sum(ys) / len(ys)


@dataclass(frozen=True)
class Backdrop:
    """Land that belongs to no area (drawn under the areas); the sea is the background."""

    kind: str
    outline: tuple[Point, ...]


@dataclass(frozen=True)
class MapLabel:
    """A name written on the map: a country or a sea."""

    text: str
    kind: str
    at: Point


@dataclass(frozen=True)
class MapLayout:
    """The drawing of a scenario's map in its own coordinates (x right, y down)."""

    width: float
    height: float
    areas: dict[str, AreaShape]
    backdrop: tuple[Backdrop, ...] = ()
    labels: tuple[MapLabel, ...] = ()


def _point(entry: DataEntry, width: float, height: float) -> Point:
    items = entry.items()
    if len(items) != 2:
        raise entry.refuse("should be a point [x, y]")
    x, y = items[0].decimal(), items[1].decimal()
    if not (0 <= x <= width and 0 <= y <= height):
        raise entry.refuse(f"point [{x:g}, {y:g}] lies outside the map ({width:g} × {height:g})")
    return x, y


def _outline(entry: DataEntry, width: float, height: float) -> tuple[Point, ...]:
    points = tuple(_point(item, width, height) for item in entry.items())
    if len(points) < 3:
        raise entry.refuse("an outline needs at least three points")
    return points


def read_layout(entry: DataEntry, area_codes: set[str]) -> MapLayout:
    """The `[layout]` table of a scenario file; every area of the scenario needs a shape and
    every shape an area, so the map always shows the whole campaign."""
    entry.only("width", "height", "areas", "backdrop", "labels")
    width, height = entry.child("width").decimal(), entry.child("height").decimal()
    if width <= 0 or height <= 0:
        raise entry.refuse("width and height should be positive")
    areas = {}
    for code, shape in entry.child("areas").table().items():
        if code not in area_codes:
            raise shape.refuse(f"'{code}' is not an area of the scenario")
        shape.only("outline", "label")
        areas[code] = AreaShape(_outline(shape.child("outline"), width, height),
                                _point(shape.child("label"), width, height))
    missing = sorted(area_codes - set(areas))
    if missing:
        raise entry.refuse(f"no shape for the area(s) {', '.join(missing)}", "areas")
    backdrop = []
    for item in entry.optional("backdrop", []).items():
        item.only("kind", "outline")
        backdrop.append(Backdrop(item.child("kind").text(BACKDROP_KINDS), _outline(item.child("outline"), width, height)))
    labels = []
    for item in entry.optional("labels", []).items():
        item.only("text", "kind", "at")
        labels.append(MapLabel(item.child("text").text(), item.child("kind").text(LABEL_KINDS),
                               _point(item.child("at"), width, height)))
    return MapLayout(width, height, areas, tuple(backdrop), tuple(labels))
