"""installer/build, run from a fresh clone, makes the one-folder app; the app then runs in a bare
environment (nothing but a PATH of system folders and an empty home folder: no virtual
environment, no Python of ours): it says its version, creates a campaign, renders it, runs
What if on worker processes, on its first start opens the bundled campaign, and prints a report
through Qt's printer to a PDF file."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

from tests.shared import FULL_CAMPAIGN, ROOT

pytestmark = pytest.mark.slow


def bare_app(program: Path, work: Path, home: Path):
    """Runs `program` with ARGS in `work`, in an environment of nothing but a PATH of system
    folders, an empty home folder and what is named."""

    def app(*args, **extra) -> subprocess.CompletedProcess:
        bare = {"HOME": str(home), "PATH": "/usr/bin:/bin", **extra}
        done = subprocess.run(
            ["env", "-i", *(f"{k}={v}" for k, v in bare.items()), program, *map(str, args)],
            capture_output=True,
            text=True,
            cwd=work,
            timeout=300,
        )
        assert "Traceback" not in done.stderr, done.stderr
        return done

    return app


def test_the_build_says_its_size_and_the_lowest_glibc_it_needs(one_folder_build):
    said = one_folder_build.said
    size = re.search(r"the folder holds (\d+) MB", said)
    assert size and "The build took" in said, said
    measured = sum(p.lstat().st_size for p in one_folder_build.folder.rglob("*") if p.is_file() and not p.is_symlink())
    assert int(size.group(1)) == round(measured / 2**20)
    print(f"the one-folder app holds {measured / 2**20:.0f} MB")
    floor = re.search(r"The folder needs glibc (2\.\d+) or newer", said)
    assert floor, said
    print(f"it needs glibc {floor.group(1)} or newer")
    # no file looks for libraries in a folder of the build machine
    runpaths = subprocess.run(
        ["sh", "-c", "find . -name '*.so*' -type f -exec objdump -p {} + | grep -E 'R(UN)?PATH' | sort -u"],
        cwd=one_folder_build.folder, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert all("$ORIGIN" in line for line in runpaths.splitlines()), runpaths


def test_the_one_folder_app_builds_from_a_clone_and_runs_bare(one_folder_build, tmp_path, pg_server):
    program = one_folder_build.program
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    bare = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    app = bare_app(program, work, home)

    version = app("--version")
    assert version.returncode == 0 and version.stdout.startswith("campaign-manager "), version.stderr
    assert app("new", "shop.campaign").returncode == 0
    shot = app("shop.campaign", "--screenshot", "shop.png")
    assert shot.returncode == 0 and shot.stderr == "", shot.stderr
    assert (work / "shop.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and (work / "shop.png").stat().st_size > 50_000

    # A shared campaign: the bundled PostgreSQL client (psycopg and its libpq) reaches the server.
    from campaign_manager.store.campaign_file import CampaignFile

    url = pg_server.url("alice", "frozen")
    CampaignFile.create(url, name="On the server").close()
    shared = app("show", url, PGPASSFILE=pg_server.passfile)
    assert shared.returncode == 0 and "On the server" in shared.stdout, shared.stderr
    away = app("show", f"postgresql://alice@127.0.0.1:{pg_server.port + 1}/shops?campaign=x")
    assert away.returncode == 2 and "cannot be reached" in away.stderr, away.stderr

    # What if spreads 64 playouts over worker processes: the frozen program must start them
    # (multiprocessing.freeze_support) and give what the source gives for the same seed.
    argv = ["whatif", "shop.campaign", "--playouts", "64", "--seed", "7", "--to", "end-of-turn", "--json"]
    frozen = app(*argv)
    assert frozen.returncode == 0, frozen.stderr
    source = subprocess.run(  # this checkout's source (from `work`, an installed one would be found first)
        [sys.executable, "-m", "campaign_manager", *argv],
        capture_output=True,
        text=True,
        cwd=work,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert json.loads(frozen.stdout) == json.loads(source.stdout)

    # The first start with an empty home folder opens the bundled campaign (and keeps it).
    kept = home / ".local" / "share" / "Firestorm" / "Firestorm Campaign Manager" / "firestorm-greece.campaign"
    settings = home / ".config" / "Firestorm" / "Firestorm Campaign Manager.conf"
    said = tmp_path / "window.log"
    with open(said, "wb") as log:
        window = subprocess.Popen(
            ["env", "-i", *(f"{k}={v}" for k, v in bare.items()), "QT_QPA_PLATFORM=offscreen", program],
            cwd=work,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and window.poll() is None:
                if settings.exists() and str(kept) in settings.read_text():
                    break
                time.sleep(0.2)
            assert window.poll() is None, said.read_text()  # still running: the window is up
            assert kept.exists() and str(kept) in settings.read_text()
        finally:
            window.terminate()
            window.wait(timeout=30)
    assert "Traceback" not in said.read_text()
    assert not (Path(work) / "firestorm-greece.campaign").exists()


def test_the_one_folder_app_prints_through_qt_to_a_pdf(one_folder_build, tmp_path):
    """File ▸ Print from the built program, with Qt's PDF printer for the printer: every library
    printing loads at run time is in the folder (PDFium, which pypdfium2 loads by name, was not)."""
    from pypdf import PdfReader

    from campaign_manager.reports.render import render_pdf, report_inputs
    from campaign_manager.store.campaign_file import CampaignFile

    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    with CampaignFile.create(work / "shop.campaign", name="Shop night") as campaign:
        campaign.apply(campaign.read_actions(FULL_CAMPAIGN["turn 1"]))
        report = PdfReader(io.BytesIO(render_pdf(report_inputs(campaign), "turn")))
    app = bare_app(one_folder_build.program, work, home)

    printed = app("open", "shop.campaign", "--print-to", "printed.pdf", QT_QPA_PLATFORM="offscreen")
    assert printed.returncode == 0, printed.stderr
    pages = PdfReader(work / "printed.pdf").pages
    assert printed.stdout == f"{len(pages)} pages of the turn report went to {work / 'printed.pdf'}.\n"
    assert len(pages) == len(report.pages) >= 2
    for page in pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)
    first = _grey(work / "printed.pdf")
    assert sum(grey < 230 for grey in first) > len(first) // 10  # the page was drawn: not a blank sheet

    sheet = app("open", "shop.campaign", "--print-to", "sheet.pdf", "--kind", "status", QT_QPA_PLATFORM="offscreen")
    assert sheet.returncode == 0 and sheet.stdout.startswith("1 page of the status sheet went to"), sheet.stderr


def _grey(pdf: Path) -> list[int]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return list(document[0].render(scale=36 / 72, grayscale=True).to_pil().resize((24, 32)).tobytes())
    finally:
        document.close()


def test_the_one_folder_app_speaks_german(one_folder_build, tmp_path):
    """The German catalogue and Qt's own German words travel with the app, and a German desktop
    gets its help in German."""
    folder = one_folder_build.folder
    assert list(folder.rglob("campaign_manager/locale/de/LC_MESSAGES/campaign_manager.mo"))
    assert [p.name for p in folder.rglob("qtbase_*.qm")] == ["qtbase_de.qm"], "Qt's words, German only"
    (tmp_path / "home").mkdir()
    app = bare_app(one_folder_build.program, tmp_path, tmp_path / "home")
    said = app("--help", LANG="de_DE.UTF-8")
    assert said.returncode == 0 and "Positionsargumente" in said.stdout, said.stdout


def test_the_one_folder_app_carries_the_metadata_of_every_library_it_bundles(one_folder_build):
    """importlib.metadata finds each bundled library in the frozen app (the licences are read from it)."""
    from packaging.requirements import Requirement

    wanted, todo = set(), [("firestorm-campaign-manager", frozenset())]
    while todo:
        name, extras = todo.pop()
        dist = metadata.distribution(name)
        key = dist.metadata["Name"].lower().replace("-", "_")
        if (key, extras) in wanted:
            continue
        wanted.add((key, extras))
        for line in dist.requires or []:
            need = Requirement(line)
            if need.marker is None or any(need.marker.evaluate({"extra": e}) for e in extras or {""}):
                todo.append((need.name, frozenset(need.extras)))
    bundled = {p.name.split("-")[0].lower() for p in (one_folder_build.folder / "_internal").glob("*.dist-info")}
    assert {key for key, _ in wanted} <= bundled, {key for key, _ in wanted} - bundled
