"""A program of its own (run by test_printing.py): File ▸ Print preview opened through the real
menu action on the recorded campaign, and every page of Qt's preview painted. A preview painting
on a printer already deleted crashes the program, which then fails its test instead of ending
the test run.

    python -m tests.ui.preview_pages ACTION [FOLDER]

ACTION is the menu action's key (print_preview, ...); each painted page is saved in FOLDER as
page-N.png when one is given. Says "pages painted: N" when every page was painted and none was blank.
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="firestorm-preview-data-")

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QSettings  # noqa: E402 — after the platform is chosen
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtPrintSupport import QPrintPreviewWidget  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def wait_until(done, seconds: float = 20) -> None:
    deadline = QDeadlineTimer(int(seconds * 1000))
    while not done():
        if deadline.hasExpired():
            raise SystemExit("the preview did not show its pages in time")
        QApplication.processEvents()


def blank(image: QImage) -> bool:
    """True when a page's picture has (almost) no ink: every 8th pixel checked."""
    inked = sum(
        1
        for y in range(0, image.height(), 8)
        for x in range(0, image.width(), 8)
        if image.pixelColor(x, y).lightness() < 200
    )
    return inked < 20


def main(action: str, folder: Path | None) -> int:
    app = QApplication([sys.argv[0]])
    QCoreApplication.setOrganizationName("Firestorm Campaign Manager tests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    from campaign_manager.store.campaign_file import CampaignFile
    from campaign_manager.ui.actions import MenuAction
    from campaign_manager.ui.main_window import MainWindow
    from tests.shared import FULL_CAMPAIGN

    path = Path(tempfile.mkdtemp(prefix="firestorm-preview-")) / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"] + FULL_CAMPAIGN["turn 2"][:1]))
    window = MainWindow(path, remember=False)
    window.resize(1280, 800)
    window.show()
    window.menu_actions[MenuAction(action)].trigger()
    gc.collect()  # whatever the app did not keep is gone now, as it would be sooner or later
    dialog = window.report_actions.print_dialog
    preview = dialog.findChild(QPrintPreviewWidget)
    wait_until(lambda: dialog.isVisible() and preview.pageCount() > 0)
    preview.updatePreview()  # as when the paper or the orientation is changed there
    shot = dialog.grab().toImage()
    if folder is not None:
        shot.save(str(folder / "dialog.png"))
    for number in range(1, preview.pageCount() + 1):
        preview.setCurrentPage(number)
        app.processEvents()
        image = preview.grab().toImage()
        if folder is not None:
            image.save(str(folder / f"page-{number}.png"))
        if blank(image):
            print(f"page {number} of the preview is blank")
            return 1
    print(f"pages painted: {preview.pageCount()}")
    dialog.close()
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], Path(sys.argv[2]) if len(sys.argv) > 2 else None))
