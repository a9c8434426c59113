"""map.png and map@2x.png for the players' chat: the printed map's drawing (the PDF's own,
reports/map_drawing.py) made into a one-page PDF and rendered by PDFium (pypdfium2, which the
window already prints with), written as PNG by a few lines of zlib (no imaging library)."""

from __future__ import annotations

import struct
import zlib

import pypdfium2 as pdfium
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.state import CampaignState
from campaign_manager.reports.map_drawing import map_drawing
from campaign_manager.reports.page import BOLD, FONT
from campaign_manager.scenario.model import Scenario

WIDTH = 1200  # pixels across map.png; map@2x.png has twice as many


def map_pngs(
    sc: Scenario, st: CampaignState, battles: list[BattleRow], heading: tuple[str, ...] = ()
) -> tuple[bytes, bytes]:
    """map.png and map@2x.png: the map WIDTH and 2 x WIDTH pixels across, under the lines of
    `heading` (the first in bold), so the picture says what it is when sent on alone."""
    drawing = headed(map_drawing(sc, st, battles, WIDTH, 10 * WIDTH), heading)
    pdf = renderPDF.drawToString(drawing)
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        try:
            return _png(page, 1), _png(page, 2)
        finally:
            page.close()
    finally:
        document.close()


def headed(drawing: Drawing, heading: tuple[str, ...]) -> Drawing:
    """The drawing with a white band above it holding `heading`, each line fitted to its width."""
    band = 14 + 30 * len(heading)
    out = Drawing(drawing.width, drawing.height + band)
    out.add(Rect(0, drawing.height, drawing.width, band, fillColor=colors.white, strokeColor=None))
    for number, line in enumerate(heading):
        font = BOLD if number == 0 else FONT
        size = min(24.0 if number == 0 else 18.0, (drawing.width - 28) / max(1.0, stringWidth(line, font, 1)))
        baseline = drawing.height + band - 30 * (number + 1)
        out.add(String(14, baseline, line, fontName=font, fontSize=size, fillColor=colors.black))
    for part in drawing.contents:
        out.add(part)
    return out


def _png(page: pdfium.PdfPage, scale: float) -> bytes:
    bitmap = page.render(scale=scale, rev_byteorder=True)  # RGB, top row first
    try:
        return png_bytes(bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride)
    finally:
        bitmap.close()


def png_bytes(rgb: bytes, width: int, height: int, stride: int) -> bytes:
    """An 8-bit RGB PNG of `height` rows of `width` pixels, `stride` bytes apart in `rgb`."""
    rows = b"".join(b"\x00" + rgb[row * stride : row * stride + width * 3] for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")
