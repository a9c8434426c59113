"""map.png and map@2x.png for the players' chat: the printed map's drawing (the PDF's own,
reports/map_drawing.py) made into a one-page PDF and rendered by PDFium (pypdfium2, which the
window already prints with), written as PNG by a few lines of zlib (no imaging library)."""

from __future__ import annotations

import struct
import zlib

import pypdfium2 as pdfium
from reportlab.graphics import renderPDF

from campaign_manager.engine.battle_log import BattleRow
from campaign_manager.engine.state import CampaignState
from campaign_manager.reports.map_drawing import map_drawing
from campaign_manager.scenario.model import Scenario

WIDTH = 1200  # pixels across map.png; map@2x.png has twice as many


def map_pngs(sc: Scenario, st: CampaignState, battles: list[BattleRow]) -> tuple[bytes, bytes]:
    """map.png and map@2x.png: the map WIDTH and 2 x WIDTH pixels across."""
    drawing = map_drawing(sc, st, battles, WIDTH, 10 * WIDTH)
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
