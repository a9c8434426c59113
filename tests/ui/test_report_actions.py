"""File ▸ Export … (PDF) and File ▸ Print from the window: the document is built off the
window's thread (swapped here for a synchronous runner), written whole, and offered to open."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from campaign_manager.ui.actions import MenuAction
from tests.shared import FULL_CAMPAIGN

DATA = FULL_CAMPAIGN


def synchronous(work, on_done, on_failed):
    from campaign_manager.errors import UserError

    try:
        data = work()
    except UserError as exc:
        on_failed(str(exc))
        return
    on_done(data)


@pytest.fixture
def window(open_window):
    made = open_window(DATA["turn 1"])
    made.report_actions.runner = synchronous
    return made


def test_export_each_document_and_offer_to_open_it(window, tmp_path):
    for kind in (MenuAction.EXPORT_TURN_REPORT, MenuAction.EXPORT_STATUS_SHEET, MenuAction.EXPORT_BATTLE_SLIPS):
        target = tmp_path / f"{kind}.pdf"
        window.report_actions.choose_pdf = lambda parent, title, suggested, t=target: t
        window.menu_actions[kind].trigger()
        assert target.read_bytes().startswith(b"%PDF")
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    assert boxes and boxes[-1].button(QMessageBox.StandardButton.Open) is not None


def test_print_sends_the_turn_report_to_the_chosen_printer(window, tmp_path):
    sent = []
    window.report_actions.printer_sink = lambda printer, pdf: sent.append(pdf.read_bytes()[:4])
    from PySide6.QtPrintSupport import QPrinter

    window.report_actions._print(QPrinter())
    assert sent == [b"%PDF"]
    assert "sent to the printer" in window.statusBar().currentMessage()


def test_file_print_opens_the_print_dialog_and_prints_what_it_chose(window, tmp_path):
    window.menu_actions[MenuAction.PRINT_TURN_REPORT].trigger()
    dialog = window.report_actions.print_dialog
    assert dialog.isVisible(), "the print dialog opens (it did not: PySide6's QPrintDialog.open needs care)"
    dialog.printer().setOutputFileName(str(tmp_path / "chosen.pdf"))
    dialog.accepted.emit(dialog.printer())  # as OK does (accept() would put the offscreen dialog's own settings back)
    dialog.reject()
    assert (tmp_path / "chosen.pdf").read_bytes().startswith(b"%PDF")


def test_print_to_a_file_writes_the_pdf(window, tmp_path):
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter()
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    window.report_actions._print(printer)
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF")


def test_an_unwritable_target_is_reported_and_nothing_half_written(window, tmp_path):
    target = tmp_path / "missing" / "turn.pdf"
    window.report_actions.choose_pdf = lambda parent, title, suggested: target
    window.menu_actions[MenuAction.EXPORT_TURN_REPORT].trigger()
    assert "cannot be written" in window.statusBar().currentMessage()
    assert not target.exists()


def test_the_print_shortcut_is_ctrl_p(window):
    assert window.menu_actions[MenuAction.PRINT_TURN_REPORT].shortcut().toString() == "Ctrl+P"
    assert window.menu_actions[MenuAction.PLACE_AND_REDEPLOY].shortcut().toString() == "Ctrl+Shift+P"


def test_the_pdf_is_built_away_from_the_window_thread(window, tmp_path, qtbot):
    from campaign_manager.ui.report_actions import thread_runner

    window.report_actions.runner = thread_runner
    target = tmp_path / "threaded.pdf"
    window.report_actions.choose_pdf = lambda parent, title, suggested: target
    window.menu_actions[MenuAction.EXPORT_STATUS_SHEET].trigger()
    qtbot.waitUntil(target.exists, timeout=20000)
    assert target.read_bytes().startswith(b"%PDF")


def test_printing_without_a_print_spooler_is_refused_in_words(monkeypatch, tmp_path):
    """A computer with no `lp` (Windows, macOS without CUPS' tools, a bare Linux): printing says
    so and suggests the PDF, rather than failing."""
    import pytest

    from campaign_manager.errors import UserError
    from campaign_manager.ui import report_actions

    monkeypatch.setenv("PATH", str(tmp_path))  # no lp anywhere on it
    with pytest.raises(UserError, match="no print spooler"):
        report_actions.send_to_printer(None, tmp_path / "turn-report.pdf")
