"""File ▸ Export, Print and Preview of the turn report, the status sheet and the battle slips.

The PDF is built away from the window's thread (a progress box shows if it takes more than a
moment); when it is written, the user may open it in the system's viewer, or its folder when no
program for PDFs answers. Printing goes through Qt's print dialog (or its preview): the document
is made for the paper and orientation chosen there and drawn on the printer through Qt
(ui/printing.py), on any system.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QPushButton, QWidget

from campaign_manager.errors import UserError
from campaign_manager.i18n import N_, _, ngettext
from campaign_manager.paths import APPLICATION, app_data_folder
from campaign_manager.reports import Paper, ReportKind
from campaign_manager.ui.plain import message_box
from campaign_manager.ui.window_services import WindowServices

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from campaign_manager.reports.render import ReportInputs
    from campaign_manager.ui.printing import PreviewOpener, PrinterChooser

Runner = Callable[[Callable[[], bytes], Callable[[bytes], None], Callable[[str], None]], None]
PdfChooser = Callable[[QWidget, str, str], "Path | None"]
UrlOpener = Callable[[QUrl], bool]  # False when nothing could open it (QDesktopServices.openUrl)


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
            self.signals.failed.emit(_("The document could not be made: {error}").format(error=repr(exc)))


# What the window says of each document, in whole sentences (a document's name takes its own
# article and case in a translation). By the sentence's use, then the document.
_SAYS: dict[str, dict[ReportKind, str]] = {
    "preparing": {
        ReportKind.TURN: N_("Preparing the turn report…"),
        ReportKind.STATUS: N_("Preparing the status sheet…"),
        ReportKind.SLIPS: N_("Preparing the battle slips…"),
    },
    "none yet": {
        ReportKind.TURN: N_("No turn report yet: {reason}"),
        ReportKind.STATUS: N_("No status sheet yet: {reason}"),
        ReportKind.SLIPS: N_("No battle slips yet: {reason}"),
    },
    "export": {
        ReportKind.TURN: N_("Export the turn report"),
        ReportKind.STATUS: N_("Export the status sheet"),
        ReportKind.SLIPS: N_("Export the battle slips"),
    },
    # the PDF is the subject: "battle slips" would want "were"
    "saved": {
        ReportKind.TURN: N_("The PDF of the turn report was saved as {file}"),
        ReportKind.STATUS: N_("The PDF of the status sheet was saved as {file}"),
        ReportKind.SLIPS: N_("The PDF of the battle slips was saved as {file}"),
    },
    "print": {
        ReportKind.TURN: N_("Print the turn report"),
        ReportKind.STATUS: N_("Print the status sheet"),
        ReportKind.SLIPS: N_("Print the battle slips"),
    },
    "preview": {
        ReportKind.TURN: N_("Print preview: the turn report"),
        ReportKind.STATUS: N_("Print preview: the status sheet"),
        ReportKind.SLIPS: N_("Print preview: the battle slips"),
    },
    "document": {
        ReportKind.TURN: N_("{campaign} — turn report"),
        ReportKind.STATUS: N_("{campaign} — status sheet"),
        ReportKind.SLIPS: N_("{campaign} — battle slips"),
    },
}


def says(use: str, kind: ReportKind) -> str:
    """The sentence for `use` about the document `kind`, in the user's language (to be filled in)."""
    return _(_SAYS[use][kind])


def pages_went(kind: ReportKind, pages: int, where: str) -> str:
    """How many pages of the document went to the printer ("went": the same after one page and many)."""
    if kind is ReportKind.TURN:
        words = ngettext(
            "{count} page of the turn report went to {where}", "{count} pages of the turn report went to {where}", pages
        )
    elif kind is ReportKind.STATUS:
        words = ngettext(
            "{count} page of the status sheet went to {where}",
            "{count} pages of the status sheet went to {where}",
            pages,
        )
    else:
        words = ngettext(
            "{count} page of the battle slips went to {where}",
            "{count} pages of the battle slips went to {where}",
            pages,
        )
    return words.format(count=pages, where=where)


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
    name, _kind = QFileDialog.getSaveFileName(parent, title, suggested, _("PDF documents (*.pdf)"))
    if not name:
        return None
    path = Path(name)
    return path if path.suffix.lower() == ".pdf" else path.with_suffix(".pdf")


class ReportActions:
    """What File ▸ Export (a PDF) and File ▸ Print do."""

    def __init__(
        self,
        services: WindowServices,
        choose_pdf: PdfChooser = ask_pdf,
        runner: Runner = thread_runner,
        choose_printer: PrinterChooser | None = None,
        open_preview: PreviewOpener | None = None,
        open_url: UrlOpener = QDesktopServices.openUrl,
    ) -> None:
        """`choose_printer` and `open_preview` open the print dialog and the preview (tests pass
        functions that choose a PDF file instead); `open_url` shows a saved PDF or its folder."""
        self.services, self.choose_pdf, self.runner = services, choose_pdf, runner
        self.choose_printer, self.open_preview, self.open_url = choose_printer, open_preview, open_url
        self.progress: QProgressDialog | None = None
        self.print_dialog: object = None  # the print dialog or preview last opened

    def _build(
        self, kind: ReportKind, on_done: Callable[[bytes], None], paper: Paper = Paper.A4, landscape: bool = False
    ) -> None:
        """Build the PDF off the window's thread, with a progress box after a moment."""
        from campaign_manager.reports.render import render_pdf, report_inputs  # reportlab loads when first used

        campaign = self.services.session.campaign
        if campaign is None:
            return
        inputs = report_inputs(campaign)  # read the file here, on this thread
        self.progress = QProgressDialog(says("preparing", kind), "", 0, 0, self.services.parent)
        self.progress.setCancelButton(None)
        self.progress.setMinimumDuration(600)
        self.progress.setWindowTitle(APPLICATION)

        def finished(data: bytes) -> None:
            self._close_progress()
            on_done(data)

        def failed(message: str) -> None:
            self._close_progress()
            self.services.report(message)

        self.runner(lambda: render_pdf(inputs, kind, None, paper, landscape), finished, failed)

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.reset()
            self.progress.deleteLater()
            self.progress = None

    def _document_turn(self, kind: ReportKind) -> int | None:
        """The turn the document would show, or None (and said why) when there is none yet."""
        if not self.services.session.is_open:
            return None
        from campaign_manager.reports.data import document_turn  # the reports' data, loaded when first needed

        try:
            return document_turn(self.services.session.history(), kind)
        except UserError as exc:
            self.services.report(says("none yet", kind).format(reason=exc))
            return None

    def export(self, kind: ReportKind) -> None:
        session = self.services.session
        turn = self._document_turn(kind)  # in its name, so last turn's is not written over: "Shop turn-3 report.pdf"
        if turn is None:
            return
        campaign_path = session.path
        moment = f"turn-{turn}" if turn else "set-up"  # the status sheet before turn 1
        if campaign_path is not None:
            suggested = str(campaign_path.with_name(f"{campaign_path.stem} {moment} {kind.file_word}.pdf"))
        else:  # a shared campaign: named after the campaign, in the app's folder
            suggested = str(app_data_folder() / f"{safe_stem(session.name)} {moment} {kind.file_word}.pdf")
        path = self.choose_pdf(self.services.parent, says("export", kind), suggested)
        if path is None:
            return

        def write(data: bytes) -> None:
            from campaign_manager.reports.render import save_pdf

            try:
                save_pdf(path, data)
            except UserError as exc:
                self.services.report(str(exc))
                return
            self.services.tell(says("saved", kind).format(file=path), 10000)
            self._offer_to_open(path)

        self._build(kind, write)

    def _offer_to_open(self, path: Path) -> None:
        box = message_box(
            QMessageBox.Icon.Information,
            _("PDF saved"),
            _("The PDF was saved as\n{file}").format(file=path),
            QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Close,
            self.services.parent,
        )
        box.setObjectName("pdfSaved")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.button(QMessageBox.StandardButton.Open).clicked.connect(lambda: self.open_pdf(path))
        box.open()

    def open_pdf(self, path: Path) -> None:
        """Show a saved PDF in the system's viewer; when no program opens it, offer its folder."""
        if self.open_url(QUrl.fromLocalFile(str(path))):
            return
        box = message_box(
            QMessageBox.Icon.Warning,
            _("No program for PDFs"),
            _(
                "The PDF could not be opened: no program to show PDF files answered. It is saved as\n{file}\n\n"
                "Its folder can be opened instead, to open the PDF from there or to send it on."
            ).format(file=path),
            QMessageBox.StandardButton.Close,
            self.services.parent,
        )
        box.setObjectName("noPdfViewer")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        folder = QPushButton(_("Open the &folder"), box)
        box.addButton(folder, QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(folder)
        folder.clicked.connect(lambda: self._open_folder(path))
        box.open()

    def _open_folder(self, path: Path) -> None:
        if not self.open_url(QUrl.fromLocalFile(str(path.parent))):
            self.services.report(
                _("The folder could not be opened either. The PDF is the file {file} in the folder {folder}.").format(
                    file=path.name, folder=path.parent
                )
            )

    def _new_printer(self, kind: ReportKind) -> QPrinter:
        """A printer for `kind`, turned sideways to begin with for a document laid out that way."""
        from PySide6.QtGui import QPageLayout
        from PySide6.QtPrintSupport import QPrinter  # loaded when first printing

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(says("document", kind).format(campaign=self.services.session.name))
        if kind.landscape:
            printer.setPageOrientation(QPageLayout.Orientation.Landscape)
        return printer

    def print_document(self, kind: ReportKind) -> None:
        """File ▸ Print: the print dialog, then the document on the printer and paper chosen."""
        from campaign_manager.ui.printing import ask_printer

        if self._document_turn(kind) is None:
            return
        printer = self._new_printer(kind)
        choose = self.choose_printer or ask_printer
        self.print_dialog = choose(
            self.services.parent, printer, says("print", kind), lambda: self._print(kind, printer)
        )

    def _print(self, kind: ReportKind, printer: QPrinter) -> None:
        from campaign_manager.ui.printing import is_landscape, paper_for, print_pdf

        def send(data: bytes) -> None:
            try:
                pages = print_pdf(data, printer)
            except UserError as exc:
                self.services.report(str(exc))
                return
            where = printer.outputFileName() or printer.printerName() or _("the printer")
            self.services.tell(pages_went(kind, pages, where), 8000)

        self._build(kind, send, paper_for(printer), is_landscape(printer))

    def preview(self, kind: ReportKind) -> None:
        """File ▸ Preview: the document as it will print, on the paper chosen there."""
        from campaign_manager.reports.render import report_inputs
        from campaign_manager.ui.printing import ask_preview

        campaign = self.services.session.campaign
        if campaign is None or self._document_turn(kind) is None:
            return
        inputs = report_inputs(campaign)  # read once; each change of paper lays the pages out again
        opener = self.open_preview or ask_preview
        self.print_dialog = opener(
            self.services.parent,
            self._new_printer(kind),
            says("preview", kind),
            lambda printer: self._paint_preview(inputs, kind, printer),
        )

    def _paint_preview(self, inputs: ReportInputs, kind: ReportKind, printer: QPrinter) -> None:
        from campaign_manager.reports.render import render_pdf
        from campaign_manager.ui.printing import is_landscape, paper_for, print_pdf

        try:
            print_pdf(render_pdf(inputs, kind, None, paper_for(printer), is_landscape(printer)), printer)
        except UserError as exc:
            self.services.report(str(exc))


def safe_stem(name: str) -> str:
    """A campaign's name made fit for a file name."""
    kept = "".join(c if c.isalnum() or c in " -_" else "_" for c in name).strip()
    return kept[:60] or "campaign"
