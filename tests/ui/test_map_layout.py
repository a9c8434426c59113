"""The window's map read back as geometry: at every step of the full campaign, and with seven
arrows open at once, no arrow's caption or result badge covers another, an area's code, name or
VP, or a counter, and each stands at its arrow (within arrow_marks.REACH of it: an open arrow's
caption once stood 29 units off, its middle 46); counters cover no area's words and no other
counter and stay inside their area; the turn's fought battles are numbered in order. In a
1024×700 window, at the end of each turn, the whole map is in view and every counter stands
inside its area (at that size two areas' counters once ran together across a border)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from campaign_manager.engine.battle_log import battle_rows
from campaign_manager.engine.campaign import apply_action, initial_state
from campaign_manager.engine.spelling import read_action
from campaign_manager.scenario import load_scenario
from campaign_manager.scenario.arrow_marks import REACH
from campaign_manager.scenario.layout import holds, standoff
from tests.shared import CROWDED, FULL_CAMPAIGN, GRAZE, SEVEN_OPEN, head_covers

STEPS = [action for actions in FULL_CAMPAIGN.values() for action in actions]


def _box(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.x(), rect.y(), rect.width(), rect.height())


def _overlap(a: QRectF, b: QRectF) -> bool:
    shared = a.intersected(b)
    return shared.width() > 0.01 and shared.height() > 0.01


def check_the_scene(scene, st, where: str) -> None:
    sc = scene.scenario
    words = scene.label_boxes
    counters = [(scene.area_at(c.sceneBoundingRect().center()), c.sceneBoundingRect()) for c in scene.counters]
    marks = [a.badge_box if not a.badge_box.isEmpty() else a.caption_box for a in scene.arrows]
    assert len(marks) == len(scene.arrows) and not any(mark.isEmpty() for mark in marks), where
    for n, mark in enumerate(marks):
        assert scene.sceneRect().contains(mark), (where, "a mark runs off the map", mark)
        for other in words + [box for _, box in counters] + marks[:n]:
            assert not _overlap(mark, other), (where, n, mark, other)
    for arrow, mark in zip(scene.arrows, marks):
        for _, box in counters:
            assert head_covers(arrow.shaft, _box(box), head=18.0) <= GRAZE, (where, "a head on a counter", box)
        centre, size = (mark.center().x(), mark.center().y()), (mark.width(), mark.height())
        assert standoff(arrow.shaft, centre, size) <= REACH, (where, "a mark stands off its arrow", arrow.caption)
    for n, (code, box) in enumerate(counters):
        assert code is not None and holds(sc.layout.areas[code].outline, _box(box)), (where, code, box)
        for other in words + [other for _, other in counters[:n]]:
            assert not _overlap(box, other), (where, code, box, other)
    placed = {t for c in scene.counters for t in c.troops}
    assert placed == {t for t, place in st.where.items() if place in sc.areas}, where


def steps(actions):
    sc = load_scenario()
    st, history = initial_state(sc), []
    for number, action in enumerate(actions, start=1):
        applied = apply_action(sc, st, read_action(sc, action))
        history.append(applied)
        st = applied.state
        yield number, sc, st, [row for row in battle_rows(sc, initial_state(sc), history) if row.turn == st.turn]


def test_nothing_on_the_window_s_map_overlaps_at_any_step_of_the_full_campaign(qapp):
    from campaign_manager.ui.map.scene import MapScene

    scene = None
    for number, sc, st, fought in steps(STEPS):
        scene = scene or MapScene(sc)
        scene.show_state(st, fought, planning=st.phase == "planning")
        check_the_scene(scene, st, f"after action {number}")


def test_seven_open_arrows_keep_their_captions_apart(qapp):
    from campaign_manager.ui.map.scene import MapScene

    *_, (_, sc, st, fought) = steps(CROWDED + SEVEN_OPEN)
    scene = MapScene(sc)
    scene.show_state(st, fought, planning=False)
    assert len([a for a in scene.arrows if a.open_pair]) == 7
    check_the_scene(scene, st, "seven open arrows")


def test_the_turn_s_battles_carry_their_number_and_result(qapp):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from campaign_manager.ui.map.scene import MapScene

    *_, (_, sc, st, fought) = steps(STEPS[:-1])  # turn 4 fought, not ended
    scene = MapScene(sc)
    scene.show_state(st, fought, planning=False)
    badges = [  # each arrow's mark, over every arrow's shaft: its words
        child.text()
        for arrow in scene.arrows
        for child in arrow.mark.childItems()
        if isinstance(child, QGraphicsSimpleTextItem)
    ]
    assert badges == ["1 =", "2 ✔", "3 ✔", "4 ✔", "5 =", "6 =", "7 =", "8 ="]


@pytest.mark.parametrize("turn", [1, 2, 3, 4])
def test_at_1024_by_700_the_map_is_in_view_and_counters_stay_in_their_areas(open_window, qtbot, turn):
    actions = [a for n in range(1, turn + 1) for a in FULL_CAMPAIGN[f"turn {n}"]]
    window = open_window(actions[:-1])  # the turn's battles fought, the turn not yet ended
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024)
    view = window.map_view
    view.fit()
    scene = view.map_scene
    shown = view.mapFromScene(scene.sceneRect()).boundingRect()
    assert view.viewport().rect().adjusted(-1, -1, 1, 1).contains(shown), "the whole map is in view"
    check_the_scene(scene, window.session.state, f"turn {turn} at 1024x700")
    for counter in scene.counters:  # and on the screen: each counter's corners inside its own area
        box = counter.sceneBoundingRect()
        code = scene.area_at(box.center())
        for corner in (box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()):
            assert scene.areas[code].contains(corner), (turn, code, counter.troops)


def test_the_legend_says_what_a_battle_s_number_and_mark_mean(open_window):
    from campaign_manager.ui.actions import MenuAction

    window = open_window(STEPS[:3])
    window.menu_actions[MenuAction.SHOW_LEGEND].trigger()
    legend = window.map_view.legend
    rows = dict(legend.rows())
    assert rows["badge:1 ✔"] == "battle 1 of the turn: the attacker won"
    assert rows["badge:2 ✘"] == "battle 2 of the turn: the defender held"
    assert rows["badge:3 ="] == "battle 3 of the turn: no one was defeated"
    assert rows["hatch:impassable"] == "impassable: no one enters it", "C3 Pindus, hatched, is explained"
    assert window.map_view.viewport().rect().contains(legend.geometry()), "the whole legend in sight"
    legend.grab()  # painted without a fault


def test_open_arrows_captions_stand_at_their_arrows_in_the_window(open_window, qtbot):
    """Seven arrows open in a 1100x700 window: each caption within a few pixels of its arrow
    (it stood up to 50 pixels off at a scale factor of 2), none tied to it by a line."""
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    window = open_window(CROWDED + SEVEN_OPEN)
    window.resize(1100, 700)
    qtbot.waitUntil(lambda: window.width() == 1100)
    view = window.map_view
    opened = [arrow for arrow in view.map_scene.arrows if arrow.open_pair]
    assert len(opened) == 7
    for arrow in opened:
        box = view.mapFromScene(arrow.caption_box).boundingRect()
        ends = tuple(view.mapFromScene(QPointF(*end)) for end in arrow.shaft)
        shaft = ((ends[0].x(), ends[0].y()), (ends[1].x(), ends[1].y()))
        gap = standoff(shaft, (box.center().x(), box.center().y()), (box.width(), box.height()))
        assert gap <= 10, (arrow.caption, f"{gap:.0f} pixels off its arrow")
        assert not arrow.childItems(), (arrow.caption, "tied to its arrow by a line")
        assert any(isinstance(part, QGraphicsSimpleTextItem) for part in arrow.mark.childItems())
