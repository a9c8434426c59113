"""File ▸ Export turn report / status sheet / battle slips, and File ▸ Print.

The PDF is built away from the window's thread (a progress box shows if it takes more than a
moment); when it is written, the user may open it in the system's viewer. Printing goes through
Qt's print dialog: the chosen printer gets the same PDF (through the system's print spooler);
"print to file" simply saves it.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QProgressDialog, QWidget

from campaign_manager.errors import UserError
from campaign_manager.paths import APPLICATION
from campaign_manager.reports import ReportKind
from campaign_manager.ui.window_services import WindowServices

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

Runner = Callable[[Callable[[], bytes], Callable[[bytes], None], Callable[[str], None]], None]
PdfChooser = Callable[[QWidget, str, str], "Path | None"]
PrinterSink = Callable[["QPrinter", Path], None]


class _Signals(QObject):
    done = Signal(bytes)
    failed = Signal(str)


class _Job(QRunnable):
    def __init__(self, work: Callable[[], bytes], signals: _Signals) -> None:
        super().__init__()
        self.work, self.signals = work, signals

    def run(self) -> None:
        try:
            self.signals.done.emit(self.work())
        except UserError as exc:
            self.signals.failed.emit(str(exc))
        except Exception as exc:  # noqa: BLE001 — say it in the window rather than lose it in a thread
            self.signals.failed.emit(f"The document could not be made: {exc!r}")


_RUNNING: set[_Signals] = set()  # alive until their answer has reached the window's thread


def thread_runner(
    work: Callable[[], bytes], on_done: Callable[[bytes], None], on_failed: Callable[[str], None]
) -> None:
    """Run `work` on Qt's thread pool; the callbacks run back on the window's thread."""
    signals = _Signals()
    _RUNNING.add(signals)

    def done(data: bytes) -> None:
        _RUNNING.discard(signals)
        on_done(data)

    def failed(message: str) -> None:
        _RUNNING.discard(signals)
        on_failed(message)

    signals.done.connect(done)
    signals.failed.connect(failed)
    QThreadPool.globalInstance().start(_Job(work, signals))


def ask_pdf(parent: QWidget, title: str, suggested: str) -> Path | None:
    name, _ = QFileDialog.getSaveFileName(parent, title, suggested, "PDF documents (*.pdf)")
    if not name:
        return None
    path = Path(name)
    return path if path.suffix.lower() == ".pdf" else path.with_suffix(".pdf")


def send_to_printer(printer: QPrinter, pdf: Path) -> None:
    """Hand the PDF to the system's print spooler for the printer chosen in the dialog."""
    lp = shutil.which("lp")
    if lp is None:
        raise UserError(
            "no print spooler (lp) was found on this computer: export the PDF and print it from a PDF viewer"
        )
    copies = max(1, printer.copyCount())
    done = subprocess.run(
        [lp, "-d", printer.printerName(), "-n", str(copies), str(pdf)], capture_output=True, text=True
    )
    if done.returncode != 0:
        raise UserError(f"the printer refused the document: {done.stderr.strip() or done.stdout.strip()}")


class ReportActions:
    """What File ▸ Export (a PDF) and File ▸ Print do."""

    def __init__(
        self,
        services: WindowServices,
        choose_pdf: PdfChooser = ask_pdf,
        runner: Runner = thread_runner,
        printer_sink: PrinterSink = send_to_printer,
    ) -> None:
        self.services, self.choose_pdf, self.runner, self.printer_sink = services, choose_pdf, runner, printer_sink
        self.progress: QProgressDialog | None = None
        self.print_dialog: QPrintDialog | None = None

    def _build(self, kind: ReportKind, on_done: Callable[[bytes], None]) -> None:
        """Build the PDF off the window's thread, with a progress box after a moment."""
        from campaign_manager.reports.render import render_pdf, report_inputs  # reportlab loads when first used

        campaign = self.services.session.campaign
        if campaign is None:
            return
        inputs = report_inputs(campaign)  # read the file here, on this thread
        self.progress = QProgressDialog(f"Preparing the {kind.words}…", "", 0, 0, self.services.parent)
        self.progress.setCancelButton(None)
        self.progress.setMinimumDuration(600)
        self.progress.setWindowTitle(APPLICATION)

        def finished(data: bytes) -> None:
            self._close_progress()
            on_done(data)

        def failed(message: str) -> None:
            self._close_progress()
            self.services.report(message)

        self.runner(lambda: render_pdf(inputs, kind), finished, failed)

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.reset()
            self.progress.deleteLater()
            self.progress = None

    def export(self, kind: ReportKind) -> None:
        campaign_path = self.services.session.path
        if campaign_path is None:
            return
        suggested = str(campaign_path.with_name(f"{campaign_path.stem}-{kind}.pdf"))
        path = self.choose_pdf(self.services.parent, f"Export the {kind.words}", suggested)
        if path is None:
            return

        def write(data: bytes) -> None:
            from campaign_manager.reports.render import save_pdf

            try:
                save_pdf(path, data)
            except UserError as exc:
                self.services.report(str(exc))
                return
            self.services.tell(f"The {kind.words} was saved as {path}", 10000)
            self._offer_to_open(path)

        self._build(kind, write)

    def _offer_to_open(self, path: Path) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "PDF saved",
            f"The PDF was saved as\n{path}",
            QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Close,
            self.services.parent,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # the path as it is
        box.setObjectName("pdfSaved")
        box.button(QMessageBox.StandardButton.Open).clicked.connect(
            lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        )
        box.open()

    def print_report(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter  # loaded when first printing

        if not self.services.session.is_open:
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self.services.parent)
        dialog.setWindowTitle("Print the turn report")
        dialog.accepted.connect(lambda: self._print(printer))
        QDialog.open(dialog)  # QPrintDialog's own open() wants a receiver and a slot
        self.print_dialog = dialog

    def _print(self, printer: QPrinter) -> None:
        from campaign_manager.reports.render import save_pdf

        def send(data: bytes) -> None:
            try:
                target = printer.outputFileName()
                if target:  # "print to file": the PDF itself
                    save_pdf(Path(target), data)
                else:
                    with tempfile.TemporaryDirectory() as folder:
                        spool = save_pdf(Path(folder) / "turn-report.pdf", data)
                        self.printer_sink(printer, spool)
            except UserError as exc:
                self.services.report(str(exc))
                return
            self.services.tell("The turn report was sent to the printer", 8000)

        self._build(ReportKind.TURN, send)
