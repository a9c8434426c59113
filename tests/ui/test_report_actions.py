"""File ▸ Export … (PDF) from the window: the document is built off the window's thread (swapped
here for a synchronous runner), written whole, and offered to open. Printing: test_printing.py."""

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


def test_exports_are_named_by_turn_and_kind(open_window, tmp_path):
    """The file offered says the campaign, the turn the document shows and its kind, so next
    turn's export does not write over this one's: the turn report is the last completed turn's,
    the status sheet the turn under way, the slips the turn they are for."""
    window = open_window(DATA["turn 1"] + DATA["turn 2"][:1])
    window.report_actions.runner = synchronous
    offered = []

    def choose(parent, title, suggested):
        offered.append(suggested.rsplit("/", 1)[-1])
        return None

    window.report_actions.choose_pdf = choose
    for kind in (MenuAction.EXPORT_TURN_REPORT, MenuAction.EXPORT_STATUS_SHEET, MenuAction.EXPORT_BATTLE_SLIPS):
        window.menu_actions[kind].trigger()
    assert offered == ["shop turn-1 report.pdf", "shop turn-2 status.pdf", "shop turn-2 slips.pdf"]


def test_turn_four_slips_printed_after_ending_turn_three(open_window, tmp_path):
    """Turn ▸ End the turn on turn 3, then File ▸ Export battle slips: the slips are turn 4's,
    with the German troops that arrive in Yugoslavia and Bulgaria and their arrows, and each
    says plainly that the positions may still change (turn 4's planning is not done)."""
    import io

    from pypdf import PdfReader

    window = open_window(DATA["turn 1"] + DATA["turn 2"] + DATA["turn 3"][:-1])
    window.report_actions.runner = synchronous
    window.menu_actions[MenuAction.END_TURN].trigger()
    assert window.session.state.phase == "strategic" and window.session.state.turn == 3
    target = tmp_path / "slips.pdf"
    offered = []
    window.report_actions.choose_pdf = lambda parent, title, suggested: offered.append(suggested) or target
    window.menu_actions[MenuAction.EXPORT_BATTLE_SLIPS].trigger()
    assert offered[0].endswith("shop turn-4 slips.pdf")
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(target.read_bytes())).pages)
    assert "Battle slip — turn 4: A5 Bulgaria → B4 Thessaloniki" in text and "DE-PZ-1" in text
    assert text.count("Battle slip — turn 4") == text.count("POSITIONS MAY STILL CHANGE") > 0


def _shown(name: str) -> QMessageBox:
    boxes = [w for w in QApplication.topLevelWidgets() if w.objectName() == name and w.isVisible()]
    assert len(boxes) == 1, f"{len(boxes)} boxes named {name}"
    return boxes[0]


def test_open_with_no_pdf_viewer_says_so_and_offers_the_folder(window, tmp_path):
    """Open in the saved box when no program opens PDFs: a box says so and where the PDF is, and
    opens its folder; when even the folder cannot be opened, the file and folder are named."""
    target = tmp_path / "status.pdf"
    asked = []
    window.report_actions.open_url = lambda url: asked.append(url.toLocalFile()) and False  # nothing answers
    window.report_actions.choose_pdf = lambda parent, title, suggested: target
    window.menu_actions[MenuAction.EXPORT_STATUS_SHEET].trigger()

    _shown("pdfSaved").button(QMessageBox.StandardButton.Open).click()
    assert asked == [str(target)]
    box = _shown("noPdfViewer")
    assert "no program to show PDF files answered" in box.text() and str(target) in box.text()
    folder = next(b for b in box.buttons() if b.text() == "Open the &folder")
    assert box.defaultButton() is folder

    folder.click()
    assert asked == [str(target), str(tmp_path)]
    assert window.statusBar().currentMessage() == (
        f"The folder could not be opened either. The PDF is the file status.pdf in the folder {tmp_path}."
    )


def test_open_with_a_pdf_viewer_opens_the_pdf_and_nothing_more(window, tmp_path):
    target = tmp_path / "turn.pdf"
    asked = []
    window.report_actions.open_url = lambda url: asked.append(url.toLocalFile()) or True
    window.report_actions.choose_pdf = lambda parent, title, suggested: target
    window.menu_actions[MenuAction.EXPORT_TURN_REPORT].trigger()
    _shown("pdfSaved").button(QMessageBox.StandardButton.Open).click()
    assert asked == [str(target)]
    assert not [w for w in QApplication.topLevelWidgets() if w.objectName() == "noPdfViewer" and w.isVisible()]


def test_what_was_saved_reads_right_for_every_document(window, tmp_path):
    """The battle slips are plural: "the battle slips was saved" read wrong."""
    for key, words in (
        (MenuAction.EXPORT_TURN_REPORT, "turn report"),
        (MenuAction.EXPORT_STATUS_SHEET, "status sheet"),
        (MenuAction.EXPORT_BATTLE_SLIPS, "battle slips"),
    ):
        target = tmp_path / f"{key}.pdf"
        window.report_actions.choose_pdf = lambda parent, title, suggested, t=target: t
        window.menu_actions[key].trigger()
        assert window.statusBar().currentMessage() == f"The PDF of the {words} was saved as {target}"


def test_the_status_sheet_of_a_campaign_not_started(open_window, tmp_path):
    """Before turn 1 the status sheet can be exported from the window: the set-up, as the shop
    pins it up before the first evening; the turn report and the slips wait for the first turn."""
    import io

    from pypdf import PdfReader

    window = open_window()
    window.report_actions.runner = synchronous
    assert window.menu_actions[MenuAction.EXPORT_STATUS_SHEET].isEnabled()
    assert not window.menu_actions[MenuAction.EXPORT_TURN_REPORT].isEnabled()
    target = tmp_path / "set-up.pdf"
    offered = []
    window.report_actions.choose_pdf = lambda parent, title, suggested: offered.append(suggested) or target
    window.menu_actions[MenuAction.EXPORT_STATUS_SHEET].trigger()
    assert offered[0].endswith("shop set-up status.pdf")
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(target.read_bytes())).pages)
    assert "campaign status, before turn 1 of 4: the set-up" in text
