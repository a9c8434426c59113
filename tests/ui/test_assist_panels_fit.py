"""Every tab of every assist panel fits the window at 1280×800 and at 1024×700: no scroll bar
either way, and each button of the tab inside the window and in sight. A Greek Tragedy's cup
(four boxes stacked) was taller than 1280×800, its file bar and its three boxes a row wider than
1024: their boxes now flow into as many columns as the width holds."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QPushButton, QScrollArea, QTabWidget

SIZES = [(1280, 800), (1024, 700)]


def bars(area: QScrollArea) -> list[str]:
    return [
        name
        for name, bar in (("vertical", area.verticalScrollBar()), ("horizontal", area.horizontalScrollBar()))
        if bar.isVisible()
    ]


def unfit(window) -> list[str]:
    """What does not fit, tab by tab: a scroll bar, or a button of the tab (or of the panel
    around the tabs) outside the window or out of sight."""
    found: list[str] = []
    for code in ("gcw", "agt", "opa"):
        panel = window.open_assist(code)
        tabs = panel.findChild(QTabWidget)
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            QApplication.processEvents()
            QApplication.processEvents()
            where = f"{code} {tabs.tabText(index)!r}"
            page = tabs.widget(index)
            for area in (window.assist_pages[code], page):
                if isinstance(area, QScrollArea) and bars(area):
                    found.append(f"{where}: {' and '.join(bars(area))} scroll bar")
            for button in panel.findChildren(QPushButton):
                on_this_tab = page.isAncestorOf(button) or not tabs.isAncestorOf(button)
                if not button.isVisible() or not on_this_tab:
                    continue
                corner = button.mapTo(window, button.rect().bottomRight())
                if not window.rect().contains(corner) or button.visibleRegion().isEmpty():
                    found.append(f"{where}: the button {button.text()!r} out of sight")
    return found


@pytest.mark.qt_log_ignore("propagateSizeHints")
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_assist_tab_fits_the_window_with_its_buttons_in_reach(open_window, tmp_path, size):
    window = open_window([{"type": "start_turn"}])
    window.resize(*size)
    assert unfit(window) == [], "no game open: every box shown"
    agt = window.assist_tabs["agt"]
    agt.choose_new = lambda _parent: tmp_path / "a-long-evening-at-the-shop-with-friends.agt"
    agt.ui.newButton.click()  # a game open: the cup's boxes filled, the bar names the file
    assert agt.game is not None
    assert unfit(window) == [], "a game open"
    assert window.size().toTuple() == size
