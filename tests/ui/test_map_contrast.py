"""The map's words read on what they are written over, under a light and a dark palette (Fusion,
as a desktop theme gives them): every area's code and name on its fill, whoever holds it (each
side and nobody), staging and impassable areas too (C3 Pindus: its words once stood on a sparse
grey dot pattern over the dark land, near invisible); the VP badges, the counters' numbers, the
countries' and seas' names on the ground under them (YUGOSLAVIA was pale grey on A4's pink), the
open arrows' captions and the fought arrows' badges on their plates. Measured with WCAG's contrast
ratio from the colours the items paint with, at least ink.TEXT_CONTRAST (4.5:1)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from campaign_manager.engine.campaign import initial_state
from campaign_manager.scenario import load_scenario
from campaign_manager.ui import ink
from campaign_manager.ui.map import style
from tests.shared import CROWDED, SEVEN_OPEN
from tests.ui.test_map_layout import steps

SCENARIOS = ["firestorm-greece", "veltmark-gap"]


@pytest.fixture(params=["light", "dark"])
def palette(request, qapp):
    """The application's palette for the test: Fusion's own (light), or a dark desktop's."""
    style_before, palette_before = qapp.style().name(), qapp.palette()
    qapp.setStyle("Fusion")
    qapp.setPalette(qapp.style().standardPalette() if request.param == "light" else ink.dark_palette())
    assert ink.is_dark(ink.role(ink.Role.Window)) == (request.param == "dark")
    yield request.param
    qapp.setPalette(palette_before)
    qapp.setStyle(style_before)


def reads(words: QColor, ground: QColor) -> bool:
    assert ground.alpha() == 255, "a ground seen through is not the colour measured"
    return ink.contrast(words, ground) >= ink.TEXT_CONTRAST


def area_grounds(area) -> list[QColor]:
    """What an area's words stand on: its fill, and the lines hatched over it."""
    fill = area.brush().color()
    assert area.brush().style().name == "SolidPattern", f"{area.code}: its words would stand on the land below"
    return [fill] + ([area.hatching] if area.hatching is not None else [])


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_area_s_words_read_on_its_fill_whoever_holds_it(palette, name):
    from campaign_manager.ui.map.scene import MapScene

    sc = load_scenario(name)
    scene = MapScene(sc)
    assert any(area.staging for area in sc.areas.values()) or name == "veltmark-gap"
    for holder in [None, *sc.sides]:
        st = initial_state(sc)
        st.control = {code: holder for code in sc.areas}
        scene.show_state(st, [], planning=False)
        for code, label in scene.labels.items():
            for ground in area_grounds(scene.areas[code]):
                assert reads(label.ink, ground), (palette, holder, code, label.ink.name(), ground.name())
            assert reads(*label.vp_inks()), (palette, code, "VP badge")
        for place in scene.still.places:
            assert place.grounds, place.text()
            for ground in place.grounds:
                assert reads(place.brush().color(), ground), (palette, holder, place.text(), ground.name())
        for counter in scene.counters:
            assert reads(counter.count_ink(), counter.colour), (palette, counter.troops)


def test_the_impassable_area_reads_in_both_palettes(palette):
    """C3 Pindus: solid grey under its hatching (not a dot pattern over the land), its words in
    the ink that reads on both."""
    from campaign_manager.ui.map.scene import MapScene

    sc = load_scenario()
    scene = MapScene(sc)
    scene.show_state(initial_state(sc), [], planning=False)
    pindus = scene.areas["C3"]
    assert sc.areas["C3"].impassable and pindus.hatching is not None
    for ground in area_grounds(pindus):
        assert reads(scene.labels["C3"].ink, ground), palette


def test_place_names_read_on_the_ground_under_them(palette):
    from campaign_manager.ui.map.scene import MapScene

    sc = load_scenario()
    scene = MapScene(sc)
    scene.show_state(initial_state(sc), [], planning=False)
    names = {place.text(): place for place in scene.still.places}
    assert names["YUGOSLAVIA"].over == {"A4"} and names["Gulf of Corinth"].over == {"sea"}
    assert scene.areas["A4"].brush().color() in names["YUGOSLAVIA"].grounds
    assert style.sea() in names["GREECE"].grounds


def test_captions_and_badges_read_on_their_plates(palette):
    from campaign_manager.ui.map.scene import MapScene

    *_, (_, sc, st, fought) = steps(CROWDED + SEVEN_OPEN)
    scene = MapScene(sc)
    scene.show_state(st, fought, planning=False)
    assert len(scene.arrows) == len(fought) + 7
    for arrow in scene.arrows:  # each arrow's mark: a solid plate, its words on it
        texts = [item for item in arrow.mark.childItems() if isinstance(item, QGraphicsSimpleTextItem)]
        assert arrow.mark.brush().style().name == "SolidPattern" and len(texts) == 1, arrow.caption
        assert reads(texts[0].brush().color(), arrow.mark.brush().color()), (palette, arrow.caption)


def test_the_map_is_drawn_again_in_a_palette_that_comes_while_it_is_shown(open_window, qapp, qtbot):
    """The desktop turned dark with the window open: the sea, the land and the words follow."""
    from tests.shared import FULL_CAMPAIGN

    style_before, palette_before = qapp.style().name(), qapp.palette()
    qapp.setStyle("Fusion")
    qapp.setPalette(qapp.style().standardPalette())
    try:
        window = open_window(FULL_CAMPAIGN["turn 1"])
        view = window.map_view
        view.show_entering(("B1", "C1"))
        assert not ink.is_dark(view.map_scene.backgroundBrush().color())
        qapp.setPalette(ink.dark_palette())  # the widgets hear of it through the event loop
        qtbot.waitUntil(lambda: ink.is_dark(view.map_scene.backgroundBrush().color()), timeout=3000)
        scene = view.map_scene
        for place in scene.still.places:
            for ground in place.grounds:
                assert reads(place.brush().color(), ground), place.text()
        assert scene.entering == ("B1", "C1") and scene.entering_item is not None, "the battle being entered stays"
    finally:
        qapp.setPalette(palette_before)
        qapp.setStyle(style_before)
