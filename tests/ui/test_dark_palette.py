"""Under a dark palette (Fusion with a dark QPalette, as a dark desktop theme gives) the window
stays readable: the VP indicator's words, the map's words over the sides' tints and the
counters' numbers are measured for contrast, on the painted picture as well as in the colours
chosen. The pictures are kept under tmp_path (docs/ holds the ones made by
installer/screenshots.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtGui import QColor, QImage, QPalette

from campaign_manager.ui import ink
from campaign_manager.ui.map import style
from tests.shared import FULL_CAMPAIGN


@pytest.fixture
def dark(qapp):
    style_before, palette_before = qapp.style().name(), qapp.palette()
    qapp.setStyle("Fusion")
    qapp.setPalette(ink.dark_palette())
    yield qapp.palette()
    qapp.setPalette(palette_before)
    qapp.setStyle(style_before)


def _strongest_contrast(image: QImage, top: int, bottom: int) -> float:
    """Between the band's most common colour (its ground) and the pixel that stands out most."""
    pixels = [image.pixelColor(x, y) for y in range(top, bottom) for x in range(image.width())]
    ground = Counter(p.name() for p in pixels).most_common(1)[0][0]
    return max(ink.contrast(QColor(ground), p) for p in pixels)


def test_the_vp_indicator_reads_under_a_dark_palette(dark, open_window, tmp_path):
    window = open_window(FULL_CAMPAIGN["turn 1"])
    vp = window.view.panel.vp
    picture = tmp_path / "dark-window.png"
    assert window.grab().save(str(picture))
    ground = vp.palette().color(QPalette.ColorRole.Window)
    assert ink.is_dark(ground)
    for side in ("axis", "allied"):
        assert ink.contrast(vp.side_ink(side), ground) >= ink.TEXT_CONTRAST, side
    assert ink.contrast(vp.palette().color(QPalette.ColorRole.WindowText), ground) >= ink.TEXT_CONTRAST
    image = vp.grab().toImage()
    ratio = vp.devicePixelRatioF()
    assert _strongest_contrast(image, 0, int(20 * ratio)) >= ink.TEXT_CONTRAST  # "Axis 30 VP … Allied 100 VP"
    assert _strongest_contrast(image, int(64 * ratio), int(80 * ratio)) >= ink.TEXT_CONTRAST  # who leads
    before = ink.contrast(QColor(window.session.scenario.side_colours["axis"].ink), ground)
    assert before < 3, "the side's own ink alone would not read here: the check is what makes it"


def test_words_over_the_sides_colours_pick_a_readable_ink(dark, open_window):
    window = open_window(FULL_CAMPAIGN["turn 1"])
    scene = window.map_view.map_scene
    for code, label in scene.labels.items():
        assert ink.contrast(ink.readable_on(label.ground), label.ground) >= ink.TEXT_CONTRAST, code
    for counter in scene.counters:
        assert ink.contrast(ink.readable_on(counter.colour), counter.colour) >= ink.TEXT_CONTRAST, counter.troops
    sea, land = style.sea(), style.land()
    assert ink.is_dark(sea) and ink.is_dark(land), "the map's sea and land follow the dark palette"
    for line in (style.FORTIFIED_LINK, style.SEA_LINK, style.OPEN_ARROW):
        assert ink.contrast(style.signal(line), style.NOBODY_TINT) >= style.SIGNAL_CONTRAST


def test_legible_keeps_a_colour_that_already_reads_and_mends_one_that_does_not():
    white, dark_grey = QColor("white"), QColor("#2b2b2b")
    assert ink.legible(QColor("#1f4f8f"), white) == QColor("#1f4f8f")
    mended = ink.legible(QColor("#1f4f8f"), dark_grey)
    assert ink.contrast(mended, dark_grey) >= 4.5 and mended.hslHue() == QColor("#1f4f8f").hslHue()
    assert ink.readable_on(QColor("#f0cfc4")).lightness() < 60
    assert ink.readable_on(QColor("#2f5fa6")).lightness() > 200
