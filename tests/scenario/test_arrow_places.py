"""Battle arrows that join the same two areas are drawn side by side, for the window and the PDF
map alike (scenario/layout.py `arrow_places`)."""

from __future__ import annotations

import math

from campaign_manager.scenario.layout import arrow_places, grid_layout


def _middle(place):
    return ((place.start[0] + place.end[0]) / 2, (place.start[1] + place.end[1]) / 2)


def test_a_lone_arrow_runs_between_the_two_label_points():
    layout = grid_layout(["A", "B", "C"])
    (place,) = arrow_places(layout, [("A", "B")])
    assert (place.start, place.end, place.caption_side) == (layout.areas["A"].label, layout.areas["B"].label, 1.0)


def test_arrows_on_one_pair_lie_a_gap_apart_with_captions_outward():
    layout = grid_layout(["A", "B", "C"])  # A at (135, 135), B at (325, 135): B is east of A
    there, back, other = arrow_places(layout, [("A", "B"), ("B", "A"), ("A", "C")], gap=40)
    (x1, y1), (x2, y2) = _middle(there), _middle(back)
    assert math.isclose(math.hypot(x2 - x1, y2 - y1), 40)
    assert math.isclose(x1, x2), "side by side across the pair's direction"
    # Each caption goes to the side of its arrow away from the other arrow: the caption lies along
    # (-sin, cos) of the arrow's direction, times caption_side (y grows downwards).
    for mine, theirs in ((there, back), (back, there)):
        angle = math.atan2(mine.end[1] - mine.start[1], mine.end[0] - mine.start[0])
        towards = (-math.sin(angle) * mine.caption_side, math.cos(angle) * mine.caption_side)
        away = (_middle(mine)[0] - _middle(theirs)[0], _middle(mine)[1] - _middle(theirs)[1])
        assert towards[0] * away[0] + towards[1] * away[1] > 0
    assert other.start == layout.areas["A"].label and other.caption_side == 1.0


def test_the_room_across_an_area_is_measured_from_its_outline_around_the_label():
    from campaign_manager.scenario.layout import AreaShape

    diamond = AreaShape(outline=((0, 50), (50, 0), (100, 50), (50, 100)), label=(50, 50))
    assert math.isclose(diamond.room_across(50), 100)
    assert math.isclose(diamond.room_across(25), 50)
    off_centre = AreaShape(outline=((0, 0), (100, 0), (100, 10), (0, 10)), label=(80, 5))
    assert math.isclose(off_centre.room_across(5), 40), "text is centred on the label: the nearer border limits it"
    assert off_centre.room_across(50) == 0.0


def test_a_mark_goes_where_it_hides_nothing_the_middle_first():
    from campaign_manager.scenario.layout import clear_spot

    start, end = (0.0, 0.0), (100.0, 0.0)
    assert clear_spot(start, end, (20, 20), []) == (50.0, 0.0), "nothing in the way: the middle"
    in_the_middle = [(40.0, -10.0, 20.0, 20.0)]
    assert clear_spot(start, end, (20, 20), in_the_middle) == (30.0, 0.0), "along the arrow, the nearest clear"
    along_all = [(0.0, -10.0, 100.0, 20.0)]  # the whole shaft is taken: beside it
    assert clear_spot(start, end, (20, 20), along_all) == (50.0, 22.0)
    assert clear_spot(start, end, (20, 16), [], beside=16.0) == (50.0, 16.0), "a tag beside the arrow, on its left"


def test_a_caption_stands_at_its_arrow_beside_it_or_across_it():
    from campaign_manager.scenario.arrow_marks import REACH, Caption, captions_at_arrows, spots_at
    from campaign_manager.scenario.layout import standoff

    level = Caption(((0.0, 0.0), (200.0, 0.0)), (60.0, 20.0), side=1.0)
    (x, y), *_ = spots_at(level, [])
    assert (x, y) == (100.0, 16.0), "by the middle, its edge just off the line, on its left"
    slanted = Caption(((0.0, 0.0), (200.0, 150.0)), (120.0, 20.0))  # a wide caption wholly beside it stands off
    spots = spots_at(slanted, [])
    assert all(standoff(slanted.shaft, spot, slanted.size) <= REACH for spot in spots)
    assert spots[0] != (100.0, 75.0) and (100.0, 75.0) in spots, "partly across the line, else across its middle"
    assert captions_at_arrows([level], [(-50.0, -60.0, 300.0, 120.0)]) == [None], "no room at the arrow"
    upright = Caption(((100.0, -80.0), (100.0, 80.0)), (60.0, 20.0))
    both = captions_at_arrows([level, upright], [])
    assert None not in both
    (ax, ay), (bx, by) = both
    assert abs(ax - bx) >= 60 or abs(ay - by) >= 20, "the two captions do not cover each other"
