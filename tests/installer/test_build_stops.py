"""Stopping a build stops what it started: installer/build runs pip and PyInstaller each in a
process group of its own and ends that group when it is interrupted (Ctrl+C) or sent a SIGTERM
(a CI job cancelled); the build tests run installer/build the same way (tests/installer/build_runs.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.shared import ROOT

# A program that starts a grandchild (as pip and PyInstaller start theirs), says its id, and waits.
FAMILY = """
import subprocess, sys, time
grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
open(sys.argv[1], "w").write(str(grandchild.pid))
time.sleep(300)
"""

# installer/build's run(), given that program, in a process the test stops.
BUILD_RUNS = """
import sys
from importlib.machinery import SourceFileLoader
build = SourceFileLoader("build", sys.argv[1]).load_module()
import signal
signal.signal(signal.SIGTERM, signal.default_int_handler)  # as build's main() does
try:
    build.run(sys.executable, "-c", sys.argv[2], sys.argv[3])
except KeyboardInterrupt:
    sys.exit(130)
"""

TESTS_RUN = """
import sys
sys.path.insert(0, sys.argv[1])
from tests.installer.build_runs import run_in_own_group
try:
    run_in_own_group([sys.executable, "-c", sys.argv[2], sys.argv[3]])
except KeyboardInterrupt:
    sys.exit(130)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (ended, not yet reaped by its parent) counts as gone
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and /proc: Linux")
@pytest.mark.parametrize("runner", ["installer/build", "the build tests"])
def test_a_stopped_build_leaves_nothing_running(tmp_path, runner):
    said = tmp_path / "grandchild.pid"
    script, first = (BUILD_RUNS, ROOT / "installer" / "build") if runner == "installer/build" else (TESTS_RUN, ROOT)
    build = subprocess.Popen([sys.executable, "-c", script, str(first), FAMILY, str(said)], cwd=tmp_path)
    try:
        deadline = time.monotonic() + 30
        while not (said.exists() and said.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        grandchild = int(said.read_text())
        assert _alive(grandchild)
        build.send_signal(signal.SIGTERM)
        assert build.wait(timeout=30) == 130
        deadline = time.monotonic() + 10
        while _alive(grandchild) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(grandchild)
    finally:
        build.kill()
        build.wait()
