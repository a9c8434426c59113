"""`campaign-manager open FILE --print-to PDF`: File ▸ Print with Qt's PDF printer chosen in place
of the print dialog, with no screen (what shows that a build can print); a document that does
not exist yet is refused in one line with exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys

from pypdf import PdfReader

from campaign_manager.store.campaign_file import CampaignFile
from tests.shared import FULL_CAMPAIGN, ROOT


def _run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    # this checkout's code, from any working folder
    env = dict(
        os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=os.environ.get("TMPDIR", "/tmp"), PYTHONPATH=str(ROOT)
    )
    return subprocess.run(
        [sys.executable, "-m", "campaign_manager", *args], capture_output=True, text=True, env=env, timeout=120, cwd=cwd
    )


def test_the_turn_report_and_the_status_sheet_print_to_a_pdf_file(tmp_path):
    path = tmp_path / "shop.campaign"
    with CampaignFile.create(path, name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"]))
    report = _run("open", str(path), "--print-to", str(tmp_path / "report.pdf"))
    assert report.returncode == 0, report.stderr
    pages = PdfReader(tmp_path / "report.pdf").pages
    assert report.stdout == f"{len(pages)} pages of the turn report went to {tmp_path / 'report.pdf'}.\n"
    assert len(pages) >= 2
    assert all((round(float(p.mediabox.width)), round(float(p.mediabox.height))) == (595, 842) for p in pages)

    # a relative name is the working folder's; the status sheet prints sideways on Letter paper
    sheet = _run("open", str(path), "--print-to", "sheet.pdf", "--kind", "status", "--paper", "letter", cwd=tmp_path)
    assert sheet.returncode == 0, sheet.stderr
    [page] = PdfReader(tmp_path / "sheet.pdf").pages
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (792, 612)


def test_a_document_not_there_yet_is_refused(tmp_path):
    path = tmp_path / "fresh.campaign"
    CampaignFile.create(path, name="Fresh").close()
    done = _run("open", str(path), "--print-to", str(tmp_path / "report.pdf"))
    assert done.returncode == 2
    assert done.stderr.startswith("campaign-manager: No turn report yet") and len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "report.pdf").exists()


def test_a_link_at_the_pdf_is_replaced_never_written_through(tmp_path):
    path = tmp_path / "shop.campaign"
    CampaignFile.create(path, name="Shop night").close()
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    pdf = tmp_path / "sheet.pdf"
    pdf.symlink_to(precious)
    done = _run("open", str(path), "--print-to", str(pdf), "--kind", "status")
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(f"went to {pdf}.\n")
    assert precious.read_text() == "keep me"
    assert not pdf.is_symlink() and len(PdfReader(pdf).pages) >= 1
