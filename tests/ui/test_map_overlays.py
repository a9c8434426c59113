"""The map's legend (View ▸ Show the legend) and its turn banner (the end of an earlier turn,
read-only) stand where they cover no area and no country's or sea's name, for both bundled
scenarios and at several window sizes, and the whole map stays in view: where no corner of the
view is free the map is drawn smaller beside them (the legend covered C1 and D1 of Greece, and
F2 of the Veltmark Gap; the banner covered A4)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN

SCENARIOS = ["firestorm-greece", "veltmark-gap"]
SIZES = [(1280, 800), (1100, 700), (1024, 700), (800, 880)]


@pytest.fixture
def window_on(make_window, tmp_path):
    def open_(scenario: str, actions: list[dict] | None = None):
        path = tmp_path / f"{scenario}.campaign"
        with CampaignFile.create(path, scenario=scenario, name="Overlays") as campaign:
            if actions:
                campaign.apply(campaign.read_actions(actions))
        return make_window(path, remember=False)

    return open_


def covered(view, widget) -> list[str]:
    """What the widget over the map's view covers: the areas' codes and the place names."""
    scene = view.map_scene
    on_map = QPainterPath()
    on_map.addPolygon(QPolygonF(view.mapToScene(widget.geometry())))
    found = []
    for code, area in scene.areas.items():
        outline = QPainterPath()
        outline.addPolygon(area.polygon())
        if outline.intersects(on_map):
            found.append(code)
    found += [name.text() for name in scene.still.places if on_map.intersects(name.sceneBoundingRect())]
    return found


def the_whole_map_in_view(view) -> bool:
    shown = view.mapFromScene(view.map_scene.sceneRect()).boundingRect()
    return view.viewport().rect().adjusted(-1, -1, 1, 1).contains(shown)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_legend_and_the_turn_banner_cover_no_area(window_on, qtbot, scenario, size):
    window = window_on(scenario)
    window.resize(*size)
    qtbot.waitUntil(lambda: window.width() == size[0])
    view = window.map_view
    view.show_legend(True)
    sc, st = window.session.scenario, window.session.state
    view.show_state(sc, st, [], read_only=True)  # the map at the end of an earlier turn: the banner says which
    assert view.legend.isVisible() and view.banner.isVisible()
    for widget in (view.legend, view.banner):
        assert view.viewport().rect().contains(widget.geometry()), (scenario, size, widget.objectName())
        assert covered(view, widget) == [], (scenario, size, widget.objectName())
    assert not view.legend.geometry().intersects(view.banner.geometry())
    assert the_whole_map_in_view(view), (scenario, size)
    view.refresh()  # back to now: no banner, the legend alone
    assert view.banner.isHidden() and covered(view, view.legend) == []
    assert the_whole_map_in_view(view)


def test_without_the_legend_the_map_takes_the_whole_view(window_on, qtbot):
    window = window_on("firestorm-greece", FULL_CAMPAIGN["turn 1"])
    view = window.map_view
    view.show_legend(True)
    smaller = view.transform().m11()
    view.show_legend(False)
    whole = view.mapFromScene(view.map_scene.sceneRect()).boundingRect()
    assert view.transform().m11() >= smaller
    assert whole.height() >= view.viewport().height() - 4 or whole.width() >= view.viewport().width() - 4


def test_zoomed_in_the_legend_stays_in_its_corner_and_the_map_at_its_scale(window_on, qtbot):
    window = window_on("firestorm-greece")
    view = window.map_view
    view.show_legend(True)
    view.zoom(1.5)
    scale = view.transform().m11()
    view.show_legend(False)
    view.show_legend(True)
    assert view.transform().m11() == pytest.approx(scale), "zoomed in: the map is not fitted again"
    corner = view.legend.geometry()
    assert corner.left() == 8 and corner.bottom() == view.viewport().height() - 9
    view.fit()
    assert covered(view, view.legend) == []
    assert QRectF(view.viewport().rect()).contains(QRectF(view.legend.geometry()))
