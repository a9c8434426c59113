"""The View menu: the map's zoom (in, out, fit), its legend, and the window's full screen."""

from __future__ import annotations

from campaign_manager.ui import settings
from campaign_manager.ui.map.view import MapView
from campaign_manager.ui.window_services import WindowServices

ZOOM_STEP = 1.25  # each View ▸ Zoom in (or out) step


class ViewActions:
    """What View ▸ Zoom in, Zoom out, Fit the map, Show the legend and Full screen do."""

    def __init__(self, services: WindowServices, map_view: MapView) -> None:
        self.services = services
        self.map_view = map_view
        self.map_view.show_legend(settings.read(settings.SHOW_LEGEND))

    def zoom_in(self) -> None:
        self.map_view.zoom(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.map_view.zoom(1 / ZOOM_STEP)

    def fit(self) -> None:
        self.map_view.fit()

    def legend_shown(self) -> bool:
        return self.map_view.legend_shown()

    def toggle_legend(self) -> None:
        shown = not self.map_view.legend_shown()
        self.map_view.show_legend(shown)
        settings.write(settings.SHOW_LEGEND, shown)

    def full_screen(self) -> bool:
        return self.services.parent.window().isFullScreen()

    def toggle_full_screen(self) -> None:
        window = self.services.parent.window()
        if window.isFullScreen():
            window.showNormal()
        else:
            window.showFullScreen()
