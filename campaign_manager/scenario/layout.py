"""The map as drawing data: one outline and label point per area, land and sea behind them.

Read from the scenario file's `[layout]` section, so a scenario (and a later scenario editor)
carries its own map. The window and the PDF reports draw from the same `MapLayout`; links are
not drawn from here but from the scenario's links, so the drawing can never disagree with the
rules about which areas touch. Qt-free; checked with the rest of the scenario (scenario/checks.py).
"""

from __future__ import annotations

from typing import Annotated, Iterable, Literal

from pydantic import AfterValidator, Field

from campaign_manager.datamodel import DataModel, Number, Text

Coordinate = Annotated[Number, AfterValidator(float)]  # written 60 or 60.5, read as 60.0 or 60.5
Point = Annotated[tuple[Coordinate, Coordinate], Field(description="[x, y] in the map's coordinates")]
Outline = Annotated[tuple[Point, ...], Field(min_length=3, description="a closed polygon: at least three points")]
BACKDROP_KINDS = ("land",)
LABEL_KINDS = ("country", "sea")


class AreaShape(DataModel):
    """An area's outline (a closed polygon) and where its name goes."""

    outline: Outline
    label: Point

    def centre(self) -> tuple[float, float]:
        xs, ys = zip(*self.outline)
        return sum(xs) / len(xs), sum(ys) / len(ys)


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
        for n, back in enumerate(self.backdrop):
            found += [(f"layout.backdrop[{n}].outline[{i}]", p) for i, p in enumerate(back.outline)]
        found += [(f"layout.labels[{n}].at", label.at) for n, label in enumerate(self.labels)]
        return found


def grid_layout(codes: Iterable[str]) -> MapLayout:
    """A plain grid of squares, five to a row, for a scenario whose file has no drawing."""
    areas = {}
    for index, code in enumerate(codes):
        x, y = 40 + (index % 5) * 190, 40 + (index // 5) * 190
        areas[code] = AreaShape(outline=((x, y), (x + 170, y), (x + 170, y + 170), (x, y + 170)),
                                label=(x + 85, y + 40))
    return MapLayout(width=1000, height=60 + ((len(areas) + 4) // 5) * 190, areas=areas)
