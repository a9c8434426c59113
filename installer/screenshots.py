"""The window's pictures in docs/: the example finished campaign under a light and a dark palette
(Fusion), at a scale factor of 1 and 2 (a high-density screen), with the map's legend shown.

    .venv/bin/python installer/screenshots.py        # writes docs/window-{light,dark}[@2x].png

Each picture is taken in a program of its own (the scale factor is read when Qt starts), with no
screen (offscreen), and stored as a palette PNG (256 colours) to stay small.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SIZE = (1100, 700)  # the window, in device-independent pixels
TAKE = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
app.setStyle("Fusion")
from campaign_manager.ui import ink, settings
settings.apply_identity(app)
if sys.argv[1] == "dark":
    app.setPalette(ink.dark_palette())
from campaign_manager.store.example import finished_example
from campaign_manager.ui.main_window import MainWindow
window = MainWindow(remember=False)
window.session.open(finished_example(Path(sys.argv[3])), readonly=True)
window.storage_actions.banner.hide()
window.view_actions.toggle_legend()
window.resize(int(sys.argv[4]), int(sys.argv[5]))
window.show()
app.processEvents()
assert window.grab().save(sys.argv[2])
window.close()
"""


def take(theme: str, scale: int, target: Path) -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "QT_SCALE_FACTOR": str(scale),
            "HOME": home,
            "XDG_CONFIG_HOME": home,
            "XDG_DATA_HOME": home,
        }
        raw = Path(home) / "raw.png"
        subprocess.run(
            [sys.executable, "-c", TAKE, theme, str(raw), home, *map(str, SIZE)], env=env, check=True, cwd=ROOT
        )
        from PIL import Image  # comes with reportlab

        with Image.open(raw) as picture:
            picture.convert("RGB").quantize(256, dither=Image.Dither.NONE).save(target, optimize=True)


def main() -> int:
    for theme in ("light", "dark"):
        for scale in (1, 2):
            target = DOCS / f"window-{theme}{'@2x' if scale == 2 else ''}.png"
            take(theme, scale, target)
            print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
