"""Reading the window the way a test needs to: which troops the map shows in an area."""

from __future__ import annotations


def troops_in(window, code: str) -> set[str]:
    """The troops whose counters stand in area `code` on the window's map."""
    scene = window.map_view.map_scene
    return {
        t
        for counter in scene.counters
        for t in counter.troops
        if scene.area_at(counter.sceneBoundingRect().center()) == code
    }
