"""File ▸ Print and Print preview: each document is made for the paper and orientation chosen
and drawn on the printer through Qt, with no external program. The printer here is a PDF file
(QPrinter's PdfFormat), whose page boxes are read back with pypdf."""

from __future__ import annotations

import os
import subprocess
import sys

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter

from campaign_manager.reports.render import render_pdf, report_inputs
from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN, ROOT
from tests.ui.test_report_actions import synchronous

POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
WAYS = {False: QPageLayout.Orientation.Portrait, True: QPageLayout.Orientation.Landscape}


@pytest.fixture
def window(open_window, monkeypatch):
    def no_programs(*args, **kwargs):
        raise AssertionError(f"an external program was started: {args}")

    for name in ("Popen", "run", "call", "check_call", "check_output"):
        monkeypatch.setattr(subprocess, name, no_programs)
    made = open_window(FULL_CAMPAIGN["turn 1"])
    made.report_actions.runner = synchronous
    return made


def _as_pdf_file(printer: QPrinter, target, paper: str, landscape: bool) -> None:
    """What choosing a printer and its paper in the dialog amounts to, with a PDF file as the printer."""
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    printer.setPageSize(QPageSize(SIZES[paper]))
    printer.setPageOrientation(WAYS[landscape])


def _boxes(path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1)) for p in PdfReader(path).pages]


def _grey(pdf, number: int) -> list[int]:
    """A page as a coarse grid of grey levels (to compare a printed page with the report's own)."""
    document = pdfium.PdfDocument(pdf)
    # Rendered at 36 dpi, then shrunk: at 12 dpi PDFium thins a printed page's picture (its fine
    # lines and small type vanish), so a page with much small type read lighter than its own report.
    image = document[number].render(scale=36 / 72, grayscale=True).to_pil().resize((24, 32))
    document.close()
    return list(image.tobytes())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("landscape", [False, True], ids=["portrait", "landscape"])
def test_print_makes_pages_of_the_chosen_paper_and_orientation(window, tmp_path, paper, landscape):
    target = tmp_path / f"printed-{paper}-{landscape}.pdf"

    def choose(parent, printer, title, accepted):
        _as_pdf_file(printer, target, paper, landscape)
        accepted()

    window.report_actions.choose_printer = choose
    window.menu_actions[MenuAction.PRINT_TURN_REPORT].trigger()

    width, height = POINTS[paper]
    expected = (round(height, 1), round(width, 1)) if landscape else (round(width, 1), round(height, 1))
    printed = _boxes(target)
    report = render_pdf(report_inputs(window.campaign), "turn", None, paper, landscape)
    assert len(printed) == len(PdfReader(__import__("io").BytesIO(report)).pages) >= 2
    for box in printed:
        assert abs(box[0] - expected[0]) < 1.5 and abs(box[1] - expected[1]) < 1.5, (box, expected)
    # each printed page is the report's page, drawn the right way up on the sheet
    first_printed, first_report = _grey(target.read_bytes(), 0), _grey(report, 0)
    if landscape:
        first_printed, first_report = first_printed[: 24 * 24], first_report[: 24 * 24]
    difference = sum(abs(a - b) for a, b in zip(first_printed, first_report)) / len(first_report)
    assert difference < 12, difference
    assert sum(grey < 230 for grey in first_printed) > len(first_printed) // 10  # not a blank sheet
    assert window.statusBar().currentMessage().endswith(f"pages of the turn report went to {target}")


def _shade(pdf, number: int, turned: bool = False) -> list[int]:
    """A page as a coarse grid of grey levels, its own way up (turned a quarter to the left first
    when `turned`), to compare a printed page with the document's own."""
    document = pdfium.PdfDocument(pdf)
    image = document[number].render(scale=36 / 72, grayscale=True).to_pil()
    document.close()
    if turned:
        image = image.rotate(90, expand=True)  # counter-clockwise, as a sideways page is printed upright
    return list(image.resize((32, 24) if image.width > image.height else (24, 32)).tobytes())


def _differs(printed: list[int], report: list[int]) -> float:
    return sum(abs(a - b) for a, b in zip(printed, report, strict=True)) / len(report)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_status_sheet_prints_through_qt_on_landscape_paper(window, tmp_path, paper):
    """File ▸ Print the status sheet: the print dialog starts landscape (the sheet is laid out for
    the wall), and the page printed is the status sheet's own."""
    target = tmp_path / f"status-{paper}.pdf"
    asked = []

    def choose(parent, printer, title, accepted):
        asked.append((title, printer.pageLayout().orientation(), printer.docName()))
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        printer.setPageSize(QPageSize(SIZES[paper]))  # the orientation as the dialog opened with it
        accepted()

    window.report_actions.choose_printer = choose
    window.menu_actions[MenuAction.PRINT_STATUS_SHEET].trigger()

    assert asked == [("Print the status sheet", QPageLayout.Orientation.Landscape, "Shop night — status sheet")]
    width, height = POINTS[paper]
    assert [(round(w), round(h)) for w, h in _boxes(target)] == [(round(height), round(width))]
    assert PdfReader(target).metadata.title == "Shop night — status sheet"
    sheet = render_pdf(report_inputs(window.campaign), "status", None, paper)
    printed = _shade(target.read_bytes(), 0)
    assert _differs(printed, _shade(sheet, 0)) < 12
    assert sum(grey < 230 for grey in printed) > len(printed) // 10  # not a blank sheet
    assert window.statusBar().currentMessage() == f"1 page of the status sheet went to {target}"


def test_the_status_sheet_on_paper_upright_is_turned_to_fill_it(window, tmp_path):
    target = tmp_path / "status-upright.pdf"

    def choose(parent, printer, title, accepted):
        _as_pdf_file(printer, target, "a4", False)
        accepted()

    window.report_actions.choose_printer = choose
    window.menu_actions[MenuAction.PRINT_STATUS_SHEET].trigger()
    assert [(round(w), round(h)) for w, h in _boxes(target)] == [(595, 842)]
    sheet = render_pdf(report_inputs(window.campaign), "status", None, "a4")
    printed = _shade(target.read_bytes(), 0)
    assert _differs(printed, _shade(sheet, 0, turned=True)) < 12
    assert sum(grey < 230 for grey in printed) > len(printed) // 10


@pytest.mark.parametrize("landscape", [False, True], ids=["portrait", "landscape"])
def test_the_battle_slips_print_through_qt(window, tmp_path, landscape):
    target = tmp_path / "slips.pdf"

    def choose(parent, printer, title, accepted):
        assert title == "Print the battle slips"
        assert printer.pageLayout().orientation() == QPageLayout.Orientation.Portrait
        _as_pdf_file(printer, target, "letter", landscape)
        accepted()

    window.report_actions.choose_printer = choose
    window.menu_actions[MenuAction.PRINT_BATTLE_SLIPS].trigger()
    slips = render_pdf(report_inputs(window.campaign), "slips", None, "letter", landscape)
    pages = len(PdfReader(__import__("io").BytesIO(slips)).pages)
    assert len(_boxes(target)) == pages
    assert all(box == ((792.0, 612.0) if landscape else (612.0, 792.0)) for box in _boxes(target))
    assert _differs(_shade(target.read_bytes(), 0), _shade(slips, 0)) < 12
    words = "page of the battle slips" if pages == 1 else "pages of the battle slips"
    assert window.statusBar().currentMessage() == f"{pages} {words} went to {target}"


def test_a_page_size_that_is_neither_gets_the_a4_layout_fitted(window, tmp_path):
    target = tmp_path / "a5.pdf"

    def choose(parent, printer, title, accepted):
        _as_pdf_file(printer, target, "a4", False)
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.A5))
        accepted()

    window.report_actions.choose_printer = choose
    window.menu_actions[MenuAction.PRINT_TURN_REPORT].trigger()
    assert all(abs(w - 419.5) < 1.5 and abs(h - 595.3) < 1.5 for w, h in _boxes(target))


def test_the_print_dialog_opens_without_blocking_and_prints_what_it_chose(window, tmp_path):
    window.menu_actions[MenuAction.PRINT_TURN_REPORT].trigger()  # the real dialog
    dialog = window.report_actions.print_dialog
    assert dialog.isVisible()
    _as_pdf_file(dialog.printer(), tmp_path / "chosen.pdf", "letter", False)
    dialog.accepted.emit(dialog.printer())  # as OK does (accept() would put the offscreen dialog's own settings back)
    dialog.reject()
    assert _boxes(tmp_path / "chosen.pdf")[0] == (612.0, 792.0)


def test_the_preview_lays_the_report_out_for_its_paper(window, tmp_path):
    target = tmp_path / "preview.pdf"
    painted = []

    def preview(parent, printer, title, paint):
        _as_pdf_file(printer, target, "letter", True)
        paint(printer)  # what the preview asks for when it shows, and when its paper is changed
        painted.append(printer)

    window.report_actions.open_preview = preview
    window.menu_actions[MenuAction.PRINT_PREVIEW].trigger()
    assert painted and all(box == (792.0, 612.0) for box in _boxes(target))


def test_the_real_preview_opens_without_blocking(window, qtbot):
    window.menu_actions[MenuAction.PRINT_PREVIEW].trigger()
    dialog = window.report_actions.print_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=5000)
    dialog.close()


@pytest.mark.parametrize(
    "action", [MenuAction.PRINT_PREVIEW, MenuAction.PREVIEW_STATUS_SHEET, MenuAction.PREVIEW_BATTLE_SLIPS]
)
def test_the_real_preview_paints_every_page(action, tmp_path):
    """Qt's own preview, opened through the menu and painted page by page, in a program of its
    own: a printer deleted under the preview crashed the app there (and would end this run)."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.preview_pages", action, str(tmp_path)],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"ended with {done.returncode}: {done.stdout}{done.stderr[-2000:]}"
    assert done.stdout.strip().startswith("pages painted: "), done.stdout
    assert int(done.stdout.split()[-1]) >= 1
    assert (tmp_path / "page-1.png").stat().st_size > 5_000


def test_the_print_shortcuts(window):
    assert window.menu_actions[MenuAction.PRINT_TURN_REPORT].shortcut().toString() == "Ctrl+P"
