"""installer/build, run from a fresh clone, makes the one-folder app; the app then runs in a bare
environment (nothing but a PATH of system folders and an empty home folder: no virtual
environment, no Python of ours): it says its version, creates a campaign, renders it, runs
What if on worker processes, and on its first start opens the bundled campaign."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.shared import ROOT

pytestmark = pytest.mark.slow


def test_the_one_folder_app_builds_from_a_clone_and_runs_bare(tmp_path, pg_server):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True)
    started = time.monotonic()
    built = subprocess.run([clone / "installer" / "build"], capture_output=True, text=True, cwd=clone)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    print(f"installer/build took {time.monotonic() - started:.0f} s")
    assert "the folder holds" in built.stdout and "The build took" in built.stdout
    folder = clone / "dist" / "campaign-manager"
    program = folder / "campaign-manager"

    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    bare = {"HOME": str(home), "PATH": "/usr/bin:/bin"}

    def app(*args, **extra) -> subprocess.CompletedProcess:
        done = subprocess.run(
            ["env", "-i", *(f"{k}={v}" for k, v in {**bare, **extra}.items()), program, *map(str, args)],
            capture_output=True,
            text=True,
            cwd=work,
            timeout=300,
        )
        assert "Traceback" not in done.stderr, done.stderr
        return done

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
    source = subprocess.run(
        [sys.executable, "-m", "campaign_manager", *argv], capture_output=True, text=True, cwd=work, check=True
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
