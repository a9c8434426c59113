"""Render the app's icon (resources/icons/campaign-manager.svg) to the PNGs beside it, one a
size, with Qt's own SVG renderer:

    .venv/bin/python installer/render_icons.py

Run it after changing the SVG and commit the PNGs with it (the window, the desktop file and the
one-folder app use the PNGs, so the app needs no SVG support at run time).
"""

from __future__ import annotations

import os
import sys

from campaign_manager.paths import ICONS, icon_files

SVG = ICONS / "campaign-manager.svg"


def render() -> list[str]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 — kept alive while painting
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG} is not a valid SVG")
    written = []
    for path in icon_files():
        size = int(path.stem.rsplit("-", 1)[1])
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        if not image.save(str(path), "PNG"):
            raise SystemExit(f"{path} could not be written")
        written.append(str(path))
    return written


if __name__ == "__main__":
    for name in render():
        print(f"wrote {name}")
