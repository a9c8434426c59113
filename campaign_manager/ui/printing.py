"""Printing through Qt, on any system: the document is made as a PDF for the paper and the
orientation chosen in the print dialog (by `reports`, the one layout of every document), and its
pages are drawn on the chosen printer with QPainter, each rendered by PDFium (pypdfium2).

Why pypdfium2: Qt's own PDF renderer (QtPdf's QPdfDocument) is not in PySide6-Essentials; it
comes in PySide6-Addons (hundreds of MB) or a PySide6_Pdf wheel pinned to one exact Essentials
release that shares PySide6/__init__.py with it. pypdfium2 is a 4 MB wheel for every platform
with no dependencies, renders with PDFium (the engine QtPdf itself wraps), is released often, and
leaves the choice of Qt version alone. No external program is called: nothing depends on `lp`.

The dialogs are opened through `PrinterChooser` and `PreviewOpener` functions, so tests choose a
printer (a PDF file) without a dialog. Qt's dialogs only point at the printer they are given:
each one keeps its printer here until the dialog is gone (a printer let go of sooner was deleted
under the preview, which then crashed the app as it painted).
"""

from __future__ import annotations

from collections.abc import Callable

import pypdfium2 as pdfium
from PySide6.QtCore import QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QTransform
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QWidget

from campaign_manager.errors import UserError
from campaign_manager.i18n import _
from campaign_manager.reports import Paper

LARGEST_DPI = 300  # pages are rendered at the printer's resolution up to this (text stays crisp)
LETTER_FAMILY = {QPageSize.PageSizeId.Letter, QPageSize.PageSizeId.Legal, QPageSize.PageSizeId.Executive}

PrinterChooser = Callable[[QWidget, QPrinter, str, Callable[[], None]], object]  # (parent, printer, title, accepted)
PreviewOpener = Callable[[QWidget, QPrinter, str, Callable[[QPrinter], None]], object]  # (..., title, paint)
_KEPT: dict[int, QPrinter] = {}  # each open dialog's printer, by the printer's id


def paper_for(printer: QPrinter) -> Paper:
    """The paper a document is laid out for: Letter on US paper sizes, else A4 (a page of
    another size gets the A4 layout, scaled to fit)."""
    return Paper.LETTER if printer.pageLayout().pageSize().id() in LETTER_FAMILY else Paper.A4


def is_landscape(printer: QPrinter) -> bool:
    return printer.pageLayout().orientation() == QPageLayout.Orientation.Landscape


def page_image(page: pdfium.PdfPage, dpi: float) -> QImage:
    bitmap = page.render(scale=dpi / 72, rev_byteorder=True)  # RGB, top row first
    try:
        return QImage(
            bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_RGB888
        ).copy()  # its own pixels, before PDFium's bitmap is freed
    finally:
        bitmap.close()


def print_pdf(pdf: bytes, printer: QPrinter) -> int:
    """Draw each page of `pdf` on `printer`, one sheet a page, edge to edge (the document keeps
    its own margins); a page of another shape is scaled to fit and centred, and a page laid out
    the other way up (the status sheet, always landscape, on paper upright) is turned a quarter
    to fill the sheet. Returns the pages printed; raises UserError when the printer cannot be
    started."""
    document = pdfium.PdfDocument(pdf)
    try:
        printer.setFullPage(True)  # the sheet's corner is the page's corner
        painter = QPainter()
        if not painter.begin(printer):
            name = printer.printerName() or printer.outputFileName()
            raise UserError(_("the printer {printer} could not be started").format(printer=name))
        try:
            sheet = printer.pageLayout().fullRectPixels(printer.resolution()).toRectF()
            dpi = min(printer.resolution(), LARGEST_DPI)
            for number in range(len(document)):
                if number:
                    printer.newPage()
                page = document[number]
                try:
                    _draw_page(painter, page, sheet, dpi)
                finally:
                    page.close()
        finally:
            painter.end()
        return len(document)
    finally:
        document.close()


def _draw_page(painter: QPainter, page: pdfium.PdfPage, sheet: QRectF, dpi: float) -> None:
    width, height = page.get_size()
    image = page_image(page, dpi)
    if (width > height) != (sheet.width() > sheet.height()):
        image = image.transformed(QTransform().rotate(-90))  # its top to the sheet's left edge
        width, height = height, width
    painter.drawImage(_fitted(QSizeF(width, height), sheet), image)


def _fitted(page: QSizeF, sheet: QRectF) -> QRectF:
    scale = min(sheet.width() / page.width(), sheet.height() / page.height())
    size = page * scale
    return QRectF(
        sheet.left() + (sheet.width() - size.width()) / 2,
        sheet.top() + (sheet.height() - size.height()) / 2,
        size.width(),
        size.height(),
    )


def ask_printer(parent: QWidget, printer: QPrinter, title: str, accepted: Callable[[], None]) -> QPrintDialog:
    """The system's print dialog, not modal; `accepted` runs once a printer and paper are chosen."""
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(title)
    dialog.accepted.connect(accepted)
    keep_printer(dialog, printer)
    QDialog.open(dialog)  # QPrintDialog's own open() wants a receiver and a slot
    return dialog


def ask_preview(
    parent: QWidget, printer: QPrinter, title: str, paint: Callable[[QPrinter], None]
) -> QPrintPreviewDialog:
    """Qt's print preview, not modal; it asks `paint` for the pages whenever the paper or the
    orientation is changed there, and prints with it."""
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(title)
    room = parent.screen().availableGeometry()  # a page tall enough to read, not Qt's small default
    dialog.resize(min(room.width() * 9 // 10, 1000), room.height() * 9 // 10)
    dialog.paintRequested.connect(paint)
    keep_printer(dialog, printer)
    QDialog.open(dialog)
    return dialog


def keep_printer(dialog: QDialog, printer: QPrinter) -> None:
    """Keep `printer` alive as long as `dialog`, which is deleted once closed. The printer is let
    go of after the dialog's deletion has finished (its children, the preview's pages among them,
    go after its `destroyed` signal)."""
    key = id(printer)
    _KEPT[key] = printer
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.destroyed.connect(lambda: QTimer.singleShot(0, lambda: _KEPT.pop(key, None)))
