"""The computer general's advance: which survivors go into the area taken and which stay, so no
objective it holds is left bare beside the enemy, and the words that say so."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from campaign_manager.engine.lookup import label
from campaign_manager.engine.scene import Scene
from campaign_manager.i18n import _, ngettext
from campaign_manager.scenario.model import Scenario


def best_survivors(scene: Scene, target: str, first: list[str]) -> tuple[list[str], float]:
    """The survivors who advance, and what the side gains by it: all of them when that gains and
    leaves no objective bare; else the fewer that gain most and leave none bare (the most first,
    then in order); none when none gains."""
    if first and not left_bare(scene, first):
        found = scene.gain_of_moving({t: target for t in first})
        return (list(first), found) if found > 0 else ([], 0.0)
    best: list[str] = []
    gain = 0.0
    for size in range(len(first) - 1, 0, -1):
        for group in combinations(first, size):
            if left_bare(scene, group):
                continue
            found = scene.gain_of_moving({t: target for t in group})
            if found > gain:
                best, gain = list(group), found
    return best, gain


def left_bare(scene: Scene, moving: Sequence[str]) -> list[str]:
    """The objectives held by the scene's side that `moving` would leave with none of its troops
    while enemy troops stand next to them."""
    sc, where, ground, enemy = scene.sc, scene.st.where, scene.ground, scene.ground[scene.enemy]
    left = []
    for area in dict.fromkeys(where[t] for t in moving):
        if not sc.areas[area].vp or scene.st.control.get(area) != scene.side:
            continue
        staying = [t for t in ground[scene.side].get(area, ()) if t not in moving]
        if not staying and any(enemy.get(near) for near in sc.neighbours[area]):
            left.append(area)
    return left


def advance_words(sc: Scenario, scene: Scene, target: str, moving: list[str], kept: list[str]) -> str:
    """Who advances and why, and who stays to hold an objective (or nobody advances, and why)."""
    if not moving:
        held = left_bare(scene, kept)
        if held and kept:
            return _("nobody advances into {area}: {troops} hold {held}").format(
                area=label(sc, target), troops=", ".join(kept), held=label(sc, held[0])
            )
        return _("nobody advances into {area}: {why}").format(area=label(sc, target), why=scene.reach_words(target))
    said = ngettext("{troops} advances into {area}: {why}", "{troops} advance into {area}: {why}", len(moving))
    words = said.format(troops=", ".join(moving), area=label(sc, target), why=scene.reach_words(target))
    held = left_bare(scene, [*moving, *kept])
    if kept and held:
        said = ngettext(
            "{advance}; {troops} stays to hold {area}", "{advance}; {troops} stay to hold {area}", len(kept)
        )
        words = said.format(advance=words, troops=", ".join(kept), area=label(sc, held[0]))
    return words
